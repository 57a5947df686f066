import Foundation
import SpringTestSupport
import Testing

@testable import SpringCharts

/// Whether the polyline passes through `rect` (SpringTestSupport's walk, independent of the layout's
/// own clipping test).
func polyline(_ points: [Point], touches rect: Rect) -> Bool {
    polylineTouches(
        points.map { SIMD2($0.x, $0.y) }, lower: SIMD2(rect.minX, rect.minY), upper: SIMD2(rect.maxX, rect.maxY))
}

/// Overlaid step responses with settle lines and overshoot markers in each series' colour, as a
/// spring tool draws several springs.
func overlaidChart(ratios: [Double], response: Double = 0.5, width: Double = 1200, height: Double = 800) -> Chart {
    let times = (0..<1200).map { 1.5 * Double($0) / 1199 }
    var series: [Series] = [],
        annotations: [Annotation] = [
            .horizontalBand(lower: 0.99, upper: 1.01, label: "±1 % settle band"),
            .horizontalLine(y: 1, label: "target", style: .dotted)
        ]
    for (index, ratio) in ratios.enumerated() {
        let spring = SampleSpring(dampingRatio: min(ratio, 0.999), response: response)
        series.append(
            Series(
                name: "ζ = \(ratio)", xs: times, ys: times.map(spring.position), color: .palette(index),
                lineWidth: 2.5))
        let settle = spring.settleTime(epsilon: 0.01, times: times)
        annotations.append(
            .verticalLine(
                x: settle, label: String(format: "%.3g s", settle),
                style: AnnotationStyle(color: .palette(index))))
        let peak = spring.position(spring.peakTime)
        if peak > 1.0001, spring.peakTime < 1.5 {
            annotations.append(
                .marker(
                    x: spring.peakTime, y: peak, label: String(format: "%.1f %%", (peak - 1) * 100),
                    color: .palette(index)))
        }
    }
    return Chart(
        title: "\(ratios.count) springs", subtitle: "from 0 to 1",
        panels: [
            Panel(
                xAxis: Axis("time (s)", range: 0...1.5), yAxis: Axis("position"), series: series,
                annotations: annotations)
        ],
        width: width, height: height)
}

/// Undamped oscillations that fill the whole plot: no spot inside is free of curves.
func fullPlotChart(width: Double = 1200, height: Double = 800) -> Chart {
    let times = (0..<1500).map { 2 * Double($0) / 1499 }
    let series = [1.0, 1.03, 1.07, 1.1].enumerated().map { index, speed in
        Series(
            name: "oscillator \(index + 1) (frequency × \(speed))", xs: times,
            ys: times.map { 1 - cos(4 * .pi * speed * $0) }, color: .palette(index))
    }
    return Chart(
        title: "Undamped", panels: [Panel(xAxis: Axis("time (s)"), yAxis: Axis("position"), series: series)],
        width: width, height: height)
}

@Suite("Readable charts")
struct ReadabilityTests {
    let measurer = ApproximateTextMeasurer()

    @Test(
        "The settle band is drawn at least the minimum height, with its tolerance labelled",
        arguments: [
            (1200.0, 800.0), (600, 400), (4000, 3000)
        ])
    func settleBand(size: (Double, Double)) throws {
        var chart = sampleChart()
        chart.width = size.0
        chart.height = size.1
        chart.panels[0].annotations[0] = .horizontalBand(lower: 0.99, upper: 1.01, label: "±1 % settle band")
        let layout = ChartLayout(chart: chart, measurer: measurer)
        let result = layout.layout()
        let panel = result.panels[0]
        let band = try #require(panel.bands.first)
        #expect(band.height >= layout.metrics.minimumBandHeight - 0.01)
        #expect(layout.metrics.minimumBandHeight >= 7.5)
        // Centred on the band's values, across the plot.
        #expect(abs(band.midY - panel.transform.y(1)) < 0.5)
        #expect(band.width == panel.plot.width)
        #expect(result.displayList.texts.contains { $0.string == "±1 % settle band" })
        // A band already taller than the minimum keeps its true height.
        chart.panels[0].annotations[0] = .horizontalBand(lower: 0.5, upper: 0.7, label: nil)
        let wide = approximateLayout(chart).panels[0]
        let trueHeight = wide.transform.y(0.5) - wide.transform.y(0.7)
        #expect(abs((wide.bands.first?.height ?? 0) - trueHeight) < 0.01)
    }

