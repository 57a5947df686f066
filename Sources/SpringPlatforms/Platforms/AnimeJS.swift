import Foundation
import SpringMath

/// anime.js v4's `spring()` easing, alone or as `animate()` displays it.
///
/// Following anime.js at 308c0934 (4.4.1: `src/easings/spring/index.js`, `src/timer/timer.js`,
/// `src/core/clock.js`), checked against recordings of that code:
/// - The parameters are clamped: mass to at least 1, stiffness and damping to 10⁻¹¹–10⁴, velocity
///   (travels per second, toward the target) to ±10⁴, and ω₀ = √(k/m) to at most 1000 rad/s.
/// - The easing is the exact closed form in every regime, from the velocity `velocity`.
/// - Its duration, the *settling duration*, is found by sampling the easing every 20 ms (the sample
///   times summed in floating point, as anime.js does): the first sample after which eleven samples
///   in a row lie within 0.05 % of the target, in whole milliseconds (rounded). At a time t the
///   easing is evaluated at t/settling·(that sample's time), and at or after the settling duration
///   it is the target.
/// - `{ bounce, duration }` (``init(bounce:duration:clock:)``) are SwiftUI's perceptual duration (in ms)
///   and bounce; the stiffness and damping they give are rounded to three decimals, and the damping
///   clamped to 300.
/// - `animate()` (``Clock/engine``) reads the time from `Date.now()`, whole milliseconds, and
///   starts its animations 12 ms before the frame they are created on (`timer.js` subtracts 12
///   "to advance by at least one frame"); it skips a frame that comes sooner than its 240 fps frame
///   duration after the last one it ran. The easing alone (``Clock/exact``) is read at the exact
///   frame times.
public struct AnimeSpringModel: PlatformModel, Hashable {
    /// Where the easing's time comes from.
    public enum Clock: String, Hashable, Sendable {
        /// The easing at exact frame times (`spring().ease` used directly).
        case exact
        /// `animate()`: anime.js's engine on `Date.now()`.
        case engine
    }

    /// The parameters as anime.js keeps them (after its clamps).
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// Travels per second.
    public let velocity: Double
    public let clock: Clock
    /// The easing's settling duration, in whole milliseconds: the animation's duration.
    public let settlingDuration: Double
    /// The solver's time at ``settlingDuration``, in seconds (the sum of the 20 ms samples).
    let solverDuration: Double
    let omega0: Double, zeta: Double, omegaD: Double, b: Double

    static let largest = 10_000.0
    static let smallest = 1e-11

