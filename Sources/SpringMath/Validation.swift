import RealModule

/// A named spring parameter, for error messages.
public enum SpringParameter: String, Hashable, Sendable, CaseIterable {
    case dampingRatio, response, mass, stiffness, dampingCoefficient, duration, bounce, settleTime, tolerance
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
    /// What a parameter's sign may be: any finite value, ≥ 0, or > 0.
    enum SignRule {
        case any, nonNegative, positive
    }

    /// Checks that `value` is a finite number obeying `sign` (≥ 0 unless said otherwise).
    static func check(_ value: Double, _ parameter: SpringParameter, sign: SignRule = .nonNegative)
        throws(SpringParameterError)
    {
        if value.isNaN { throw SpringParameterError(parameter: parameter, value: value, reason: .notANumber) }
        if value.isInfinite { throw SpringParameterError(parameter: parameter, value: value, reason: .infinite) }
        switch sign {
        case .positive where value <= 0:
            throw SpringParameterError(parameter: parameter, value: value, reason: .notPositive)
        case .nonNegative where value < 0:
            throw SpringParameterError(parameter: parameter, value: value, reason: .negative)
        default: break
        }
    }

    /// One given parameter's share in a derived quantity: the quantity grows like
    /// `magnitude^exponent`. `value` is what the user gave, for the message (SwiftUI's bounce enters
    /// through the damping ratio it implies, so its magnitude differs from its value).
    struct Factor {
        var parameter: SpringParameter
        var value: Double
        var magnitude: Double
        var exponent: Double

        init(_ parameter: SpringParameter, _ value: Double, magnitude: Double? = nil, exponent: Double) {
            self.parameter = parameter
            self.value = value
            self.magnitude = magnitude ?? value
            self.exponent = exponent
        }

        /// log₁₀ of this factor's share, or nil when it has none (a zero parameter).
        var share: Double? {
            magnitude > 0 && magnitude.isFinite ? exponent * Double.log10(magnitude) : nil
        }
    }

    /// A quantity derived from the given parameters, with how each of them enters it.
    struct Derived {
        var value: Double
        /// Whether the quantity must stay above 0 (a stiffness or a frequency that underflows to 0
        /// would make a spring that never moves).
        var mustBePositive: Bool
        var factors: [Factor]
    }

    /// Rejects combinations whose derived quantities overflow (or underflow to 0 where they must be
    /// positive): an enormous damping ratio with a short response, say. The parameter blamed is the
    /// one that pushes the failing quantity furthest in the direction it failed, so the message names
    /// the value to change, not an innocent one.
    ///
    /// `givenInstantaneous` says the caller asked for a non-animated spring (a response or duration
    /// of exactly 0). Any other spring whose frequency became infinite has overflowed.
    static func checkDerived(
        _ spring: Spring, givenInstantaneous: Bool = false,
        _ quantities: [Derived]
    ) throws(SpringParameterError) -> Spring {
        if givenInstantaneous { return spring }
        for quantity in quantities {
            let overflowed = !quantity.value.isFinite
            let underflowed = quantity.mustBePositive && quantity.value <= 0
            guard overflowed || underflowed else { continue }
            let ranked = quantity.factors.compactMap { factor in factor.share.map { (factor, $0) } }
            let culprit =
                (overflowed ? ranked.max { $0.1 < $1.1 } : ranked.min { $0.1 < $1.1 })?.0 ?? quantity.factors[0]
            throw SpringParameterError(
                parameter: culprit.parameter, value: culprit.value,
                reason: .outOfRange("a range where stiffness, damping coefficient and response stay finite"))
        }
        return spring
    }

    /// What the motion's exact solution computes from, beyond the five parameters: the decay and
    /// root rates and the damped frequency. They grow like ζω.
    private var kernelScale: Double {
        kernel.fastRate + kernel.frequency + kernel.rate
    }

    /// ``init(dampingRatio:response:mass:)`` for untrusted input.
    public static func validated(dampingRatio: Double, response: Double, mass: Double = 1) throws(SpringParameterError)
        -> Spring
    {
        try check(dampingRatio, .dampingRatio)
        try check(response, .response)
        try check(mass, .mass, sign: .positive)
        let spring = Spring(dampingRatio: dampingRatio, response: response, mass: mass)
        let zeta = Factor(.dampingRatio, dampingRatio, exponent: 1), m = Factor(.mass, mass, exponent: 1)
        func r(_ exponent: Double) -> Factor { Factor(.response, response, exponent: exponent) }
        return try checkDerived(
            spring, givenInstantaneous: response == 0,
            [
                Derived(value: spring.kernel.omegaSquared, mustBePositive: true, factors: [r(-2)]),
                Derived(value: spring.stiffness, mustBePositive: true, factors: [m, r(-2)]),
                Derived(value: spring.dampingCoefficient, mustBePositive: false, factors: [zeta, m, r(-1)]),
                Derived(value: spring.kernelScale, mustBePositive: false, factors: [zeta, r(-1)])
            ])
    }