    @Test(
        "The legend never crosses a curve: inside where a spot is free, beside the plot otherwise",
        arguments: [
            (1200.0, 800.0), (600, 400)
        ])
    func legendClearOfCurves(size: (Double, Double)) throws {
        for chart in [
            overlaidChart(ratios: [0.3, 0.7, 1], width: size.0, height: size.1),
            fullPlotChart(width: size.0, height: size.1)
        ] {
            let result = approximateLayout(chart)
            let panel = try #require(result.panels.first)
            let legend = try #require(panel.legend)
            for curve in panel.curves {
                #expect(!polyline(curve, touches: legend), "\(chart.title ?? "") legend \(legend) covers a curve")
            }
            let canvas = Rect(x: 0, y: 0, width: chart.width, height: chart.height)
            #expect(canvas.contains(legend))
        }
        // Oscillations fill the plot, so the legend goes right of it.
        let full = approximateLayout(fullPlotChart(width: size.0, height: size.1)).panels[0]
        let legend = try #require(full.legend)
        #expect(legend.minX > full.plot.maxX)
        guard case .outside = full.legendPlacement else {
            Issue.record("expected the legend beside the plot, got \(String(describing: full.legendPlacement))")
            return
        }
    }

    @Test("On a narrow canvas a legend with no free spot goes below the plots, clear of the axis labels")
    func legendBelow() throws {
        let chart = fullPlotChart(width: Chart.minimumWidth, height: Chart.minimumHeight)
        let result = approximateLayout(chart)
        let panel = try #require(result.panels.first)
        guard case .below(let legend)? = panel.legendPlacement else {
            Issue.record("expected the legend below the plot, got \(String(describing: panel.legendPlacement))")
            return
        }
        #expect(Rect(x: 0, y: 0, width: chart.width, height: chart.height).contains(legend, tolerance: 0.5))
        let texts = result.displayList.texts
        let axisLabel = try #require(texts.first { $0.string == "time (s)" }).bounds(measurer: measurer)
        #expect(legend.minY >= axisLabel.maxY)
        // Every entry is drawn inside the legend's rows.
        for entry in chart.panels[0].series.compactMap(\.name) {
            let run = try #require(texts.first { $0.string == entry })
            #expect(legend.contains(run.bounds(measurer: measurer), tolerance: 1), "\(entry)")
        }
    }

