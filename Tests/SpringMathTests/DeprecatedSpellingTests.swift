import SpringChoreography
import SpringMath
import Testing

/// SwiftUI's spellings, kept beside SpringKit's names because people paste SwiftUI code: they give
/// exactly what SpringKit's names give.
///
/// They are deprecated (SpringKit's names say what the numbers are), and CI builds with warnings as
/// errors: they are used only inside a deprecated function, reached through a protocol so that no
/// call site names it.
protocol SwiftUISpellingCheck {
    static func failures() -> [String]
}

@Suite("SwiftUI's spellings forward to SpringKit's names")
struct DeprecatedSpellingTests {
    @Test("SpringMath")
    func springMath() {
        let check: any SwiftUISpellingCheck.Type = SwiftUISpellings.self
        #expect(check.failures() == [])
    }
}

enum SwiftUISpellings: SwiftUISpellingCheck {
    @available(*, deprecated, message: "uses the deprecated spellings on purpose")
    static func failures() -> [String] {
        var failed: [String] = []
        func expect(_ ok: Bool, _ name: String) { if !ok { failed.append(name) } }
        let s = Spring(dampingRatio: 0.68, response: 0.8)

        expect(s.damping == s.dampingCoefficient, "Spring.damping")
        expect(
            Spring(mass: 2, stiffness: 300, damping: 12) == Spring(mass: 2, stiffness: 300, dampingCoefficient: 12),
            "init(mass:stiffness:damping:)")
        expect(s.settlingDuration == s.settleTime, "settlingDuration")
        expect(
            s.settlingDuration(target: 100, initialVelocity: -50, epsilon: 0.5)
                == s.settleTime(displacement: -100, velocity: -50, within: SettleBand(distance: 0.5)),
            "settlingDuration(target:initialVelocity:epsilon:)")
        // 0.9's settle-time spellings forward to the one entry point, bit for bit.
        let band = SettleBand(distance: 0.5)
        expect(
            s.settleTime(target: 100, initialVelocity: -50, band: 0.5)
                == s.settleTime(displacement: -100, velocity: -50, within: band),
            "settleTime(target:initialVelocity:band:)")
        expect(
            s.settleTime(displacement: 3, velocity: 7, band: 0.5)
                == s.settleTime(displacement: 3, velocity: 7, within: band),
            "settleTime(displacement:velocity:band:)")
        expect(
            s.settleTime(displacement: 3, velocity: 7, band: 0.5, speedBand: 40)
                == s.settleTime(displacement: 3, velocity: 7, within: SettleBand(distance: 0.5, speed: 40)),
            "settleTime(displacement:velocity:band:speedBand:)")
        let step = SpringMotion(spring: s, from: 10.0, to: 30.0, initialVelocity: 5)
        expect(
            step.settleTime(tolerance: 0.01)
                == s.settleTime(displacement: -20, velocity: 5, within: SettleBand(distance: 0.2)),
            "SpringMotion.settleTime(tolerance:)")
        // SpringChoreography's 0.9 settle spelling, a band on the distance alone.
        let chase = SpringChase(spring: s, from: 0.0, to: 10.0, targetVelocity: 300.0)
        expect(chase.settleTime(band: 0.5) == chase.settleTime(within: band), "SpringChase.settleTime(band:)")
        let sequence = SpringSequence(from: 0, keyframes: [SpringKeyframe(to: 100, at: 0, spring: s)])
        expect(sequence.settleTime(band: 0.5) == sequence.settleTime(within: band), "SpringSequence.settleTime(band:)")
        // 0.9's from–to spellings forward to SpringMotion, bit for bit.
        let motion = SpringMotion(spring: s, from: 3.0, to: 13.0, initialVelocity: 2.0)
        for t in [0.0, 0.05, 0.2, 0.7, 3] {
            expect(
                s.value(fromValue: 3.0, toValue: 13.0, initialVelocity: 2.0, time: t) == motion.position(at: t),
                "value(fromValue:toValue:initialVelocity:time:) at \(t)")
            expect(
                s.velocity(fromValue: 3.0, toValue: 13.0, initialVelocity: 2.0, time: t) == motion.velocity(at: t),
                "velocity(fromValue:toValue:initialVelocity:time:) at \(t)")
        }
        return failed
    }
}
