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
                == s.settleTime(target: 100, initialVelocity: -50, band: 0.5),
            "settlingDuration(target:initialVelocity:epsilon:)")
        return failed
    }
}
