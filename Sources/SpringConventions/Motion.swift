import SpringMath

/// Where a motion goes: start, target and initial velocity (value units, per second).
///
/// The one motion type of springplot, the studio and the export, with the one set of defaults:
/// `Motion()` is the unit travel 0 → 1 at rest (the charts), ``onScreen`` a 100-unit move at rest
/// (code for a platform, where the units are points or pixels).
public struct Motion: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var initialVelocity: Double

    public init(from: Double = 0, to: Double = 1, initialVelocity: Double = 0) {
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
    }

    /// 0 → 100 at rest: what the export and the studio's preview assume when no motion is given.
    public static let onScreen = Motion(from: 0, to: 100)

    /// Values beyond this would overflow squared distances and energies.
    public static let limit = 1e100

    /// The range from, to and velocity must lie in: within ±``limit``.
    public static let rule = ValueRule.magnitude(limit)

    /// The first of from, to and velocity that is not a usable number, as (name, reason), or nil.
    public var problem: (parameter: String, message: String)? {
        for (value, name) in [(from, "from"), (to, "to"), (initialVelocity, "velocity")] {
            if value.isNaN { return (name, "must be a number (got nan)") }
            if !value.isFinite { return (name, "must be finite (got \(value))") }
            if !Motion.rule.admits(value) { return (name, "\(Motion.rule.requirement) (got \(value))") }
        }
        let travel = abs(to - from)
        if travel > 0 && travel < Motion.smallestTravel {
            return (
                "to",
                "leaves a travel too small to measure (|to − from| = \(shortest(travel)); give at least 1e-100, or no travel)"
            )
        }
        return nil
    }

    /// The smallest travel `|to − from|` other than 0: a settle band (a fraction of the travel, down
    /// to 1e-9) and the distances measured against it stay normal numbers.
    public static let smallestTravel = 1e-100
}
