import Foundation
import SpringMath
import Testing

@testable import SpringPlatforms

/// React Native's Animated.spring, Svelte's spring store and anime.js's spring, beyond reproducing
/// their recordings (RecordingTests): what each does that people are told about.
@Suite("React Native, Svelte and anime.js")
struct JavaScriptPlatformTests {
    /// The real Svelte store at 120 Hz (stiffness 0.1, damping 0.25) moves as the continuous spring
    /// of stiffness 0.1·60·120 and damping 0.25·120 (what the export's note states), and not as the
    /// spring the same numbers give at 60 Hz: the recording, not the model, decides. (Its Euler step
    /// leads the spring by half a frame, which the comparison takes out.)
    @Test func svelteAt120HzIsAnotherSpring() throws {
        let recording = try Recording(name: "svelte_S2_120hz.csv")
        func worst(_ k: Double, _ c: Double) -> Double {
            let motion = SpringMotion(spring: Spring(mass: 1, stiffness: k, dampingCoefficient: c), from: 0.0, to: 100)
            return zip(recording.times, recording.positions).map { abs(motion.position(at: $0 + 0.5 / 120) - $1) }
                .max()!
        }
        let model = SvelteSpringModel(stiffness: 0.1, damping: 0.25)
        let at120 = model.spring(atFrameRate: 120), at60 = model.spring(atFrameRate: 60)
        #expect(at120.stiffness == 720 && at120.dampingCoefficient == 30)
        let near = worst(at120.stiffness, at120.dampingCoefficient),
            far = worst(at60.stiffness, at60.dampingCoefficient)
        print("svelte 120 Hz recording: \(near) from the 120 Hz reading, \(far) from the 60 Hz one")
        #expect(near < 4 && far > 5 * near)
    }

    /// The numbers `init(stiffness:dampingCoefficient:frameRate:)` gives for a rate run that rate's
    /// frames closer to the asked spring than the 60 Hz numbers do there.
    @Test(arguments: [120.0, 144, 240])
    func svelteNumbersPerRate(rate: Double) {
        let spring = Spring(dampingRatio: 0.68, response: 0.8)
        let exact = SpringMotion(spring: spring, from: 0.0, to: 100)
        func worst(_ model: SvelteSpringModel) -> Double {
            let run = model.trajectory(from: 0, to: 100, frameRate: rate)
            return zip(run.times, run.positions).dropLast().map { abs(exact.position(at: $0) - $1) }.max()!
        }
        let own = worst(
            SvelteSpringModel(
                stiffness: spring.stiffness, dampingCoefficient: spring.dampingCoefficient, frameRate: rate))
        let sixty = worst(
            SvelteSpringModel(stiffness: spring.stiffness, dampingCoefficient: spring.dampingCoefficient, frameRate: 60)
        )
        #expect(own < 3 && sixty > 3 * own, "\(rate) Hz: \(own) with its own numbers, \(sixty) with 60 Hz's")
    }

    /// React Native and anime.js count whole milliseconds of `Date.now()`: a grid 0.5 ms past whole
    /// milliseconds is the steady run whose frames fall ⌊0.5 + 16.67k⌋ ms.
    @Test(arguments: [Platform.reactNative, .animeJS])
    func dateNowTruncates(platform: Platform) {
        let spring = Spring(dampingRatio: 0.6, response: 0.5)
        let model = platform.model(for: spring, from: 0, to: 100, velocity: 0)
        let offset = (0..<150).map { 0.0005 + Double($0) / 60 }
        let truncated = (0..<150).map { (0.5 + Double($0) * 1000 / 60).rounded(.down) / 1000 }
        let a = model.trajectory(from: 0, to: 100, schedule: FrameSchedule(times: offset, thenFrameRate: 60))
        let b = model.trajectory(from: 0, to: 100, schedule: FrameSchedule(times: truncated, thenFrameRate: 60))
        #expect(a.positions == b.positions)
    }

    /// anime.js's settling duration for its default spring (mass 1, stiffness 100, damping 10) is the
    /// 1760 ms the recording's header states; its bounce/duration form rounds as documented.
    @Test func animeSettlingDuration() {
        #expect(AnimeSpringModel().settlingDuration == 1760)
        let (k, c) = AnimeSpringModel.parameters(bounce: 0.3, duration: 500)
        #expect(k == 157.914 && c == 17.593)
        // A mass below 1 is raised to 1; ω₀ is capped at 1000 rad/s.
        #expect(AnimeSpringModel(mass: 0.5).mass == 1)
    }

    /// React Native runs ζ ≥ 1 critically damped at ω₀: an overdamped spring arrives sooner than
    /// the exact one.
    @Test func reactNativeOverdampedRunsCritical() {
        let spring = Spring(dampingRatio: 2, response: 0.5)
        let run = Platform.reactNative.model(for: spring, from: 0, to: 100, velocity: 0).trajectory(
            from: 0, to: 100, frameRate: 60)
        let critical = SpringMotion(spring: Spring(dampingRatio: 1, response: 0.5), from: 0.0, to: 100)
        let worst = zip(run.times, run.positions).dropLast().map { abs(critical.position(at: $0) - $1) }.max()!
        #expect(worst < 1.5)  // whole-ms clock only
    }
}
