import SpringChoreography
import SpringMath
import Testing

/// SpringChoreography's getting-started article, line for line, its comments asserted.
@Suite("SpringChoreography getting started")
struct ChoreographyGettingStartedTests {
    @Test("The sequence hands over at 0.45 s and settles; the chase trails by its lag")
    func article() {
        let sequence = SpringSequence(
            from: 0,
            keyframes: [
                SpringKeyframe(to: 100, at: 0, spring: Spring(dampingRatio: 0.68, response: 0.8)),
                SpringKeyframe(to: 40, at: 0.45, spring: Spring(dampingRatio: 1, response: 0.3))
            ])
        let first = SpringMotion(spring: Spring(dampingRatio: 0.68, response: 0.8), from: 0.0, to: 100.0)
        #expect(abs(sequence.position(at: 0.45) - first.position(at: 0.45)) < 1e-12)
        #expect(abs(sequence.velocity(at: 0.45) - first.velocity(at: 0.45)) < 1e-9)
        let settle = sequence.settleTime(within: SettleBand(distance: 0.5))
        #expect(settle > 0.45 && abs(sequence.position(at: settle + 0.01) - 40) < 0.5)

        let chase = SpringChase(
            spring: Spring(dampingRatio: 1, response: 0.3), from: 0.0, to: 0.0, targetVelocity: 500.0)
        #expect(abs(chase.lag - 0.3 / Double.pi * 500) < 1e-12 && abs(chase.lag - 47.746) < 1e-3)
        #expect(abs(chase.position(at: 2) - (1000 - chase.lag)) < 1e-6 && abs(chase.position(at: 2) - 952.25) < 0.01)

        let path = TargetPath([(time: 0, position: 0), (time: 1, position: 300), (time: 1.5, position: 300)])
        let position = Spring(dampingRatio: 0.8, response: 0.4).chase(path, from: 0, at: 1.2).position
        #expect(position > 0 && position < 320)
    }
}
