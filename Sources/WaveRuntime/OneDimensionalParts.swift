import SpringMath

/// A motion split into one-dimensional parts: the offset from the target (length `distance`) with the
/// velocity's component along it, and the velocity's component across it. For scalars the second part
/// is zero; for vectors each part is a one-dimensional spring motion of its own.
struct OneDimensionalParts {
    let distance: Double
    let alongVelocity: Double
    let acrossSpeed: Double

    init<Value: SpringVector>(offset: Value, velocity: Value) {
        if let x = offset as? Double, let v = velocity as? Double {
            // Scalars: exact, and free of the squared magnitudes that overflow for huge values.
            distance = abs(x)
            alongVelocity = x < 0 ? -v : (x > 0 ? v : abs(v))
            acrossSpeed = 0
            return
        }
        let distance = offset.magnitude
        let speedSquared = velocity.magnitudeSquared
        if distance > 0 {
            // offset·velocity from squared magnitudes (the protocol has no dot product).
            let dot = ((offset + velocity).magnitudeSquared - distance * distance - speedSquared) / 2
            let along = dot / distance
            self.distance = distance
            self.alongVelocity = along
            self.acrossSpeed = Swift.max(speedSquared - along * along, 0).squareRoot()
        } else {
            // At the target: the motion runs along the velocity.
            self.distance = 0
            self.alongVelocity = speedSquared.squareRoot()
            self.acrossSpeed = 0
        }
    }

    var isFinite: Bool { distance.isFinite && alongVelocity.isFinite && acrossSpeed.isFinite }

    /// Whether the across part is too small to matter next to the rest (rounding in the split).
    private var isAlongOnly: Bool { acrossSpeed <= 1e-9 * Swift.max(abs(alongVelocity), distance) }

    /// The largest distance from the target the motion reaches: exact for scalars, and for vectors an
    /// upper bound within √2 of it (the two parts' peaks combined as if they coincided).
    func peakDistance(_ spring: Spring) -> Double {
        guard isFinite else { return .infinity }
        let along = spring.peakDistance(displacement: distance, velocity: alongVelocity)
        if isAlongOnly { return along }
        let across = spring.peakDistance(displacement: 0, velocity: acrossSpeed)
        return (along * along + across * across).squareRoot()
    }

    /// The rest thresholds of this motion (see ``RestThreshold``): `visibleChange` NaN for
    /// `.automatic`, `magnitude` the larger of |value| and |target|. Float keeps animators small; the
    /// thresholds are clamped into its range so huge motions do not end at once (overflow to ∞) and
    /// tiny ones do not become 0.
    func restThresholds(_ spring: Spring, visibleChange: Double, magnitude: Double) -> (distance: Float, speed: Float) {
        let change = visibleChange.isNaN ? RestThreshold.automaticFraction * peakDistance(spring) : visibleChange
        // Below a few ulps of the values, rounding holds the state at a fixed point a hair from the
        // target and it would never settle: the thresholds stay above that floor.
        let resolution = 8 * magnitude.ulp
        let omega = spring.isInstantaneous ? 0 : spring.naturalFrequency
        let distance = Swift.max(RestThreshold.distanceFactor * change, change > 0 ? resolution : 0)
        let speed = Swift.max(RestThreshold.speedFactor * change, change > 0 ? resolution * Swift.max(omega, 1) : 0)
        func clamped(_ x: Double) -> Float {
            if x == 0 || x.isNaN { return 0 }
            return Float(
                Swift.min(Swift.max(x, Double(Float.leastNonzeroMagnitude)), Double(Float.greatestFiniteMagnitude)))
        }
        return (clamped(distance), clamped(speed))
    }

    /// The time from which the motion stays within `band` of the target and slower than `speedBand`
    /// for good: exact for scalars; for vectors each part is held within band/√2 and speedBand/√2, so
    /// the finish is never early.
    func settleTime(_ spring: Spring, band: Double, speedBand: Double) -> Double {
        guard isFinite else { return .nan }
        if distance == 0 && alongVelocity == 0 && acrossSpeed == 0 { return 0 }
        let band = Swift.max(band, Double.leastNormalMagnitude)
        let speedBand = Swift.min(Swift.max(speedBand, Double.leastNormalMagnitude), Double.greatestFiniteMagnitude)
        if isAlongOnly {
            return spring.settleTime(
                displacement: distance, velocity: alongVelocity, within: SettleBand(distance: band, speed: speedBand))
        }
        let root2 = 2.0.squareRoot()
        return Swift.max(
            spring.settleTime(
                displacement: distance, velocity: alongVelocity,
                within: SettleBand(distance: band / root2, speed: speedBand / root2)),
            spring.settleTime(
                displacement: 0, velocity: acrossSpeed,
                within: SettleBand(distance: band / root2, speed: speedBand / root2)))
    }
}
