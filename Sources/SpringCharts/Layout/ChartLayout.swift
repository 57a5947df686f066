/// Lays out `chart` as a display list in logical px, measuring text with `measurer`.
///
/// Pure: the same chart and measurer always give the same display list. Use
/// ``ApproximateTextMeasurer`` for font-independent tests and ``CairoTextMeasurer`` (what
/// ``CairoRenderer/render(_:format:)`` uses) for output.
public func layoutChart(_ chart: Chart, measurer: some TextMeasurer) -> DisplayList {
    ChartLayout(chart: chart, measurer: measurer).layout().displayList
}

/// Where one panel ended up: for tests and for callers that place things on a chart.
struct PanelGeometry: Hashable, Sendable {
    var plot: Rect
    var xScale: AxisScale
    var yScale: AxisScale
    var legend: Rect?
    var labels: [Rect]
    var notes: Rect?
    var transform: PlotTransform { PlotTransform(plot: plot, xScale: xScale, yScale: yScale) }
}

struct LayoutResult: Hashable, Sendable {
    var displayList: DisplayList
    var panels: [PanelGeometry]
}

/// The layout of a chart: header, margins from measured labels, panels, then each panel's grid,
/// series, annotations and legend.
struct ChartLayout<Measurer: TextMeasurer> {
    let chart: Chart
    let measurer: Measurer
    let theme: Theme

    // Spacing, in logical px.
    static var outerPadding: Double { 20 }
    static var subtitleGap: Double { 5 }
    static var headerGap: Double { 18 }
    static var panelGap: Double { 30 }
    static var tickLength: Double { 5 }
    static var tickLabelGap: Double { 4 }
    static var axisLabelGap: Double { 8 }
    static var yLabelGap: Double { 10 }
    /// The least distance between y ticks, and between x ticks (x labels are wide).
    static var yTickSpacing: Double { 40 }
    static var xTickSpacing: Double { 90 }
    /// The least free space between neighbouring x tick labels.
    static var xLabelClearance: Double { 18 }

    let titleFont: Font
    let subtitleFont: Font
    let axisFont: Font
    let tickFont: Font
    let legendFont: Font
    let annotationFont: Font

    init(chart: Chart, measurer: Measurer) {
        self.chart = chart
        self.measurer = measurer
        theme = chart.theme
        let family = theme.fontFamily
        titleFont = Font(family: family, size: theme.titleSize, weight: .bold)
        subtitleFont = Font(family: family, size: theme.subtitleSize)
        axisFont = Font(family: family, size: theme.axisLabelSize)
        tickFont = Font(family: family, size: theme.tickLabelSize)
        legendFont = Font(family: family, size: theme.legendSize)
        annotationFont = Font(family: family, size: theme.annotationSize)
    }

    /// The data extents of one panel, before any axis is resolved.
    private struct PanelData {
        var x: ClosedRange<Double>?
        /// The x padding when the axis has none: 0 when every series runs left to right (a time
        /// axis), 5 % otherwise (a phase plot, a scatter).
        var xPadding: Double
        var y: ClosedRange<Double>?
        var showsXLabel = true
    }

