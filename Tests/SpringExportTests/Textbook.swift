import Foundation

/// The textbook damped spring, written here independently of SpringMath: the position at `t` of a
/// unit mass pulled from `from` to `to` with damping ratio `zeta` and natural frequency 2π/`response`,
/// starting with `velocity` (units per second). Every regime: under-, critically and over-damped.
func textbookPosition(
    zeta z: Double, response: Double, from: Double, to: Double, velocity v0: Double, at t: Double
) -> Double {
    let omega = 2 * Double.pi / response
    let x0 = from - to
    let d: Double
    if z < 1 {
        let wd = omega * (1 - z * z).squareRoot()
        d = exp(-z * omega * t) * (x0 * cos(wd * t) + (v0 + z * omega * x0) / wd * sin(wd * t))
    } else if z == 1 {
        d = exp(-omega * t) * (x0 + (v0 + omega * x0) * t)
    } else {
        let r = (z * z - 1).squareRoot(), s1 = -omega * (z - r), s2 = -omega * (z + r)
        let c2 = (v0 - s1 * x0) / (s2 - s1)
        d = (x0 - c2) * exp(s1 * t) + c2 * exp(s2 * t)
    }
    return to + d
}
