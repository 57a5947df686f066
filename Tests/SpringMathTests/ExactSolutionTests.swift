import Foundation
import Testing

@testable import SpringMath

@Suite("Exact solution against the 50-digit reference")
struct ExactSolutionTests {
    @Test("Damping ratio and response: position and velocity within 1e-12 of scale")
    func ratioResponseFixture() throws {
        let rows = try loadFixture("exact_solution.csv")
        #expect(rows.count > 1000)
        var worstPosition = 0.0, worstVelocity = 0.0
        for row in rows {
            let zeta = row["dampingRatio"]!, response = row["response"]!
            let x0 = row["x0"]!, v0 = row["v0"]!, t = row["t"]!
            let spring = Spring(dampingRatio: zeta, response: response)
            let motion = SpringMotion(spring: spring, from: x0, to: 0.0, initialVelocity: v0)
            let state = motion.state(at: t)
            let scale = max(abs(x0), abs(v0) * response)
            let velocityScale = scale * 2 * Double.pi / response
            let ep = abs(state.position - row["x"]!) / scale
            let ev = abs(state.velocity - row["v"]!) / velocityScale
            worstPosition = max(worstPosition, ep)
            worstVelocity = max(worstVelocity, ev)
            #expect(
                ep <= 1e-12,
                "x: ζ=\(zeta) response=\(response) x0=\(x0) v0=\(v0) t=\(t): \(state.position) vs \(row["x"]!)")
            #expect(
                ev <= 1e-12,
                "v: ζ=\(zeta) response=\(response) x0=\(x0) v0=\(v0) t=\(t): \(state.velocity) vs \(row["v"]!)")
            // Mass never changes the motion of a spring given by ratio and response.
            let heavy = SpringMotion(
                spring: Spring(dampingRatio: zeta, response: response, mass: 37),
                from: x0, to: 0.0, initialVelocity: v0)
            #expect(heavy.position(at: t) == state.position)
        }
        print("exact_solution.csv: worst position error \(worstPosition) of scale, velocity \(worstVelocity)")
    }

    @Test("Mass, stiffness and damping: within 1e-12 of scale")
    func stiffnessDampingFixture() throws {
        let rows = try loadFixture("stiffness_damping.csv")
        #expect(rows.count > 100)
        for row in rows {
            let spring = Spring(mass: row["mass"]!, stiffness: row["stiffness"]!, dampingCoefficient: row["damping"]!)
            let x0 = row["x0"]!, v0 = row["v0"]!, t = row["t"]!
            let motion = SpringMotion(spring: spring, from: x0, to: 0.0, initialVelocity: v0)
            let scale = max(abs(x0), abs(v0) * spring.response)
            let velocityScale = scale * spring.naturalFrequency
            let state = motion.state(at: t)
            #expect(abs(state.position - row["x"]!) <= 1e-12 * scale, "\(row)")
            #expect(abs(state.velocity - row["v"]!) <= 1e-12 * velocityScale, "\(row)")
        }
    }

    @Test("SwiftUI's convention: value(target:) starts at zero")
    func swiftUIConvention() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        for t in [0.0, 0.05, 0.2, 0.7, 3] {
            let a = spring.value(target: 10.0, initialVelocity: 2.0, time: t)
            let b = SpringMotion(spring: spring, from: 0.0, to: 10.0, initialVelocity: 2.0).position(at: t)
            #expect(abs(a - b) < 1e-13)
        }
        #expect(spring.value(target: 10.0, time: 0) == 0)
        #expect(spring.velocity(target: 10.0, initialVelocity: 4.0, time: 0) == 4)
    }

    @Test("Force is −k·x − c·v and acceleration is force over mass", arguments: [0.3, 1, 4])
    func forceAndAcceleration(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.6, mass: 2.5)
        let f = spring.force(target: 1.0, position: 3.0, velocity: -0.5)
        #expect(abs(f - (-spring.stiffness * 2 + spring.dampingCoefficient * 0.5)) < 1e-9)
        let a = spring.acceleration(target: 1.0, position: 3.0, velocity: -0.5)
        #expect(abs(a - f / spring.mass) < 1e-9 * abs(f))
    }
}

@Suite("Properties across regimes")
struct PropertyTests {
    @Test("Initial conditions hold", arguments: sweepRatios)
    func initialConditions(zeta: Double) {
        let motion = SpringMotion(
            spring: Spring(dampingRatio: zeta, response: 0.7), from: -2.0, to: 3.0, initialVelocity: 4.5)
        #expect(motion.position(at: 0) == -2)
        #expect(motion.velocity(at: 0) == 4.5)
    }

