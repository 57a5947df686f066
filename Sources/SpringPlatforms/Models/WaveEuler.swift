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
