import Testing
import SpringMath
import SpringExport
import SpringPlatforms

/// The SpringPlatforms and SpringExport spellings renamed in this release still compile for one
/// release and give what their new names give. The old spellings are deprecated and CI builds with
/// warnings as errors: they are used only inside a deprecated function, reached through a protocol so
/// that no call site names it.
protocol PlatformsOldSpellingCheck {
    static func failures() -> [String]
}

@Suite("Deprecated SpringPlatforms and SpringExport spellings forward to the new names")
struct DeprecatedSpellingTests {
    @Test("SpringPlatforms and SpringExport")
    func platformsAndExport() {
        let check: any PlatformsOldSpellingCheck.Type = PlatformsOldSpellings.self
        #expect(check.failures() == [])
    }
}

enum PlatformsOldSpellings: PlatformsOldSpellingCheck {
    @available(*, deprecated, message: "uses the deprecated spellings on purpose")
    static func failures() -> [String] {
        var failed: [String] = []
        func expect(_ ok: Bool, _ name: String) { if !ok { failed.append(name) } }
        let spring = Spring(dampingRatio: 0.68, response: 0.8)

        expect(FrameSchedule(rate: 60) == FrameSchedule(frameRate: 60) && FrameSchedule(rate: 60).rate == 60, "FrameSchedule(rate:), rate")
        expect(FrameSchedule(times: [0, 0.02], thenRate: 50) == FrameSchedule(times: [0, 0.02], thenFrameRate: 50),
               "FrameSchedule(times:thenRate:)")
        expect(PlatformLimits.defaultDuration == PlatformLimits.defaultLimit, "PlatformLimits.defaultDuration")
        expect(Platform.settleFraction == Platform.settleTolerance, "Platform.settleFraction")

        let model: any PlatformStepping = Platform.reactSpring.model(for: spring, from: 0, to: 100, velocity: 0)
        expect(model.trajectory(from: 0, to: 100, fps: 60) == model.trajectory(from: 0, to: 100, frameRate: 60),
               "PlatformStepping, trajectory(from:to:fps:)")
        let report = Platform.reactSpring.report(spring: spring, from: 0, to: 100, velocity: 0, fps: 60)
        expect(report == Platform.reactSpring.report(spring: spring, from: 0, to: 100, velocity: 0, frameRate: 60)
               && report.fps == report.frameRate, "report(spring:from:to:velocity:fps:), PlatformReport.fps")
        expect(PlatformReport.measure(model, spring: spring, from: 0, to: 100, velocity: 0, fps: 120)
               == PlatformReport.measure(model, spring: spring, from: 0, to: 100, velocity: 0, frameRate: 120),
               "PlatformReport.measure(_:spring:from:to:velocity:fps:)")
        let old = Platform.reboundJava.compensated(for: spring, from: 0, to: 100, velocity: 0, fps: 60)
        let new = Platform.reboundJava.compensated(for: spring, from: 0, to: 100, velocity: 0, frameRate: 60)
        expect(old?.fps == 60 && old?.after == new?.after, "compensated(for:from:to:velocity:fps:), Compensation.fps")
        let times = (0..<20).map { Double($0) / 60 }
        let positions = Platform.reactSpring.model(for: spring, from: 0, to: 100, velocity: 0)
            .trajectory(from: 0, to: 100, frameRate: 60).positions.prefix(20).map { $0 }
        expect(Platform.reactSpring.match(times: times, positions: positions, spring: spring, from: 0, to: 100, velocity: 0, fps: 60)
               == Platform.reactSpring.match(times: times, positions: positions, spring: spring, from: 0, to: 100, velocity: 0,
                                             frameRate: 60), "match(times:positions:spring:from:to:velocity:fps:)")

        typealias Finish = ExactPlatformModel.Finish
        expect(Finish.settled(fraction: 1e-3) == .settled(tolerance: 1e-3), "Finish.settled(fraction:)")
        expect(Finish.settledWithin(distance: 0.01) == .settledWithin(band: 0.01), "Finish.settledWithin(distance:)")
        expect(Finish.tolerance(distance: 1e-3, speed: 1e-3) == .restTest(distance: 1e-3, speed: 1e-3), "Finish.tolerance(distance:speed:)")

        var request = ExportRequest(spring: spring, from: 0, to: 100, velocity: -300)
        expect(request.initialVelocity == -300 && request.velocity == -300, "ExportRequest(velocity:), velocity")
        request.velocity = 40
        expect(request.initialVelocity == 40, "ExportRequest.velocity (set)")
        let reactSpring = try? request.export(.reactSpring)
        expect(reactSpring?.parameter("tension") == spring.stiffness && reactSpring?.parameter("missing") == nil,
               "TargetExport.parameter(_:)")
        return failed
    }
}
