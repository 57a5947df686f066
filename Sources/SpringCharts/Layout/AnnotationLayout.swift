/// Annotations of one panel as commands: fills and lines that go behind the series, and markers and
/// labels that go on top. Labels are placed clear of the curves, the reference lines and each other
/// where any candidate spot is; equal marker labels are written once.
struct AnnotationLayout {
    /// Bands and reference lines, drawn before the series.
    var behind: [DrawCommand] = []
    /// Markers and labels, drawn after the series.
    var onTop: [DrawCommand] = []
    /// The boxes of the labels and markers placed, for tests and for later placements.
    var occupied: [Rect] = []
    /// The boxes of the label texts alone.
    var labels: [Rect] = []
    /// The drawn bands.
    var bands: [Rect] = []

    /// Lays out `annotations` in their order, after every marker's circle: bands, reference lines and
    /// marker labels, each label at the free spot that hides the least.
    init<Measurer: TextMeasurer>(annotations: [Annotation], transform: PlotTransform, theme: Theme,
                                 font: Font, metrics: LayoutMetrics, measurer: Measurer,
                                 scorer: inout PlacementScorer) {
        let context = Context(transform: transform, theme: theme, font: font, metrics: metrics, measurer: measurer)
        // Markers first: their circles are obstacles for every label.
        let tally = MarkerTally(annotations, context: context)
        drawMarkers(annotations, context: context, scorer: &scorer)
        var written: Set<String> = []
        for annotation in annotations {
            switch annotation {
            case .horizontalBand(let lower, let upper, let label):
                addBand(lower: lower, upper: upper, label: label, context: context, scorer: &scorer)
            case .horizontalLine(let y, let label, let style):
                addHorizontalLine(at: y, label: label, style: style, context: context, scorer: &scorer)
            case .verticalLine(let x, let label, let style):
                addVerticalLine(at: x, label: label, style: style, context: context, scorer: &scorer)
            case .marker(let x, let y, let label, let color):
                guard let label, !written.contains(label), context.shows(x, y) else { continue }
                written.insert(label)
                labelMarker(label, at: transform.point(x, y), color: color, tally: tally, context: context,
                            scorer: &scorer)
            case .note:
                continue  // notes go in a free corner after the legend: see ``NoteBlock``
            }
        }
    }

    /// Spots for a marker's label: above, beside and below the circle, then two rings farther out
    /// for a crowded neighbourhood.
    static func markerCandidates(around center: Point, metrics: TextMetrics,
                                 layout: LayoutMetrics) -> [(Point, TextAnchor)] {
        let r = layout.markerRadius
        var candidates: [(Point, TextAnchor)] = []
        for distance in [layout.labelGap, layout.labelGap + 14 * layout.scale, layout.labelGap + 34 * layout.scale] {
            let above = center.y - r - distance - metrics.descent
            let below = center.y + r + distance + metrics.ascent
            let middle = center.y + metrics.capHeight / 2
            let diagonal = r * 0.7 + distance
            candidates += [(Point(x: center.x, y: above), .middle),
                           (Point(x: center.x + diagonal, y: above + r * 0.3), .start),
                           (Point(x: center.x - diagonal, y: above + r * 0.3), .end),
                           (Point(x: center.x + r + distance + 1, y: middle), .start),
                           (Point(x: center.x - r - distance - 1, y: middle), .end),
                           (Point(x: center.x, y: below), .middle),
                           (Point(x: center.x + diagonal, y: below - r * 0.3), .start),
                           (Point(x: center.x - diagonal, y: below - r * 0.3), .end)]
        }
        return candidates
    }

    /// Puts `label` at the best of `candidates`, on a faint backdrop that keeps it legible over grid
    /// lines, and records its box as an obstacle.
    private mutating func place(_ label: String, metrics: TextMetrics, color: ChartColor, font: Font, theme: Theme,
                                scorer: inout PlacementScorer, candidates: [(Point, TextAnchor)]) {
        let boxes = candidates.map { metrics.bounds(origin: $0.0, anchor: $0.1).insetBy(dx: -2, dy: 0) }
        guard let index = scorer.best(boxes) else { return }
        let (origin, anchor) = candidates[index]
        let box = boxes[index]
        onTop.append(.rect(box.insetBy(dx: -1, dy: 0), fill: theme.background.withOpacity(0.8), stroke: nil,
                           cornerRadius: 2))
        onTop.append(.text(TextRun(label, origin: origin, font: font, color: color, anchor: anchor)))
        scorer.obstacles.append(box)
        occupied.append(box)
        labels.append(box)
    }
}

// MARK: Steps of the layout

