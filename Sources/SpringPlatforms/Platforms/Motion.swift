import Foundation
import SpringMath

/// Motion (framer-motion): the `spring` generator played by `JSAnimation`.
///
/// Following motion v13.1.1 (`packages/motion-dom/src/animation/generators/spring.ts` and
/// `JSAnimation.ts`, commit 1b037b0):
/// - The generator is the exact closed form in milliseconds, evaluated at the frame's time since the
///   start rounded to a whole millisecond (`Math.round(timestamp − startTime)`).
/// - Physics springs (`stiffness`, `damping`, `mass`) and `visualDuration` springs end by a rest
///   test at each evaluation: within `restDelta` of the target and below `restSpeed` (the analytic
///   velocity) (defaults 0.5 and 2 units/s; 0.005 and 0.01 when the travel is under 5). A frame
///   whose rest test passes shows the target, even if a later frame moves again. The animation's
///   length is found beforehand by evaluating the generator every 50 ms until the rest test passes;
///   it finishes on the first frame at or after that multiple of 50 ms.
/// - `duration` springs find their stiffness by Newton's method (12 steps from 5/duration) and end
///   at the duration, showing the target then.
/// - Overdamped springs cap the sinh/cosh argument at 300.
/// - Time-defined springs (`duration` or `visualDuration` with `bounce`) ignore the initial velocity.
/// - Version 12.35 estimated the velocity for the rest test from the last 5 ms instead of the
///   analytic derivative, and only for ζ < 1 (``Version/v12``).
public struct MotionSpringModel: PlatformModel, Hashable {
    /// The transition as written in code.
    public enum Options: Hashable, Sendable {
        /// `{ stiffness, damping, mass, velocity }`, the velocity in units per second.
        case physics(stiffness: Double, damping: Double, mass: Double, velocity: Double)
        /// `{ duration, bounce }`, the duration in seconds.
        case duration(seconds: Double, bounce: Double)
        /// `{ visualDuration, bounce }`, in seconds.
        case visualDuration(seconds: Double, bounce: Double)
    }

    /// Which release's rest test to follow.
    public enum Version: String, Hashable, Sendable {
        /// v13: the analytic velocity.
        case v13
        /// v12.35: the velocity estimated over the last 5 ms.
        case v12
    }

    public var options: Options
    /// `restSpeed` in units per second; nil (or 0) for Motion's default.
    public var restSpeed: Double?
    /// `restDelta` in units; nil (or 0) for Motion's default.
    public var restDelta: Double?
    public var version: Version

    public init(_ options: Options, restSpeed: Double? = nil, restDelta: Double? = nil, version: Version = .v13) {
        self.options = options
        self.restSpeed = restSpeed
        self.restDelta = restDelta
        self.version = version
    }

    public var carriesVelocity: Bool {
        if case .physics = options { return true }
        return false
    }

