import SpringMath

/// A platform that shows the exact spring at each frame time (SwiftUI, UIKit, Core Animation,
/// Flutter, Jetpack Compose, Figma), with the rule by which it ends.
public struct ExactPlatformModel: PlatformStepping, Hashable {
    /// When the platform lets go of the motion and shows the target.
    public enum Finish: Hashable, Sendable {
        /// At a fixed time in seconds (Core Animation's `duration`).
        case at(seconds: Double)
        /// On the first frame where both the distance to the target and the speed are below these
        /// absolute thresholds (Flutter's `Tolerance`: 10⁻³ and 10⁻³ per second).
        case tolerance(distance: Double, speed: Double)
        /// From the time the exact motion stays within this fraction of the travel for good.
        case settled(fraction: Double)
        /// From the time the exact motion stays within this absolute distance for good (Compose's
        /// visibility threshold, 0.01).
        case settledWithin(distance: Double)
    }

    public var spring: Spring
    /// Units per second.
    public var velocity: Double
    public var finish: Finish
    /// Whether the platform's API takes the velocity (Figma's export carries none).
    public var takesVelocity: Bool

    public init(spring: Spring, velocity: Double = 0, finish: Finish, takesVelocity: Bool = true) {
        self.spring = spring
        self.velocity = velocity
        self.finish = finish
        self.takesVelocity = takesVelocity
    }

    public var carriesVelocity: Bool { takesVelocity }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let motion = SpringMotion(spring: spring, from: from, to: to, initialVelocity: takesVelocity ? velocity : 0)
        let end: Double?
        switch finish {
        case .at(let seconds): end = seconds
        case .settled(let fraction):
            let tolerance = fraction * Swift.max(abs(to - from), .leastNormalMagnitude)
            let settle = spring.settlingDuration(displacement: motion.from - to, velocity: motion.initialVelocity, epsilon: tolerance)
            end = settle.isFinite ? settle : nil
        case .settledWithin(let distance):
            let settle = spring.settlingDuration(displacement: motion.from - to, velocity: motion.initialVelocity, epsilon: distance)
            end = settle.isFinite ? settle : nil
        case .tolerance: end = nil
        }
        var recorder = TrajectoryRecorder(start: from)
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            let state = motion.state(at: time)
            var done = false
            switch finish {
            case .tolerance(let distance, let speed):
                done = abs(state.position - to) < distance && abs(state.velocity) < speed
            case .at, .settled, .settledWithin:
                if let end { done = time >= end }
            }
            if done {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            recorder.append(time, state.position)
            if time > limit { return recorder.finish(false) }
            frame += 1
        }
    }
}
