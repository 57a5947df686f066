/// Annotations of one panel as commands: fills and lines that go behind the series, and markers and
/// labels that go on top. Labels are placed where they cover the least series ink and no other label.
struct AnnotationLayout {
    /// Bands and reference lines, drawn before the series.
    var behind: [DrawCommand] = []
    /// Markers and labels, drawn after the series.
    var onTop: [DrawCommand] = []
    /// The boxes of the labels and markers placed, for tests and for later placements.
    var occupied: [Rect] = []

    static let markerRadius = 4.5
    static let labelGap = 5.0
    static let plotInset = 6.0

    init<Measurer: TextMeasurer>(annotations: [Annotation], transform: PlotTransform, theme: Theme,
                                 font: Font, measurer: Measurer, scorer: inout PlacementScorer) {
        let plot = transform.plot
        let vertical = measurer.measure("Ag", font: font)
        let lineHeight = (vertical.lineHeight + 2).rounded()

        // Markers first: their circles are obstacles for every label.
        for annotation in annotations {
            guard case .marker(let x, let y, _) = annotation, x.isFinite, y.isFinite,
                  transform.xScale.contains(x), transform.yScale.contains(y) else { continue }
            let center = transform.point(x, y)
            let r = AnnotationLayout.markerRadius
            onTop.append(.circle(center: center, radius: r, fill: theme.background,
                                 stroke: Stroke(color: theme.foreground, width: 1.75)))
            let box = Rect(x: center.x - r - 1, y: center.y - r - 1, width: 2 * r + 2, height: 2 * r + 2)
            scorer.obstacles.append(box)
            occupied.append(box)
        }

        for annotation in annotations {
            switch annotation {
            case .horizontalBand(let lower, let upper, let label):
                guard lower.isFinite, upper.isFinite else { continue }
                let top = max(plot.minY, transform.y(max(lower, upper)))
                let bottom = min(plot.maxY, transform.y(min(lower, upper)))
                guard bottom >= top - 1 else { continue }  // entirely outside the plot
                var band = Rect(x: plot.minX, y: top, width: plot.width, height: bottom - top)
                if band.height < 1 { band = Rect(x: plot.minX, y: band.midY - 0.5, width: plot.width, height: 1) }
                behind.append(.rect(band, fill: theme.band, stroke: nil, cornerRadius: 0))
                if let label {
                    let metrics = measurer.measure(label, font: font)
                    let gap = AnnotationLayout.labelGap - 1
                    let above = band.minY - gap - metrics.descent
                    let below = band.maxY + gap + metrics.ascent
                    place(label, metrics: metrics, color: theme.muted, font: font, theme: theme, scorer: &scorer,
                          candidates: [(Point(x: plot.maxX - AnnotationLayout.plotInset, y: above), .end),
                                       (Point(x: plot.maxX - AnnotationLayout.plotInset, y: below), .end),
                                       (Point(x: plot.minX + AnnotationLayout.plotInset, y: above), .start),
                                       (Point(x: plot.minX + AnnotationLayout.plotInset, y: below), .start)])
                }

            case .horizontalLine(let y, let label, let style):
                guard y.isFinite, transform.yScale.contains(y) else { continue }
                let py = transform.y(y)
                let stroke = style.stroke(in: theme)
                behind.append(.line(from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py),
                                    stroke: stroke, crisp: true))
                if let label {
                    let metrics = measurer.measure(label, font: font)
                    let above = py - AnnotationLayout.labelGap - metrics.descent
                    let below = py + AnnotationLayout.labelGap + metrics.ascent
                    place(label, metrics: metrics, color: stroke.color, font: font, theme: theme, scorer: &scorer,
                          candidates: [(Point(x: plot.maxX - AnnotationLayout.plotInset, y: above), .end),
                                       (Point(x: plot.maxX - AnnotationLayout.plotInset, y: below), .end),
                                       (Point(x: plot.minX + AnnotationLayout.plotInset, y: above), .start),
                                       (Point(x: plot.minX + AnnotationLayout.plotInset, y: below), .start)])
                }

            case .verticalLine(let x, let label, let style):
                guard x.isFinite, transform.xScale.contains(x) else { continue }
                let px = transform.x(x)
                let stroke = style.stroke(in: theme)
                behind.append(.line(from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY),
                                    stroke: stroke, crisp: true))
                if let label {
                    let metrics = measurer.measure(label, font: font)
                    var candidates: [(Point, TextAnchor)] = []
                    for row in 0..<3 {
                        let shift = Double(row) * lineHeight
                        let top = plot.minY + AnnotationLayout.plotInset + metrics.ascent + shift
                        let bottom = plot.maxY - AnnotationLayout.plotInset - metrics.descent - shift
                        let right = px + AnnotationLayout.labelGap, left = px - AnnotationLayout.labelGap
                        candidates += [(Point(x: right, y: top), .start), (Point(x: left, y: top), .end),
                                       (Point(x: right, y: bottom), .start), (Point(x: left, y: bottom), .end)]
                    }
                    place(label, metrics: metrics, color: stroke.color, font: font, theme: theme, scorer: &scorer,
                          candidates: candidates)
                }

            case .marker(let x, let y, let label):
                guard let label, x.isFinite, y.isFinite, transform.xScale.contains(x),
                      transform.yScale.contains(y) else { continue }
                let center = transform.point(x, y)
                let metrics = measurer.measure(label, font: font)
                let r = AnnotationLayout.markerRadius, gap = AnnotationLayout.labelGap
                let above = center.y - r - gap - metrics.descent
                let below = center.y + r + gap + metrics.ascent
                let middle = center.y + metrics.capHeight / 2
                let diagonal = r * 0.7 + gap
                place(label, metrics: metrics, color: theme.foreground, font: font, theme: theme, scorer: &scorer,
                      candidates: [(Point(x: center.x, y: above), .middle),
                                   (Point(x: center.x + diagonal, y: above + r * 0.3), .start),
                                   (Point(x: center.x - diagonal, y: above + r * 0.3), .end),
                                   (Point(x: center.x + r + gap + 1, y: middle), .start),
                                   (Point(x: center.x - r - gap - 1, y: middle), .end),
                                   (Point(x: center.x, y: below), .middle),
                                   (Point(x: center.x + diagonal, y: below - r * 0.3), .start),
                                   (Point(x: center.x - diagonal, y: below - r * 0.3), .end),
                                   // Farther out, for a crowded neighbourhood.
                                   (Point(x: center.x, y: above - 12), .middle),
                                   (Point(x: center.x, y: below + 12), .middle),
                                   (Point(x: center.x + r + gap + 16, y: middle), .start),
                                   (Point(x: center.x - r - gap - 16, y: middle), .end)])

            case .note:
                continue  // notes go in a free corner after the legend: see ``NoteBlock``
            }
        }
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
    }
}

/// The notes of one panel as a block of lines in the free corner of the plot.
struct NoteBlock {
    let lines: [String]
    let font: Font
    let metrics: [TextMetrics]
    let lineHeight: Double

    init?(annotations: [Annotation], font: Font, measurer: some TextMeasurer) {
        lines = annotations.compactMap { if case .note(let text) = $0 { return text } else { return nil } }
        guard !lines.isEmpty else { return nil }
        self.font = font
        metrics = lines.map { measurer.measure($0, font: font) }
        lineHeight = ((metrics.first?.lineHeight ?? font.size) + 2).rounded()
    }

    /// Commands for the block in the corner of `plot` that hides the least ink and overlaps nothing
    /// placed before; the block's box becomes an obstacle.
    func commands(in plot: Rect, theme: Theme, scorer: inout PlacementScorer) -> (commands: [DrawCommand], box: Rect) {
        let width = metrics.map(\.width).max() ?? 0
        let height = Double(lines.count) * lineHeight
        let corners: [PlotCorner] = [.topLeft, .topRight, .bottomLeft, .bottomRight]
        let inset = AnnotationLayout.plotInset + 2
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
