import Foundation
import SpringFuzzTargets
import Testing

/// Every input in `Fuzz/Corpus` (the fuzzers' seeds, and every input that ever crashed, hung or
/// blew up a target, named `regression-…`) goes through its target again in an ordinary build. A
/// crash fails the run; each target's promises (a one-line refusal, no server error) are checked
/// inside the target.
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ target: FuzzTarget) throws -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("Each target's corpus runs through it", arguments: FuzzTarget.allCases)
    func corpusRuns(_ target: FuzzTarget) throws {
        let files = try Self.inputs(target)
        #expect(files.count >= 3, "the \(target.rawValue) corpus has seeds and regressions")
        for file in files {
            target.run(Array(try Data(contentsOf: file)))
        }
    }

    @Test("Every crash the hostile pass found is kept as a regression input")
    func regressionsKept() throws {
        let regressions = try FuzzTarget.allCases.flatMap { try Self.inputs($0) }
            .filter { $0.lastPathComponent.hasPrefix("regression-") }
        #expect(regressions.count >= 20)
    }
}
