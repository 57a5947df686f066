import Foundation
import SpringMath
import SpringTestSupport
import Testing

@testable import WaveRuntime

@MainActor
final class Box: WaveAnimatable {
    var center = CGPoint.zero
    var opacity = 1.0
    var size = CGSize(width: 10, height: 10)
}

@MainActor
final class Completions {
    var calls: [(Bool, Bool)] = []
    func handler() -> @MainActor (Bool, Bool) -> Void { { [unowned self] in calls.append(($0, $1)) } }
    var flags: [String] { calls.map { "\($0.0),\($0.1)" } }
}

@Suite("Block-based animations")
@MainActor
struct WaveBlockTests {
    func run(_ controller: AnimationController, seconds: Double = 5) {
        for _ in 0..<Int(seconds * 60) { controller.advance(by: 1.0 / 60) }
    }

    @Test("The completion fires once, after all of the block's properties finish: (true, false)")
    func allProperties() {
        let controller = AnimationController()
        let box = Box()
        let done = Completions()
        var opacityDoneAt = -1.0
        Wave.animate(withSpring: Spring(dampingRatio: 1, response: 0.2), controller: controller) {
            box.animator.opacity = 0.0
        } completion: { _, _ in
            opacityDoneAt = controller.time
        }
        Wave.animate(
            withSpring: Spring(dampingRatio: 0.7, response: 0.8), controller: controller,
            animations: {
                box.animator.center = CGPoint(x: 200, y: 100)
                box.animator.size = CGSize(width: 50, height: 20)
            }, completion: done.handler())
        #expect(box.animator(on: controller).center == CGPoint(x: 200, y: 100))  // the target while animating
        #expect(box.center == .zero)
        controller.advance(by: 1.0 / 60)
        #expect(box.center.x > 0 && box.center.x < 200)
        run(controller)
        #expect(done.flags == ["true,false"])
        #expect(box.center == CGPoint(x: 200, y: 100) && box.size == CGSize(width: 50, height: 20) && box.opacity == 0)
        #expect(opacityDoneAt > 0 && opacityDoneAt < 1)
        #expect(!controller.hasActiveAnimations)
    }

    @Test("A later block retargeting a property: the first gets (false, true), the later one (true, false)")
    func retargetedByLaterBlock() {
        let controller = AnimationController()
        let box = Box()
        let first = Completions(), second = Completions()
        Wave.animate(
            withSpring: .smooth, controller: controller,
            animations: {
                box.animator.center = CGPoint(x: 100, y: 0)
                box.animator.opacity = 0.2
            }, completion: first.handler())
        for _ in 0..<6 { controller.advance(by: 1.0 / 60) }
        let before = box.center
        Wave.animate(
            withSpring: .smooth, controller: controller,
            animations: {
                box.animator.center = CGPoint(x: -50, y: 0)
            }, completion: second.handler())
        #expect(first.flags == ["false,true"])
        controller.advance(by: 1.0 / 60)
        #expect(box.center.x > before.x)  // velocity kept: still moving right for a moment
        run(controller)
        #expect(first.flags == ["false,true"] && second.flags == ["true,false"])
        #expect(box.center == CGPoint(x: -50, y: 0) && box.opacity == 0.2)
    }

    @Test("Interrupted: a released object, a controller torn down, a direct set through animator")
    func interrupted() {
        let controller = AnimationController()
        let released = Completions()
        do {
            let box = Box()
            Wave.animate(
                withSpring: .smooth, controller: controller,
                animations: {
                    box.animator.opacity = 0
                }, completion: released.handler())
            controller.advance(by: 1.0 / 60)
        }
        controller.advance(by: 1.0 / 60)
        #expect(released.flags == ["false,false"])

        let box = Box()
        let torn = Completions()
        Wave.animate(
            withSpring: .smooth, controller: controller,
            animations: {
                box.animator.opacity = 0
            }, completion: torn.handler())
        controller.advance(by: 1.0 / 60)
        controller.invalidate()
        #expect(torn.flags == ["false,false"])
        run(controller, seconds: 1)
        #expect(torn.calls.count == 1)

        let direct = Completions()
        Wave.animate(
            withSpring: .smooth, controller: controller,
            animations: {
                box.animator.center = CGPoint(x: 10, y: 10)
            }, completion: direct.handler())
        controller.advance(by: 1.0 / 60)
        box.animator(on: controller).center = CGPoint(x: 3, y: 4)  // outside any block: set now, animation cancelled
        #expect(direct.flags == ["false,false"] && box.center == CGPoint(x: 3, y: 4))
        run(controller, seconds: 1)
        #expect(box.center == CGPoint(x: 3, y: 4))
    }

    @Test("Setting the property itself while animating is overwritten on the next frame")
    func directWriteOverwritten() {
        let controller = AnimationController()
        let box = Box()
        Wave.animate(withSpring: .smooth, controller: controller) { box.animator.opacity = 0 }
        controller.advance(by: 1.0 / 60)
        box.opacity = 5
        controller.advance(by: 1.0 / 60)
        #expect(box.opacity < 1)
    }

    @Test("Non-animated blocks and response-0 springs snap on the next frame")
    func nonAnimatedBlocks() {
        let controller = AnimationController()
        let box = Box()
        let a = Completions(), b = Completions()
        Wave.animate(
            withSpring: .smooth, mode: .nonAnimated, controller: controller,
            animations: {
                box.animator.opacity = 0.3
            }, completion: a.handler())
        Wave.animate(
            withSpring: .defaultNonAnimated, controller: controller,
            animations: {
                box.animator.center = CGPoint(x: 9, y: 9)
            }, completion: b.handler())
        #expect(box.opacity == 1)
        controller.advance(by: 1.0 / 60)
        #expect(box.opacity == 0.3 && box.center == CGPoint(x: 9, y: 9))
        #expect(a.flags == ["true,false"] && b.flags == ["true,false"])
    }

