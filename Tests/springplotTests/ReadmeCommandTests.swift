import Foundation
import Testing

/// Every springplot command the README and docs/springplot.md show, run as written, so that they
/// stay true.
@Suite("README commands")
struct ReadmeCommandTests {
    /// The documents whose commands are run: the README, and the springplot reference it links to.
    static let documents = ["README.md", "docs/springplot.md"]

    /// The springplot command lines of `document`: lines of its `sh` blocks that run springplot, and
    /// the commands quoted in its tables (the gallery).
    static func commands(in document: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        var commands: [String] = []
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line.hasPrefix("```sh")
                continue
            }
            if inShell {
                let command = line.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces)
                if command.hasPrefix("springplot ") || command.contains("| springplot ") { commands.append(command) }
            } else if line.hasPrefix("|") {
                for (index, cell) in line.components(separatedBy: "`").enumerated()
                where index % 2 == 1 && cell.hasPrefix("springplot ") {
                    commands.append(cell)
                }
            }
        }
        return commands
    }

    /// Every document's commands.
    static func commands() throws -> [String] {
        try documents.flatMap { try commands(in: $0) }
    }

    @Test("The README and the springplot reference list springplot commands")
    func found() throws {
        let readme = try ReadmeCommandTests.commands(in: "README.md")
        #expect(readme.count >= 6, "\(readme)")
        #expect(readme.contains("springplot --damping 0.68 --response 0.8 -o curve.png"))
        let reference = try ReadmeCommandTests.commands(in: "docs/springplot.md")
        #expect(reference.count >= 12, "\(reference)")
        #expect(reference.contains { $0.contains("--times-file -") })
    }

    @Test("The README reads in five minutes: at most 200 lines")
    func short() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 200, "\(lines.count) lines")
    }

    @Test("Each README command runs as written and produces its output")
    func run() throws {
        let binary = try #require(springplotExecutable(), "springplot executable not found beside the tests")
        let dir = try temporaryDirectory()
        for command in try ReadmeCommandTests.commands() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.currentDirectoryURL = dir
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] =
                binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let output = out.fileHandleForReading.readDataToEndOfFile()
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0 && errors.isEmpty, "\(command): \(errors)")
            let words = command.split(separator: " ").map(String.init)
            if let flag = words.firstIndex(of: "-o"), flag + 1 < words.count {
                let data = try Data(contentsOf: dir.appendingPathComponent(words[flag + 1]))
                switch (words[flag + 1] as NSString).pathExtension {
                case "png": #expect(pngSize(data) != nil, "\(command)")
                case "svg": #expect(String(decoding: data, as: UTF8.self).contains("</svg>"), "\(command)")
                case "pdf": #expect(data.starts(with: Array("%PDF".utf8)), "\(command)")
                case "gif": #expect(data.starts(with: Array("GIF89a".utf8)), "\(command)")
                case "webm": #expect(data.starts(with: [0x1A, 0x45, 0xDF, 0xA3]), "\(command)")
                case "mp4": #expect(data.count > 8 && data[4..<8] == Data("ftyp".utf8), "\(command)")
                case "json":  // a Lottie animation
                    let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                    #expect(document?["layers"] != nil && document?["fr"] != nil, "\(command)")
                default: Issue.record("\(command): unexpected output name")
                }
            } else {
                #expect(!output.isEmpty, "\(command)")
            }
        }
    }
}
