import Foundation
import Testing

@testable import SpringCharts

/// SpringCharts' getting-started article, line for line, with its comments asserted, so that the
/// documentation stays true.
@Suite("SpringCharts: getting started")
struct ChartsGettingStartedTests {
    @Test("A damped cosine renders to an 800 × 500 PNG, and its layout says its title and its target")
    func gettingStarted() throws {
        let times = (0...600).map { Double($0) / 300 }
        let position = times.map { 1 - exp(-2.5 * $0) * cos(9 * $0) }
        let chart = Chart(
            title: "Step response", subtitle: "a damped cosine",
            panels: [
                Panel(
                    xAxis: Axis("time (s)"), yAxis: Axis("position"),
                    series: [Series(name: "position", xs: times, ys: position)],
                    annotations: [.horizontalLine(y: 1, label: "target", style: .muted)])
            ],
            width: 800, height: 500)

        let png = try CairoRenderer().render(chart, format: .png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func bigEndian(_ offset: Int) -> Int { png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bigEndian(16) == 800 && bigEndian(20) == 500)  // IHDR's width and height

        var small = chart
        small.width = 300
        #expect(throws: ChartRenderError.self) { try CairoRenderer().render(small, format: .png) }

        let list = chart.layout(measurer: ApproximateTextMeasurer())
        let words = list.commands.compactMap { command -> String? in
            if case .text(let run) = command { return run.string }
            return nil
        }
        #expect(words.contains("Step response") && words.contains("target"))
    }
}
