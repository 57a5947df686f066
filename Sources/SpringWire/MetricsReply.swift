import SpringMath

/// A spring's metrics for one motion, in the one shape every reply uses: `info --json` writes these
/// keys beside the spring, and the studio's `/api/spring.json` writes them as each spring's `metrics`.
public struct MetricsReply: Encodable, Sendable, Equatable {
    /// The settle time for one tolerance (a fraction of the travel).
    public struct SettleTime: Encodable, Sendable, Equatable {
        public var tolerance: Double
        public var time: Double
    }

    /// ω₀ in rad/s.
    public var naturalFrequency: Double
    /// ω_d in rad/s (0 when ζ ≥ 1).
    public var dampedFrequency: Double
    /// 2π/ω_d in seconds (+∞, written null, when ζ ≥ 1).
    public var dampedPeriod: Double
    /// The slowest decay's time constant in seconds.
    public var timeConstant: Double
    /// How far the motion passes the target, as a fraction of the travel.
    public var overshoot: Double
    /// How far the motion passes the target, in value units.
    public var overshootAmount: Double
    /// When the motion is furthest past the target; left out when it never passes it.
    public var peakTime: Double?
    /// From 10 % to 90 % of the way; left out without travel.
    public var riseTime: Double?
    /// Turning points before settling; left out for an undamped spring.
    public var turningPoints: Int?
    /// The settle time for each tolerance asked for.
    public var settleTimes: [SettleTime]
    /// Wave's own settle estimate for the spring, in seconds.
    public var waveSettleEstimate: Double

    /// The reply for `spring`'s motion measured as `metrics`; Wave's estimate comes from
    /// SpringPlatforms (`Spring.waveSettleEstimate`).
    public init(_ spring: Spring, metrics: SpringCurveMetrics, waveSettleEstimate: Double) {
        naturalFrequency = spring.naturalFrequency
        dampedFrequency = spring.dampedFrequency
        dampedPeriod = spring.dampedPeriod
        timeConstant = spring.timeConstant
        overshoot = metrics.overshoot
        overshootAmount = metrics.overshootAmount
        peakTime = metrics.peakTime
        riseTime = metrics.riseTime
        turningPoints = metrics.turningPointCount
        settleTimes = metrics.settleTimes.map { SettleTime(tolerance: $0.tolerance, time: $0.time) }
        self.waveSettleEstimate = waveSettleEstimate
    }
}
