import SpringMath

/// Where a motion goes: start, target and initial velocity (value units, per second).
public struct Motion: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var initialVelocity: Double

    public init(from: Double = 0, to: Double = 1, initialVelocity: Double = 0) {
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
    }

    /// Values beyond this would overflow squared distances and energies.
    public static let limit = 1e100

    /// The first of from, to and velocity that is not a usable number, as (name, reason), or nil.
    public var problem: (parameter: String, message: String)? {
        for (value, name) in [(from, "from"), (to, "to"), (initialVelocity, "velocity")] {
            if value.isNaN { return (name, "must be a number (got nan)") }
            if !value.isFinite { return (name, "must be finite (got \(value))") }
            if abs(value) > Motion.limit { return (name, "must lie between -1e100 and 1e100 (got \(value))") }
        }
        let travel = abs(to - from)
        if travel > 0 && travel < Motion.smallestTravel {
            return ("to", "leaves a travel too small to measure (|to − from| = \(shortest(travel)); give at least 1e-100, or no travel)")
        }
        return nil
    }

    /// The smallest travel `|to − from|` other than 0: a settle band (a fraction of the travel, down
    /// to 1e-9) and the distances measured against it stay normal numbers.
    public static let smallestTravel = 1e-100
}

/// What the charts need to know about one spring's motion.
public struct SpringAnalysis: Sendable {
    public let named: NamedSpring
    public let motion: SpringMotion<Double>
    /// The settle tolerance, a fraction of the travel.
    public let tolerance: Double

    public init(_ named: NamedSpring, motion: Motion, tolerance: Double) {
        self.named = named
        self.motion = SpringMotion(spring: named.spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity)
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
        spring.settleTime(displacement: motion.from - motion.to, velocity: motion.initialVelocity, band: band)
    }

    public var metrics: SpringCurveMetrics {
        spring.metrics(from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity, tolerances: [tolerance])
    }

    /// A time span that shows the whole motion: past the settle time, or a few periods of an
    /// undamped spring, rounded up to a tidy number.
    public var suggestedSpan: Double {
        let settle = settleTime
        let raw: Double
        if spring.isInstantaneous {
            raw = 1
        } else if settle.isFinite {
            raw = max(settle * 1.25, spring.response * 0.5, 0.05)
        } else {
            raw = 4 * spring.dampedPeriod
        }
        return tidyUp(raw)
    }
}
