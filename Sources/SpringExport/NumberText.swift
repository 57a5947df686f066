import Foundation
import SpringMath

/// Numbers as text, in one place: code for export targets, and the shortest round-trip form for data.
public enum NumberText {
    /// Up to 6 significant digits, trailing zeros dropped: "61.685", "0.68", "-500", "1.2e-07".
    public static func code(_ x: Double) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "Infinity" : "-Infinity") }
        var text = String(format: "%.6g", x)
        if text.contains("e") {
            // Trim zeros of the mantissa only.
            let parts = text.split(separator: "e", maxSplits: 1).map(String.init)
            var mantissa = parts[0]
            if mantissa.contains(".") {
                while mantissa.hasSuffix("0") { mantissa.removeLast() }
                if mantissa.hasSuffix(".") { mantissa.removeLast() }
            }
            text = mantissa + "e" + parts[1]
        } else if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// For people: `digits` significant digits, trailing zeros dropped ("0.82", "5.5", "1230",
    /// "4.7e-08").
    public static func rounded(_ x: Double, digits: Int = 3) -> String {
        guard x.isFinite else { return code(x) }
        var text = String(format: "%.\(max(1, digits))g", x)
        if text.contains("e") && abs(x) >= 1e-4 {
            // %g switches to an exponent for large values: write them out.
            text = String(format: "%.0f", x)
        }
        let parts = text.split(separator: "e", maxSplits: 1).map(String.init)
        var mantissa = parts[0]
        if mantissa.contains(".") {
            while mantissa.hasSuffix("0") { mantissa.removeLast() }
            if mantissa.hasSuffix(".") { mantissa.removeLast() }
        }
        text = parts.count == 2 ? mantissa + "e" + parts[1] : mantissa
        return text == "-0" ? "0" : text
    }

    /// A fraction as a percentage for people: "5.5 %".
    public static func percent(_ fraction: Double, digits: Int = 2) -> String {
        rounded(fraction * 100, digits: digits) + " %"
    }

    /// The shortest text that reads back as exactly `x`, integral values without a fraction.
    public static func shortest(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// ``shortest(_:)`` for JSON: non-finite values as null.
    public static func json(_ x: Double) -> String {
        x.isFinite ? shortest(x) : "null"
    }

    /// Whether two springs move alike: the same damping ratio and natural frequency to 1e-9.
    static func sameMotion(_ a: Spring, _ b: Spring) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1e-300) }
        return close(a.dampingRatio, b.dampingRatio) && close(a.naturalFrequency, b.naturalFrequency)
    }

    /// The largest difference between the two springs' motions for the request (from, to, velocity),
    /// sampled at 400 times over the first's settle time.
    static func motionDeviation(_ a: Spring, _ b: Spring, request: ExportRequest) -> Double {
        let first = SpringMotion(spring: a, from: request.from, to: request.to, initialVelocity: request.initialVelocity)
        let second = SpringMotion(spring: b, from: request.from, to: request.to, initialVelocity: request.initialVelocity)
        let scale = max(abs(request.to - request.from), abs(request.initialVelocity) * a.response, 1e-12)
        var span = a.settleTime(displacement: request.from - request.to, velocity: request.initialVelocity, band: 1e-4 * scale)
        if !span.isFinite || span <= 0 { span = 10 * a.response }
        var worst = 0.0
        for i in 0...400 {
            let t = span * Double(i) / 400
            worst = max(worst, abs(first.position(at: t) - second.position(at: t)))
        }
        return worst
    }
}
