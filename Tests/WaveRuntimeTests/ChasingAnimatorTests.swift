import Foundation
import SpringChoreography
import SpringMath
import Testing

@testable import WaveRuntime

/// A row of SpringMathTests' Fixtures/chase.csv: the chase ODE integrated by mpmath at 40 digits
/// (scripts/reference/chase/make_chase_fixture.py), independent of both SpringMath and WaveRuntime.
private struct ChaseCase {
    var zeta, response, mass, from, to, targetVelocity, v0: Double
    var samples: [(t: Double, x: Double, v: Double)] = []
}

private func chaseCases() throws -> [String: ChaseCase] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SpringMathTests/Fixtures/chase.csv").standardizedFileURL
    var cases: [String: ChaseCase] = [:]
    for line in try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst() {
        let f = line.split(separator: ",").map(String.init)
        guard f.count == 11, f[6] != "path" else { continue }
        let d = f.dropFirst().map { Double($0) ?? .nan }
        cases[
            f[0],
            default: ChaseCase(
                zeta: d[0], response: d[1], mass: d[2], from: d[3], to: d[4],
                targetVelocity: d[5], v0: d[6])
        ].samples.append((d[7], d[8], d[9]))
    }
    return cases
}

@MainActor
@Suite("Animators whose target moves")
struct ChasingAnimatorTests {
    /// Frames of `frame` seconds up to each sample time, then the part frame that lands on it: the
    /// animator's value and velocity match the 40-digit ODE solution at every rate.
    @Test(arguments: [1.0 / 30, 1.0 / 60, 1.0 / 120, 0.0137])
    func followsTheExactChaseAtEveryFrameRate(frame: Double) throws {
        let cases = try chaseCases()
        #expect(cases.count == 6)
        for (name, chase) in cases {
            let controller = AnimationController()
            let spring = Spring(dampingRatio: chase.zeta, response: chase.response, mass: chase.mass)
            let animator = SpringAnimator(spring: spring, value: chase.from, target: chase.to, controller: controller)
            animator.velocity = chase.v0
            animator.targetVelocity = chase.targetVelocity
            var finished = false
            animator.completion = { if case .finished = $0 { finished = true } }
            animator.start()
            controller.advance(by: 0)  // the run begins: nothing moves yet
            var clock = 0.0
            let scale = chase.samples.map { max(abs($0.x), abs(chase.from), abs(chase.to)) }.max()!
            let speedScale = chase.samples.map { abs($0.v) }.max()! + abs(chase.targetVelocity)
            for sample in chase.samples where sample.t > 0 {
                while clock + frame < sample.t {
                    controller.advance(by: frame)
                    clock += frame
                }
                controller.advance(by: sample.t - clock)
                clock = sample.t
                #expect(abs(animator.value - sample.x) <= 1e-12 * scale, "\(name) at \(sample.t) s, frame \(frame)")
                #expect(abs(animator.velocity - sample.v) <= 1e-12 * speedScale, "\(name) velocity at \(sample.t) s")
                #expect(abs(animator.target - (chase.to + chase.targetVelocity * sample.t)) <= 1e-12 * scale)
            }
            #expect(!finished && animator.state == .running, "a chase does not finish while its target moves")
            #expect(animator.remainingSettleTime == .infinity)
        }
    }

    /// The steady lag is c·V/k, worked out here from stiffness and damping coefficient, not from
    /// SpringMath's ζ·response/π.
    @Test func trailsByDampingOverStiffnessTimesTheTargetVelocity() {
        let controller = AnimationController()
        let spring = Spring(mass: 1, stiffness: 200, dampingCoefficient: 30)
        let animator = SpringAnimator(spring: spring, value: 0.0, target: 0.0, controller: controller)
        animator.targetVelocity = 400
        animator.start()
        for _ in 0..<(60 * 4) { controller.advance(by: 1.0 / 60) }
        #expect(abs((animator.target - animator.value) - 30.0 * 400 / 200) < 1e-9)
        #expect(abs(animator.velocity - 400) < 1e-9)
    }

    /// Stopping the target: the spring comes to rest on it where it then is, with one `.finished`.
    @Test func stoppingTheTargetLetsTheRunFinishThere() {
        let controller = AnimationController()
        let animator = SpringAnimator(
            spring: Spring(dampingRatio: 0.8, response: 0.3), value: 0.0, target: 0.0,
            controller: controller)
        var finishes: [Double] = []
        animator.completion = { if case .finished(let at) = $0 { finishes.append(at) } }
        animator.targetVelocity = 100
        animator.start()
        for _ in 0..<60 { controller.advance(by: 1.0 / 60) }
        let stopAt = animator.target
        #expect(abs(stopAt - 100) < 1e-9 && finishes.isEmpty)
        animator.targetVelocity = 0
        #expect(animator.remainingSettleTime.isFinite && animator.remainingSettleTime > 0)
        for _ in 0..<(60 * 5) where animator.state == .running { controller.advance(by: 1.0 / 60) }
        #expect(finishes == [stopAt])
        #expect(animator.value == stopAt && animator.velocity == 0)
    }

    /// A standalone animation steps the same exact chase, and a numeric integrator retargets every
    /// step instead (close at 120 Hz, not exact).
    @Test func standaloneAnimationAndNumericIntegrators() {
        let spring = Spring(dampingRatio: 0.5, response: 0.6)
        let exact = SpringChase(spring: spring, from: 0.0, to: 100.0, targetVelocity: 250.0)
        var animation = SpringAnimation(spring: spring, value: 0.0, target: 100.0)
        animation.targetVelocity = 250
        var euler = animation
        euler.integrator = .semiImplicitEuler
        animation.start()
        euler.start()
        for _ in 0..<120 {
            _ = animation.advance(by: 1.0 / 120)
            _ = euler.advance(by: 1.0 / 120)
        }
        #expect(abs(animation.value - exact.position(at: 1)) < 1e-11)
        #expect(abs(euler.value - exact.position(at: 1)) < 5 && euler.value != animation.value)
        #expect(abs(euler.target - 350) < 1e-9)
    }

    /// Non-animated mode keeps the value on the moving target.
    @Test func nonAnimatedModeRidesTheTarget() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 10.0, controller: controller)
        animator.mode = .nonAnimated
        animator.targetVelocity = -20
        animator.start()
        controller.advance(by: 0.5)
        #expect(animator.value == animator.target && abs(animator.target - 0) < 1e-12 && animator.velocity == -20)
    }
}