    /// Stiffness, damping and mass Motion resolves the options to (mass 1 for time-defined springs).
    public var resolvedPhysics: (stiffness: Double, damping: Double, mass: Double) {
        let resolved = resolve()
        return (resolved.stiffness, resolved.damping, resolved.mass)
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let generator = Generator(model: self, origin: from, target: to)
        let totalDuration = generator.calculatedDuration
        var recorder = TrajectoryRecorder(start: from)
        let start = schedule.milliseconds(ofFrame: 0)
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            let elapsed = javaScriptRound(schedule.milliseconds(ofFrame: frame) - start)
            let state = generator.next(elapsed)
            if elapsed >= totalDuration {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            recorder.append(time, state.value)
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }

    // MARK: Resolving the options

    struct Resolved {
        var stiffness: Double
        var damping: Double
        var mass: Double
        /// Motion's `initialVelocity`: units per millisecond, sign reversed.
        var velocity: Double
        /// The duration in ms for duration springs, nil otherwise.
        var duration: Double?
    }

    func resolve() -> Resolved {
        switch options {
        case let .physics(stiffness, damping, mass, velocity):
            return Resolved(
                stiffness: stiffness, damping: damping, mass: mass, velocity: -(velocity / 1000), duration: nil)
        case let .visualDuration(seconds, bounce):
            let root = 2 * Double.pi / (seconds * 1.2)
            let stiffness = root * root
            let damping = 2 * min(max(1 - bounce, 0.05), 1) * stiffness.squareRoot()
            return Resolved(stiffness: stiffness, damping: damping, mass: 1, velocity: 0, duration: nil)
        case let .duration(seconds, bounce):
            let found = MotionSpringModel.findSpring(durationMilliseconds: seconds * 1000, bounce: bounce)
            return Resolved(
                stiffness: found.stiffness, damping: found.damping, mass: 1, velocity: 0,
                duration: found.durationMilliseconds)
        }
    }

    /// Motion's search for the spring that a duration and bounce describe, step for step: the
    /// damping ratio `1 − bounce` clamped into 0.05…1, the duration into 0.01…10 s, then 11 Newton
    /// steps on the envelope from 5/duration (mass 1, from rest).
    static func findSpring(durationMilliseconds: Double, bounce: Double) -> (
        stiffness: Double, damping: Double, durationMilliseconds: Double
    ) {
        let safeMin = 0.001
        let velocity = 0.0
        let zeta = min(max(1 - bounce, 0.05), 1)
        let duration = min(max(durationMilliseconds / 1000, 0.01), 10)
        let envelope: (Double) -> Double
        let derivative: (Double) -> Double
        if zeta < 1 {
            envelope = { omega in
                let decay = omega * zeta
                let a = decay - velocity
                let b = omega * (1 - zeta * zeta).squareRoot()
                let c = Foundation.exp(-(decay * duration))
                return safeMin - a / b * c
            }
            derivative = { omega in
                let decay = omega * zeta
                let delta = decay * duration
                let d = delta * velocity + velocity
                let e = Foundation.pow(zeta, 2) * Foundation.pow(omega, 2) * duration
                let f = Foundation.exp(-delta)
                let g = Foundation.pow(omega, 2) * (1 - zeta * zeta).squareRoot()
                let factor: Double = -envelope(omega) + safeMin > 0 ? -1 : 1
                return factor * ((d - e) * f) / g
            }
        } else {
            envelope = { omega in
                let a = Foundation.exp(-omega * duration)
                let b = (omega - velocity) * duration + 1
                return -safeMin + a * b
            }
            derivative = { omega in
                let a = Foundation.exp(-omega * duration)
                let b = (velocity - omega) * (duration * duration)
                return a * b
            }
        }
        var omega = 5 / duration
        for _ in 1..<12 { omega -= envelope(omega) / derivative(omega) }
        let milliseconds = duration * 1000
        if omega.isNaN { return (100, 10, milliseconds) }
        let stiffness = Foundation.pow(omega, 2)
        return (stiffness, zeta * 2 * stiffness.squareRoot(), milliseconds)
    }

    // MARK: The generator

    struct State {
        var done: Bool
        var value: Double
    }

    struct Generator {
        let target: Double
        let origin: Double
        let zeta: Double
        let omega0: Double  // rad/ms
        let delta: Double
        let initialVelocity: Double
        let restSpeed: Double
        let restDelta: Double
        let duration: Double?
        let version: Version
        // Regime constants
        let omegaD: Double
        let a: Double
        let sinCoefficient: Double
        let cosCoefficient: Double

        init(model: MotionSpringModel, origin: Double, target: Double) {
            let resolved = model.resolve()
            self.origin = origin
            self.target = target
            initialVelocity = resolved.velocity
            zeta = resolved.damping / (2 * (resolved.stiffness * resolved.mass).squareRoot())
            delta = target - origin
            omega0 = (resolved.stiffness / resolved.mass).squareRoot() / 1000
            let granular = abs(delta) < 5
            restSpeed = (model.restSpeed ?? 0) != 0 ? model.restSpeed! : (granular ? 0.01 : 2)
            restDelta = (model.restDelta ?? 0) != 0 ? model.restDelta! : (granular ? 0.005 : 0.5)
            duration = resolved.duration
            version = model.version
            if zeta < 1 {
                omegaD = omega0 * (1 - zeta * zeta).squareRoot()
                a = (initialVelocity + zeta * omega0 * delta) / omegaD
                sinCoefficient = zeta * omega0 * a + delta * omegaD
                cosCoefficient = zeta * omega0 * delta - a * omegaD
            } else if zeta == 1 {
                omegaD = 0
                a = 0
                sinCoefficient = 0
                cosCoefficient = 0
            } else {
                omegaD = omega0 * (zeta * zeta - 1).squareRoot()
                a = 0
                sinCoefficient = 0
                cosCoefficient = 0
            }
        }

        func position(_ t: Double) -> Double {
            if zeta < 1 {
                let envelope = Foundation.exp(-zeta * omega0 * t)
                return target - envelope * (a * Foundation.sin(omegaD * t) + delta * Foundation.cos(omegaD * t))
            } else if zeta == 1 {
                return target - Foundation.exp(-omega0 * t) * (delta + (initialVelocity + omega0 * delta) * t)
            } else {
                let envelope = Foundation.exp(-zeta * omega0 * t)
                let argument = min(omegaD * t, 300)
                return target - envelope
                    * ((initialVelocity + zeta * omega0 * delta) * Foundation.sinh(argument)
                        + omegaD * delta * Foundation.cosh(argument)) / omegaD
            }
        }

        /// The analytic velocity, units per millisecond.
        func velocity(_ t: Double) -> Double {
            let envelope = Foundation.exp(-zeta * omega0 * t)
            if zeta < 1 {
                return envelope
                    * (sinCoefficient * Foundation.sin(omegaD * t) + cosCoefficient * Foundation.cos(omegaD * t))
            } else if zeta == 1 {
                let c = initialVelocity + omega0 * delta
                return Foundation.exp(-omega0 * t) * (omega0 * c * t - initialVelocity)
            } else {
                let p = (initialVelocity + zeta * omega0 * delta) / omegaD
                let sinhCoefficient = zeta * omega0 * p - delta * omegaD
                let coshCoefficient = zeta * omega0 * delta - p * omegaD
                let argument = min(omegaD * t, 300)
                return envelope
                    * (sinhCoefficient * Foundation.sinh(argument) + coshCoefficient * Foundation.cosh(argument))
            }
        }

        func next(_ t: Double) -> State {
            let current = position(t)
            let done: Bool
            if let duration {
                done = t >= duration
            } else {
                var speed = 0.0
                switch version {
                case .v13:
                    speed = velocity(t) * 1000
                case .v12:
                    if zeta < 1 {
                        if t == 0 {
                            speed = initialVelocity * 1000
                        } else {
                            let previous = max(t - 5, 0)
                            let span = t - previous
                            speed = span != 0 ? (current - position(previous)) * (1000 / span) : 0
                        }
                    } else if t == 0 {
                        speed = initialVelocity
                    }
                }
                done = abs(speed) <= restSpeed && abs(target - current) <= restDelta
            }
            return State(done: done, value: done ? target : current)
        }

        /// `JSAnimation`'s length: the duration of a duration spring, otherwise the first multiple
        /// of 50 ms at which the rest test passes (infinite past 20 s).
        var calculatedDuration: Double {
            if let duration, duration != 0 { return duration }
            var t = 0.0
            var state = next(t)
            while !state.done && t < 20_000 {
                t += 50
                state = next(t)
            }
            return t >= 20_000 ? .infinity : t
        }
    }
}

extension Platform {
    /// Motion's (framer-motion's) physics spring: stiffness, damping and mass.
    public static let framerPhysics = Platform(MotionPlatform.physics)
    /// Motion's duration spring: `duration` and `bounce`.
    public static let framerDuration = Platform(MotionPlatform.duration)
    /// Motion's `visualDuration` and `bounce`.
    public static let framerVisualDuration = Platform(MotionPlatform.visualDuration)
}

/// Motion's three ways to give a spring, one platform each: they share ``MotionSpringModel``.
enum MotionPlatform: PlatformDescriptor {
    case physics, duration, visualDuration

