import RealModule

/// How close to its target, and optionally how slow, a motion must stay from its settle time on:
/// the one band type of ``Spring/settleTime(displacement:velocity:within:)``.
///
/// Both are absolute, in value units (and value units per second). A tolerance given as a fraction
/// of the travel `|to − from|` is the band `SettleBand(distance: tolerance × travel)`.
public struct SettleBand: Hashable, Sendable {
    /// The largest distance from the target, in value units (finite and > 0).
    public var distance: Double
    /// The largest speed, in value units per second (> 0); `+∞`, the default, puts no bound on the
    /// speed: a band on the position alone.
    public var speed: Double

    /// A band of `distance` around the target and below `speed`.
    public init(distance: Double, speed: Double = .infinity) {
        self.distance = distance
        self.speed = speed
    }
}

/// When a spring has settled.
///
/// Definition used throughout SpringMath: a motion has settled at time T when its distance from the
/// target stays below a band b for every later time: `|x(t)| < b` for all `t > T`. The settle time is
/// the last time `|x(t)| ≥ b`, found exactly: the turning-point and zero-crossing times of the
/// closed-form solution are computed analytically, the last turning point whose height reaches b is
/// located, and the crossing after it is found by regula falsi to full double precision.
///
/// A **band** (``SettleBand``) is an absolute distance, in value units; a **tolerance** is a fraction
/// of the travel `|to − from|` (``metrics(from:to:initialVelocity:tolerances:)``).
extension Spring {
    /// The default tolerance of a settle time: 0.001, a thousandth of the travel.
    ///
    /// ``settleTime`` measures a unit step, so there it is also the band.
    public static let defaultSettleTolerance = 0.001

    /// The settle time of a unit step from rest: the motion from 0 to 1 with no initial velocity,
    /// until it stays within 0.001 of the target, in seconds.
    ///
    /// `+∞` for an undamped spring (dampingRatio 0), 0 for a non-animated spring.
    public var settleTime: Double {
        settleTime(displacement: -1, velocity: 0, within: SettleBand(distance: Spring.defaultSettleTolerance))
    }

    /// The exact settle time of a motion that starts `displacement` away from its target with
    /// `velocity`: from then on it stays within `band.distance` of the target, and, when the band
    /// names a speed, slower than `band.speed`. The one settle-time entry point of SpringMath.
    ///
    /// The position's last exceedance is found exactly (see the type's overview). The speed of a free
    /// spring obeys the same equation as its displacement (from the velocity and the starting
    /// acceleration), so its last exceedance is found by the same search, and the later of the two is
    /// the answer. A natural speed band is `distance × naturalFrequency`: the speed at which a motion
    /// of amplitude `distance` passes the target.
    ///
    /// A motion from `a` to `b` has displacement `a − b`; a tolerance as a fraction of the travel is
    /// the band `SettleBand(distance: tolerance × |b − a|)`.
    ///
    /// - Returns: 0 when the motion never leaves the band after time 0; `+∞` for an undamped spring
    ///   that moves at all; NaN when a speed band is given and the starting acceleration overflows.
    /// - Precondition: `band.distance` finite and > 0, `band.speed` > 0 (`+∞` for none);
    ///   `displacement` and `velocity` finite.
    public func settleTime(displacement x0: Double, velocity v0: Double = 0, within band: SettleBand) -> Double {
        precondition(band.distance.isFinite && band.distance > 0, "band.distance must be finite and > 0")
        precondition(x0.isFinite && v0.isFinite, "displacement and velocity must be finite")
        let position = SettlingFinder(kernel: kernel, x0: x0, v0: v0, band: band.distance).lastExceedance()
        precondition(band.speed > 0, "band.speed must be > 0")
        let speedBand = band.speed
        if speedBand == .infinity || isInstantaneous { return position }
        let a0 = -(stiffness * x0 + dampingCoefficient * v0) / mass
        guard a0.isFinite else { return .nan }
        let speed = SettlingFinder(kernel: kernel, x0: v0, v0: a0, band: speedBand).lastExceedance()
        return Swift.max(position, speed)
    }

    // MARK: 0.9's spellings, forwarded until 2.0

    /// The settle time of a unit step from rest: the old name of ``settleTime``.
    @available(*, deprecated, renamed: "settleTime")
    public var settlingDuration: Double { settleTime }

