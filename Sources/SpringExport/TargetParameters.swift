/// The numbers one target's code holds, at full precision, typed: a case per export target, each value
/// in the target's own convention and units.
///
/// ``namedValues`` is the one place these get their printed names and order: the `parameters` object
/// of `springplot export --json` and ``TargetExport/parameters``.
public enum TargetParameters: Sendable, Equatable {
    /// SwiftUI's `Spring(duration:bounce:)` and `.spring(response:dampingFraction:)`. The initial
    /// velocity, in travels per second, is there only when the motion has one and travel to carry it
    /// (`interpolatingSpring` takes it).
    case swiftUI(duration: Double, bounce: Double, response: Double, dampingFraction: Double, initialVelocity: Double?)
    /// UIKit's `UISpringTimingParameters`: mass, stiffness and damping coefficient, the damping ratio,
    /// duration and bounce, and the initial velocity in travels per second.
    case uiKit(
        mass: Double, stiffness: Double, damping: Double, dampingRatio: Double, duration: Double, bounce: Double,
        initialVelocity: Double)
    /// `CASpringAnimation`: mass, stiffness, damping coefficient, initial velocity in travels per second,
    /// and the exact time to settle within 0.1 % (what its `settlingDuration` estimates).
    case coreAnimation(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, settlingDuration: Double)
    /// Wave's `Spring(dampingRatio:response:mass:)`, and the damping it really runs after its cap.
    case wave(
        dampingRatio: Double, response: Double, mass: Double, effectiveDampingCoefficient: Double,
        effectiveDampingRatio: Double)
    /// Jetpack Compose's `spring(dampingRatio:stiffness:)` (mass 1: the stiffness is k/m) and the
    /// initial velocity in units per second.
    case compose(dampingRatio: Double, stiffness: Double, initialVelocity: Double)
    /// Android's `SpringForce` (mass 1: the stiffness is k/m) and the start velocity in units per second.
    case android(dampingRatio: Double, stiffness: Double, startVelocity: Double)
    /// Flutter's `SpringDescription` (damping is the coefficient) and the simulation's velocity in
    /// units per second.
    case flutter(mass: Double, stiffness: Double, damping: Double, velocity: Double)
    /// Motion's physics spring (damping is the coefficient; velocity in units per second).
    case framerPhysics(stiffness: Double, damping: Double, mass: Double, velocity: Double)
    /// Motion's duration spring: `duration` in seconds and `bounce`.
    case framerDuration(duration: Double, bounce: Double)
    /// Motion's `visualDuration` in seconds and `bounce` (1 − ζ: negative when overdamped, where the
    /// code writes 0).
    case framerVisualDuration(visualDuration: Double, bounce: Double)
    /// react-spring's config: tension (stiffness), friction (damping coefficient), mass, and the
    /// velocity in units per millisecond.
    case reactSpring(tension: Double, friction: Double, mass: Double, velocity: Double)
    /// Reanimated's `withSpring` config (damping is the coefficient; velocity in units per second).
    case reanimated(stiffness: Double, damping: Double, mass: Double, velocity: Double)
    /// Rebound's `SpringConfig` (mass 1: tension k/m, friction c/m), Origami's tension and friction,
    /// Rebound's velocity in travels per second, and POP's dynamics values (velocity in units per second).
    case origami(
        tension: Double, friction: Double, origamiTension: Double, origamiFriction: Double, velocity: Double,
        dynamicsTension: Double, dynamicsFriction: Double, dynamicsMass: Double, dynamicsVelocity: Double)
    /// Figma's custom spring: mass, stiffness and damping coefficient.
    case figma(mass: Double, stiffness: Double, damping: Double)
    /// libadwaita's `adw_spring_params_new(dampingRatio, mass, stiffness)` and the animation's
    /// `initial-velocity` (units per second) and `epsilon`.
    case libadwaita(dampingRatio: Double, mass: Double, stiffness: Double, initialVelocity: Double, epsilon: Double)
    /// Qt Quick's `SpringAnimation`: the per-step `spring` (k·0.016/m) and `damping` (c·0.016/m, as
    /// written: Qt clamps it to 1), `mass` 1 and `epsilon`.
    case qtQuick(spring: Double, damping: Double, mass: Double, epsilon: Double)
    /// React Native's `Animated.spring` config (damping is the coefficient; velocity in units per
    /// second).
    case reactNative(stiffness: Double, damping: Double, mass: Double, velocity: Double)
    /// Svelte's `spring` store: `stiffness` and `damping` per 60 Hz frame, `precision`, and the
    /// numbers that run the same spring at 120 Hz.
    case svelte(stiffness: Double, damping: Double, precision: Double, stiffnessAt120Hz: Double, dampingAt120Hz: Double)
    /// anime.js's `spring()` (mass at least 1; velocity in travels per second), and its settling
    /// duration in milliseconds (the animation's duration).
    case animeJS(mass: Double, stiffness: Double, damping: Double, velocity: Double, settlingDuration: Double)
    /// The CSS `linear()` easing: its duration in seconds, its point count and size in bytes, its
    /// measured error and the cubic-bezier fallback's error, both in px.
    case css(duration: Double, points: Int, bytes: Int, maxErrorPx: Double, bezierErrorPx: Double)
    /// The design token's spring: damping ratio, response in seconds, and mass.
    case token(dampingRatio: Double, response: Double, mass: Double)
    /// The Lottie animation: its duration in seconds, frame rate, keyframe count, and measured error
    /// in px of the travel.
    case lottie(duration: Double, frameRate: Double, keyframes: Int, maxErrorPx: Double)

