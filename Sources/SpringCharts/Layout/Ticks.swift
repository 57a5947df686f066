import Foundation

/// "Nice" tick positions and labels for an axis: steps of 1, 2 or 5 × 10ⁿ, as many as fit.
///
/// Values are computed from integers (`index × mantissa × 10^exponent`), so 0.3 is the double
/// nearest 0.3, never 0.30000000000000004, and labels are formatted from the same integers: every
/// label of an axis has the same number of decimals, and zero is "0", never "-0". Negative numbers
/// use the typographic minus sign (U+2212).
public struct AxisTicks: Hashable, Sendable {
    /// The tick positions inside the range, ascending.
    public var values: [Double]
    /// One label per value.
    public var labels: [String]
    /// The distance between neighbouring ticks; 0 when there is at most one tick.
    public var step: Double

    /// The ticks inside `range` with the smallest 1-2-5 step that gives at most `maxCount` ticks.
    ///
    /// A range whose ends are equal (or not finite) gets one tick at its lower end, when finite.
    /// - Precondition: `maxCount ≥ 1`.
    public init(covering range: ClosedRange<Double>, maxCount: Int) {
        precondition(maxCount >= 1, "maxCount must be at least 1")
        let lo = range.lowerBound, hi = range.upperBound
        guard lo.isFinite, hi.isFinite, hi > lo, (hi - lo).isFinite else {
            let finite = lo.isFinite ? [lo] : []
            self.init(values: finite, labels: finite.map(AxisTicks.generalLabel), step: 0)
            return
        }
        guard let nice = NiceStep.smallest(covering: lo, hi, maxCount: maxCount) else {
            // The span is too small next to the values to count in steps: label both ends.
            self.init(
                values: [lo, hi], labels: [AxisTicks.generalLabel(lo), AxisTicks.generalLabel(hi)],
                step: hi - lo)
            return
        }
        let multiples = nice.indices(covering: lo, hi).map { $0 * nice.mantissa }
        let values = multiples.map { nice.value(ofMultiple: $0) }
        self.init(
            values: values,
            labels: AxisTicks.labels(multiples: multiples, exponent: nice.exponent, values: values),
            step: nice.value)
    }

    private init(values: [Double], labels: [String], step: Double) {
        self.values = values
        self.labels = labels
        self.step = step
    }

    /// How many ticks fit on an axis `length` px long when neighbouring ticks must be at least
    /// `spacing` px apart: `⌊length / spacing⌋ + 1`, and at least 2.
    public static func maxCount(length: Double, spacing: Double) -> Int {
        guard length.isFinite, spacing.isFinite, spacing > 0, length > 0 else { return 2 }
        return max(2, Int(min(1000, (length / spacing).rounded(.down))) + 1)
    }

    // MARK: Labels

    /// Labels for `multiple × 10^exponent`: plain decimals, or scientific notation for very large or
    /// very small numbers.
    static func labels(multiples: [Int], exponent: Int, values: [Double]) -> [String] {
        let largest = values.map(abs).max() ?? 0
        if largest >= 1e7 || (exponent <= -6 && largest > 0) {
            return scientificLabels(multiples: multiples, exponent: exponent)
        }
        return multiples.map { decimalLabel(multiple: $0, exponent: exponent) }
    }

