import Foundation
import Testing

/// Every subcommand's `--help`, pinned: an option that vanishes or changes its wording shows up here.
/// After an intended change, regenerate the snapshots with
/// `UPDATE_HELP_SNAPSHOTS=1 swift test --filter HelpSnapshotTests` and review the diff.
@Suite("Help text snapshots")
struct HelpSnapshotTests {
    static let commands: [[String]] = [
        [], ["curve"], ["retarget"], ["integrators"], ["phase"], ["info"], ["data"],
        ["export"], ["grid"], ["verify"], ["fit"], ["track"], ["chase"], ["sequence"], ["animate"]
    ]

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/help")
    }

    /// `springplot <command> --help` at a fixed width of 80 columns.
    static func help(_ command: [String], executable: URL) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = command + ["--help"]
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command) --help exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test("springplot help matches its snapshot", arguments: commands)
    func springplotHelp(_ command: [String]) throws {
        let executable = try #require(springplotExecutable())
        try compare(
            try HelpSnapshotTests.help(command, executable: executable),
            name: "springplot" + command.map { "-" + $0 }.joined())
    }

    @Test("spring-studio help matches its snapshot")
    func studioHelp() throws {
        let studio = try #require(
            springplotExecutable()?.deletingLastPathComponent().appendingPathComponent("spring-studio"))
        // spring-studio is built by the browser tests' script.
        guard FileManager.default.isExecutableFile(atPath: studio.path) else { return }
        try compare(try HelpSnapshotTests.help([], executable: studio), name: "spring-studio")
    }

    /// docs/commands.md: the reference page of every command, made of the snapshots above.
    static func commandsPage() throws -> String {
        var page = """
            # Command reference

            Every command's `--help`, as it prints at 80 columns. This page is generated from the help
            snapshots in `Tests/springplotTests/Fixtures/help` (`UPDATE_HELP_SNAPSHOTS=1 swift test --filter
            HelpSnapshotTests` rewrites both), and a test fails when it differs from them.
            [springplot](springplot.md) shows the commands at work; the [glossary](glossary.md) defines
            the words.

            """
        let names = commands.map { "springplot" + $0.map { "-" + $0 }.joined() } + ["spring-studio"]
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent("\(name).txt"), encoding: .utf8)
            let title = name.replacingOccurrences(of: "springplot-", with: "springplot ")
            page += "\n## `\(title)`\n\n```text\n\(text.hasSuffix("\n") ? text : text + "\n")```\n"
        }
        return page
    }

    @Test("docs/commands.md is the help snapshots, every command")
    func commandsPage() throws {
        let file = HelpSnapshotTests.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/commands.md")
        let page = try HelpSnapshotTests.commandsPage()
        if ProcessInfo.processInfo.environment["UPDATE_HELP_SNAPSHOTS"] == "1" {
            try Data(page.utf8).write(to: file)
            return
        }
        let current = try String(contentsOf: file, encoding: .utf8)
        #expect(
            current == page, "docs/commands.md differs from the help snapshots: regenerate it (see HelpSnapshotTests)")
    }

    func compare(_ text: String, name: String) throws {
        let file = HelpSnapshotTests.directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["UPDATE_HELP_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: HelpSnapshotTests.directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        if text != expected {
            let got = text.split(separator: "\n", omittingEmptySubsequences: false)
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
            let gotLine = line < got.count ? String(got[line]) : "<end>"
            let wantLine = line < want.count ? String(want[line]) : "<end>"
            Issue.record(
                "\(name) --help differs from Fixtures/help/\(name).txt at line \(line + 1): got '\(gotLine)', expected '\(wantLine)'"
            )
        }
    }
}
