import Foundation
import SpringMath

/// The cubic-bezier easing closest to a spring motion (smallest largest vertical error), for browsers
/// without `linear()`. A bezier cannot oscillate, so for bouncy springs the error is large: it is
/// reported, not hidden.
public struct CubicBezierFit: Sendable {
    /// Control points (x1, y1, x2, y2); x1 and x2 in 0…1 as CSS requires.
    public var x1: Double, y1: Double, x2: Double, y2: Double
    /// The largest vertical error over the duration, as a fraction of the travel.
    public var error: Double

    /// `cubic-bezier(x1, y1, x2, y2)`.
    public var css: String {
        "cubic-bezier(\([x1, y1, x2, y2].map { LinearEasing.decimal($0, places: 3) }.joined(separator: ", ")))"
    }

    /// Fits the motion over the easing's duration by Nelder–Mead from several starts.
    public init(easing: LinearEasing, motion: SpringMotion<Double>) {
        let travel = motion.to - motion.from
        let count = 120
        let samples: [(s: Double, y: Double)] = (0...count).map { i in
            let s = Double(i) / Double(count)
            let y = travel != 0 ? (motion.position(at: s * easing.duration) - motion.from) / travel : 1
            return (s, y)
        }
        func cost(_ p: [Double]) -> Double {
            let x1 = min(max(p[0], 0), 1), x2 = min(max(p[2], 0), 1)
            var worst = 0.0
            for sample in samples {
                worst = max(worst, abs(CubicBezierFit.output(x1, p[1], x2, p[3], at: sample.s) - sample.y))
            }
            return worst
        }
        var best = [0.25, 0.1, 0.25, 1.0]
        var bestCost = cost(best)
        for start in [[0.25, 0.1, 0.25, 1.0], [0.2, 1.2, 0.3, 1.0], [0.3, 1.6, 0.4, 0.9], [0.1, 0.6, 0.3, 1.0]] {
            let (point, value) = CubicBezierFit.nelderMead(cost, start: start, iterations: 200)
            if value < bestCost {
                best = point
                bestCost = value
            }
        }
        x1 = min(max(best[0], 0), 1)
        y1 = best[1]
        x2 = min(max(best[2], 0), 1)
        y2 = best[3]
        // Round as printed, then measure densely.
        let rounded = [x1, y1, x2, y2].map { ($0 * 1000).rounded() / 1000 }
        (x1, y1, x2, y2) = (rounded[0], rounded[1], rounded[2], rounded[3])
        var worst = 0.0
        for i in 0...2000 {
            let s = Double(i) / 2000
            let y = travel != 0 ? (motion.position(at: s * easing.duration) - motion.from) / travel : 1
            worst = max(worst, abs(CubicBezierFit.output(x1, y1, x2, y2, at: s) - y))
        }
        error = worst
    }

    /// The bezier's output at input `s`: solve x(u) = s (monotone for x1, x2 in 0…1) by Newton's
    /// method from u = s, falling back to bisection when a step leaves the bracket.
    static func output(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at s: Double) -> Double {
        func bezier(_ a: Double, _ b: Double, _ u: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
        }
        func slope(_ a: Double, _ b: Double, _ u: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)
        }
        var lo = 0.0, hi = 1.0, u = s
        for _ in 0..<40 {
            let x = bezier(x1, x2, u) - s
            if abs(x) < 1e-12 { break }
            if x < 0 { lo = u } else { hi = u }
            let d = slope(x1, x2, u)
            var next = d != 0 ? u - x / d : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - u) < 1e-14 {
                u = next
                break
            }
            u = next
        }
        return bezier(y1, y2, u)
    }

    /// A plain Nelder–Mead minimiser.
    static func nelderMead(_ f: ([Double]) -> Double, start: [Double], iterations: Int) -> ([Double], Double) {
        let n = start.count
        var simplex: [[Double]] = [start]
        for i in 0..<n {
            var p = start
            p[i] += p[i] == 0 ? 0.1 : 0.15 * abs(p[i]) + 0.05
            simplex.append(p)
        }
        var values = simplex.map(f)
        for _ in 0..<iterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            let centroid = (0..<n).map { j in simplex.dropLast().map { $0[j] }.reduce(0, +) / Double(n) }
            func along(_ t: Double) -> [Double] { (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) } }
            let reflected = along(-1), fr = f(reflected)
            if fr < values[0] {
                let expanded = along(-2), fe = f(expanded)
                if fe < fr {
                    simplex[n] = expanded
                    values[n] = fe
                } else {
                    simplex[n] = reflected
                    values[n] = fr
                }
            } else if fr < values[n - 1] {
                simplex[n] = reflected
                values[n] = fr
            } else {
                let contracted = along(0.5), fc = f(contracted)
                if fc < values[n] {
                    simplex[n] = contracted
                    values[n] = fc
                } else {
                    for i in 1...n {
                        simplex[i] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[i][$0] - simplex[0][$0]) }
                        values[i] = f(simplex[i])
                    }
                }
            }
        }
        let best = values.indices.min { values[$0] < values[$1] }!
        return (simplex[best], values[best])
    }
}
