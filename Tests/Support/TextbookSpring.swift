import Foundation

/// The tests' one exact spring: the textbook solution of m·x″ + c·x′ + k·x = 0, written from the
/// formula and independent of SpringMath (this target depends on nothing of the package), so that a
/// test comparing SpringKit's motion with it compares two derivations, not one with itself.
///
/// With ω₀ the natural frequency and ζ the damping ratio, and x₀, v₀ the displacement from the
/// target and the velocity at t = 0:
///
/// - ζ < 1: x = e^(−ζω₀t)·(x₀·cos ω_d t + (v₀ + ζω₀x₀)/ω_d · sin ω_d t), with ω_d = ω₀√(1 − ζ²);
/// - ζ = 1: x = e^(−ω₀t)·(x₀ + (v₀ + ω₀x₀)·t);
/// - ζ > 1: x = c₁e^(s₁t) + c₂e^(s₂t), with s₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)), c₂ = (v₀ − s₁x₀)/(s₂ − s₁),
///   c₁ = x₀ − c₂.
///
/// The velocity is the time derivative of the same expression. The python scripts' counterpart is
/// `scripts/lib/exact_spring.py`.
public struct TextbookSpring: Sendable {
    /// ζ.
    public var dampingRatio: Double
    /// ω₀, in radians per second.
    public var naturalFrequency: Double

    /// A spring in SwiftUI's and Wave's terms: ω₀ = 2π / response (any mass: the mass scales the
    /// stiffness and the damping with it, and leaves the motion alone).
    public init(dampingRatio: Double, response: Double) {
        self.dampingRatio = dampingRatio
        self.naturalFrequency = 2 * Double.pi / response
    }

    /// A spring by its damping ratio and natural frequency (radians per second).
    public init(dampingRatio: Double, naturalFrequency: Double) {
        self.dampingRatio = dampingRatio
        self.naturalFrequency = naturalFrequency
    }

    /// A spring in physical terms: ω₀ = √(k/m), ζ = c / (2√(k·m)).
    public init(mass: Double, stiffness: Double, damping: Double) {
        self.dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        self.naturalFrequency = (stiffness / mass).squareRoot()
    }

    /// The displacement from the target and the velocity at `t`, from displacement `x0` and velocity
    /// `v0` at 0.
    public func state(displacement x0: Double, velocity v0: Double, at t: Double) -> (
        displacement: Double, velocity: Double
    ) {
        let z = dampingRatio, w = naturalFrequency
        if z < 1 {
            let a = z * w, wd = w * (1 - z * z).squareRoot(), e = exp(-a * t)
            let b = (v0 + a * x0) / wd
            let c = cos(wd * t), s = sin(wd * t)
            return (e * (x0 * c + b * s), e * (v0 * c - (a * b + wd * x0) * s))
        }
        if z == 1 {
            let e = exp(-w * t), k = v0 + w * x0
            return (e * (x0 + k * t), e * (v0 - w * k * t))
        }
        let r = (z * z - 1).squareRoot(), s1 = -w * (z - r), s2 = -w * (z + r)
        let c2 = (v0 - s1 * x0) / (s2 - s1), c1 = x0 - c2
        let e1 = exp(s1 * t), e2 = exp(s2 * t)
        return (c1 * e1 + c2 * e2, c1 * s1 * e1 + c2 * s2 * e2)
    }

    /// The displacement from the target at `t`.
    public func displacement(_ x0: Double, velocity v0: Double = 0, at t: Double) -> Double {
        state(displacement: x0, velocity: v0, at: t).displacement
    }

    /// The position at `t` of a motion from `from` to `to` that starts with `velocity`.
    public func position(from: Double, to: Double, velocity: Double = 0, at t: Double) -> Double {
        to + state(displacement: from - to, velocity: velocity, at: t).displacement
    }

    /// The velocity at `t` of a motion from `from` to `to` that starts with `velocity`.
    public func velocity(from: Double, to: Double, velocity: Double = 0, at t: Double) -> Double {
        state(displacement: from - to, velocity: velocity, at: t).velocity
    }
}
