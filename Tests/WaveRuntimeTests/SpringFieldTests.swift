import Foundation
import SpringMath
import SpringTestSupport
import Testing

@testable import WaveRuntime

@Suite("SpringField")
@MainActor
struct SpringFieldTests {
    /// Drives a field and one animator per element through the same random retargets, flings, spring
    /// changes and frames, and compares them after every frame.
    func compareWithAnimators(count: Int, perElementSprings: Bool, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let palette = [
            Spring(dampingRatio: 0.7, response: 0.4), Spring(dampingRatio: 0.3, response: 0.25),
            Spring(dampingRatio: 1, response: 0.6), Spring(dampingRatio: 2.5, response: 0.3)
        ]
        let start = (0..<count).map { _ in Double.random(in: -200...200, using: &rng) }
        let field = SpringField<Double>(values: start, spring: palette[0])
        var settledCalls = 0
        field.settled = { settledCalls += 1 }
        let controller = AnimationController()
        let animators = start.map { SpringAnimator(spring: palette[0], value: $0, target: $0, controller: controller) }
        if perElementSprings {
            for i in 0..<count {
                let spring = palette.randomElement(using: &rng)!
                field.setSpring(spring, at: i)
                animators[i].spring = spring
            }
        }
        let intervals = [1.0 / 60, 1.0 / 120, 0, 0.003, 1.0 / 30]
        var worst = 0.0, frames = 0, changes = 0
        for frame in 0..<600 {
            // Changes to a few elements, as a pointer or a gesture would make them.
            for _ in 0..<Int.random(in: 0...3, using: &rng) where frame < 450 {
                let i = Int.random(in: 0..<count, using: &rng)
                let animator = animators[i]
                if Bool.random(using: &rng) {
                    let target = Double.random(in: -300...300, using: &rng)
                    field.retarget(i, to: target)
                    animator.target = target
                } else {
                    let velocity = Double.random(in: -2000...2000, using: &rng)
                    field.inject(velocity: velocity, at: i)
                    animator.velocity = velocity
                }
                if animator.state != .running { animator.start() }
                changes += 1
            }
            let dt = intervals.randomElement(using: &rng)!
            field.advance(by: dt)
            controller.advance(by: dt)
            frames += 1
            for i in 0..<count {
                let animator = animators[i]
                let scale = max(1, abs(animator.value))
                let difference = max(
                    abs(field.positions[i] - animator.value) / scale,
                    abs(field.velocities[i] - animator.velocity) / max(1, abs(animator.velocity)))
                worst = max(worst, difference)
                let context = "seed \(seed) frame \(frame) element \(i)"
                #expect(
                    difference <= 1e-12,
                    "\(context): field \(field.positions[i]) / \(field.velocities[i]), animator \(animator.value) / \(animator.velocity)"
                )
                #expect(
                    field.isSettled(i) == (animator.state != .running),
                    "\(context): settled \(field.isSettled(i)), animator \(animator.state)")
                if difference > 1e-12 { return }
            }
        }
        #expect(field.isSettled && field.settledMask.allSatisfy { $0 })
        #expect(settledCalls >= 1)
        #expect(changes > 300 && frames == 600)
    }

    @Test("One spring for the field: every element equals a SpringAnimator driven the same way (1e-12)")
    func uniformEqualsAnimators() throws {
        try compareWithAnimators(count: 67, perElementSprings: false, seed: 0xF1E1D)
    }

    @Test("A spring per element: every element equals a SpringAnimator driven the same way (1e-12)")
    func perElementEqualsAnimators() throws {
        try compareWithAnimators(count: 45, perElementSprings: true, seed: 0xF1E1D2)
    }

    @Test("A Float field follows the Double field to Float precision and settles on the same targets")
    func floatFollowsDouble() {
        let spring = Spring(dampingRatio: 0.6, response: 0.5)
        let single = SpringField<Float>(count: 1000, spring: spring)
        let double = SpringField<Double>(count: 1000, spring: spring)
        for i in 0..<1000 {
            single.retarget(i, to: Float(i % 37) * 10)
            double.retarget(i, to: Double(i % 37) * 10)
            if i % 3 == 0 {
                single.inject(velocity: -500, at: i)
                double.inject(velocity: -500, at: i)
            }
        }
        var worst: Float = 0
        for _ in 0..<240 {
            single.advance(by: 1.0 / 120)
            double.advance(by: 1.0 / 120)
            for i in 0..<1000 { worst = max(worst, abs(single.positions[i] - Float(double.positions[i]))) }
        }
        #expect(worst < 1e-3, "largest difference \(worst) on a travel of up to 360")
        #expect(single.isSettled && double.isSettled)
        #expect(single.positions == single.targets && single.velocities.allSatisfy { $0 == 0 })
    }

    @Test("A settled field costs nothing and calls settled once; a retarget wakes one element")
    func settledAndWaking() {
        let field = SpringField<Double>(count: 20, spring: Spring(dampingRatio: 1, response: 0.2))
        var calls = 0
        field.settled = { calls += 1 }
        #expect(field.isSettled && field.movingCount == 0)
        field.advance(by: 1.0 / 60)
        #expect(calls == 0)
        field.retarget(3, to: 10)
        field.retarget(3, to: 10)  // the same target: nothing new
        #expect(field.movingCount == 1 && !field.isSettled(3) && field.isSettled(4))
        for _ in 0..<120 { field.advance(by: 1.0 / 60) }
        #expect(calls == 1 && field.positions[3] == 10 && field.velocities[3] == 0)
        #expect(field.positions.enumerated().allSatisfy { $0.offset == 3 || $0.element == 0 })
    }

    @Test("No motion settles before the energy bound that lets a field skip planning (20 000 random motions)")
    func settleLowerBoundHolds() {
        var rng = SeededGenerator(seed: 0xB0_0D)
        var tightest = Double.infinity
        for _ in 0..<propertyCaseCount(20_000) {
            let spring = Spring(
                dampingRatio: exp(Double.random(in: log(0.05)...log(20), using: &rng)),
                response: Double.random(in: 0.02...3, using: &rng))
            let x0 = Double.random(in: -500...500, using: &rng), v0 = Double.random(in: -8000...8000, using: &rng)
            let band = 0.75e-3 * spring.peakDistance(displacement: x0, velocity: v0)
            let settle = spring.settleTime(
                displacement: x0, velocity: v0,
                within: SettleBand(distance: band, speed: band * spring.naturalFrequency))
            let bound = SpringField<Double>.settleLowerBound(spring)
            #expect(
                settle >= bound,
                "ζ \(spring.dampingRatio), response \(spring.response), x0 \(x0), v0 \(v0): settles at \(settle) before the bound \(bound)"
            )
            tightest = min(tightest, settle / bound)
        }
        // The bound is useful: some motions settle within twice of it.
        #expect(tightest < 2, "closest ratio \(tightest)")
    }

    @Test("A grid retargeted every frame is never planned until it is let go, and then finishes as animators do")
    func retargetEveryFrame() {
        let spring = Spring(dampingRatio: 0.8, response: 0.4)
        let field = SpringField<Double>(count: 16, spring: spring)
        let controller = AnimationController()
        let animators = (0..<16).map { _ in
            SpringAnimator(spring: spring, value: 0.0, target: 0.0, controller: controller)
        }
        for frame in 0..<90 {
            let pointer = 100 * sin(Double(frame) / 10)
            for i in 0..<16 {
                let target = pointer + Double(i)
                field.retarget(i, to: target)
                animators[i].target = target
                if animators[i].state != .running { animators[i].start() }
            }
            field.advance(by: 1.0 / 60)
            controller.advance(by: 1.0 / 60)
        }
        var frames = 0
        while !field.isSettled && frames < 600 {
            field.advance(by: 1.0 / 60)
            controller.advance(by: 1.0 / 60)
            frames += 1
            for i in 0..<16 {
                #expect(abs(field.positions[i] - animators[i].value) <= 1e-12 * max(1, abs(animators[i].value)))
                #expect(field.isSettled(i) == (animators[i].state != .running), "frame \(frames) element \(i)")
            }
        }
        #expect(field.isSettled && frames > 10 && frames < 600)
    }
}
