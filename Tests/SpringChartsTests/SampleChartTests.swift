import Foundation
import Testing

@testable import SpringCharts

/// Renders the sample charts into the temporary directory for a person to look at:
/// charts-sample.png, charts-sample-dark.png, their @2x versions, SVG and PDF copies, and
/// charts-variety(-dark).png/.svg, and charts-small.png (600 × 400); then checks that what it
/// draws is a chart.
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
        try Data(try renderer.render(small, format: .png)).write(
            to: directory.appendingPathComponent("charts-small.png"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("charts-sample.png").path))

        // What was written holds a chart: the curve's colour inside the first plot, background
        // outside it, and SVG text elements for the title and the labels.
        for theme in [Theme.light, .dark] {
            let chart = sampleChart(theme: theme)
            let result = ChartLayout(chart: chart, measurer: try CairoTextMeasurer()).layout()
            let image = try renderer.renderPixels(result.displayList)
            let plot = try #require(result.panels.first).plot
            let curve = theme.resolve(.palette(0))
            func matches(_ pixel: (red: Int, green: Int, blue: Int, alpha: Int), _ color: ChartColor) -> Bool {
                abs(pixel.red - Int(color.red * 255)) <= 4 && abs(pixel.green - Int(color.green * 255)) <= 4
                    && abs(pixel.blue - Int(color.blue * 255)) <= 4
            }
            var curvePixels = 0
            for y in Int(plot.minY)..<Int(plot.maxY) {
                for x in Int(plot.minX)..<Int(plot.maxX) where matches(image.rgba(x: x, y: y), curve) {
                    curvePixels += 1
                }
            }
            #expect(curvePixels > Int(plot.width), "the curve is drawn across the plot (\(curvePixels) px)")
            #expect(matches(image.rgba(x: 2, y: image.height - 2), theme.background))

            let svg = String(decoding: try renderer.render(chart, format: .svg), as: UTF8.self)
            #expect(svg.contains(">Spring step response</text>"))
            #expect(svg.components(separatedBy: "<text ").count - 1 > 20)
            #expect(svg.contains("<path"))
        }
    }
}
