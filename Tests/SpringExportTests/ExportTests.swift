import Foundation
import SpringConventions
import SpringMath
import SpringPlatforms
import SpringTestSupport
import Testing

@testable import SpringExport

/// A row of Fixtures/conversions.csv: one parameter of one target for one spring, re-derived from the
/// target's own published formula by scripts/reference/export/generate_export_fixtures.py (mpmath).
struct ConversionRow {
    let dampingRatio: Double, response: Double, mass: Double
    let target: String, parameter: String, value: String
}

func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
}

func conversionRows() throws -> [ConversionRow] {
    try fixture("conversions.csv").split(separator: "\n").dropFirst().map { line in
        let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return ConversionRow(
            dampingRatio: Double(f[0])!, response: Double(f[1])!, mass: Double(f[2])!,
            target: f[3], parameter: f[4], value: f[5])
    }
}

func relativeError(_ a: Double, _ b: Double) -> Double {
    abs(a - b) / max(abs(b), 1e-300)
}

@Suite("Export conversions against the independent reference")
struct ConversionFixtureTests {
    /// Fixture (target, parameter) → our (target, parameter).
    static let mapping: [String: (ExportTarget, [String: String])] = [
        "swiftui": (.platform(.swiftUI), ["duration": "duration", "bounce": "bounce"]),
        "swiftui-response": (.platform(.swiftUI), ["response": "response", "dampingFraction": "dampingFraction"]),
        "uikit": (
            .platform(.uiKit),
            [
                "mass": "mass", "stiffness": "stiffness", "damping": "damping", "dampingRatio": "dampingRatio",
                "duration": "duration", "bounce": "bounce"
            ]
        ),
        "core-animation": (.platform(.coreAnimation), ["mass": "mass", "stiffness": "stiffness", "damping": "damping"]),
        "wave": (
            .platform(.wave),
            [
                "dampingRatio": "dampingRatio", "response": "response", "mass": "mass",
                "effective_dampingCoefficient": "effective_dampingCoefficient",
                "effective_dampingRatio": "effective_dampingRatio"
            ]
        ),
        "compose": (.platform(.compose), ["dampingRatio": "dampingRatio", "stiffness": "stiffness"]),
        "android": (.platform(.android), ["dampingRatio": "dampingRatio", "stiffness": "stiffness"]),
        "flutter": (.platform(.flutter), ["mass": "mass", "stiffness": "stiffness", "damping": "damping"]),
        "framer-physics": (.platform(.framerPhysics), ["stiffness": "stiffness", "damping": "damping", "mass": "mass"]),
        "framer-duration": (.platform(.framerDuration), ["duration": "duration", "bounce": "bounce"]),
        "framer-visual-duration": (
            .platform(.framerVisualDuration), ["visualDuration": "visualDuration", "bounce": "bounce"]
        ),
        "react-spring": (.platform(.reactSpring), ["tension": "tension", "friction": "friction", "mass": "mass"]),
        "reanimated": (.platform(.reanimated), ["stiffness": "stiffness", "damping": "damping", "mass": "mass"]),
        "origami": (
            .platform(.origami),
            [
                "tension": "tension", "friction": "friction", "origamiTension": "origamiTension",
                "origamiFriction": "origamiFriction"
            ]
        ),
        "pop-bounciness": (
            .platform(.origami),
            [
                "dynamicsTension": "dynamicsTension", "dynamicsFriction": "dynamicsFriction",
                "dynamicsMass": "dynamicsMass"
            ]
        ),
        "figma": (.platform(.figma), ["mass": "mass", "stiffness": "stiffness", "damping": "damping"])
    ]

