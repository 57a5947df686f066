import Foundation
import SpringPlatforms
import Testing

@testable import SpringMath

@Suite("Spring parameterisations")
struct SpringTests {
    @Test("SwiftUI's published example: duration 0.5, bounce 0.3 → stiffness 157.91, damping 17.59")
    func swiftUIExample() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(s.stiffness - 157.91) < 0.005)
        #expect(abs(s.dampingCoefficient - 17.59) < 0.005)
        #expect(s.mass == 1 && s.response == 0.5 && abs(s.dampingRatio - 0.7) < 1e-15)
        #expect(abs(s.bounce - 0.3) < 1e-15 && s.duration == 0.5)
    }

    @Test("Negative bounce is overdamped: ζ = 1/(1 + bounce), and reads back")
    func negativeBounce() {
        for bounce in [-0.9, -0.5, -0.1] {
            let s = Spring(duration: 0.4, bounce: bounce)
            #expect(abs(s.dampingRatio - 1 / (1 + bounce)) < 1e-15)
            #expect(abs(s.bounce - bounce) < 1e-14)
        }
        #expect(Spring().dampingRatio == 1 && Spring().response == 0.5)
    }

    @Test("Response form: k = (2π/response)²·m, c = 4πζm/response")
    func responseForm() {
        let s = Spring(dampingRatio: 0.3, response: 0.6, mass: 2)
        #expect(abs(s.stiffness - pow(2 * Double.pi / 0.6, 2) * 2) < 1e-10)
        #expect(abs(s.dampingCoefficient - 4 * Double.pi * 0.3 * 2 / 0.6) < 1e-12)
        #expect(s.dampingCoefficient == s.coreAnimation.damping)  // Core Animation's `damping` is the coefficient
        let swiftUIOrder = Spring(response: 0.6, dampingRatio: 0.3)
        #expect(swiftUIOrder == Spring(dampingRatio: 0.3, response: 0.6))
    }

    @Test("Stiffness form is right for every mass: response = 2π·√(m/k)", arguments: [0.01, 1, 3, 100])
    func stiffnessForm(mass: Double) {
        let s = Spring(dampingRatio: 0.4, stiffness: 250, mass: mass)
        #expect(abs(s.response - 2 * Double.pi * (mass / 250).squareRoot()) < 1e-14 * s.response)
        #expect(abs(s.dampingCoefficient - 2 * 0.4 * (250 * mass).squareRoot()) < 1e-12 * s.dampingCoefficient)
        let back = Spring(dampingRatio: 0.4, response: s.response, mass: mass)
        #expect(abs(back.stiffness - 250) < 1e-10)
    }

    @Test("Mass, stiffness, damping keeps its numbers and derives ratio and response")
    func massStiffnessDamping() {
        let s = Spring(mass: 2, stiffness: 300, dampingCoefficient: 12)
        #expect(s.mass == 2 && s.stiffness == 300 && s.dampingCoefficient == 12)
        #expect(abs(s.dampingRatio - 12 / (2 * (600.0).squareRoot())) < 1e-15)
        #expect(abs(s.naturalFrequency - (150.0).squareRoot()) < 1e-12)
        #expect(
            abs(s.dampedFrequency - (150.0).squareRoot() * (1 - s.dampingRatio * s.dampingRatio).squareRoot()) < 1e-12)
        #expect(abs(s.dampedPeriod - 2 * Double.pi / s.dampedFrequency) < 1e-12)
        #expect(Spring(stiffness: 100, dampingCoefficient: 10).mass == 1)
    }

    @Test("Presets")
    func presets() {
        #expect(Spring.defaultInteractive == Spring(dampingRatio: 0.8, response: 0.2))
        #expect(Spring.defaultAnimated == Spring(dampingRatio: 1, response: 0.82))
        #expect(Spring.defaultNonAnimated.response == 0 && Spring.defaultNonAnimated.isInstantaneous)
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring.bouncy(duration: 0.3, extraBounce: 0.1) == Spring(duration: 0.3, bounce: 0.4))
        #expect(Spring.snappy(extraBounce: 0.05) == Spring(duration: 0.5, bounce: 0.2))
        #expect(Spring.smooth(duration: 1) == Spring(duration: 1, bounce: 0))
    }

    @Test("Response 0 is non-animated: at the target for every t > 0, nothing NaN", arguments: [0.0, 0.5, 1, 3])
    func responseZero(zeta: Double) {
        let s = Spring(dampingRatio: zeta, response: 0)
        #expect(s.isInstantaneous && s.stiffness == .infinity)
        #expect(!s.dampingCoefficient.isNaN && !s.naturalFrequency.isNaN && !s.bounce.isNaN)
        #expect(s.settleTime == 0 && s.timeConstant == 0)
        for t in [1e-300, 1e-9, 0.5, 1e6] {
            #expect(s.value(target: 4.0, initialVelocity: 2.0, time: t) == 4)
            #expect(s.velocity(target: 4.0, initialVelocity: 2.0, time: t) == 0)
        }
        #expect(s.value(target: 4.0, time: 0) == 0)
        #expect(s.force(target: 1.0, position: 0.0, velocity: 0.0) == 0)
        let m = s.metrics()
        #expect(!m.overshoot.isNaN && !m.timeConstant.isNaN)
    }

    @Test("Damping ratio 0 never settles")
    func undamped() {
        let s = Spring(dampingRatio: 0, response: 1)
        #expect(s.settleTime == .infinity && s.timeConstant == .infinity)
        #expect(s.dampingCoefficient == 0)
        #expect(abs(s.value(target: 1.0, time: 0.5) - 2) < 1e-14)  // half a period: twice the target
    }
}

