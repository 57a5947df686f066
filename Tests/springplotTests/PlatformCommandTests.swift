import Foundation
import SpringMath
import Testing

@Suite("springplot platforms: export's platform figures, data --platform, curve --platform")
struct PlatformCommandTests {
    @Test("export --json: every modelled target carries its platforms at each --fps rate")
    func exportPlatforms() throws {
        let run = try springplot(["export", "--damping", "0.68", "--response", "0.8", "--fps", "60,120", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let targets = try #require(object["targets"] as? [[String: Any]])
        for target in targets where target["target"] as? String != "token" {
            let platforms = try #require(target["platforms"] as? [[String: Any]], "\(target["target"] ?? "")")
            #expect(platforms.map { $0["fps"] as? Double } == [60, 120])
            for p in platforms {
                for key in ["maxError", "maxErrorFraction", "finishTime", "exactSettleTime"] {
                    #expect(p[key] is Double, "\(key)")
                }
                #expect(p["velocityKept"] as? Bool == true)
            }
        }
        // react-spring at 120 Hz runs 9 ms per 8.33 ms frame: 6 to 27 % off for the shared springs, 8 % here.
        let react = try #require(targets.first { $0["target"] as? String == "react-spring" })
        let at120 = try #require((react["platforms"] as? [[String: Any]])?.last)
        let fraction = try #require(at120["maxErrorFraction"] as? Double)
        #expect(fraction > 0.05 && fraction < 0.1)
        // Each warning is its stable code and its text.
        let warnings = try #require(react["warnings"] as? [[String: String]])
        #expect(warnings.allSatisfy { Set($0.keys) == ["code", "text"] })
        let strays = try #require(warnings.first { $0["code"] == "off-the-spring" }?["text"])
        #expect(strays.hasPrefix("off the spring asked for by up to") && strays.contains("of the travel) at 120 Hz"))
    }

    @Test("export: time-defined Motion springs say they drop the velocity; Origami passes it to setVelocity")
    func velocity() throws {
        let run = try springplot(["export", "--damping", "0.5", "--response", "0.6", "--velocity", "-800"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.contains("spring.setVelocity(-8)"))
        #expect(run.output.contains("velocity lost"))
    }

    @Test("export --compensate-for shrinks react-spring's error and states it before and after")
    func compensate() throws {
        let run = try springplot([
            "export", "--damping", "0.68", "--response", "0.8", "--target", "react-spring",
            "--compensate-for", "120"
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.contains("-- compensated for 120 Hz (react-spring): largest error "))
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("largest error") })
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count >= 2 && numbers[1] < numbers[0] / 2, "\(line)")
    }

    @Test("data --platform writes the recordings' time base: start row at 0, one row a frame, target last")
    func dataPlatform() throws {
        let run = try springplot([
            "data", "--damping", "0.68", "--response", "0.8", "--to", "100", "--platform", "react-spring",
            "--fps", "120"
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let rows = run.output.split(separator: "\n")
        #expect(rows.first == "t,position")
        #expect(rows[1] == "0,0")
        let values = rows.dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(abs(values[1][0] - 1 / 120.0) < 1e-12)
        #expect(values.last?[1] == 100)
        // 17 Euler steps of 1 ms in the first frame.
        var x = 0.0, v = 0.0
        for _ in 0..<17 {
            v += -61.68502750680849 * 1e-6 * (x - 100) - 10.681415022205298 * 1e-3 * v
            x += v
        }
        #expect(abs(values[1][1] - x) < 1e-9)

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "0\n0.02\n0.05\n".write(
            to: directory.appendingPathComponent("frames.txt"), atomically: true, encoding: .utf8)
        let listed = try springplot(
            [
                "data", "--damping", "0.68", "--response", "0.8", "--to", "100", "--platform", "framer-physics",
                "--frame-times", "frames.txt", "--fps", "50"
            ], in: directory)
        #expect(listed.status == 0, "\(listed.standardError)")
        let times = listed.output.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[0])! }
        #expect(Array(times.prefix(4)) == [0, 0.02, 0.05, 0.07])
    }

    @Test("curve --platform draws a PNG for a few platforms and for all of them")
    func curvePlatforms() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (list, file) in [("react-spring,origami", "few.png"), ("all", "all.png")] {
            let run = try springplot(
                [
                    "curve", "--damping", "0.68", "--response", "0.8", "--to", "100", "--platform", list,
                    "-o", file
                ], in: directory)
            #expect(run.status == 0, "\(run.standardError)")
            let bytes = try Data(contentsOf: directory.appendingPathComponent(file))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test(
        "Bad platform input gets one line naming the option and a non-zero exit",
        arguments: [
            (["data", "--platform", "frob"], "--platform"),
            (["data", "--platform", "wave", "--fps", "0"], "--fps"),
            (["data", "--platform", "wave", "--fps", "nan"], "--fps"),
            (["data", "--platform", "wave", "--samples", "5"], "--platform"),
            (["data", "--frame-times", "x.txt"], "--frame-times"),
            (["data", "--platform", "wave", "--frame-times", "missing.txt"], "--frame-times"),
            (["data", "--platform", "wave", "--response", "0"], "--response"),
            (["curve", "--platform", "wave", "--damping", "0.5,0.7"], "--platform"),
            (["curve", "--platform", "wave,frob"], "--platform"),
            (["export", "--fps", "5000"], "--fps"),
            (["export", "--compensate-for", "-1"], "--compensate-for"),
            (["export", "--target", "swiftui", "--compensate-for", "60"], "--compensate-for")
        ])
    func badInput(arguments: [String], option: String) throws {
        let run = try springplot(arguments)
        #expect(run.status != 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.first?.contains(option) == true, "\(run.standardError)")
        #expect(!run.standardError.contains("Fatal error"))
    }
}

@Suite("springplot verify --platform")
struct VerifyPlatformTests {
    /// A shared recording, its header line dropped, written where the command runs.
    func recording(_ name: String, in directory: URL) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SpringPlatformsTests/Fixtures/recordings/\(name)")
        let text = try String(contentsOf: source, encoding: .utf8)
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }.joined(
            separator: "\n")
        try body.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return name
    }

    @Test(
        "auto names the library that made the recording",
        arguments: [
            ("react-spring_A_60hz.csv", ["--damping", "0.68", "--response", "0.8"], "react-spring"),
            ("reanimated_D_60hz.csv", ["--damping", "1.5", "--response", "0.4"], "reanimated"),
            ("origami_E_60hz.csv", ["--damping", "0.15", "--response", "0.3", "--to", "300"], "origami"),
            (
                "framer-duration_C_60hz.csv", ["--damping", "0.5", "--response", "0.6", "--velocity", "-800"],
                "framer-duration"
            )
        ])
    func auto(name: String, spring: [String], expected: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try recording(name, in: directory)
        var arguments = ["verify", file, "--to", "100"] + spring + ["--platform", "auto", "--json"]
        if spring.contains("--to") { arguments.removeSubrange(2..<4) }
        let run = try springplot(arguments, in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        #expect(object["bestPlatform"] as? String == expected)
        let first = try #require((object["platforms"] as? [[String: Any]])?.first)
        #expect(first["reproduced"] as? Bool == true)
        #expect((first["maxDifferenceFraction"] as? Double ?? 1) <= 1e-6)
        #expect((object["platforms"] as? [[String: Any]])?.count == 21)
    }
}
