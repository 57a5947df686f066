import Foundation
import Testing

@Suite("springplot export --target lottie")
struct LottieCommandTests {
    @Test("Writes the file atomically and says its keyframes and largest error in one line")
    func writes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("spring.json").path
        let run = try springplot([
            "export", "--damping", "0.68", "--response", "0.8", "--target", "lottie", "-o", path
        ])
        #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
        let line = run.output.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("\(path): Lottie, "), "\(line)")
        #expect(
            line.contains(" keyframes at 60 fps, ") && line.contains("largest error 0.")
                && line.hasSuffix(
                    "px on the 100 px travel")
        )
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(document["fr"] as? Double == 60)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["spring.json"])

        // --json: the numbers, with the file still written.
        let json = try springplot([
            "export", "--damping", "0.68", "--response", "0.8", "--target", "lottie", "-o", path, "--json",
            "--fps", "30"
        ])
        #expect(json.status == 0, "\(json.standardError)")
        let reply = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let target = try #require((reply["targets"] as? [[String: Any]])?.first)
        #expect(target["target"] as? String == "lottie")

        // -o - writes the JSON alone to standard output.
        let piped = try springplot(["export", "--damping", "0.68", "--response", "0.8", "--target", "lottie", "-o", "-"]
        )
        #expect(piped.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: piped.standardOutput) as? [String: Any])
        #expect(object["layers"] != nil)
    }

    @Test("A sequence file becomes one animation")
    func sequence() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sequence.json").path
        let input = Data(
            #"{"from": 10, "keyframes": [{"to": 100, "spring": {"dampingRatio": 0.68, "response": 0.8}}, {"to": 40, "at": 0.45, "spring": {"duration": 0.5, "bounce": 0.3}}]}"#
                .utf8)
        let run = try springplot(["export", "--sequence", "-", "--target", "lottie", "-o", path], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.contains("px on the sequence's 30 px travel"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "Bad combinations and values are refused with one line naming them, and nothing written",
        arguments: [
            (["--target", "lottie"], "give -o FILE.json"),
            (["--target", "lottie,css", "-o", "a.json"], "cannot be combined with other targets"),
            (["-o", "a.json"], "needs --target lottie"),
            (["--property", "scale"], "needs --target lottie"),
            (["--target", "lottie", "-o", "a.png"], "must name a .json file"),
            (["--target", "lottie", "-o", "a.json", "--fps", "30,60"], "--fps takes one rate"),
            (["--target", "lottie", "-o", "a.json", "--fps", "0"], "--fps"),
            (["--target", "lottie", "-o", "a.json", "--property", "colour"], "colour"),
            (["--target", "lottie", "-o", "a.json", "--to", "0", "--from", "0"], "travel"),
            (
                ["--target", "lottie", "-o", "a.json", "--damping", "0.0005", "--response", "0.05", "--error", "0.01"],
                "keyframes"
            ),
            (["--target", "lottie", "-o", "a.json", "--to", "90000"], "16384 px")
        ])
    func refusals(_ arguments: [String], _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var full = ["export"]
        if !arguments.contains("--damping") { full += ["--damping", "0.68", "--response", "0.8"] }
        let run = try springplot(full + arguments, in: directory)
        #expect(run.status != 0 && run.status < 128)
        let lines = run.standardError.split(separator: "\n").filter {
            !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See")
        }
        #expect(lines.count == 1, "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("Never replaces what is not a regular file")
    func notARegularFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("taken.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let run = try springplot([
            "export", "--damping", "0.68", "--response", "0.8", "--target", "lottie", "-o", folder.path
        ])
        #expect(run.status != 0 && run.status < 128)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
