import SpringConventions
import SpringMath
import Testing

/// SpringConventions' getting-started article, line for line, with its comments asserted, so that
/// the documentation stays true.
@Suite("SpringConventions: getting started")
struct ConventionsGettingStartedTests {
    @Test("react-spring's default config, a refusal's code, pasted React Native code, the nearest preset")
    func gettingStarted() throws {
        let input = SpringInput(values: ["react-spring-tension": [170], "friction": [26]])
        let named = try input.springs(maximum: 1)[0]
        #expect(named.name == "tension 170, friction 26")
        #expect(abs(named.spring.dampingRatio - 0.997) < 5e-4)
        #expect(abs(named.spring.response - 0.482) < 5e-4)

        do {
            _ = try SpringInput(values: ["damping": [-1]]).springs(maximum: 1)
            Issue.record("a negative damping ratio was taken")
        } catch {
            #expect(error.code == .outOfRange && error.parameter == "damping")
            #expect(error.message == "must be ≥ 0 (got -1.0)")
        }

        let pasted = try SpringCode("Animated.spring(value, { toValue: 100, tension: 40, friction: 7 })")
        #expect(pasted.reading == "React Native Animated.spring tension 40.0, friction 7.0 (Origami's numbers)")
        #expect(abs(pasted.spring.spring.dampingRatio - 0.725) < 5e-4)

        let near = try #require(nearestPreset(to: Spring(dampingRatio: 0.5, stiffness: 1500)))
        #expect(near.preset.name == "android-medium-medium-bouncy")
        #expect(near.preset.title == "SpringForce STIFFNESS_MEDIUM, DAMPING_RATIO_MEDIUM_BOUNCY")
    }
}
