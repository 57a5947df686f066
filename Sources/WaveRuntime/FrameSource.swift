import Dispatch

/// A source of frames: something that, once started, calls back once per frame with the seconds
/// elapsed since the previous frame, until it is stopped.
///
/// An ``AnimationController`` starts its source when it has animations to run and stops it when
/// none remain. ``RealTimeFrameSource`` is the real-time one; a game loop, a display link, a test's
/// own clock or an offline renderer can conform too:
///
/// ```swift
/// final class LoopFrames: FrameSource {
///     var onFrame: (@MainActor (Double) -> Void)?
///     func start(onFrame: @escaping @MainActor (Double) -> Void) { self.onFrame = onFrame }
///     func stop() { onFrame = nil }
///     func tick(_ dt: Double) { onFrame?(dt) }      // call from your loop
/// }
/// let controller = AnimationController(frameSource: LoopFrames())
/// ```
///
/// Contract: after `start(onFrame:)`, call `onFrame` on the main actor with a finite step ≥ 0 per
/// frame; after `stop()`, call it no more. `start` may be called again after `stop`. A controller
/// holds its source strongly and the source must not hold the controller strongly (the controller's
/// callback holds it weakly).
@MainActor
public protocol FrameSource: AnyObject {
    /// Begin delivering frames to `onFrame`. Called by the controller only while stopped.
    func start(onFrame: @escaping @MainActor (_ deltaTime: Double) -> Void)
    /// Stop delivering frames.
    func stop()
}

/// Frames in real time: a repeating Dispatch timer on the main queue that reports the measured time
/// between ticks (monotonic clock). It runs only between `start` and `stop`.
///
/// On Linux the main queue only runs when the program lets it: end `main` with `dispatchMain()`, or
/// use an async `main` that awaits.
@MainActor
public final class RealTimeFrameSource: FrameSource {
    /// The frame rate the timer aims for, in ticks per second.
    public let frameRate: Double
    private var source: DispatchSourceTimer?
    private var lastTick: UInt64 = 0
    /// The longest frame interval one tick may report, so a stalled process (a debugger, a suspended
    /// laptop) does not jump animations to their end. Exact stepping would be stable anyway.
    public static let maximumFrameInterval = 0.25

    /// A timer aiming for `frameRate` ticks per second.
    /// - Precondition: `frameRate` is finite and > 0.
    public init(frameRate: Double = 60) {
        precondition(frameRate.isFinite && frameRate > 0, "frameRate must be finite and > 0")
        self.frameRate = frameRate
    }

    /// Whether the timer is running.
    public var isRunning: Bool { source != nil }

    public func start(onFrame: @escaping @MainActor (Double) -> Void) {
        guard source == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let nanoseconds = Int(1e9 / frameRate)
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .microseconds(500))
        lastTick = DispatchTime.now().uptimeNanoseconds
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.source != nil else { return }
                onFrame(self.elapsed())
            }
        }
        source = timer
        timer.resume()
    }

    public func stop() {
        source?.cancel()
        source = nil
    }

    /// The seconds since the previous tick, capped at ``maximumFrameInterval``.
    private func elapsed() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        let dt = Double(now &- lastTick) / 1e9
        lastTick = now
        return min(max(dt, 0), RealTimeFrameSource.maximumFrameInterval)
    }

    isolated deinit {
        source?.cancel()
    }
}
