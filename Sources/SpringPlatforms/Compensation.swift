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
    /// The platform the parameters are retuned for (``Platform/reactSpring``, ``Platform/origami``
    /// for Rebound's JavaScript port, or ``Platform/reboundJava``).
    public var platform: Platform
    /// The platform parameters to use instead, typed by the platform's convention.
    public var values: Parameters
    /// The platform parameters to use instead, by the platform's own names, in order
    /// (``values`` as ``Parameters/namedValues`` writes them).
    public var parameters: [(name: String, value: Double)] { values.namedValues }
    /// The model with those parameters.
    public var model: any PlatformModel
    /// The displayed motion before and after, at ``frameRate``.
    public var before: PlatformReport
    public var after: PlatformReport
    /// The frame rate the parameters are tuned for, in frames per second.
    public var frameRate: Double

}

extension Platform {
    /// Whether ``compensated(for:from:to:velocity:frameRate:)`` can retune this platform.
    public var isCompensable: Bool { descriptor.isCompensable }

    /// Retuned parameters for `frameRate`, in frames per second (nil for platforms that are not
    /// ``isCompensable``).
    /// - Precondition: as ``model(for:from:to:velocity:parameters:)``; `frameRate` finite and > 0.
    public func compensated(for spring: Spring, from: Double, to: Double, velocity: Double, frameRate: Double)
        -> Compensation?
    {
        guard isCompensable else { return nil }
        precondition(frameRate.isFinite && frameRate > 0, "frameRate must be finite and > 0")
        let motion = PlatformMotion(from: from, to: to, velocity: velocity)
        // (log time factor, log damping factor) → model
        func model(_ p: [Double]) -> any PlatformModel {
            descriptor.retimedModel(
                for: spring, motion: motion, timeScale: Foundation.exp(p[0]), dampingScale: Foundation.exp(p[1]))
                ?? self.model(for: spring, from: from, to: to, velocity: velocity)
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
        guard let values = Compensation.Parameters(chosen) else {
            preconditionFailure("a compensable platform's model is react-spring's or Rebound's")
        }
        return Compensation(
            platform: self, values: values, model: chosen, before: before, after: after, frameRate: frameRate)
    }

}

extension Compensation {
    /// Retuned numbers, typed by the platform's convention (the same units the platform's export uses).
    public enum Parameters: Sendable, Equatable {
        /// react-spring's config: tension, friction, mass, and the velocity in units per millisecond.
        case reactSpring(tension: Double, friction: Double, mass: Double, velocity: Double)
        /// Rebound's JavaScript port (Origami): `SpringConfig`'s tension and friction (mass 1), the
        /// velocity in travels per second, and the same tension and friction on Origami's scale.
        case reboundJavaScript(
            tension: Double, friction: Double, velocity: Double, origamiTension: Double,
            origamiFriction: Double)
        /// Rebound's Java port: `SpringConfig`'s tension and friction (mass 1) and the velocity in
        /// travels per second.
        case reboundJava(tension: Double, friction: Double, velocity: Double)

        /// The parameters of a react-spring or Rebound model; nil for other models.
        init?(_ model: any PlatformModel) {
            if let m = model as? ReactSpringModel {
                self = .reactSpring(tension: m.tension, friction: m.friction, mass: m.mass, velocity: m.velocity)
            } else if let m = model as? ReboundModel {
                switch m.port {
                case .javaScript:
                    self = .reboundJavaScript(
                        tension: m.tension, friction: m.friction, velocity: m.velocity,
                        origamiTension: (m.tension - 194) / 3.62 + 30, origamiFriction: (m.friction - 25) / 3 + 8)
                case .java:
                    self = .reboundJava(tension: m.tension, friction: m.friction, velocity: m.velocity)
                }
            } else {
                return nil
            }
        }

        /// The numbers by the platform's own parameter names, in order (what `springplot export`
        /// prints after "compensated for").
        public var namedValues: [(name: String, value: Double)] {
            switch self {
            case let .reactSpring(tension, friction, mass, velocity):
                return [("tension", tension), ("friction", friction), ("mass", mass), ("velocity", velocity)]
            case let .reboundJavaScript(tension, friction, velocity, origamiTension, origamiFriction):
                return [
                    ("tension", tension), ("friction", friction), ("velocity", velocity),
                    ("origamiTension", origamiTension), ("origamiFriction", origamiFriction)
                ]
            case let .reboundJava(tension, friction, velocity):
                return [("tension", tension), ("friction", friction), ("velocity", velocity)]
            }
        }
    }
}

/// Nelder–Mead simplex minimisation in a few dimensions (no derivatives: the objective here, a
/// largest error over frames, has kinks).
enum NelderMead {
    static func minimize(start: [Double], step: Double, iterations: Int, _ f: ([Double]) -> Double) -> [Double] {
        let n = start.count
        var simplex =
            [start]
            + (0..<n).map { i -> [Double] in
                var p = start
                p[i] += step
                return p
            }
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
                let contracted = combine(centroid, worst, 0.5)
                let fc = f(contracted)
                if fc < values[n] {
                    simplex[n] = contracted
                    values[n] = fc
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
