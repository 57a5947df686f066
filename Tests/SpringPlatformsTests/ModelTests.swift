import Foundation
import SpringMath
import SpringTestSupport
import Testing

@testable import SpringPlatforms

/// Properties of the models that hold for any spring, beside the recordings.
@Suite struct ModelTests {
    /// A run inside a cancelled task stops within 1024 frames of the cancellation, unfinished; the
    /// same run outside goes on (to its limit, or to the end of a duration-based platform's duration).
    /// Every platform, on a spring that does not settle (ζ 0).
    @Test(arguments: Platform.allCases)
    func cancelledRunsStop(platform: Platform) async {
        let spring = Spring(dampingRatio: 0, response: 0.5)
        let model = platform.model(for: spring, from: 0, to: 100, velocity: 0)
        let schedule = FrameSchedule(frameRate: 240)
        let whole = model.trajectory(from: 0, to: 100, schedule: schedule, limit: 30)
        #expect(whole.times.count > 1400)
        let cut = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return model.trajectory(from: 0, to: 100, schedule: schedule, limit: 30)
        }.value
        #expect(!cut.finished)
        #expect(cut.times.count <= 1025, "\(platform): \(cut.times.count) frames after cancellation")
    }

    @Test func scheduleTimes() {
        let steady = FrameSchedule(frameRate: 60)
        #expect(steady.time(ofFrame: 0) == 0)
        #expect(abs(steady.time(ofFrame: 60) - 1) < 1e-15)
        #expect(steady.milliseconds(ofFrame: 3) == 3 * (1000 / 60.0))
        let listed = FrameSchedule(times: [1, 1.02, 1.05], thenFrameRate: 100)
        #expect(listed.time(ofFrame: 0) == 0)
        #expect(abs(listed.time(ofFrame: 2) - 0.05) < 1e-12)
        #expect(abs(listed.time(ofFrame: 4) - 0.07) < 1e-12)
    }

    /// Reanimated re-solves the closed form every frame: for ζ < 1 that is exact at every frame time.
    @Test(arguments: [(0.2, 0.5, 0.0), (0.68, 0.8, -300.0), (0.95, 0.3, 500.0)])
    func reanimatedIsExactBelowCritical(zeta: Double, response: Double, v0: Double) {
        let omega = 2 * Double.pi / response
        let model = ReanimatedModel(stiffness: omega * omega, damping: 2 * zeta * omega, velocity: v0)
        let run = model.trajectory(from: 0, to: 100, frameRate: 60)
        #expect(run.finished)
        for (t, x) in zip(run.times, run.positions).dropLast() {
            let expected = TextbookSpring(dampingRatio: zeta, response: response).position(
                from: 0, to: 100, velocity: v0, at: t)
            #expect(abs(x - expected) < 1e-9, "t = \(t)")
        }
    }

    /// Reanimated runs every ζ ≥ 1 as critically damped at the same ω₀: an overdamped spring
    /// arrives sooner than asked.
    @Test func reanimatedRunsOverdampedAsCritical() {
        let spring = Spring(dampingRatio: 1.5, response: 0.4)
        let run = Platform.reanimated.model(for: spring, from: 0, to: 100, velocity: 0).trajectory(
            from: 0, to: 100, frameRate: 60)
        let t = run.times[10]
        let critical = TextbookSpring(dampingRatio: 1, response: spring.response).position(from: 0, to: 100, at: t)
        #expect(abs(run.positions[10] - critical) < 1e-9)
        let exact = SpringMotion(spring: spring, from: 0.0, to: 100.0).position(at: t)
        #expect(run.positions[10] - exact > 5)
    }

    /// react-spring's 1 ms Euler steps: ceil(16.67) = 17 steps at 60 Hz, so after n frames the
    /// spring has run 17·n ms (plus nothing else). Checked against a plain Euler loop here.
    @Test func reactSpringRunsWholeMillisecondSteps() {
        let model = ReactSpringModel(tension: 170, friction: 26)
        let run = model.trajectory(from: 0, to: 1, frameRate: 60)
        var x = 0.0, v = 0.0
        for frame in 1...10 {
            for _ in 0..<17 {
                let a = -170 * 1e-6 * (x - 1) - 26 * 1e-3 * v
                v += a
                x += v
            }
            #expect(abs(run.positions[frame] - x) < 1e-12)
        }
        // At 120 Hz the first frame still runs 17 steps, the next ones 9.
        let fast = model.trajectory(from: 0, to: 1, frameRate: 120)
        #expect(abs(fast.positions[1] - run.positions[1]) < 1e-15)
    }

    /// Rebound JS starts a frame late: its first loop advances 1 ms; the Java looper's first loop
    /// gets a whole frame.
    @Test func reboundStartsLate() {
        let spring = Spring(dampingRatio: 0.5, response: 0.5)
        let js = Platform.origami.model(for: spring, from: 0, to: 100, velocity: 0).trajectory(
            from: 0, to: 100, frameRate: 60)
        let java = Platform.reboundJava.model(for: spring, from: 0, to: 100, velocity: 0).trajectory(
            from: 0, to: 100, frameRate: 60)
        let exact = SpringMotion(spring: spring, from: 0.0, to: 100.0)
        let oneFrame = exact.position(at: 1 / 60.0)
        #expect(js.positions[1] < 0.01 * oneFrame)
        #expect(java.positions[1] > 0.8 * oneFrame)
    }

    /// Motion's duration spring (Newton's method on its envelope) lands on SpringMath's closed-form
    /// inverse of the same duration and bounce.
    @Test(arguments: [(0.3, 0.5), (0.68, 0.8), (1.0, 0.4), (0.1, 1.2)])
    func motionFindsTheDurationSpring(zeta: Double, response: Double) {
        let options = Spring(dampingRatio: zeta, response: response).framerMotionDuration
        let found = MotionSpringModel.findSpring(durationMilliseconds: options.duration * 1000, bounce: options.bounce)
        let expected = Spring(framerMotion: options)
        #expect(abs(found.stiffness.squareRoot() - expected.naturalFrequency) < 1e-6 * expected.naturalFrequency)
    }

    /// Motion ignores the initial velocity of time-defined springs, keeps it for physics springs.
    @Test func motionVelocity() {
        let spring = Spring(dampingRatio: 0.5, response: 0.6)
        for platform in [Platform.framerDuration, .framerVisualDuration] {
            let model = platform.model(for: spring, from: 0, to: 100, velocity: -800)
            #expect(!model.carriesVelocity)
            let still = platform.model(for: spring, from: 0, to: 100, velocity: 0)
            #expect(
                model.trajectory(from: 0, to: 100, frameRate: 60) == still.trajectory(from: 0, to: 100, frameRate: 60))
        }
        let physics = Platform.framerPhysics.model(for: spring, from: 0, to: 100, velocity: -800)
        #expect(physics.trajectory(from: 0, to: 100, frameRate: 60).positions[1] < 0)
    }

    /// Every platform finishes on the target for a damped spring, and the exact platforms match the
    /// closed form at every displayed frame.
    @Test(arguments: Platform.allCases)
    func everyPlatformFinishesOnTarget(_ platform: Platform) {
        let spring = Spring(dampingRatio: 0.7, response: 0.5)
        let run = platform.model(for: spring, from: 10, to: 210, velocity: 300).trajectory(
            from: 10, to: 210, frameRate: 90)
        #expect(run.finished)
        #expect(run.positions.last == 210)
        #expect(run.positions.first == 10)
        #expect(zip(run.times, run.times.dropFirst()).allSatisfy { $0 < $1 })
        if platform.basis == .documentation && platform != .figma {
            let exact = SpringMotion(spring: spring, from: 10.0, to: 210.0, initialVelocity: 300)
            for (t, x) in zip(run.times, run.positions).dropLast() { #expect(abs(x - exact.position(at: t)) < 1e-9) }
        }
    }

    /// An undamped spring never finishes: the models stop at the limit and say so.
    @Test(arguments: [Platform.reactSpring, .origami, .reanimated, .framerPhysics])
    func undampedSpringsStopAtTheLimit(_ platform: Platform) {
        let model = platform.model(for: Spring(dampingRatio: 0, response: 0.5), from: 0, to: 100, velocity: 0)
        let run = model.trajectory(from: 0, to: 100, schedule: FrameSchedule(frameRate: 60), limit: 2)
        #expect(!run.finished)
        #expect(run.finishTime == nil)
        #expect(run.times.last! > 2 && run.times.last! < 2.1)
    }

    /// Retuning for the frame rate shrinks react-spring's and Rebound Java's error, and never makes
    /// a platform worse.
    @Test(arguments: [60.0, 120.0])
    func compensationHelps(fps: Double) throws {
        let spring = Spring(dampingRatio: 0.68, response: 0.8)
        let react = try #require(
            Platform.reactSpring.compensated(for: spring, from: 0, to: 100, velocity: 0, frameRate: fps))
        #expect(react.after.maxError < react.before.maxError / 2)
        let java = try #require(
            Platform.reboundJava.compensated(for: spring, from: 0, to: 100, velocity: 0, frameRate: fps))
        #expect(java.after.maxError < java.before.maxError / 2)
        let js = try #require(Platform.origami.compensated(for: spring, from: 0, to: 100, velocity: 0, frameRate: fps))
        #expect(js.after.maxError <= js.before.maxError)
        #expect(Platform.reanimated.compensated(for: spring, from: 0, to: 100, velocity: 0, frameRate: fps) == nil)
        // Each compensation says which platform it retunes, and its values are in that platform's convention.
        #expect(react.platform == .reactSpring && java.platform == .reboundJava && js.platform == .origami)
        guard case .reactSpring = react.values, case .reboundJava = java.values, case .reboundJavaScript = js.values
        else {
            Issue.record("a compensation's values are not in its platform's convention")
            return
        }
        #expect(react.parameters.map(\.name) == ["tension", "friction", "mass", "velocity"])
        #expect(java.parameters.map(\.name) == ["tension", "friction", "velocity"])
        #expect(js.parameters.map(\.name) == ["tension", "friction", "velocity", "origamiTension", "origamiFriction"])
    }
}
