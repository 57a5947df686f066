extension Chart {
    /// Lays out the chart as a display list in logical px, measuring text with `measurer`.
    ///
    /// Pure: the same chart and measurer always give the same display list. Use
    /// ``ApproximateTextMeasurer`` for font-independent tests and ``CairoTextMeasurer`` (what
    /// ``CairoRenderer/render(_:format:)`` uses) for output.
    public func layout(measurer: some TextMeasurer) -> DisplayList {
        ChartLayout(chart: self, measurer: measurer).layout().displayList
    }
}

/// Where one panel ended up: for tests and for callers that place things on a chart.
struct PanelGeometry: Hashable, Sendable {
    var plot: Rect
    var xScale: AxisScale
    var yScale: AxisScale
    /// The legend's box, inside or beside the plot.
    var legend: Rect?
    var legendPlacement: LegendBox.Placement?
    /// The boxes of annotation labels and marker circles.
    var labels: [Rect] = []
    /// The boxes of annotation label texts alone.
    var labelTexts: [Rect] = []
    /// The drawn horizontal bands.
    var bands: [Rect] = []
    /// The marker labels placed, each with its marker and leader line.
    var markerLabels: [AnnotationLayout.MarkerLabel] = []
    /// The marker labels left out for want of a free spot.
    var droppedMarkerLabels: [String] = []
    var notes: Rect?
    /// The note lines, including the automatic ones for clipped series.
    var noteLines: [String] = []
    /// The series as drawn, in px, before clipping to the plot.
    var curves: [[Point]] = []
    var transform: PlotTransform { PlotTransform(plot: plot, xScale: xScale, yScale: yScale) }
}

struct LayoutResult: Hashable, Sendable {
    var displayList: DisplayList
    var panels: [PanelGeometry]
}

/// The layout of a chart, in named stages: the header, the vertical and horizontal frames of the
/// panels, then each panel's grid, series, annotations, axes, legend and notes.
///
/// When some legend finds no spot inside its plot clear of every curve, the chart is laid out again
/// with a column reserved right of the plots for it, or, when that column would take more than 40 %
/// of the plot width, with rows reserved below the plots.
struct ChartLayout<Measurer: TextMeasurer> {
    let chart: Chart
    let measurer: Measurer
    let theme: Theme
    /// Sizes for this canvas.
    let metrics: LayoutMetrics
    let width: Double
    let height: Double

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
        width = chart.width.isFinite && chart.width > 0 ? chart.width : 1
        height = chart.height.isFinite && chart.height > 0 ? chart.height : 1
        let metrics =
            chart.grid == nil
            ? LayoutMetrics(width: width, height: height)
            : LayoutMetrics(gridWidth: width, height: height)
        self.metrics = metrics
        let family = theme.fontFamily
        titleFont = metrics.scaled(Font(family: family, size: theme.titleSize, weight: .bold))
        subtitleFont = metrics.scaled(Font(family: family, size: theme.subtitleSize))
        axisFont = metrics.scaled(Font(family: family, size: theme.axisLabelSize))
        tickFont = metrics.scaled(Font(family: family, size: theme.tickLabelSize))
        legendFont = metrics.scaled(Font(family: family, size: theme.legendSize))
        annotationFont = metrics.scaled(Font(family: family, size: theme.annotationSize))
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

    /// Where legends go that find no free spot inside their plot.
    private struct LegendsOutside {
        enum Side { case right, below }
        /// The panels whose legend goes outside, and where.
        var panels: [Int: Side] = [:]
        /// The width kept free right of the plots.
        var column = 0.0
        /// The height kept free under the last panel.
        var row = 0.0
    }

