import Foundation
import SpringMath

/// React Native Reanimated: `withSpring` stepped on the UI thread.
///
/// Following Reanimated 4 (`src/animation/spring/spring.ts` at 01e4626, `springUtils.ts` at
/// 0893dd9):
/// - Each frame moves the current position and velocity along the closed form for the time since
///   the previous frame (capped at 64 ms), so for ζ < 1 the motion is exact at the frame times.
/// - Every spring with ζ ≥ 1 runs the critically damped formula at the same ω₀ = √(k/m): an
///   overdamped spring moves faster than asked.
/// - It finishes, showing the target, on the first frame whose energy `½k·x² + ½m·v²` is at most
///   `energyThreshold` (6·10⁻⁹) times the energy at the start.
/// - With `overshootClamping` it ends on the first frame past the target (or behind the start).
/// - The starting frame runs `onStart` and an `onFrame` of zero length.
public struct ReanimatedModel: PlatformModel, Hashable {
    public var stiffness: Double
    public var damping: Double
    public var mass: Double
    /// Units per second.
    public var velocity: Double
    public var energyThreshold: Double
    /// `overshootClamping`: the animation ends, on the target, on the first frame past it.
    public var overshootClamping: Bool

    public init(
        stiffness: Double, damping: Double, mass: Double = 1, velocity: Double = 0, energyThreshold: Double = 6e-9,
        overshootClamping: Bool = false
    ) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.velocity = velocity
        self.energyThreshold = energyThreshold
        self.overshootClamping = overshootClamping
    }

    static let maximumFrameMilliseconds = 64.0

    static func energy(_ displacement: Double, _ velocity: Double, _ stiffness: Double, _ mass: Double) -> Double {
        0.5 * stiffness * displacement * displacement + 0.5 * mass * velocity * velocity
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let omega0 = (stiffness / mass).squareRoot()
        let omega1 = omega0 * (1 - zeta * zeta).squareRoot()
        var current = from
        var velocity = self.velocity
        let initialEnergy = ReanimatedModel.energy(from - to, self.velocity, stiffness, mass)
        var last = schedule.milliseconds(ofFrame: 0)
        var recorder = TrajectoryRecorder(start: from)

        // One frame: returns true when the animation terminates.
        func advance(to now: Double) -> Bool {
            let deltaTime = min(now - last, ReanimatedModel.maximumFrameMilliseconds)
            last = now
            let t = deltaTime / 1000
            let v0 = velocity
            let x0 = current - to
            if zeta < 1 {
                let sine = Foundation.sin(omega1 * t)
                let cosine = Foundation.cos(omega1 * t)
                let envelope = Foundation.exp(-zeta * omega0 * t)
                let fragment = envelope * (sine * ((v0 + zeta * omega0 * x0) / omega1) + x0 * cosine)
                current = to + fragment
                velocity =
                    -zeta * omega0 * fragment + envelope * (cosine * (v0 + zeta * omega0 * x0) - omega1 * x0 * sine)
            } else {
                let envelope = Foundation.exp(-omega0 * t)
                current = to + envelope * (x0 + (v0 + omega0 * x0) * t)
                velocity = envelope * -omega0 * (x0 + (v0 + omega0 * x0) * t) + envelope * (v0 + omega0 * x0)
            }
            if overshootClamping {
                let start = from - to
                let left = start >= 0 ? to : to + start
                if current < left || current > left + abs(start) { return true }
            }
            let energy = ReanimatedModel.energy(to - current, velocity, stiffness, mass)
            return initialEnergy == 0 || energy / initialEnergy <= energyThreshold
        }

        // The starting frame: onStart, then a zero-length onFrame.
        if advance(to: last) { return recorder.finish(true) }
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            if advance(to: schedule.milliseconds(ofFrame: frame)) {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            recorder.append(time, current)
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// Reanimated's `withSpring` (React Native).
    public static let reanimated = Platform(ReanimatedPlatform())
}

struct ReanimatedPlatform: PlatformDescriptor {
    let name = "reanimated"
    let title = "Reanimated"
    let exportTitle = "React Native Reanimated"
    let basis = Platform.Basis.recordings
    let stepping =
        "closed form per frame, exact for ζ < 1; ζ ≥ 1 runs critically damped; ends at an energy threshold"

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        ReanimatedModel(
            stiffness: spring.stiffness, damping: spring.dampingCoefficient, mass: spring.mass,
            velocity: motion.velocity)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.reanimatedCode() }
}

extension PlatformCodeRequest {
    fileprivate func reanimatedCode() -> PlatformCode {
        let code =
            "withSpring(\(n(to)), { stiffness: \(n(k)), damping: \(n(c)), mass: \(n(m)), velocity: \(n(initialVelocity)) })"
        var warnings: [ExportRemark] = []
        var effective: Spring?
        if zeta > 1 {
            effective = Spring(dampingRatio: 1, stiffness: k, mass: m)
            warnings.append(criticallyDampedWarning)
        }
        return PlatformCode(
            code: code,
            parameters: [("stiffness", k), ("damping", c), ("mass", m), ("velocity", initialVelocity)],
            warnings: warnings, notes: [], effectiveSpring: effective)
    }
}

// MARK: Reading pasted code

extension ReanimatedPlatform {
    /// `withSpring(x, { stiffness, damping, mass })` is read as stiffness and damping; its
    /// duration-based config runs a duration rule of its own and is declined rather than misread.
    var codeReaders: [PlatformCodeReader] {
        [
            PlatformCodeReader(precedence: 110) { code in
                code.has("withSpring") && code.value("duration") != nil && code.value("stiffness") == nil
                    ? .declined : nil
            }
        ]
    }
}