    @Test(
        "The ODE residual is zero: derivative of position is velocity, of velocity is the acceleration",
        arguments: sweepRatios)
    func odeResidual(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.7)
        let motion = SpringMotion(spring: spring, from: -2.0, to: 3.0, initialVelocity: 4.5)
        let h = 1e-5
        for t in stride(from: 0.01, through: 3, by: 0.173) {
            // Central differences of fourth order.
            func d(_ f: (Double) -> Double) -> Double {
                (f(t - 2 * h) - 8 * f(t - h) + 8 * f(t + h) - f(t + 2 * h)) / (12 * h)
            }
            let dx = d(motion.position(at:))
            let dv = d(motion.velocity(at:))
            let v = motion.velocity(at: t)
            let a = motion.acceleration(at: t)
            let scale = 5 * spring.naturalFrequency
            #expect(abs(dx - v) < 1e-8 * scale, "t=\(t)")
            #expect(abs(dv - a) < 1e-8 * scale * spring.naturalFrequency, "t=\(t)")
            // And the acceleration obeys m·x'' + c·x' + k·x = 0.
            let residual =
                spring.mass * a + spring.dampingCoefficient * v + spring.stiffness * (motion.position(at: t) - 3)
            #expect(abs(residual) < 1e-12 * spring.stiffness * 5)
        }
    }

    @Test("Composing two steps equals one step", arguments: sweepRatios)
    func composition(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.45)
        for (t1, t2) in [(0.1, 0.25), (0.013, 1.7), (2.0, 3.0)] {
            let combined = spring.transition(over: t1).followed(by: spring.transition(over: t2))
            let direct = spring.transition(over: t1 + t2)
            let scale = 1 + spring.naturalFrequency * spring.naturalFrequency
            #expect(abs(combined.positionFromPosition - direct.positionFromPosition) < 1e-13 * scale)
            #expect(abs(combined.positionFromVelocity - direct.positionFromVelocity) < 1e-13 * scale)
            #expect(abs(combined.velocityFromPosition - direct.velocityFromPosition) < 1e-13 * scale)
            #expect(abs(combined.velocityFromVelocity - direct.velocityFromVelocity) < 1e-13 * scale)
        }
    }

    @Test("Energy never grows when the spring is damped", arguments: sweepRatios.filter { $0 > 0 })
    func energyDecays(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.5, mass: 1.5)
        let motion = SpringMotion(spring: spring, from: 4.0, to: 0.0, initialVelocity: -30.0)
        func energy(_ t: Double) -> Double {
            let s = motion.state(at: t)
            return 0.5 * spring.stiffness * s.position * s.position + 0.5 * spring.mass * s.velocity * s.velocity
        }
        var previous = energy(0)
        for i in 1...2000 {
            let e = energy(Double(i) * 0.002)
            #expect(e <= previous * (1 + 1e-12), "t=\(Double(i) * 0.002)")
            previous = e
        }
    }

    @Test("An undamped spring keeps its energy")
    func undampedEnergy() {
        let spring = Spring(dampingRatio: 0, response: 0.5)
        let motion = SpringMotion(spring: spring, from: 1.0, to: 0.0, initialVelocity: 3.0)
        let e0 = 0.5 * spring.stiffness + 0.5 * 9
        for t in stride(from: 0.0, through: 50, by: 0.37) {
            let s = motion.state(at: t)
            let e = 0.5 * spring.stiffness * s.position * s.position + 0.5 * s.velocity * s.velocity
            #expect(abs(e - e0) < 1e-11 * e0)
        }
    }

    @Test("The solution is continuous across a damping ratio of 1")
    func continuityAcrossCritical() {
        let critical = SpringMotion(
            spring: Spring(dampingRatio: 1, response: 0.8), from: 1.0, to: 0.0, initialVelocity: -2.0)
        for delta in [1e-6, 1e-9, 1e-12, 1e-15] {
            for zeta in [1 - delta, 1 + delta] {
                let near = SpringMotion(
                    spring: Spring(dampingRatio: zeta, response: 0.8), from: 1.0, to: 0.0, initialVelocity: -2.0)
                for t in stride(from: 0.0, through: 8, by: 0.25) {
                    // d x/d ζ is of order t²ω², so the difference must shrink with delta.
                    let bound = max(1e-14, 40 * delta)
                    #expect(abs(near.position(at: t) - critical.position(at: t)) < bound, "ζ=\(zeta) t=\(t)")
                    #expect(abs(near.velocity(at: t) - critical.velocity(at: t)) < bound * 10, "ζ=\(zeta) t=\(t)")
                }
            }
        }
    }

    @Test("Strong overdamping up to 1e4 stays finite and monotone")
    func strongOverdamping() {
        for zeta in [100.0, 1e3, 1e4] {
            let spring = Spring(dampingRatio: zeta, response: 0.5)
            let motion = SpringMotion(spring: spring, from: 1.0, to: 0.0)
            var previous = 1.0
            let settle = spring.settleTime
            #expect(settle.isFinite && settle > 0)
            for i in 1...200 {
                let t = Double(i) / 20 * settle
                let x = motion.position(at: t)
                #expect(x.isFinite && x >= 0 && x <= previous, "ζ=\(zeta) t=\(t)")
                previous = x
            }
            // Slow root s₁ ≈ ω/(2ζ): the motion is e^(−s₁t) to leading order.
            let s1 = spring.naturalFrequency / (zeta + (zeta * zeta - 1).squareRoot())
            let t = 3 / s1
            #expect(abs(motion.position(at: t) - exp(-3) * (1 + s1 / (2 * zeta * spring.naturalFrequency))) < 1e-3)
        }
    }
}
