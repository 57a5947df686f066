/// Features of one scalar spring motion, for charts and tables.
///
/// Fractions (``overshoot``, the tolerances of ``settleTimes``, the 10 % and 90 % of ``riseTime``)
/// are of the travel `|to − from|`. When `from == to` (a pure fling) there is no travel: fractions
/// are 0 or nil and the tolerances are absolute, in value units.
public struct SpringCurveMetrics: Hashable, Sendable {
    /// The settle time for one tolerance.
    public struct SettleTime: Hashable, Sendable {
        /// The tolerance, a fraction of the travel.
        public var tolerance: Double
        /// The last time the motion is at least `tolerance` × the travel from the target, in seconds.
        public var time: Double

    }

    /// How far the motion passes the target, as a fraction of the travel (0 when it never does).
    public var overshoot: Double
    /// How far the motion passes the target, in value units (0 when it never does).
    public var overshootAmount: Double
    /// When the motion is furthest past the target, in seconds; nil when it never passes it.
    public var peakTime: Double?
    /// The time from 10 % to 90 % of the way, in seconds; nil when undefined (no travel).
    public var riseTime: Double?
    /// How many turning points the motion has while still at least the first tolerance of
    /// ``settleTimes`` away from the target (each overshoot and each undershoot counts once); nil
    /// for an undamped spring, which turns around forever.
    public var turningPointCount: Int?
    /// The time constant of the slowest decay, in seconds (see ``Spring/timeConstant``).
    public var timeConstant: Double
    /// The settle time for each requested tolerance.
    public var settleTimes: [SettleTime]

}

extension Spring {
    /// Measures the motion from `from` to `to` starting with `initialVelocity`.
    ///
    /// - Parameters:
    ///   - from: the start value.
    ///   - to: the target.
    ///   - initialVelocity: the velocity at the start, in value units per second.
    ///   - tolerances: settle tolerances as fractions of the travel, each in (0, 1); the first also
    ///     sets the threshold of ``SpringCurveMetrics/turningPointCount``.
    /// - Precondition: inputs finite; `tolerances` non-empty, each > 0.
    public func metrics(
        from: Double = 0, to: Double = 1, initialVelocity: Double = 0,
        tolerances: [Double] = [0.01, 0.001, 0.0001]
    ) -> SpringCurveMetrics {
        precondition(from.isFinite && to.isFinite && initialVelocity.isFinite, "inputs must be finite")
        precondition(!tolerances.isEmpty && tolerances.allSatisfy { $0 > 0 && $0.isFinite }, "tolerances must be > 0")
        let x0 = from - to
        let travel = abs(x0)
        let scale = travel > 0 ? travel : 1
        let finder = SettlingFinder(kernel: kernel, x0: x0, v0: initialVelocity, band: tolerances[0] * scale)
        let extrema = finder.extremaAfterStart(limit: 3)

        var overshootAmount = 0.0
        var peakTime: Double?
        if travel > 0, let far = extrema.first(where: { finder.displacement($0) * x0 < 0 }) {
            overshootAmount = abs(finder.displacement(far))
            peakTime = far
        }
        let settleTimes = tolerances.map {
            SpringCurveMetrics.SettleTime(
                tolerance: $0,
                time: settleTime(displacement: x0, velocity: initialVelocity, within: SettleBand(distance: $0 * scale)))
        }
        return SpringCurveMetrics(
            overshoot: travel > 0 ? overshootAmount / travel : 0,
            overshootAmount: overshootAmount,
            peakTime: peakTime,
            riseTime: travel > 0 ? finder.riseTime() : nil,
            turningPointCount: finder.turningPointCount(),
            timeConstant: timeConstant,
            settleTimes: settleTimes)
    }

}

extension SettlingFinder {
    /// The first `limit` times after t = 0 at which the velocity is zero (the motion turns around).
    func extremaAfterStart(limit: Int) -> [Double] {
        switch kernel.regime {
        case .instantaneous:
            return []
        case .underdamped:
            if x0 == 0 && v0 == 0 { return [] }
            let e = extremumTimes
            return (0..<(limit + 1)).map { e.time(Double($0)) }.filter { $0 > 0 }.prefix(limit).map { $0 }
        case .critical, .overdamped:
            return nonOscillatingExtremumTime.map { [$0] } ?? []
        }
    }

    /// The number of turning points after t = 0 at least `band` from the target (nil: infinitely
    /// many, for an undamped spring in motion).
    func turningPointCount() -> Int? {
        switch kernel.regime {
        case .instantaneous:
            return 0
        case .critical, .overdamped:
            guard let t = nonOscillatingExtremumTime else { return 0 }
            return abs(displacement(t)) >= band ? 1 : 0
        case .underdamped:
            if x0 == 0 && v0 == 0 { return 0 }
            if kernel.rate == 0 { return nil }
            let e = extremumTimes
            guard let last = lastExtremumIndex(atLeast: band, e) else { return 0 }
            // Turning points strictly after the start: an extremum exactly at t = 0 is the start.
            let count: Double = e.first > 0 ? last + 1 : last
            return count < 9.0e18 ? Int(count) : Int.max
        }
    }

    /// The time from 10 % to 90 % of the way to the target, or nil if the motion never gets there.
    func riseTime() -> Double? {
        guard let t10 = firstProgress(0.1), let t90 = firstProgress(0.9) else { return nil }
        return t90 - t10
    }

    /// The first time the motion has covered `fraction` of the way: x(t)/x0 ≤ 1 − fraction.
    private func firstProgress(_ fraction: Double) -> Double? {
        guard x0 != 0 else { return nil }
        let level = 1 - fraction
        func reached(_ t: Double) -> Bool { displacement(t) / x0 <= level }
        // Scan finely enough to catch the first crossing, then bisect.
        let horizon = Spring.horizon(kernel: kernel, x0: x0, v0: v0, fraction: min(fraction, 1 - fraction) / 2)
        let step: Double
        if kernel.regime == .underdamped && kernel.frequency > 0 {
            step = min(2 * Double.pi / kernel.frequency / 64, horizon / 256)
        } else {
            step = horizon / 2048
        }
        guard step > 0, step.isFinite else { return nil }
        var previous = 0.0
        var t = step
        while t <= horizon + step {
            if reached(t) {
                var lo = previous, hi = t
                for _ in 0..<200 {
                    let mid = lo + (hi - lo) / 2
                    if mid <= lo || mid >= hi { break }
                    if reached(mid) { hi = mid } else { lo = mid }
                }
                return hi
            }
            previous = t
            t += step
        }
        return nil
    }
}

extension Spring {
    /// A time by which the free motion from (x0, v0) stays within `fraction`·|x0| of the target, for
    /// bounding scans (the response for a non-animated spring, 50 periods for an undamped one).
    static func horizon(kernel: SpringKernel, x0: Double, v0: Double, fraction: Double) -> Double {
        let scale = max(abs(x0), 1e-300)
        let finder = SettlingFinder(kernel: kernel, x0: x0, v0: v0, band: fraction * scale)
        let t = finder.lastExceedance()
        if t.isFinite { return max(t, 1e-9) }
        return 50 * 2 * Double.pi / max(kernel.frequency, 1e-300)
    }
}
