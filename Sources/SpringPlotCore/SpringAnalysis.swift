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
        return nil
    }
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

/// Rounds up to 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ⁿ.
public func tidyUp(_ value: Double) -> Double {
    guard value > 0, value.isFinite else { return 1 }
    var exponent = 1.0
    while value / exponent >= 10 { exponent *= 10 }
    while value / exponent < 1 { exponent /= 10 }
    for step in [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] where step * exponent >= value * (1 - 1e-12) {
        return step * exponent
    }
    return 10 * exponent
}

/// A short readable number for labels: 3 significant digits, no float noise.
public func label(_ value: Double, digits: Int = 3) -> String {
    if value == 0 { return "0" }
    if !value.isFinite { return value > 0 ? "∞" : "-∞" }
    let magnitude = abs(value)
    // Very small or very large numbers in exponent form rather than as 0 or a long run of digits.
    if magnitude < 1e-4 || magnitude >= 1e9 { return exponential(value, digits: digits) }
    var decimals = max(0, digits - 1 - Int((magnitude).log10Floor))
    decimals = min(decimals, 6)
    var text = fixed(value, decimals: decimals)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

/// `value` with exactly `decimals` digits after the point, without Foundation.
public func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    guard rounded < 9e15 else { return "\(value)" }
    let integer = Int64(rounded)
    var digits = String(integer)
    if decimals > 0 {
        while digits.count <= decimals { digits = "0" + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return (value < 0 && integer != 0 ? "-" : "") + digits
}

extension Double {
    /// ⌊log₁₀(self)⌋ for a positive finite number.
    public var log10Floor: Double {
        var exponent = 0.0
        var x = self
        while x >= 10 { x /= 10; exponent += 1 }
        while x < 1 { x *= 10; exponent -= 1 }
        return exponent
    }
}

/// `value` as "1.23e-16": `digits` significant digits, without Foundation.
public func exponential(_ value: Double, digits: Int) -> String {
    let magnitude = abs(value)
    let exponent = magnitude.log10Floor
    var mantissa = magnitude
    var e = exponent
    while e > 0 { mantissa /= 10; e -= 1 }
    while e < 0 { mantissa *= 10; e += 1 }
    var text = fixed(mantissa, decimals: max(0, digits - 1))
    if text.hasPrefix("10") { text = fixed(mantissa / 10, decimals: max(0, digits - 1)); return (value < 0 ? "-" : "") + trimmed(text) + "e\(Int(exponent) + 1)" }
    return (value < 0 ? "-" : "") + trimmed(text) + "e\(Int(exponent))"
}

private func trimmed(_ text: String) -> String {
    var text = text
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text
}