    func layout() -> LayoutResult {
        let width = chart.width.isFinite && chart.width > 0 ? chart.width : 1
        let height = chart.height.isFinite && chart.height > 0 ? chart.height : 1
        let pad = ChartLayout.outerPadding
        var commands: [DrawCommand] = [
            .rect(Rect(x: 0, y: 0, width: width, height: height), fill: theme.background, stroke: nil, cornerRadius: 0),
        ]

        // Header: title and subtitle, top-left.
        var headerBottom = pad
        if let title = chart.title, !title.isEmpty {
            let metrics = measurer.measure(title, font: titleFont)
            let baseline = (headerBottom + metrics.ascent).rounded()
            commands.append(.text(TextRun(title, origin: Point(x: pad, y: baseline), font: titleFont,
                                          color: theme.foreground)))
            headerBottom = baseline + metrics.descent
        }
        if let subtitle = chart.subtitle, !subtitle.isEmpty {
            let metrics = measurer.measure(subtitle, font: subtitleFont)
            let gap = headerBottom > pad ? ChartLayout.subtitleGap : 0
            let baseline = (headerBottom + gap + metrics.ascent).rounded()
            commands.append(.text(TextRun(subtitle, origin: Point(x: pad, y: baseline), font: subtitleFont,
                                          color: theme.muted)))
            headerBottom = baseline + metrics.descent
        }
        let tickMetrics = measurer.measure("0", font: tickFont)
        let axisMetrics = measurer.measure("Ag", font: axisFont)
        let plotsTop = (headerBottom > pad ? headerBottom + ChartLayout.headerGap
                                           : pad + tickMetrics.capHeight / 2).rounded(.up)

        let panels = chart.panels
        guard !panels.isEmpty else {
            return LayoutResult(displayList: DisplayList(width: width, height: height, title: chart.title,
                                                         commands: commands), panels: [])
        }

        // Data extents, and which x labels to show: a label repeated by the panel below on the same
        // x data is left to that panel.
        var data = panels.map { panel in
            PanelData(x: xExtent(of: panel), xPadding: runsLeftToRight(panel) ? 0 : 0.05, y: yExtent(of: panel))
        }
        for index in panels.indices {
            let panel = panels[index]
            data[index].showsXLabel = !panel.xAxis.label.isEmpty
            if index + 1 < panels.count, panels[index + 1].xAxis == panel.xAxis,
               data[index + 1].x == data[index].x {
                data[index].showsXLabel = false
            }
        }

        // Vertical layout: equal plot heights after each panel's x tick labels and x label.
        let tickLabelsHeight = ChartLayout.tickLength + ChartLayout.tickLabelGap + tickMetrics.capHeight
            + tickMetrics.descent
        let xLabelHeight = ChartLayout.axisLabelGap + axisMetrics.lineHeight
        let decorations = data.map { tickLabelsHeight + ($0.showsXLabel ? xLabelHeight : 0) }
        let available = height - plotsTop - pad - decorations.reduce(0, +)
            - ChartLayout.panelGap * Double(panels.count - 1)
        let plotHeight = max(1, (available / Double(panels.count)).rounded(.down))
        var tops: [Double] = []
        var y = plotsTop
        for index in panels.indices {
            tops.append(y)
            y += plotHeight + decorations[index] + ChartLayout.panelGap
        }

        // Left margin from the widest y tick label and the rotated y label.
        let yMaxCount = AxisTicks.maxCount(length: plotHeight, spacing: ChartLayout.yTickSpacing)
        let yScales = panels.indices.map { index in
            AxisScale.resolve(panels[index].yAxis,
                              dataExtent: markerHeadroom(panels[index], extent: data[index].y, plotHeight: plotHeight),
                              defaultPadding: 0.05, maxTickCount: yMaxCount)
        }
        let yLabelWidths = yScales.map { scale in scale.ticks.labels.map { measurer.measure($0, font: tickFont).width } }
        let widestYLabel = yLabelWidths.joined().max() ?? 0
        let hasYLabel = panels.contains { !$0.yAxis.label.isEmpty }
        let yLabelBand = hasYLabel ? axisMetrics.lineHeight + ChartLayout.yLabelGap : 0
        let plotLeft = (pad + yLabelBand + widestYLabel + ChartLayout.tickLabelGap + ChartLayout.tickLength)
            .rounded(.up)

        // Right margin: room for half of the last x tick label; x ticks thin out until labels fit.
        var plotRight = (width - pad - 4).rounded(.down)
        var xScales: [AxisScale] = []
        for _ in 0..<2 {
            xScales = panels.indices.map { index in
                xScale(for: panels[index].xAxis, extent: data[index].x, defaultPadding: data[index].xPadding,
                       length: max(1, plotRight - plotLeft))
            }
            var overflow = 0.0
            for scale in xScales {
                guard let last = scale.ticks.values.last, let label = scale.ticks.labels.last else { continue }
                let px = scale.position(of: last, start: plotLeft, end: plotRight)
                let half = measurer.measure(label, font: tickFont).width / 2
                overflow = max(overflow, px + half - (width - 8))
            }
            guard overflow > 0 else { break }
            plotRight = (plotRight - overflow).rounded(.down)
        }
        plotRight = max(plotLeft + 1, plotRight)

        var geometries: [PanelGeometry] = []
        for index in panels.indices {
            let plot = Rect(x: plotLeft, y: tops[index], width: plotRight - plotLeft, height: plotHeight)
            let geometry = layoutPanel(panels[index], plot: plot, xScale: xScales[index], yScale: yScales[index],
                                       showsXLabel: data[index].showsXLabel, tickMetrics: tickMetrics,
                                       axisMetrics: axisMetrics, yLabelX: pad + axisMetrics.ascent,
                                       commands: &commands)
            geometries.append(geometry)
        }
        return LayoutResult(displayList: DisplayList(width: width, height: height, title: chart.title,
                                                     commands: commands), panels: geometries)
    }