    /// The target these numbers are for.
    public var target: ExportTarget {
        switch self {
        case .swiftUI: return .platform(.swiftUI)
        case .uiKit: return .platform(.uiKit)
        case .coreAnimation: return .platform(.coreAnimation)
        case .wave: return .platform(.wave)
        case .compose: return .platform(.compose)
        case .android: return .platform(.android)
        case .flutter: return .platform(.flutter)
        case .framerPhysics: return .platform(.framerPhysics)
        case .framerDuration: return .platform(.framerDuration)
        case .framerVisualDuration: return .platform(.framerVisualDuration)
        case .reactSpring: return .platform(.reactSpring)
        case .reanimated: return .platform(.reanimated)
        case .origami: return .platform(.origami)
        case .figma: return .platform(.figma)
        case .libadwaita: return .platform(.libadwaita)
        case .qtQuick: return .platform(.qtQuick)
        case .reactNative: return .platform(.reactNative)
        case .svelte: return .platform(.svelte)
        case .animeJS: return .platform(.animeJS)
        case .css: return .css
        case .token: return .token
        case .lottie: return .lottie
        }
    }

    /// The numbers by the target's own parameter names, in the order the target's code takes them:
    /// what `springplot export --json` writes as a target's `parameters`.
    public var namedValues: [(name: String, value: Double)] {
        switch self {
        case let .swiftUI(duration, bounce, response, dampingFraction, initialVelocity):
            return [
                ("duration", duration), ("bounce", bounce), ("response", response), ("dampingFraction", dampingFraction)
            ]
                + (initialVelocity.map { [("initialVelocity", $0)] } ?? [])
        case let .uiKit(mass, stiffness, damping, dampingRatio, duration, bounce, initialVelocity):
            return [
                ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("dampingRatio", dampingRatio),
                ("duration", duration), ("bounce", bounce), ("initialVelocity", initialVelocity)
            ]
        case let .coreAnimation(mass, stiffness, damping, initialVelocity, settlingDuration):
            return [
                ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initialVelocity", initialVelocity),
                ("settlingDuration", settlingDuration)
            ]
        case let .wave(dampingRatio, response, mass, effectiveDampingCoefficient, effectiveDampingRatio):
            return [
                ("dampingRatio", dampingRatio), ("response", response), ("mass", mass),
                ("effective_dampingCoefficient", effectiveDampingCoefficient),
                ("effective_dampingRatio", effectiveDampingRatio)
            ]
        case let .compose(dampingRatio, stiffness, initialVelocity):
            return [("dampingRatio", dampingRatio), ("stiffness", stiffness), ("initialVelocity", initialVelocity)]
        case let .android(dampingRatio, stiffness, startVelocity):
            return [("dampingRatio", dampingRatio), ("stiffness", stiffness), ("startVelocity", startVelocity)]
        case let .flutter(mass, stiffness, damping, velocity):
            return [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("velocity", velocity)]
        case let .framerPhysics(stiffness, damping, mass, velocity),
            let .reanimated(stiffness, damping, mass, velocity):
            return [("stiffness", stiffness), ("damping", damping), ("mass", mass), ("velocity", velocity)]
        case let .framerDuration(duration, bounce):
            return [("duration", duration), ("bounce", bounce)]
        case let .framerVisualDuration(visualDuration, bounce):
            return [("visualDuration", visualDuration), ("bounce", bounce)]
        case let .reactSpring(tension, friction, mass, velocity):
            return [("tension", tension), ("friction", friction), ("mass", mass), ("velocity", velocity)]
        case let .origami(
            tension, friction, origamiTension, origamiFriction, velocity,
            dynamicsTension, dynamicsFriction, dynamicsMass, dynamicsVelocity):
            return [
                ("tension", tension), ("friction", friction), ("origamiTension", origamiTension),
                ("origamiFriction", origamiFriction), ("velocity", velocity),
                ("dynamicsTension", dynamicsTension), ("dynamicsFriction", dynamicsFriction),
                ("dynamicsMass", dynamicsMass),
                ("dynamicsVelocity", dynamicsVelocity)
            ]
        case let .figma(mass, stiffness, damping):
            return [("mass", mass), ("stiffness", stiffness), ("damping", damping)]
        case let .libadwaita(dampingRatio, mass, stiffness, initialVelocity, epsilon):
            return [
                ("dampingRatio", dampingRatio), ("mass", mass), ("stiffness", stiffness),
                ("initialVelocity", initialVelocity),
                ("epsilon", epsilon)
            ]
        case let .qtQuick(spring, damping, mass, epsilon):
            return [("spring", spring), ("damping", damping), ("mass", mass), ("epsilon", epsilon)]
        case let .reactNative(stiffness, damping, mass, velocity):
            return [("stiffness", stiffness), ("damping", damping), ("mass", mass), ("velocity", velocity)]
        case let .svelte(stiffness, damping, precision, stiffnessAt120Hz, dampingAt120Hz):
            return [
                ("stiffness", stiffness), ("damping", damping), ("precision", precision),
                ("stiffnessAt120Hz", stiffnessAt120Hz), ("dampingAt120Hz", dampingAt120Hz)
            ]
        case let .animeJS(mass, stiffness, damping, velocity, settlingDuration):
            return [
                ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("velocity", velocity),
                ("settlingDuration", settlingDuration)
            ]
        case let .css(duration, points, bytes, maxErrorPx, bezierErrorPx):
            return [
                ("duration", duration), ("points", Double(points)), ("bytes", Double(bytes)),
                ("maxErrorPx", maxErrorPx),
                ("bezierErrorPx", bezierErrorPx)
            ]
        case let .token(dampingRatio, response, mass):
            return [("dampingRatio", dampingRatio), ("response", response), ("mass", mass)]
        case let .lottie(duration, frameRate, keyframes, maxErrorPx):
            return [
                ("duration", duration), ("frameRate", frameRate), ("keyframes", Double(keyframes)),
                ("maxErrorPx", maxErrorPx)
            ]
        }
    }
}
