import Foundation
import SpringFormatting
import SpringMath

/// The old spellings of ``NumberFormat``, and the export's comparisons of two springs' motions.
public enum NumberText {

    /// Whether two springs move alike: the same damping ratio and natural frequency to 1e-9.
    static func sameMotion(_ a: Spring, _ b: Spring) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1e-300) }
        return close(a.dampingRatio, b.dampingRatio) && close(a.naturalFrequency, b.naturalFrequency)
    }

    /// The largest difference between the two springs' motions for the request (from, to, velocity),
    /// sampled at 400 times over the first's settle time.
    static func motionDeviation(_ a: Spring, _ b: Spring, request: ExportRequest) -> Double {
        let first = SpringMotion(
            spring: a, from: request.from, to: request.to, initialVelocity: request.initialVelocity)
        let second = SpringMotion(
            spring: b, from: request.from, to: request.to, initialVelocity: request.initialVelocity)
        let scale = max(abs(request.to - request.from), abs(request.initialVelocity) * a.response, 1e-12)
        var span = a.settleTime(
            displacement: request.from - request.to, velocity: request.initialVelocity,
            within: SettleBand(distance: 1e-4 * scale))
        if !span.isFinite || span <= 0 { span = 10 * a.response }
        var worst = 0.0
        for i in 0...400 {
            let t = span * (Double(i) / 400)  // not span × i first: a span near the largest double would overflow
            worst = max(worst, abs(first.position(at: t) - second.position(at: t)))
        }
        return worst
    }
}
