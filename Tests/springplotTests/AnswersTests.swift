import Foundation
import SpringConventions
import SpringTestSupport
import Testing

private func csv(zeta: Double, response: Double, from: Double, to: Double, v0: Double, rate: Double, duration: Double)
    -> Data
{
    var text = "t,position\n"
    var i = 0
    while Double(i) / rate <= duration {
        let t = Double(i) / rate
        text +=
            "\(t),\(TextbookSpring(dampingRatio: zeta, response: response).position(from: from, to: to, velocity: v0, at: t))\n"
        i += 1
    }
    return Data(text.utf8)
}

@Suite("Answers: several targets, warnings that matter, fit and verify that answer")
struct AnswersTests {
    @Test("Two targets from pasted code: two blocks of code and two summary lines, in at most 14 lines")
    func twoTargets() throws {
        let run = try springplot([
            "export", "--from-code", ".spring(duration: 0.5, bounce: 0.3)", "--target", "react-spring,css"
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 14, "\(run.output)")
        #expect(
            lines.filter { $0.hasPrefix("== ") }.map(String.init) == [
                "== react-spring (react-spring) ==", "== CSS linear() (css) =="
            ])
        // One summary line per target: "≈", or "!" when the platform strays visibly (react-spring, 1.8 % at 60 Hz).
        #expect(
            lines.filter { ($0.hasPrefix("  ≈ ") || $0.hasPrefix("  ! ")) && $0.contains(" Hz: off by ≤ ") }.count == 2)
        #expect(run.output.contains("useSpring(") && run.output.contains("linear(0,"))
        #expect(!run.output.contains("element.animate("))  // the keyframes come with --explain
        #expect(lines[0].contains("settles within 1 % of the travel at"))