    /// The settle time of the motion from 0 toward `target` within an absolute `band`.
    @available(
        *, deprecated,
        message: "use settleTime(displacement: -target, velocity: initialVelocity, within: SettleBand(distance: band))"
    )
    public func settleTime(target: Double, initialVelocity: Double = 0, band: Double = Spring.defaultSettleTolerance)
        -> Double
    {
        settleTime(displacement: -target, velocity: initialVelocity, within: SettleBand(distance: band))
    }

    /// The settle time of the motion from 0 toward `target`, whose `epsilon` is the absolute band.
    @available(
        *, deprecated,
        message:
            "use settleTime(displacement: -target, velocity: initialVelocity, within: SettleBand(distance: epsilon))"
    )
    public func settlingDuration(
        target: Double, initialVelocity: Double = 0, epsilon: Double = Spring.defaultSettleTolerance
    ) -> Double {
        settleTime(displacement: -target, velocity: initialVelocity, within: SettleBand(distance: epsilon))
    }

    /// The settle time within an absolute `band`.
    @available(*, deprecated, renamed: "settleTime(displacement:velocity:within:)")
    public func settleTime(displacement x0: Double, velocity v0: Double, band: Double) -> Double {
        settleTime(displacement: x0, velocity: v0, within: SettleBand(distance: band))
    }

    /// The settle time within an absolute `band` and below `speedBand`.
    @available(*, deprecated, renamed: "settleTime(displacement:velocity:within:)")
    public func settleTime(displacement x0: Double, velocity v0: Double, band: Double, speedBand: Double) -> Double {
        settleTime(displacement: x0, velocity: v0, within: SettleBand(distance: band, speed: speedBand))
    }

    /// The largest distance from its target that the free motion starting `displacement` away with
    /// `velocity` ever reaches, for t ≥ 0: the larger of the starting distance and the height of the
    /// first turning point (later turning points of a damped spring are lower).
    ///
    /// This is the scale of a motion as a person sees it. A velocity-based guess (speed × response)
    /// overstates it many times for a stiffly damped spring; this is exact in every regime.
    /// - Precondition: `displacement` and `velocity` finite.
    public func peakDistance(displacement x0: Double, velocity v0: Double) -> Double {
        precondition(x0.isFinite && v0.isFinite, "displacement and velocity must be finite")
        let finder = SettlingFinder(kernel: kernel, x0: x0, v0: v0, band: 1)
        let turningPoint = finder.extremaAfterStart(limit: 1).first.map { abs(finder.displacement($0)) } ?? 0
        return Swift.max(abs(x0), turningPoint)
    }

    /// A spring with `dampingRatio` whose unit step from rest settles within `epsilon` in exactly
    /// `settlingDuration` seconds (SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`, whose
    /// spelling it keeps: `settlingDuration` is the settle time and `epsilon` the tolerance).
    ///
    /// Every time of a spring's motion scales with its response, so the response is found in closed
    /// form from the settle time of the same damping ratio at response 1.
    ///
    /// - Precondition: `settlingDuration` finite and ≥ 0; `dampingRatio` finite and > 0 (an undamped
    ///   spring never settles); `epsilon` finite, > 0 and < 1.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = Spring.defaultSettleTolerance) {
        precondition(settlingDuration.isFinite && settlingDuration >= 0, "settlingDuration must be finite and ≥ 0")
        precondition(dampingRatio.isFinite && dampingRatio > 0, "dampingRatio must be finite and > 0")
        precondition(epsilon.isFinite && epsilon > 0 && epsilon < 1, "epsilon must be in (0, 1)")
        let unit = Spring(dampingRatio: dampingRatio, response: 1)
        let unitSettleTime = unit.settleTime(displacement: -1, velocity: 0, within: SettleBand(distance: epsilon))
        self.init(dampingRatio: dampingRatio, response: settlingDuration / unitSettleTime)
    }
}

/// The times t_k = first + k·spacing at which underdamped motion turns around (v = 0), k ≥ 0.
struct ExtremumTimes {
    let first: Double
    let spacing: Double

    func time(_ k: Double) -> Double { first + k * spacing }
}

/// The scalar machinery behind settle times, turning points and metrics: the free motion x(t), v(t) from
/// (x0, v0) and the analytic times at which it turns or crosses zero.
struct SettlingFinder {
    let kernel: SpringKernel
    let x0: Double
    let v0: Double
    /// The absolute distance from the target that the searches test against.
    let band: Double

    func displacement(_ t: Double) -> Double {
        let m = kernel.transition(t)
        return m.positionFromPosition * x0 + m.positionFromVelocity * v0
    }

