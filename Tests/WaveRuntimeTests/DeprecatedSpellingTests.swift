import SpringMath
import Testing
import WaveRuntime

/// Wave's own spelling (`settlingTime`) stays beside SpringKit's name and gives what it gives. It is
/// deprecated and CI builds with warnings as errors: it is used only inside a deprecated function,
/// reached through a protocol so that no call site names it.
@MainActor
protocol WaveRuntimeOldSpellingCheck {
    static func failures() -> [String]
}

@Suite("Wave's spellings forward to SpringKit's names")
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
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .smooth, value: 0.0, target: 1.0, controller: controller)
        animator.start()
        controller.advance(by: 1.0 / 60)
        expect(
            animator.settlingTime == animator.remainingSettleTime && animator.settlingTime > 0,
            "SpringAnimator.settlingTime")
        return failed
    }
}
