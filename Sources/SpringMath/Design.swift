import RealModule

/// Springs designed from the features of their step response, as a control engineer would.
extension Spring {
    /// The damping ratio whose step response from rest overshoots by `overshoot` (a fraction of the
    /// travel): `ζ = −ln(OS)/√(π² + ln²(OS))`; 1 for no overshoot.
    /// - Precondition: `0 ≤ overshoot < 1`.
    public static func dampingRatio(forOvershoot overshoot: Double) -> Double {
        precondition(overshoot >= 0 && overshoot < 1, "overshoot must be in [0, 1)")
        if overshoot == 0 { return 1 }
        let l = Double.log(overshoot)
        return -l / (Double.pi * Double.pi + l * l).squareRoot()
    }

    /// The spring whose unit step from rest overshoots by `overshoot` (a fraction, 0 for none) and
    /// settles within `tolerance` (a fraction of the travel) in `settleTime` seconds.
    /// - Precondition: `0 ≤ overshoot < 1`; `settleTime` finite and ≥ 0; `0 < tolerance < 1`.
    public init(overshoot: Double, settleTime: Double, tolerance: Double = Spring.defaultSettleTolerance) {
        self.init(
            settlingDuration: settleTime, dampingRatio: Spring.dampingRatio(forOvershoot: overshoot),
            epsilon: tolerance)
    }

    /// The spring whose unit step from rest reaches its overshoot peak of `overshoot` (a fraction) at
    /// `peakTime` seconds: `ω_d = π/peakTime`, `ω = ω_d/√(1 − ζ²)`.
    /// - Precondition: `0 < overshoot < 1`; `peakTime` finite and > 0.
    public init(peakTime: Double, overshoot: Double) {
        precondition(overshoot > 0 && overshoot < 1, "overshoot must be in (0, 1)")
        precondition(peakTime.isFinite && peakTime > 0, "peakTime must be finite and > 0")
        let zeta = Spring.dampingRatio(forOvershoot: overshoot)
        let omega = Double.pi / peakTime / ((1 - zeta) * (1 + zeta)).squareRoot()
        self.init(dampingRatio: zeta, response: 2 * Double.pi / omega)
    }
}
