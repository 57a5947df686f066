import Foundation

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
