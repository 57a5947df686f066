import Foundation
import Testing

@testable import SpringCharts

@Suite("Layout")
struct LayoutTests {
    let measurer = ApproximateTextMeasurer()

    /// The box each command covers (text measured with the approximate measurer), or nil for clips.
    func bounds(of command: DrawCommand) -> Rect? {
        switch command {
        case .rect(let rect, _, let stroke, _):
            let half = (stroke?.width ?? 0) / 2
            return rect.insetBy(dx: -half, dy: -half)
        case .line(let from, let to, let stroke, _):
            let half = stroke.width / 2
            return Rect(
                x: min(from.x, to.x) - half, y: min(from.y, to.y) - half,
                width: abs(to.x - from.x) + 2 * half, height: abs(to.y - from.y) + 2 * half)
        case .polyline, .pushClip, .popClip:
            return nil  // clipped to the plot
        case .circle(let center, let radius, _, let stroke):
            let r = radius + (stroke?.width ?? 0) / 2
            return Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
        case .text(let run):
            return run.bounds(measurer: measurer)
        }
    }

    @Test(
        "Nothing lies outside the canvas",
        arguments: [
            (1200.0, 800.0), (600, 400), (1600, 500), (400, 900)
        ])
    func insideCanvas(size: (Double, Double)) {
        var chart = sampleChart()
        chart.width = size.0
        chart.height = size.1
        let list = chart.layout(measurer: measurer)
        let canvas = Rect(x: 0, y: 0, width: list.width, height: list.height)
        for command in list.commands {
            guard let box = bounds(of: command) else { continue }
            #expect(canvas.contains(box, tolerance: 0.5), "\(command) sticks out of \(canvas)")
        }
    }

