import RealModule
import SpringMath

/// The spring Wave really animates.
///
/// Wave's `Spring(dampingRatio:response:mass:)` computes the stiffness as `(2π/response)²·m` but then
/// rubber-bands the damping coefficient `4π·ζ·m/response` into 0…60 with interval 15 (c = 0.55), so
/// the coefficient never exceeds 75. Stiff springs are therefore less damped than asked for: Wave's
/// `Spring(dampingRatio: 1, response: 0.1)` has damping coefficient 70.598… and an effective damping
/// ratio of 0.5618, and it overshoots.
extension Spring {
    /// The range Wave rubber-bands its damping coefficient into.
    public static let waveDampingCoefficientRange: ClosedRange<Double> = 0...60
    /// The rubber-band interval Wave uses for its damping coefficient.
    public static let waveDampingCoefficientInterval = 15.0

    /// The spring Wave animates when asked for `Spring(dampingRatio:response:mass:)`: Wave's
    /// stiffness and its rubber-banded damping coefficient, as a spring built from
    /// `Spring.init(mass:stiffness:dampingCoefficient:)`. Step it with `SpringIntegrator.semiImplicitEuler` at the
    /// display's frame interval to reproduce Wave's motion bit for bit.
    ///
    /// A response of 0 gives the non-animated spring, as in Wave.
    /// - Precondition: as `Spring.init(dampingRatio:response:mass:)`.
    public static func waveEffective(dampingRatio: Double, response: Double, mass: Double = 1) -> Spring {
        let ideal = Spring(dampingRatio: dampingRatio, response: response, mass: mass)
        return ideal.waveEffective
    }

    /// What Wave would animate for this spring's damping ratio, response and mass (see
    /// ``waveEffective(dampingRatio:response:mass:)``).
    public var waveEffective: Spring {
        if isInstantaneous { return self }
        let omega = 2 * Double.pi / response
        let stiffness = omega * omega * mass
        let unbanded = 4 * Double.pi * dampingRatio * mass / response
        let banded = rubberband(
            value: unbanded, range: Spring.waveDampingCoefficientRange,
            interval: Spring.waveDampingCoefficientInterval)
        return Spring(mass: mass, stiffness: stiffness, dampingCoefficient: banded)
    }

    /// Wave's settle estimate, for comparison with the exact `settleTime`: `−ln(10⁻⁴)/(ζ·ω)` for
    /// ζ < 1; for ζ ≥ 1, 1.25 times the value as ζ → 1⁻ (`1.25·−ln(10⁻⁴)/ω`); 1 s for a non-animated
    /// spring. An envelope estimate, not a measurement of the motion.
    public var waveSettleEstimate: Double {
        if isInstantaneous { return 1 }
        let omega = naturalFrequency
        let logLimit = -Double.log(1e-4)
        if dampingRatio < 1 { return logLimit / (dampingRatio * omega) }
        return 1.25 * logLimit / omega
    }
}
