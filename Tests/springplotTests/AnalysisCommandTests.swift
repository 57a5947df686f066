import Foundation
import SpringTestSupport
import Testing

/// The fixture trajectories (scripts/reference/analysis/record_trajectories.mjs).
private func trajectory(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SpringFittingTests/Fixtures/analysis").appendingPathComponent(name).path
}

@Suite("springplot verify and fit")
struct AnalysisCommandTests {
    @Test("verify reports the errors, writes the chart and fails --max-error with status 2")
    func verifyWave() throws {
        let dir = try temporaryDirectory()
        let file = trajectory("wave-critical-0.15.csv")
        let run = try springplot(
            ["verify", file, "--damping", "1", "--response", "0.15", "--to", "100", "-o", "v.png"], in: dir)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.contains("max error   33.22 (33.2 % of the travel)"))
        #expect(run.output.contains("frame rate  60 Hz"))
        #expect(pngSize(try Data(contentsOf: dir.appendingPathComponent("v.png")))! == (1200, 800))

        let failing = try springplot([
            "verify", file, "--damping", "1", "--response", "0.15", "--to", "100", "--max-error", "1", "--json"
        ])
        #expect(failing.status == 2)
        #expect(failing.standardError == "springplot: verify: max error 33.22320663479723 exceeds --max-error 1\n")
        let json = try #require(try JSONSerialization.jsonObject(with: failing.standardOutput) as? [String: Any])
        #expect(json["passed"] as? Bool == false)
        #expect(json["samples"] as? Int == 17)

        let passing = try springplot([
            "verify", file, "--damping", "1", "--response", "0.15", "--to", "100", "--max-error", "40"
        ])
        #expect(passing.status == 0)

        // --tolerance, the old spelling, still works and is named in the message.
        let old = try springplot([
            "verify", file, "--damping", "1", "--response", "0.15", "--to", "100", "--tolerance", "1"
        ])
        #expect(old.status == 2)
        #expect(old.standardError == "springplot: verify: max error 33.22320663479723 exceeds --tolerance 1\n")
    }

    @Test("verify reads standard input")
    func verifyStandardInput() throws {
        let csv = "t,position,velocity\n0,0,0\n0.5,1,0\r\n\n1,1,0\n"
        let run = try springplot(["verify", "-", "--to", "1", "--json"], input: Data(csv.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.contains("\"samples\": 3"))
    }

    @Test(
        "Bad files give one line naming the file and line, and no output file",
        arguments: [
            ("t,pos\n0,1\n", "line 1: the header must be"),
            ("t,position\n0,1\n0.1,abc\n", "line 3: position 'abc' is not a number"),
            ("t,position\n0,1\n0.1,nan\n", "line 3: position is NaN"),
            ("t,position\n0,1\n0.2,2\n0.1,3\n", "line 4: time 0.1 does not come after the previous time 0.2"),
            ("", "is empty"),
            ("t,position\n", "has a header but no samples"),
            ("t,position\n0,1,2\n", "line 2: expected 2 values"),
            ("t,position\n0,\n", "line 2: expected 2 values"),
            ("t,position\n1e999,1\n", "line 2: t is infinite")
        ])
    func badFiles(text: String, message: String) throws {
        let dir = try temporaryDirectory()
        try Data(text.utf8).write(to: dir.appendingPathComponent("in.csv"))
        for command in ["verify", "fit"] {
            let run = try springplot([command, "in.csv", "-o", "out.png"], in: dir)
            #expect(run.status != 0)
            #expect(run.standardError.hasPrefix("springplot: error: \(command) 'in.csv' "), "\(run.standardError)")
            #expect(run.standardError.contains(message), "\(run.standardError)")
            #expect(run.standardError.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
        }
    }

    @Test("A file over 64 MiB is refused before it is read")
    func hugeFile() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("huge.csv").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2 << 30)  // sparse: no disk used
        try handle.close()
        let run = try springplot(["verify", "huge.csv"], in: dir)
        #expect(run.status != 0)
        #expect(run.standardError == "springplot: error: verify 'huge.csv' is larger than 64 MiB\n")
    }

    @Test("fit recovers a spring, reports every convention and draws the fit")
    func fitRecovers() throws {
        let dir = try temporaryDirectory()
        // ζ 0.5, response 0.6 s, 0 → 300, at 60 Hz for 1.5 s, rounded to whole pixels.
        var csv = "t,position\n"
        let spring = TextbookSpring(dampingRatio: 0.5, response: 0.6)
        for i in 0...90 {
            let t = Double(i) / 60
            let x = spring.position(from: 0, to: 300, at: t)
            csv += "\(t),\(x.rounded())\n"
        }
        try Data(csv.utf8).write(to: dir.appendingPathComponent("motion.csv"))
        let run = try springplot(["fit", "motion.csv", "--from-rest", "--json", "-o", "fit.svg"], in: dir)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let zetaFit = try #require((json["dampingRatio"] as? [String: Any])?["value"] as? Double)
        let responseFit = try #require((json["response"] as? [String: Any])?["value"] as? Double)
        #expect(abs(zetaFit - 0.5) < 0.005)
        #expect(abs(responseFit - 0.6) < 0.006)
        #expect((json["targets"] as? [Any])?.count ?? 0 >= 10)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("fit.svg").path))
        // The answer, not a listing: the estimates, the spring, the export command; code only when asked.
        let text = try springplot(["fit", "motion.csv"], in: dir)
        #expect(text.output.contains("damping ratio     0.5"))
        #expect(text.output.contains("  to export       springplot export --damping "))
        #expect(!text.output.contains("== SwiftUI (swiftui) =="))
        #expect(text.output.split(separator: "\n").count < 30, "\(text.output)")
        let code = try springplot(["fit", "motion.csv", "--target", "swiftui,react-spring"], in: dir)
        #expect(
            code.output.contains("== SwiftUI (swiftui) ==") && code.output.contains("== react-spring (react-spring) ==")
        )
        #expect(!code.output.contains("== Flutter"))
    }

    @Test("fit refuses a ramp and too few points in one line")
    func fitRefuses() throws {
        let ramp = "t,position\n" + (0..<30).map { "\(Double($0) / 60),\($0 * 5)" }.joined(separator: "\n") + "\n"
        let run = try springplot(["fit", "-"], input: Data(ramp.utf8))
        #expect(run.status != 0)
        #expect(run.standardError.contains("no spring explains this data better than a straight line"))
        let few = try springplot(["fit", "-"], input: Data("t,position\n0,0\n1,1\n".utf8))
        #expect(few.standardError == "springplot: error: fit standard input: a fit needs at least 8 samples (got 2)\n")
    }
}
