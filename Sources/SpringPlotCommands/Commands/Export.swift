import ArgumentParser
import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

extension ExportTarget: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Copy-ready code for one spring on every platform, with what each platform cannot say.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Copy-ready code for the spring on SwiftUI, UIKit, Core Animation, Wave, Compose, Android, Flutter, the web, Figma and CSS.",
        discussion: """
            Prints each target's code with one-line warnings where the target cannot express the spring \
            (clamps, caps, ignored velocity, missing mass) and the spring it really runs. Each target's line \
            "≈" says what the platform really displays, from a model of its stepping, at each --fps rate: \
            the largest distance from the spring asked for, when it finishes beside the exact settle time \
            (0.1 % of the travel) and whether it keeps the velocity; a warning follows where the error is \
            0.5 % of the travel or more, or the finish is a frame or more off. --compensate-for retunes \
            react-spring and Rebound for one frame rate. CSS gets a \
            linear() easing whose error against the exact motion is at most --error everywhere, with the \
            duration, point count, size and measured error, Web Animations keyframes and a cubic-bezier \
            fallback. --json carries every number at full precision.

            Targets: \(ExportTarget.allCases.map(\.rawValue).joined(separator: ", ")).

            Examples:
              springplot export --damping 0.68 --response 0.8
              springplot export --swiftui-duration 0.5 --bounce 0.3 --target css --to 300 --error 0.5
              springplot export --damping 0.5 --response 0.6 --velocity -800 --preview preview.html
              springplot export --damping 0.68 --response 0.8 --target react-spring --compensate-for 60
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Start of the motion, in px or your units.", valueName: "value"))
    var from: Double = Motion.onScreen.from

    @Option(parsing: .unconditional, help: ArgumentHelp("End of the motion; the travel is to − from.", valueName: "value"))
    var to: Double = Motion.onScreen.to

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial velocity in units per second.", valueName: "units/s"))
    var velocity: Double = Motion.onScreen.initialVelocity

    @Option(name: .customLong("error"), parsing: .unconditional,
            help: ArgumentHelp("The CSS easing's largest error, in the same units (0 < error < travel).", valueName: "units"))
    var cssError: Double = 0.5

    @Option(help: ArgumentHelp("Print one target only.", valueName: "name"))
    var target: ExportTarget?

    @Option(parsing: .unconditional, help: ArgumentHelp("Display rates at which each platform's real stepping is measured.",
                                                        valueName: "hz[,hz…]"))
    var fps = DoubleList([60, 120])

    @Option(name: .customLong("compensate-for"), parsing: .unconditional,
            help: ArgumentHelp("Also print react-spring and Rebound parameters retuned to display the spring closest at this rate.",
                               valueName: "hz"))
    var compensateFor: Double?

    @Flag(help: "Print every target (the default when --target is not given).")
    var all = false

    @Flag(help: "Write JSON instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Also write a self-contained HTML page playing the exact motion beside the CSS easing.",
                               valueName: "file.html"))
    var preview: String?

    func validate() throws {
        if target != nil && all { throw ValidationError("--target and --all cannot be combined") }
        if fps.values.count > 8 { throw ValidationError("--fps takes at most 8 rates") }
        for rate in fps.values { try FrameRate.validate(rate, "--fps") }
        if let compensateFor {
            try FrameRate.validate(compensateFor, "--compensate-for")
            if let target, target.modelledPlatform?.isCompensable != true {
                throw ValidationError("--compensate-for applies to react-spring and origami (got --target \(target.rawValue))")
            }
        }
        try MotionOptions.with(from: from, to: to, velocity: velocity).validate()
        try requireFinite(cssError, "--error")
        let travel = abs(to - from)
        if !(cssError > 0) { throw ValidationError("--error must be > 0 (got \(cssError))") }
        if travel > 0 && !(cssError < travel) {
            throw ValidationError("--error must be smaller than the travel |to − from| = \(shortest(travel)) (got \(cssError))")
        }
        if travel > 0 && cssError < LinearEasing.smallestTolerance * travel {
            throw ValidationError("--error must be at least 1e-6 of the travel, \(label(LinearEasing.smallestTolerance * travel, digits: 3)) here (got \(shortest(cssError)))")
        }
        if let preview, !preview.lowercased().hasSuffix(".html") && !preview.lowercased().hasSuffix(".htm") {
            throw ValidationError("--preview must name an .html file (got \(preview))")
        }
        let springs = try spring.springs()
        if springs[0].spring.isInstantaneous {
            throw ValidationError("--response must be > 0 to export: a response-0 spring is an instant jump")
        }
        if let problem = ExportRequest.exportableProblem(springs[0].spring) {
            throw ValidationError("\(spring.givenOptions): \(problem)")
        }
        let needsTravel = (target == .css || preview != nil)
        if needsTravel && to == from { throw ValidationError("--to must differ from --from for CSS and --preview (no travel to ease)") }
        if (needsTravel || target == nil || target == .token) && springs[0].spring.dampingRatio == 0 && to != from {
            throw ValidationError("--damping must be > 0 for CSS: an undamped spring never settles")
        }
    }

    func run() throws {
        let named = try spring.springs()[0]
        let request = ExportRequest(spring: named.spring, motion: Motion(from: from, to: to, initialVelocity: velocity),
                                    cssError: cssError, frameRates: fps.values)
        let targets = target.map { [$0] } ?? ExportTarget.allCases.filter { $0 != .css || to != from }
        // Listing every target, a CSS easing the motion cannot have (it settles too late) is left
        // out with a note rather than failing the others.
        let exports = try targets.compactMap { (t: ExportTarget) throws -> TargetExport? in
            do {
                return try request.export(t)
            } catch ExportError.css(let reason) where target == nil {
                printError("springplot: export: \(t.title) left out: \(reason)")
                return nil
            }
        }
        var compensations: [(ExportTarget, Compensation)] = []
        if let compensateFor {
            let compensable = targets.compactMap { t in t.modelledPlatform.map { (t, $0) } }.filter { $0.1.isCompensable }
            // Rebound's Java port is served by the Origami export too.
            let platforms = compensable.map { ($0.0, $0.1) } + (compensable.contains { $0.1 == .origami } ? [(ExportTarget.platform(.origami), Platform.reboundJava)] : [])
            for (t, platform) in platforms {
                if let c = platform.compensated(for: named.spring, from: from, to: to, velocity: velocity, frameRate: compensateFor) {
                    compensations.append((t, c))
                }
            }
        }
        if let preview {
            try OutputWriter.writeFile(Array(try PreviewPage.html(for: request).utf8), to: preview)
        }
        let text = json ? Export.json(request: request, exports: exports, compensations: compensations) + "\n"
            : Export.text(named: named, exports: exports, velocity: velocity, compensations: compensations)
        try OutputWriter.writeStandardOutput(Array(text.utf8))
    }

    static func text(named: NamedSpring, exports: [TargetExport], velocity: Double = 0,
                     compensations: [(ExportTarget, Compensation)] = []) -> String {
        var out = exports.count > 1 ? "Spring: \(named.name)\n" : ""
        for export in exports {
            if exports.count > 1 { out += "\n== \(export.target.title) (\(export.target.rawValue)) ==\n" }
            out += export.code + "\n"
            if let line = platformLine(export.platforms, velocity: velocity) { out += "  ≈ \(line)\n" }
            for warning in export.warnings { out += "  ! \(warning)\n" }
            for (target, compensation) in compensations where target == export.target {
                out += compensationText(compensation)
            }
            if let effective = export.effectiveSpring {
                out += "  ! runs: ζ \(label(effective.dampingRatio, digits: 4)), response \(label(effective.response, digits: 4)) s"
                    + " (asked: ζ \(label(named.spring.dampingRatio, digits: 4)), response \(label(named.spring.response, digits: 4)) s)\n"
            }
        }
        return out
    }

    /// "60 Hz: ≤ 0.83 (0.83 %), ends 1.417 s · 120 Hz: … · exact settle 1.383 s · velocity kept".
    static func platformLine(_ reports: [PlatformReport], velocity: Double) -> String? {
        guard let first = reports.first else { return nil }
        var parts = reports.map { r -> String in
            let share = r.maxErrorFraction.map { " (\(NumberFormat.percent($0, digits: 2)))" } ?? ""
            let end = r.finishTime.map { "ends \(NumberFormat.people($0, digits: 4)) s" } ?? "not finished after 60 s"
            return "\(NumberFormat.people(r.frameRate, digits: 6)) Hz: off by ≤ \(NumberFormat.people(r.maxError, digits: 3))\(share), \(end)"
        }
        parts.append("exact settle \(NumberFormat.people(first.exactSettleTime, digits: 4)) s")
        if velocity != 0 { parts.append(first.velocityKept ? "velocity kept" : "velocity lost") }
        return parts.joined(separator: " · ")
    }

    static func compensationText(_ c: Compensation) -> String {
        let names = c.parameters.map { "\($0.name) \(NumberFormat.people($0.value, digits: 6))" }.joined(separator: ", ")
        return "  compensated for \(NumberFormat.people(c.frameRate, digits: 6)) Hz (\(compensatedName(c.platform))): \(names)\n"
            + "    largest error \(NumberFormat.people(c.before.maxError, digits: 3)) → \(NumberFormat.people(c.after.maxError, digits: 3))"
            + (c.before.maxErrorFraction.map { " (\(NumberFormat.percent($0, digits: 2)) → \(NumberFormat.percent(c.after.maxErrorFraction ?? 0, digits: 2)) of the travel)" } ?? "")
            + "\n"
    }

    /// The library a compensation retunes, as the compensation line names it.
    static func compensatedName(_ platform: Platform) -> String {
        switch platform {
        case .origami: return "Rebound JS"
        case .reboundJava: return "Rebound Java"
        default: return platform.title
        }
    }

    static func json(request: ExportRequest, exports: [TargetExport],
                     compensations: [(ExportTarget, Compensation)] = []) -> String {
        JSONWriter.text(ExportReply(request, exports: exports, compensations: compensations))
    }
}