        // Repeated --target adds targets; a name given twice is printed once.
        let repeated = try springplot([
            "export", "--damping", "0.68", "--response", "0.8", "--target", "react-spring",
            "--target", "swiftui,react-spring"
        ])
        #expect(repeated.output.components(separatedBy: "\n== ").count == 3, "\(repeated.output)")
    }

    @Test(
        "Every target in under 6 lines on average; --explain adds the notes, the full platform lines and the keyframes")
    func everyTarget() throws {
        let run = try springplot(["export", "--damping", "0.68", "--response", "0.8"])
        #expect(run.status == 0)
        let count = run.output.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let targets = run.output.components(separatedBy: "\n== ").count - 1
        #expect(targets == 21 && count < 6 * targets, "\(count) lines for \(targets) targets")
        // Flutter finishes 51 frames after the 0.1 % settle: invisible, so a note, not a warning.
        #expect(!run.output.contains("frames late"))
        let explained = try springplot(["export", "--damping", "0.68", "--response", "0.8", "--explain"])
        #expect(explained.output.contains("  · at 60 Hz: finishes 51 frames late"))
        #expect(explained.output.contains("element.animate("))
        // Wave strays 4.9 % of the travel at 60 Hz: its summary line is a warning ("!"); --explain says it in words.
        #expect(
            run.output.contains("Spring(dampingRatio: 0.68, response: 0.8)\n  ! 60 Hz: off by ≤ 4.9 %, ends 1.733 s"))
        #expect(explained.output.contains("! off the spring asked for by up to 4.93 (4.9 % of the travel) at 60 Hz"))
        // Compose is within 0.01 %: its line is a plain summary.
        #expect(run.output.contains("  ≈ 60 Hz: off by ≤ 0.0099 %"))
    }

    @Test("A cubic-bezier fallback that strays visibly is a warning")
    func bezierWarning() throws {
        let run = try springplot([
            "export", "--damping", "0.5", "--response", "0.6", "--velocity", "-800", "--target", "css"
        ])
        #expect(run.status == 0)
        #expect(
            run.output.contains("! the cubic-bezier fallback (browsers without linear()) is off by up to"),
            "\(run.output)")
    }

    @Test("--compensate-for prints the retuned code beside the plain code")
    func compensationCode() throws {
        let run = try springplot([
            "export", "--damping", "0.68", "--response", "0.8", "--target", "react-spring,origami",
            "--compensate-for", "120"
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.components(separatedBy: "useSpring(").count == 3, "\(run.output)")
        #expect(run.output.contains("// for 120 Hz"))
        #expect(run.output.contains("// Rebound JS SpringConfig (tension, friction; mass 1), for 120 Hz"))
        #expect(run.output.contains("// Rebound (Java) SpringConfig (tension, friction; mass 1), for 120 Hz"))
    }

    @Test(
        "Every enum option's error lists its choices, on one line",
        arguments: [
            (["export", "--target", "frob"], "react-spring"),
            (["export", "--target", "react-spring,frob"], "swiftui"),
            (["curve", "--platform", "foo", "-o", "x.png"], "react-spring"),
            (["track", "x.mp4", "--axis", "z"], "auto")
        ])
    func enumChoices(arguments: [String], choice: String) throws {
        let run = try springplot(arguments)
        #expect(run.status != 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(choice), "\(run.standardError)")
    }

    @Test(
        "fit answers in under 30 lines: a rounded spring within the uncertainty, the nearest preset, the export command"
    )
    func fitAnswers() throws {
        // SwiftUI's .bouncy (duration 0.5, bounce 0.3: ζ 0.7, response 0.5 s), 0 → 300 px at 60 Hz,
        // rounded to whole pixels as a screen recording is.
        var text = "t,position\n"
        for i in 0...90 {
            let t = Double(i) / 60
            text +=
                "\(t),\(TextbookSpring(dampingRatio: 0.7, response: 0.5).position(from: 0, to: 300, velocity: 0, at: t).rounded())\n"
        }
        let run = try springplot(["fit", "-"], input: Data(text.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.split(separator: "\n").count < 30, "\(run.output)")
        #expect(
            run.output.contains("  rounded         ζ 0.7, response 0.5 s (within two standard deviations of the fit)"),
            "\(run.output)")
        #expect(run.output.contains("  nearest preset  swiftui-bouncy (SwiftUI .bouncy): ζ 0.7, response 0.5 s"))
        #expect(
            run.output.contains(
                "  to export       springplot export --damping 0.7 --response 0.5 --to 300 [--target name,…]"))
        #expect(!run.output.contains("== "))  // no listing unless asked
    }

    @Test("fit names a platform's named constants as the nearest preset, in the platform's spelling, with the distance")
    func platformConstantsAsPresets() throws {
        // Android's STIFFNESS_MEDIUM (k = 1500) with DAMPING_RATIO_MEDIUM_BOUNCY (ζ 0.5): ω₀ = √1500,
        // response 2π/√1500 = 0.16223 s; 0 → 400 px at 60 Hz, whole pixels.
        var text = "t,position\n"
        let response = 2 * Double.pi / 1500.0.squareRoot()
        for i in 0...40 {
            let t = Double(i) / 60
            text +=
                "\(t),\(TextbookSpring(dampingRatio: 0.5, response: response).position(from: 0, to: 400, velocity: 0, at: t).rounded())\n"
        }
        let run = try springplot(["fit", "-"], input: Data(text.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("nearest preset") })
        #expect(
            line.contains(
                "android-medium-medium-bouncy (SpringForce STIFFNESS_MEDIUM, DAMPING_RATIO_MEDIUM_BOUNCY): ζ 0.5, response 0.162 s, distance "
            ),
            "\(line)")
        // Compose's own StiffnessMediumLow (k = 400) with DampingRatioLowBouncy (0.75).
        let compose = try #require(SpringPreset.platformConstants.first { $0.name == "compose-mediumlow-low-bouncy" })
        #expect(
            compose.title
                == "Compose spring(dampingRatio = Spring.DampingRatioLowBouncy, stiffness = Spring.StiffnessMediumLow)")
        #expect(abs(compose.spring.stiffness - 400) < 1e-9 && abs(compose.spring.dampingRatio - 0.75) < 1e-12)
    }

    @Test(
        "verify finds what it is not told: an exact motion cut before rest passes with any subset given",
        arguments: [
            [String](), ["--to", "1"], ["--from", "0"], ["--velocity", "0"], ["--from", "0", "--to", "1"]
        ])
    func verifyInfersRest(given: [String]) throws {
        // ζ 0.7, response 0.5 s, 0 → 1 at rest, sampled at 120 Hz for 0.99 s (still moving at the end).
        let data = csv(zeta: 0.7, response: 0.5, from: 0, to: 1, v0: 0, rate: 120, duration: 0.99)
        let run = try springplot(
            ["verify", "-", "--damping", "0.7", "--response", "0.5", "--max-error", "1e-9", "--json"] + given,
            input: data)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let motion = try #require(json["motion"] as? [String: Any])
        #expect(abs((motion["to"] as? Double ?? .nan) - 1) < 1e-9)
        #expect(abs(motion["velocity"] as? Double ?? .nan) < 1e-7)
    }

    @Test("verify finds the velocity of a flung motion")
    func verifyInfersVelocity() throws {
        let data = csv(zeta: 0.4, response: 0.6, from: 10, to: 300, v0: -900, rate: 60, duration: 0.7)
        let run = try springplot(
            ["verify", "-", "--damping", "0.4", "--response", "0.6", "--to", "300", "--max-error", "1e-7"],
            input: data)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.output.contains(
                "  motion      from 10 to 300, velocity -900/s (from: the first sample; velocity: least squares)"),
            "\(run.output)")
    }
}
