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

    init<Measurer: TextMeasurer>(annotations: [Annotation], transform: PlotTransform, theme: Theme,
                                 font: Font, metrics: LayoutMetrics, measurer: Measurer,
                                 scorer: inout PlacementScorer) {
        let plot = transform.plot
        let vertical = measurer.measure("Ag", font: font)
        let lineHeight = (vertical.lineHeight + 2 * metrics.scale).rounded()
        let inset = metrics.plotInset, gap = metrics.labelGap

        // Markers first: their circles are obstacles for every label. A label shared by several
        // markers is written once, with their count ("16.3 % (×6)"), in the foreground colour when
        // their colours differ.
        var labelColors: [String: Set<SeriesColor>] = [:]
        var markerCounts: [String: Int] = [:]
        for annotation in annotations {
            guard case .marker(let x, let y, let label?, let color) = annotation, x.isFinite, y.isFinite,
                  transform.xScale.contains(x), transform.yScale.contains(y) else { continue }
            labelColors[label, default: []].insert(color)
            markerCounts[label, default: 0] += 1
        }
        for annotation in annotations {
            guard case .marker(let x, let y, _, let color) = annotation, x.isFinite, y.isFinite,
                  transform.xScale.contains(x), transform.yScale.contains(y) else { continue }
            let center = transform.point(x, y)
            let r = metrics.markerRadius
            onTop.append(.circle(center: center, radius: r, fill: theme.background,
                                 stroke: Stroke(color: theme.resolve(color), width: 1.75 * metrics.strokeScale)))
            let box = Rect(x: center.x - r - 1, y: center.y - r - 1, width: 2 * r + 2, height: 2 * r + 2)
            scorer.obstacles.append(box)
            occupied.append(box)
        }

        var written: Set<String> = []
        for annotation in annotations {
            switch annotation {
            case .horizontalBand(let lower, let upper, let label):
                guard lower.isFinite, upper.isFinite else { continue }
                let top = transform.y(max(lower, upper)), bottom = transform.y(min(lower, upper))
                let middle = (top + bottom) / 2
                let height = max(bottom - top, metrics.minimumBandHeight)
                var band = Rect(x: plot.minX, y: middle - height / 2, width: plot.width, height: height)
                let clippedTop = max(plot.minY, band.minY), clippedBottom = min(plot.maxY, band.maxY)
                guard clippedBottom > clippedTop else { continue }  // entirely outside the plot
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
                    let textMetrics = measurer.measure(label, font: font)
                    let above = band.minY - gap - textMetrics.descent
                    let below = band.maxY + gap + textMetrics.ascent
                    var candidates: [(Point, TextAnchor)] = []
                    for (x, anchor) in [(plot.maxX - inset, TextAnchor.end), (plot.minX + inset, .start),
                                        (plot.midX, .middle)] {
                        candidates += [(Point(x: x, y: above), anchor), (Point(x: x, y: below), anchor)]
                    }
                    place(label, metrics: textMetrics, color: theme.muted, font: font, theme: theme,
                          scorer: &scorer, candidates: candidates)
                }

            case .horizontalLine(let y, let label, let style):
                guard y.isFinite, transform.yScale.contains(y) else { continue }
                let py = transform.y(y)
                let stroke = style.stroke(in: theme, scale: metrics.strokeScale)
                behind.append(.line(from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py),
                                    stroke: stroke, crisp: true))
                if let label {
                    let textMetrics = measurer.measure(label, font: font)
                    let above = py - gap - textMetrics.descent
                    let below = py + gap + textMetrics.ascent
                    var candidates: [(Point, TextAnchor)] = []
                    for (x, anchor) in [(plot.maxX - inset, TextAnchor.end), (plot.minX + inset, .start),
                                        (plot.midX, .middle)] {
                        candidates += [(Point(x: x, y: above), anchor), (Point(x: x, y: below), anchor)]
                    }
                    place(label, metrics: textMetrics, color: stroke.color, font: font, theme: theme,
                          scorer: &scorer, candidates: candidates)
                }

            case .verticalLine(let x, let label, let style):
                guard x.isFinite, transform.xScale.contains(x) else { continue }
                let px = transform.x(x)
                let stroke = style.stroke(in: theme, scale: metrics.strokeScale)
                behind.append(.line(from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY),
                                    stroke: stroke, crisp: true))
                if let label {
                    let textMetrics = measurer.measure(label, font: font)
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
                    place(label, metrics: textMetrics, color: stroke.color, font: font, theme: theme,
                          scorer: &scorer, candidates: candidates)
                }

            case .marker(let x, let y, let label, let color):
                guard let label, !written.contains(label), x.isFinite, y.isFinite, transform.xScale.contains(x),
                      transform.yScale.contains(y) else { continue }
                written.insert(label)
                let center = transform.point(x, y)
                let count = markerCounts[label] ?? 1
                let text = count > 1 ? "\(label) (×\(count))" : label
                let textMetrics = measurer.measure(text, font: font)
                let shared = (labelColors[label]?.count ?? 1) > 1
                let textColor = theme.resolve(shared ? .foreground : color)
                place(text, metrics: textMetrics, color: textColor, font: font, theme: theme, scorer: &scorer,
                      candidates: AnnotationLayout.markerCandidates(around: center, metrics: textMetrics,
                                                                    layout: metrics))

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
