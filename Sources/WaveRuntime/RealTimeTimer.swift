import Dispatch

/// A repeating Dispatch timer on the main queue that advances a controller by the measured time
/// between ticks (monotonic clock). It exists only while animations run.
@MainActor
final class RealTimeTimer {
    private let interval: Double
    private var source: DispatchSourceTimer?
    private var lastTick: UInt64 = 0
    /// The longest step one tick may take, so a stalled process (a debugger, a suspended laptop)
    /// does not jump animations to their end. Exact stepping would be stable anyway.
    static let maximumStep = 0.25

    init(interval: Double) {
        self.interval = interval
    }

    var isRunning: Bool { source != nil }

    func start(controller: AnimationController) {
        guard source == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let nanoseconds = Int(interval * 1e9)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
                       leeway: .microseconds(500))
        lastTick = DispatchTime.now().uptimeNanoseconds
        timer.setEventHandler { [weak controller] in
            MainActor.assumeIsolated {
                guard let controller else { return }
                controller.realTimeTick()
            }
        }
        source = timer
        timer.resume()
    }

    /// The seconds since the previous tick, capped at ``maximumStep``.
    func elapsed() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        let dt = Double(now &- lastTick) / 1e9
        lastTick = now
        return min(max(dt, 0), RealTimeTimer.maximumStep)
    }

    func stop() {
        source?.cancel()
        source = nil
    }

    isolated deinit {
        source?.cancel()
    }
}

