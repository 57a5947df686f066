import SpringMath

/// A platform a spring is exported to, with a model of how it really steps the spring.
///
/// Raw values are `springplot export --target` names (plus `rebound-java`, the Android/Java port of
/// Rebound that the Origami export also serves).
public enum Platform: String, CaseIterable, Hashable, Sendable {
    case swiftUI = "swiftui"
    case uiKit = "uikit"
    case coreAnimation = "core-animation"
    case wave
    case compose
    case android
    case flutter
    case framerPhysics = "framer-physics"
    case framerDuration = "framer-duration"
    case framerVisualDuration = "framer-visual-duration"
    case reactSpring = "react-spring"
    case reanimated
    case origami
    case reboundJava = "rebound-java"
    case figma
    case libadwaita
    case qtQuick = "qt-quick"
    case reactNative = "react-native"
    case svelte
    case animeJS = "animejs"
    case animeJSEasing = "animejs-easing"

    /// What the model rests on.
    public enum Basis: String, Hashable, Sendable {
        /// Reproduces real recordings of the library (`Tests/SpringPlatformsTests/Fixtures`) to 10⁻⁶ of
        /// the travel, frame for frame.
        case recordings
        /// Follows the platform's published source; no recording checks it.
        case source
        /// The platform documents exact spring motion; its end rule is assumed (unpublished).
        case documentation
    }

    /// The name people know the platform by.
    public var title: String {
        switch self {
        case .swiftUI: return "SwiftUI"
        case .uiKit: return "UIKit"
        case .coreAnimation: return "Core Animation"
        case .wave: return "Wave"
        case .compose: return "Jetpack Compose"
        case .android: return "Android SpringForce"
        case .flutter: return "Flutter"
        case .framerPhysics: return "Motion (physics)"
        case .framerDuration: return "Motion (duration + bounce)"
        case .framerVisualDuration: return "Motion (visualDuration + bounce)"
        case .reactSpring: return "react-spring"
        case .reanimated: return "Reanimated"
        case .origami: return "Origami / Rebound JS"
        case .reboundJava: return "Rebound (Java)"
        case .figma: return "Figma"
        case .libadwaita: return "libadwaita"
        case .qtQuick: return "Qt Quick"
        case .reactNative: return "React Native Animated"
        case .svelte: return "Svelte spring"
        case .animeJS: return "anime.js animate()"
        case .animeJSEasing: return "anime.js spring easing"
        }
    }

    /// The platform whose code this one's is, for a platform modelled apart but written the same
    /// way (Rebound's Java port takes Origami's code; the anime.js easing alone, `animate()`'s); nil
    /// for a platform with code of its own, an `export` target.
    public var sharesCodeWith: Platform? {
        switch self {
        case .reboundJava: return .origami
        case .animeJSEasing: return .animeJS
        default: return nil
        }
    }

    /// True for the platforms whose clock truncates the frame time to whole milliseconds on its own
    /// scale (Android's Choreographer, GTK's frame clock, JavaScript's `Date.now()` in React Native and
    /// anime.js): where a recording's clock starts changes what they show.
    public var truncatesOnItsOwnClock: Bool {
        switch self {
        case .android, .libadwaita, .reactNative, .animeJS: return true
        default: return false
        }
    }

    public var basis: Basis {
        switch self {
        case .framerPhysics, .framerDuration, .framerVisualDuration, .reactSpring, .reanimated, .origami, .reboundJava,
            .libadwaita, .qtQuick, .reactNative, .svelte, .animeJS, .animeJSEasing:
            return .recordings
        case .wave, .android, .flutter, .compose:
            return .source
        case .swiftUI, .uiKit, .coreAnimation, .figma:
            return .documentation
        }
    }

