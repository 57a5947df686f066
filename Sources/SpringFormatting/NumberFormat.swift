#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way SpringKit writes a number as text, in two modes: for data and for people.
///
/// Data (JSON, CSV, the design token) gets ``roundTrip``: the shortest digits that read back as exactly
/// the same `Double`. People (tables, warnings, chart labels, code to paste) get
/// ``significant(_:)``: a fixed number of significant digits, trailing zeros dropped. Every command and
/// the studio write numbers through this type, so the same spring prints the same everywhere.
public enum NumberFormat: Sendable, Hashable {
    /// The shortest text that reads back as exactly the value; integral values without a fraction
    /// ("61.68502750680849", "100", "1e-05").
    case roundTrip
    /// This many significant digits, rounded correctly and trailing zeros dropped ("0.68", "10.6814").
    ///
    /// Numbers from 10⁻⁴ up to 10⁹ are written out (whole numbers at full length: "1234567");
    /// smaller and larger ones take an exponent ("1.2e-07", "2.59021e+09").
    case significant(Int)

    /// `value` as text in this mode.
    public func text(_ value: Double) -> String {
        switch self {
        case .roundTrip: return NumberFormat.data(value)
        case .significant(let digits): return NumberFormat.people(value, digits: digits)
        }
    }

    /// `value` in the ``roundTrip`` mode: for JSON and CSV.
    public static func data(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `value` in the ``significant(_:)`` mode: for people. Infinities are "∞" and "-∞".
    /// - Parameters:
    ///   - value: the number to write.
    ///   - digits: significant digits (at least 1).
    public static func people(_ value: Double, digits: Int = 3) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "-∞") }
        if value == 0 { return "0" }
        let digits = max(1, digits)
        let magnitude = abs(value)
        let text: String
        if magnitude < 1e-4 || magnitude >= 1e9 {
            // d.ddd…e±XX, correctly rounded; only the mantissa's zeros go.
            let parts = formatted(value, precision: digits - 1, style: "e").split(separator: "e", maxSplits: 1).map(
                String.init)
            text = trimmedFraction(parts[0]) + "e" + parts[1]
        } else {
            let exponent = Int(magnitude.log10Floor)
            text = trimmedFraction(formatted(value, precision: max(0, digits - 1 - exponent), style: "f"))
        }
        return text == "-0" ? "0" : text
    }

    /// `value` through the C library's `%.{precision}{style}` conversion (correctly rounded in glibc,
    /// musl and Darwin's libc), as Foundation's `String(format:)` writes it, without Foundation.
    private static func formatted(_ value: Double, precision: Int, style: Character) -> String {
        let format = "%.\(precision)\(style)"
        var capacity = 64 + precision
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = buffer.withUnsafeMutableBufferPointer { bytes in
                withVaList([value]) { vsnprintf(bytes.baseAddress, bytes.count, format, $0) }
            }
            precondition(length >= 0, "vsnprintf failed for \(format)")
            if Int(length) < capacity {
                return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity = Int(length) + 1
        }
    }

    /// A fraction as a percentage for people: 0.055 → "5.5 %".
    public static func percent(_ fraction: Double, digits: Int = 3) -> String {
        people(fraction * 100, digits: digits) + " %"
    }

    /// `text` without trailing zeros after a decimal point, and without a bare point.
    private static func trimmedFraction(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = Substring(text)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return String(text)
    }
}

extension Double {
    /// ⌊log₁₀(self)⌋ for a positive finite number, counted exactly (no rounding at powers of ten).
    public var log10Floor: Double {
        var exponent = 0.0
        var x = self
        while x >= 10 {
            x /= 10
            exponent += 1
        }
        while x < 1 {
            x *= 10
            exponent -= 1
        }
        return exponent
    }
}
