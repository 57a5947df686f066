import ArgumentParser
import Foundation
import SpringConventions
import Testing

@testable import SpringPlotCommands

@Suite("Limits on how much work input can ask for")
struct InputLimitTests {
    static func list(_ count: Int, _ value: String = "0.5") -> String {
        Array(repeating: value, count: count).joined(separator: ",")
    }

    @Test(
        "Overlay lists take at most a dozen values; the error names the option and the limit",
        arguments: [
            (["--damping", InputLimitTests.list(13)], "--damping takes at most 12 values (got 13)"),
            (["--damping", InputLimitTests.list(30_000)], "--damping takes at most 12 values (got 30000)"),
            (["phase", "--response", InputLimitTests.list(13)], "--response takes at most 12 values (got 13)"),
            (["info", "--damping", InputLimitTests.list(100)], "--damping takes at most 12 values (got 100)"),
            (["retarget", "--damping", "0.3,0.5"], "--damping takes one value here"),
            (["integrators", "--response", "0.3,0.5"], "--response takes one value here"),
            (["data", "--damping", InputLimitTests.list(30_000)], "--damping takes one value here")
        ] as [([String], String)])
    func overlayCap(arguments: [String], message: String) {
        let error = parseError(arguments)
        #expect(error?.contains(message) == true, "\(arguments.prefix(2)): \(error ?? "accepted")")
    }

    @Test("A dozen overlaid springs is accepted")
    func dozen() throws {
        let curve = try #require(try SpringPlot.parseAsRoot(["--damping", InputLimitTests.list(12, "0.3")]) as? Curve)
        #expect(try curve.spring.springs().count == 12)
    }

    @Test("30 000 values are refused at once with one line")
    func hugeListProcess() throws {
        let run = try springplot(["--damping", InputLimitTests.list(30_000), "-o", "-"])
        #expect(run.status != 0 && run.output.isEmpty)
        #expect(run.standardError == "springplot: error: --damping takes at most 12 values (got 30000)\n")
    }

    @Test("Times files: one per line or comma-separated, blank lines ignored")
    func timesFileParsing() throws {
        let text = "0\n0.1, 0.25\r\n\n  0.5\t\n1e-3,2"
        #expect(try TimesFile.parse(Array(text.utf8), name: "'t.txt'") == [0, 0.1, 0.25, 0.5, 0.001, 2])
        #expect(try TimesFile.parse(Array("7\n".utf8), name: "'t.txt'") == [7])
    }

    @Test(
        "Times file errors name the option, the file and the line",
        arguments: [
            ("0\n0.1\nabc\n", "--times-file 't.txt' line 3: 'abc' is not a number"),
            ("0,1,,2\n", "--times-file 't.txt' line 1: empty value"),
            ("0\n\n-1\n", "--times-file 't.txt' line 3: times must lie between 0 and 1000000 s (got -1)"),
            ("nan\n", "--times-file 't.txt' line 1: times must lie between 0 and 1000000 s (got nan)"),
            ("2e6\n", "--times-file 't.txt' line 1: times must lie between 0 and 1000000 s (got 2e6)"),
            ("\n\n", "--times-file 't.txt' holds no times")
        ])
    func timesFileErrors(text: String, message: String) {
        let error = #expect(throws: CommandLineRefusal.self) { try TimesFile.parse(Array(text.utf8), name: "'t.txt'") }
        #expect(error?.message == message)
    }

    @Test("Times files hold at most a million times")
    func timesFileCap() throws {
        let million = [UInt8](repeating: 0, count: 2 * TimesFile.maximumCount).enumerated().map {
            $0.offset % 2 == 0 ? UInt8(ascii: "1") : UInt8(ascii: "\n")
        }
        #expect(try TimesFile.parse(million, name: "x").count == TimesFile.maximumCount)
        let error = #expect(throws: CommandLineRefusal.self) {
            try TimesFile.parse(million + Array("2\n".utf8), name: "x")
        }
        #expect(error?.message == "--times-file x holds more than 1000000 times")
    }

    @Test("data --times-file reads a file or standard input and matches --times")
    func timesFileEndToEnd() throws {
        let dir = try temporaryDirectory()
        try Data("0\n0.1,0.25\n0.5\n".utf8).write(to: dir.appendingPathComponent("times.txt"))
        let listed = try springplot(["data", "--times", "0,0.1,0.25,0.5"])
        let fromFile = try springplot(["data", "--times-file", "times.txt"], in: dir)
        let fromInput = try springplot(["data", "--times-file", "-"], input: Data("0\n0.1\n0.25\n0.5\n".utf8))
        #expect(
            listed.status == 0 && fromFile.status == 0 && fromInput.status == 0,
            "\(fromFile.standardError) \(fromInput.standardError)")
        #expect(fromFile.output == listed.output && fromInput.output == listed.output)
        #expect(fromFile.output.split(separator: "\n").count == 5)

        // More values than a command line can carry.
        let many = (0..<200_000).map { "\(Double($0) / 1000)" }.joined(separator: "\n")
        let big = try springplot(["data", "--times-file", "-", "--json"], input: Data(many.utf8))
        #expect(big.status == 0, "\(big.standardError)")
        let object = try JSONSerialization.jsonObject(with: big.standardOutput) as? [String: Any]
        #expect((object?["t"] as? [Double])?.count == 200_000)

        for (arguments, message) in [
            (["data", "--times-file", "missing.txt"], "--times-file 'missing.txt': No such file or directory"),
            (["data", "--times-file", "times.txt", "--times", "0,1"], "--times-file and --times cannot be combined"),
            (["data", "--times-file", "times.txt", "--samples", "5"], "--times-file and --samples cannot be combined")
        ] {
            let run = try springplot(arguments, in: dir)
            #expect(
                run.status != 0 && run.standardError == "springplot: error: \(message)\n",
                "\(arguments): \(run.standardError)")
        }
        let bad = try springplot(["data", "--times-file", "-"], input: Data("0\n0.5\nsoon\n".utf8))
        #expect(
            bad.status != 0
                && bad.standardError
                    == "springplot: error: --times-file standard input line 3: 'soon' is not a number\n"
        )
    }
}