    func layout() -> LayoutResult {
        if let grid = chart.grid { return gridLayout(grid) }
        let inside = layout(outside: LegendsOutside())
        // A legend that crosses a curve wherever it goes inside moves beside the plots if they keep
        // most of their width, otherwise below them.
        let crowded = inside.panels.indices.filter {
            if case .crowded = inside.panels[$0].legendPlacement { return true } else { return false }
        }
        guard !crowded.isEmpty, let plotWidth = inside.panels.first?.plot.width else { return inside }
        let legends = crowded.compactMap { legendBox(chart.panels[$0]) }
        let column = (legends.map(\.width).max() ?? 0) + metrics.legendGap
        if column <= 0.4 * plotWidth {
            return layout(
                outside: LegendsOutside(
                    panels: Dictionary(uniqueKeysWithValues: crowded.map { ($0, .right) }),
                    column: column))
        }
        let row = legends.map { $0.rows(maxWidth: plotWidth).height + metrics.legendGap }.reduce(0, +)
        return layout(
            outside: LegendsOutside(
                panels: Dictionary(uniqueKeysWithValues: crowded.map { ($0, .below) }),
                row: row))
    }

    /// The layout with room kept beside or below the plots for the legends that go `outside`.
    private func layout(outside: LegendsOutside) -> LayoutResult {
        let header = headerCommands()
        var commands = backgroundCommands() + header.commands
        let panels = chart.panels
        guard !panels.isEmpty else { return emptyLayout(commands) }
        let tickMetrics = measurer.measure("0", font: tickFont)
        let axisMetrics = measurer.measure("Ag", font: axisFont)
        let pad = metrics.outerPadding
        let plotsTop =
            (header.bottom > pad
            ? header.bottom + metrics.headerGap
            : pad + tickMetrics.capHeight / 2).rounded(.up)
        let data = panelData(panels)
        let frame = verticalFrame(
            data: data, top: plotsTop, bottomReserve: outside.row, tickMetrics: tickMetrics,
            axisMetrics: axisMetrics)
        let yScales = panels.indices.map { index in
            AxisScale.resolve(
                panels[index].yAxis,
                dataExtent: markerHeadroom(
                    panels[index], extent: data[index].y,
                    plotHeight: frame.plotHeight),
                defaultPadding: 0.05,
                maxTickCount: AxisTicks.maxCount(length: frame.plotHeight, spacing: metrics.yTickSpacing))
        }
        let horizontal = horizontalFrame(
            panels: panels, data: data, yScales: yScales, axisMetrics: axisMetrics,
            legendColumn: outside.column)

        var geometries: [PanelGeometry] = []
        var rowTop = height - pad - outside.row + metrics.legendGap
        for index in panels.indices {
            let plot = Rect(
                x: horizontal.left, y: frame.tops[index], width: horizontal.right - horizontal.left,
                height: frame.plotHeight)
            let transform = PlotTransform(plot: plot, xScale: horizontal.xScales[index], yScale: yScales[index])
            var geometry = PanelGeometry(plot: plot, xScale: transform.xScale, yScale: transform.yScale)
            var legendSpot: LegendBox.Placement?
            if let side = outside.panels[index], let legend = legendBox(panels[index]) {
                switch side {
                case .right:
                    legendSpot = .outside(
                        Rect(
                            x: plot.maxX + metrics.legendGap, y: plot.minY, width: legend.width,
                            height: legend.height))
                case .below:
                    let rows = legend.rows(maxWidth: plot.width)
                    legendSpot = .below(Rect(x: plot.minX, y: rowTop.rounded(), width: plot.width, height: rows.height))
                    rowTop += rows.height + metrics.legendGap
                }
            }
            commands += panelCommands(
                panels[index], transform: transform, showsXLabel: data[index].showsXLabel,
                tickMetrics: tickMetrics, yLabelX: pad + axisMetrics.ascent,
                legendOutside: legendSpot, geometry: &geometry)
            geometries.append(geometry)
        }
        return LayoutResult(
            displayList: DisplayList(
                width: width, height: height, title: chart.title,
                commands: commands), panels: geometries)
    }

    // MARK: Frame

    /// The canvas filled with the theme's background: where every layout starts.
    func backgroundCommands() -> [DrawCommand] {
        [.rect(Rect(x: 0, y: 0, width: width, height: height), fill: theme.background, stroke: nil, cornerRadius: 0)]
    }

    /// A chart without panels: its background and header only.
    func emptyLayout(_ commands: [DrawCommand]) -> LayoutResult {
        LayoutResult(
            displayList: DisplayList(width: width, height: height, title: chart.title, commands: commands), panels: [])
    }

