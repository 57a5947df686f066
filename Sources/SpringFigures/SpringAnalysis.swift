import SpringConventions
import SpringFormatting
import SpringMath

/// What the charts need to know about one spring's motion.
public struct SpringAnalysis: Sendable {
    public let named: NamedSpring
    public let motion: SpringMotion<Double>
    /// The settle tolerance, a fraction of the travel.
    public let tolerance: Double

    public init(_ named: NamedSpring, motion: Motion, tolerance: Double) {
        self.named = named
        self.motion = SpringMotion(
            spring: named.spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity)
        self.tolerance = tolerance
    }

    public var spring: Spring { named.spring }
    /// `|to − from|`.
    public var travel: Double { abs(motion.to - motion.from) }

    /// The settle band's half-width in value units: the tolerance × the travel (absolute when there
    /// is no travel).
    public var band: Double { max(tolerance * (travel > 0 ? travel : 1), Double.leastNormalMagnitude) }

    /// The last time the motion is at least `band` from the target (+∞ for an undamped spring).
    public var settleTime: Double {
        spring.settleTime(
            displacement: motion.from - motion.to, velocity: motion.initialVelocity, within: SettleBand(distance: band))
    }

    /// The one "how long" SpringKit shows by default, in words: "settles within 1 % of the travel at
    /// 0.832 s" (the last time the motion is `band` or more from the target).
    public var howLong: String {
        let settle = settleTime
        let within =
            travel > 0
            ? "within \(NumberFormat.percent(tolerance)) of the travel"
            : "within \(label(band, digits: 3)) of the target"
        guard settle.isFinite else { return "never settles \(within) (undamped)" }
        return "settles \(within) at \(label(settle, digits: 3)) s"
    }

    public var metrics: SpringCurveMetrics {
        spring.metrics(
            from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity, tolerances: [tolerance])
    }

    /// A time span that shows the whole motion: past the settle time, or a few periods of an
    /// undamped spring, rounded up to a tidy number (``neededSpan`` rounded up).
    public var suggestedSpan: Double { tidyUp(neededSpan) }

    /// The seconds the whole motion needs on a time axis, before rounding: a quarter past the settle
    /// time (at least half the response), four periods of an undamped spring, 1 s for an instant
    /// jump.
    public var neededSpan: Double {
        let settle = settleTime
        if spring.isInstantaneous { return 1 }
        if settle.isFinite { return max(settle * 1.25, spring.response * 0.5, 0.05) }
        return 4 * spring.dampedPeriod
    }
}
