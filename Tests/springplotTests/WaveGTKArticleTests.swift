import Foundation
import Testing

/// WaveGTK's getting-started article cannot run in a unit test (it opens a window), so its code is
/// compiled with pip-demo (`Examples/pip/GettingStartedArticle.swift`); this test keeps the two the same.
@Suite("WaveGTK: the getting-started article's code is compiled")
struct WaveGTKArticleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("The article's code blocks, after the first, are the compiled function's body, line for line")
    func articleIsCompiled() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/WaveGTK/WaveGTK.docc/GettingStarted.md"),
            encoding: .utf8)
        let compiled = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/pip/GettingStartedArticle.swift"), encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        #expect(blocks.count == 3)
        let written = blocks.dropFirst().joined().split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let body = compiled.components(separatedBy: "func gettingStartedArticle() {\n").last!
            .components(separatedBy: "\n    }\n#endif")[0]
        let imports = compiled.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("import ") }
        let code = (imports + body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            .filter { !$0.isEmpty }
        #expect(written == code)
    }
}