    /// The title and subtitle, top-left, each cut with an ellipsis to the canvas width (a title of the
    /// form "Kind: details" too wide for it says its details alone first); and where the header ends.
    func headerCommands() -> (commands: [DrawCommand], bottom: Double) {
        let pad = metrics.outerPadding
        let room = max(0, width - 2 * pad)
        var commands: [DrawCommand] = []
        var bottom = pad
        if let title = chart.title, !title.isEmpty {
            let textMetrics = measurer.measure(title, font: titleFont)
            let baseline = (bottom + textMetrics.ascent).rounded()
            commands.append(
                .text(
                    TextRun(
                        measurer.fittingTitle(title, font: titleFont, width: room),
                        origin: Point(x: pad, y: baseline), font: titleFont,
                        color: theme.foreground)))
            bottom = baseline + textMetrics.descent
        }
        if let subtitle = chart.subtitle, !subtitle.isEmpty {
            let textMetrics = measurer.measure(subtitle, font: subtitleFont)
            let gap = bottom > pad ? metrics.subtitleGap : 0
            let baseline = (bottom + gap + textMetrics.ascent).rounded()
            commands.append(
                .text(
                    TextRun(
                        measurer.fitting(subtitle, font: subtitleFont, width: room),
                        origin: Point(x: pad, y: baseline), font: subtitleFont,
                        color: theme.muted)))
            bottom = baseline + textMetrics.descent
        }
        return (commands, bottom)
    }

    /// Data extents, and which x labels to show: a label repeated by the panel below on the same x
    /// data is left to that panel.
    private func panelData(_ panels: [Panel]) -> [PanelData] {
        var data = panels.map { panel in
            PanelData(x: xExtent(of: panel), xPadding: runsLeftToRight(panel) ? 0 : 0.05, y: yExtent(of: panel))
        }
        for index in panels.indices {
            let panel = panels[index]
            data[index].showsXLabel = !panel.xAxis.label.isEmpty
            if index + 1 < panels.count, panels[index + 1].xAxis == panel.xAxis,
                data[index + 1].x == data[index].x
            {
                data[index].showsXLabel = false
            }
        }
        return data
    }

    /// Equal plot heights after each panel's x tick labels and x label and `bottomReserve` px under
    /// the last panel, and each plot's top.
    private func verticalFrame(
        data: [PanelData], top: Double, bottomReserve: Double, tickMetrics: TextMetrics,
        axisMetrics: TextMetrics
    ) -> (plotHeight: Double, tops: [Double]) {
        let tickLabelsHeight = metrics.tickLength + metrics.tickLabelGap + tickMetrics.capHeight + tickMetrics.descent
        let xLabelHeight = metrics.axisLabelGap + axisMetrics.lineHeight
        let decorations = data.map { tickLabelsHeight + ($0.showsXLabel ? xLabelHeight : 0) }
        let available =
            height - top - metrics.outerPadding - bottomReserve - decorations.reduce(0, +)
            - metrics.panelGap * Double(data.count - 1)
        let plotHeight = max(1, (available / Double(data.count)).rounded(.down))
        var tops: [Double] = []
        var y = top
        for index in data.indices {
            tops.append(y)
            y += plotHeight + decorations[index] + metrics.panelGap
        }
        return (plotHeight, tops)
    }

    /// The plots' left edge (after the widest y tick label and the rotated y label), their right edge
    /// (room for half of the last x tick label and for `legendColumn`) and the x scales, whose ticks
    /// thin out until their labels fit.
    private func horizontalFrame(
        panels: [Panel], data: [PanelData], yScales: [AxisScale], axisMetrics: TextMetrics,
        legendColumn: Double
    ) -> (left: Double, right: Double, xScales: [AxisScale]) {
        let pad = metrics.outerPadding
        let widestYLabel =
            yScales.flatMap { $0.ticks.labels }.map { measurer.measure($0, font: tickFont).width }
            .max() ?? 0
        let hasYLabel = panels.contains { !$0.yAxis.label.isEmpty }
        let yLabelBand = hasYLabel ? axisMetrics.lineHeight + metrics.yLabelGap : 0
        let left = (pad + yLabelBand + widestYLabel + metrics.tickLabelGap + metrics.tickLength).rounded(.up)

        var right = (width - pad - 4 * metrics.scale - legendColumn).rounded(.down)
        var xScales: [AxisScale] = []
        for _ in 0..<2 {
            xScales = panels.indices.map { index in
                xScale(
                    for: panels[index].xAxis, extent: data[index].x, defaultPadding: data[index].xPadding,
                    length: max(1, right - left))
            }
            var overflow = 0.0
            for scale in xScales {
                guard let last = scale.ticks.values.last, let label = scale.ticks.labels.last else { continue }
                let px = scale.position(of: last, start: left, end: right)
                let half = measurer.measure(label, font: tickFont).width / 2
                overflow = max(overflow, px + half - (width - 8 * metrics.scale))
            }
            guard overflow > 0 else { break }
            right = (right - overflow).rounded(.down)
        }
        return (left, max(left + 1, right), xScales)
    }