    @Test("Gesture velocity applies to point values")
    func gestureVelocity() {
        let controller = AnimationController()
        let box = Box()
        let spring = Spring(dampingRatio: 0.8, response: 0.5)
        Wave.animate(withSpring: spring, gestureVelocity: CGPoint(x: 1000, y: -400), controller: controller) {
            box.animator.center = CGPoint(x: 100, y: 100)
            box.animator.opacity = 0.5
        }
        controller.advance(by: 0.02)
        let expected = SpringMotion(
            spring: spring, from: CGPoint.zero, to: CGPoint(x: 100, y: 100),
            initialVelocity: CGPoint(x: 1000, y: -400)
        ).position(at: 0.02)
        #expect(abs(Double(box.center.x - expected.x)) < 1e-9 && abs(Double(box.center.y - expected.y)) < 1e-9)
        let opacity = SpringMotion(spring: spring, from: 1.0, to: 0.5).position(at: 0.02)
        #expect(abs(box.opacity - opacity) < 1e-12)
    }

    @Test("A delayed block starts later; an empty block completes at once")
    func delayAndEmpty() {
        let controller = AnimationController()
        let box = Box()
        Wave.animate(withSpring: .smooth, delay: 0.5, controller: controller) { box.animator.opacity = 0 }
        for _ in 0..<29 { controller.advance(by: 1.0 / 60) }
        #expect(box.opacity == 1)
        for _ in 0..<3 { controller.advance(by: 1.0 / 60) }
        #expect(box.opacity < 1)
        let empty = Completions()
        Wave.animate(withSpring: .smooth, controller: controller, animations: {}, completion: empty.handler())
        #expect(empty.flags == ["true,false"])
    }

    @Test("The async form returns the completion's flags")
    func asyncAnimate() async {
        let controller = AnimationController()
        let box = Box()
        let task = Task { @MainActor in
            await Wave.animate(withSpring: .snappy, controller: controller) { box.animator.opacity = 0 }
        }
        for _ in 0..<200 {
            await Task.yield()
            controller.advance(by: 1.0 / 60)
        }
        let result = await task.value
        #expect(result.finished && !result.retargeted)
    }
}

@Suite("Randomised operation sequences")
@MainActor
struct RandomisedTests {
    @Test("Thousands of random sequences keep the invariants: one .finished per run, nothing after the end, no NaN")
    func invariants() {
        let seed: UInt64 = 0x2026_1123_0008
        var rng = SeededGenerator(seed: seed)
        let springs = [
            Spring.smooth, .bouncy, Spring(dampingRatio: 0, response: 0.3), Spring(dampingRatio: 4, response: 0.3),
            .defaultNonAnimated, Spring(dampingRatio: 0.2, response: 0.02)
        ]
        for sequence in 0..<propertyCaseCount(2000) {
            let controller = AnimationController()
            var animator: SpringAnimator<Double>? = SpringAnimator(
                spring: springs.randomElement(using: &rng)!,
                value: 0, target: 1, controller: controller)
            var runs = 0, finished = 0, eventsAfterEnd = 0, nan = false, released = false
            var ended = true
            animator!.valueChanged = { value in
                if value.isNaN { nan = true }
                if ended { eventsAfterEnd += 1 }
            }
            animator!.completion = { event in
                if ended { eventsAfterEnd += 1 }
                if case .finished(let at) = event {
                    finished += 1
                    ended = true
                    if at.isNaN { nan = true }
                }
            }
            for _ in 0..<40 {
                guard let current = animator else { break }
                switch Int.random(in: 0..<8, using: &rng) {
                case 0:
                    if current.state != .running && !current.isWaitingToStart {
                        runs += 1
                        ended = false
                    }
                    current.start(afterDelay: Bool.random(using: &rng) ? 0 : Double.random(in: 0...0.2, using: &rng))
                case 1: current.target = Double.random(in: -100...100, using: &rng)
                case 2: current.stop(immediately: Bool.random(using: &rng))
                case 3: current.mode = Bool.random(using: &rng) ? .animated : .nonAnimated
                case 4: current.velocity = Double.random(in: -1000...1000, using: &rng)
                case 5: current.spring = springs.randomElement(using: &rng)!
                case 6:
                    animator = nil
                    released = true
                default:
                    let dt = [0, 1.0 / 240, 1.0 / 60, 0.1, 1, 10].randomElement(using: &rng)!
                    controller.advance(by: dt)
                }
                // .ended is only ever seen inside the callbacks of the frame that ended the run.
                if let current = animator { #expect(current.state != .ended, "seed \(seed) sequence \(sequence)") }
                if let current = animator, current.state == .running {
                    #expect(!ended, "seed \(seed) sequence \(sequence)")
                }
                if let current = animator { #expect(!current.value.isNaN && !current.velocity.isNaN, "seed \(seed)") }
            }
            if !released { for _ in 0..<5 { controller.advance(by: 10) } }
            #expect(!nan, "seed \(seed) sequence \(sequence)")
            #expect(eventsAfterEnd == 0, "seed \(seed) sequence \(sequence)")
            #expect(finished <= runs, "seed \(seed) sequence \(sequence)")
            if !released, let current = animator {
                // Every run that began has ended by now, each with exactly one .finished — except an
                // undamped spring, which never comes to rest.
                if current.spring.dampingRatio > 0 || current.mode == .nonAnimated || current.state != .running {
                    #expect(finished == runs, "seed \(seed) sequence \(sequence): runs \(runs) finished \(finished)")
                }
            }
        }
    }
}
