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

/// Maps `value` from `inMin…inMax` linearly onto `outMin…outMax`, as Wave does: not clipped unless
/// `clip` is true, when the result is held inside the output range (either way round).
///
/// Generic over floating-point types (`Double`, `CGFloat`, `Float`), with Wave's labelled and
/// unlabelled spellings: `mapRange(2, 0, 1, 0, 100)` is 200, and `mapRange(2, 0, 1, 0, 100, clip: true)`
/// is 100. An empty input range (`inMin == inMax`) gives ±∞ or NaN, as in Wave.
@inlinable
public func mapRange<T: FloatingPoint>(
    value: T, inMin: T, inMax: T, outMin: T, outMax: T, clip shouldClip: Bool = false
) -> T {
    // Wave's order of operations, so that the same call gives the same bits.
    let mapped = (value - inMin) * (outMax - outMin) / (inMax - inMin) + outMin
    guard shouldClip else { return mapped }
    return clip(value: mapped, lower: Swift.min(outMin, outMax), upper: Swift.max(outMin, outMax))
}

/// ``mapRange(value:inMin:inMax:outMin:outMax:clip:)`` without labels, Wave's other spelling:
/// `mapRange(progress, 0, 1, a, b)`.
@inlinable
public func mapRange<T: FloatingPoint>(
    _ value: T, _ inMin: T, _ inMax: T, _ outMin: T, _ outMax: T, clip shouldClip: Bool = false
) -> T {
    mapRange(value: value, inMin: inMin, inMax: inMax, outMin: outMin, outMax: outMax, clip: shouldClip)
}

/// `value` limited to `lower…upper` (`upper` when `lower > upper`, as in Wave).
@inlinable
public func clip<T: FloatingPoint>(value: T, lower: T, upper: T) -> T {
    Swift.min(Swift.max(value, lower), upper)
}

/// `value` limited to 0…1.
@inlinable
public func clipUnit<T: FloatingPoint>(_ value: T) -> T {
    clip(value: value, lower: 0, upper: 1)
}

/// `value` limited to 0…1 (Wave's spelling).
@inlinable
public func clipUnit<T: FloatingPoint>(value: T) -> T {
    clipUnit(value)
}
