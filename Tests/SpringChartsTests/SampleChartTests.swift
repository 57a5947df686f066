import Foundation
import Testing
@testable import SpringCharts

/// Renders the sample charts into the temporary directory for a person to look at:
/// charts-sample.png, charts-sample-dark.png, their @2x versions, SVG and PDF copies, and
/// charts-variety(-dark).png/.svg, and charts-small.png (600 × 400).
@Suite("Sample charts")
struct SampleChartTests {
    @Test("Sample charts are written to the temporary directory")
    func writeSamples() throws {
        let directory = FileManager.default.temporaryDirectory
        let renderer = CairoRenderer()
        for (theme, name) in [(Theme.light, "charts-sample"), (Theme.dark, "charts-sample-dark")] {
            for scale in [1.0, 2.0] {
                let bytes = try renderer.render(sampleChart(theme: theme, scale: scale), format: .png)
                let file = directory.appendingPathComponent(name + (scale == 1 ? "" : "@2x") + ".png")
                try Data(bytes).write(to: file)
            }
            for format in [OutputFormat.svg, .pdf] {
                let bytes = try renderer.render(sampleChart(theme: theme), format: format)
                try Data(bytes).write(to: directory.appendingPathComponent(name + "." + format.fileExtension))
            }
        }
        for (theme, name) in [(Theme.light, "charts-variety"), (Theme.dark, "charts-variety-dark")] {
            try Data(try renderer.render(varietyChart(theme: theme), format: .png))
                .write(to: directory.appendingPathComponent(name + ".png"))
            try Data(try renderer.render(varietyChart(theme: theme), format: .svg))
                .write(to: directory.appendingPathComponent(name + ".svg"))
        }
        var small = sampleChart()
        small.width = 600
        small.height = 400
        try Data(try renderer.render(small, format: .png)).write(to: directory.appendingPathComponent("charts-small.png"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("charts-sample.png").path))
    }
}