    func velocity(_ t: Double) -> Double {
        let m = kernel.transition(t)
        return m.velocityFromPosition * x0 + m.velocityFromVelocity * v0
    }

    func lastExceedance() -> Double {
        if x0 == 0 && v0 == 0 { return 0 }
        switch kernel.regime {
        case .instantaneous:
            return 0
        case .underdamped:
            return underdampedLastExceedance()
        case .critical, .overdamped:
            return nonOscillatingLastExceedance()
        }
    }

    // MARK: Underdamped

    /// Underdamped motion is x(t) = e^(−at)·R·cos(ω_d t − φ), and the extrema (v = 0) sit at
    /// t_k = (ψ + π/2 + kπ)/ω_d with heights |x(t_k)| = K·e^(−a t_k) for one constant K. The last
    /// extremum at or above the band b is therefore found in closed form; |x| falls monotonically
    /// from it to the next zero of x, where the root search finds the crossing.
    private func underdampedLastExceedance() -> Double {
        let a = kernel.rate, wd = kernel.frequency
        let amplitude = Double.hypot(x0, (v0 + a * x0) / wd)
        if a == 0 {
            // Undamped: the amplitude never decays.
            return amplitude >= band ? .infinity : 0
        }
        let extrema = extremumTimes
        guard let index = lastExtremumIndex(atLeast: band, extrema) else { return fallbackFromStart() }
        let tExtremum = extrema.time(index)
        // Next zero of x after the extremum: zeros at ω_d t − φ = π/2 + jπ.
        let phi = Double.atan2(y: (v0 + a * x0) / wd, x: x0)
        let zeroIndex = ((wd * tExtremum - phi - Double.pi / 2) / Double.pi).rounded(.down) + 1
        var tZero = (phi + Double.pi / 2 + zeroIndex * Double.pi) / wd
        if tZero <= tExtremum { tZero += Double.pi / wd }
        return lastCrossing(from: tExtremum, to: tZero)
    }

    /// The index of the last extremum at or after t = 0 whose height is at least `level`, or nil when
    /// none is.
    ///
    /// The heights fall geometrically, |x(t_k)| = K·e^(−a·t_k), so the index is estimated in closed
    /// form and then confirmed by evaluating the motion: a binary search between an index known to
    /// reach `level` and one known not to, so rounding in the estimate cannot mislead it and the work
    /// stays logarithmic even for springs that turn around 10¹⁵⁰ times.
    func lastExtremumIndex(atLeast level: Double, _ extrema: ExtremumTimes) -> Double? {
        let a = kernel.rate
        func reaches(_ k: Double) -> Bool { abs(displacement(extrema.time(k))) >= level }
        guard reaches(0) else { return nil }
        // Estimate from K, measured at the first extremum.
        let heightConstant = abs(displacement(extrema.first)) * Double.exp(a * extrema.first)
        var estimate = 0.0
        if heightConstant.isFinite && heightConstant > 0 && a > 0 {
            let limit: Double = Double.log(heightConstant / level) / a
            let steps: Double = (limit - extrema.first) / extrema.spacing
            estimate = Swift.max(0.0, steps.rounded(.down))
        }
        if !estimate.isFinite { estimate = 0 }
        // Bracket: low reaches the level, high does not.
        var low = 0.0
        var high = max(estimate + 1, 1)
        if reaches(estimate) { low = estimate } else { high = estimate }
        var step = 1.0
        while reaches(high) {
            low = high
            high += step
            step *= 2
            if !high.isFinite || step > 1e300 { return low }
        }
        while high - low > 1 {
            let mid = (low + (high - low) / 2).rounded(.down)
            if mid <= low || mid >= high { break }
            if reaches(mid) { low = mid } else { high = mid }
        }
        return low
    }

    /// The extremum (v = 0) times of underdamped motion at or after t = 0: t_k = first + k·spacing.
    var extremumTimes: ExtremumTimes {
        let a = kernel.rate, wd = kernel.frequency, w2 = kernel.omegaSquared
        // v(t) = e^(−at)[v0·cos(ω_d t) − ((ω²x0 + a·v0)/ω_d)·sin(ω_d t)] = e^(−at)·Rv·cos(ω_d t − ψ)
        let psi = Double.atan2(y: -(w2 * x0 + a * v0) / wd, x: v0)
        let spacing = Double.pi / wd
        // v = 0 at ω_d t − ψ = π/2 + kπ; the first such time ≥ 0.
        var first = (psi + Double.pi / 2) / wd
        while first < 0 { first += spacing }
        while first - spacing >= 0 { first -= spacing }
        return ExtremumTimes(first: first, spacing: spacing)
    }