    /// The x scale for a plot `length` px wide, with ticks thinned until neighbouring labels keep
    /// ``xLabelClearance`` between them.
    private func xScale(for axis: Axis, extent: ClosedRange<Double>?, defaultPadding: Double,
                        length: Double) -> AxisScale {
        var maxCount = AxisTicks.maxCount(length: length, spacing: ChartLayout.xTickSpacing)
        while true {
            let scale = AxisScale.resolve(axis, dataExtent: extent, defaultPadding: defaultPadding,
                                          maxTickCount: maxCount)
            let count = scale.ticks.values.count
            guard count > 2 else { return scale }
            let spacing = scale.ticks.step / (scale.upper - scale.lower) * length
            let widest = scale.ticks.labels.map { measurer.measure($0, font: tickFont).width }.max() ?? 0
            if widest + ChartLayout.xLabelClearance <= spacing { return scale }
            maxCount = count - 1
        }
    }

    // MARK: Data extents

    /// Whether every series' finite x values never decrease: the x axis is a time axis.
    private func runsLeftToRight(_ panel: Panel) -> Bool {
        for series in panel.series {
            var previous = -Double.infinity
            for x in series.xs where x.isFinite {
                if x < previous { return false }
                previous = x
            }
        }
        return true
    }

    private func xExtent(of panel: Panel) -> ClosedRange<Double>? {
        var builder = ExtentBuilder()
        for series in panel.series {
            for (x, y) in zip(series.xs, series.ys) where y.isFinite { builder.include(x) }
        }
        for annotation in panel.annotations {
            switch annotation {
            case .verticalLine(let x, _, _): builder.include(x)
            case .marker(let x, let y, _) where y.isFinite: builder.include(x)
            default: break
            }
        }
        return builder.extent
    }

    /// The y extent: finite series points (inside an explicit x range, when there is one), lines,
    /// bands and markers.
    private func yExtent(of panel: Panel) -> ClosedRange<Double>? {
        var builder = ExtentBuilder()
        let xRange = panel.xAxis.range
        for series in panel.series {
            if let xRange {
                for (x, y) in zip(series.xs, series.ys) where x.isFinite && xRange.contains(x) { builder.include(y) }
            } else {
                for (x, y) in zip(series.xs, series.ys) where x.isFinite { builder.include(y) }
            }
        }
        for annotation in panel.annotations {
            switch annotation {
            case .horizontalLine(let y, _, _): builder.include(y)
            case .horizontalBand(let lower, let upper, _):
                builder.include(lower)
                builder.include(upper)
            case .marker(let x, let y, _) where x.isFinite: builder.include(y)
            default: break
            }
        }
        return builder.extent
    }

