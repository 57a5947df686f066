import Foundation
import Testing

@testable import SpringStudio

/// springplot, built beside the tests (swift build builds every product).
private func springplot() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("springplot")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

/// springplot with `arguments` and `-o name` in a scratch folder: the file's bytes.
private func written(by arguments: [String], name: String) throws -> [UInt8] {
    let binary = try #require(springplot(), "springplot is not built beside the tests")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-clip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments + ["-o", name]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
}

/// ffmpeg is installed by scripts/setup.sh --tests (part of the README's test command).
@Suite("The studio's clip downloads")
struct StudioClipTests {
    @Test(
        "a link's clip is the bytes springplot animate writes for the same values",
        arguments: [
            (
                "/api/clip.gif", "damping=0.68,0.3&response=0.8,0.5&from=0&to=300&velocity=0",
                ["--damping", "0.68,0.3", "--response", "0.8,0.5", "--from", "0", "--to", "300", "--velocity", "0"],
                "c.gif"
            ),
            (
                "/api/clip.webm",
                "damping=0.7&response=0.4&from=0&to=300&velocity=0&platform=react-spring&fps=120&theme=dark",
                [
                    "--damping", "0.7", "--response", "0.4", "--from", "0", "--to", "300", "--velocity", "0",
                    "--platform", "react-spring", "--platform-fps", "120", "--theme", "dark"
                ], "c.webm"
            )
        ])
    func sameBytes(path: String, query: String, options: [String], name: String) throws {
        let answer = reply(path, query)
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.contentType == (name.hasSuffix(".gif") ? "image/gif" : "video/webm"))
        let cli = try written(by: ["animate"] + options, name: name)
        #expect(answer.body.count > 1000)
        let same = answer.body == cli
        #expect(same, "\(answer.body.count) bytes from the studio, \(cli.count) from springplot")
    }

    @Test("a bad value is a 400 naming it")
    func refuses() throws {
        for (query, parameter) in [
            ("damping=0.5&response=0", "response"), ("damping=0.5&response=0.5&platform=nope", "platform"),
            ("damping=0.5&response=0.5&theme=sepia", "theme"), ("damping=0.5&response=1e5", "response"),
            ("damping=0.5&response=0.5&platform=android&fps=0", "fps")
        ] {
            let answer = reply("/api/clip.gif", query)
            #expect(answer.status == 400, "\(query)")
            let body = try json(answer)
            #expect((body["parameter"] as? String) == parameter, "\(query): \(body)")
        }
    }

    @Test("a link's Lottie download is the file springplot export --target lottie writes")
    func lottie() throws {
        let answer = reply("/api/lottie.json", "damping=0.5,0.7&response=0.6,0.4&from=0&to=300&velocity=-200&error=0.5")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.contentType == "application/json")
        let cli = try written(
            by: [
                "export", "--damping", "0.5", "--response", "0.6", "--from", "0", "--to", "300", "--velocity", "-200",
                "--error", "0.5", "--target", "lottie"
            ], name: "spring.json")
        #expect(answer.body == cli, "\(answer.body.count) bytes from the studio, \(cli.count) from springplot")
        for (query, parameter) in [
            ("damping=0.5&response=0.6&to=0", "to"), ("damping=0.5&response=0.6&error=1e-12", "error"),
            ("damping=0.5&response=0.6&to=90000", "to"), ("damping=0&response=0.6", "damping"),
            ("damping=0.0005&response=0.05&error=0.01", "error")
        ] {
            let refused = reply("/api/lottie.json", query)
            #expect(refused.status == 400, "\(query)")
            #expect((try json(refused)["parameter"] as? String) == parameter, "\(query)")
        }
    }
}
