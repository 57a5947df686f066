import ArgumentParser
import Foundation
import SpringMath
import Testing

@testable import SpringPlotCommands

/// The first line of the message a failed parse gives, as the tool prints it.
func parseError(_ arguments: [String]) -> String? {
    do {
        var command = try SpringPlot.parseAsRoot(arguments)
        if let curve = command as? Curve {
            try curve.validate()
            command = curve
        }
        return nil
    } catch {
        if SpringPlot.exitCode(for: error) == .success { return nil }
        let message = SpringPlot.message(for: error)
        return message.split(separator: "\n").first.map(String.init) ?? message
    }
}

@Suite("Parsing and validation")
struct ParsingTests {
    @Test("The user's example parses to the curve command with those values")
    func usersExample() throws {
        let command = try SpringPlot.parseAsRoot(["--damping", "0.68", "--response", "0.8", "-o", "curve.png"])
        let curve = try #require(command as? Curve)
        let springs = try curve.spring.springs()
        #expect(springs.count == 1 && springs[0].spring == Spring(dampingRatio: 0.68, response: 0.8))
        #expect(
            try curve.chart.destination(defaultName: "x") == .file(path: "curve.png", format: .png, announce: false))
        #expect(curve.chart.width == 1200 && curve.chart.height == 800 && curve.chart.scale == 1)
        #expect(curve.motion.from == 0 && curve.motion.to == 1)
    }

    @Test("Negative numbers are values, not options")
    func negativeValues() throws {
        let curve = try #require(
            try SpringPlot.parseAsRoot(["--from", "-1", "--to", "-100", "--velocity", "-5000", "--title", "-x-"])
                as? Curve)
        #expect(
            curve.motion.from == -1 && curve.motion.to == -100 && curve.motion.velocity == -5000
                && curve.chart.title == "-x-")
        let retarget = try #require(
            try SpringPlot.parseAsRoot(["retarget", "--new-target", "-3", "--bounce", "-0.5"]) as? Retarget)
        #expect(retarget.newTarget == -3 && retarget.spring.bounce == -0.5)
    }

    @Test("Every spring form and list form parses")
    func springForms() throws {
        func springs(_ args: [String]) throws -> [Spring] {
            let curve = try #require(try SpringPlot.parseAsRoot(args) as? Curve)
            return try curve.spring.springs().map(\.spring)
        }
        #expect(
            try springs(["--stiffness", "100", "--damping-coefficient", "10"]) == [
                Spring(mass: 1, stiffness: 100, dampingCoefficient: 10)
            ])
        #expect(try springs(["--stiffness", "100", "--damping-coefficient", "10", "--mass", "2"])[0].mass == 2)
        #expect(try springs(["--swiftui-duration", "0.5", "--bounce", "0.3"]) == [Spring(duration: 0.5, bounce: 0.3)])
        #expect(try springs(["--damping", "0.3,0.7,1", "--response", "0.5"]).map(\.dampingRatio) == [0.3, 0.7, 1])
        #expect(try springs(["--damping", "0.5", "--response", "0.2,0.4"]).map(\.response) == [0.2, 0.4])
        #expect(try springs(["--damping", "0.5,0.6", "--response", "0.2,0.4"]).count == 2)
        #expect(
            try springs([]) == [
                Spring(dampingRatio: SpringOptions.defaultDamping, response: SpringOptions.defaultResponse)
            ])
    }

    @Test("Formats follow the extension; --format overrides; - is standard output; no -o picks a default file")
    func destinations() throws {
        func destination(_ args: [String]) throws -> OutputDestination {
            let curve = try #require(try SpringPlot.parseAsRoot(args) as? Curve)
            return try curve.chart.destination(defaultName: "springplot-curve")
        }
        #expect(try destination(["-o", "a.svg"]) == .file(path: "a.svg", format: .svg, announce: false))
        #expect(try destination(["-o", "dir/a.PDF"]) == .file(path: "dir/a.PDF", format: .pdf, announce: false))
        #expect(
            try destination(["-o", "a.out", "--format", "svg"]) == .file(path: "a.out", format: .svg, announce: false))
        #expect(try destination(["-o", "-", "--format", "pdf"]) == .standardOutput(format: .pdf))
        #expect(try destination(["-o", "-"]) == .standardOutput(format: .png))
        #expect(try destination([]) == .file(path: "springplot-curve.png", format: .png, announce: true))
        #expect(
            try destination(["--format", "svg"]) == .file(path: "springplot-curve.svg", format: .svg, announce: true))
    }

    @Test(
        "Each bad value is rejected with a message naming its option",
        arguments: [
            (["--damping", "nan"], "--damping"),
            (["--damping", "inf"], "--damping"),
            (["--damping", "-0.5"], "--damping"),
            (["--damping", "abc"], "--damping"),
            (["--damping", "0.5,,1"], "--damping"),
            (["--response", "-1"], "--response"),
            (["--response", "-inf"], "--response"),
            (["--mass", "0"], "--mass"),
            (["--mass", "-2"], "--mass"),
            (["--mass", "nan"], "--mass"),
            (["--stiffness", "0", "--damping-coefficient", "1"], "--stiffness"),
            (["--stiffness", "10", "--damping-coefficient", "-1"], "--damping-coefficient"),
            (["--stiffness", "10"], "--stiffness"),
            (["--damping-coefficient", "10"], "--damping-coefficient"),
            (["--stiffness", "10", "--damping-coefficient", "1", "--damping", "0.5"], "--stiffness"),
            (["--swiftui-duration", "0.5", "--damping", "0.5"], "--swiftui-duration"),
            (["--swiftui-duration", "-0.5"], "--swiftui-duration"),
            (["--bounce", "-1"], "--bounce"),
            (["--bounce", "1.5"], "--bounce"),
            (["--bounce", "0.2", "--mass", "2"], "--mass"),
            (["--damping", "0.1,0.2", "--response", "0.1,0.2,0.3"], "--damping"),
            (["--from", "nan"], "--from"),
            (["--to", "inf"], "--to"),
            (["--velocity", "-inf"], "--velocity"),
            (["--time-span", "0"], "--time-span"),
            (["--time-span", "-3"], "--time-span"),
            (["--time-span", "nan"], "--time-span"),
            (["--tolerance", "0"], "--tolerance"),
            (["--tolerance", "1"], "--tolerance"),
            // The old spelling is still accepted, and checked under its own name.
            (["--epsilon", "1"], "--epsilon"),
            (["--tolerance", "0.1", "--epsilon", "0.1"], "--epsilon"),
            (["--width", "0"], "--width"),
            (["--width", "nan"], "--width"),
            (["--height", "-5"], "--height"),
            (["--height", "100000"], "--height"),
            (["--scale", "0"], "--scale"),
            (["--scale", "20"], "--scale"),
            (["--theme", "blue"], "--theme"),
            (["--format", "gif"], "--format"),
            (["-o", "chart.gif"], "--output"),
            (["-o", "chart"], "--output"),
            (["-o", ""], "--output"),
            (["--samples", "3"], "--samples"),
            (["--scale", "1e-300"], "--scale"),
            (["-o", "chart.png", "--format", "svg"], "--format")
        ] as [([String], String)])
    func rejected(arguments: [String], option: String) {
        let message = parseError(arguments)
        #expect(message != nil, "\(arguments) should fail")
        #expect(message?.contains(option) == true, "\(arguments): \(message ?? "nil")")
    }

    @Test(
        "Subcommand-specific checks",
        arguments: [
            (["retarget", "--at", "-1"], "--at"),
            (["retarget", "--new-target", "nan"], "--new-target"),
            (["retarget", "--damping", "0.3,0.5"], "--damping"),
            (["retarget", "--at", "5", "--time-span", "2"], "--at"),
            (["integrators", "--fps", "0"], "--fps"),
            (["integrators", "--fps", "30,nan"], "--fps"),
            (["integrators", "--rates", "0"], "--rates"),  // the old spelling, still accepted
            (["integrators", "--fps", "30", "--rates", "60"], "--rates"),
            (["data", "--samples", "1"], "--samples"),
            (["data", "--samples", "10", "--times", "0,1"], "--samples"),
            (["data", "--times", "0,-1"], "--times"),
            (["data", "--times", "0,x"], "--times"),
            (["data", "-o", "out.txt"], "--output"),
            (["data", "-o", "out.json"], "--output"),
            (["data", "--time-span", "inf"], "--time-span"),
            (["info", "--damping", "-1"], "--damping"),
            (["phase", "--response", "nan"], "--response")
        ] as [([String], String)])
    func subcommandChecks(arguments: [String], option: String) {
        let message = parseError(arguments)
        #expect(message?.contains(option) == true, "\(arguments): \(message ?? "nil")")
    }

    @Test("Each command's help mentions comma lists only where the command accepts them")
    func listHelp() {
        for help in [Retarget.helpMessage(), Integrators.helpMessage(), DataCommand.helpMessage()] {
            #expect(help.contains("--damping <ratio>") && help.contains("--response <seconds>"))
            #expect(!help.contains("comma list") && !help.contains("overlay") && !help.contains("ratio[,"), "\(help)")
        }
        for help in [Curve.helpMessage(), Phase.helpMessage()] {
            let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(
                flat.contains(
                    "--damping <ratio[,ratio…]> Damping ratio ζ ≥ 0; a comma list (up to 12 values) overlays several springs."
                ))
            #expect(flat.contains("--response <seconds[,seconds…]>") && flat.contains("overlays several springs"))
        }
        let info = Info.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(info.contains("a comma list (up to 12 values) reports several springs") && !info.contains("overlay"))
        #expect(DataCommand.helpMessage().contains("--times-file <path>"))
    }

    @Test("Help names the options and the example")
    func help() {
        let help = Curve.helpMessage()
        for option in [
            "--damping", "--response", "--mass", "--stiffness", "--damping-coefficient", "--swiftui-duration",
            "--bounce", "--from", "--to", "--velocity", "--time-span", "--width", "--height", "--scale",
            "--theme", "--title", "--format", "--output"
        ] {
            #expect(help.contains(option), "\(option)")
        }
        #expect(SpringPlot.helpMessage().contains("springplot --damping 0.68 --response 0.8 -o curve.png"))
        for name in ["curve", "retarget", "integrators", "phase", "info", "data"] {
            #expect(SpringPlot.helpMessage().contains(name))
        }
    }
}