    /// The x scale for a plot `length` px wide, with ticks at least `spacing` apart (default
    /// ``LayoutMetrics/xTickSpacing``), thinned until neighbouring labels keep
    /// ``LayoutMetrics/xLabelClearance`` between them.
    func xScale(
        for axis: Axis, extent: ClosedRange<Double>?, defaultPadding: Double,
        length: Double, spacing: Double? = nil
    ) -> AxisScale {
        var maxCount = AxisTicks.maxCount(length: length, spacing: spacing ?? metrics.xTickSpacing)
        while true {
            let scale = AxisScale.resolve(
                axis, dataExtent: extent, defaultPadding: defaultPadding,
                maxTickCount: maxCount)
            let count = scale.ticks.values.count
            guard count > 2 else { return scale }
            let spacing = scale.ticks.step / (scale.upper - scale.lower) * length
            let widest = scale.ticks.labels.map { measurer.measure($0, font: tickFont).width }.max() ?? 0
            if widest + metrics.xLabelClearance <= spacing { return scale }
            maxCount = count - 1
        }
    }

    // MARK: Data extents

    /// Whether every series' finite x values never decrease: the x axis is a time axis.
    func runsLeftToRight(_ panel: Panel) -> Bool {
        for series in panel.series {
            var previous = -Double.infinity
            for x in series.xs where x.isFinite {
                if x < previous { return false }
                previous = x
            }
        }
        return true
    }

    func xExtent(of panel: Panel) -> ClosedRange<Double>? {
        var builder = ExtentBuilder()
        for series in panel.series {
            for (x, y) in zip(series.xs, series.ys) where y.isFinite { builder.include(x) }
        }
        for annotation in panel.annotations {
            switch annotation {
            case .verticalLine(let x, _, _, _): builder.include(x)
            case .marker(let x, let y, _, _) where y.isFinite: builder.include(x)
            default: break
            }
        }
        return builder.extent
    }

