import SpringMath
import Testing

@testable import SpringPlatforms

/// SpringPlatforms' getting-started article, line for line, with its comments asserted, so that the
/// documentation stays true.
@Suite("SpringPlatforms: getting started")
struct PlatformsGettingStartedTests {
    @Test("Svelte's frames, react-spring's error at 60 and 120 Hz, Svelte's code, a compensation")
    func gettingStarted() throws {
        let spring = Spring(dampingRatio: 0.68, response: 0.8)

        let svelte = try #require(Platform(rawValue: "svelte"))
        let run = svelte.model(for: spring, from: 0, to: 100, velocity: 0)
            .trajectory(from: 0, to: 100, frameRate: 60)
        #expect(run.positions.count == 88 && run.finished)
        #expect(abs(try #require(run.times.last) - 1.45) < 1e-9)

        let report = Platform.reactSpring.report(spring: spring, from: 0, to: 100, velocity: 0, frameRate: 60)
        #expect(abs(report.maxError - 1.63) < 0.005)
        #expect(abs(try #require(report.finishTime) - 0.917) < 0.001)
        #expect(abs(report.exactSettleTime - 1.32) < 0.005)
        let at120 = Platform.reactSpring.report(spring: spring, from: 0, to: 100, velocity: 0, frameRate: 120)
        #expect(abs(at120.maxError - 8.04) < 0.005)

        let request = PlatformCodeRequest(spring: spring, motion: PlatformMotion(from: 0, to: 100, velocity: 0))
        let code = try #require(Platform.svelte.code(for: request))
        #expect(code.parameters[0].name == "stiffness")
        #expect(abs(code.parameters[0].value - 0.0171) < 1e-4)
        #expect(code.notes.map(\.code) == [.perFrameNumbers, .frameRateDependent, .endsNearRest])

        let tuned = try #require(
            Platform.reactSpring.compensated(for: spring, from: 0, to: 100, velocity: 0, frameRate: 60))
        #expect(abs(tuned.before.maxError - 1.63) < 0.005 && abs(tuned.after.maxError - 0.294) < 0.0005)
        let values = tuned.parameters.map(\.value)
        #expect(tuned.parameters.map(\.name) == ["tension", "friction", "mass", "velocity"])
        #expect(abs(values[0] - 59.3) < 0.05 && abs(values[1] - 10.5) < 0.05 && values[2] == 1 && values[3] == 0)
    }
}
