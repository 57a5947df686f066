/// A damped spring: the physics of `m·x'' + c·x' + k·x = 0`, where `x` is the displacement from the
/// target.
///
/// A spring is a value. Build it the way your tool of choice describes springs and read it back in
/// any other convention:
///
/// ```swift
/// let wave = Spring(dampingRatio: 0.68, response: 0.8)      // Wave
/// let swiftUI = Spring(duration: 0.5, bounce: 0.3)           // SwiftUI
/// let coreAnimation = Spring(mass: 1, stiffness: 100, dampingCoefficient: 10)
/// print(swiftUI.stiffness, swiftUI.dampingCoefficient)       // 157.91…, 17.59…
/// ```
///
/// Every initialiser stores all five parameters (``dampingRatio``, ``response``, ``mass``,
/// ``stiffness``, ``dampingCoefficient``), the ones it was given exactly and the others derived, so a
/// spring built from stiffness and damping coefficient steps with exactly those numbers.
///
/// The relations, with ω the natural frequency:
/// `ω = 2π/response = √(k/m)`, `k = ω²·m`, `c = 2ζω·m = 4πζm/response`.
///
/// A ``response`` of 0 makes a non-animated spring (``isInstantaneous``): its value is at the target
/// for every time after 0, its stiffness is `+∞`, and nothing it computes is NaN.
///
/// Preconditions (violations trap; use the `validated` factories for untrusted input): every
/// parameter is a real number (not NaN), `dampingRatio ≥ 0` and finite, `response ≥ 0` and finite,
/// `mass > 0` and finite, `stiffness > 0`, `dampingCoefficient ≥ 0`.
public struct Spring: Hashable, Sendable {
    /// The damping ratio ζ: 0 never stops oscillating, below 1 overshoots, 1 is critically damped
    /// (the fastest motion without overshoot), above 1 creeps in slowly.
    public let dampingRatio: Double

    /// The period of the undamped oscillation, 2π/ω, in seconds: the spring's stiffness as a time.
    /// Smaller is faster. 0 for a non-animated spring.
    public let response: Double

    /// The mass, in mass units. It scales stiffness and damping coefficient together and does not
    /// change the motion of a spring given by damping ratio and response.
    public let mass: Double

    /// The stiffness k, in force units per value unit (`+∞` for a non-animated spring).
    public let stiffness: Double

    /// The damping coefficient c, in force units per (value unit per second).
    public let dampingCoefficient: Double

    @usableFromInline let kernel: SpringKernel

    private init(
        dampingRatio: Double, response: Double, mass: Double, stiffness: Double, dampingCoefficient: Double,
        kernel: SpringKernel
    ) {
        self.dampingRatio = dampingRatio
        self.response = response
        self.mass = mass
        self.stiffness = stiffness
        self.dampingCoefficient = dampingCoefficient
        self.kernel = kernel
    }

    // MARK: Wave's and SwiftUI's response form

    /// A spring with the given damping ratio and response, as in Wave.
    ///
    /// - Parameters:
    ///   - dampingRatio: ζ ≥ 0. 1 is critically damped.
    ///   - response: the undamped period in seconds, ≥ 0. 0 makes a non-animated spring.
    ///   - mass: > 0, default 1.
    /// - Precondition: all three finite, `dampingRatio ≥ 0`, `response ≥ 0`, `mass > 0`.
    public init(dampingRatio: Double, response: Double, mass: Double = 1) {
        precondition(dampingRatio.isFinite && dampingRatio >= 0, "dampingRatio must be finite and ≥ 0")
        precondition(response.isFinite && response >= 0, "response must be finite and ≥ 0")
        precondition(mass.isFinite && mass > 0, "mass must be finite and > 0")
        let omega = 2 * Double.pi / response
        let stiffness = omega * omega * mass
        let dampingCoefficient =
            response == 0
            ? (dampingRatio > 0 ? Double.infinity : 0)
            : 4 * Double.pi * dampingRatio * mass / response
        self.init(
            dampingRatio: dampingRatio, response: response, mass: mass,
            stiffness: stiffness, dampingCoefficient: dampingCoefficient,
            kernel: SpringKernel(omega: omega, zeta: dampingRatio, decay: dampingRatio * omega))
    }

    /// A spring with the given response and damping ratio, in SwiftUI's argument order (mass 1).
    ///
    /// - Precondition: as ``init(dampingRatio:response:mass:)``.
    public init(response: Double, dampingRatio: Double) {
        self.init(dampingRatio: dampingRatio, response: response, mass: 1)
    }

    // MARK: Stiffness forms

    /// A spring with the given damping ratio and stiffness: `response = 2π·√(m/k)` for every mass.
    ///
    /// - Precondition: all finite, `dampingRatio ≥ 0`, `stiffness > 0`, `mass > 0`.
    public init(dampingRatio: Double, stiffness: Double, mass: Double = 1) {
        precondition(dampingRatio.isFinite && dampingRatio >= 0, "dampingRatio must be finite and ≥ 0")
        precondition(stiffness.isFinite && stiffness > 0, "stiffness must be finite and > 0")
        precondition(mass.isFinite && mass > 0, "mass must be finite and > 0")
        let omega = (stiffness / mass).squareRoot()
        self.init(
            dampingRatio: dampingRatio, response: 2 * Double.pi / omega, mass: mass,
            stiffness: stiffness, dampingCoefficient: 2 * dampingRatio * (stiffness * mass).squareRoot(),
            kernel: SpringKernel(omega: omega, zeta: dampingRatio, decay: dampingRatio * omega))
    }