    @Test("Every exported parameter matches the target's published formula to 1e-12 (relative)")
    func parametersMatch() throws {
        let rows = try conversionRows()
        // Notes per (spring, target): where a target clamps or cannot express the spring, the plain
        // parameters hold the formula's value and the effective_* rows what really runs.
        var notes: [String: Set<String>] = [:]
        for row in rows where row.parameter == "note" {
            notes["\(row.dampingRatio) \(row.response) \(row.mass) \(row.target)", default: []].insert(row.value)
        }
        var compared = 0
        for row in rows {
            guard let (target, names) = ConversionFixtureTests.mapping[row.target], let ours = names[row.parameter],
                let expected = Double(row.value)
            else { continue }
            let key = "\(row.dampingRatio) \(row.response) \(row.mass) \(row.target)"
            let rowNotes = notes[key] ?? []
            if row.target == "framer-duration" && row.parameter == "bounce"
                && (rowNotes.contains("unrepresentable") || rowNotes.contains("clamped"))
            {
                continue
            }
            if row.target == "framer-duration" && row.parameter == "duration" && rowNotes.contains("clamped") {
                continue
            }
            let spring = Spring(dampingRatio: row.dampingRatio, response: row.response, mass: row.mass)
            let export = try ExportRequest(spring: spring).export(target)
            // The fixture names its numbers as the targets print them.
            let value = try #require(
                export.parameters.first { $0.name == ours }?.value, "\(row.target).\(row.parameter) missing")
            #expect(
                relativeError(value, expected) < 1e-12 || abs(value - expected) < 1e-13,
                "\(row.target).\(row.parameter) for ζ \(row.dampingRatio), T \(row.response), m \(row.mass): \(value) vs \(expected)"
            )
            compared += 1
        }
        #expect(compared > 3000)
    }

    @Test("Where a target cannot express the spring, the effective spring is the one it really runs")
    func effectiveSprings() throws {
        let rows = try conversionRows()
        var effectiveStiffness: [String: Double] = [:]
        for row in rows where row.parameter == "effective_stiffness" {
            effectiveStiffness["\(row.dampingRatio) \(row.response) \(row.mass) \(row.target)"] = Double(row.value)!
        }
        var compared = 0
        for row in rows
        where ["framer-duration", "framer-visual-duration"].contains(row.target)
            && row.parameter == "effective_dampingRatio"
        {
            let spring = Spring(dampingRatio: row.dampingRatio, response: row.response, mass: row.mass)
            let target: ExportTarget =
                row.target == "framer-duration" ? .platform(.framerDuration) : .platform(.framerVisualDuration)
            let export = try ExportRequest(spring: spring).export(target)
            let runs = export.effectiveSpring ?? spring
            #expect(
                relativeError(runs.dampingRatio, Double(row.value)!) < 1e-12,
                "\(row.target) ζ \(row.dampingRatio) T \(row.response)")
            let stiffness = try #require(
                effectiveStiffness["\(row.dampingRatio) \(row.response) \(row.mass) \(row.target)"])
            #expect(
                relativeError(runs.stiffness / runs.mass, stiffness) < 1e-12,
                "\(row.target) ζ \(row.dampingRatio) T \(row.response)")
            let differs =
                relativeError(Double(row.value)!, row.dampingRatio) > 1e-9
                || relativeError(stiffness, spring.stiffness / spring.mass) > 1e-9
            #expect(
                (export.effectiveSpring != nil) == differs,
                "\(row.target) ζ \(row.dampingRatio) T \(row.response): effective spring shown?")
            if differs {
                let codes = Set(export.warnings.map(\.code))
                #expect(
                    !codes.isDisjoint(with: [.runsCriticallyDamped, .bounceClamped, .durationClamped, .dampingClamped]),
                    "\(row.target) ζ \(row.dampingRatio) T \(row.response): \(codes)")
            }
            compared += 1
        }
        #expect(compared > 10)
        // Wave: the example, ζ 1 at response 0.1 really animates at ζ 0.56.
        let wave = try ExportRequest(spring: Spring(dampingRatio: 1, response: 0.1)).export(.platform(.wave))
        let effective = try #require(wave.effectiveSpring)
        #expect(abs(effective.dampingRatio - 0.5618) < 1e-4)
        #expect(wave.warnings.first?.code == .dampingClamped)
        #expect(wave.warnings.first?.text.hasPrefix("caps the damping coefficient") == true)
    }

    @Test("Each target's values print by its names in its order")
    func namedValues() throws {
        let request = ExportRequest(
            spring: Spring(dampingRatio: 0.7, response: 0.5, mass: 2),
            motion: Motion(from: 0, to: 200, initialVelocity: -500))
        for export in try request.exportAll() {
            #expect(export.values.target == export.target)
            #expect(export.parameters.map(\.name) == export.values.namedValues.map(\.name))
            #expect(export.parameters.map(\.value) == export.values.namedValues.map(\.value))
        }
        let react = try request.export(.platform(.reactSpring))
        #expect(react.parameters.map(\.name) == ["tension", "friction", "mass", "velocity"])
        #expect(
            react.parameters.map(\.value) == [request.spring.stiffness, request.spring.dampingCoefficient, 2, -0.5])
        // SwiftUI names the initial velocity only when the motion has one.
        #expect(
            try ExportRequest(spring: request.spring).export(.platform(.swiftUI)).parameters.map(\.name)
                == ["duration", "bounce", "response", "dampingFraction"])
        #expect(try request.export(.platform(.swiftUI)).parameters.last?.name == "initialVelocity")
    }

    @Test("Velocities are written in each target's units")
    func velocityUnits() throws {
        let request = ExportRequest(
            spring: Spring(dampingRatio: 0.7, response: 0.5), motion: Motion(from: 0, to: 200, initialVelocity: -500))
        #expect(try request.export(.platform(.uiKit)).value("initialVelocity") == -2.5)
        #expect(try request.export(.platform(.reactSpring)).value("velocity") == -0.5)
        #expect(try request.export(.platform(.framerPhysics)).value("velocity") == -500)
        #expect(try request.export(.platform(.swiftUI)).value("initialVelocity") == -2.5)
        #expect(try request.export(.platform(.framerDuration)).warnings.map(\.code).contains(.velocityDropped))
        #expect(try request.export(.css).notes.map(\.code).contains(.noRetargetVelocity))
    }
}

