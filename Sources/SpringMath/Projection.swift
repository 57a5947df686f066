import RealModule

/// Where a flung value comes to rest under scroll-view deceleration, as in Wave and UIKit.
///
/// The deceleration model multiplies the velocity by `decelerationRate` every millisecond, so the
/// distance covered is the geometric series `(velocity/1000)·rate/(1 − rate)`.
///
/// - Parameters:
///   - value: the current value.
///   - velocity: value units per second.
///   - decelerationRate: the per-millisecond velocity factor, in (0, 1); UIKit's normal rate 0.998
///     by default, its fast rate 0.99.
/// - Precondition: `0 < decelerationRate < 1`.
@inlinable
public func project(value: Double, velocity: Double, decelerationRate: Double = 0.998) -> Double {
    precondition(decelerationRate > 0 && decelerationRate < 1, "decelerationRate must be in (0, 1)")
    return value + (velocity / 1000) * decelerationRate / (1 - decelerationRate)
}

/// The deceleration motion whose end point ``project(value:velocity:decelerationRate:)`` gives.
///
/// Position is the per-millisecond model made continuous:
/// `x(t) = x₀ + (v₀/1000)·r·(1 − r^(1000t))/(1 − r)`, exact at every whole millisecond and tending
/// to the projection; velocity is its derivative. (The velocity at t = 0 is `v₀·r·ln(1/r)/(1 − r)`,
/// 0.999·v₀ for r = 0.998: the discrete model's first millisecond already decays.)
public struct DecayMotion: Hashable, Sendable {
    public var value: Double
    public var velocity: Double
    public var decelerationRate: Double

    /// - Precondition: `0 < decelerationRate < 1`, value and velocity finite.
    public init(value: Double, velocity: Double, decelerationRate: Double = 0.998) {
        precondition(decelerationRate > 0 && decelerationRate < 1, "decelerationRate must be in (0, 1)")
        precondition(value.isFinite && velocity.isFinite, "value and velocity must be finite")
        self.value = value
        self.velocity = velocity
        self.decelerationRate = decelerationRate
    }

    /// Where the motion ends.
    public var destination: Double {
        project(value: value, velocity: velocity, decelerationRate: decelerationRate)
    }

    /// The position `time` seconds after the fling (time ≥ 0).
    public func position(at time: Double) -> Double {
        let r = decelerationRate
        // 1 − r^(1000t) without cancellation for small t.
        let travelled = -Double.expMinusOne(1000 * time * Double.log(r))
        return value + (velocity / 1000) * r * travelled / (1 - r)
    }

    /// The velocity `time` seconds after the fling, in units per second.
    public func velocity(at time: Double) -> Double {
        let r = decelerationRate
        let logR = Double.log(r)
        return velocity * r * (-logR) / (1 - r) * Double.exp(1000 * time * logR)
    }

    /// The time until the speed falls below `threshold` units per second (0 if it already is).
    /// - Precondition: `threshold > 0`.
    public func duration(untilSpeedBelow threshold: Double) -> Double {
        precondition(threshold > 0, "threshold must be > 0")
        let start = abs(velocity(at: 0))
        guard start > threshold else { return 0 }
        return Double.log(threshold / start) / (1000 * Double.log(decelerationRate))
    }
}
