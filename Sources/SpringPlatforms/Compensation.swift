import Foundation
import SpringMath

/// Parameters that make a platform whose stepping is predictable display the asked-for spring as
/// closely as it can at one frame rate.
///
/// react-spring runs `ceil(frame ms)` whole 1 ms steps a frame, and Rebound loses the fraction of
/// a millisecond a frame: both run the spring at a steady wrong speed. A spring slowed (or sped up)
/// by the same factor, with its damping retuned, cancels most of it. The factor and the damping
/// are found by minimising the largest displayed error (Nelder–Mead from the asked values).
public struct Compensation: Sendable {
    /// The platform parameters to use instead, by the platform's own names.
    public var parameters: [(name: String, value: Double)]
    /// The model with those parameters.
    public var model: any PlatformModel
    /// The displayed motion before and after, at ``frameRate``.
    public var before: PlatformReport
    public var after: PlatformReport
    /// The frame rate the parameters are tuned for, in frames per second.
    public var frameRate: Double

    /// The frame rate the parameters are tuned for: the old name of ``frameRate``.
    @available(*, deprecated, renamed: "frameRate")
    public var fps: Double {
        get { frameRate }
        set { frameRate = newValue }
    }
}

extension Platform {
    /// Whether ``compensated(for:from:to:velocity:frameRate:)`` can retune this platform.
    public var isCompensable: Bool { self == .reactSpring || self == .origami || self == .reboundJava }

    /// Retuned parameters for `frameRate`, in frames per second (nil for platforms that are not
    /// ``isCompensable``).
    /// - Precondition: as ``model(for:from:to:velocity:)``; `frameRate` finite and > 0.
    public func compensated(for spring: Spring, from: Double, to: Double, velocity: Double, frameRate: Double) -> Compensation? {
        guard isCompensable else { return nil }
        precondition(frameRate.isFinite && frameRate > 0, "frameRate must be finite and > 0")
        let k = spring.stiffness / spring.mass, c = spring.dampingCoefficient / spring.mass
        let travel = to - from
        // (log time factor, log damping factor) → model
        func model(_ p: [Double]) -> any PlatformModel {
            let scale = Foundation.exp(p[0]), dampingScale = Foundation.exp(p[1])
            switch self {
            case .reactSpring:
                return ReactSpringModel(tension: spring.stiffness / (scale * scale), friction: spring.dampingCoefficient * dampingScale / scale,
                                        mass: spring.mass, velocity: velocity / 1000 / scale)
            default:
                return ReboundModel(tension: k / (scale * scale), friction: c * dampingScale / scale,
                                    velocity: (travel != 0 ? velocity / travel : 0) / scale,
                                    port: self == .origami ? .javaScript : .java)
            }
        }
        func measure(_ m: any PlatformModel) -> PlatformReport {
            PlatformReport.measure(m, spring: spring, from: from, to: to, velocity: velocity, frameRate: frameRate)
        }
        let before = measure(self.model(for: spring, from: from, to: to, velocity: velocity))
        let best = NelderMead.minimize(start: [0, 0], step: 0.02, iterations: 120) { measure(model($0)).maxError }
        let tuned = model(best)
        var after = measure(tuned)
        var chosen = tuned
        if after.maxError > before.maxError {  // never worse than not compensating
            chosen = self.model(for: spring, from: from, to: to, velocity: velocity)
            after = before
        }
        return Compensation(parameters: Platform.parameters(of: chosen), model: chosen, before: before, after: after,
                            frameRate: frameRate)
    }

    /// Retuned parameters for a frame rate: the old spelling of
    /// ``compensated(for:from:to:velocity:frameRate:)``.
    @available(*, deprecated, renamed: "compensated(for:from:to:velocity:frameRate:)")
    public func compensated(for spring: Spring, from: Double, to: Double, velocity: Double, fps: Double) -> Compensation? {
        compensated(for: spring, from: from, to: to, velocity: velocity, frameRate: fps)
    }

    static func parameters(of model: any PlatformModel) -> [(name: String, value: Double)] {
        if let m = model as? ReactSpringModel {
            return [("tension", m.tension), ("friction", m.friction), ("mass", m.mass), ("velocity", m.velocity)]
        }
        if let m = model as? ReboundModel {
            var list: [(name: String, value: Double)] = [("tension", m.tension), ("friction", m.friction), ("velocity", m.velocity)]
            if m.port == .javaScript {
                list += [("origamiTension", (m.tension - 194) / 3.62 + 30), ("origamiFriction", (m.friction - 25) / 3 + 8)]
            }
            return list
        }
        return []
    }
}

/// Nelder–Mead simplex minimisation in a few dimensions (no derivatives: the objective here, a
/// largest error over frames, has kinks).
enum NelderMead {
    static func minimize(start: [Double], step: Double, iterations: Int, _ f: ([Double]) -> Double) -> [Double] {
        let n = start.count
        var simplex = [start] + (0..<n).map { i -> [Double] in var p = start; p[i] += step; return p }
        var values = simplex.map(f)
        func combine(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { zip(a, b).map { $0 + t * ($1 - $0) } }
        for _ in 0..<iterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            let centroid = (0..<n).map { d in simplex.dropLast().reduce(0) { $0 + $1[d] } / Double(n) }
            let worst = simplex[n]
            let reflected = combine(centroid, worst, -1)
            let fr = f(reflected)
            if fr < values[0] {
                let expanded = combine(centroid, worst, -2)
                let fe = f(expanded)
                if fe < fr { simplex[n] = expanded; values[n] = fe } else { simplex[n] = reflected; values[n] = fr }
            } else if fr < values[n - 1] {
                simplex[n] = reflected; values[n] = fr
            } else {
                let contracted = combine(centroid, worst, 0.5)
                let fc = f(contracted)
                if fc < values[n] {
                    simplex[n] = contracted; values[n] = fc
                } else {
                    for i in 1...n {
                        simplex[i] = combine(simplex[0], simplex[i], 0.5)
                        values[i] = f(simplex[i])
                    }
                }
            }
        }
        return simplex[values.indices.min { values[$0] < values[$1] }!]
    }
}