extension AnnotationLayout {
    /// What every step reads: the plot's transform, the theme, the label font, the sizes and the
    /// measurer, with the spacings derived from them.
    fileprivate struct Context<Measurer: TextMeasurer> {
        let transform: PlotTransform
        let theme: Theme
        let font: Font
        let metrics: LayoutMetrics
        let measurer: Measurer
        /// The distance between the rows a vertical line's label may take.
        let lineHeight: Double

        init(transform: PlotTransform, theme: Theme, font: Font, metrics: LayoutMetrics, measurer: Measurer) {
            self.transform = transform
            self.theme = theme
            self.font = font
            self.metrics = metrics
            self.measurer = measurer
            lineHeight = (measurer.measure("Ag", font: font).lineHeight + 2 * metrics.scale).rounded()
        }

        var plot: Rect { transform.plot }

        /// Whether a marker at (`x`, `y`) is drawn: finite and inside both scales.
        func shows(_ x: Double, _ y: Double) -> Bool {
            x.isFinite && y.isFinite && transform.xScale.contains(x) && transform.yScale.contains(y)
        }
    }

    /// How many drawn markers share each label, and in which colours: a shared label is written once.
    fileprivate struct MarkerTally {
        var colors: [String: Set<SeriesColor>] = [:]
        var counts: [String: Int] = [:]

        init(_ annotations: [Annotation], context: Context<some TextMeasurer>) {
            for annotation in annotations {
                guard case .marker(let x, let y, let label?, let color) = annotation, context.shows(x, y) else { continue }
                colors[label, default: []].insert(color)
                counts[label, default: 0] += 1
            }
        }
    }

    /// Draws every marker's circle and makes its box an obstacle for the labels placed after.
    fileprivate mutating func drawMarkers(_ annotations: [Annotation], context: Context<some TextMeasurer>,
                                          scorer: inout PlacementScorer) {
        let metrics = context.metrics, theme = context.theme
        for annotation in annotations {
            guard case .marker(let x, let y, _, let color) = annotation, context.shows(x, y) else { continue }
            let center = context.transform.point(x, y)
            let r = metrics.markerRadius
            onTop.append(.circle(center: center, radius: r, fill: theme.background,
                                 stroke: Stroke(color: theme.resolve(color), width: 1.75 * metrics.strokeScale)))
            let box = Rect(x: center.x - r - 1, y: center.y - r - 1, width: 2 * r + 2, height: 2 * r + 2)
            scorer.obstacles.append(box)
            occupied.append(box)
        }
    }

    /// Draws a horizontal band (clipped to the plot) with firm edges, and places its label above or below it.
    fileprivate mutating func addBand(lower: Double, upper: Double, label: String?, context: Context<some TextMeasurer>,
                                      scorer: inout PlacementScorer) {
        guard lower.isFinite, upper.isFinite else { return }
        let plot = context.plot, transform = context.transform, theme = context.theme
        let top = transform.y(max(lower, upper)), bottom = transform.y(min(lower, upper))
        let middle = (top + bottom) / 2
        let height = max(bottom - top, context.metrics.minimumBandHeight)
        var band = Rect(x: plot.minX, y: middle - height / 2, width: plot.width, height: height)
        let clippedTop = max(plot.minY, band.minY), clippedBottom = min(plot.maxY, band.maxY)
        guard clippedBottom > clippedTop else { return }  // entirely outside the plot
        band = Rect(x: plot.minX, y: clippedTop, width: plot.width, height: clippedBottom - clippedTop)
        // A tinted fill with firmer edges, so the band reads even where a curve and the target
        // line run through it.
        let edge = Stroke(color: theme.band.withOpacity(2.5), width: 1)
        behind += [.rect(band, fill: theme.band, stroke: nil, cornerRadius: 0),
                   .line(from: Point(x: band.minX, y: band.minY), to: Point(x: band.maxX, y: band.minY),
                         stroke: edge, crisp: true),
                   .line(from: Point(x: band.minX, y: band.maxY), to: Point(x: band.maxX, y: band.maxY),
                         stroke: edge, crisp: true)]
        bands.append(band)
        if let label {
            placeBeside(label, top: band.minY, bottom: band.maxY, color: theme.muted, context: context, scorer: &scorer)
        }
    }

