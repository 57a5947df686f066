/// Annotations of one panel as commands: fills and lines that go behind the series, and markers and
/// labels that go on top. Labels are placed clear of the curves, the reference lines and each other
/// where any candidate spot is; equal marker labels are written once.
///
/// A marker's label stays by its marker: the nearest spot around it that crosses no curve wins, and
/// a label that has to stand off (or that sits nearer another marker) gets a thin leader line to its
/// marker. A label with no spot clear of the labels and markers placed before it is left out; its
/// marker stays.
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
    /// Each marker label placed: its marker, its box and its leader line, if drawn.
    var markerLabels: [MarkerLabel] = []
    /// The labels of markers left out for want of a free spot.
    var droppedMarkerLabels: [String] = []

    /// A marker's label as placed.
    struct MarkerLabel: Hashable, Sendable {
        var text: String
        /// The marker's centre.
        var center: Point
        /// The label's box (with its backdrop margin).
        var box: Rect
        /// The leader line from the marker's circle to the box, when the label stands off.
        var leader: Segment?
    }

    /// A straight line between two points, in px.
    struct Segment: Hashable, Sendable {
        var from: Point
        var to: Point
    }

    /// Lays out `annotations`: every marker's circle, then the markers' labels (the labels tied to a
    /// point go first), then bands and reference lines with their labels in their order, each label at
    /// the free spot that hides the least.
    init<Measurer: TextMeasurer>(
        annotations: [Annotation], transform: PlotTransform, theme: Theme,
        font: Font, metrics: LayoutMetrics, measurer: Measurer,
        scorer: inout PlacementScorer
    ) {
        let context = Context(transform: transform, theme: theme, font: font, metrics: metrics, measurer: measurer)
        // Markers first: their circles are obstacles for every label.
        let tally = MarkerTally(annotations, context: context)
        drawMarkers(annotations, context: context, scorer: &scorer)
        var written: Set<String> = []
        var jobs: [MarkerJob] = []
        for case .marker(let x, let y, let label?, let color) in annotations where context.shows(x, y) {
            guard !written.contains(label) else { continue }
            written.insert(label)
            jobs.append(
                AnnotationLayout.markerJob(
                    label, at: transform.point(x, y), color: color, tally: tally,
                    context: context))
        }
        labelMarkers(jobs, context: context, scorer: &scorer)
        for annotation in annotations {
            switch annotation {
            case .horizontalBand(let lower, let upper, let label):
                addBand(lower: lower, upper: upper, label: label, context: context, scorer: &scorer)
            case .horizontalLine(let y, let label, let style):
                addHorizontalLine(at: y, label: label, style: style, context: context, scorer: &scorer)
            case .verticalLine(let x, let label, let style, let short):
                addVerticalLine(at: x, label: label, short: short, style: style, context: context, scorer: &scorer)
            case .marker:
                continue  // labelled above
            case .note:
                continue  // notes go in a free corner after the legend: see ``NoteBlock``
            }
        }
    }

    /// The farthest a marker's label may stand from its circle, in px at the reference size, beyond
    /// the label gap.
    static let markerLabelReach = 64.0

    /// Spots for a marker's label: above, beside and below the circle, then rings farther out (up to
    /// ``markerLabelReach``) for a crowded neighbourhood, nearest first.
    static func markerCandidates(
        around center: Point, metrics: TextMetrics,
        layout: LayoutMetrics
    ) -> [(Point, TextAnchor)] {
        let r = layout.markerRadius
        var candidates: [(Point, TextAnchor)] = []
        let steps = [0.0, 7, 14, 24, 34, 48, markerLabelReach]
        for distance in steps.map({ layout.labelGap + $0 * layout.scale }) {
            let above = center.y - r - distance - metrics.descent
            let below = center.y + r + distance + metrics.ascent
            let middle = center.y + metrics.capHeight / 2
            let diagonal = r * 0.7 + distance
            candidates += [
                (Point(x: center.x, y: above), .middle),
                (Point(x: center.x + diagonal, y: above + r * 0.3), .start),
                (Point(x: center.x - diagonal, y: above + r * 0.3), .end),
                (Point(x: center.x + r + distance + 1, y: middle), .start),
                (Point(x: center.x - r - distance - 1, y: middle), .end),
                (Point(x: center.x, y: below), .middle),
                (Point(x: center.x + diagonal, y: below - r * 0.3), .start),
                (Point(x: center.x - diagonal, y: below - r * 0.3), .end)
            ]
            // Farther out, above and below also slide sideways by half and a whole label's width, so
            // that the labels of a row of close markers can stack in rows over them.
            guard distance > layout.labelGap + 10 * layout.scale else { continue }
            for shift in [0.5, -0.5, 1, -1].map({ $0 * (metrics.width + r) }) {
                candidates += [
                    (Point(x: center.x + shift, y: above), .middle), (Point(x: center.x + shift, y: below), .middle)
                ]
            }
        }
        return candidates
    }

    /// The box a label takes at a spot: its text with a margin either side for the backdrop.
    static func labelBox(_ metrics: TextMetrics, at spot: (Point, TextAnchor)) -> Rect {
        metrics.bounds(origin: spot.0, anchor: spot.1).insetBy(dx: -2, dy: 0)
    }

    /// Puts `label` at the best of `candidates`, on a faint backdrop that keeps it legible over grid
    /// lines, and records its box as an obstacle. When every candidate would cover a label placed
    /// before or leave the plot (a small chart, crowded lines), the label is left out: what it says
    /// is in the subtitle or the legend, and two labels on top of each other say nothing.
    private mutating func place(
        _ label: String, metrics: TextMetrics, color: ChartColor, font: Font, theme: Theme,
        scorer: inout PlacementScorer, candidates: [(Point, TextAnchor)]
    ) {
        let boxes = candidates.map { AnnotationLayout.labelBox(metrics, at: $0) }
        guard let index = scorer.best(boxes),
            scorer.score(boxes[index], ruleWeight: 0) < PlacementScorer.obstaclePenalty
        else { return }
        let (origin, anchor) = candidates[index]
        let box = boxes[index]
        onTop.append(
            .rect(
                box.insetBy(dx: -1, dy: 0), fill: theme.background.withOpacity(0.8), stroke: nil,
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
        /// The centre of every drawn marker, in px.
        var centers: [Point] = []

        init(_ annotations: [Annotation], context: Context<some TextMeasurer>) {
            for annotation in annotations {
                guard case .marker(let x, let y, let label, let color) = annotation, context.shows(x, y) else {
                    continue
                }
                centers.append(context.transform.point(x, y))
                guard let label else { continue }
                colors[label, default: []].insert(color)
                counts[label, default: 0] += 1
            }
        }
    }

    /// Draws every marker's circle and makes its box an obstacle for the labels placed after.
    fileprivate mutating func drawMarkers(
        _ annotations: [Annotation], context: Context<some TextMeasurer>,
        scorer: inout PlacementScorer
    ) {
        let metrics = context.metrics, theme = context.theme
        for annotation in annotations {
            guard case .marker(let x, let y, _, let color) = annotation, context.shows(x, y) else { continue }
            let center = context.transform.point(x, y)
            let r = metrics.markerRadius
            onTop.append(
                .circle(
                    center: center, radius: r, fill: theme.background,
                    stroke: Stroke(color: theme.resolve(color), width: 1.75 * metrics.strokeScale)))
            let box = Rect(x: center.x - r - 1, y: center.y - r - 1, width: 2 * r + 2, height: 2 * r + 2)
            scorer.obstacles.append(box)
            occupied.append(box)
        }
    }

    /// Draws a horizontal band (clipped to the plot) with firm edges, and places its label above or below it.
    fileprivate mutating func addBand(
        lower: Double, upper: Double, label: String?, context: Context<some TextMeasurer>,
        scorer: inout PlacementScorer
    ) {
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
        behind += [
            .rect(band, fill: theme.band, stroke: nil, cornerRadius: 0),
            .line(
                from: Point(x: band.minX, y: band.minY), to: Point(x: band.maxX, y: band.minY),
                stroke: edge, crisp: true),
            .line(
                from: Point(x: band.minX, y: band.maxY), to: Point(x: band.maxX, y: band.maxY),
                stroke: edge, crisp: true)
        ]
        bands.append(band)
        if let label {
            placeBeside(label, top: band.minY, bottom: band.maxY, color: theme.muted, context: context, scorer: &scorer)
        }
    }

    /// Draws a horizontal reference line across the plot and places its label above or below it.
    fileprivate mutating func addHorizontalLine(
        at y: Double, label: String?, style: AnnotationStyle,
        context: Context<some TextMeasurer>, scorer: inout PlacementScorer
    ) {
        guard y.isFinite, context.transform.yScale.contains(y) else { return }
        let plot = context.plot
        let py = context.transform.y(y)
        let stroke = style.stroke(in: context.theme, scale: context.metrics.strokeScale)
        behind.append(
            .line(
                from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py),
                stroke: stroke, crisp: true))
        if let label {
            placeBeside(label, top: py, bottom: py, color: stroke.color, context: context, scorer: &scorer)
        }
    }

    /// Places the label of a band or horizontal line (`top` to `bottom` in px) at the right end, the
    /// left end or the middle of the plot, above or below it.
    fileprivate mutating func placeBeside(
        _ label: String, top: Double, bottom: Double, color: ChartColor,
        context: Context<some TextMeasurer>, scorer: inout PlacementScorer
    ) {
        let plot = context.plot, inset = context.metrics.plotInset, gap = context.metrics.labelGap
        let textMetrics = context.measurer.measure(label, font: context.font)
        let above = top - gap - textMetrics.descent
        let below = bottom + gap + textMetrics.ascent
        var candidates: [(Point, TextAnchor)] = []
        for (x, anchor) in [
            (plot.maxX - inset, TextAnchor.end), (plot.minX + inset, .start),
            (plot.midX, .middle)
        ] {
            candidates += [(Point(x: x, y: above), anchor), (Point(x: x, y: below), anchor)]
        }
        place(
            label, metrics: textMetrics, color: color, font: context.font, theme: context.theme,
            scorer: &scorer, candidates: candidates)
    }

    /// Draws a vertical reference line down the plot and places its label beside it, near the top or
    /// the bottom, stepping inwards a row at a time (up to six) when crowded. `short` replaces a label
    /// that fits on neither side of the line inside the plot.
    fileprivate mutating func addVerticalLine(
        at x: Double, label: String?, short: String?, style: AnnotationStyle,
        context: Context<some TextMeasurer>, scorer: inout PlacementScorer
    ) {
        guard x.isFinite, context.transform.xScale.contains(x) else { return }
        let plot = context.plot, inset = context.metrics.plotInset, gap = context.metrics.labelGap
        let px = context.transform.x(x)
        let stroke = style.stroke(in: context.theme, scale: context.metrics.strokeScale)
        behind.append(
            .line(
                from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY),
                stroke: stroke, crisp: true))
        guard let label else { return }
        let rows = max(1, Int((plot.height - 2 * inset) / context.lineHeight))
        // A text's size and its spots: beside the line, at the top and the bottom, rows further in.
        func layout(_ text: String) -> (text: String, metrics: TextMetrics, spots: [(Point, TextAnchor)]) {
            let metrics = context.measurer.measure(text, font: context.font)
            var spots: [(Point, TextAnchor)] = []
            for row in 0..<min(rows, 6) {
                let shift = Double(row) * context.lineHeight
                let top = plot.minY + inset + metrics.ascent + shift
                let bottom = plot.maxY - inset - metrics.descent - shift
                let right = px + gap, left = px - gap
                spots += [
                    (Point(x: right, y: top), .start), (Point(x: left, y: top), .end),
                    (Point(x: right, y: bottom), .start), (Point(x: left, y: bottom), .end)
                ]
            }
            return (text, metrics, spots)
        }
        var chosen = layout(label)
        if let short,
            !chosen.spots.contains(where: { scorer.isInside(AnnotationLayout.labelBox(chosen.metrics, at: $0)) })
        {
            chosen = layout(short)
        }
        place(
            chosen.text, metrics: chosen.metrics, color: stroke.color, font: context.font, theme: context.theme,
            scorer: &scorer, candidates: chosen.spots)
    }

    /// One marker's label to place: its text and colours, its marker and the spots around it.
    fileprivate struct MarkerJob {
        let text: String
        let center: Point
        let color: SeriesColor
        let textColor: ChartColor
        let textMetrics: TextMetrics
        let candidates: [(Point, TextAnchor)]
        /// The other markers' centres: a label nearer one of them than its own needs a leader.
        let others: [Point]
    }

    /// Where a marker's label goes: its candidate, box and leader, and what the spot costs.
    fileprivate struct MarkerChoice {
        let index: Int
        let box: Rect
        let leader: Segment?
        let cost: Double
    }

    /// The job for a marker's label near `center`, with the number of markers that share it
    /// ("16.3 % (×6)"), in the foreground colour when their colours differ.
    fileprivate static func markerJob(
        _ label: String, at center: Point, color: SeriesColor, tally: MarkerTally,
        context: Context<some TextMeasurer>
    ) -> MarkerJob {
        let count = tally.counts[label] ?? 1
        let text = count > 1 ? "\(label) (×\(count))" : label
        let textMetrics = context.measurer.measure(text, font: context.font)
        let shared = (tally.colors[label]?.count ?? 1) > 1
        return MarkerJob(
            text: text, center: center, color: color,
            textColor: context.theme.resolve(shared ? .foreground : color), textMetrics: textMetrics,
            candidates: markerCandidates(around: center, metrics: textMetrics, layout: context.metrics),
            others: tally.centers.filter { $0 != center })
    }

    /// The best spot for a marker's label given what `scorer` holds, or nil when every spot overlaps
    /// a label or marker placed before or leaves the plot.
    ///
    /// Each spot costs what ``PlacementScorer`` says plus its distance from the circle, so the nearest
    /// spot that crosses no curve wins over a farther one that hides a little less ink. A label farther
    /// than a short gap from its circle, or nearer another marker than its own, is tied to its marker
    /// by a leader line, which costs the curves and boxes it crosses.
    fileprivate static func choose(_ job: MarkerJob, scorer: PlacementScorer, metrics: LayoutMetrics) -> MarkerChoice? {
        let radius = metrics.markerRadius, center = job.center
        let ownBox = Rect(
            x: center.x - radius - 1, y: center.y - radius - 1, width: 2 * radius + 2, height: 2 * radius + 2)
        var best: MarkerChoice?
        for (index, (origin, anchor)) in job.candidates.enumerated() {
            let box = job.textMetrics.bounds(origin: origin, anchor: anchor).insetBy(dx: -2, dy: 0)
            let near = box.nearestPoint(to: center)
            let gap = max(0, center.distance(to: near) - radius)
            let distanceCost = gap * standOffCost / metrics.scale
            if let best, distanceCost >= best.cost { continue }
            var cost = scorer.score(box, limit: (best?.cost ?? .infinity) - distanceCost) + distanceCost
            if let best, cost >= best.cost { continue }
            let ambiguous = job.others.contains { box.distance(to: $0) < box.distance(to: center) }
            let needsLeader = gap > metrics.labelGap + leaderThreshold * metrics.scale || ambiguous
            var leader: Segment?
            if needsLeader {
                // Too close to its circle for a leader to show, yet nearer another marker: it would
                // read as that marker's label.
                guard let line = AnnotationLayout.leader(from: center, radius: radius, to: near, scale: metrics.scale)
                else {
                    cost += ambiguityCost
                    if best == nil || cost < best!.cost {
                        best = MarkerChoice(index: index, box: box, leader: nil, cost: cost)
                    }
                    continue
                }
                leader = line
                cost += Double(scorer.ink.curveCrossings(from: line.from, to: line.to)) * leaderCurveCost
                for obstacle in scorer.obstacles
                where obstacle != ownBox && obstacle.clip(from: line.from, to: line.to) != nil {
                    cost += leaderCrossingCost
                }
            }
            if best == nil || cost < best!.cost {
                best = MarkerChoice(index: index, box: box, leader: leader, cost: cost)
            }
        }
        guard let best, best.cost < PlacementScorer.obstaclePenalty else { return nil }
        return best
    }

    /// Records a chosen spot in `scorer`: the box as an obstacle, the leader as ink to keep clear of.
    fileprivate static func claim(_ choice: MarkerChoice, scorer: inout PlacementScorer, metrics: LayoutMetrics) {
        if let leader = choice.leader {
            scorer.ink.curves.append(
                PlotInk.Line(points: [leader.from, leader.to], halfWidth: 0.5 * metrics.strokeScale))
        }
        scorer.obstacles.append(choice.box)
    }

    /// Places the marker labels. Placing one label at a time can leave a later one only a far spot, so
    /// a few orders are tried (as given, left to right, right to left, top down, bottom up) and the one
    /// whose labels cost least in all (a label left out costing as much as an overlap) is drawn.
    fileprivate mutating func labelMarkers(
        _ jobs: [MarkerJob], context: Context<some TextMeasurer>,
        scorer: inout PlacementScorer
    ) {
        let metrics = context.metrics
        let given = Array(jobs.indices)
        var orders = [given]
        if jobs.count > 1 {
            let byX = given.sorted { jobs[$0].center.x < jobs[$1].center.x }
            let byY = given.sorted { jobs[$0].center.y < jobs[$1].center.y }
            orders += [byX, byX.reversed(), byY, byY.reversed()]
        }
        var best: (choices: [Int: MarkerChoice], order: [Int], cost: Double)?
        for order in orders {
            var trial = scorer, choices: [Int: MarkerChoice] = [:], total = 0.0
            for index in order {
                guard let choice = AnnotationLayout.choose(jobs[index], scorer: trial, metrics: metrics) else {
                    total += PlacementScorer.obstaclePenalty
                    continue
                }
                AnnotationLayout.claim(choice, scorer: &trial, metrics: metrics)
                choices[index] = choice
                total += choice.cost
            }
            if best == nil || total < best!.cost { best = (choices, order, total) }
        }
        guard let best else { return }
        for index in best.order {
            let job = jobs[index]
            guard let choice = best.choices[index] else {
                droppedMarkerLabels.append(job.text)
                continue
            }
            AnnotationLayout.claim(choice, scorer: &scorer, metrics: metrics)
            if let leader = choice.leader {
                onTop.append(
                    .line(
                        from: leader.from, to: leader.to,
                        stroke: Stroke(
                            color: context.theme.resolve(job.color).withOpacity(0.9),
                            width: metrics.strokeScale, cap: .round),
                        crisp: false))
            }
            let (origin, anchor) = job.candidates[choice.index]
            onTop.append(
                .rect(
                    choice.box.insetBy(dx: -1, dy: 0), fill: context.theme.background.withOpacity(0.8),
                    stroke: nil, cornerRadius: 2))
            onTop.append(
                .text(TextRun(job.text, origin: origin, font: context.font, color: job.textColor, anchor: anchor)))
            occupied.append(choice.box)
            labels.append(choice.box)
            markerLabels.append(MarkerLabel(text: job.text, center: job.center, box: choice.box, leader: choice.leader))
        }
    }

    /// What one px between a marker's circle and its label costs (at the reference size): a label
    /// stands up to about 60 px off to keep clear of a curve (``PlacementScorer/curvePenalty``), and
    /// always takes the nearest of spots that are otherwise alike.
    static let standOffCost = 1_500.0
    /// A label more than this (px at the reference size) beyond the label gap from its circle gets a
    /// leader line.
    static let leaderThreshold = 9.0
    /// What a label right by its marker but nearer another one costs: as much as a spot a curve
    /// crosses.
    static let ambiguityCost = 1e5
    /// What each curve a leader line crosses costs: a fifth of a label on a curve.
    static let leaderCurveCost = 2e4
    /// What a leader line through another label or marker costs: less than overlapping one, more than
    /// crossing a curve.
    static let leaderCrossingCost = 1e6

    /// The leader from the edge of a marker's circle towards `target` (the nearest point of the label's
    /// box), stopping short of the box; nil when too short to see.
    static func leader(from center: Point, radius: Double, to target: Point, scale: Double) -> Segment? {
        let dx = target.x - center.x, dy = target.y - center.y
        let length = (dx * dx + dy * dy).squareRoot()
        let start = radius + 1.5 * scale, end = length - 1.5 * scale
        guard length > 0, end - start > 3 * scale else { return nil }
        let ux = dx / length, uy = dy / length
        return Segment(
            from: Point(x: center.x + ux * start, y: center.y + uy * start),
            to: Point(x: center.x + ux * end, y: center.y + uy * end))
    }
}