    @Test("Tick labels, axis labels and the title do not overlap the plot or each other")
    func noOverlaps() throws {
        let result = approximateLayout(sampleChart())
        let texts = result.displayList.texts.filter { $0.rotation == 0 }
        let boxes = texts.map { $0.bounds(measurer: measurer) }
        for (i, a) in boxes.enumerated() {
            for (j, b) in boxes.enumerated() where j > i {
                #expect(!a.intersects(b), "\(texts[i].string) overlaps \(texts[j].string)")
            }
        }
        let tickLabels = Set(result.panels.flatMap { $0.xScale.ticks.labels + $0.yScale.ticks.labels })
        for (text, box) in zip(texts, boxes) where tickLabels.contains(text.string) {
            for panel in result.panels { #expect(!panel.plot.intersects(box), "\(text.string)") }
        }
    }

    @Test("The left margin grows with wider y tick labels")
    func marginFollowsLabels() throws {
        let xs = [0.0, 1]
        let tickLength = ChartLayout(chart: singleSeriesChart(xs: xs, ys: [0, 1]), measurer: measurer).metrics
            .tickLength
        let narrow = approximateLayout(singleSeriesChart(xs: xs, ys: [0, 1]))
        let wide = approximateLayout(singleSeriesChart(xs: xs, ys: [0, 123_456]))
        let narrowPlot = try #require(narrow.panels.first).plot
        let widePlot = try #require(wide.panels.first).plot
        #expect(widePlot.minX > narrowPlot.minX + 12)
        // The widest label ends just left of the plot, with room for the tick.
        let labels = wide.displayList.texts.filter { $0.anchor == .end }
        for label in labels {
            let box = label.bounds(measurer: measurer)
            #expect(box.maxX <= widePlot.minX - tickLength)
            #expect(box.minX > 20)
        }
    }

    @Test(
        "Tick counts follow the plot size against the type size: never crowded, the same on a chart scaled as a whole")
    func tickDensity() throws {
        for (width, height) in [(1200.0, 800.0), (600, 400), (2400, 1600), (1600, 500)] {
            var chart = sampleChart()
            chart.width = width
            chart.height = height
            let metrics = ChartLayout(chart: chart, measurer: measurer).metrics
            for panel in approximateLayout(chart).panels {
                let yTicks = panel.yScale.ticks.values.count, xTicks = panel.xScale.ticks.values.count
                #expect(yTicks <= AxisTicks.maxCount(length: panel.plot.height, spacing: metrics.yTickSpacing))
                #expect(xTicks <= AxisTicks.maxCount(length: panel.plot.width, spacing: metrics.xTickSpacing))
                #expect(yTicks >= 2 && xTicks >= 3)
            }
        }
        let reference = approximateLayout(sampleChart()).panels[0]
        var big = sampleChart()
        big.width = 2400
        big.height = 1600
        let large = approximateLayout(big).panels[0]
        #expect(large.xScale.ticks == reference.xScale.ticks && large.yScale.ticks == reference.yScale.ticks)
        var wide = sampleChart()
        wide.width = 2400
        #expect(approximateLayout(wide).panels[0].xScale.ticks.values.count > reference.xScale.ticks.values.count)
    }

    @Test("A time axis runs edge to edge; a phase plot's x axis is padded")
    func xPadding() throws {
        let time = approximateLayout(singleSeriesChart(xs: [0, 1, 2], ys: [0, 1, 0])).panels[0]
        #expect(time.xScale.lower == 0 && time.xScale.upper == 2)
        let phase = approximateLayout(singleSeriesChart(xs: [0, 2, 1], ys: [0, 1, 0])).panels[0]
        #expect(phase.xScale.lower < 0 && phase.xScale.upper > 2)
    }

    @Test("Panels stack with equal heights, a gap, and shared left and right edges")
    func panelsStack() throws {
        let result = approximateLayout(sampleChart())
        let top = result.panels[0].plot, bottom = result.panels[1].plot
        #expect(top.height == bottom.height)
        #expect(top.minX == bottom.minX && top.maxX == bottom.maxX)
        #expect(bottom.minY > top.maxY + 30)
        // The first panel repeats the second's x axis label: only the bottom one shows it.
        #expect(result.displayList.texts.filter { $0.string == "time (s)" }.count == 1)
        // Title and subtitle sit above the first plot.
        let title = try #require(result.displayList.texts.first { $0.string == "Spring step response" })
        #expect(title.font.weight == .bold)
        #expect(title.bounds(measurer: measurer).maxY < top.minY)
    }

    @Test("Series are clipped to the plot area")
    func clip() throws {
        let result = approximateLayout(sampleChart())
        let commands = result.displayList.commands
        for panel in result.panels {
            let push = try #require(commands.firstIndex(of: .pushClip(panel.plot)))
            let pop = try #require(commands[push...].firstIndex(of: .popClip))
            let inside = commands[push..<pop].filter { if case .polyline = $0 { true } else { false } }
            #expect(!inside.isEmpty)
        }
        let polylineIndices = commands.indices.filter { if case .polyline = commands[$0] { true } else { false } }
        for index in polylineIndices {
            let lastPush = commands[..<index].lastIndex { if case .pushClip = $0 { true } else { false } }
            let lastPop = commands[..<index].lastIndex(of: .popClip)
            #expect(lastPush != nil && (lastPop ?? -1) < lastPush!)
        }
    }

    @Test("Grid lines are crisp and drawn before the curves")
    func gridBehindCurves() throws {
        var chart = sampleChart()
        chart.panels.removeLast()
        let commands = approximateLayout(chart).displayList.commands
        let firstCurve = try #require(commands.firstIndex { if case .polyline = $0 { true } else { false } })
        let grid = Theme.light.grid
        let gridLines = commands.indices.filter {
            if case .line(_, _, let stroke, let crisp) = commands[$0] { return stroke.color == grid && crisp }
            return false
        }
        #expect(gridLines.count > 10)
        #expect(gridLines.allSatisfy { $0 < firstCurve })
    }

    @Test("A non-finite point breaks the curve; far-away points are clipped to finite coordinates")
    func gapsAndHugeValues() throws {
        let xs = (0..<10).map(Double.init)
        var ys = xs
        ys[4] = .nan
        let gappedLayout = approximateLayout(singleSeriesChart(xs: xs, ys: ys))
        let gapped = gappedLayout.displayList.polylines
        let transform = try #require(gappedLayout.panels.first).transform
        // Two straight runs, 0…3 and 5…9 (their collinear inner points simplified away).
        #expect(gapped.count == 2)
        #expect(gapped.first?.first == transform.point(0, 0) && gapped.first?.last == transform.point(3, 3))
        #expect(gapped.last?.first == transform.point(5, 5) && gapped.last?.last == transform.point(9, 9))

        var chart = singleSeriesChart(xs: xs, ys: xs.map { pow(10, $0 * 40) })
        chart.panels[0].yAxis.range = 0...10
        let result = approximateLayout(chart)
        let plot = try #require(result.panels.first).plot
        for point in result.displayList.polylines.joined() {
            #expect(plot.insetBy(dx: -10, dy: -10).contains(point), "\(point)")
        }
        let infinite = singleSeriesChart(xs: [0, 1, 2], ys: [0, .infinity, -.infinity])
        #expect(approximateLayout(infinite).displayList.polylines.isEmpty)
    }

    @Test("Annotation labels are present, inside the plot and clear of each other")
    func annotations() throws {
        let result = approximateLayout(sampleChart())
        let strings = Set(result.displayList.texts.map(\.string))
        #expect(strings.contains("target"))
        #expect(strings.contains("±0.02"))
        #expect(strings.contains { $0.hasPrefix("settles ") })
        #expect(strings.contains { $0.hasPrefix("overshoot ") })
        let panel = result.panels[0]
        for (i, a) in panel.labels.enumerated() {
            #expect(panel.plot.contains(a, tolerance: 0.5))
            for b in panel.labels[(i + 1)...] { #expect(!a.intersects(b)) }
            if let legend = panel.legend { #expect(!a.intersects(legend)) }
        }
        let circles = result.displayList.commands.filter { if case .circle = $0 { true } else { false } }
        #expect(circles.count == 1)
    }

    @Test("A note goes into a free corner")
    func note() throws {
        var chart = singleSeriesChart(xs: [0, 1], ys: [0, 1], name: nil)
        chart.panels[0].annotations = [.note("diverges (clipped)")]
        let result = approximateLayout(chart)
        let panel = try #require(result.panels.first)
        let box = try #require(panel.notes)
        #expect(panel.plot.contains(box))
        // The diagonal runs from bottom-left to top-right: the note takes another corner.
        #expect((box.midX < panel.plot.midX) == (box.midY < panel.plot.midY))
        #expect(result.displayList.texts.contains { $0.string == "diverges (clipped)" })
    }

    @Test("The dark theme changes the background and text colours")
    func darkTheme() throws {
        let light = sampleChart(theme: .light).layout(measurer: measurer)
        let dark = sampleChart(theme: .dark).layout(measurer: measurer)
        guard case .rect(let rect, let fill, _, _) = try #require(dark.commands.first) else {
            Issue.record("the first command should paint the background")
            return
        }
        #expect(rect == Rect(x: 0, y: 0, width: 1200, height: 800))
        #expect(fill == Theme.dark.background)
        #expect(light.commands.first != dark.commands.first)
        let title = try #require(dark.texts.first { $0.string == "Spring step response" })
        #expect(title.color == Theme.dark.foreground)
    }

    @Test("Layout is pure: the same chart gives the same display list")
    func pure() {
        #expect(sampleChart().layout(measurer: measurer) == sampleChart().layout(measurer: measurer))
    }

    @Test("Degenerate charts lay out without trapping")
    func degenerate() {
        let charts = [
            Chart(panels: []),
            Chart(title: "empty", panels: [Panel()]),
            Chart(panels: [Panel(series: [Series(xs: [], ys: [])])], width: 0, height: -5),
            singleSeriesChart(xs: [1, 1, 1], ys: [2, 2, 2]),
            singleSeriesChart(xs: [.nan], ys: [.nan]),
            Chart(panels: [Panel(annotations: [.horizontalLine(y: 3, label: "only", style: .muted)])]),
            Chart(
                panels: Array(repeating: Panel(series: [Series(xs: [0, 1], ys: [0, 1])]), count: 12),
                width: 50, height: 50),
            Chart(panels: [Panel(series: [Series(name: "huge", xs: [0, 1], ys: [0, 1])])], width: 1e9, height: 1e9),
            Chart(panels: [Panel(series: [Series(xs: [0, 1], ys: [0, 1])])], width: .nan, height: .infinity)
        ]
        for chart in charts {
            let list = chart.layout(measurer: measurer)
            #expect(!list.commands.isEmpty)
        }
    }
}

@Suite("Legend placement")
struct LegendPlacementTests {
    /// A dense zigzag filling one quadrant of the unit square.
    func zigzag(right: Bool, top: Bool) -> Series {
        let x0 = right ? 0.55 : 0.0, y0 = top ? 0.55 : 0.0
        var xs: [Double] = [], ys: [Double] = []
        for i in 0...60 {
            xs.append(x0 + 0.45 * Double(i) / 60)
            ys.append(y0 + (i % 2 == 0 ? 0 : 0.45))
        }
        return Series(name: "busy quadrant", xs: xs, ys: ys)
    }

    func layout(_ series: Series) -> PanelGeometry? {
        let chart = Chart(
            panels: [Panel(xAxis: Axis(range: 0...1), yAxis: Axis(range: 0...1), series: [series])],
            width: 900, height: 600)
        return approximateLayout(chart).panels.first
    }

    @Test(
        "The legend avoids the corner a curve occupies",
        arguments: [(true, true), (false, true), (false, false), (true, false)])
    func avoidsCurve(quadrant: (right: Bool, top: Bool)) throws {
        let panel = try #require(layout(zigzag(right: quadrant.right, top: quadrant.top)))
        let legend = try #require(panel.legend)
        let plot = panel.plot
        let inRight = legend.midX > plot.midX, inTop = legend.midY < plot.midY
        #expect(!(inRight == quadrant.right && inTop == quadrant.top), "legend \(legend) sits on the curve")
        // It hides none of the curve's points.
        let series = zigzag(right: quadrant.right, top: quadrant.top)
        for (x, y) in zip(series.xs, series.ys) {
            #expect(!legend.contains(panel.transform.point(x, y)))
        }
    }

    @Test("Without competition the legend goes top-right, and it holds one row per named series")
    func defaultCorner() throws {
        let chart = Chart(panels: [
            Panel(
                xAxis: Axis(range: 0...1), yAxis: Axis(range: 0...1),
                series: [
                    Series(name: "a", xs: [0, 0.3], ys: [0.1, 0.2]),
                    Series(name: nil, xs: [0, 0.3], ys: [0.2, 0.3]),
                    Series(name: "c", xs: [0, 0.3], ys: [0.3, 0.1])
                ])
        ])
        let result = approximateLayout(chart)
        let panel = try #require(result.panels.first)
        let legend = try #require(panel.legend)
        #expect(legend.midX > panel.plot.midX && legend.midY < panel.plot.midY)
        let inside = result.displayList.texts.filter { legend.contains(Point(x: $0.origin.x, y: $0.origin.y)) }
        #expect(inside.map(\.string) == ["a", "c"])
    }

    @Test("No legend when hidden or when no series has a name")
    func hidden() {
        var chart = singleSeriesChart(xs: [0, 1], ys: [0, 1])
        chart.panels[0].showsLegend = false
        #expect(approximateLayout(chart).panels[0].legend == nil)
        #expect(approximateLayout(singleSeriesChart(xs: [0, 1], ys: [0, 1], name: nil)).panels[0].legend == nil)
    }
}

@Suite("Polyline simplification")
struct SimplificationTests {
    @Test("Dropped points lie within the tolerance of the simplified line; ends and reversals stay")
    func withinTolerance() {
        let smooth = (0...2000).map { i -> Point in
            let t = Double(i) / 2000
            return Point(x: 1100 * t, y: 300 - 280 * sin(9 * t) * exp(-2 * t))
        }
        let simplified = smooth.simplified(tolerance: 0.1)
        #expect(simplified.count < 400)
        #expect(simplified.first == smooth.first && simplified.last == smooth.last)
        for point in smooth {
            let nearest =
                zip(simplified, simplified.dropFirst()).map { point.distance(toSegmentFrom: $0, to: $1) }.min() ?? 0
            #expect(nearest <= 0.1 + 1e-9)
        }
        // A spike out and back along one line keeps its tip.
        let spike = [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 0), Point(x: 2, y: 0)]
        #expect(spike.simplified().contains(Point(x: 10, y: 0)))
        // Noise keeps (nearly) every point, in linear time per chunk.
        let noise = (0..<5000).map { Point(x: Double($0) * 0.2, y: $0 % 2 == 0 ? 0 : 3) }
        #expect(noise.simplified().count == noise.count)
    }
}