    /// One line: how the platform moves the spring from frame to frame.
    public var stepping: String {
        switch self {
        case .swiftUI, .uiKit, .coreAnimation:
            return
                "exact closed form at each frame; ends where it stays within 0.1 % (assumed: the rule is unpublished)"
        case .figma:
            return "exact closed form (assumed: Figma's stepping is unpublished); no initial velocity"
        case .flutter:
            return "exact closed form at each frame; ends within 0.001 units and 0.001 units/s"
        case .compose:
            return "exact closed form at each frame; ends within the visibility threshold (0.01)"
        case .android:
            return
                "exact closed form over whole-ms frames, Float state; first frame idle; ends within 0.75 px and 46.9 px/s"
        case .wave:
            return "semi-implicit Euler once a frame, damping coefficient capped near 60; snaps at its settle estimate"
        case .framerPhysics:
            return "exact closed form at whole-ms times; rest test 0.5 units and 2 units/s; ends on a multiple of 50 ms"
        case .framerDuration:
            return "exact closed form from rest (overdamped runs critical); velocity ignored; cut at the duration"
        case .framerVisualDuration:
            return "exact closed form from rest (overdamped runs critical); velocity ignored; rest test as physics"
        case .reactSpring:
            return
                "1 ms Euler steps, ceil(frame ms) per frame (17 at 60 Hz); first frame 17 steps; ends on its rest test"
        case .reanimated:
            return "closed form per frame, exact for ζ < 1; ζ ≥ 1 runs critically damped; ends at an energy threshold"
        case .origami:
            return
                "1 ms RK4 steps with a blend that loses the fractional ms; first loop 1 ms; ends at 0.1 % of the travel"
        case .reboundJava:
            return "1 ms RK4 steps with a blend that loses the fractional ms; ends at 0.5 % of the travel"
        case .libadwaita:
            return
                "exact closed form at whole-ms frame times; ends at its estimated duration (envelope to 0.001, or Newton when overdamped)"
        case .qtQuick:
            return
                "semi-implicit Euler in fixed 16 ms steps, per-step spring and damping (≤ 1); no initial velocity; ends within 0.01"
        case .reactNative:
            return
                "exact closed form at whole-ms times (JS driver); ζ ≥ 1 runs critically damped; ends within 0.001 units and 0.001 units/s"
        case .svelte:
            return
                "semi-implicit Euler once a frame in 60 Hz frame units, so the spring depends on the frame rate; no initial velocity; ends within 0.01"
        case .animeJS:
            return
                "exact closed form at whole-ms times 12 ms ahead; cut at its settling duration (20 ms samples within 0.05 % for 200 ms)"
        case .animeJSEasing:
            return
                "exact closed form at the frame times; cut at its settling duration (20 ms samples within 0.05 % for 200 ms)"
        }
    }

    /// The model for the parameters `springplot export` hands this platform for `spring` and a motion
    /// from `from` to `to` starting at `velocity` units per second, with the platform's own settings
    /// `parameters` (Android's minimum visible change).
    ///
    /// - Precondition: `spring` is not instantaneous (a response-0 spring has nothing to export).
    public func model(
        for spring: Spring, from: Double, to: Double, velocity: Double,
        parameters: PlatformParameters = .standard
    ) -> any PlatformModel {
        precondition(!spring.isInstantaneous, "a response-0 spring has no platform model")
        let k = spring.stiffness, c = spring.dampingCoefficient, m = spring.mass
        let travel = to - from
        let travelsPerSecond = travel != 0 ? velocity / travel : 0
        switch self {
        case .swiftUI, .uiKit, .coreAnimation:
            return ExactPlatformModel(spring: spring, velocity: velocity, finish: .settled(tolerance: 1e-3))
        case .figma:
            return ExactPlatformModel(
                spring: spring, velocity: velocity, finish: .settled(tolerance: 1e-3), takesVelocity: false)
        case .flutter:
            return ExactPlatformModel(
                spring: spring, velocity: velocity, finish: .restTest(distance: 1e-3, speed: 1e-3))
        case .compose:
            return ExactPlatformModel(spring: spring, velocity: velocity, finish: .settledWithin(band: 0.01))
        case .android:
            return AndroidSpringForceModel(
                stiffness: k / m, dampingRatio: spring.dampingRatio, velocity: velocity,
                minimumVisibleChange: parameters.minimumVisibleChange)
        case .wave:
            return WaveEulerModel(
                spring: Spring(dampingRatio: spring.dampingRatio, response: spring.response, mass: m),
                velocity: velocity)
        case .framerPhysics:
            return MotionSpringModel(.physics(stiffness: k, damping: c, mass: m, velocity: velocity))
        case .framerDuration:
            let options = spring.framerMotionDuration
            return MotionSpringModel(.duration(seconds: options.duration, bounce: options.bounce))
        case .framerVisualDuration:
            return MotionSpringModel(
                .visualDuration(seconds: spring.framerVisualDuration, bounce: 1 - spring.dampingRatio))
        case .reactSpring:
            return ReactSpringModel(tension: k, friction: c, mass: m, velocity: velocity / 1000)
        case .reanimated:
            return ReanimatedModel(stiffness: k, damping: c, mass: m, velocity: velocity)
        case .origami:
            let origami = spring.origami
            return ReboundModel(
                origamiTension: origami.tension, origamiFriction: origami.friction, velocity: travelsPerSecond)
        case .reboundJava:
            return ReboundModel(tension: k / m, friction: c / m, velocity: travelsPerSecond, port: .java)
        case .libadwaita:
            return LibadwaitaSpringModel(
                dampingRatio: spring.dampingRatio, mass: m, stiffness: k, initialVelocity: velocity)
        case .qtQuick:
            return QtQuickSpringModel(stiffness: k, dampingCoefficient: c, mass: m)
        case .reactNative:
            return ReactNativeSpringModel(stiffness: k, damping: c, mass: m, velocity: velocity)
        case .svelte:
            return SvelteSpringModel(stiffness: k, dampingCoefficient: c, mass: m, frameRate: 60)
        case .animeJS, .animeJSEasing:
            // anime.js clamps the mass to at least 1: a lighter spring goes as k/m, c/m with mass 1.
            let scale = m < 1 ? m : 1
            return AnimeSpringModel(
                mass: m / scale, stiffness: k / scale, damping: c / scale, velocity: travelsPerSecond,
                clock: self == .animeJS ? .engine : .exact)
        }
    }
}