    /// `spring({ mass, stiffness, damping, velocity })`; velocity in travels per second.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, velocity: Double = 0, clock: Clock = .engine
    ) {
        func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double { x < low ? low : x > high ? high : x }
        self.mass = clamp(mass, 1, Self.largest)
        self.stiffness = clamp(stiffness, Self.smallest, Self.largest)
        self.damping = clamp(damping, Self.smallest, Self.largest)
        self.velocity = clamp(velocity, -Self.largest, Self.largest)
        self.clock = clock
        let w0 = clamp((self.stiffness / self.mass).squareRoot(), Self.smallest, 1000)
        let z = self.damping / (2 * (self.stiffness * self.mass).squareRoot())
        omega0 = w0
        zeta = z
        if z < 1 {
            omegaD = w0 * (1 - z * z).squareRoot()
            b = (z * w0 + -self.velocity) / omegaD
        } else if z == 1 {
            omegaD = 0
            b = -self.velocity + w0
        } else {
            omegaD = w0 * (z * z - 1).squareRoot()
            b = (z * w0 + -self.velocity) / omegaD
        }
        // anime.js's settling search: 20 ms samples, 11 in a row within 0.05 %, at most 60 s.
        var solverTime = 0.0, solverDuration = 0.0
        var restSteps = 0, iterations = 0
        while restSteps <= 10 && iterations <= 3000 {
            if abs(1 - Self.solve(solverTime, zeta: z, omega0: w0, omegaD: omegaD, b: b)) < 0.0005 {
                restSteps += 1
            } else {
                restSteps = 0
            }
            solverDuration = solverTime
            solverTime += 0.02
            iterations += 1
        }
        self.solverDuration = solverDuration
        settlingDuration = javaScriptRound(solverDuration * 1000)
    }

    /// `spring({ bounce, duration })`: `duration` is the perceptual duration in milliseconds
    /// (10–10 000), `bounce` −1…1 (anime.js's defaults are 0.5 and 628 ms when one is missing).
    public init(bounce: Double, duration: Double, clock: Clock = .engine) {
        let parameters = Self.parameters(bounce: bounce, duration: duration)
        self.init(mass: 1, stiffness: parameters.stiffness, damping: parameters.damping, velocity: 0, clock: clock)
    }

    /// The stiffness and damping (mass 1) anime.js gives `{ bounce, duration }`.
    public static func parameters(bounce: Double, duration: Double) -> (stiffness: Double, damping: Double) {
        func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double { x < low ? low : x > high ? high : x }
        func round3(_ x: Double) -> Double { javaScriptRound(x * 1000) / 1000 }
        let bounce = clamp(bounce, -1, 1)
        let seconds = clamp(duration, 10, largest) / 1000
        let stiffness = pow(2 * Double.pi / seconds, 2)
        let damping = bounce >= 0 ? (1 - bounce) * 4 * Double.pi / seconds : 4 * Double.pi / (seconds * (1 + bounce))
        return (round3(clamp(stiffness, smallest, largest)), round3(clamp(damping, smallest, 300)))
    }

    /// The fraction of the travel still to go, 1 − easing, `time` seconds into the solver.
    static func solve(_ time: Double, zeta: Double, omega0: Double, omegaD: Double, b: Double) -> Double {
        let t = time
        let remaining: Double
        if zeta < 1 {
            remaining = exp(-t * zeta * omega0) * (1 * cos(omegaD * t) + b * sin(omegaD * t))
        } else if zeta == 1 {
            remaining = (1 + b * t) * exp(-t * omega0)
        } else {
            remaining =
                ((1 + b) * exp((-zeta * omega0 + omegaD) * t) + (1 - b) * exp((-zeta * omega0 - omegaD) * t)) / 2
        }
        return 1 - remaining
    }

    /// The easing at `progress` (0…1 of the settling duration).
    public func ease(_ progress: Double) -> Double {
        progress == 0 || progress == 1
            ? progress
            : Self.solve(progress * solverDuration, zeta: zeta, omega0: omega0, omegaD: omegaD, b: b)
    }

    /// The frame duration of anime.js's engine, in ms (240 fps).
    static let engineFrameDuration = 1000.0 / 240

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        var recorder = TrajectoryRecorder(start: from)
        let start = schedule.wholeMilliseconds(ofFrame: 0)
        var scheduled = start
        var shown = from
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            let elapsed: Double
            var runs = true
            switch clock {
            case .exact:
                elapsed = schedule.milliseconds(ofFrame: frame)
            case .engine:
                let now = schedule.wholeMilliseconds(ofFrame: frame)
                elapsed = now - start + 12
                if now < scheduled {
                    runs = false
                } else {
                    let delta = now - scheduled
                    scheduled += delta < Self.engineFrameDuration ? Self.engineFrameDuration : delta
                }
            }
            if runs {
                if elapsed >= settlingDuration {
                    recorder.append(time, to)
                    return recorder.finish(true)
                }
                shown = from + (to - from) * ease(elapsed / settlingDuration)
            }
            recorder.append(time, shown)
            if !shown.isFinite || recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// anime.js v4's `spring()` as `animate()` displays it (its engine's clock).
    public static let animeJS = Platform(AnimePlatform.animate)
    /// anime.js v4's `spring()` easing alone, sampled at the frame times.
    public static let animeJSEasing = Platform(AnimePlatform.easing)
}

/// anime.js's spring through `animate()` and as an easing alone: one model, two clocks.
enum AnimePlatform: PlatformDescriptor {
    case animate, easing

    var name: String { self == .animate ? "animejs" : "animejs-easing" }
    var title: String { self == .animate ? "anime.js animate()" : "anime.js spring easing" }
    var basis: Platform.Basis { .recordings }
    var truncatesOnItsOwnClock: Bool { self == .animate }
    var sharesCodeWith: Platform? { self == .easing ? .animeJS : nil }

    var stepping: String {
        switch self {
        case .animate:
            return
                "exact closed form at whole-ms times 12 ms ahead; cut at its settling duration (20 ms samples within 0.05 % for 200 ms)"
        case .easing:
            return
                "exact closed form at the frame times; cut at its settling duration (20 ms samples within 0.05 % for 200 ms)"
        }
    }

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        // anime.js clamps the mass to at least 1: a lighter spring goes as k/m, c/m with mass 1.
        let m = spring.mass
        let scale = m < 1 ? m : 1
        return AnimeSpringModel(
            mass: m / scale, stiffness: spring.stiffness / scale, damping: spring.dampingCoefficient / scale,
            velocity: motion.travelsPerSecond, clock: self == .animate ? .engine : .exact)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? {
        self == .animate ? request.animeJSCode() : nil
    }
}