    /// Used when no extremum after t = 0 reaches the band b: |x| can only exceed b on the first stretch, where
    /// it falls from |x0| to the first zero.
    private func fallbackFromStart() -> Double {
        guard abs(x0) >= band else { return 0 }
        let a = kernel.rate, wd = kernel.frequency
        let phi = Double.atan2(y: (v0 + a * x0) / wd, x: x0)
        var tZero = (phi + Double.pi / 2) / wd
        while tZero <= 0 { tZero += Double.pi / wd }
        return lastCrossing(from: 0, to: tZero)
    }

    // MARK: Critically damped and overdamped

    /// Q(t) = (1 − e^(−2γt))/(2γ), t for critical damping; x(t) = e^(−s₁t)·[(1 + s₁Q)·x0 + Q·v0] and
    /// v(t) = e^(−s₁t)·[−ω²Q·x0 + (1 − s₂Q)·v0]. Each has at most one zero, at a Q solved directly.
    private func time(forQ q: Double) -> Double? {
        guard q > 0, q.isFinite else { return nil }
        if kernel.regime == .critical { return q }
        let twoGamma = kernel.frequency
        let u = twoGamma * q
        guard u < 1 else { return nil }
        return -Double.log(onePlus: -u) / twoGamma
    }

    /// The time of the only extremum (v = 0) after t = 0 of non-oscillating motion, if any.
    var nonOscillatingExtremumTime: Double? {
        time(forQ: v0 / (kernel.omegaSquared * x0 + kernel.fastRate * v0))
    }

    /// The time of the only zero crossing after t = 0 of non-oscillating motion, if any.
    var nonOscillatingZeroTime: Double? {
        time(forQ: -x0 / (kernel.rate * x0 + v0))
    }

    private func nonOscillatingLastExceedance() -> Double {
        // |x| is monotone between the event times 0, t_zero, t_extremum, ∞.
        var events: [Double] = [0]
        if let t = nonOscillatingZeroTime { events.append(t) }
        if let t = nonOscillatingExtremumTime { events.append(t) }
        events.sort()
        // Walk the stretches from the last backwards; the answer lies on the last stretch whose
        // start is at or above the band.
        for i in stride(from: events.count - 1, through: 0, by: -1) {
            let start = events[i]
            guard abs(displacement(start)) >= band else { continue }
            if i == events.count - 1 {
                // Open-ended stretch: bracket the crossing by doubling.
                var step = max(kernel.slowestDecayRate > 0 ? 1 / kernel.slowestDecayRate : 1, 1e-300)
                var end = start + step
                var guardCount = 0
                while abs(displacement(end)) >= band && guardCount < 2000 {
                    step *= 2
                    end = start + step
                    guardCount += 1
                }
                return lastCrossing(from: start, to: end)
            }
            return lastCrossing(from: start, to: events[i + 1])
        }
        return 0
    }

    // MARK: Root finding

    /// The last time in [lo, hi] with |x| ≥ b, given |x(lo)| ≥ b > |x(hi)| and |x| falling between.
    ///
    /// Regula falsi with the Illinois modification (the retained end's value is halved when it is kept
    /// twice), falling back to bisection when a secant step leaves the bracket: about ten evaluations
    /// of the motion instead of bisection's sixty, to the same last-bit bracket.
    private func lastCrossing(from lo: Double, to hi: Double) -> Double {
        var lo = lo, hi = hi
        var fLo = abs(displacement(lo)) - band
        var fHi = abs(displacement(hi)) - band
        if fHi >= 0 { return hi }
        var kept = 0  // −1: lo was kept last time, +1: hi was
        for _ in 0..<200 {
            var t = fLo > 0 && fHi < 0 ? lo + (hi - lo) * (fLo / (fLo - fHi)) : lo + (hi - lo) / 2
            if !(t > lo && t < hi) { t = lo + (hi - lo) / 2 }
            if t <= lo || t >= hi { break }
            let f = abs(displacement(t)) - band
            if f >= 0 {
                lo = t
                fLo = f
                if kept == 1 { fHi /= 2 }
                kept = 1
            } else {
                hi = t
                fHi = f
                if kept == -1 { fLo /= 2 }
                kept = -1
            }
        }
        return lo
    }
}
