import RealModule
import SpringMath

/// Conversions between `Spring` and the conventions other animation tools use.
///
/// Each convention is a small value type with an initialiser on `Spring` and a property that reads
/// the spring back, so any spring can be shown in every tool's terms:
///
/// ```swift
/// let spring = Spring(dampingRatio: 0.68, response: 0.8)
/// spring.reactSpring      // tension 61.7…, friction 10.7…, mass 1
/// spring.origami          // Origami / POP tension and friction
/// Spring(android: .init(stiffness: 1500, dampingRatio: 0.5))
/// ```
///
/// Conventions that have no mass (Origami, Android, framer-motion's duration form) describe a spring
/// of mass 1; reading them from a spring of another mass gives the mass-1 spring with the same motion.
extension Spring {
    // MARK: Core Animation

    /// `CASpringAnimation`'s parameters: `mass`, `stiffness` and `damping` (the damping coefficient;
    /// defaults 1, 100, 10).
    public struct CoreAnimation: Hashable, Sendable {
        public var mass: Double
        public var stiffness: Double
        public var damping: Double
        public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) {
            self.mass = mass
            self.stiffness = stiffness
            self.damping = damping
        }
    }

    /// The spring of a `CASpringAnimation`.
    /// - Precondition: as `Spring.init(mass:stiffness:dampingCoefficient:)`.
    public init(coreAnimation p: CoreAnimation) {
        self.init(mass: p.mass, stiffness: p.stiffness, dampingCoefficient: p.damping)
    }

    /// This spring as `CASpringAnimation` parameters.
    public var coreAnimation: CoreAnimation {
        CoreAnimation(mass: mass, stiffness: stiffness, damping: dampingCoefficient)
    }

    // MARK: react-spring

    /// react-spring's `config`: `tension` is the stiffness and `friction` the damping coefficient
    /// (its default is tension 170, friction 26, mass 1).
    public struct ReactSpring: Hashable, Sendable {
        public var tension: Double
        public var friction: Double
        public var mass: Double
        public init(tension: Double = 170, friction: Double = 26, mass: Double = 1) {
            self.tension = tension
            self.friction = friction
            self.mass = mass
        }
        /// react-spring's named presets.
        public static let `default` = ReactSpring(tension: 170, friction: 26)
        public static let gentle = ReactSpring(tension: 120, friction: 14)
        public static let wobbly = ReactSpring(tension: 180, friction: 12)
        public static let stiff = ReactSpring(tension: 210, friction: 20)
        public static let slow = ReactSpring(tension: 280, friction: 60)
        public static let molasses = ReactSpring(tension: 280, friction: 120)
    }

    /// The spring of a react-spring config.
    /// - Precondition: as `Spring.init(mass:stiffness:dampingCoefficient:)` (tension > 0, friction ≥ 0, mass > 0).
    public init(reactSpring p: ReactSpring) {
        self.init(mass: p.mass, stiffness: p.tension, dampingCoefficient: p.friction)
    }

    /// This spring as a react-spring config.
    public var reactSpring: ReactSpring {
        ReactSpring(tension: stiffness, friction: dampingCoefficient, mass: mass)
    }

    // MARK: framer-motion

    /// framer-motion's physical spring options: `stiffness`, `damping`, `mass` (defaults 100, 10, 1).
    public struct FramerMotion: Hashable, Sendable {
        public var stiffness: Double
        public var damping: Double
        public var mass: Double
        public init(stiffness: Double = 100, damping: Double = 10, mass: Double = 1) {
            self.stiffness = stiffness
            self.damping = damping
            self.mass = mass
        }
    }

    /// The spring of framer-motion's physical options.
    /// - Precondition: as `Spring.init(mass:stiffness:dampingCoefficient:)`.
    public init(framerMotion p: FramerMotion) {
        self.init(mass: p.mass, stiffness: p.stiffness, dampingCoefficient: p.damping)
    }

    /// This spring as framer-motion's physical options.
    public var framerMotion: FramerMotion {
        FramerMotion(stiffness: stiffness, damping: dampingCoefficient, mass: mass)
    }

    /// framer-motion's `{ duration, bounce }` spring options (duration in seconds here; framer takes
    /// milliseconds in some versions).
    ///
    /// framer-motion clamps the damping ratio `1 − bounce` into 0.05…1 and the duration into
    /// 0.01…10 s, then finds the natural frequency ω at which the oscillation envelope from rest has
    /// fallen to 0.001 at `duration`: `(ζ/√(1−ζ²))·e^(−ζωT) = 0.001` for ζ < 1 and
    /// `e^(−ωT)(ωT + 1) = 0.001` for ζ = 1. framer iterates Newton's method toward that root; here it
    /// is solved exactly. The spring has mass 1.
    public struct FramerMotionDuration: Hashable, Sendable {
        /// Seconds.
        public var duration: Double
        public var bounce: Double
        public init(duration: Double = 0.8, bounce: Double = 0.3) {
            self.duration = duration
            self.bounce = bounce
        }

        static let envelopeTolerance = 0.001
        /// The root u = ωT of e^(−u)(u + 1) = 0.001 (critically damped), by Newton's method.
        static let criticalProduct: Double = {
            var u = 9.0
            for _ in 0..<50 {
                let f = Double.exp(-u) * (u + 1) - envelopeTolerance
                let df = -u * Double.exp(-u)
                let next = u - f / df
                if next == u { break }
                u = next
            }
            return u
        }()
    }

    /// The spring framer-motion builds from a duration and bounce.
    /// - Precondition: `duration` finite and > 0; `bounce` finite.
    public init(framerMotion p: FramerMotionDuration) {
        precondition(p.duration.isFinite && p.duration > 0, "duration must be finite and > 0")
        precondition(p.bounce.isFinite, "bounce must be finite")
        let zeta = clip(value: 1 - p.bounce, lower: 0.05, upper: 1)
        let duration = clip(value: p.duration, lower: 0.01, upper: 10)
        let omega: Double
        if zeta < 1 {
            let ratio = zeta / ((1 - zeta) * (1 + zeta)).squareRoot()
            omega = Double.log(ratio / FramerMotionDuration.envelopeTolerance) / (zeta * duration)
        } else {
            omega = FramerMotionDuration.criticalProduct / duration
        }
        self.init(dampingRatio: zeta, response: 2 * Double.pi / omega)
    }

    /// This spring in framer-motion's duration and bounce (the inverse of ``init(framerMotion:)-(Spring.FramerMotionDuration)``).
    ///
    /// Exact for springs framer-motion can express (damping ratio 0.05…1); other ratios are clamped
    /// into that range as framer-motion would.
    public var framerMotionDuration: FramerMotionDuration {
        let zeta = clip(value: dampingRatio, lower: 0.05, upper: 1)
        let omega = naturalFrequency
        let duration: Double
        if zeta < 1 {
            let ratio = zeta / ((1 - zeta) * (1 + zeta)).squareRoot()
            duration = Double.log(ratio / FramerMotionDuration.envelopeTolerance) / (zeta * omega)
        } else {
            duration = FramerMotionDuration.criticalProduct / omega
        }
        return FramerMotionDuration(duration: duration, bounce: 1 - zeta)
    }

    /// motion's `{ visualDuration, bounce }`: `stiffness = (2π/(1.2·visualDuration))²`,
    /// `damping = 2·clamp(1 − bounce, 0.05…1)·√stiffness`, mass 1. In Wave's terms the response is
    /// 1.2 × the visual duration.
    /// - Precondition: `visualDuration` finite and > 0; `bounce` finite.
    public init(framerVisualDuration visualDuration: Double, bounce: Double) {
        precondition(visualDuration.isFinite && visualDuration > 0, "visualDuration must be finite and > 0")
        precondition(bounce.isFinite, "bounce must be finite")
        self.init(dampingRatio: clip(value: 1 - bounce, lower: 0.05, upper: 1), response: 1.2 * visualDuration)
    }

    /// The visual duration motion would give this spring's response: `response / 1.2`, in seconds.
    public var framerVisualDuration: Double { response / 1.2 }

    // MARK: Android

    /// Android's `SpringForce`: stiffness (mass 1) and damping ratio.
    public struct Android: Hashable, Sendable {
        public var stiffness: Double
        public var dampingRatio: Double
        public init(
            stiffness: Double = Android.stiffnessMedium, dampingRatio: Double = Android.dampingRatioMediumBouncy
        ) {
            self.stiffness = stiffness
            self.dampingRatio = dampingRatio
        }
        public static let stiffnessHigh = 10_000.0
        public static let stiffnessMedium = 1_500.0
        public static let stiffnessLow = 200.0
        public static let stiffnessVeryLow = 50.0
        public static let dampingRatioHighBouncy = 0.2
        public static let dampingRatioMediumBouncy = 0.5
        public static let dampingRatioLowBouncy = 0.75
        public static let dampingRatioNoBouncy = 1.0
    }

    /// The spring of an Android `SpringForce` (mass 1).
    /// - Precondition: as `Spring.init(dampingRatio:stiffness:mass:)`.
    public init(android p: Android) {
        self.init(dampingRatio: p.dampingRatio, stiffness: p.stiffness, mass: 1)
    }

    /// This spring as an Android `SpringForce`: the stiffness of the mass-1 spring with the same
    /// motion (k/m), and the damping ratio.
    public var android: Android {
        // sqrt(ω·ω) is ω exactly in binary floating point, so this is the kernel's own ω².
        Android(
            stiffness: isInstantaneous ? .infinity : naturalFrequency * naturalFrequency, dampingRatio: dampingRatio)
    }

    // MARK: Origami and POP

    /// Origami's (and Facebook POP's and Rebound's) tension and friction, which map linearly to a
    /// mass-1 spring: `stiffness = (tension − 30)·3.62 + 194`, `dampingCoefficient = (friction − 8)·3 + 25`.
    /// As in Rebound, an Origami value of 0 maps to 0 and back.
    public struct Origami: Hashable, Sendable {
        public var tension: Double
        public var friction: Double
        public init(tension: Double = 40, friction: Double = 7) {
            self.tension = tension
            self.friction = friction
        }

        /// The mass-1 stiffness of an Origami tension (0 maps to 0, as in Rebound).
        public static func stiffness(tension: Double) -> Double { tension == 0 ? 0 : (tension - 30) * 3.62 + 194 }
        /// The mass-1 damping coefficient of an Origami friction (0 maps to 0, as in Rebound).
        public static func dampingCoefficient(friction: Double) -> Double {
            friction == 0 ? 0 : (friction - 8) * 3 + 25
        }
        /// The tension below which the stiffness is not positive: 30 − 194/3.62 ≈ −23.59.
        public static let tensionFloor = 30 - 194 / 3.62
        /// The friction below which the damping coefficient is negative: 8 − 25/3 ≈ −0.333.
        public static let frictionFloor = 8 - 25 / 3.0

        /// POP's and React Native's `bounciness` and `speed`, converted as they do into Origami
        /// tension and friction.
        /// - Precondition: both finite.
        public init(popBounciness bounciness: Double, speed: Double) {
            precondition(bounciness.isFinite && speed.isFinite, "bounciness and speed must be finite")
            func normalize(_ v: Double, _ a: Double, _ b: Double) -> Double { (v - a) / (b - a) }
            func project(_ n: Double, _ a: Double, _ b: Double) -> Double { a + n * (b - a) }
            func linear(_ t: Double, _ s: Double, _ e: Double) -> Double { t * e + (1 - t) * s }
            func quadOut(_ t: Double, _ s: Double, _ e: Double) -> Double { linear(2 * t - t * t, s, e) }
            func noBounce(_ x: Double) -> Double {
                if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
                if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
                return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
            }
            let b = project(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
            let s = normalize(speed / 1.7, 0, 20)
            let tension = project(s, 0.5, 200)
            self.init(tension: tension, friction: quadOut(b, noBounce(tension), 0.01))
        }
        static func tension(stiffness: Double) -> Double { stiffness == 0 ? 0 : (stiffness - 194) / 3.62 + 30 }
        static func friction(dampingCoefficient c: Double) -> Double { c == 0 ? 0 : (c - 25) / 3 + 8 }
    }

    /// The spring of Origami / POP tension and friction (mass 1).
    /// - Precondition: the resulting stiffness is > 0 (tension > about −23.6) and damping coefficient ≥ 0.
    public init(origami p: Origami) {
        self.init(
            mass: 1, stiffness: Origami.stiffness(tension: p.tension),
            dampingCoefficient: Origami.dampingCoefficient(friction: p.friction))
    }

    /// This spring as Origami / POP tension and friction, for the mass-1 spring with the same motion.
    public var origami: Origami {
        Origami(
            tension: Origami.tension(stiffness: stiffness / mass),
            friction: Origami.friction(dampingCoefficient: dampingCoefficient / mass))
    }

    /// POP's and React Native's `bounciness` (default 8) and `speed` (default 12), converted as they
    /// do into Origami tension and friction and then into a mass-1 spring.
    /// - Precondition: both finite; the result must be a valid spring (speed > about −1.4).
    public init(popBounciness bounciness: Double, speed: Double) {
        self.init(origami: Origami(popBounciness: bounciness, speed: speed))
    }
}
