import Foundation

/// A named spring parameter, for error messages.
public enum SpringParameter: String, Hashable, Sendable, CaseIterable {
    case dampingRatio, response, mass, stiffness, damping, duration, bounce, settlingDuration, epsilon
    case overshoot, peakTime
}

/// Why a spring parameter was rejected by a `validated` factory.
public struct SpringParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The value is NaN.
        case notANumber
        /// The value is +∞ or −∞.
        case infinite
        /// The value must be ≥ 0.
        case negative
        /// The value must be > 0.
        case notPositive
        /// The value must lie in the described range, e.g. "(-1, 1]".
        case outOfRange(String)
    }

    public var parameter: SpringParameter
    public var value: Double
    public var reason: Reason

    public init(parameter: SpringParameter, value: Double, reason: Reason) {
        self.parameter = parameter
        self.value = value
        self.reason = reason
    }

    public var description: String {
        let rule: String
        switch reason {
        case .notANumber: rule = "must be a number"
        case .infinite: rule = "must be finite"
        case .negative: rule = "must be ≥ 0"
        case .notPositive: rule = "must be > 0"
        case .outOfRange(let range): rule = "must be in \(range)"
        }
        return "\(parameter.rawValue) \(rule) (got \(value))"
    }
}

/// Checks of untrusted input. Each throws a ``SpringParameterError`` naming the parameter instead of
/// trapping, so a command-line tool can report bad values.
extension Spring {
    static func check(_ value: Double, _ parameter: SpringParameter, positive: Bool = false,
                      allowZero: Bool = true) throws(SpringParameterError) {
        if value.isNaN { throw SpringParameterError(parameter: parameter, value: value, reason: .notANumber) }
        if value.isInfinite { throw SpringParameterError(parameter: parameter, value: value, reason: .infinite) }
        if positive && value <= 0 { throw SpringParameterError(parameter: parameter, value: value, reason: .notPositive) }
        if !positive && allowZero && value < 0 {
            throw SpringParameterError(parameter: parameter, value: value, reason: .negative)
        }
    }

    /// Rejects combinations whose derived quantities overflow (an enormous mass with a tiny response,
    /// say), naming `blame` as the parameter to change.
    static func checkDerived(_ spring: Spring, blame parameter: SpringParameter, value: Double) throws(SpringParameterError) -> Spring {
        let finite = spring.isInstantaneous
            ? spring.dampingRatio.isFinite && spring.mass.isFinite
            : [spring.dampingRatio, spring.response, spring.mass, spring.stiffness, spring.damping].allSatisfy(\.isFinite)
                && spring.response > 0 && spring.stiffness > 0 && spring.naturalFrequency.isFinite
        guard finite else {
            throw SpringParameterError(parameter: parameter, value: value,
                                       reason: .outOfRange("a range where stiffness, damping and response stay finite"))
        }
        return spring
    }

    /// ``init(dampingRatio:response:mass:)`` for untrusted input.
    public static func validated(dampingRatio: Double, response: Double, mass: Double = 1) throws(SpringParameterError) -> Spring {
        try check(dampingRatio, .dampingRatio)
        try check(response, .response)
        try check(mass, .mass, positive: true)
        // Blame whichever of response and mass is the more extreme.
        let responseIsExtreme = response > 0 && abs(Foundation.log10(response)) > abs(Foundation.log10(mass))
        return try checkDerived(Spring(dampingRatio: dampingRatio, response: response, mass: mass),
                                blame: responseIsExtreme ? .response : .mass, value: responseIsExtreme ? response : mass)
    }

    /// ``init(dampingRatio:stiffness:mass:)`` for untrusted input.
    public static func validated(dampingRatio: Double, stiffness: Double, mass: Double = 1) throws(SpringParameterError) -> Spring {
        try check(dampingRatio, .dampingRatio)
        try check(stiffness, .stiffness, positive: true)
        try check(mass, .mass, positive: true)
        return try checkDerived(Spring(dampingRatio: dampingRatio, stiffness: stiffness, mass: mass), blame: .stiffness, value: stiffness)
    }

    /// ``init(mass:stiffness:damping:)`` for untrusted input.
    public static func validated(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringParameterError) -> Spring {
        try check(mass, .mass, positive: true)
        try check(stiffness, .stiffness, positive: true)
        try check(damping, .damping)
        return try checkDerived(Spring(mass: mass, stiffness: stiffness, damping: damping), blame: .stiffness, value: stiffness)
    }

    /// ``init(duration:bounce:)`` for untrusted input.
    public static func validated(duration: Double, bounce: Double) throws(SpringParameterError) -> Spring {
        try check(duration, .duration)
        try check(bounce, .bounce, allowZero: false)
        guard bounce > -1 && bounce <= 1 else {
            throw SpringParameterError(parameter: .bounce, value: bounce, reason: .outOfRange("(-1, 1]"))
        }
        return try checkDerived(Spring(duration: duration, bounce: bounce), blame: .duration, value: duration)
    }

    /// ``init(settlingDuration:dampingRatio:epsilon:)`` for untrusted input.
    public static func validated(settlingDuration: Double, dampingRatio: Double,
                                 epsilon: Double = Spring.defaultSettlingEpsilon) throws(SpringParameterError) -> Spring {
        try check(settlingDuration, .settlingDuration)
        try check(dampingRatio, .dampingRatio, positive: true)
        try check(epsilon, .epsilon, positive: true)
        guard epsilon < 1 else {
            throw SpringParameterError(parameter: .epsilon, value: epsilon, reason: .outOfRange("(0, 1)"))
        }
        return Spring(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
    }
}