@Suite("Conversions to other tools' conventions")
struct ConversionTests {
    let springs = [
        Spring(dampingRatio: 0.68, response: 0.8), Spring(mass: 1, stiffness: 170, dampingCoefficient: 26),
        Spring(dampingRatio: 0.2, response: 0.3), Spring(dampingRatio: 1, response: 0.5),
        Spring(dampingRatio: 2.5, response: 1.1, mass: 3)
    ]

    @Test("Core Animation, react-spring and framer-motion's physical options round-trip")
    func physicalRoundTrips() {
        for s in springs {
            #expect(
                Spring(coreAnimation: s.coreAnimation) == s
                    || Spring(coreAnimation: s.coreAnimation).stiffness == s.stiffness)
            let ca = Spring(coreAnimation: s.coreAnimation)
            #expect(ca.stiffness == s.stiffness && ca.dampingCoefficient == s.dampingCoefficient && ca.mass == s.mass)
            #expect(abs(ca.dampingRatio - s.dampingRatio) < 1e-14 && abs(ca.response - s.response) < 1e-14)
            let rs = Spring(reactSpring: s.reactSpring)
            #expect(rs.stiffness == s.stiffness && rs.dampingCoefficient == s.dampingCoefficient && rs.mass == s.mass)
            let fm = Spring(framerMotion: s.framerMotion)
            #expect(fm.stiffness == s.stiffness && fm.dampingCoefficient == s.dampingCoefficient)
        }
        #expect(Spring(reactSpring: .default).stiffness == 170)
        #expect(Spring.CoreAnimation() == Spring.CoreAnimation(mass: 1, stiffness: 100, damping: 10))
    }

    @Test("Android SpringForce round-trips (mass-1 equivalent)")
    func android() {
        for s in springs {
            let a = Spring(android: s.android)
            #expect(abs(a.response - s.response) < 1e-14 && abs(a.dampingRatio - s.dampingRatio) < 1e-15)
        }
        let medium = Spring(android: .init())
        #expect(medium.stiffness == 1500 && medium.dampingRatio == 0.5)
    }

    @Test("Origami / POP tension and friction: published formulas and round trip")
    func origami() {
        let s = Spring(origami: .init(tension: 40, friction: 7))
        #expect(abs(s.stiffness - ((40 - 30) * 3.62 + 194)) < 1e-12)
        #expect(abs(s.dampingCoefficient - ((7 - 8) * 3 + 25)) < 1e-12)
        for s in springs {
            let back = Spring(origami: s.origami)
            #expect(abs(back.response - s.response) < 1e-12 && abs(back.dampingRatio - s.dampingRatio) < 1e-12)
        }
        // POP's default bounciness 8 and speed 12 lands on a mildly bouncy spring.
        let pop = Spring(popBounciness: 8, speed: 12)
        #expect(pop.dampingRatio > 0.1 && pop.dampingRatio < 1)
    }

    @Test("framer-motion duration and bounce: the envelope condition holds and round-trips")
    func framerDuration() {
        for (duration, bounce) in [(0.8, 0.3), (0.5, 0.0), (1.2, 0.6), (0.3, 0.25)] {
            let s = Spring(framerMotion: Spring.FramerMotionDuration(duration: duration, bounce: bounce))
            let zeta = 1 - bounce
            let w = s.naturalFrequency
            // framer's envelope at the duration equals its safeMin 0.001 (independent check).
            let envelope =
                zeta < 1
                ? (zeta / (1 - zeta * zeta).squareRoot()) * exp(-zeta * w * duration)
                : exp(-w * duration) * (w * duration + 1)
            #expect(abs(envelope - 0.001) < 1e-12, "\(duration) \(bounce)")
            let back = s.framerMotionDuration
            #expect(abs(back.duration - duration) < 1e-12 && abs(back.bounce - bounce) < 1e-12)
        }
        // framer clamps the damping ratio into 0.05…1.
        let clamped = Spring(framerMotion: Spring.FramerMotionDuration(duration: 1, bounce: 1))
        #expect(abs(clamped.dampingRatio - 0.05) < 1e-15)
        // visualDuration: stiffness (2π/(1.2·vd))², damping 2ζ√k.
        let visual = Spring(framerVisualDuration: 0.3, bounce: 0.25)
        let k = pow(2 * Double.pi / (1.2 * 0.3), 2)
        #expect(abs(visual.stiffness - k) < 1e-9 && abs(visual.dampingCoefficient - 2 * 0.75 * k.squareRoot()) < 1e-12)
        #expect(abs(visual.framerVisualDuration - 0.3) < 1e-15)
    }

    @Test("SwiftUI duration and bounce round-trip in every regime")
    func swiftUIRoundTrip() {
        for zeta in [0.0, 0.3, 1, 1.5, 4] {
            let s = Spring(dampingRatio: zeta, response: 0.7)
            let back = Spring(duration: s.duration, bounce: s.bounce)
            #expect(abs(back.dampingRatio - zeta) < 1e-14)
        }
    }
}
