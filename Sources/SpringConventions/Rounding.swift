import SpringFormatting
import SpringMath

/// The value a person would type for `value`: 0 when it lies within `tolerance`, else the one with
/// the fewest significant digits (1 to 6) that does. With no such value, `value` to 6 significant
/// digits.
///
/// - Precondition: `value` is finite and `tolerance` ≥ 0.
public func roundest(_ value: Double, within tolerance: Double) -> Double {
    precondition(value.isFinite && tolerance >= 0, "value must be finite and tolerance ≥ 0")
    if abs(value) <= tolerance { return 0 }
    var candidate = value
    for digits in 1...6 {
        candidate = rounded(value, significantDigits: digits)
        if abs(candidate - value) <= tolerance { return candidate }
    }
    return candidate
}

/// `value` rounded to `digits` significant digits (through its decimal text, so that 0.7 comes out
/// as the double nearest 0.7).
public func rounded(_ value: Double, significantDigits digits: Int) -> Double {
    Double(NumberFormat.people(value, digits: digits)) ?? value
}

/// The preset nearest to `spring`, with its distance: the damping ratios' difference and the responses'
/// symmetric relative difference (a response twice as long is as far as one half as long), combined
/// as a Euclidean distance.
public func nearestPreset(to spring: Spring, among presets: [SpringPreset] = SpringPreset.named) -> (
    preset: SpringPreset, distance: Double
)? {
    func distance(_ preset: SpringPreset) -> Double {
        let dz = preset.spring.dampingRatio - spring.dampingRatio
        let a = preset.spring.response, b = spring.response
        let dr = 2 * (a - b) / (a + b)
        return (dz * dz + dr * dr).squareRoot()
    }
    return presets.filter { $0.spring.response > 0 && $0.spring.response.isFinite }
        .map { ($0, distance($0)) }
        .min { $0.1 < $1.1 }
}