extension TargetExport {
    /// The number the code names `name`, or nil.
    func value(_ name: String) -> Double? { parameters.first { $0.name == name }?.value }
}

@Suite("Export round trips")
struct RoundTripTests {
    static let springs: [Spring] = [0.1, 0.3, 0.68, 0.9, 1.0].flatMap { zeta in
        [0.1, 0.35, 0.8, 2.0].map { Spring(dampingRatio: zeta, response: $0) }
    }

    func same(_ a: Spring, _ b: Spring, _ what: String) {
        #expect(
            relativeError(a.dampingRatio, b.dampingRatio) < 1e-12
                && relativeError(a.naturalFrequency, b.naturalFrequency) < 1e-12,
            "\(what): ζ \(a.dampingRatio) vs \(b.dampingRatio), ω \(a.naturalFrequency) vs \(b.naturalFrequency)")
    }

    @Test("A spring exported and read back through the target's own input convention is the same spring")
    func roundTrips() throws {
        for spring in RoundTripTests.springs {
            let request = ExportRequest(spring: spring)
            let exports = try ExportTarget.allCases.filter { $0 != .css && $0 != .token }.map {
                try request.export($0)
            }
            for export in exports {
                func v(_ name: String) throws -> Double { try #require(export.value(name), "\(export.target) \(name)") }
                switch export.target {
                case .platform(.swiftUI):
                    same(Spring(duration: try v("duration"), bounce: try v("bounce")), spring, "SwiftUI")
                case .platform(.coreAnimation):
                    same(
                        Spring(
                            coreAnimation: .init(
                                mass: try v("mass"), stiffness: try v("stiffness"), damping: try v("damping"))),
                        spring, "Core Animation")
                case .platform(.compose):
                    same(
                        Spring(android: .init(stiffness: try v("stiffness"), dampingRatio: try v("dampingRatio"))),
                        spring,
                        "Compose")
                case .platform(.reactSpring):
                    same(
                        Spring(
                            reactSpring: .init(
                                tension: try v("tension"), friction: try v("friction"), mass: try v("mass"))),
                        spring, "react-spring")
                case .platform(.framerPhysics):
                    same(
                        Spring(
                            framerMotion: .init(
                                stiffness: try v("stiffness"), damping: try v("damping"), mass: try v("mass"))),
                        spring, "framer physics")
                case .platform(.framerVisualDuration):
                    same(
                        Spring(framerVisualDuration: try v("visualDuration"), bounce: try v("bounce")), spring,
                        "framer visualDuration")
                case .platform(.framerDuration):
                    let duration = try v("duration")
                    if spring.dampingRatio >= 0.05 && duration <= 10 {
                        same(
                            Spring(framerMotion: .init(duration: duration, bounce: try v("bounce"))), spring,
                            "framer duration")
                    }
                case .platform(.origami):
                    same(
                        Spring(origami: .init(tension: try v("origamiTension"), friction: try v("origamiFriction"))),
                        spring,
                        "Origami")
                case .platform(.figma):
                    same(
                        Spring(
                            mass: try v("mass"), stiffness: try v("stiffness"), dampingCoefficient: try v("damping")),
                        spring, "Figma")
                default:
                    break
                }
            }
            #expect(exports.map(\.target) == ExportTarget.allCases.filter { $0 != .css && $0 != .token })
        }
    }
}

