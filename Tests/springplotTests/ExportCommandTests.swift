import Foundation
import SpringMath
import Testing

@Suite("springplot export and spring conventions")
struct ExportCommandTests {
    @Test("Every target prints code; --json carries the numbers at full precision")
    func allTargets() throws {
        let text = try springplot(["export", "--damping", "0.68", "--response", "0.8"])
        #expect(text.status == 0, "\(text.standardError)")
        for marker in [
            "Spring(duration: 0.8, bounce: 0.32)", ".spring(response: 0.8, dampingFraction: 0.68)",
            "UISpringTimingParameters(mass:", "CASpringAnimation", "Spring(dampingRatio: 0.68, response: 0.8)",
            "spring<Float>(dampingRatio = 0.68f", "SpringForce(", "SpringDescription(mass:",
            "type: \"spring\", stiffness:", "visualDuration:", "tension:", "withSpring(",
            "fromOrigamiTensionAndFriction", "CUSTOM_SPRING", "linear(0,", "cubic-bezier(", "\"$type\":\"spring\""
        ] {
            #expect(text.output.contains(marker), "missing \(marker)")
        }
        #expect(text.output.contains("Origami tension is negative"))

        let json = try springplot(["export", "--damping", "0.68", "--response", "0.8", "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let targets = try #require(object["targets"] as? [[String: Any]])
        #expect(targets.count == 21)
        let compose = try #require(targets.first { $0["target"] as? String == "compose" })
        let stiffness = try #require((compose["parameters"] as? [String: Any])?["stiffness"] as? Double)
        #expect(stiffness == Spring(dampingRatio: 0.68, response: 0.8).stiffness)
    }

    @Test("One target; the effective spring is shown where the target runs another one")
    func oneTarget() throws {
        let wave = try springplot(["export", "--damping", "1", "--response", "0.1", "--target", "wave"])
        #expect(wave.status == 0)
        #expect(wave.output.contains("caps the damping coefficient") && wave.output.contains("runs: ζ 0.5618"))
        let framer = try springplot([
            "export", "--damping", "2", "--response", "0.5", "--target", "framer-visual-duration"
        ])
        #expect(framer.output.contains("cannot express overdamping") && framer.output.contains("runs: ζ 1"))
        let css = try springplot([
            "export", "--swiftui-duration", "0.5", "--bounce", "0.3", "--target", "css", "--to", "300",
            "--error", "0.5"
        ])
        #expect(css.status == 0 && css.output.hasPrefix(".spring { transition: transform "))
        // How the easing was built is a note: shown with --explain.
        #expect(!css.output.contains("measured error"))
        let explained = try springplot([
            "export", "--swiftui-duration", "0.5", "--bounce", "0.3", "--target", "css", "--to", "300",
            "--error", "0.5", "--explain"
        ])
        #expect(explained.output.contains("  · 16 points") && explained.output.contains("measured error"))
    }

    @Test("The preview is one self-contained HTML file")
    func preview() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try springplot(
            [
                "export", "--damping", "0.5", "--response", "0.6", "--velocity", "-800",
                "--target", "css", "--preview", "p.html"
            ], in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOf: directory.appendingPathComponent("p.html"), encoding: .utf8)
        #expect(
            html.hasPrefix("<!DOCTYPE html>") && html.contains("linear(0,") && html.contains("requestAnimationFrame"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"))
    }

    @Test(
        "Bad input gets one line naming the option and a non-zero exit",
        arguments: [
            (["export", "--target", "frob"], "--target"),
            (["export", "--error", "nan"], "--error"),
            (["export", "--error", "-1"], "--error"),
            (["export", "--error", "200"], "--error"),
            (["export", "--to", "0", "--target", "css"], "--to"),
            (["export", "--damping", "0", "--target", "css"], "--damping"),
            (["export", "--response", "0"], "--response"),
            (["export", "--swiftui-duration", "-0.5"], "--swiftui-duration"),
            (["export", "--damping", "0.5,0.7"], "--damping"),
            (["export", "--target", "css", "--all"], "--target"),
            (["export", "--preview", "out.png"], "--preview"),
            (["export", "--velocity", "inf"], "--velocity"),
            (["info", "--friction", "26"], "--react-spring-tension"),
            (["info", "--framer-duration", "0.8", "--damping", "0.3"], "--damping"),
            (["info", "--origami-tension", "-30", "--origami-friction", "7"], "--origami-tension"),
            (["curve", "--framer-visual-duration", "1e-300", "-o", "x.png"], "--framer-visual-duration"),
            (["info", "--figma-stiffness", "600"], "--figma-damping"),
            (["info", "--pop-bounciness", "nan", "--pop-speed", "12"], "--pop-bounciness")
        ])
    func badInput(arguments: [String], option: String) throws {
        let run = try springplot(arguments)
        #expect(run.status != 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(option), "\(run.standardError)")
        #expect(run.output.isEmpty)
    }

    /// Each convention's options with the damping ratio and response its published formula gives.
    static let conventionCases: [([String], Double, Double)] = {
        func fromPhysics(_ k: Double, _ c: Double) -> (Double, Double) {
            (c / (2 * k.squareRoot()), 2 * Double.pi / k.squareRoot())
        }
        let react = fromPhysics(170, 26), figma = fromPhysics(600, 15)
        let origami = fromPhysics((40 - 30) * 3.62 + 194, (7 - 8) * 3 + 25)
        let compose: (Double, Double) = (0.5, 2 * Double.pi / 1500.0.squareRoot())
        return [
            (["--framer-visual-duration", "0.4", "--bounce", "0.25"], 0.75, 0.48),
            (["--react-spring-tension", "170", "--friction", "26"], react.0, react.1),
            (["--figma-stiffness", "600", "--figma-damping", "15"], figma.0, figma.1),
            (["--damping", "0.5", "--stiffness", "1500"], compose.0, compose.1),
            (["--origami-tension", "40", "--origami-friction", "7"], origami.0, origami.1)
        ]
    }()

    @Test("Every subcommand takes every convention", arguments: conventionCases)
    func conventions(arguments: [String], zeta: Double, response: Double) throws {
        let info = try springplot(["info"] + arguments + ["--json"])
        #expect(info.status == 0, "\(info.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: info.standardOutput) as? [String: Any])
        let spring = try #require(object["spring"] as? [String: Any] ?? object)
        let gotZeta = try #require(spring["dampingRatio"] as? Double)
        let gotResponse = try #require(spring["response"] as? Double)
        #expect(abs(gotZeta - zeta) < 1e-12 && abs(gotResponse - response) < 1e-12, "\(gotZeta) \(gotResponse)")
        for command in [
            ["curve", "-o", "-", "--format", "svg"], ["retarget", "-o", "-", "--format", "svg"],
            ["integrators", "-o", "-", "--format", "svg"], ["phase", "-o", "-", "--format", "svg"],
            ["data", "--samples", "3"], ["export", "--target", "swiftui"]
        ] {
            let run = try springplot(command + arguments)
            #expect(run.status == 0, "\(command[0]) \(arguments): \(run.standardError)")
        }
    }
}
