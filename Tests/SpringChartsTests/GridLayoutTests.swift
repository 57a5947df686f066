import Foundation
import Testing

@testable import SpringCharts

/// Small multiples laid out with the approximate measurer: no Cairo, no SpringMath.
@Suite("Grid layout")
struct GridLayoutTests {
    let measurer = ApproximateTextMeasurer()

    /// `rows` × `columns` cells of step responses (damping down the rows, response across the
    /// columns), each with a band, a target line, a settle line and a peak marker, like
    /// `springplot grid` draws.
    func gridChart(
        rows: Int, columns: Int, width: Double = 1600, height: Double = 1200,
        titles: Bool = false
    ) -> Chart {
        let ratios = (0..<rows).map { 0.2 + Double($0) * 1.0 / Double(max(1, rows - 1)) }
        let responses = (0..<columns).map { 0.3 + Double($0) * 0.9 / Double(max(1, columns - 1)) }
        let times = (0..<400).map { 4.0 * Double($0) / 399 }
        var panels: [Panel] = []
        var captions: [String] = []
        for ratio in ratios {
            for response in responses {
                let spring = SampleSpring(dampingRatio: min(ratio, 0.999), response: response)
                let settle = spring.settleTime(epsilon: 0.01, times: times)
                var annotations: [Annotation] = [
                    .horizontalBand(lower: 0.99, upper: 1.01, label: nil),
                    .horizontalLine(y: 1, label: nil, style: .dotted),
                    .verticalLine(x: settle, label: nil, style: .muted)
                ]
                if spring.peakTime < 4 {
                    annotations.append(.marker(x: spring.peakTime, y: spring.position(spring.peakTime), label: nil))
                }
                panels.append(
                    Panel(
                        series: [Series(xs: times, ys: times.map(spring.position))],
                        annotations: annotations, showsLegend: false))
                captions.append(
                    String(format: "%.2f s · %.0f %%", settle, (spring.position(spring.peakTime) - 1) * 100))
            }
        }
        let grid = PanelGrid(
            columns: columns,
            columnHeaders: responses.map { String(format: "response %.2f s", $0) },
            compactColumnHeaders: responses.map { String(format: "%.2f s", $0) },
            rowHeaders: ratios.map { String(format: "ζ %.2f", $0) },
            cellTitles: titles ? panels.indices.map { "preset \($0 + 1)" } : [],
            cellCaptions: captions,
            xAxis: Axis("time (s)"), yAxis: Axis("position"))
        return Chart(
            title: "Grid", subtitle: "rows: damping, columns: response", panels: panels, width: width,
            height: height, grid: grid)
    }

    func texts(_ result: LayoutResult) -> [TextRun] { result.displayList.texts }