    var name: String {
        switch self {
        case .physics: return "framer-physics"
        case .duration: return "framer-duration"
        case .visualDuration: return "framer-visual-duration"
        }
    }

    var title: String {
        switch self {
        case .physics: return "Motion (physics)"
        case .duration: return "Motion (duration + bounce)"
        case .visualDuration: return "Motion (visualDuration + bounce)"
        }
    }

    var exportTitle: String {
        switch self {
        case .physics: return "Motion / framer-motion (physics)"
        case .duration: return "Motion / framer-motion (duration + bounce)"
        case .visualDuration: return title
        }
    }

    var basis: Platform.Basis { .recordings }

    var stepping: String {
        switch self {
        case .physics:
            return "exact closed form at whole-ms times; rest test 0.5 units and 2 units/s; ends on a multiple of 50 ms"
        case .duration:
            return "exact closed form from rest (overdamped runs critical); velocity ignored; cut at the duration"
        case .visualDuration:
            return "exact closed form from rest (overdamped runs critical); velocity ignored; rest test as physics"
        }
    }

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        switch self {
        case .physics:
            return MotionSpringModel(
                .physics(
                    stiffness: spring.stiffness, damping: spring.dampingCoefficient, mass: spring.mass,
                    velocity: motion.velocity))
        case .duration:
            let options = spring.framerMotionDuration
            return MotionSpringModel(.duration(seconds: options.duration, bounce: options.bounce))
        case .visualDuration:
            return MotionSpringModel(
                .visualDuration(seconds: spring.framerVisualDuration, bounce: 1 - spring.dampingRatio))
        }
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? {
        switch self {
        case .physics: return request.framerPhysicsCode()
        case .duration: return request.framerDurationCode()
        case .visualDuration: return request.framerVisualDurationCode()
        }
    }
}

extension PlatformCodeRequest {
    fileprivate func framerPhysicsCode() -> PlatformCode {
        let code =
            "{ type: \"spring\", stiffness: \(n(k)), damping: \(n(c)), mass: \(n(m)), velocity: \(n(initialVelocity)) }"
        let notes = [
            ExportRemark(.endsNearRest, "ends when within restDelta (0.5) and restSpeed (2/s) of rest, then snaps")
        ]
        return PlatformCode(
            code: code,
            parameters: [("stiffness", k), ("damping", c), ("mass", m), ("velocity", initialVelocity)],
            warnings: [], notes: notes, effectiveSpring: nil)
    }

