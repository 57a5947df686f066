import SpringMath

/// How closely a platform's model explains a recorded trajectory: the model run on the recording's
/// own frame times, compared frame by frame.
public struct RecordingMatch: Hashable, Sendable {
    public var platform: Platform
    /// The largest |model − recorded| over the frames both have, in the recording's units.
    public var maxDifference: Double
    /// ``maxDifference`` as a fraction of the travel; nil without travel.
    public var maxDifferenceFraction: Double?
    /// The recorded frame where the largest difference happens.
    public var maxDifferenceTime: Double
    public var recordedFrames: Int
    public var modelFrames: Int
    /// When the model finishes; nil when it has not after 60 s.
    public var modelFinishTime: Double?

    /// Whether the model reproduces the recording: the same number of frames and every frame within
    /// `tolerance` of the travel (10⁻⁶ by default, about what 8 significant digits keep).
    public func reproduces(tolerance: Double = 1e-6) -> Bool {
        recordedFrames == modelFrames && (maxDifferenceFraction ?? maxDifference) <= tolerance
    }
}

extension Platform {
    /// Runs this platform's model for `spring` on the recording's frame times (then `frameRate`
    /// frames per second past its end) and compares it with the recorded positions.
    ///
    /// Times that are a steady `frameRate` to within 10⁻⁶ s (a recording rounds its times) are taken
    /// as that steady rate: Rebound's stepping depends on the last bits of the frame times. The clocks
    /// that truncate on the recording's own clock (``truncatesOnItsOwnClock``) keep the listed times
    /// of a steady grid that does not start at 0.
    /// - Precondition: `times` non-empty, finite, strictly increasing, one per position; `spring`
    ///   not instantaneous; `frameRate` finite and > 0.
    public func match(
        times: [Double], positions: [Double], spring: Spring, from: Double, to: Double,
        velocity: Double, frameRate: Double, parameters: PlatformParameters = .standard
    ) -> RecordingMatch {
        precondition(times.count == positions.count && !times.isEmpty, "one position per time")
        let ownClock = truncatesOnItsOwnClock && times[0] != 0
        let steady =
            !ownClock && times.indices.allSatisfy { abs(times[$0] - times[0] - Double($0) / frameRate) <= 1e-6 }
        let schedule =
            steady ? FrameSchedule(frameRate: frameRate) : FrameSchedule(times: times, thenFrameRate: frameRate)
        let model = self.model(for: spring, from: from, to: to, velocity: velocity, parameters: parameters)
        let run = model.trajectory(
            from: from, to: to, schedule: schedule,
            limit: Swift.max(PlatformLimits.defaultLimit, (times.last! - times[0]) * 2))
        var worst = 0.0, worstTime = times[0]
        for index in 0..<Swift.min(run.positions.count, positions.count) {
            let difference = abs(run.positions[index] - positions[index])
            if difference > worst {
                worst = difference
                worstTime = times[index]
            }
        }
        // Frames one side shows and the other does not: the shorter one holds its last value.
        if run.positions.count != positions.count {
            let (longer, last) =
                run.positions.count > positions.count
                ? (run.positions, positions[positions.count - 1]) : (positions, run.positions[run.positions.count - 1])
            let shorter = Swift.min(run.positions.count, positions.count)
            for index in shorter..<longer.count {
                let difference = abs(longer[index] - last)
                if difference > worst {
                    worst = difference
                    worstTime = index < times.count ? times[index] : run.times[index] + times[0]
                }
            }
        }
        let travel = abs(to - from)
        return RecordingMatch(
            platform: self, maxDifference: worst, maxDifferenceFraction: travel > 0 ? worst / travel : nil,
            maxDifferenceTime: worstTime, recordedFrames: positions.count, modelFrames: run.positions.count,
            modelFinishTime: run.finishTime.map { $0 + times[0] })
    }

}
