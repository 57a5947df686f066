import Foundation
import Testing

@testable import SpringCharts
@testable import SpringPlotCommands

/// Issue 45: no two labels overlap on the gallery's charts (docs/springplot.md's commands, at the
/// default size the gallery shows them at), laid out with Cairo's own text metrics.
@Suite("Gallery chart labels", .serialized)
struct GalleryLayoutTests {
    static let sequenceFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/examples/sequence.json").standardized.path

    static let commands: [[String]] = [
        ["curve", "--damping", "0.68", "--response", "0.8"],
        ["curve", "--damping", "0.3,0.7,1", "--response", "0.5", "--theme", "dark"],
        ["curve", "--damping", "0.68", "--response", "0.8", "--platform", "all"],
        ["curve", "--damping", "0.68", "--response", "0.8", "--to", "100", "--platform", "react-spring,android"],
        ["retarget", "--damping", "0.7", "--response", "0.6", "--to", "100", "--at", "0.25", "--new-target", "40"],
        ["integrators", "--damping", "1", "--response", "0.1", "--to", "100"],
        ["phase", "--damping", "0.2,0.7,1.5", "--response", "0.5"],
        ["grid", "--damping", "0.2:1.2:6", "--response", "0.3:1.2:6"],
        ["chase", "--damping", "0.7", "--response", "0.4", "--to", "0", "--target-velocity", "300"],
        ["sequence", sequenceFile]
    ]

    @MainActor func chart(_ arguments: [String]) throws -> Chart {
        let command = try SpringPlot.parseAsRoot(arguments)
        switch command {
        case let curve as Curve: return try curve.platformChart() ?? curve.plot.chart
        case let retarget as Retarget: return try retarget.retargetChart()
        case let integrators as Integrators: return try integrators.integratorsChart()
        case let phase as Phase: return try phase.phaseChart()
        case let grid as Grid: return try grid.gridChart()
        case let chase as Chase: return try chase.chaseChart()
        case let sequence as SequenceCommand:
            return sequence.sequenceChart(try SequenceFile.read(Self.sequenceFile, option: "sequence file"))
        default: throw CocoaError(.featureUnsupported)
        }
    }

    // On the main actor: retarget's chart runs WaveRuntime's animator there, as springplot does.
    @MainActor @Test(arguments: commands)
    func noLabelsOverlap(arguments: [String]) throws {
        let measurer = try CairoTextMeasurer()
        let list = try chart(arguments).layout(measurer: measurer)
        let overlaps = list.overlappingTexts(measurer: measurer)
        #expect(overlaps.isEmpty, "\(arguments): \(overlaps.prefix(4))")
    }
}
