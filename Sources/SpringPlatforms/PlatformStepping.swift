/// A model of how one platform steps a spring: given where the motion starts and ends and when the
/// frames are displayed, the values the platform shows, frame by frame, until it says it has
/// finished.
///
/// Each model holds the parameters in the platform's own convention and units, exactly as a user
/// hands them to the platform (``Platform/model(for:from:to:velocity:parameters:)`` builds the ones `springplot
/// export` prints).
public protocol PlatformModel: Sendable {
    /// The displayed rows for a motion from `from` to `to` (see ``PlatformTrajectory``).
    ///
    /// - Parameters:
    ///   - from: the start value.
    ///   - to: the target.
    ///   - schedule: when the frames are displayed.
    ///   - limit: seconds of motion simulated at most; a platform still moving then gives a
    ///     trajectory with `finished == false`.
    func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory

    /// False when the platform drops the initial velocity it was given (or has no way to take one).
    var carriesVelocity: Bool { get }
}

extension PlatformModel {
    /// ``trajectory(from:to:schedule:limit:)`` with the default limit of 60 s.
    public func trajectory(from: Double, to: Double, schedule: FrameSchedule) -> PlatformTrajectory {
        trajectory(from: from, to: to, schedule: schedule, limit: PlatformLimits.defaultLimit)
    }

    /// ``trajectory(from:to:schedule:limit:)`` at a steady `frameRate`, in frames per second.
    public func trajectory(from: Double, to: Double, frameRate: Double) -> PlatformTrajectory {
        trajectory(
            from: from, to: to, schedule: FrameSchedule(frameRate: frameRate), limit: PlatformLimits.defaultLimit)
    }

    public var carriesVelocity: Bool { true }
}

/// JavaScript's `Math.round` for the non-negative times the models round: halves go up.
@inline(__always)
func javaScriptRound(_ x: Double) -> Double { (x + 0.5).rounded(.down) }
