import SpringMath

/// How far what a platform displays strays from the spring that was asked for, at one frame rate.
public struct PlatformReport: Hashable, Sendable {
    /// The frame rate, in frames per second.
    public var frameRate: Double
    /// The largest distance between a displayed frame and the exact motion at that frame's time, in
    /// the motion's units. Frames after the platform finishes show the target and count until the
    /// exact motion settles.
    public var maxError: Double
    /// ``maxError`` as a fraction of the travel; nil when there is no travel.
    public var maxErrorFraction: Double?
    /// When the largest error happens, in seconds.
    public var maxErrorTime: Double
    /// The platform's finishing frame time in seconds; nil when it has not finished after 60 s.
    public var finishTime: Double?
    /// When the exact motion stays within 0.1 % of the travel for good, in seconds.
    public var exactSettleTime: Double
    /// False when the platform drops the initial velocity (only said when there is one).
    public var velocityKept: Bool

    /// True when the finish is at least one frame away from the exact settle time.
    public var finishWarrantsWarning: Bool {
        guard let finishTime else { return exactSettleTime.isFinite }
        guard exactSettleTime.isFinite else { return false }
        return abs(finishTime - exactSettleTime) >= 1 / frameRate - 1e-12
    }

}

extension PlatformTrajectory {
    /// The largest distance from `motion` over the displayed frames and, once the platform has
    /// finished, the frames showing the target until `until` (seconds), for at most
    /// ``PlatformLimits/maximumFrames`` frames after the finish (a motion that settles later than
    /// that is measured up to there).
    public func largestError(from motion: SpringMotion<Double>, schedule: FrameSchedule, until: Double) -> (
        error: Double, time: Double
    ) {
        var worst = 0.0, worstTime = 0.0
        for (t, x) in zip(times, positions) {
            let e = abs(x - motion.position(at: t))
            if e > worst {
                worst = e
                worstTime = t
            }
        }
        guard finished, until.isFinite else { return (worst, worstTime) }
        var frame = times.count
        let lastFrame = times.count + PlatformLimits.maximumFrames
        while frame < lastFrame {
            let t = schedule.time(ofFrame: frame)
            if t > until + schedule.interval { break }
            let e = abs(motion.to - motion.position(at: t))
            if e > worst {
                worst = e
                worstTime = t
            }
            frame += 1
        }
        return (worst, worstTime)
    }
}

extension Platform {
    /// The settle tolerance of ``PlatformReport/exactSettleTime``: 0.1 % of the travel (0.001 units
    /// without travel).
    public static let settleTolerance = 1e-3

    /// When the exact motion stays within 0.1 % of the travel for good.
    public static func exactSettleTime(of motion: SpringMotion<Double>) -> Double {
        let travel = abs(motion.to - motion.from)
        let band = travel > 0 ? settleTolerance * travel : settleTolerance
        return motion.spring.settleTime(
            displacement: motion.from - motion.to, velocity: motion.initialVelocity, within: SettleBand(distance: band))
    }

    /// What this platform displays for the spring and motion at `frameRate` (frames per second),
    /// measured against the exact motion.
    /// - Precondition: `spring` is not instantaneous; `frameRate` finite and > 0; the motion finite.
    public func report(spring: Spring, from: Double, to: Double, velocity: Double, frameRate: Double) -> PlatformReport
    {
        let model = self.model(for: spring, from: from, to: to, velocity: velocity)
        return PlatformReport.measure(
            model, spring: spring, from: from, to: to, velocity: velocity, frameRate: frameRate)
    }

}

extension PlatformReport {
    /// Runs `model` at `frameRate` (frames per second) and measures it against the exact motion of
    /// `spring`.
    public static func measure(
        _ model: any PlatformModel, spring: Spring, from: Double, to: Double,
        velocity: Double, frameRate: Double
    ) -> PlatformReport {
        let schedule = FrameSchedule(frameRate: frameRate)
        let exact = SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity)
        let settle = Platform.exactSettleTime(of: exact)
        let trajectory = model.trajectory(from: from, to: to, schedule: schedule)
        let (error, time) = trajectory.largestError(from: exact, schedule: schedule, until: settle)
        let travel = abs(to - from)
        return PlatformReport(
            frameRate: frameRate, maxError: error, maxErrorFraction: travel > 0 ? error / travel : nil,
            maxErrorTime: time, finishTime: trajectory.finishTime, exactSettleTime: settle,
            velocityKept: velocity == 0 || model.carriesVelocity)
    }

}
