/// Maps data to the px of one plot and cuts a series into drawable runs.
struct PlotTransform: Hashable, Sendable {
    var plot: Rect
    var xScale: AxisScale
    var yScale: AxisScale

    func x(_ value: Double) -> Double { xScale.position(of: value, start: plot.minX, end: plot.maxX) }
    func y(_ value: Double) -> Double { yScale.position(of: value, start: plot.maxY, end: plot.minY) }
    func point(_ x: Double, _ y: Double) -> Point { Point(x: self.x(x), y: self.y(y)) }
}

extension PlotTransform {
    /// Cuts a series into polylines in px: a point with a non-finite coordinate ends a run, and each
    /// segment is clipped to `bounds` (the plot, with a margin for the line width), so points far outside
    /// the plot (a diverging curve) never reach the renderer as huge coordinates.
    func polylineRuns(xs: [Double], ys: [Double], bounds: Rect) -> [[Point]] {
        var runs: [[Point]] = []
        var current: [Point] = []
        var previous: Point?
        func flush() {
            if current.count >= 2 { runs.append(current) }
            current.removeAll(keepingCapacity: true)
        }
        for index in 0..<min(xs.count, ys.count) {
            let x = xs[index], y = ys[index]
            guard x.isFinite, y.isFinite else {
                flush()
                previous = nil
                continue
            }
            let point = self.point(x, y)
            guard point.x.isFinite, point.y.isFinite else {
                flush()
                previous = nil
                continue
            }
            defer { previous = point }
            guard let start = previous else { continue }
            guard let clipped = bounds.clip(from: start, to: point) else {
                flush()
                continue
            }
            if clipped.startMoved || current.isEmpty {
                flush()
                current.append(clipped.start)
            }
            current.append(clipped.end)
            if clipped.endMoved { flush() }
        }
        flush()
        return runs
    }
}

extension Rect {
    /// The part of the segment inside `rect` (Liang–Barsky), or nil when none is.
    func clip(from a: Point, to b: Point) -> (start: Point, end: Point, startMoved: Bool, endMoved: Bool)? {
        let rect = self
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        let edges: [(p: Double, q: Double)] = [
            (-dx, a.x - rect.minX), (dx, rect.maxX - a.x),
            (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)
        ]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 {
                if t > t1 { return nil }
                if t > t0 { t0 = t }
            } else {
                if t < t0 { return nil }
                if t < t1 { t1 = t }
            }
        }
        let start = t0 > 0 ? Point(x: a.x + t0 * dx, y: a.y + t0 * dy) : a
        let end = t1 < 1 ? Point(x: a.x + t1 * dx, y: a.y + t1 * dy) : b
        return (start, end, t0 > 0, t1 < 1)
    }
}

extension Array where Element == Point {
    /// The polyline with the points dropped that lie within `tolerance` px of the simplified line
    /// (Ramer–Douglas–Peucker, with the distance to the segment, so a curve that turns back keeps its
    /// tip), so a smooth curve of thousands of samples becomes a few hundred vertices that draw the
    /// same (0.1 px is a fifth of a device pixel at scale 2).
    ///
    /// The points are simplified in chunks of at most 512 with their ends kept, which bounds the worst
    /// case (a noisy curve keeps every point) to linear time times the chunk size.
    func simplified(tolerance: Double = 0.1) -> [Point] {
        let points = self
        guard points.count > 2 else { return points }
        let chunk = 512
        var keep = [Bool](repeating: false, count: points.count)
        var stack: [(first: Int, last: Int)] = []
        var start = 0
        while start < points.count - 1 {
            let end = Swift.min(start + chunk, points.count - 1)
            keep[start] = true
            keep[end] = true
            stack.append((start, end))
            while let (first, last) = stack.popLast() {
                guard last > first + 1 else { continue }
                var farthest = first + 1, distance = -1.0
                for index in (first + 1)..<last {
                    let d = points[index].distance(toSegmentFrom: points[first], to: points[last])
                    if d > distance {
                        distance = d
                        farthest = index
                    }
                }
                if distance > tolerance {
                    keep[farthest] = true
                    stack.append((first, farthest))
                    stack.append((farthest, last))
                }
            }
            start = end
        }
        var result: [Point] = []
        for (index, point) in points.enumerated() where keep[index] { result.append(point) }
        return result
    }
}

extension Point {
    /// The distance from `p` to the segment from `a` to `b`.
    func distance(toSegmentFrom a: Point, to b: Point) -> Double {
        let p = self
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }
}
