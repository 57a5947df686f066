import Foundation
import SpringMath

/// React Native's `Animated.spring` on the JavaScript driver (`useNativeDriver: false`).
///
/// Following react-native at 1c4cd4f6 (`Libraries/Animated/animations/SpringAnimation.js` and
/// `Animation.js`; `SpringConfig.js` at 4bda59e9), checked against recordings of that code:
/// - The clock is `Date.now()`: whole milliseconds, truncated. `start()` updates once at once (the
///   start value) and then once a frame; each update adds the whole milliseconds since the last one,
///   capped at 64, to the animation's time.
/// - Each update evaluates the closed form at that time from the start (so the motion is exact at
///   whole-millisecond times) for ζ < 1; every ζ ≥ 1 runs the critically damped formula at the same
///   ω₀ = √(k/m), which ignores the damping coefficient.
/// - It finishes, showing the target, on the first update whose speed is at most
///   `restSpeedThreshold` and whose distance to the target is at most `restDisplacementThreshold`
///   (both 0.001, absolute: units and units per second).
/// - `{ tension, friction }` and `{ bounciness, speed }` are Origami's numbers, converted by
///   `SpringConfig` as `Spring.Origami` converts them (except that React Native maps a tension or
///   friction of 0 by the same line, where Rebound maps it to 0).
public struct ReactNativeSpringModel: PlatformModel, Hashable {
    public var stiffness: Double
    /// The damping coefficient.
    public var damping: Double
    public var mass: Double
    /// `velocity`, in units per second.
    public var velocity: Double
    public var restDisplacementThreshold: Double
    public var restSpeedThreshold: Double

    public init(
        stiffness: Double, damping: Double, mass: Double = 1, velocity: Double = 0,
        restDisplacementThreshold: Double = 0.001, restSpeedThreshold: Double = 0.001
    ) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.velocity = velocity
        self.restDisplacementThreshold = restDisplacementThreshold
        self.restSpeedThreshold = restSpeedThreshold
    }

    /// The animation clock of `frame`: `Date.now()` truncated to whole milliseconds on the
    /// schedule's own clock.
    static func milliseconds(ofFrame frame: Int, _ schedule: FrameSchedule) -> Double {
        schedule.wholeMilliseconds(ofFrame: frame)
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let c = damping, m = mass, k = stiffness
        let v0 = -velocity
        let zeta = c / (2 * (k * m).squareRoot())
        let omega0 = (k / m).squareRoot()
        let omega1 = omega0 * (1 - zeta * zeta).squareRoot()
        let x0 = to - from
        var recorder = TrajectoryRecorder(start: from)
        var lastTime = Self.milliseconds(ofFrame: 0, schedule)
        var animationTime = 0.0
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            var now = Self.milliseconds(ofFrame: frame, schedule)
            if now > lastTime + 64 { now = lastTime + 64 }
            animationTime += (now - lastTime) / 1000
            lastTime = now
            let t = animationTime
            let position: Double, speed: Double
            if zeta < 1 {
                let envelope = exp(-zeta * omega0 * t)
                let sine = sin(omega1 * t), cosine = cos(omega1 * t)
                position = to - envelope * (((v0 + zeta * omega0 * x0) / omega1) * sine + x0 * cosine)
                speed =
                    zeta * omega0 * envelope * ((sine * (v0 + zeta * omega0 * x0)) / omega1 + x0 * cosine)
                    - envelope * (cosine * (v0 + zeta * omega0 * x0) - omega1 * x0 * sine)
            } else {
                let envelope = exp(-omega0 * t)
                position = to - envelope * (x0 + (v0 + omega0 * x0) * t)
                speed = envelope * (v0 * (t * omega0 - 1) + t * x0 * (omega0 * omega0))
            }
            let resting =
                abs(speed) <= restSpeedThreshold
                && (k == 0 || abs(to - position) <= restDisplacementThreshold)
            if resting {
                recorder.append(time, k != 0 ? to : position)
                return recorder.finish(true)
            }
            recorder.append(time, position)
            if !position.isFinite || recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// React Native's own `Animated.spring`.
    public static let reactNative = Platform(ReactNativePlatform())
}

