/// What a platform displays, frame by frame: the recordings' time base.
///
/// Row 0 (t = 0) holds the start value; the platform's first update is row 1, one frame later; then
/// one row a frame until the platform reports that it has finished, so the last row is the frame on
/// which it finishes (usually holding the target). When the platform has not finished by the
/// simulation's time limit, ``finished`` is false and the rows stop at the limit.
public struct PlatformTrajectory: Hashable, Sendable {
    /// Display times in seconds from the start frame.
    public var times: [Double]
    /// The displayed values.
    public var positions: [Double]
    /// True when the platform reported that it finished on the last row.
    public var finished: Bool

    public init(times: [Double], positions: [Double], finished: Bool) {
        precondition(times.count == positions.count && !times.isEmpty, "one position per time, at least one row")
        self.times = times
        self.positions = positions
        self.finished = finished
    }

    /// The index of the frame on which the platform finishes (the last row), or nil when it did not
    /// finish within the limit.
    public var finishFrame: Int? { finished ? times.count - 1 : nil }

    /// The display time of the finishing frame, in seconds, or nil when it did not finish.
    public var finishTime: Double? { finished ? times[times.count - 1] : nil }
}

/// Collects rows frame by frame for the models.
struct TrajectoryRecorder {
    var times: [Double] = []
    var positions: [Double] = []

    init(start: Double) {
        times.append(0)
        positions.append(start)
    }

    mutating func append(_ time: Double, _ position: Double) {
        times.append(time)
        positions.append(position)
    }

    /// True once the run has gone past `limit` seconds (`time` being the newest row's), holds
    /// ``PlatformLimits/maximumFrames`` rows, or its task has been cancelled (read every 1024 frames):
    /// the model stops there, unfinished.
    func reached(_ limit: Double, at time: Double) -> Bool {
        time > limit || times.count >= PlatformLimits.maximumFrames || (times.count % 1024 == 0 && Task.isCancelled)
    }

    func finish(_ finished: Bool) -> PlatformTrajectory {
        PlatformTrajectory(times: times, positions: positions, finished: finished)
    }
}

/// How far a simulation may run before a model gives up waiting for the platform to finish.
public enum PlatformLimits {
    /// Seconds of motion simulated at most (an undamped spring never finishes).
    public static let defaultLimit = 60.0

    /// Frames simulated at most in one run, whatever the limit in seconds and the frame rate: a run
    /// at a very high rate, or over a recording's very long frame list, stops there unfinished. A run
    /// inside a task also stops, unfinished, soon after the task is cancelled.
    public static let maximumFrames = 100_000

}
