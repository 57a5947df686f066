import Foundation
import Testing

/// docs/springplot.md's table of what each target displays for the README spring is what `export`
/// measures: every target is in it, and every figure is the measured one (as printed: two
/// significant digits for the error, three for the finish).
@Suite("The platform table in the docs is export's")
struct PlatformTableTests {
    @Test func everyTargetAndFigure() throws {
        let run = try springplot(["export", "--damping", "0.68", "--response", "0.8", "--json"])
        #expect(run.status == 0)
        let reply = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let targets = try #require(reply["targets"] as? [[String: Any]])
        var measured: [String: [Int: (error: Double, finish: Double)]] = [:]
        for target in targets {
            let name = try #require(target["target"] as? String)
            for platform in target["platforms"] as? [[String: Any]] ?? [] {
                guard let fps = platform["fps"] as? Int, let error = platform["maxErrorFraction"] as? Double,
                    let finish = platform["finishTime"] as? Double
                else { continue }
                measured[name, default: [:]][fps] = (error * 100, finish)
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/springplot.md"), encoding: .utf8)
        let header = "| target | how it steps | error at 60 Hz | finish at 60 Hz | error at 120 Hz | finish at 120 Hz |"
        let table = try #require(text.components(separatedBy: header).dropFirst().first)
        var listed = Set<String>()
        // The rest of the header line, then the separator row, then one row a target.
        for line in table.split(separator: "\n").dropFirst(2) {
            guard line.hasPrefix("| ") else { break }
            let cells = line.dropFirst().split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 7 else { continue }
            let names = cells[0].split(separator: ",").map {
                String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            }
            for name in names {
                guard let figures = measured[name] else { continue }  // a model only (Rebound Java)
                listed.insert(name)
                for (fps, errorCell, finishCell) in [(60, cells[2], cells[3]), (120, cells[4], cells[5])] {
                    let error = try #require(Double(errorCell.split(separator: " ")[0]), "\(name): \(errorCell)")
                    let finish = try #require(Double(finishCell.split(separator: " ")[0]), "\(name): \(finishCell)")
                    let actual = try #require(figures[fps], "\(name) at \(fps) Hz")
                    #expect(
                        abs(error - actual.error) <= 0.05 * actual.error + 1e-12,
                        "\(name) at \(fps) Hz: error \(error) % in the docs, \(actual.error) % measured")
                    #expect(
                        abs(finish - actual.finish) <= 0.006 + 0.005 * actual.finish,
                        "\(name) at \(fps) Hz: finish \(finish) s in the docs, \(actual.finish) s measured")
                }
            }
        }
        let missing = Set(measured.keys).subtracting(listed)
        #expect(missing.isEmpty, "targets missing from the docs' table: \(missing.sorted())")
        #expect(listed.count >= 19)
    }
}