    @Test("Labels stay clear of curves, reference lines and each other")
    func labelsClear() throws {
        // A marker on a vertical line, as the retarget chart's velocity jump sits on the switch line.
        let times = (0..<600).map { 1.5 * Double($0) / 599 }
        let spring = SampleSpring(dampingRatio: 0.7, response: 0.6)
        let chart = Chart(
            panels: [
                Panel(
                    xAxis: Axis("time (s)"), yAxis: Axis("velocity"),
                    series: [Series(xs: times, ys: times.map(spring.velocity))],
                    annotations: [
                        .verticalLine(x: 0.25, label: nil, style: .emphasis),
                        .horizontalLine(y: 0, label: nil, style: .dotted),
                        .marker(x: 0.25, y: 0, label: "restart: velocity jumps 224 → 0")
                    ])
            ],
            width: 1200, height: 500)
        let panel = try #require(approximateLayout(chart).panels.first)
        let label = try #require(panel.labelTexts.first)
        let switchX = panel.transform.x(0.25)
        #expect(!(label.minX...label.maxX).contains(switchX), "the switch line strikes through \(label)")
        #expect(!(label.minY...label.maxY).contains(panel.transform.y(0)), "the zero line strikes through \(label)")
        for curve in panel.curves { #expect(!polyline(curve, touches: label)) }

        let overlaid = approximateLayout(overlaidChart(ratios: [0.2, 0.4, 0.6, 0.8]))
        let geometry = overlaid.panels[0]
        for (i, a) in geometry.labelTexts.enumerated() {
            #expect(geometry.plot.contains(a, tolerance: 0.5))
            for b in geometry.labelTexts[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
            for curve in geometry.curves { #expect(!polyline(curve, touches: a), "a curve crosses label \(a)") }
        }
    }

    @Test("Marker labels take their series' colour; equal labels are written once with their count")
    func markerLabels() throws {
        let list = approximateLayout(overlaidChart(ratios: [0.3, 0.5])).displayList
        let labels = list.texts.filter { $0.string.hasSuffix("%") }
        #expect(labels.count == 2)
        #expect(Set(labels.map(\.color)) == [Theme.light.resolve(.palette(0)), Theme.light.resolve(.palette(1))])
        let circles = list.commands.compactMap { command -> ChartColor? in
            if case .circle(_, _, _, let stroke) = command { return stroke?.color } else { return nil }
        }
        #expect(circles == [Theme.light.resolve(.palette(0)), Theme.light.resolve(.palette(1))])

        // Six springs with one damping ratio overshoot alike: one label, not six.
        let times = (0..<600).map { 2 * Double($0) / 599 }
        var annotations: [Annotation] = []
        var series: [Series] = []
        for (index, response) in [0.3, 0.4, 0.5, 0.6, 0.7, 0.8].enumerated() {
            let spring = SampleSpring(dampingRatio: 0.5, response: response)
            series.append(
                Series(
                    name: "response \(response)", xs: times, ys: times.map(spring.position),
                    color: .palette(index)))
            annotations.append(
                .marker(
                    x: spring.peakTime, y: spring.position(spring.peakTime), label: "16.3 %",
                    color: .palette(index)))
        }
        let same = approximateLayout(Chart(panels: [Panel(series: series, annotations: annotations)])).displayList
        let written = same.texts.filter { $0.string.hasPrefix("16.3 %") }
        #expect(written.map(\.string) == ["16.3 % (×6)"])
        #expect(written.first?.color == Theme.light.foreground)
    }

    @Test("Type and margins scale with the canvas; a canvas below the minimum is refused")
    func canvasSizes() throws {
        func titleSize(_ width: Double, _ height: Double) throws -> Double {
            var chart = sampleChart()
            chart.width = width
            chart.height = height
            let title = try #require(approximateLayout(chart).displayList.texts.first { $0.string == chart.title })
            return title.font.size
        }
        #expect(try titleSize(1200, 800) == Theme.light.titleSize)
        #expect(try titleSize(4000, 3000) >= 3 * Theme.light.titleSize)
        #expect(try titleSize(400, 300) >= 0.75 * Theme.light.titleSize - 1e-9)

        // The smallest canvas still holds two readable panels, all inside the canvas.
        for chart in [sampleChart(), overlaidChart(ratios: [0.3, 0.7, 1])] {
            var small = chart
            small.width = Chart.minimumWidth
            small.height = Chart.minimumHeight
            let result = approximateLayout(small)
            for panel in result.panels {
                #expect(panel.plot.height >= 60, "plot \(panel.plot)")
                #expect(panel.plot.width >= 200, "plot \(panel.plot)")
                if let legend = panel.legend {
                    #expect(Rect(x: 0, y: 0, width: small.width, height: small.height).contains(legend))
                }
            }
        }

        var tiny = sampleChart()
        tiny.width = 300
        tiny.height = 200
        do {
            _ = try CairoRenderer().render(tiny, format: .png)
            Issue.record("a 300 × 200 chart should be refused")
        } catch let error as ChartRenderError {
            #expect(error.description.contains("400 × 300"))
        }
    }

    @Test("An explicit range that cuts off a series says so in a note, unless a note names it already")
    func clippingNote() throws {
        let xs = (0...100).map { Double($0) / 100 }
        var chart = singleSeriesChart(xs: xs, ys: xs.map { 160 * sin(.pi * $0) }, name: "RK4 30 Hz")
        chart.panels[0].yAxis.range = 0...150
        let clipped = try #require(approximateLayout(chart).panels.first)
        #expect(clipped.noteLines == ["clipped by the axis: RK4 30 Hz"])
        #expect(clipped.notes != nil)

        chart.panels[0].yAxis.range = 0...170
        #expect(approximateLayout(chart).panels[0].noteLines.isEmpty)

        chart.panels[0].yAxis.range = 0...150
        chart.panels[0].annotations = [.note("RK4 30 Hz diverges")]
        #expect(approximateLayout(chart).panels[0].noteLines == ["RK4 30 Hz diverges"])
    }

    @Test("A step series is drawn as held values: every segment horizontal or vertical")
    func steps() throws {
        let xs = (0..<12).map { Double($0) / 30 }
        let ys = xs.map { 1 - exp(-8 * $0) }
        var chart = singleSeriesChart(xs: xs, ys: ys)
        chart.panels[0].series[0].interpolation = .steps
        let panel = try #require(approximateLayout(chart).panels.first)
        let curve = try #require(panel.curves.first)
        for (a, b) in zip(curve, curve.dropFirst()) {
            #expect(abs(a.x - b.x) < 1e-9 || abs(a.y - b.y) < 1e-9, "\(a) → \(b)")
        }
        // Each value is held from its frame to the next.
        for index in 0..<(xs.count - 1) {
            let start = panel.transform.point(xs[index], ys[index])
            let end = panel.transform.point(xs[index + 1], ys[index])
            #expect(curve.contains(start) || curve.contains { abs($0.y - start.y) < 1e-9 && $0.x <= start.x })
            #expect(curve.contains(end))
        }
        #expect(Series.staircase(xs: [0, 1, 2], ys: [5, 6, 7]) == ([0, 1, 1, 2, 2], [5, 5, 6, 6, 7]))
    }

    @Test("A title too long for the canvas ends in an ellipsis and fits")
    func longTitle() throws {
        var chart = sampleChart()
        chart.title = String(repeating: "Spring response overview ", count: 12)
        let layout = ChartLayout(chart: chart, measurer: measurer)
        let title = try #require(layout.layout().displayList.texts.first { $0.font.weight == .bold })
        #expect(title.string.hasSuffix("…"))
        #expect(title.string.count < chart.title!.count)
        #expect(title.bounds(measurer: measurer).maxX <= chart.width - layout.metrics.outerPadding + 0.01)
        #expect(measurer.fitting("short", font: title.font, width: 500) == "short")
    }

    @Test("Characters PNG and PDF cannot draw are named; they are refused, never drawn as boxes")
    func unsupportedText() throws {
        #expect(try TextSupport.unsupportedCharacters(in: "Spring: ζ = 0.5, v₀ = −3 → 1 ± 2 · 5 %, 10⁻³ …").isEmpty)
        let cjk = try TextSupport.unsupportedCharacters(in: "日本のばね 🦀 spring")
        #expect(cjk == ["日", "本", "の", "ば", "ね", "🦀"], "\(cjk)")
        #expect(try TextSupport.unsupportedCharacters(in: "קפיץ") == ["ק", "פ", "י", "ץ"])
        #expect(try TextSupport.unsupportedCharacters(in: "نابض").count == 4)

        var chart = sampleChart()
        chart.title = "ばね response"
        for format in [OutputFormat.png, .pdf] {
            #expect(throws: UnsupportedTextError(text: "ばね response", characters: ["ば", "ね"])) {
                try CairoRenderer().render(chart, format: format)
            }
        }
        let svg = String(decoding: try CairoRenderer().render(chart, format: .svg), as: UTF8.self)
        #expect(svg.contains(">ばね response</text>"))
    }
}

@Suite("Placement on random charts")
struct RandomPlacementTests {
    static let seed: UInt64 = 0x5EED_C4A7

    @Test("Random overlays: the legend is clear of every curve or beside the plot; labels never overlap")
    func randomOverlays() throws {
        print("RandomPlacementTests seed: \(RandomPlacementTests.seed)")
        var generator = SeededGenerator(seed: RandomPlacementTests.seed)
        for round in 0..<40 {
            let count = Int.random(in: 1...7, using: &generator)
            let ratios = (0..<count).map { _ in (Double.random(in: 0.05...1, using: &generator) * 100).rounded() / 100 }
            let width = Double.random(in: Chart.minimumWidth...1800, using: &generator).rounded()
            let height = Double.random(in: Chart.minimumHeight...1200, using: &generator).rounded()
            let chart = overlaidChart(
                ratios: ratios, response: Double.random(in: 0.2...1, using: &generator),
                width: width, height: height)
            let result = approximateLayout(chart)
            let panel = try #require(result.panels.first)
            let context = "seed \(RandomPlacementTests.seed) round \(round): \(ratios) on \(width) × \(height)"
            let legend = try #require(panel.legend)
            #expect(Rect(x: 0, y: 0, width: width, height: height).contains(legend, tolerance: 0.5), "\(context)")
            switch panel.legendPlacement {
            case .inside?:
                for curve in panel.curves { #expect(!polyline(curve, touches: legend), "\(context)") }
            case .outside?:
                #expect(legend.minX > panel.plot.maxX, "\(context)")
            case .below?:
                // Only when a column beside the plot would take too much of its width.
                #expect(legend.minY > panel.plot.maxY, "\(context)")
                #expect(legend.width > 0.3 * panel.plot.width, "\(context)")
            case .crowded?, nil:
                Issue.record("\(context): the legend crosses a curve")
            }
            for (i, a) in panel.labelTexts.enumerated() {
                for b in panel.labelTexts[(i + 1)...] { #expect(!a.intersects(b), "\(context): \(a) overlaps \(b)") }
            }
        }
    }
}

@Suite("Narrow charts")
struct NarrowChartTests {
    @Test("A vertical line's label too wide for either side of the line says its short form, inside the plot")
    func shortVerticalLineLabel() throws {
        let long = "settles within 1 % of the travel at 0.832 s", short = "settles 0.832 s"
        // The line in the middle, and the type 1.25 times larger, as the studio asks for on a phone.
        func chart(width: Double, height: Double) -> Chart {
            let times = (0..<400).map { 1.2 * Double($0) / 399 }
            let series = Series(name: "position", xs: times, ys: times.map { 1 - exp(-6 * $0) }, color: .palette(0))
            return Chart(
                title: "Spring",
                panels: [
                    Panel(
                        xAxis: Axis("time (s)", range: 0...1.2), yAxis: Axis("position"),
                        series: [series],
                        annotations: [.verticalLine(x: 0.6, label: long, style: .muted, short: short)])
                ],
                width: width, height: height, theme: Theme.light.scalingText(by: 1.25))
        }
        // A 400 px chart (the studio on a phone): the long label would cross the plot's edge on both sides.
        let narrow = approximateLayout(chart(width: 400, height: 360))
        let plot = narrow.panels[0].plot
        let said = narrow.displayList.texts.map(\.string)
        #expect(!said.contains(long))
        let run = try #require(narrow.displayList.texts.first { $0.string == short })
        let box = run.bounds(measurer: ApproximateTextMeasurer())
        #expect(plot.contains(box, tolerance: 0.5), "\(box) outside \(plot)")
        // Where the long label fits, it is said in full.
        let wide = approximateLayout(chart(width: 1200, height: 800)).displayList.texts.map(\.string)
        #expect(wide.contains(long) && !wide.contains(short))
    }

    @Test("A title too wide for the canvas says its details first, then is cut with an ellipsis")
    func narrowTitle() throws {
        let cairo = try CairoTextMeasurer()  // the fonts the charts are drawn with
        func title(_ text: String, width: Double) -> String? {
            var chart = sampleChart()
            chart.title = text
            chart.width = width
            chart.height = 360
            chart.theme = Theme.light.scalingText(by: 1.25)
            return ChartLayout(chart: chart, measurer: cairo).layout().displayList.texts.first?.string
        }
        let full = "Spring: ζ = 0.68, response = 0.8 s"
        #expect(title(full, width: 1200) == full)
        #expect(title(full, width: 400) == "ζ = 0.68, response = 0.8 s")
        let cut = title("Spring: ζ = 0.68, response = 0.8 s, mass = 1.5 kg, from 0 to 100", width: 400)
        #expect(cut?.hasPrefix("ζ = 0.68") == true && cut?.hasSuffix("…") == true, "\(cut ?? "none")")
        // Without a "Kind: " part, or with nothing after it, a long title is cut as it is.
        let plain = title("A chart with a very long title that cannot fit", width: 400)
        #expect(plain?.hasPrefix("A chart") == true && plain?.hasSuffix("…") == true, "\(plain ?? "none")")
        let empty = title("A chart with a very long title that ends in a colon:   ", width: 400)
        #expect(empty?.hasPrefix("A chart") == true && empty?.hasSuffix("…") == true, "\(empty ?? "none")")
    }
}
