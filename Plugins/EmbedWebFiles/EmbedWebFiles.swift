import Foundation
import PackagePlugin

/// Embeds a target's `Web` folder (the studio's HTML, CSS and JavaScript, edited as ordinary web
/// files) into the binary: a generated `WebFiles.swift` holds each file's text, so the server answers
/// from memory and never reads the disk per request.
@main
struct EmbedWebFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.appending(path: "Web")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "WebFiles.swift")
        return [
            .buildCommand(displayName: "Embedding \(files.count) web files of \(target.name)",
                          executable: try context.tool(named: "embed-web-files").url,
                          arguments: [output.path] + files.map(\.path),
                          inputFiles: files, outputFiles: [output]),
        ]
    }
}