    /// The y extent grown so that a labelled marker near the top (bottom) of the data has room for
    /// its label above (below) it inside the plot: a label beside a peak would cover the curve.
    private func markerHeadroom(_ panel: Panel, extent: ClosedRange<Double>?, plotHeight: Double) -> ClosedRange<Double>? {
        guard panel.yAxis.range == nil, var extent, extent.upperBound > extent.lowerBound, plotHeight > 1 else {
            return extent
        }
        let labelHeight = measurer.measure("Ag", font: annotationFont).lineHeight
        let needed = AnnotationLayout.markerRadius + AnnotationLayout.labelGap + labelHeight + 4
        let padding = max(0, panel.yAxis.padding ?? 0.05)
        for _ in 0..<2 {
            let span = extent.upperBound - extent.lowerBound
            let perPixel = span * (1 + 2 * padding) / plotHeight
            var lower = extent.lowerBound, upper = extent.upperBound
            for annotation in panel.annotations {
                guard case .marker(let x, let y, let label?) = annotation, !label.isEmpty, x.isFinite, y.isFinite
                else { continue }
                if y >= extent.lowerBound + span / 2 {
                    upper = max(upper, y + needed * perPixel - padding * span)
                } else {
                    lower = min(lower, y - needed * perPixel + padding * span)
                }
            }
            guard lower.isFinite, upper.isFinite else { return extent }
            extent = lower...upper
        }
        return extent
    }

    // MARK: One panel

