import Foundation
import SpringPlatforms
import Testing

@testable import SpringMath

@Suite("Exact stepping and numeric integrators")
struct SteppingTests {
    @Test("60 steps of 1/60 s equal one step of 1 s", arguments: sweepRatios)
    func sixtyStepsEqualOne(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.55)
        var x = -3.0, v = 7.0
        for _ in 0..<60 { spring.update(value: &x, velocity: &v, target: 2, deltaTime: 1.0 / 60) }
        var y = -3.0, w = 7.0
        spring.update(value: &y, velocity: &w, target: 2, deltaTime: 1)
        #expect(abs(x - y) <= 1e-12 * 5)
        #expect(abs(v - w) <= 1e-12 * 5 * spring.naturalFrequency)
        // The fixed-step stepper does the same.
        let stepper = SpringStepper(spring: spring, deltaTime: 1.0 / 60)
        var s = -3.0, u = 7.0
        for _ in 0..<60 { stepper.advance(value: &s, velocity: &u, target: 2) }
        #expect(abs(s - y) <= 1e-12 * 5)
    }

    @Test("Any step is stable: 0 s changes nothing, 10⁶ s arrives at rest", arguments: sweepRatios.filter { $0 > 0 })
    func extremeSteps(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.3)
        var x = 5.0, v = -40.0
        spring.update(value: &x, velocity: &v, target: 1, deltaTime: 0)
        #expect(x == 5 && v == -40)
        spring.update(value: &x, velocity: &v, target: 1, deltaTime: 1e6)
        #expect(x == 1 && v == 0)
        for integrator in SpringIntegrator.allCases where integrator != .exact {
            var a = 5.0, b = -40.0
            spring.advance(value: &a, velocity: &b, target: 1, by: 0, integrator: integrator)
            #expect(a == 5 && b == -40, "\(integrator)")
        }
    }

    @Test("An undamped spring stays bounded over a 10⁶ s step")
    func undampedHugeStep() {
        let spring = Spring(dampingRatio: 0, response: 0.3)
        var x = 1.0, v = 0.0
        spring.update(value: &x, velocity: &v, target: 0, deltaTime: 1e6)
        #expect(x.isFinite && abs(x) <= 1 + 1e-9)
    }

    @Test("Vector steppers move every component like the scalar")
    func vectorStepping() {
        let spring = Spring.bouncy
        var p = SIMD3<Double>(1, -2, 3), pv = SIMD3<Double>(0, 5, -1)
        spring.update(value: &p, velocity: &pv, target: .zero, deltaTime: 0.1)
        var x = -2.0, v = 5.0
        spring.update(value: &x, velocity: &v, target: 0, deltaTime: 0.1)
        #expect(p.y == x && pv.y == v)
    }

    @Test("Semi-implicit Euler reproduces Wave's stepping bit for bit")
    func waveEulerBitForBit() {
        // Wave's loop, transcribed from its documented order of operations.
        func waveStep(
            _ value: inout Double, _ velocity: inout Double, target: Double, k: Double, c: Double, m: Double, dt: Double
        ) {
            let displacement = value - target
            let springForce = -k * displacement
            let dampingForce = c * velocity
            let force = springForce - dampingForce
            let acceleration = force / m
            velocity = velocity + acceleration * dt
            value = value + velocity * dt
        }
        for (zeta, response, mass) in [(1.0, 0.1, 1.0), (0.68, 0.8, 1.0), (0.3, 0.25, 2.5), (1.5, 1.2, 0.7)] {
            let waveSpring = Spring.waveEffective(dampingRatio: zeta, response: response, mass: mass)
            let k = waveSpring.stiffness, c = waveSpring.dampingCoefficient
            let spring = Spring(mass: mass, stiffness: k, dampingCoefficient: c)
            #expect(spring.stiffness == k && spring.dampingCoefficient == c)
            for dt in [1.0 / 30, 1.0 / 60, 1.0 / 120, 0.0123] {
                var a = 0.0, av = 0.0, b = 0.0, bv = 0.0
                for _ in 0..<400 {
                    waveStep(&a, &av, target: 100, k: k, c: c, m: mass, dt: dt)
                    spring.advance(value: &b, velocity: &bv, target: 100, by: dt, integrator: .semiImplicitEuler)
                    #expect(a.bitPattern == b.bitPattern && av.bitPattern == bv.bitPattern)
                    if a.bitPattern != b.bitPattern { return }
                }
            }
        }
    }

    @Test("Wave's response 0.1 critically damped spring really has damping 70.598 and ratio 0.5618")
    func waveEffectiveSpring() {
        let wave = Spring.waveEffective(dampingRatio: 1, response: 0.1)
        #expect(abs(wave.dampingCoefficient - 70.598164314544) < 1e-9)
        #expect(abs(wave.dampingRatio - 0.5618) < 5e-5)
        // Ordinary springs below the band are untouched.
        let soft = Spring.waveEffective(dampingRatio: 0.5, response: 1)
        #expect(abs(soft.dampingCoefficient - 2 * Double.pi) < 1e-12)
        // The band never passes 75.
        #expect(Spring.waveEffective(dampingRatio: 10, response: 0.001).dampingCoefficient < 75)
    }

    @Test("RK4 converges at fourth order and semi-implicit Euler at first order")
    func convergenceOrders() {
        let spring = Spring(dampingRatio: 0.4, response: 0.5)
        let exact = spring.value(target: 1.0, time: 1)
        func error(_ integrator: SpringIntegrator, steps: Int) -> Double {
            var x = 0.0, v = 0.0
            for _ in 0..<steps {
                spring.advance(value: &x, velocity: &v, target: 1, by: 1 / Double(steps), integrator: integrator)
            }
            return abs(x - exact)
        }
        let rk = error(.rungeKutta4, steps: 100) / error(.rungeKutta4, steps: 200)
        #expect(rk > 13 && rk < 19, "RK4 ratio \(rk)")
        let euler = error(.semiImplicitEuler, steps: 1000) / error(.semiImplicitEuler, steps: 2000)
        #expect(euler > 1.7 && euler < 2.3, "Euler ratio \(euler)")
        let forward = error(.explicitEuler, steps: 1000) / error(.explicitEuler, steps: 2000)
        #expect(forward > 1.7 && forward < 2.3, "explicit Euler ratio \(forward)")
    }

    @Test("Stiff springs blow up under Euler at low frame rates but not when stepped exactly")
    func eulerDivergence() {
        let spring = Spring(dampingRatio: 0.2, response: 0.02)
        var x = 0.0, v = 0.0, ex = 0.0, evel = 0.0
        for _ in 0..<60 {
            spring.advance(value: &x, velocity: &v, target: 1, by: 1.0 / 30, integrator: .semiImplicitEuler)
            spring.update(value: &ex, velocity: &evel, target: 1, deltaTime: 1.0 / 30)
        }
        #expect(!(abs(x) < 1e6))
        #expect(abs(ex - 1) < 1e-6)
    }

    @Test("A non-animated spring snaps under every integrator")
    func nonAnimatedSnaps() {
        for integrator in SpringIntegrator.allCases {
            var x = 0.0, v = 3.0
            Spring.defaultNonAnimated.advance(value: &x, velocity: &v, target: 9, by: 1.0 / 60, integrator: integrator)
            #expect(x == 9 && v == 0, "\(integrator)")
        }
    }

    @Test("Sampling agrees with the closed form")
    func sampling() {
        for zeta in sweepRatios {
            let motion = SpringMotion(
                spring: Spring(dampingRatio: zeta, response: 0.4), from: 2.0, to: -1.0, initialVelocity: 6.0)
            let samples = motion.sampled(count: 1001, span: 5)
            #expect(samples.times.count == 1001 && samples.times.last == 5)
            for i in stride(from: 0, to: 1001, by: 7) {
                let s = motion.state(at: samples.times[i])
                #expect(abs(samples.positions[i] - s.position) < 1e-13 * 3, "ζ=\(zeta) i=\(i)")
                #expect(abs(samples.velocities[i] - s.velocity) < 1e-12 * 3 * 16, "ζ=\(zeta) i=\(i)")
            }
            let listed = motion.sampled(at: [0.3, 0.1])
            #expect(listed.positions[0] == motion.position(at: 0.3))
        }
        // Counts smaller than one anchor block work too.
        let small = SpringMotion(spring: .smooth, from: 0.0, to: 1.0).sampled(count: 3, span: 1)
        #expect(small.positions.count == 3 && small.positions[0] == 0)
    }

    @Test(
        "Sample times are the grid's decimals, not accumulated steps",
        arguments: [
            // duration, count, and the grid step as (digits, power of ten): 1 s in 11 samples steps 1e-1.
            (1.0, 11, 1, -1), (1.2, 13, 1, -1), (1.2, 1201, 1, -3), (2.5, 101, 25, -3), (0.3, 4, 1, -1),
            (1500.0, 1201, 125, -2), (8e-6, 5, 2, -6), (0.05, 6, 1, -2)
        ])
    func sampleTimes(duration: Double, count: Int, stepDigits: Int, stepPower: Int) {
        let times = SpringMotion(spring: .smooth, from: 0.0, to: 1.0).sampled(count: count, span: duration).times
        #expect(times.count == count && times.first == 0 && times.last == duration)
        for i in 0..<count {
            // The exact grid point, written as a decimal and read as the nearest double.
            let expected = Double("\(i * stepDigits)e\(stepPower)")!
            #expect(times[i] == expected, "duration \(duration), sample \(i): \(times[i]) instead of \(expected)")
        }
        #expect("\(SpringMotion(spring: .smooth, from: 0.0, to: 1.0).sampled(count: 11, span: 1).times[6])" == "0.6")
    }
}