    @Test("Cells do not overlap and stay on the canvas", arguments: [(6, 6), (8, 8), (1, 1), (3, 5), (6, 4)])
    func cellsApart(size: (Int, Int)) {
        let result = approximateLayout(gridChart(rows: size.0, columns: size.1))
        #expect(result.panels.count == size.0 * size.1)
        let canvas = Rect(x: 0, y: 0, width: 1600, height: 1200)
        for (i, a) in result.panels.enumerated() {
            #expect(canvas.contains(a.plot, tolerance: 0))
            for b in result.panels[(i + 1)...] { #expect(!a.plot.intersects(b.plot), "\(a.plot) overlaps \(b.plot)") }
        }
    }

    @Test("Every cell has the same size and the same x and y scales")
    func sharedAxes() throws {
        let result = approximateLayout(gridChart(rows: 6, columns: 6))
        let first = try #require(result.panels.first)
        for panel in result.panels {
            #expect(panel.xScale == first.xScale && panel.yScale == first.yScale)
            #expect(panel.plot.width == first.plot.width && panel.plot.height == first.plot.height)
        }
        // The shared y range holds every cell's curve, including the bounciest peak.
        let peak = gridChart(rows: 6, columns: 6).panels.flatMap { $0.series.flatMap(\.ys) }.max() ?? 0
        #expect(first.yScale.upper >= peak && first.yScale.lower <= 0)
        #expect(first.xScale.lower == 0 && first.xScale.upper >= 4)
        // Rows line up, columns line up.
        for (index, panel) in result.panels.enumerated() {
            #expect(panel.plot.minY == result.panels[index / 6 * 6].plot.minY)
            #expect(panel.plot.minX == result.panels[index % 6].plot.minX)
        }
    }

    @Test("Headers, captions and the shared axis labels are drawn once each")
    func headers() {
        let chart = gridChart(rows: 6, columns: 4)
        let strings = texts(approximateLayout(chart)).map(\.string)
        let grid = chart.grid!
        for header in grid.columnHeaders + grid.rowHeaders + ["time (s)", "position", "Grid"] {
            #expect(strings.filter { $0 == header }.count == 1, "\(header)")
        }
        for caption in Set(grid.cellCaptions) {
            #expect(strings.filter { $0 == caption }.count == grid.cellCaptions.filter { $0 == caption }.count)
        }
    }

    @Test("Tick labels only on the outer edges: y in the first column, x under the lowest cell of each column")
    func outerTickLabels() throws {
        // 7 cells in 3 columns: the last row is short, so columns 2 and 3 end a row higher.
        let full = gridChart(rows: 3, columns: 3)
        var chart = full
        chart.panels = Array(full.panels.prefix(7))
        chart.grid!.cellCaptions = Array(full.grid!.cellCaptions.prefix(7))
        let result = approximateLayout(chart)
        let ticks = Set(result.panels[0].xScale.ticks.labels + result.panels[0].yScale.ticks.labels)
        let tickTexts = texts(result).filter { ticks.contains($0.string) && $0.rotation == 0 }
        for (index, panel) in result.panels.enumerated() {
            let below = tickTexts.filter {
                $0.origin.y > panel.plot.maxY && $0.origin.y < panel.plot.maxY + 30
                    && $0.origin.x >= panel.plot.minX - 8 && $0.origin.x <= panel.plot.maxX + 8
            }
            let left = tickTexts.filter {
                $0.anchor == .end && $0.origin.x < panel.plot.minX && $0.origin.x > panel.plot.minX - 60
                    && $0.origin.y >= panel.plot.minY - 10 && $0.origin.y <= panel.plot.maxY + 10
            }
            #expect(below.isEmpty == (index + 3 < 7), "cell \(index): x labels \(below.map(\.string))")
            #expect(left.isEmpty == (index % 3 != 0), "cell \(index): y labels \(left.map(\.string))")
        }
    }

    @Test(
        "No two texts overlap, in a 6 × 6 grid, an 8 × 8 grid at its minimum size, and with cell titles",
        arguments: [(6, 6, false), (8, 8, false), (5, 5, true)])
    func noTextOverlaps(size: (Int, Int, Bool)) {
        var chart = gridChart(rows: size.0, columns: size.1, titles: size.2)
        if size.0 == 8 {
            let minimum = chart.minimumSize
            chart.width = minimum.width
            chart.height = minimum.height
        }
        let runs = texts(approximateLayout(chart)).filter { $0.rotation == 0 }
        let boxes = runs.map { $0.bounds(measurer: measurer) }
        for (i, a) in boxes.enumerated() {
            for (j, b) in boxes.enumerated() where j > i {
                #expect(!a.intersects(b), "\(runs[i].string) overlaps \(runs[j].string)")
            }
        }
    }

    @Test(
        "6 × 6 at the default size, and 8 × 8 at its minimum size: plots and type stay readable",
        arguments: [(6, 6, 1600.0, 1200.0), (8, 8, 0, 0), (6, 6, 0, 0)])
    func legible(size: (Int, Int, Double, Double)) {
        var chart = gridChart(rows: size.0, columns: size.1)
        if size.2 > 0 {
            chart.width = size.2
            chart.height = size.3
        } else {
            let minimum = chart.minimumSize
            chart.width = minimum.width
            chart.height = minimum.height
        }
        let result = approximateLayout(chart)
        for panel in result.panels {
            #expect(
                panel.plot.width >= PanelGrid.minimumPlotWidth && panel.plot.height >= PanelGrid.minimumPlotHeight,
                "\(panel.plot) at \(chart.width) × \(chart.height)")
        }
        if size.2 > 0 {
            // At the default size the cells are well above the minimum.
            #expect(result.panels[0].plot.width >= 200 && result.panels[0].plot.height >= 130)
        }
        let theme = Theme.light
        for run in texts(result) {
            #expect(
                run.font.size >= min(theme.tickLabelSize, theme.annotationSize), "\(run.string): \(run.font.size) px")
        }
        let tickSizes = Set(
            texts(result).filter { result.panels[0].xScale.ticks.labels.contains($0.string) }.map(\.font.size))
        #expect(tickSizes.allSatisfy { $0 >= theme.tickLabelSize })
        #expect(result.panels[0].xScale.ticks.values.count >= 3 && result.panels[0].yScale.ticks.values.count >= 3)
    }

    @Test("The minimum size grows with the grid and is what the renderer refuses below")
    func minimumSize() throws {
        let small = gridChart(rows: 2, columns: 2).minimumSize, large = gridChart(rows: 8, columns: 8).minimumSize
        #expect(large.width > small.width && large.height > small.height)
        #expect(large.width <= 1600 && large.height <= 1200, "8 × 8 fits the default canvas")
        #expect(Chart(panels: []).minimumSize == (Chart.minimumWidth, Chart.minimumHeight))
        var chart = gridChart(rows: 8, columns: 8, width: large.width - 1, height: large.height)
        #expect(throws: ChartRenderError.self) { try CairoRenderer().render(chart, format: .svg) }
        chart.width = large.width
        let svg = String(decoding: try CairoRenderer().render(chart, format: .svg), as: UTF8.self)
        #expect(svg.contains("response 0.30 s") || svg.contains("0.30 s"))
    }

    @Test("Long column headers give way to the compact ones when a column is too narrow")
    func compactHeaders() {
        let wide = texts(approximateLayout(gridChart(rows: 2, columns: 3))).map(\.string)
        #expect(wide.contains("response 0.30 s"))
        var narrow = gridChart(rows: 2, columns: 8)
        narrow.width = narrow.minimumSize.width
        let strings = texts(approximateLayout(narrow)).map(\.string)
        #expect(strings.contains("0.30 s") && !strings.contains { $0.hasPrefix("response") })
    }
}
