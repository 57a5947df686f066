import SpringMath

/// Wave (iOS and macOS): semi-implicit Euler at the display's frame interval, from Wave's source.
///
/// Wave builds its spring with the damping coefficient rubber-banded near 60 (SpringMath's
/// `Spring.waveEffective`), steps `v += a·dt; x += v·dt` once a frame with the frame's
/// interval, and ends the animation when its running time reaches its settle estimate
/// (`Spring.waveSettleEstimate`), snapping to the target.
public struct WaveEulerModel: PlatformModel, Hashable {
    /// The spring as written in Wave's `Spring(dampingRatio:response:mass:)`.
    public var spring: Spring
    /// `animator.velocity`, units per second.
    public var velocity: Double

    public init(spring: Spring, velocity: Double = 0) {
        self.spring = spring
        self.velocity = velocity
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let effective = spring.waveEffective
        let settle = spring.waveSettleEstimate
        var recorder = TrajectoryRecorder(start: from)
        var value = from
        var speed = velocity
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            let dt = time - schedule.time(ofFrame: frame - 1)
            effective.advance(value: &value, velocity: &speed, target: to, by: dt, integrator: .semiImplicitEuler)
            if time >= settle {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            recorder.append(time, value)
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// Wave's `SpringAnimator` (the library this toolkit's runtime is ported from).
    public static let wave = Platform(WavePlatform())
}

struct WavePlatform: PlatformDescriptor {
    let name = "wave"
    let title = "Wave"
    let basis = Platform.Basis.source
    let stepping = "semi-implicit Euler once a frame, damping coefficient capped near 60; snaps at its settle estimate"

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        WaveEulerModel(
            spring: Spring(dampingRatio: spring.dampingRatio, response: spring.response, mass: spring.mass),
            velocity: motion.velocity)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.waveCode() }
}

extension PlatformCodeRequest {
    fileprivate func waveCode() -> PlatformCode {
        let effective = spring.waveEffective
        var code = "Spring(dampingRatio: \(n(zeta)), response: \(n(spring.response))\(m != 1 ? ", mass: \(n(m))" : ""))"
        if initialVelocity != 0 { code += "\nanimator.velocity = \(n(initialVelocity))" }
        let notes = [
            ExportRemark(
                .stepsEuler, "steps with semi-implicit Euler at the frame rate and snaps at its settle estimate")
        ]
        var warnings: [ExportRemark] = []
        let changed = abs(effective.dampingCoefficient - c) > 1e-9 * max(c, 1)
        if changed {
            warnings.insert(
                ExportRemark(
                    .dampingClamped,
                    "caps the damping coefficient near 60 (rubber band to 75): \(n(c)) runs as \(n(effective.dampingCoefficient)), ζ \(n(zeta)) as ζ \(n(effective.dampingRatio))"
                ),
                at: 0)
        }
        return PlatformCode(
            code: code,
            parameters: [
                ("dampingRatio", zeta), ("response", spring.response), ("mass", m),
                ("effective_dampingCoefficient", effective.dampingCoefficient),
                ("effective_dampingRatio", effective.dampingRatio)
            ],
            warnings: warnings, notes: notes, effectiveSpring: changed ? effective : nil)
    }
}

// MARK: Presets

extension WavePlatform {
    /// Wave's two default springs.
    var presets: [PlatformPreset] {
        [
            PlatformPreset(
                name: "wave-default-animated", family: "wave", title: "Wave animated", spring: .defaultAnimated,
                order: 100),
            PlatformPreset(
                name: "wave-default-interactive", family: "wave", title: "Wave interactive",
                spring: .defaultInteractive, order: 101)
        ]
    }
}
