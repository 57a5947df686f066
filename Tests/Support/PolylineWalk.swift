/// Whether a polyline passes through the axis-aligned box `lower`…`upper` (edges included), by
/// walking each segment in steps of at most 0.25 units: a check independent of a chart layout's own
/// clipping test, shared by the chart tests and springplot's.
public func polylineTouches(_ points: [SIMD2<Double>], lower: SIMD2<Double>, upper: SIMD2<Double>) -> Bool {
    for (a, b) in zip(points, points.dropFirst()) {
        let d = b - a
        let steps = max(1, Int(((d * d).sum().squareRoot() / 0.25).rounded(.up)))
        for step in 0...steps {
            let p = a + Double(step) / Double(steps) * d
            if p.x >= lower.x && p.x <= upper.x && p.y >= lower.y && p.y <= upper.y { return true }
        }
    }
    return false
}
