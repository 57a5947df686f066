import Foundation
import SpringMath
import SpringPlatforms
import Testing

/// The README's SpringMath example, line for line (its printed error is asserted instead), so that
/// it keeps compiling and its comments stay true.
@Suite("README")
struct ReadmeExampleTests {
    @Test("The SpringMath example compiles and runs")
    func springMathExample() {

        let spring = Spring(dampingRatio: 0.68, response: 0.8)  // Wave
        let same = Spring(response: 0.8, dampingRatio: 0.68)  // SwiftUI's order
        let swiftUI = Spring(duration: 0.5, bounce: 0.3)  // stiffness 157.91, damping coefficient 17.59
        let coreAnimation = Spring(mass: 1, stiffness: 100, dampingCoefficient: 10)

        // SwiftUI's convention: a motion from 0 toward a target.
        let x = spring.value(target: 100.0, initialVelocity: 0.0, time: 0.25)
        let v = spring.velocity(target: 100.0, time: 0.25)

        // Any start, any value type (Double, Float, SIMD2/3/4<Double>; RGBAColor, CGPoint and the like with WaveRuntime).
        let motion = SpringMotion(
            spring: spring, from: SIMD2<Double>(0, 0), to: SIMD2<Double>(300, 120),
            initialVelocity: SIMD2<Double>(800, 0))
        let state = motion.state(at: 0.4)  // position and velocity

        // Exact stepping, independent of the frame rate (SwiftUI's name for it is update(…deltaTime:)).
        var value = 0.0, velocity = 0.0
        spring.advance(value: &value, velocity: &velocity, target: 1, by: 1.0 / 60)

        // Wave's own stepping, for comparison, with the spring Wave really animates.
        let wave = Spring.waveEffective(dampingRatio: 1, response: 0.1)  // damping coefficient 70.598…, ratio 0.5618
        wave.advance(value: &value, velocity: &velocity, target: 1, by: 1.0 / 60, integrator: .semiImplicitEuler)

        // Settle time: the exact last time the motion is a band away from the target.
        let settle = spring.settleTime  // 1.3196 s (unit step from rest, band 0.001)
        let flung = spring.settleTime(displacement: -100, velocity: -50, within: SettleBand(distance: 0.5))
        let waveEstimate = spring.waveSettleEstimate  // Wave's settle estimate, 1.7246 s

        // Metrics and design.
        let metrics = spring.metrics()  // overshoot 5.43 %, peak at 0.546 s, …
        let designed = Spring(overshoot: 0.1, settleTime: 0.6)

        // Other tools' conventions.
        let react = spring.reactSpring  // tension, friction, mass
        let framer = spring.framerMotionDuration  // framer-motion's duration and bounce
        let android = Spring(android: .init(stiffness: Spring.Android.stiffnessLow, dampingRatio: 0.75))
        let origami = Spring(origami: .init(tension: 40, friction: 7))

        // Untrusted input: a typed error that names the parameter instead of a trap.
        // (The README prints the error; here it is asserted, so a change to it fails the test.)
        let refused = #expect(throws: SpringParameterError.self) {
            try Spring.validated(dampingRatio: 0.7, response: -1)
        }
        #expect(refused?.description == "response must be ≥ 0 (got -1.0)")
        #expect(abs(swiftUI.stiffness - 157.91) < 0.01 && same == spring && x > 0 && v > 0 && state.position.x > 0)
        #expect(abs(settle - 1.3196) < 1e-4 && abs(waveEstimate - 1.7246) < 1e-4 && flung > 0)
        #expect(abs(metrics.overshoot - 0.0543) < 1e-4 && designed.dampingRatio < 1 && coreAnimation.mass == 1)
        #expect(react.tension == spring.stiffness && framer.bounce > 0 && android.stiffness == 200 && origami.mass == 1)
    }
}