extension Point {
    /// The straight-line distance to `other`.
    func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}

extension Rect {
    /// The point of the rectangle nearest to `point` (the point itself when inside).
    func nearestPoint(to point: Point) -> Point {
        Point(x: Swift.min(maxX, Swift.max(minX, point.x)), y: Swift.min(maxY, Swift.max(minY, point.y)))
    }

    /// The distance from `point` to the rectangle (0 inside).
    func distance(to point: Point) -> Double { point.distance(to: nearestPoint(to: point)) }
}

/// The notes of one panel as a block of lines in the free corner of the plot.
struct NoteBlock {
    let lines: [String]
    let font: Font
    let metrics: [TextMetrics]
    let lineHeight: Double
    let inset: Double
    /// The space kept free beside the block when choosing its corner, so that it does not run on from
    /// a label placed before it.
    let margin: Double

    init?(lines: [String], font: Font, layout: LayoutMetrics, measurer: some TextMeasurer) {
        guard !lines.isEmpty else { return nil }
        self.lines = lines
        self.font = font
        metrics = lines.map { measurer.measure($0, font: font) }
        lineHeight = ((metrics.first?.lineHeight ?? font.size) + 2 * layout.scale).rounded()
        inset = layout.plotInset + 2 * layout.scale
        margin = 6 * layout.scale
    }

