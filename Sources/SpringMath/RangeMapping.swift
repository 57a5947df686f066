/// Resistance past the ends of a range, as a scroll view rubber-bands (Wave's and UIKit's formula).
///
/// Inside `range` the value is returned unchanged. Past an end by `x`, the result is that end moved
/// outward by `(1 − 1/(x·c/interval + 1))·interval`, which approaches `interval` as `x` grows.
///
/// - Parameters:
///   - value: the value to resist past the ends.
///   - range: the range inside which the value is free.
///   - interval: the dimension the overshoot is measured against (a view's width, say), > 0.
///   - c: stiffness of the band; UIScrollView uses 0.55.
/// - Precondition: `interval > 0`.
@inlinable
public func rubberband(value: Double, range: ClosedRange<Double>, interval: Double, c: Double = 0.55) -> Double {
    precondition(interval > 0, "interval must be > 0")
    if range.contains(value) { return value }
    if value > range.upperBound {
        let x = value - range.upperBound
        return range.upperBound + (1 - 1 / (x * c / interval + 1)) * interval
    }
    let x = range.lowerBound - value
    return range.lowerBound - (1 - 1 / (x * c / interval + 1)) * interval
}

/// Maps `value` from `inMin…inMax` linearly onto `outMin…outMax`, clipped to the output range when
/// `clip` is true (the default).
/// - Precondition: `inMin != inMax`.
@inlinable
public func mapRange(value: Double, inMin: Double, inMax: Double, outMin: Double, outMax: Double, clip shouldClip: Bool = true) -> Double {
    precondition(inMin != inMax, "inMin and inMax must differ")
    let mapped = outMin + (value - inMin) / (inMax - inMin) * (outMax - outMin)
    guard shouldClip else { return mapped }
    return clip(value: mapped, lower: min(outMin, outMax), upper: max(outMin, outMax))
}

/// `value` limited to `lower…upper`.
/// - Precondition: `lower <= upper`.
@inlinable
public func clip(value: Double, lower: Double, upper: Double) -> Double {
    precondition(lower <= upper, "lower must not exceed upper")
    return min(max(value, lower), upper)
}

/// `value` limited to 0…1.
@inlinable
public func clipUnit(_ value: Double) -> Double {
    clip(value: value, lower: 0, upper: 1)
}

/// `value` limited to 0…1 (Wave's spelling).
@inlinable
public func clipUnit(value: Double) -> Double {
    clipUnit(value)
}