    /// The y extent: finite series points (inside an explicit x range, when there is one), lines,
    /// bands and markers.
    func yExtent(of panel: Panel) -> ClosedRange<Double>? {
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
            case .marker(let x, let y, _, _) where x.isFinite: builder.include(y)
            default: break
            }
        }
        return builder.extent
    }

    /// The y extent grown so that a labelled marker near the top (bottom) of the data has room for
    /// its label above (below) it inside the plot: a label beside a peak would cover the curve.
    func markerHeadroom(_ panel: Panel, extent: ClosedRange<Double>?, plotHeight: Double) -> ClosedRange<Double>? {
        guard panel.yAxis.range == nil, var extent, extent.upperBound > extent.lowerBound, plotHeight > 1 else {
            return extent
        }
        let labelHeight = measurer.measure("Ag", font: annotationFont).lineHeight
        let needed = metrics.markerRadius + metrics.labelGap + labelHeight + 4 * metrics.scale
        let padding = max(0, panel.yAxis.padding ?? 0.05)
        for _ in 0..<2 {
            let span = extent.upperBound - extent.lowerBound
            let perPixel = span * (1 + 2 * padding) / plotHeight
            var lower = extent.lowerBound, upper = extent.upperBound
            for annotation in panel.annotations {
                guard case .marker(let x, let y, let label?, _) = annotation, !label.isEmpty, x.isFinite, y.isFinite
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

    /// One panel's commands, in drawing order: grid, bands and reference lines, series (clipped to
    /// the plot), axes, markers and labels, legend, notes. Fills in `geometry`.
    func panelCommands(
        _ panel: Panel, transform: PlotTransform, showsXLabel: Bool, tickMetrics: TextMetrics,
        yLabelX: Double, legendOutside: LegendBox.Placement?, tickLabels: TickLabels = .both,
        geometry: inout PanelGeometry
    ) -> [DrawCommand] {
        let plot = transform.plot
        let runs = seriesRuns(panel, transform: transform)
        geometry.curves = runs.map(\.points)
        var scorer = placementScorer(panel, transform: transform, runs: runs)

        let annotations = AnnotationLayout(
            annotations: panel.annotations, transform: transform, theme: theme,
            font: annotationFont, metrics: metrics, measurer: measurer, scorer: &scorer)
        var commands = gridCommands(transform)
        commands += annotations.behind
        if !runs.isEmpty {
            commands.append(.pushClip(plot))
            for run in runs { commands.append(.polyline(run.points, stroke: run.stroke)) }
            commands.append(.popClip)
        }
        commands += axisCommands(
            panel, transform: transform, showsXLabel: showsXLabel, tickMetrics: tickMetrics,
            yLabelX: yLabelX, tickLabels: tickLabels)
        commands += annotations.onTop
        geometry.labels = annotations.occupied
        geometry.labelTexts = annotations.labels
        geometry.bands = annotations.bands
        geometry.markerLabels = annotations.markerLabels
        geometry.droppedMarkerLabels = annotations.droppedMarkerLabels

        if let legend = legendBox(panel), panel.showsLegend {
            let placement = legendOutside ?? legend.place(in: plot, scorer: scorer)
            commands += legend.commands(in: placement, theme: theme)
            scorer.obstacles.append(placement.rect)
            geometry.legend = placement.rect
            geometry.legendPlacement = placement
        }
        let lines = noteLines(panel, transform: transform)
        geometry.noteLines = lines
        if let notes = NoteBlock(lines: lines, font: annotationFont, layout: metrics, measurer: measurer) {
            let placed = notes.commands(in: plot, theme: theme, scorer: &scorer)
            commands += placed.commands
            geometry.notes = placed.box
        }
        return commands
    }

    /// A series cut into drawable polylines in px.
    private struct SeriesRun {
        var points: [Point]
        var stroke: Stroke
        /// How much the run counts when placing text: a faint curve counts less.
        var weight: Double
    }

    /// Every series cut at gaps and at a margin outside the plot; a step series first becomes its
    /// staircase.
    private func seriesRuns(_ panel: Panel, transform: PlotTransform) -> [SeriesRun] {
        var runs: [SeriesRun] = []
        for series in panel.series {
            let stroke = series.stroke(in: theme, scale: metrics.strokeScale)
            let margin = stroke.width + 2
            let (xs, ys) =
                series.interpolation == .steps
                ? Series.staircase(xs: series.xs, ys: series.ys)
                : (series.xs, series.ys)
            for run in transform.polylineRuns(
                xs: xs, ys: ys,
                bounds: transform.plot.insetBy(dx: -margin, dy: -margin))
            {
                runs.append(
                    SeriesRun(
                        points: run.simplified(), stroke: stroke,
                        weight: max(0.2, min(1, series.opacity))))
            }
        }
        return runs
    }

    /// What placement avoids: the curves, and the reference lines (lightly in the coverage count:
    /// a legend may cover a reference line rather than a curve).
    private func placementScorer(_ panel: Panel, transform: PlotTransform, runs: [SeriesRun]) -> PlacementScorer {
        let plot = transform.plot
        var ink = PlotInk()
        ink.curves = runs.map { PlotInk.Line(points: $0.points, halfWidth: $0.stroke.width / 2) }
        for annotation in panel.annotations {
            switch annotation {
            case .verticalLine(let x, _, let style, _) where x.isFinite && transform.xScale.contains(x):
                let px = transform.x(x)
                ink.rules.append(
                    PlotInk.Line(
                        points: [Point(x: px, y: plot.minY), Point(x: px, y: plot.maxY)],
                        halfWidth: style.lineWidth / 2))
            case .horizontalLine(let y, _, let style) where y.isFinite && transform.yScale.contains(y):
                let py = transform.y(y)
                ink.rules.append(
                    PlotInk.Line(
                        points: [Point(x: plot.minX, y: py), Point(x: plot.maxX, y: py)],
                        halfWidth: style.lineWidth / 2))
            default: break
            }
        }
        let weighted = runs.map { ($0.points, $0.weight) } + ink.rules.map { ($0.points, 0.6) }
        return PlacementScorer(plot: plot, coverage: CoverageGrid(bounds: plot, polylines: weighted), ink: ink)
    }

    /// Grid lines at the ticks, behind everything. The spines cover the left and bottom edges; the
    /// zero line has its own colour.
    private func gridCommands(_ transform: PlotTransform) -> [DrawCommand] {
        let plot = transform.plot, xScale = transform.xScale, yScale = transform.yScale
        let hairline = Stroke(color: theme.grid, width: 1)
        var commands: [DrawCommand] = []
        let hasZeroLine = yScale.lower < 0 && yScale.upper > 0
        for value in xScale.ticks.values {
            let px = transform.x(value)
            guard px > plot.minX + 0.5 else { continue }
            commands.append(
                .line(
                    from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY), stroke: hairline,
                    crisp: true))
        }
        for value in yScale.ticks.values {
            let py = transform.y(value)
            guard py < plot.maxY - 0.5, !(hasZeroLine && value == 0) else { continue }
            commands.append(
                .line(
                    from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py), stroke: hairline,
                    crisp: true))
        }
        if hasZeroLine {
            let py = transform.y(0)
            commands.append(
                .line(
                    from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py),
                    stroke: Stroke(color: theme.zeroLine, width: 1), crisp: true))
        }
        return commands
    }

    /// The left and bottom spines with outward ticks, the tick labels and the axis labels.
    func axisCommands(
        _ panel: Panel, transform: PlotTransform, showsXLabel: Bool, tickMetrics: TextMetrics,
        yLabelX: Double, tickLabels: TickLabels = .both
    ) -> [DrawCommand] {
        let plot = transform.plot
        let axisStroke = Stroke(color: theme.axis, width: 1)
        var commands: [DrawCommand] = [
            .line(
                from: Point(x: plot.minX, y: plot.minY), to: Point(x: plot.minX, y: plot.maxY),
                stroke: axisStroke, crisp: true),
            .line(
                from: Point(x: plot.minX, y: plot.maxY), to: Point(x: plot.maxX, y: plot.maxY),
                stroke: axisStroke, crisp: true)
        ]
        let tickLength = metrics.tickLength
        let labelTop = plot.maxY + tickLength + metrics.tickLabelGap
        for (value, label) in zip(transform.xScale.ticks.values, transform.xScale.ticks.labels) {
            let px = transform.x(value)
            commands.append(
                .line(
                    from: Point(x: px, y: plot.maxY), to: Point(x: px, y: plot.maxY + tickLength),
                    stroke: axisStroke, crisp: true))
            guard tickLabels.x else { continue }
            if let bounds = tickLabels.xBounds {
                let half = measurer.measure(label, font: tickFont).width / 2
                guard px - half >= bounds.lowerBound, px + half <= bounds.upperBound else { continue }
            }
            commands.append(
                .text(
                    TextRun(
                        label, origin: Point(x: px, y: (labelTop + tickMetrics.capHeight).rounded()),
                        font: tickFont, color: theme.muted, anchor: .middle)))
        }
        // A plot shorter than two labels (a small canvas, enlarged text) keeps the labels that fit.
        var lastYLabel: Rect?
        for (value, label) in zip(transform.yScale.ticks.values, transform.yScale.ticks.labels) {
            let py = transform.y(value)
            commands.append(
                .line(
                    from: Point(x: plot.minX - tickLength, y: py), to: Point(x: plot.minX, y: py),
                    stroke: axisStroke, crisp: true))
            guard tickLabels.y else { continue }
            let origin = Point(
                x: plot.minX - tickLength - metrics.tickLabelGap,
                y: (py + tickMetrics.capHeight / 2).rounded())
            let run = TextRun(label, origin: origin, font: tickFont, color: theme.muted, anchor: .end)
            let box = run.bounds(measurer: measurer)
            if let lastYLabel, lastYLabel.intersects(box) { continue }
            lastYLabel = box
            commands.append(.text(run))
        }
        if showsXLabel {
            let axisMetrics = measurer.measure("Ag", font: axisFont)
            let baseline =
                labelTop + tickMetrics.capHeight + tickMetrics.descent + metrics.axisLabelGap
                + axisMetrics.ascent
            commands.append(
                .text(
                    TextRun(
                        panel.xAxis.label, origin: Point(x: plot.midX, y: baseline.rounded()),
                        font: axisFont, color: theme.foreground, anchor: .middle)))
        }
        if !panel.yAxis.label.isEmpty {
            // Rotated along the plot's left edge: no longer than the plot is tall, so that stacked
            // panels' labels never meet.
            let label = measurer.fittingAxisLabel(panel.yAxis.label, font: axisFont, width: plot.height)
            commands.append(
                .text(
                    TextRun(
                        label, origin: Point(x: yLabelX.rounded(), y: plot.midY),
                        font: axisFont, color: theme.foreground, anchor: .middle, rotation: -90)))
        }
        return commands
    }

    /// The legend of the named series, or nil when none has a name.
    private func legendBox(_ panel: Panel) -> LegendBox? {
        let entries = panel.series.compactMap { series -> LegendBox.Entry? in
            guard let name = series.name, !name.isEmpty else { return nil }
            return LegendBox.Entry(
                name: name, stroke: series.stroke(in: theme, scale: metrics.strokeScale),
                steps: series.interpolation == .steps)
        }
        guard !entries.isEmpty else { return nil }
        return LegendBox(entries: entries, font: legendFont, metrics: metrics, measurer: measurer)
    }

    /// The panel's notes, then one naming the series an explicit y range cuts off, unless a note
    /// already names them: a chart never hides its own clipping.
    private func noteLines(_ panel: Panel, transform: PlotTransform) -> [String] {
        var lines = panel.annotations.compactMap { if case .note(let text) = $0 { text } else { nil } }
        guard panel.yAxis.range != nil else { return lines }
        let yScale = transform.yScale, xScale = transform.xScale
        let slack = (yScale.upper - yScale.lower) * 1e-9
        var clipped: [String] = []
        var unnamed = 0
        for series in panel.series {
            let cut = zip(series.xs, series.ys).contains { x, y in
                x.isFinite && y.isFinite && xScale.contains(x) && (y > yScale.upper + slack || y < yScale.lower - slack)
            }
            guard cut else { continue }
            if let name = series.name, !name.isEmpty {
                if !lines.contains(where: { $0.contains(name) }) { clipped.append(name) }
            } else {
                unnamed += 1
            }
        }
        if unnamed > 0 { clipped.append(unnamed == 1 ? "1 unnamed curve" : "\(unnamed) unnamed curves") }
        if !clipped.isEmpty { lines.append("clipped by the axis: " + clipped.joined(separator: ", ")) }
        return lines
    }
}

extension Series {
    /// The points of a step series: each value held up to the next x, then a vertical jump.
    static func staircase(xs: [Double], ys: [Double]) -> (xs: [Double], ys: [Double]) {
        let count = min(xs.count, ys.count)
        guard count > 1 else { return (Array(xs.prefix(count)), Array(ys.prefix(count))) }
        var outX: [Double] = [], outY: [Double] = []
        outX.reserveCapacity(2 * count)
        outY.reserveCapacity(2 * count)
        for index in 0..<(count - 1) {
            outX += [xs[index], xs[index + 1]]
            outY += [ys[index], ys[index]]
        }
        outX.append(xs[count - 1])
        outY.append(ys[count - 1])
        return (outX, outY)
    }
}

/// Which axes write their tick labels: a grid's inner cells leave them to the outer ones.
struct TickLabels: Hashable, Sendable {
    var x = true
    var y = true
    /// Where x tick labels may reach: a label that would leave these bounds is left out (in a grid, a
    /// cell's last label would run into its neighbour's first).
    var xBounds: ClosedRange<Double>?

    static let both = TickLabels()
}
