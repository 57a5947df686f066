import Foundation
import SpringMath

/// libadwaita's `AdwSpringAnimation` (GNOME's GTK 4 library), as libadwaita 1.2.2 steps it.
///
/// Following libadwaita 1.2.2 (`src/adw-spring-animation.c`, `src/adw-animation.c`,
/// `src/adw-spring-params.c`), checked against recordings of the Debian library:
/// - The spring is `adw_spring_params_new(ζ, m, k)`: damping c = ζ·2√(m·k).
/// - Each frame evaluates the closed form at whole milliseconds: t = ⌊frame time µs / 1000⌋ −
///   ⌊start frame time µs / 1000⌋. No state is stepped; a dropped frame just skips ahead.
/// - The run ends on the first frame with t ≥ the estimated duration (whole ms), showing the target:
///   under- and critically damped, ⌊1000·(−ln ε)/β⌋ with β = c/2m (the envelope's decay to ε, ε
///   relative to the amplitude); overdamped, Newton's method on the motion until it is within ε
///   (absolute) of the target; with `clamp`, the first whole ms ≥ 1 at which the motion has come within
///   ε of the target from the start side. ε defaults to 0.001. An undamped spring never ends.
public struct LibadwaitaSpringModel: PlatformModel, Hashable {
    /// The damping ratio passed to `adw_spring_params_new`.
    public var dampingRatio: Double
    public var mass: Double
    public var stiffness: Double
    /// `initial-velocity`, in units per second.
    public var initialVelocity: Double
    /// `epsilon` (default 0.001).
    public var epsilon: Double
    /// `clamp`: stop at the first crossing of the target.
    public var clamp: Bool
    /// How many microseconds past a whole millisecond the start frame's time lies (0 to 999): where
    /// the frame clock's millisecond truncation falls. 0 when the frames start on a millisecond.
    public var startPhase: Int

    public init(
        dampingRatio: Double, mass: Double = 1, stiffness: Double, initialVelocity: Double = 0,
        epsilon: Double = 0.001, clamp: Bool = false, startPhase: Int = 0
    ) {
        self.dampingRatio = dampingRatio
        self.mass = mass
        self.stiffness = stiffness
        self.initialVelocity = initialVelocity
        self.epsilon = epsilon
        self.clamp = clamp
        self.startPhase = startPhase
    }

    /// `ADW_DURATION_INFINITE`.
    static let infinite = UInt32.max
    /// `FLT_EPSILON`: libadwaita's test for critical damping and for "no travel".
    static let floatEpsilon = Double(Float.ulpOfOne)

    /// The damping coefficient `adw_spring_params_new` derives.
    var damping: Double { dampingRatio * (2 * (mass * stiffness).squareRoot()) }

    /// C's conversion of a non-negative double to `guint` (truncation), for the times libadwaita
    /// passes as milliseconds.
    static func milliseconds(_ x: Double) -> UInt32 {
        guard x.isFinite, x > 0 else { return 0 }
        return x < 4_294_967_296 ? UInt32(x) : UInt32.max
    }

    /// The closed form at `time` whole milliseconds, with libadwaita's three branches (critically
    /// damped when β and ω₀ differ by less than `FLT_EPSILON`).
    func oscillate(_ time: UInt32, from: Double, to: Double) -> Double {
        let b = damping, m = mass, k = stiffness, v0 = initialVelocity
        let t = Double(time) / 1000
        let beta = b / (2 * m), omega0 = (k / m).squareRoot()
        let x0 = from - to
        let envelope = exp(-beta * t)
        if abs(beta - omega0) < Self.floatEpsilon {
            return to + envelope * (x0 + (beta * x0 + v0) * t)
        }
        if beta < omega0 {
            let omega1 = (omega0 * omega0 - beta * beta).squareRoot()
            return to + envelope * (x0 * cos(omega1 * t) + ((beta * x0 + v0) / omega1) * sin(omega1 * t))
        }
        let omega2 = (beta * beta - omega0 * omega0).squareRoot()
        return to + envelope * (x0 * cosh(omega2 * t) + ((beta * x0 + v0) / omega2) * sinh(omega2 * t))
    }

    /// `estimated-duration`, in whole milliseconds (``infinite`` for an undamped spring).
    func estimatedDuration(from: Double, to: Double) -> UInt32 {
        let beta = damping / (2 * mass)
        guard beta > 0 else { return Self.infinite }
        if clamp {
            if abs(to - from) < Self.floatEpsilon { return 0 }
            return firstZero(from: from, to: to)
        }
        let omega0 = (stiffness / mass).squareRoot()
        var x0 = -log(epsilon) / beta
        if beta <= omega0 { return Self.milliseconds(x0 * 1000) }
        // Overdamped: Newton's method on the motion itself, with a forward-difference slope.
        let delta = 0.001
        func y(_ seconds: Double) -> Double { oscillate(Self.milliseconds(seconds * 1000), from: from, to: to) }
        var y0 = y(x0)
        var slope = (y(x0 + delta) - y0) / delta
        var x1 = (to - y0 + slope * x0) / slope
        var y1 = y(x1)
        var iterations = 0
        while abs(to - y1) > epsilon {
            if iterations > 1000 { return 0 }
            x0 = x1
            y0 = y1
            slope = (y(x0 + delta) - y0) / delta
            x1 = (to - y0 + slope * x0) / slope
            y1 = y(x1)
            iterations += 1
        }
        return Self.milliseconds(x1 * 1000)
    }

