/// The marks of one plot that a legend or a label must not sit on: the series' polylines
/// ("curves") and the reference lines of annotations ("rules"), in px.
///
/// ``CoverageGrid`` says how much ink a box hides; this says exactly whether a box touches a line at
/// all, by clipping each segment against the box.
struct PlotInk: Sendable {
    struct Line: Sendable {
        var points: [Point]
        /// Half the stroke width: a box closer than this to the centre line touches the stroke.
        var halfWidth: Double
        /// The box around the points grown by `halfWidth`, to skip far lines quickly.
        var bounds: Rect

        init(points: [Point], halfWidth: Double) {
            self.points = points
            self.halfWidth = halfWidth
            let xs = points.map(\.x), ys = points.map(\.y)
            let minX = xs.min() ?? 0, minY = ys.min() ?? 0
            bounds = Rect(x: minX, y: minY, width: (xs.max() ?? minX) - minX, height: (ys.max() ?? minY) - minY)
                .insetBy(dx: -halfWidth, dy: -halfWidth)
        }

        /// Whether the stroke passes through `rect`.
        func crosses(_ rect: Rect) -> Bool {
            let grown = rect.insetBy(dx: -halfWidth, dy: -halfWidth)
            guard bounds.intersects(grown) || (points.count == 1 && grown.contains(points[0])) else { return false }
            if points.count == 1 { return true }
            for (a, b) in zip(points, points.dropFirst()) where grown.clip(from: a, to: b) != nil {
                return true
            }
            return false
        }
    }

    var curves: [Line] = []
    var rules: [Line] = []

    /// How many curves pass through `rect`.
    func curveCrossings(_ rect: Rect) -> Int { curves.reduce(0) { $0 + ($1.crosses(rect) ? 1 : 0) } }

    /// How many reference lines pass through `rect`.
    func ruleCrossings(_ rect: Rect) -> Int { rules.reduce(0) { $0 + ($1.crosses(rect) ? 1 : 0) } }
}

/// Chooses where a box (legend, label, note) goes inside a plot.
///
/// In order of cost: leaving the plot, overlapping a box placed earlier, crossing a curve, crossing a
/// reference line, then the amount of ink hidden. Ties go to the earlier candidate, so candidates are
/// listed from the most to the least natural place.
struct PlacementScorer {
    let plot: Rect
    let coverage: CoverageGrid
    let ink: PlotInk
    /// Boxes already placed (labels, markers, the legend).
    var obstacles: [Rect] = []

    static let outsidePenalty = 1e9
    static let obstaclePenalty = 1e7
    static let curvePenalty = 1e5
    static let rulePenalty = 1e4

    init(plot: Rect, coverage: CoverageGrid, ink: PlotInk = PlotInk()) {
        self.plot = plot
        self.coverage = coverage
        self.ink = ink
    }

    /// The cost of putting a box at `rect`. `ruleWeight` scales the cost of crossing a reference
    /// line: a label across one is unreadable, a legend over one hides little.
    func score(_ rect: Rect, ruleWeight: Double = 1) -> Double {
        var score = coverage.coverage(in: rect)
        for obstacle in obstacles where obstacle.intersects(rect) {
            score += PlacementScorer.obstaclePenalty
        }
        if !plot.contains(rect, tolerance: 0.5) { score += PlacementScorer.outsidePenalty }
        score += Double(ink.curveCrossings(rect)) * PlacementScorer.curvePenalty
        score += Double(ink.ruleCrossings(rect)) * PlacementScorer.rulePenalty * ruleWeight
        return score
    }

    /// Whether a box at `rect` stays inside the plot, clear of earlier boxes and of every curve.
    func isClear(_ rect: Rect) -> Bool { score(rect, ruleWeight: 0) < PlacementScorer.curvePenalty }

    /// The index of the best candidate (the first of the lowest score), or nil for none.
    func best(_ candidates: [Rect], ruleWeight: Double = 1) -> Int? {
        var bestIndex: Int?
        var bestScore = Double.infinity
        for (index, candidate) in candidates.enumerated() {
            let score = self.score(candidate, ruleWeight: ruleWeight)
            if score < bestScore {
                bestScore = score
                bestIndex = index
            }
        }
        return bestIndex
    }
}
