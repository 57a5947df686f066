import Foundation
import SpringChoreography
import Testing

/// The sequence fixtures: JSON files and their 40-digit ODE solution (SpringMathTests/Fixtures).
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SpringMathTests/Fixtures")

private func referenceRows(_ name: String) throws -> [(t: Double, x: Double, v: Double)] {
    try String(contentsOf: fixtures.appendingPathComponent("sequences.csv"), encoding: .utf8)
        .split(separator: "\n").filter { $0.hasPrefix(name + ",") }
        .map { line in
            let f = line.split(separator: ",").compactMap { Double($0) }
            return (f[0], f[1], f[2])
        }
}

/// CSS `linear()` as the CSS Easing Functions Level 2 specification defines it, written here from
/// the specification and independent of springplot's easing code: arguments are an output with zero,
/// one or two input percentages; a missing first or last input is 0 % or 100 %; an input below an
/// earlier one is raised to it; runs without inputs are spread evenly between their neighbours.
struct CSSLinearEasing {
    var points: [(input: Double, output: Double)] = []

    init?(_ text: String) {
        guard let open = text.range(of: "linear("), let close = text[open.upperBound...].firstIndex(of: ")") else {
            return nil
        }
        var raw: [(input: Double?, output: Double)] = []
        for argument in text[open.upperBound..<close].split(separator: ",") {
            let parts = argument.split(separator: " ")
            guard let output = parts.first.flatMap({ Double($0) }), parts.count <= 3 else { return nil }
            let inputs = parts.dropFirst().map { part -> Double? in
                part.hasSuffix("%") ? Double(part.dropLast()).map { $0 / 100 } : nil
            }
            if inputs.contains(where: { $0 == nil }) { return nil }
            if inputs.isEmpty { raw.append((nil, output)) } else { for input in inputs { raw.append((input, output)) } }
        }
        guard raw.count >= 2 else { return nil }
        if raw[0].input == nil { raw[0].input = 0 }
        if raw[raw.count - 1].input == nil { raw[raw.count - 1].input = 1 }
        var largest = -Double.infinity
        for i in raw.indices {
            if let input = raw[i].input {
                largest = max(largest, input)
                raw[i].input = largest
            }
        }
        var i = 0
        while i < raw.count {
            if raw[i].input == nil {
                var j = i
                while raw[j].input == nil { j += 1 }
                let a = raw[i - 1].input!, b = raw[j].input!
                for k in i..<j { raw[k].input = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
                i = j
            }
            i += 1
        }
        points = raw.map { ($0.input!, $0.output) }
    }

    /// The output at input `x` in 0…1.
    func callAsFunction(_ x: Double) -> Double {
        if x <= points[0].input { return points[0].output }
        if x >= points[points.count - 1].input { return points[points.count - 1].output }
        var k = 0
        while points[k + 1].input < x { k += 1 }
        let a = points[k], b = points[k + 1]
        return b.input == a.input ? b.output : a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
    }
}

@Suite("springplot with spring sequences")
struct SequenceCommandTests {
    @Test("data --sequence: the 40-digit ODE solution's values to 1e-12 of the span, for all three fixtures")
    func dataMatchesReference() throws {
        for (name, span) in [("three-forms", 90.0), ("delayed-flung", 250.0), ("out-and-back", 300.0)] {
            let rows = try referenceRows(name)
            #expect(rows.count == 19)
            let run = try springplot([
                "data", "--sequence", fixtures.appendingPathComponent("sequences/\(name).json").path,
                "--times", rows.map { "\($0.t)" }.joined(separator: ",")
            ])
            #expect(run.status == 0, "\(run.standardError)")
            let lines = run.output.split(separator: "\n")
            #expect(lines.first == "t,position,velocity,keyframe" && lines.count == rows.count + 1)
            for (line, row) in zip(lines.dropFirst(), rows) {
                let f = line.split(separator: ",").compactMap { Double($0) }
                #expect(
                    f[0] == row.t && abs(f[1] - row.x) <= 1e-12 * span && abs(f[2] - row.v) <= 1e-12 * span * 20,
                    "\(name): \(line) vs \(row)")
            }
        }
    }