/// Parses `linear(0, 0.25 10%, …, 1)` as a browser would (stops with an omitted position are spread
/// evenly between their neighbours; here only the first and last omit it).
func parseLinear(_ css: String) throws -> [(input: Double, output: Double)] {
    guard css.hasPrefix("linear("), css.hasSuffix(")") else { throw CSSParseError() }
    let body = css.dropFirst("linear(".count).dropLast()
    let stops = body.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    var result: [(Double, Double)] = []
    for (index, stop) in stops.enumerated() {
        let parts = stop.split(separator: " ")
        guard let output = Double(parts[0]) else { throw CSSParseError() }
        let input: Double
        if parts.count == 2, parts[1].hasSuffix("%"), let percent = Double(parts[1].dropLast()) {
            input = percent / 100
        } else if index == 0 {
            input = 0
        } else if index == stops.count - 1 {
            input = 1
        } else {
            throw CSSParseError()
        }
        result.append((input, output))
    }
    return result
}

struct CSSParseError: Error {}

@Suite("CSS linear() error budget")
struct LinearEasingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let zeta: Double, response: Double, velocity: Double, travel: Double, errorPx: Double
        var testDescription: String { "ζ \(zeta), T \(response), v \(velocity), travel \(travel), error \(errorPx)" }
    }

    static let cases: [Case] = [
        Case(zeta: 0.7, response: 0.5, velocity: 0, travel: 100, errorPx: 0.5),
        Case(zeta: 0.3, response: 0.5, velocity: 0, travel: 100, errorPx: 0.5),
        Case(zeta: 0.15, response: 0.9, velocity: 0, travel: 300, errorPx: 0.25),
        Case(zeta: 1, response: 0.4, velocity: 0, travel: 100, errorPx: 0.5),
        Case(zeta: 3, response: 0.3, velocity: 0, travel: 100, errorPx: 0.5),
        Case(zeta: 0.5, response: 0.5, velocity: 1500, travel: 100, errorPx: 0.5),
        Case(zeta: 0.8, response: 0.5, velocity: -900, travel: -250, errorPx: 1),
        Case(zeta: 8, response: 0.6, velocity: -2000, travel: 100, errorPx: 0.5)
    ]

    @Test(
        "The emitted linear(), interpolated as CSS does, stays within the error of the textbook motion everywhere",
        arguments: cases)
    func withinBudget(_ c: Case) throws {
        let spring = Spring(dampingRatio: c.zeta, response: c.response)
        let request = ExportRequest(
            spring: spring, motion: Motion(from: 0, to: c.travel, initialVelocity: c.velocity), cssError: c.errorPx)
        let easing = try request.cssEasing()
        let stops = try parseLinear(easing.css)
        #expect(stops.first!.output == 0 && stops.last!.output == 1 && stops.last!.input == 1)
        for (a, b) in zip(stops, stops.dropFirst()) { #expect(b.input > a.input) }
        func x(_ t: Double) -> Double {
            TextbookSpring(dampingRatio: c.zeta, response: c.response).position(
                from: 0, to: c.travel, velocity: c.velocity, at: t)
        }
        func css(_ s: Double) -> Double {
            var i = 0
            while i + 1 < stops.count - 1 && stops[i + 1].input <= s { i += 1 }
            let a = stops[i], b = stops[i + 1]
            return (a.output + (b.output - a.output) * (s - a.input) / (b.input - a.input)) * c.travel
        }
        var worst = 0.0
        let n = 200_000
        for i in 0...n {
            let s = Double(i) / Double(n)
            worst = max(worst, abs(css(s) - x(s * easing.duration)))
        }
        #expect(worst <= c.errorPx * (1 + 1e-9), "worst \(worst) px with \(stops.count) points")
        #expect(
            abs(worst - easing.measuredError * abs(c.travel)) < 0.02 * c.errorPx,
            "reported \(easing.measuredError * abs(c.travel)) px, found \(worst)")
        // After the duration the element sits on the target: the motion must stay within the error.
        var t = easing.duration
        while t < easing.duration + 30 {
            #expect(abs(x(t) - c.travel) <= c.errorPx * (1 + 1e-9), "t \(t)")
            t += 0.001
        }
    }

    @Test("Motions that cannot be eased are refused with a reason")
    func refusals() {
        #expect(throws: ExportError.css(.noTravel)) {
            try ExportRequest(spring: .smooth, motion: Motion(from: 5, to: 5)).cssEasing()
        }
        #expect(throws: ExportError.css(.neverSettles)) {
            try ExportRequest(spring: Spring(dampingRatio: 0, response: 0.5)).cssEasing()
        }
        #expect(throws: ExportError.instantaneous) {
            try ExportRequest(spring: .defaultNonAnimated).export(.platform(.swiftUI))
        }
    }

    @Test("Fewer points than Ramer–Douglas–Peucker at the same error (half or fewer for a SwiftUI spring)")
    func fewerThanRDP() throws {
        let motion = SpringMotion(spring: Spring(duration: 0.5, bounce: 0.3), from: 0.0, to: 100.0)
        let greedy = try LinearEasing(motion: motion, tolerance: 0.005)
        let rdp = try LinearEasing.ramerDouglasPeucker(motion: motion, tolerance: 0.005)
        #expect(rdp.measuredError <= 0.005 * (1 + 1e-9))
        #expect(greedy.points.count * 2 <= rdp.points.count, "greedy \(greedy.points.count), RDP \(rdp.points.count)")
    }

    @Test("The cubic-bezier fallback reports its real error")
    func bezierError() throws {
        let motion = SpringMotion(spring: Spring(dampingRatio: 1, response: 0.4), from: 0.0, to: 100.0)
        let easing = try LinearEasing(motion: motion, tolerance: 0.005)
        let fit = CubicBezierFit(easing: easing, motion: motion)
        var worst = 0.0
        for i in 0...1000 {
            let s = Double(i) / 1000
            worst = max(
                worst,
                abs(
                    CubicBezierFit.output(fit.x1, fit.y1, fit.x2, fit.y2, at: s) - motion.position(
                        at: s * easing.duration) / 100))
        }
        #expect(abs(worst - fit.error) < 1e-3)
        #expect(fit.error < 0.05)  // a critically damped spring is nearly a bezier
        #expect(fit.x1 >= 0 && fit.x1 <= 1 && fit.x2 >= 0 && fit.x2 <= 1)
    }
}
