// The exact motion of a damped spring, the same closed form as SpringMath's transition matrix
// (Sources/SpringMath/TransitionMatrix.swift), for the page to evaluate between frames.
//
// The free motion of x'' + 2ζω₀x' + ω₀²x = 0 from displacement x0 and velocity v0 is, after t seconds,
//   x = e^(−at)·[(C + aS)·x0 + S·v0],  v = e^(−at)·[−ω₀²S·x0 + (C − aS)·v0],  a = ζω₀,
// with C = cos(ω_d t), S = sin(ω_d t)/ω_d below critical damping, C = 1, S = t at it, and
// C = cosh(γt), S = sinh(γt)/γ above it. Written so that it stays smooth across ζ = 1: the overdamped
// branch uses the slow root s₁ = ω₀²/(a + γ) (no cancellation) and Q = −expm1(−2γt)/(2γ) (→ t as γ → 0),
// so that e^(−at)·S = e^(−s₁t)·Q and no cosh or sinh can overflow.

/** The four coefficients of the transition over `t` seconds for damping ratio `zeta` and natural
 *  frequency `omega` (rad/s): [position from position, position from velocity, velocity from position,
 *  velocity from velocity]. */
export function transition(zeta, omega, t) {
  if (!(omega < Infinity)) return t > 0 ? [0, 0, 0, 0] : [1, 0, 0, 1];  // an instant jump
  const omega2 = omega * omega, a = zeta * omega;
  if (zeta < 1) {
    const wd = omega * Math.sqrt((1 - zeta) * (1 + zeta)), e = Math.exp(-a * t);
    if (wd * t === 0) return [e * (1 + a * t), e * t, -e * omega2 * t, e * (1 - a * t)];
    if (e === 0) return [0, 0, 0, 0];
    const c = Math.cos(wd * t), s = Math.sin(wd * t) / wd;
    return [e * (c + a * s), e * s, -e * omega2 * s, e * (c - a * s)];
  }
  if (zeta === 1) {
    const e = Math.exp(-a * t);
    if (e === 0) return [0, 0, 0, 0];
    return [e * (1 + a * t), e * t, -e * omega2 * t, e * (1 - a * t)];
  }
  const gamma = omega * Math.sqrt(zeta - 1) * Math.sqrt(zeta + 1);
  const fast = a + gamma, slow = omega2 / fast, e = Math.exp(-slow * t);
  if (e === 0) return [0, 0, 0, 0];
  const q = -Math.expm1(-2 * gamma * t) / (2 * gamma);
  return [e * (1 + slow * q), e * q, -e * omega2 * q, e * (1 - fast * q)];
}

/** Displacement and velocity [x, v] after `t` seconds of free motion from displacement `x0` and
 *  velocity `v0` (value units, units per second). */
export function freeMotion(zeta, omega, x0, v0, t) {
  const [pp, pv, vp, vv] = transition(zeta, omega, t);
  return [pp * x0 + pv * v0, vp * x0 + vv * v0];
}

/** The natural frequency ω₀ = 2π / response, in rad/s (∞ for a response of 0: an instant jump). */
export function naturalFrequency(response) {
  return response > 0 ? 2 * Math.PI / response : Infinity;
}