    /// `multiple × 10^exponent` with `max(0, -exponent)` decimals.
    static func decimalLabel(multiple: Int, exponent: Int) -> String {
        if multiple == 0 { return "0" }
        var digits = String(multiple.magnitude)
        if exponent > 0 {
            digits += String(repeating: "0", count: exponent)
        } else if exponent < 0 {
            let decimals = -exponent
            if digits.count <= decimals {
                digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (multiple < 0 ? "\u{2212}" : "") + digits
    }

    /// `d.ddde±n` with the same number of mantissa decimals on every label.
    static func scientificLabels(multiples: [Int], exponent: Int) -> [String] {
        let parts = multiples.map { multiple -> (negative: Bool, lead: Character, fraction: Substring, power: Int)? in
            guard multiple != 0 else { return nil }
            let digits = String(multiple.magnitude)
            var fraction = digits.dropFirst()
            while fraction.last == "0" { fraction = fraction.dropLast() }
            return (multiple < 0, digits.first ?? "0", fraction, digits.count - 1 + exponent)
        }
        let decimals = parts.compactMap { $0?.fraction.count }.max() ?? 0
        return parts.map { part in
            guard let part else { return "0" }
            var text = part.negative ? "\u{2212}" : ""
            text.append(part.lead)
            if decimals > 0 {
                text += "." + part.fraction + String(repeating: "0", count: decimals - part.fraction.count)
            }
            return text + "e" + (part.power < 0 ? "\u{2212}" : "") + String(part.power.magnitude)
        }
    }

    /// A label for a lone value, with up to 6 significant digits.
    static func generalLabel(_ value: Double) -> String {
        if value == 0 { return "0" }
        let text = String(format: "%.6g", value)
            .replacingOccurrences(of: "e+0", with: "e")
            .replacingOccurrences(of: "e+", with: "e")
            .replacingOccurrences(of: "e-0", with: "e-")
        return text.replacingOccurrences(of: "-", with: "\u{2212}")
    }
}

/// A step `mantissa × 10^exponent` with mantissa 1, 2 or 5.
struct NiceStep: Hashable, Sendable {
    var mantissa: Int
    var exponent: Int

    var value: Double { NiceStep.scaled(Double(mantissa), exponent) }

    /// `multiple × 10^exponent`, the double nearest the exact decimal for moderate exponents.
    func value(ofMultiple multiple: Int) -> Double { NiceStep.scaled(Double(multiple), exponent) }

    private static func scaled(_ integer: Double, _ exponent: Int) -> Double {
        // Dividing two exact integers rounds once, so 3 / 10 is the double nearest 0.3.
        exponent >= 0 ? integer * pow(10, Double(exponent)) : integer / pow(10, Double(-exponent))
    }

    /// The indices `i` with `lo ≤ i·step ≤ hi` (with a relative tolerance of 1e-9 of a step).
    func indices(covering lo: Double, _ hi: Double) -> ClosedRange<Int> {
        let step = value
        let first = Int((lo / step - 1e-9).rounded(.up))
        let last = Int((hi / step + 1e-9).rounded(.down))
        return first...max(first, last)
    }

    func count(covering lo: Double, _ hi: Double) -> Int {
        let step = value
        let first = (lo / step - 1e-9).rounded(.up)
        let last = (hi / step + 1e-9).rounded(.down)
        let count = last - first + 1
        // A step that is tiny next to the values counts more ticks than an Int holds: too many.
        guard count.isFinite else { return .max }
        return Int(max(0, min(count, 1e15)))
    }

    /// The smallest step with at most `maxCount` ticks in `lo...hi`, or nil when the values are so
    /// large next to the span that tick indices would lose precision.
    static func smallest(covering lo: Double, _ hi: Double, maxCount: Int) -> NiceStep? {
        let span = hi - lo
        let smallestStep = log10(span / Double(max(1, maxCount))).rounded(.down)
        // A span so small that a step underflows (or not a span at all) has no nice step.
        guard smallestStep.isFinite else { return nil }
        var exponent = Int(smallestStep) - 1
        while true {
            for mantissa in [1, 2, 5] {
                let step = NiceStep(mantissa: mantissa, exponent: exponent)
                let stepValue = step.value
                guard stepValue > 0, stepValue.isFinite else { continue }
                if max(abs(lo), abs(hi)) / stepValue > 1e15 { return nil }
                if step.count(covering: lo, hi) <= maxCount { return step }
            }
            exponent += 1
            if exponent > 400 { return nil }
        }
    }
}