    @Test("export --sequence --target css: one linear(), read back by an independent parser, within its stated error")
    func cssReadBack() throws {
        let file = fixtures.appendingPathComponent("sequences/three-forms.json").path
        let run = try springplot(["export", "--sequence", file, "--target", "css", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let target = try #require((json["targets"] as? [[String: Any]])?.first)
        let code = try #require(target["code"] as? String)
        let stated = try #require(target["error"] as? Double)
        #expect(stated <= 0.5)
        let easing = try #require(CSSLinearEasing(code))
        let ms = try #require(
            code.split(separator: " ").first { $0.hasSuffix("ms") }.flatMap { Double($0.dropLast(2)) })
        #expect(
            code.contains("from { transform: translateX(10px); }")
                && code.contains("to { transform: translateX(70px); }"))
        // The value the page shows at t: 10 + easing(t / duration) · (70 − 10); the animation fills both ways.
        func shown(_ t: Double) -> Double { 10 + easing(min(t * 1000 / ms, 1)) * 60 }
        for row in try referenceRows("three-forms") {
            #expect(abs(shown(row.t) - row.x) <= stated * (1 + 1e-9) + 1e-9, "at \(row.t): \(shown(row.t)) vs \(row.x)")
        }
        // Densely, against data --sequence's exact values (checked above against the ODE).
        let times = (0...2000).map { Double($0) * 0.001 }
        let exact = try springplot(["data", "--sequence", file, "--times", times.map { "\($0)" }.joined(separator: ",")]
        )
        var worst = 0.0
        for line in exact.output.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").compactMap { Double($0) }
            worst = max(worst, abs(shown(f[0]) - f[1]))
        }
        #expect(worst <= stated * (1 + 1e-9) + 1e-9 && worst > stated / 10, "worst \(worst), stated \(stated)")
    }

    @Test("SwiftUI gets a SpringKeyframe per keyframe lasting until the next; Motion gets keyframes with times")
    func platformCode() throws {
        let file = fixtures.appendingPathComponent("sequences/three-forms.json").path
        let run = try springplot(["export", "--sequence", file, "--target", "swiftui,framer-physics"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.contains("SpringKeyframe(100, duration: 0.45, spring: Spring(duration: 0.8, bounce: 0.32))"))
        #expect(run.output.contains("SpringKeyframe(40, duration: 0.65, spring:"))
        #expect(run.output.contains("SpringKeyframe(70, spring: Spring(duration: 0.5, bounce: 0.3))"))
        #expect(run.output.contains("times: [0, ") && run.output.contains("ease: \"linear\""))
    }

    @Test("Bad files and options are refused in one line naming what is wrong")
    func errors() throws {
        let good = fixtures.appendingPathComponent("sequences/three-forms.json").path
        let cases: [([String], String, String)] = [
            (
                ["data", "--sequence", "-"], #"{"from": 0, "keyframes": [{"to": 1, "spring": {"dampingRatio": 0.5}}]}"#,
                "keyframe 1: spring"
            ),
            (
                ["data", "--sequence", "-"],
                #"{"from": 0, "keyframes": [{"to": 1, "spring": {"duration": 0.5, "bounce": 0}}, {"to": 2, "at": 0, "spring": {"duration": 0.5, "bounce": 0}}]}"#,
                "keyframe 2: at must come after"
            ),
            (["data", "--sequence", "-"], #"{"from": "a", "keyframes": []}"#, "from must be a number"),
            (["data", "--sequence", "-"], "{", "not valid JSON"),
            (
                ["sequence", "-"],
                #"{"from": 0, "keyframes": [{"to": 1, "spring": {"duration": 0.5, "bounce": 0}, "too": 1}]}"#,
                "unknown key 'too'"
            ),
            (["export", "--sequence", good, "--target", "react-spring"], "", "--target react-spring"),
            (["export", "--sequence", good, "--to", "5"], "", "--to"),
            (["data", "--sequence", good, "--damping", "0.5"], "", "--damping"),
            (
                [
                    "export", "--sequence", fixtures.appendingPathComponent("sequences/out-and-back.json").path,
                    "--target", "css"
                ], "", "ends where it starts"
            )
        ]
        for (arguments, input, expected) in cases {
            let run = try springplot(arguments, input: Data(input.utf8))
            #expect(
                run.status != 0 && run.standardError.split(separator: "\n").count == 1
                    && run.standardError.contains(expected),
                "\(arguments): \(run.standardError)")
        }
    }

    @Test("The sequence chart renders each keyframe")
    func chart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sequence-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try springplot(
            ["sequence", fixtures.appendingPathComponent("sequences/three-forms.json").path, "-o", "s.svg"],
            in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        let svg = try String(contentsOf: directory.appendingPathComponent("s.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.count > 10_000)
    }
}