    /// With `clamp`: the first whole millisecond from 1 at which the motion is within ε of the target
    /// from the start side (0 after 20 000 ms without).
    func firstZero(from: Double, to: Double) -> UInt32 {
        var i: UInt32 = 1
        var y = oscillate(i, from: from, to: to)
        while (to - from > Self.floatEpsilon && to - y > epsilon) || (from - to > Self.floatEpsilon && y - to > epsilon)
        {
            if i > 20_000 { return 0 }
            i += 1
            y = oscillate(i, from: from, to: to)
        }
        return i
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let duration = estimatedDuration(from: from, to: to)
        var recorder = TrajectoryRecorder(start: from)
        let phase = Double(startPhase)
        let start = (schedule.nanoseconds(ofFrame: 0) / 1000).rounded()
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            // The frame clock's microseconds (on the recording's own clock for listed times).
            let microseconds = (schedule.nanoseconds(ofFrame: frame) / 1000).rounded()
            let t = Self.milliseconds(
                ((phase + microseconds) / 1000).rounded(.down) - ((phase + start) / 1000).rounded(.down))
            if t >= duration && duration != Self.infinite {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            recorder.append(time, oscillate(t, from: from, to: to))
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// libadwaita's `AdwSpringAnimation` (GTK).
    public static let libadwaita = Platform(LibadwaitaPlatform())
}

struct LibadwaitaPlatform: PlatformDescriptor {
    let name = "libadwaita"
    let title = "libadwaita"
    let basis = Platform.Basis.recordings
    let stepping =
        "exact closed form at whole-ms frame times; ends at its estimated duration (envelope to 0.001, or Newton when overdamped)"
    let truncatesOnItsOwnClock = true

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        LibadwaitaSpringModel(
            dampingRatio: spring.dampingRatio, mass: spring.mass, stiffness: spring.stiffness,
            initialVelocity: motion.velocity)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.libadwaitaCode() }
}

extension PlatformCodeRequest {
    fileprivate func libadwaitaCode() -> PlatformCode {
        let code = """
            AdwSpringParams *params = adw_spring_params_new (\(n(zeta)), \(n(m)), \(n(k)));  /* damping ratio, mass, stiffness */
            AdwAnimation *animation = adw_spring_animation_new (widget, \(n(from)), \(n(to)), params, target);
            """
            + (initialVelocity != 0
                ? "\nadw_spring_animation_set_initial_velocity (ADW_SPRING_ANIMATION (animation), \(n(initialVelocity)));"
                : "")
            + "\nadw_animation_play (animation);"
        var notes = [
            ExportRemark(
                .samplesExactMotion,
                "libadwaita evaluates the exact closed form at whole milliseconds of the frame clock; epsilon is its default, 0.001"
            ),
            ExportRemark(
                .endsAtDuration,
                "it ends at its estimated duration: the envelope's decay to epsilon when under- or critically damped, "
                    + "Newton's method to within epsilon (absolute units) when overdamped")
        ]
        if abs(zeta - 1) < 1e-6 {
            notes.append(
                ExportRemark(
                    .endsEarly,
                    "critically damped: the envelope estimate ignores the (1 + βt) factor, so it ends early with a jump"
                ))
        }
        return PlatformCode(
            code: code,
            parameters: [
                ("dampingRatio", zeta), ("mass", m), ("stiffness", k), ("initialVelocity", initialVelocity),
                ("epsilon", 0.001)
            ],
            warnings: [], notes: notes, effectiveSpring: nil)
    }
}

// MARK: Reading pasted code

extension LibadwaitaPlatform {
    /// `adw_spring_params_new_full` (damping, mass, stiffness), then `adw_spring_params_new` (damping
    /// ratio, mass, stiffness).
    var codeReaders: [PlatformCodeReader] {
        [
            PlatformCodeReader(precedence: 60) { code in
                guard let args = code.call("adw_spring_params_new_full"), args.count == 3 else { return nil }
                return .spring(
                    ["damping-coefficient": args[0], "mass": args[1], "stiffness": args[2]],
                    reading: "libadwaita damping \(args[0]), mass \(args[1]), stiffness \(args[2])")
            },
            PlatformCodeReader(precedence: 61) { code in
                guard let args = code.call("adw_spring_params_new"), args.count == 3 else { return nil }
                return .spring(
                    ["damping": args[0], "mass": args[1], "stiffness": args[2]],
                    reading: "libadwaita damping ratio \(args[0]), mass \(args[1]), stiffness \(args[2])")
            }
        ]
    }
}