    /// ``init(dampingRatio:stiffness:mass:)`` for untrusted input.
    public static func validated(dampingRatio: Double, stiffness: Double, mass: Double = 1) throws(SpringParameterError)
        -> Spring
    {
        try check(dampingRatio, .dampingRatio)
        try check(stiffness, .stiffness, sign: .positive)
        try check(mass, .mass, sign: .positive)
        let spring = Spring(dampingRatio: dampingRatio, stiffness: stiffness, mass: mass)
        let zeta = Factor(.dampingRatio, dampingRatio, exponent: 1)
        let k = Factor(.stiffness, stiffness, exponent: 0.5), m = Factor(.mass, mass, exponent: 0.5)
        let kOverM = [Factor(.stiffness, stiffness, exponent: 1), Factor(.mass, mass, exponent: -1)]
        return try checkDerived(
            spring,
            [
                Derived(value: spring.kernel.omegaSquared, mustBePositive: true, factors: kOverM),
                Derived(
                    value: spring.response, mustBePositive: true,
                    factors: [Factor(.stiffness, stiffness, exponent: -0.5), m]),
                Derived(value: spring.dampingCoefficient, mustBePositive: false, factors: [zeta, k, m]),
                Derived(
                    value: spring.kernelScale, mustBePositive: false,
                    factors: [zeta, k, Factor(.mass, mass, exponent: -0.5)])
            ])
    }

    /// ``init(mass:stiffness:dampingCoefficient:)`` for untrusted input.
    public static func validated(mass: Double = 1, stiffness: Double, dampingCoefficient: Double)
        throws(SpringParameterError) -> Spring
    {
        try check(mass, .mass, sign: .positive)
        try check(stiffness, .stiffness, sign: .positive)
        try check(dampingCoefficient, .dampingCoefficient)
        let spring = Spring(mass: mass, stiffness: stiffness, dampingCoefficient: dampingCoefficient)
        let c = Factor(.dampingCoefficient, dampingCoefficient, exponent: 1)
        let kOverM = [Factor(.stiffness, stiffness, exponent: 1), Factor(.mass, mass, exponent: -1)]
        return try checkDerived(
            spring,
            [
                Derived(value: spring.kernel.omegaSquared, mustBePositive: true, factors: kOverM),
                Derived(
                    value: spring.response, mustBePositive: true,
                    factors: [Factor(.stiffness, stiffness, exponent: -0.5), Factor(.mass, mass, exponent: 0.5)]),
                Derived(
                    value: spring.dampingRatio, mustBePositive: false,
                    factors: [c, Factor(.stiffness, stiffness, exponent: -0.5), Factor(.mass, mass, exponent: -0.5)]),
                Derived(
                    value: spring.kernelScale, mustBePositive: false, factors: [c, Factor(.mass, mass, exponent: -1)])
            ])
    }

    /// ``init(duration:bounce:)`` for untrusted input.
    public static func validated(duration: Double, bounce: Double) throws(SpringParameterError) -> Spring {
        try check(duration, .duration)
        try check(bounce, .bounce, sign: .any)
        guard bounce > -1 && bounce <= 1 else {
            throw SpringParameterError(parameter: .bounce, value: bounce, reason: .outOfRange("(-1, 1]"))
        }
        let spring = Spring(duration: duration, bounce: bounce)
        // A bounce near −1 means an enormous damping ratio: it enters as that ratio.
        let zeta = Factor(.bounce, bounce, magnitude: spring.dampingRatio, exponent: 1)
        func d(_ exponent: Double) -> Factor { Factor(.duration, duration, exponent: exponent) }
        return try checkDerived(
            spring, givenInstantaneous: duration == 0,
            [
                Derived(value: spring.kernel.omegaSquared, mustBePositive: true, factors: [d(-2)]),
                Derived(value: spring.stiffness, mustBePositive: true, factors: [d(-2)]),
                Derived(value: spring.dampingCoefficient, mustBePositive: false, factors: [zeta, d(-1)]),
                Derived(value: spring.kernelScale, mustBePositive: false, factors: [zeta, d(-1)])
            ])
    }

    /// ``init(settlingDuration:dampingRatio:epsilon:)`` for untrusted input.
    public static func validated(
        settlingDuration: Double, dampingRatio: Double,
        epsilon: Double = Spring.defaultSettleTolerance
    ) throws(SpringParameterError) -> Spring {
        try check(settlingDuration, .settleTime)
        try check(dampingRatio, .dampingRatio, sign: .positive)
        try check(epsilon, .tolerance, sign: .positive)
        guard epsilon < 1 else {
            throw SpringParameterError(parameter: .tolerance, value: epsilon, reason: .outOfRange("(0, 1)"))
        }
        return Spring(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
    }
}