    /// Commands for the block in the corner of `plot` that hides the least ink and overlaps nothing
    /// placed before; the block's box becomes an obstacle.
    func commands(in plot: Rect, theme: Theme, scorer: inout PlacementScorer) -> (commands: [DrawCommand], box: Rect) {
        let width = metrics.map(\.width).max() ?? 0
        let height = Double(lines.count) * lineHeight
        let corners: [PlotCorner] = [.topLeft, .topRight, .bottomLeft, .bottomRight, .topCenter, .bottomCenter]
        let boxes = corners.map { $0.rect(width: width, height: height, in: plot, inset: inset) }
        let index = scorer.best(boxes.map { $0.insetBy(dx: -margin, dy: 0) }) ?? 0
        let box = boxes[index]
        let anchor: TextAnchor = corners[index].isRight ? .end : .start
        let x = anchor == .end ? box.maxX : box.minX
        var commands: [DrawCommand] = [
            .rect(box.insetBy(dx: -3, dy: -1), fill: theme.background.withOpacity(0.8), stroke: nil, cornerRadius: 2)
        ]
        for (row, line) in lines.enumerated() {
            let baseline = box.minY + Double(row) * lineHeight + (metrics[row].ascent + 1).rounded()
            commands.append(
                .text(
                    TextRun(
                        line, origin: Point(x: x, y: baseline), font: font, color: theme.muted,
                        anchor: anchor)))
        }
        scorer.obstacles.append(box)
        return (commands, box)
    }
}
