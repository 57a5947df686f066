import Foundation
import SpringMath
import SpringPlatforms
import Testing

/// Issue 45: every platform model reads listed frame times without rounding artefacts. A recording's
/// clock rarely starts on a whole millisecond (a vsync 0.5 ms past one, an uptime clock at 12.3 s),
/// and floating-point subtraction must not move a frame across a millisecond boundary.
@Suite("Platform clocks on listed frame times")
struct ListedClockTests {
    static let spring = Spring(dampingRatio: 0.6, response: 0.5)
    static let frames = 150

    static func run(_ platform: Platform, _ schedule: FrameSchedule, parameters: PlatformParameters = .standard)
        -> PlatformTrajectory
    {
        platform.model(for: spring, from: 0, to: 100, velocity: 0, parameters: parameters)
            .trajectory(from: 0, to: 100, schedule: schedule, limit: 5)
    }

    /// A 60 Hz grid listed from `offset` seconds on the recording's clock.
    static func grid(offset: Double) -> FrameSchedule {
        FrameSchedule(times: (0..<frames).map { offset + Double($0) / 60 }, thenFrameRate: 60)
    }

    /// The platforms whose clock counts from the animation's start (every one but Android's
    /// Choreographer, GTK's frame clock and `Date.now()`, which truncate the time on their own clock):
    /// the same grid listed from any offset is the same motion.
    @Test(arguments: Platform.allCases.filter { !$0.truncatesOnItsOwnClock }, [0.0005, 12.345_678_9, 1_000_000.25])
    func relativeClocksIgnoreTheOffset(platform: Platform, offset: Double) {
        let base = Self.run(platform, Self.grid(offset: 0)), shifted = Self.run(platform, Self.grid(offset: offset))
        #expect(
            base.positions.count == shifted.positions.count,
            "\(platform.rawValue): \(base.positions.count) and \(shifted.positions.count) frames")
        let worst = zip(base.positions, shifted.positions).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 1e-9 * 100, "\(platform.rawValue) differs by \(worst) with the grid offset by \(offset) s")
    }

    /// Android: the frame time is the listed time truncated to a whole millisecond on the recording's
    /// clock. Times 0.5 ms past the whole milliseconds of a steady 60 Hz run (0, 16, 33, 50 … ms) are
    /// that run, float for float; a time listed at a whole millisecond is that millisecond (1.017 s
    /// is 1017 ms, though 1.017 × 1000 is 1016.999… in binary).
    @Test(arguments: [PlatformParameters.standard, PlatformParameters(minimumVisibleChange: 1.0 / 256)])
    func androidTruncatesOnItsOwnClock(parameters: PlatformParameters) {
        let steady = Self.run(.android, FrameSchedule(frameRate: 60), parameters: parameters)
        let wholeMilliseconds = (0..<Self.frames).map { (Double($0) * 1000 / 60).rounded(.down) }
        let halfPast = Self.run(
            .android, FrameSchedule(times: wholeMilliseconds.map { ($0 + 0.5) / 1000 }, thenFrameRate: 60),
            parameters: parameters)
        #expect(halfPast.positions == steady.positions)
        let exact = Self.run(
            .android, FrameSchedule(times: wholeMilliseconds.map { $0 / 1000 }, thenFrameRate: 60),
            parameters: parameters)
        #expect(exact.positions == steady.positions)
        // A grid 0.5 ms past whole milliseconds: each frame at ⌊0.5 + 16.67k⌋ ms.
        let offset = Self.run(.android, Self.grid(offset: 0.0005), parameters: parameters)
        let truncated = (0..<Self.frames).map { (0.5 + Double($0) * 1000 / 60).rounded(.down) / 1000 }
        let expected = Self.run(.android, FrameSchedule(times: truncated, thenFrameRate: 60), parameters: parameters)
        #expect(offset.positions == expected.positions)
        #expect(offset.positions != steady.positions)
    }

    /// verify's match keeps a steady grid's offset for the clocks that truncate on their own: the
    /// real library's frames on a grid 0.5 ms past whole milliseconds are reproduced exactly.
    @Test(arguments: Platform.allCases.filter(\.truncatesOnItsOwnClock))
    func matchKeepsTheOffset(platform: Platform) {
        let times = (0..<Self.frames).map { 0.0005 + Double($0) / 60 }
        let shown = Self.run(platform, FrameSchedule(times: times, thenFrameRate: 60))
        let match = platform.match(
            times: Array(times.prefix(shown.positions.count)), positions: shown.positions,
            spring: Self.spring, from: 0, to: 100, velocity: 0, frameRate: 60)
        #expect(match.reproduces(tolerance: 0), "\(platform.rawValue): \(match.maxDifference)")
    }

    /// A smaller minimum visible change lets a spring run longer before Android ends it (0.75 of it
    /// in distance, 62.5 × that per second in speed).
    @Test func androidMinimumVisibleChangeDecidesTheEnd() {
        let pixels = Self.run(.android, FrameSchedule(frameRate: 60))
        let alpha = Self.run(
            .android, FrameSchedule(frameRate: 60), parameters: PlatformParameters(minimumVisibleChange: 1.0 / 256))
        #expect(pixels.finished && alpha.finished)
        #expect(alpha.positions.count > pixels.positions.count + 10)
        // The frame before each end is still outside the band or too fast (else it would have ended there).
        let exact = SpringMotion(spring: Self.spring, from: 0.0, to: 100)
        for (run, change) in [(pixels, 1.0), (alpha, 1.0 / 256)] {
            let before = run.times[run.times.count - 2] - 1.0 / 60  // Android moves a frame late
            #expect(
                abs(exact.position(at: before) - 100) >= 0.75 * change * 0.5
                    || abs(exact.velocity(at: before)) >= 0.75 * change * 62.5 * 0.5)
        }
    }

    /// libadwaita: the frame clock's microseconds, truncated to milliseconds against the start
    /// frame's. A grid listed from 0.5 ms is the steady run whose start lies 500 µs past a millisecond.
    @Test func libadwaitaTruncatesOnItsOwnClock() throws {
        let model = try #require(
            Platform.libadwaita.model(for: Self.spring, from: 0, to: 100, velocity: 0) as? LibadwaitaSpringModel)
        var phased = model
        phased.startPhase = 500
        let listed = model.trajectory(from: 0, to: 100, schedule: Self.grid(offset: 0.0005), limit: 5)
        let steady = phased.trajectory(from: 0, to: 100, schedule: FrameSchedule(frameRate: 60), limit: 5)
        #expect(listed.positions == steady.positions)
    }
}