    /// A spring with the given mass, stiffness and damping coefficient, as SwiftUI's
    /// `Spring(mass:stiffness:damping:)` and Core Animation's `CASpringAnimation` (both call the
    /// coefficient `damping`).
    ///
    /// The spring keeps `stiffness` and `dampingCoefficient` exactly as given, so numeric integrators
    /// step with those numbers (see ``SpringIntegrator/semiImplicitEuler``).
    ///
    /// - Precondition: all finite, `mass > 0`, `stiffness > 0`, `dampingCoefficient ≥ 0`.
    public init(mass: Double = 1, stiffness: Double, dampingCoefficient: Double) {
        precondition(mass.isFinite && mass > 0, "mass must be finite and > 0")
        precondition(stiffness.isFinite && stiffness > 0, "stiffness must be finite and > 0")
        precondition(
            dampingCoefficient.isFinite && dampingCoefficient >= 0, "dampingCoefficient must be finite and ≥ 0")
        let omega = (stiffness / mass).squareRoot()
        let zeta = dampingCoefficient / (2 * (stiffness * mass).squareRoot())
        self.init(
            dampingRatio: zeta, response: 2 * Double.pi / omega, mass: mass,
            stiffness: stiffness, dampingCoefficient: dampingCoefficient,
            kernel: SpringKernel(omega: omega, zeta: zeta, decay: dampingCoefficient / (2 * mass)))
    }

    /// A spring with the given mass, stiffness and damping coefficient: the old spelling of
    /// ``init(mass:stiffness:dampingCoefficient:)``.
    @available(*, deprecated, renamed: "init(mass:stiffness:dampingCoefficient:)")
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.init(mass: mass, stiffness: stiffness, dampingCoefficient: damping)
    }

    // MARK: SwiftUI's duration and bounce

    /// A spring with SwiftUI's perceptual duration and bounce (mass 1).
    ///
    /// `response = duration`; `dampingRatio = 1 − bounce` for `bounce ≥ 0` and `1/(1 + bounce)` for
    /// `−1 < bounce < 0` (negative bounce is overdamped).
    ///
    /// - Parameters:
    ///   - duration: seconds, ≥ 0, default 0.5.
    ///   - bounce: in −1 < bounce ≤ 1, default 0. 1 never stops bouncing.
    /// - Precondition: `duration` finite and ≥ 0; `bounce` finite, > −1 and ≤ 1.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        precondition(bounce.isFinite && bounce > -1 && bounce <= 1, "bounce must be in (-1, 1]")
        self.init(dampingRatio: Spring.dampingRatio(bounce: bounce), response: duration)
    }

    /// The damping ratio SwiftUI gives a bounce.
    static func dampingRatio(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// SwiftUI's perceptual duration: the ``response``, in seconds.
    public var duration: Double { response }

    /// SwiftUI's bounce: `1 − ζ` for ζ ≤ 1, `1/ζ − 1` (negative) for ζ > 1.
    public var bounce: Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    // MARK: Derived quantities

    /// The damping coefficient c: the old name of ``dampingCoefficient``.
    @available(*, deprecated, renamed: "dampingCoefficient")
    public var damping: Double { dampingCoefficient }

    /// Whether the spring is non-animated (``response`` 0): it reaches its target at once.
    public var isInstantaneous: Bool { kernel.regime == .instantaneous }

    /// The natural (undamped) angular frequency ω = 2π/response = √(k/m), in rad/s (`+∞` for a
    /// non-animated spring).
    public var naturalFrequency: Double {
        kernel.regime == .instantaneous ? .infinity : kernel.omegaSquared.squareRoot()
    }

    /// The damped angular frequency ω_d = ω·√(1 − ζ²), in rad/s; 0 when ζ ≥ 1 (no oscillation) or
    /// for a non-animated spring.
    public var dampedFrequency: Double { kernel.regime == .underdamped ? kernel.frequency : 0 }

    /// The period of the damped oscillation, 2π/ω_d, in seconds; `+∞` when the spring does not
    /// oscillate (ζ ≥ 1 or non-animated).
    public var dampedPeriod: Double {
        kernel.regime == .underdamped ? 2 * Double.pi / kernel.frequency : .infinity
    }

    /// The time constant of the slowest exponential decay, in seconds: `1/(ζω)` for ζ ≤ 1, `1/s₁`
    /// (the slow root) for ζ > 1. `+∞` for an undamped spring, 0 for a non-animated one.
    public var timeConstant: Double {
        kernel.regime == .instantaneous ? 0 : 1 / kernel.rate
    }

    // MARK: Presets

    /// Wave's spring for interactive (finger-driven) motion: damping ratio 0.8, response 0.2 s.
    public static let defaultInteractive = Spring(dampingRatio: 0.8, response: 0.2)
    /// Wave's default spring for animations: damping ratio 1, response 0.82 s.
    public static let defaultAnimated = Spring(dampingRatio: 1, response: 0.82)
    /// Wave's non-animated spring: response 0 (damping ratio 1), the value jumps to the target.
    public static let defaultNonAnimated = Spring(dampingRatio: 1, response: 0)

    /// SwiftUI's `smooth`: duration 0.5 s, bounce 0.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// SwiftUI's `snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// SwiftUI's `bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// SwiftUI's `smooth` with a custom duration and extra bounce (bounce = `extraBounce`).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }
    /// SwiftUI's `snappy` with a custom duration and extra bounce (bounce = 0.15 + `extraBounce`).
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// SwiftUI's `bouncy` with a custom duration and extra bounce (bounce = 0.3 + `extraBounce`).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}

extension Spring: CustomStringConvertible {
    public var description: String {
        "Spring(dampingRatio: \(dampingRatio), response: \(response), mass: \(mass))"
    }
}