    fileprivate func framerDurationCode() -> PlatformCode {
        let options = spring.framerMotionDuration
        let effective = Spring(framerMotion: options)
        let code = "{ type: \"spring\", duration: \(n(options.duration)), bounce: \(n(options.bounce)) }"
        var warnings = bounceWarnings
        if options.duration > 10 {
            warnings.append(ExportRemark(.durationClamped, "duration is clamped to 10 s: it runs a faster spring"))
        }
        if options.duration < 0.01 {
            warnings.append(ExportRemark(.durationClamped, "duration is clamped to 0.01 s: it runs a slower spring"))
        }
        let notes = [
            ExportRemark(.endsAtDuration, "cuts the motion at the duration, where 0.1 % of the travel can remain")
        ]
        if let w = velocityIgnoredWarning { warnings.append(w) }
        let differs = !PlatformCodeRequest.sameMotion(effective, spring)
        return PlatformCode(
            code: code,
            parameters: [("duration", options.duration), ("bounce", options.bounce)],
            warnings: warnings, notes: notes, effectiveSpring: differs ? effective : nil)
    }

    fileprivate func framerVisualDurationCode() -> PlatformCode {
        let visual = spring.framerVisualDuration
        let bounce = 1 - zeta
        let effective = Spring(framerVisualDuration: visual, bounce: bounce)
        let code = "{ type: \"spring\", visualDuration: \(n(visual)), bounce: \(n(max(bounce, 0))) }"
        var warnings = bounceWarnings
        if let w = velocityIgnoredWarning { warnings.append(w) }
        let differs = !PlatformCodeRequest.sameMotion(effective, spring)
        return PlatformCode(
            code: code,
            parameters: [("visualDuration", visual), ("bounce", bounce)],
            warnings: warnings, notes: [], effectiveSpring: differs ? effective : nil)
    }
}

// MARK: Reading pasted code

extension MotionPlatform {
    /// `{ visualDuration, bounce }` and, in JavaScript, `{ duration, bounce }` (seconds, or
    /// milliseconds as `animate()` takes them above 10); the physics form is read as stiffness and
    /// damping.
    var codeReaders: [PlatformCodeReader] {
        switch self {
        case .physics:
            return []
        case .visualDuration:
            return [
                PlatformCodeReader(precedence: 100) { code in
                    guard let visual = code.value("visualDuration") else { return nil }
                    let bounce = code.value("bounce") ?? 0.25
                    return .spring(
                        ["framer-visual-duration": visual, "bounce": bounce],
                        reading: "Motion visualDuration \(visual) s, bounce \(bounce)")
                }
            ]
        case .duration:
            return [
                PlatformCodeReader(precedence: 120) { code in
                    guard code.isJavaScript, let duration = code.value("duration"), code.value("stiffness") == nil
                    else { return nil }
                    let bounce = code.value("bounce") ?? 0.25
                    let seconds = duration > 10 ? duration / 1000 : duration  // milliseconds, as animate() takes them
                    return .spring(
                        ["framer-duration": seconds, "bounce": bounce],
                        reading: "Motion duration \(seconds) s, bounce \(bounce)")
                }
            ]
        }
    }
}

// MARK: Presets

extension MotionPlatform {
    /// Motion's default spring (stiffness 100, damping 10, mass 1), kept on the physics form.
    var presets: [PlatformPreset] {
        guard self == .physics else { return [] }
        return [
            PlatformPreset(
                name: "motion-default", family: "motion", title: "Motion's default spring (stiffness 100, damping 10)",
                spring: Spring(mass: 1, stiffness: 100, dampingCoefficient: 10), order: 1100, isConstant: true)
        ]
    }
}
