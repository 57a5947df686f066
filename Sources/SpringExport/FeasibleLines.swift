/// The set of lines y = h + m·(s − origin) that satisfy a collection of linear constraints, kept as a
/// convex polygon in the (h, m) plane. Each sample's band `|h + m·d − y| ≤ ε` adds two half-planes;
/// clipping a convex polygon by a half-plane is linear in its (few) vertices.
struct FeasibleLines {
    /// Vertices (h, m) in order around the polygon; empty when nothing is feasible.
    private(set) var vertices: [(h: Double, m: Double)]

    /// The box `h ∈ heights`, `|m| ≤ slopeLimit`.
    init(heights: ClosedRange<Double>, slopeLimit: Double) {
        vertices = [
            (heights.lowerBound, -slopeLimit), (heights.upperBound, -slopeLimit),
            (heights.upperBound, slopeLimit), (heights.lowerBound, slopeLimit)
        ]
    }

    var isEmpty: Bool { vertices.count < 3 && !isDegenerateNonEmpty }
    /// A segment or a point still counts (the start height can be a single value).
    private var isDegenerateNonEmpty: Bool { !vertices.isEmpty }

    /// Keeps the part where `h + m·d` lies within `low…high`.
    mutating func constrain(offset d: Double, between low: Double, and high: Double) {
        clip { $0.h + $0.m * d - high }  // ≤ 0
        clip { low - ($0.h + $0.m * d) }  // ≤ 0
    }

    /// The range of `h + m·d` over the polygon.
    func range(atOffset d: Double) -> ClosedRange<Double>? {
        guard !vertices.isEmpty else { return nil }
        let values = vertices.map { $0.h + $0.m * d }
        return values.min()!...values.max()!
    }

    /// A line inside the polygon: the mean of its vertices (inside, as the polygon is convex).
    var centre: (h: Double, m: Double)? {
        guard !vertices.isEmpty else { return nil }
        let n = Double(vertices.count)
        return (vertices.map(\.h).reduce(0, +) / n, vertices.map(\.m).reduce(0, +) / n)
    }

    /// Sutherland–Hodgman against one half-plane `f(v) ≤ 0` (f affine in h and m).
    private mutating func clip(_ f: ((h: Double, m: Double)) -> Double) {
        guard !vertices.isEmpty else { return }
        if vertices.count == 1 {
            if f(vertices[0]) > 1e-15 { vertices = [] }
            return
        }
        var result: [(h: Double, m: Double)] = []
        result.reserveCapacity(vertices.count + 1)
        for i in 0..<vertices.count {
            let current = vertices[i], next = vertices[(i + 1) % vertices.count]
            let fc = f(current), fn = f(next)
            if fc <= 0 { result.append(current) }
            if (fc <= 0) != (fn <= 0) {
                let t = fc / (fc - fn)
                result.append((current.h + t * (next.h - current.h), current.m + t * (next.m - current.m)))
            }
        }
        vertices = result
    }
}
