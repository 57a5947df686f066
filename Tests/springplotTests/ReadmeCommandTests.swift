import Foundation
import Testing

/// Every springplot command the README shows, run as written, so that the README stays true.
@Suite("README commands")
struct ReadmeCommandTests {
    /// The README's springplot command lines: lines of its `sh` blocks that run springplot, and the
    /// commands quoted in the gallery table.
    static func commands() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
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
                for (index, cell) in line.components(separatedBy: "`").enumerated() where index % 2 == 1 && cell.hasPrefix("springplot ") {
                    commands.append(cell)
                }
            }
        }
        return commands
    }

    @Test("The README lists springplot commands")
    func found() throws {
        let commands = try ReadmeCommandTests.commands()
        #expect(commands.count >= 12, "\(commands)")
        #expect(commands.contains("springplot --damping 0.68 --response 0.8 -o curve.png"))
        #expect(commands.contains { $0.contains("--times-file -") })
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
            environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
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
                default: Issue.record("\(command): unexpected output name")
                }
            } else {
                #expect(!output.isEmpty, "\(command)")
            }
        }
    }
}