struct ReactNativePlatform: PlatformDescriptor {
    let name = "react-native"
    let title = "React Native Animated"
    let basis = Platform.Basis.recordings
    let stepping =
        "exact closed form at whole-ms times (JS driver); ζ ≥ 1 runs critically damped; ends within 0.001 units and 0.001 units/s"
    let truncatesOnItsOwnClock = true

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        ReactNativeSpringModel(
            stiffness: spring.stiffness, damping: spring.dampingCoefficient, mass: spring.mass,
            velocity: motion.velocity)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.reactNativeCode() }
}

extension PlatformCodeRequest {
    /// React Native's `Animated.spring` with the physical config (stiffness, damping coefficient,
    /// mass, velocity in units per second), on the JavaScript driver the model follows.
    fileprivate func reactNativeCode() -> PlatformCode {
        let code = """
            const value = new Animated.Value(\(n(from)));
            Animated.spring(value, { toValue: \(n(to)), stiffness: \(n(k)), damping: \(n(c)), mass: \(n(m)), \
            velocity: \(n(initialVelocity)), useNativeDriver: false }).start();
            """
        var warnings: [ExportRemark] = []
        var effective: Spring?
        if zeta > 1 {
            effective = Spring(dampingRatio: 1, stiffness: k, mass: m)
            warnings.append(criticallyDampedWarning)
        }
        let notes = [
            ExportRemark(
                .otherSpelling,
                "{ tension, friction } would be Origami's numbers (converted by SpringConfig), not stiffness and damping"
            ),
            ExportRemark(
                .modelledVariant,
                "the figures are the JavaScript driver's (useNativeDriver: false); the native driver is not modelled"),
            ExportRemark(
                .endsNearRest,
                "it stops within 0.001 units and 0.001 units/s of rest (absolute: restDisplacementThreshold, restSpeedThreshold)"
            )
        ]
        return PlatformCode(
            code: code, parameters: [("stiffness", k), ("damping", c), ("mass", m), ("velocity", initialVelocity)],
            warnings: warnings, notes: notes, effectiveSpring: effective)
    }
}

// MARK: Reading pasted code

extension ReactNativePlatform {
    var codeReaders: [PlatformCodeReader] { [PlatformCodeReader(precedence: 20, read: Self.read)] }

    /// `Animated.spring`: `{ stiffness, damping, mass }` (defaults 100, 10, 1), else `{ bounciness,
    /// speed }` (8, 12), else Origami's `{ tension, friction }` (40, 7), as its `SpringConfig` chooses
    /// and converts them.
    static func read(_ code: PlatformSource) -> PlatformCodeReading? {
        guard code.has("Animated.spring") || (code.has("toValue") && code.has("useNativeDriver")) else { return nil }
        let name = "React Native Animated.spring"
        if code.value("stiffness") != nil || code.value("damping") != nil || code.value("mass") != nil {
            let k = code.value("stiffness") ?? 100, c = code.value("damping") ?? 10, m = code.value("mass") ?? 1
            return .spring(
                ["stiffness": k, "damping-coefficient": c, "mass": m],
                reading: "\(name) stiffness \(k), damping \(c), mass \(m)")
        }
        if code.value("bounciness") != nil || code.value("speed") != nil {
            let b = code.value("bounciness") ?? 8, s = code.value("speed") ?? 12
            return .spring(["pop-bounciness": b, "pop-speed": s], reading: "\(name) bounciness \(b), speed \(s)")
        }
        // SpringConfig maps Origami's numbers by Rebound's lines, 0 included.
        let t = code.value("tension") ?? 40, f = code.value("friction") ?? 7
        return .spring(
            ["stiffness": (t - 30) * 3.62 + 194, "damping-coefficient": (f - 8) * 3 + 25, "mass": 1],
            reading: "\(name) tension \(t), friction \(f) (Origami's numbers)")
    }
}
