import SpringMath

/// A platform that shows the exact spring at each frame time (SwiftUI, UIKit, Core Animation,
/// Flutter, Jetpack Compose, Figma), with the rule by which it ends.
public struct ExactPlatformModel: PlatformModel, Hashable {
    /// When the platform lets go of the motion and shows the target.
    public enum Finish: Hashable, Sendable {
        /// At a fixed time in seconds (Core Animation's `duration`).
        case at(seconds: Double)
        /// On the first frame where both the distance to the target and the speed are below these
        /// absolute thresholds (Flutter's `Tolerance`: 10⁻³ and 10⁻³ per second).
        case restTest(distance: Double, speed: Double)
        /// From the settle time for this tolerance, a fraction of the travel.
        case settled(tolerance: Double)
        /// From the settle time for this band, an absolute distance from the target (Compose's
        /// visibility threshold, 0.01).
        case settledWithin(band: Double)

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
        case .settled(let tolerance):
            let band = tolerance * Swift.max(abs(to - from), .leastNormalMagnitude)
            let settle = spring.settleTime(
                displacement: motion.from - to, velocity: motion.initialVelocity, within: SettleBand(distance: band))
            end = settle.isFinite ? settle : nil
        case .settledWithin(let band):
            let settle = spring.settleTime(
                displacement: motion.from - to, velocity: motion.initialVelocity, within: SettleBand(distance: band))
            end = settle.isFinite ? settle : nil
        case .restTest: end = nil
        }
        var recorder = TrajectoryRecorder(start: from)
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            let state = motion.state(at: time)
            var done = false
            switch finish {
            case .restTest(let distance, let speed):
                done = abs(state.position - to) < distance && abs(state.velocity) < speed
            case .at, .settled, .settledWithin:
                if let end { done = time >= end }
            }
            if done {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            recorder.append(time, state.position)
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}