extension PlatformCodeRequest {
    /// anime.js v4's `spring()` easing in `animate()`: mass (at least 1), stiffness, damping
    /// coefficient, and the velocity in travels per second.
    fileprivate func animeJSCode() -> PlatformCode {
        // anime.js clamps the mass to at least 1: a lighter spring is written as k/m, c/m, mass 1.
        let scale = m < 1 ? m : 1
        let (mass, stiffness, damping) = (m / scale, k / scale, c / scale)
        let velocity = travelsPerSecond ?? 0
        let model = AnimeSpringModel(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
        let property = from == 0 ? n(to) : "[\(n(from)), \(n(to))]"
        var code = """
            import { animate, spring } from 'animejs';
            animate(element, { x: \(property), ease: spring({ mass: \(n(mass)), stiffness: \(n(stiffness)), \
            damping: \(n(damping)), velocity: \(n(velocity)) }) });
            """
        if velocity == 0 && mass == 1 {
            let bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
            code +=
                "\n// or spring({ bounce: \(n(bounce)), duration: \(n(spring.response * 1000)) }) (its stiffness and damping rounded to 3 decimals)"
        }
        var warnings: [ExportRemark] = []
        var notes = [
            ExportRemark(
                .settlingDuration,
                "the animation lasts its settling duration, \(n(model.settlingDuration)) ms: anime.js ends it where 20 ms "
                    + "samples stay within 0.05 % of the travel for 200 ms")
        ]
        if initialVelocity != 0 && travelsPerSecond == nil {
            warnings.append(.velocityWithoutTravel)
        } else if velocity != 0 {
            notes.append(
                ExportRemark(
                    .velocityAsTravelShare,
                    "velocity is the velocity divided by the travel (\(n(initialVelocity)) / \(n(travel)))"))
        }
        if scale != 1 {
            notes.append(
                ExportRemark(.massOne, "anime.js takes a mass of at least 1: stiffness and damping are k/m and c/m"))
        }
        var effective: Spring?
        if (stiffness / mass).squareRoot() > 1000 {
            effective = Spring(dampingRatio: zeta, stiffness: 1_000_000 * mass, mass: mass)
            warnings.append(
                ExportRemark(
                    .frequencyCapped,
                    "anime.js caps ω₀ at 1000 rad/s: the spring runs slower than asked (response ≥ 6.28 ms)"))
        }
        if stiffness > 10_000 || damping > 10_000 || abs(velocity) > 10_000 {
            warnings.append(
                ExportRemark(
                    .parametersClamped,
                    "anime.js clamps stiffness, damping and velocity to 10000: the spring it runs differs"))
        }
        return PlatformCode(
            code: code,
            parameters: [
                ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("velocity", velocity),
                ("settlingDuration", model.settlingDuration)
            ],
            warnings: warnings, notes: notes, effectiveSpring: effective)
    }
}

// MARK: Reading pasted code

extension AnimePlatform {
    /// One reader for both forms (the code is `animate()`'s), kept on `animate()`.
    var codeReaders: [PlatformCodeReader] {
        self == .animate ? [PlatformCodeReader(precedence: 40, read: Self.read)] : []
    }

    /// `spring({ … })` (or `createSpring`): `{ bounce, duration }` (defaults 0.5, 628 ms) as anime.js
    /// converts and rounds them, else `{ mass, stiffness, damping }` (1, 100, 10) with the mass at
    /// least 1.
    static func read(_ code: PlatformSource) -> PlatformCodeReading? {
        let call = code.text.contains(/(^|[^A-Za-z0-9_.$])(spring|createSpring)\s*\(\s*\{/)
        guard call else { return nil }
        if code.value("bounce") != nil || code.value("duration") != nil {
            let bounce = code.value("bounce") ?? 0.5, duration = code.value("duration") ?? 628
            let (k, c) = AnimeSpringModel.parameters(bounce: bounce, duration: duration)
            return .spring(
                ["stiffness": k, "damping-coefficient": c, "mass": 1],
                reading: "anime.js spring bounce \(bounce), duration \(duration) ms (stiffness \(k), damping \(c))")
        }
        let k = code.value("stiffness") ?? 100, c = code.value("damping") ?? 10
        let m = max(code.value("mass") ?? 1, 1)
        let clamped = (code.value("mass") ?? 1) < 1 ? " (anime.js raises the mass to 1)" : ""
        return .spring(
            ["stiffness": k, "damping-coefficient": c, "mass": m],
            reading: "anime.js spring mass \(m), stiffness \(k), damping \(c)\(clamped)")
    }
}