    /// Draws a horizontal reference line across the plot and places its label above or below it.
    fileprivate mutating func addHorizontalLine(at y: Double, label: String?, style: AnnotationStyle,
                                                context: Context<some TextMeasurer>, scorer: inout PlacementScorer) {
        guard y.isFinite, context.transform.yScale.contains(y) else { return }
        let plot = context.plot
        let py = context.transform.y(y)
        let stroke = style.stroke(in: context.theme, scale: context.metrics.strokeScale)
        behind.append(.line(from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py),
                            stroke: stroke, crisp: true))
        if let label {
            placeBeside(label, top: py, bottom: py, color: stroke.color, context: context, scorer: &scorer)
        }
    }

    /// Places the label of a band or horizontal line (`top` to `bottom` in px) at the right end, the
    /// left end or the middle of the plot, above or below it.
    fileprivate mutating func placeBeside(_ label: String, top: Double, bottom: Double, color: ChartColor,
                                          context: Context<some TextMeasurer>, scorer: inout PlacementScorer) {
        let plot = context.plot, inset = context.metrics.plotInset, gap = context.metrics.labelGap
        let textMetrics = context.measurer.measure(label, font: context.font)
        let above = top - gap - textMetrics.descent
        let below = bottom + gap + textMetrics.ascent
        var candidates: [(Point, TextAnchor)] = []
        for (x, anchor) in [(plot.maxX - inset, TextAnchor.end), (plot.minX + inset, .start),
                            (plot.midX, .middle)] {
            candidates += [(Point(x: x, y: above), anchor), (Point(x: x, y: below), anchor)]
        }
        place(label, metrics: textMetrics, color: color, font: context.font, theme: context.theme,
              scorer: &scorer, candidates: candidates)
    }

    /// Draws a vertical reference line down the plot and places its label beside it, near the top or
    /// the bottom, stepping inwards a row at a time (up to six) when crowded.
    fileprivate mutating func addVerticalLine(at x: Double, label: String?, style: AnnotationStyle,
                                              context: Context<some TextMeasurer>, scorer: inout PlacementScorer) {
        guard x.isFinite, context.transform.xScale.contains(x) else { return }
        let plot = context.plot, inset = context.metrics.plotInset, gap = context.metrics.labelGap
        let px = context.transform.x(x)
        let stroke = style.stroke(in: context.theme, scale: context.metrics.strokeScale)
        behind.append(.line(from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY),
                            stroke: stroke, crisp: true))
        guard let label else { return }
        let textMetrics = context.measurer.measure(label, font: context.font)
        let lineHeight = context.lineHeight
        var candidates: [(Point, TextAnchor)] = []
        let rows = max(1, Int((plot.height - 2 * inset) / lineHeight))
        for row in 0..<min(rows, 6) {
            let shift = Double(row) * lineHeight
            let top = plot.minY + inset + textMetrics.ascent + shift
            let bottom = plot.maxY - inset - textMetrics.descent - shift
            let right = px + gap, left = px - gap
            candidates += [(Point(x: right, y: top), .start), (Point(x: left, y: top), .end),
                           (Point(x: right, y: bottom), .start), (Point(x: left, y: bottom), .end)]
        }
        place(label, metrics: textMetrics, color: stroke.color, font: context.font, theme: context.theme,
              scorer: &scorer, candidates: candidates)
    }

    /// Places a marker's label near `center`, with the number of markers that share it ("16.3 % (×6)"),
    /// in the foreground colour when their colours differ.
    fileprivate mutating func labelMarker(_ label: String, at center: Point, color: SeriesColor, tally: MarkerTally,
                                          context: Context<some TextMeasurer>, scorer: inout PlacementScorer) {
        let count = tally.counts[label] ?? 1
        let text = count > 1 ? "\(label) (×\(count))" : label
        let textMetrics = context.measurer.measure(text, font: context.font)
        let shared = (tally.colors[label]?.count ?? 1) > 1
        let textColor = context.theme.resolve(shared ? .foreground : color)
        place(text, metrics: textMetrics, color: textColor, font: context.font, theme: context.theme, scorer: &scorer,
              candidates: AnnotationLayout.markerCandidates(around: center, metrics: textMetrics,
                                                            layout: context.metrics))
    }
}

/// The notes of one panel as a block of lines in the free corner of the plot.
struct NoteBlock {
    let lines: [String]
    let font: Font
    let metrics: [TextMetrics]
    let lineHeight: Double
    let inset: Double

    init?(lines: [String], font: Font, layout: LayoutMetrics, measurer: some TextMeasurer) {
        guard !lines.isEmpty else { return nil }
        self.lines = lines
        self.font = font
        metrics = lines.map { measurer.measure($0, font: font) }
        lineHeight = ((metrics.first?.lineHeight ?? font.size) + 2 * layout.scale).rounded()
        inset = layout.plotInset + 2 * layout.scale
    }

    /// Commands for the block in the corner of `plot` that hides the least ink and overlaps nothing
    /// placed before; the block's box becomes an obstacle.
    func commands(in plot: Rect, theme: Theme, scorer: inout PlacementScorer) -> (commands: [DrawCommand], box: Rect) {
        let width = metrics.map(\.width).max() ?? 0
        let height = Double(lines.count) * lineHeight
        let corners: [PlotCorner] = [.topLeft, .topRight, .bottomLeft, .bottomRight, .topCenter, .bottomCenter]
        let boxes = corners.map { $0.rect(width: width, height: height, in: plot, inset: inset) }
        let index = scorer.best(boxes) ?? 0
        let box = boxes[index]
        let anchor: TextAnchor = corners[index].isRight ? .end : .start
        let x = anchor == .end ? box.maxX : box.minX
        var commands: [DrawCommand] = [
            .rect(box.insetBy(dx: -3, dy: -1), fill: theme.background.withOpacity(0.8), stroke: nil, cornerRadius: 2),
        ]
        for (row, line) in lines.enumerated() {
            let baseline = box.minY + Double(row) * lineHeight + (metrics[row].ascent + 1).rounded()
            commands.append(.text(TextRun(line, origin: Point(x: x, y: baseline), font: font, color: theme.muted,
                                          anchor: anchor)))
        }
        scorer.obstacles.append(box)
        return (commands, box)
    }
}