    private func layoutPanel(_ panel: Panel, plot: Rect, xScale: AxisScale, yScale: AxisScale, showsXLabel: Bool,
                             tickMetrics: TextMetrics, axisMetrics: TextMetrics, yLabelX: Double,
                             commands: inout [DrawCommand]) -> PanelGeometry {
        let transform = PlotTransform(plot: plot, xScale: xScale, yScale: yScale)
        let hairline = Stroke(color: theme.grid, width: 1)

        // Grid, behind everything. The spines cover the left and bottom edges; the zero line has its
        // own colour.
        let hasZeroLine = yScale.lower < 0 && yScale.upper > 0
        for value in xScale.ticks.values {
            let px = transform.x(value)
            guard px > plot.minX + 0.5 else { continue }
            commands.append(.line(from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY), stroke: hairline,
                                  crisp: true))
        }
        for value in yScale.ticks.values {
            let py = transform.y(value)
            guard py < plot.maxY - 0.5, !(hasZeroLine && value == 0) else { continue }
            commands.append(.line(from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py), stroke: hairline,
                                  crisp: true))
        }
        if hasZeroLine {
            let py = transform.y(0)
            commands.append(.line(from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py),
                                  stroke: Stroke(color: theme.zeroLine, width: 1), crisp: true))
        }

        // Series, clipped to the plot; cut at gaps and at a margin outside the plot.
        var runs: [(points: [Point], stroke: Stroke, weight: Double)] = []
        for series in panel.series {
            let stroke = series.stroke(in: theme)
            let margin = stroke.width + 2
            for run in polylineRuns(xs: series.xs, ys: series.ys, transform: transform,
                                    bounds: plot.insetBy(dx: -margin, dy: -margin)) {
                runs.append((simplifiedPolyline(run), stroke, max(0.2, min(1, series.opacity))))
            }
        }
        // Reference lines count too, lightly: a label should not sit across one, but a legend may
        // cover a reference line rather than a curve.
        var ink = runs.map { ($0.points, $0.weight) }
        for annotation in panel.annotations {
            switch annotation {
            case .verticalLine(let x, _, _) where x.isFinite && xScale.contains(x):
                let px = transform.x(x)
                ink.append(([Point(x: px, y: plot.minY), Point(x: px, y: plot.maxY)], 0.6))
            case .horizontalLine(let y, _, _) where y.isFinite && yScale.contains(y):
                let py = transform.y(y)
                ink.append(([Point(x: plot.minX, y: py), Point(x: plot.maxX, y: py)], 0.6))
            default: break
            }
        }
        let coverage = CoverageGrid(bounds: plot, polylines: ink)
        var scorer = PlacementScorer(plot: plot, coverage: coverage)

        let annotations = AnnotationLayout(annotations: panel.annotations, transform: transform, theme: theme,
                                           font: annotationFont, measurer: measurer, scorer: &scorer)
        commands += annotations.behind
        if !runs.isEmpty {
            commands.append(.pushClip(plot))
            for run in runs { commands.append(.polyline(run.points, stroke: run.stroke)) }
            commands.append(.popClip)
        }

        // Axes: left and bottom spines with outward ticks, then tick labels and axis labels.
        let axisStroke = Stroke(color: theme.axis, width: 1)
        commands.append(.line(from: Point(x: plot.minX, y: plot.minY), to: Point(x: plot.minX, y: plot.maxY),
                              stroke: axisStroke, crisp: true))
        commands.append(.line(from: Point(x: plot.minX, y: plot.maxY), to: Point(x: plot.maxX, y: plot.maxY),
                              stroke: axisStroke, crisp: true))
        let tickLength = ChartLayout.tickLength
        let labelTop = plot.maxY + tickLength + ChartLayout.tickLabelGap
        for (value, label) in zip(xScale.ticks.values, xScale.ticks.labels) {
            let px = transform.x(value)
            commands.append(.line(from: Point(x: px, y: plot.maxY), to: Point(x: px, y: plot.maxY + tickLength),
                                  stroke: axisStroke, crisp: true))
            commands.append(.text(TextRun(label, origin: Point(x: px, y: (labelTop + tickMetrics.capHeight).rounded()),
                                          font: tickFont, color: theme.muted, anchor: .middle)))
        }
        for (value, label) in zip(yScale.ticks.values, yScale.ticks.labels) {
            let py = transform.y(value)
            commands.append(.line(from: Point(x: plot.minX - tickLength, y: py), to: Point(x: plot.minX, y: py),
                                  stroke: axisStroke, crisp: true))
            let origin = Point(x: plot.minX - tickLength - ChartLayout.tickLabelGap,
                               y: (py + tickMetrics.capHeight / 2).rounded())
            commands.append(.text(TextRun(label, origin: origin, font: tickFont, color: theme.muted, anchor: .end)))
        }
        if showsXLabel {
            let baseline = labelTop + tickMetrics.capHeight + tickMetrics.descent + ChartLayout.axisLabelGap
                + axisMetrics.ascent
            commands.append(.text(TextRun(panel.xAxis.label, origin: Point(x: plot.midX, y: baseline.rounded()),
                                          font: axisFont, color: theme.foreground, anchor: .middle)))
        }
        if !panel.yAxis.label.isEmpty {
            commands.append(.text(TextRun(panel.yAxis.label, origin: Point(x: yLabelX.rounded(), y: plot.midY),
                                          font: axisFont, color: theme.foreground, anchor: .middle, rotation: -90)))
        }

        commands += annotations.onTop

        // Legend, in the corner that hides the least, then notes in a corner still free.
        var legendBox: Rect?
        let entries = panel.series.compactMap { series -> LegendBox.Entry? in
            guard let name = series.name, !name.isEmpty else { return nil }
            return LegendBox.Entry(name: name, stroke: series.stroke(in: theme))
        }
        if panel.showsLegend, !entries.isEmpty {
            let legend = LegendBox(entries: entries, font: legendFont, measurer: measurer)
            let box = legend.place(in: plot, scorer: scorer)
            commands += legend.commands(in: box, theme: theme)
            scorer.obstacles.append(box)
            legendBox = box
        }
        var notesBox: Rect?
        if let notes = NoteBlock(annotations: panel.annotations, font: annotationFont, measurer: measurer) {
            let placed = notes.commands(in: plot, theme: theme, scorer: &scorer)
            commands += placed.commands
            notesBox = placed.box
        }
        return PanelGeometry(plot: plot, xScale: xScale, yScale: yScale, legend: legendBox,
                             labels: annotations.occupied, notes: notesBox)
    }
}
