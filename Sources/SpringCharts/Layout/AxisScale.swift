/// The resolved range of one axis and its ticks: what an ``Axis`` shows once the data is known.
struct AxisScale: Hashable, Sendable {
    var lower: Double
    var upper: Double
    var ticks: AxisTicks

    /// The share of the data span an automatic range may grow by at each end to reach a tick.
    static let widening = 0.05

    /// Resolves `axis` against the extent of its data.
    ///
    /// An explicit finite range is kept as is. Otherwise the range is the data extent (0...1 without
    /// data), padded by `padding` of its span at each end; each end then moves out to the next tick
    /// when that adds at most 5 % of the span and keeps the tick count within `maxTickCount`. A range
    /// of zero width is widened around its value: ±1 around 0, ±10 % otherwise.
    static func resolve(
        _ axis: Axis, dataExtent: ClosedRange<Double>?, defaultPadding: Double,
        maxTickCount: Int
    ) -> AxisScale {
        if let range = axis.range, range.lowerBound.isFinite, range.upperBound.isFinite,
            range.upperBound > range.lowerBound, (range.upperBound - range.lowerBound).isFinite
        {
            return AxisScale(
                lower: range.lowerBound, upper: range.upperBound,
                ticks: AxisTicks(covering: range, maxCount: maxTickCount))
        }
        var extent = dataExtent ?? 0...1
        if let range = axis.range, range.lowerBound.isFinite, range.upperBound.isFinite {
            extent = range  // an explicit range of zero width: widen it below like data
        }
        var lo = extent.lowerBound, hi = extent.upperBound
        if !(hi > lo) || !(hi - lo).isFinite || (hi - lo) < abs(lo) * 1e-12 {
            let middle = (lo / 2 + hi / 2)
            let half = middle == 0 ? 1 : abs(middle) * 0.1
            lo = middle - half
            hi = middle + half
        }
        let span = hi - lo
        let padding = max(0, axis.padding ?? defaultPadding)
        var lower = lo - padding * span, upper = hi + padding * span
        if !lower.isFinite || !upper.isFinite || !(upper - lower).isFinite {
            lower = lo
            upper = hi
        }

        if let step = NiceStep.smallest(covering: lower, upper, maxCount: maxTickCount) {
            let stepValue = step.value
            let niceLower = (lower / stepValue - 1e-9).rounded(.down) * stepValue
            let niceUpper = (upper / stepValue + 1e-9).rounded(.up) * stepValue
            let allowance = widening * span
            if lower - niceLower <= allowance, step.count(covering: niceLower, upper) <= maxTickCount {
                lower = step.value(ofMultiple: Int((niceLower / stepValue).rounded()) * step.mantissa)
            }
            if niceUpper - upper <= allowance, step.count(covering: lower, niceUpper) <= maxTickCount {
                upper = step.value(ofMultiple: Int((niceUpper / stepValue).rounded()) * step.mantissa)
            }
        }
        return AxisScale(
            lower: lower, upper: upper,
            ticks: AxisTicks(covering: lower...upper, maxCount: maxTickCount))
    }

    /// Maps a data value to a coordinate between `start` (at ``lower``) and `end` (at ``upper``).
    func position(of value: Double, start: Double, end: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }

    func contains(_ value: Double) -> Bool { value >= lower && value <= upper }
}

/// The smallest closed range holding the finite values, or nil when there are none.
struct ExtentBuilder {
    private(set) var lower = Double.infinity
    private(set) var upper = -Double.infinity

    mutating func include(_ value: Double) {
        guard value.isFinite else { return }
        if value < lower { lower = value }
        if value > upper { upper = value }
    }

    var extent: ClosedRange<Double>? { lower <= upper ? lower...upper : nil }
}
