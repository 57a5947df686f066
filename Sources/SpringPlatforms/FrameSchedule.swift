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
    /// The listed times as given, on the recording's own clock (empty for a steady rate): the clocks
    /// that truncate to whole milliseconds or microseconds (Android's, GTK's) truncate these.
    let recordedTimes: [Double]

    /// A steady `frameRate` in frames per second.
    /// - Precondition: `frameRate` is finite and > 0.
    public init(frameRate: Double) {
        precondition(frameRate.isFinite && frameRate > 0, "frameRate must be finite and > 0")
        self.frameRate = frameRate
        self.listedTimes = []
        self.recordedTimes = []
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
        self.recordedTimes = times
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
    /// recordings were made with. For listed times, the whole nanoseconds since frame 0
    /// (``nanoseconds(ofFrame:)``) over 10⁶, so a whole millisecond is whole whatever the offset of
    /// the recording's clock (1.0175 s − 0.0005 s is 1017 ms, not 1016.999…).
    public func milliseconds(ofFrame frame: Int) -> Double {
        if listedTimes.isEmpty { return Double(frame) * (1000 / frameRate) }
        return (nanoseconds(ofFrame: frame) - nanoseconds(ofFrame: 0)) / 1e6
    }

    /// The display time of `frame` on the recording's own clock in whole nanoseconds (a listed time
    /// rounded to the nanosecond, which is all a frame clock carries; for a steady rate, from 0).
    public func nanoseconds(ofFrame frame: Int) -> Double {
        if recordedTimes.isEmpty { return (Double(frame) * 1e9 / frameRate).rounded() }
        if frame < recordedTimes.count { return (recordedTimes[frame] * 1e9).rounded() }
        let last = (recordedTimes[recordedTimes.count - 1] * 1e9).rounded()
        return last + (Double(frame - recordedTimes.count + 1) * 1e9 / frameRate).rounded()
    }

    /// The display time of `frame` truncated to a whole millisecond on the recording's own clock, as
    /// Android's Choreographer reports it (frame time in ns / 1 000 000).
    public func wholeMilliseconds(ofFrame frame: Int) -> Double {
        (nanoseconds(ofFrame: frame) / 1e6).rounded(.down)
    }

    /// The nominal frame interval in seconds (`1 / frameRate`).
    public var interval: Double { 1 / frameRate }
}
