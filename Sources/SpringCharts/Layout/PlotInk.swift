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
        /// The line in runs of ``chunkLength`` segments, each with its box grown by `halfWidth`: a box
        /// is tested against the segments of the runs it touches only (a curve across the whole plot
        /// would otherwise be walked in full for every label spot).
        var chunks: [(bounds: Rect, segments: Range<Int>)] = []

        static let chunkLength = 16

        init(points: [Point], halfWidth: Double) {
            self.points = points
            self.halfWidth = halfWidth
            bounds = Line.box(points[...]).insetBy(dx: -halfWidth, dy: -halfWidth)
            guard points.count > 1 else { return }
            for start in stride(from: 0, to: points.count - 1, by: Line.chunkLength) {
                let end = min(points.count - 1, start + Line.chunkLength)
                chunks.append((Line.box(points[start...end]).insetBy(dx: -halfWidth, dy: -halfWidth), start..<end))
            }
        }

        /// The box around `points` (zero size at the origin for none).
        private static func box(_ points: ArraySlice<Point>) -> Rect {
            guard var minX = points.first?.x, var minY = points.first?.y else {
                return Rect(x: 0, y: 0, width: 0, height: 0)
            }
            var maxX = minX, maxY = minY
            for point in points {
                minX = min(minX, point.x)
                maxX = max(maxX, point.x)
                minY = min(minY, point.y)
                maxY = max(maxY, point.y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }

        /// Whether the stroke passes through `rect`.
        func crosses(_ rect: Rect) -> Bool {
            let grown = rect.insetBy(dx: -halfWidth, dy: -halfWidth)
            guard bounds.intersects(grown) || (points.count == 1 && grown.contains(points[0])) else { return false }
            if points.count == 1 { return true }
            // `intersects` wants a shared area; a chunk of a flat or vertical run has none, so test
            // its box's edges with tolerance instead.
            for chunk in chunks
            where chunk.bounds.minX <= grown.maxX && chunk.bounds.maxX >= grown.minX
                && chunk.bounds.minY <= grown.maxY && chunk.bounds.maxY >= grown.minY
            {
                for index in chunk.segments where grown.clip(from: points[index], to: points[index + 1]) != nil {
                    return true
                }
            }
            return false
        }
    }

    var curves: [Line] = []
    var rules: [Line] = []

    /// How many curves the segment from `a` to `b` crosses (a leader line's cost).
    func curveCrossings(from a: Point, to b: Point) -> Int {
        let box = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        let near = box.insetBy(dx: -1, dy: -1)
        return curves.reduce(0) { count, curve in
            guard curve.bounds.insetBy(dx: -1, dy: -1).intersects(near) else { return count }
            for chunk in curve.chunks
            where chunk.bounds.minX <= near.maxX && chunk.bounds.maxX >= near.minX
                && chunk.bounds.minY <= near.maxY && chunk.bounds.maxY >= near.minY
            {
                for index in chunk.segments
                where PlotInk.segmentsIntersect(a, b, curve.points[index], curve.points[index + 1]) {
                    return count + 1
                }
            }
            return count
        }
    }

    /// Whether the segments `a`–`b` and `p`–`q` share a point (collinear overlaps count).
    static func segmentsIntersect(_ a: Point, _ b: Point, _ p: Point, _ q: Point) -> Bool {
        func cross(_ o: Point, _ u: Point, _ v: Point) -> Double {
            (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x)
        }
        func within(_ o: Point, _ u: Point, _ v: Point) -> Bool {
            min(o.x, u.x) <= v.x && v.x <= max(o.x, u.x) && min(o.y, u.y) <= v.y && v.y <= max(o.y, u.y)
        }
        let d1 = cross(p, q, a), d2 = cross(p, q, b), d3 = cross(a, b, p), d4 = cross(a, b, q)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return (d1 == 0 && within(p, q, a)) || (d2 == 0 && within(p, q, b))
            || (d3 == 0 && within(a, b, p)) || (d4 == 0 && within(a, b, q))
    }

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
    /// The curves and rules; marker labels add their leader lines as curves.
    var ink: PlotInk
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
    /// `limit`: a score known to be beaten already; once the score reaches it, the rest (the exact
    /// curve tests) is skipped and a score at least `limit` returned.
    func score(_ rect: Rect, ruleWeight: Double = 1, limit: Double = .infinity) -> Double {
        var score = coverage.coverage(in: rect)
        for obstacle in obstacles where obstacle.intersects(rect) {
            score += PlacementScorer.obstaclePenalty
        }
        if !isInside(rect) { score += PlacementScorer.outsidePenalty }
        guard score < limit else { return score }
        score += Double(ink.curveCrossings(rect)) * PlacementScorer.curvePenalty
        guard score < limit else { return score }
        score += Double(ink.ruleCrossings(rect)) * PlacementScorer.rulePenalty * ruleWeight
        return score
    }

    /// Whether a box at `rect` is inside the plot (within half a pixel).
    func isInside(_ rect: Rect) -> Bool { plot.contains(rect, tolerance: 0.5) }

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
