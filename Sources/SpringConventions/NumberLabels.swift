import SpringFormatting
import SpringMath

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

/// A short readable number for labels and tables: `NumberFormat.people(_:digits:)`, 3 significant
/// digits unless told.
public func label(_ value: Double, digits: Int = 3) -> String {
    NumberFormat.people(value, digits: digits)
}
