import Testing
import SpringMath
import WaveRuntime

/// The WaveRuntime spellings renamed in this release still compile for one release and give what their
/// new names give. The old spellings are deprecated and CI builds with warnings as errors: they are
/// used only inside a deprecated function, reached through a protocol so that no call site names it.
@MainActor
protocol WaveRuntimeOldSpellingCheck {
    static func failures() -> [String]
}

@Suite("Deprecated WaveRuntime spellings forward to the new names")
@MainActor
struct DeprecatedSpellingTests {
    @Test("WaveRuntime")
    func waveRuntime() {
        let check: any WaveRuntimeOldSpellingCheck.Type = WaveRuntimeOldSpellings.self
        #expect(check.failures() == [])
    }
}

@MainActor
enum WaveRuntimeOldSpellings: WaveRuntimeOldSpellingCheck {
    @available(*, deprecated, message: "uses the deprecated spellings on purpose")
    static func failures() -> [String] {
        var failed: [String] = []
        func expect(_ ok: Bool, _ name: String) { if !ok { failed.append(name) } }
        let source = RealTimeFrameSource(framesPerSecond: 240)
        expect(source.frameRate == 240 && source.framesPerSecond == 240, "RealTimeFrameSource(framesPerSecond:), framesPerSecond")
        expect(RealTimeFrameSource.maximumStep == RealTimeFrameSource.maximumFrameInterval, "maximumStep")

        let controller = AnimationController()
        let animator = SpringAnimator(spring: .smooth, value: 0.0, target: 1.0, controller: controller)
        animator.start()
        controller.advance(by: 1.0 / 60)
        expect(animator.settlingTime == animator.remainingSettleTime && animator.settlingTime > 0, "SpringAnimator.settlingTime")
        return failed
    }
}
