/// When a platform's frames are displayed: a steady rate, or a list of recorded frame times followed
/// by a steady rate.
///
/// Frame 0 is the frame on which the animation starts (its row holds the start value); the
/// platform's first update is displayed on frame 1. Times are seconds from frame 0. A JavaScript
/// frame loop sees the same instants as milliseconds (``milliseconds(ofFrame:)``), which is the
/// unit every web library's stepping rule works in.
public struct FrameSchedule: Hashable, Sendable {
    /// The frame rate, in frames per second, after the listed times (or from the start, when none
    /// are listed).
    public let frameRate: Double
    /// Recorded frame times in seconds, first 0, strictly increasing; empty for a steady rate.
    public let listedTimes: [Double]

    /// A steady `frameRate` in frames per second.
    /// - Precondition: `frameRate` is finite and > 0.
    public init(frameRate: Double) {
        precondition(frameRate.isFinite && frameRate > 0, "frameRate must be finite and > 0")
        self.frameRate = frameRate
        self.listedTimes = []
    }

    /// Recorded frame times (seconds; shifted so that the first is 0), then `frameRate` frames per
    /// second once they run out.
    /// - Precondition: `times` is non-empty, finite and strictly increasing; `frameRate` finite and > 0.
    public init(times: [Double], thenFrameRate frameRate: Double) {
        precondition(frameRate.isFinite && frameRate > 0, "frameRate must be finite and > 0")
        precondition(!times.isEmpty, "times must not be empty")
        precondition(times.allSatisfy(\.isFinite), "times must be finite")
        precondition(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "times must increase strictly")
        self.frameRate = frameRate
        self.listedTimes = times.map { $0 - times[0] }
    }

    /// The display time of `frame`, in seconds from frame 0.
    public func time(ofFrame frame: Int) -> Double {
        if frame < listedTimes.count { return listedTimes[frame] }
        if listedTimes.isEmpty { return Double(frame) / frameRate }
        return listedTimes[listedTimes.count - 1] + Double(frame - listedTimes.count + 1) / frameRate
    }

    /// The display time of `frame` in milliseconds, as a JavaScript frame loop reports it: for a
    /// steady rate, `frame × (1000 / frameRate)`. Rebound's accumulator is sensitive to the last bit of
    /// these times (a sub-step more or less every third frame at 60 Hz); this is the arithmetic the
    /// recordings were made with.
    public func milliseconds(ofFrame frame: Int) -> Double {
        if listedTimes.isEmpty { return Double(frame) * (1000 / frameRate) }
        return time(ofFrame: frame) * 1000
    }

    /// The nominal frame interval in seconds (`1 / frameRate`).
    public var interval: Double { 1 / frameRate }
}
