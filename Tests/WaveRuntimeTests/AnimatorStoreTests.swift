import SpringMath
import SpringTestSupport
import Testing

@testable import WaveRuntime

/// Lets a test see when a closure's captures are released.
@MainActor
final class ReleaseProbe {
    let onRelease: @MainActor () -> Void
    init(_ onRelease: @escaping @MainActor () -> Void) { self.onRelease = onRelease }
    isolated deinit { onRelease() }
}

/// The animators' contiguous store: callbacks that change or release their own animator while the
/// frame loop is calling them, slots reused after release, the slots moving while a callback runs,
/// and many springs in one store.
@Suite("Animator store")
@MainActor
struct AnimatorStoreTests {
    @Test(
        "A valueChanged that replaces itself: the old closure runs to its end and is released, the new one fires from the next frame"
    )
    func callbackReplacesItself() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .smooth, value: 0.0, target: 100, controller: controller)
        var calls: [String] = []
        var oldReleased = false
        do {
            let probe = ReleaseProbe { oldReleased = true }
            animator.valueChanged = { [probe] _ in
                calls.append("old")
                animator.valueChanged = { _ in calls.append("new") }
                // Still running on the replaced closure: its captures are alive.
                withExtendedLifetime(probe) { calls.append("old, after") }
            }
        }
        controller.advance(by: 1.0 / 60)  // starts nothing: not started yet
        animator.start()
        controller.advance(by: 1.0 / 60)
        #expect(calls == ["old", "old, after"])
        #expect(oldReleased)
        controller.advance(by: 1.0 / 60)
        #expect(calls == ["old", "old, after", "new"])
    }

    @Test("A valueChanged that reads its own callback and calls it again works")
    func callbackReadsItself() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .smooth, value: 0.0, target: 100, controller: controller)
        var depth = 0, calls = 0
        // Unowned: a closure that holds its own animator strongly would keep both alive (as in Wave).
        animator.valueChanged = { [unowned animator] value in
            calls += 1
            guard depth == 0 else { return }
            depth += 1
            animator.valueChanged?(value)
            depth -= 1
        }
        animator.start()
        controller.advance(by: 1.0 / 60)
        controller.advance(by: 1.0 / 60)
        #expect(calls == 4)
        #expect(animator.valueChanged != nil)
    }

    @Test(
        "An animator released from inside its own valueChanged stops at once: nothing more fires, and its slot is reused cleanly"
    )
    func releasedInsideOwnCallback() {
        let controller = AnimationController()
        var animator: SpringAnimator<Double>? = SpringAnimator(
            spring: .smooth, value: 0, target: 100, controller: controller)
        var events: [String] = []
        var released = false
        do {
            let probe = ReleaseProbe { released = true }
            animator!.valueChanged = { [probe] _ in
                _ = probe
                events.append("value")
                animator = nil
                events.append("after release")
            }
        }
        animator!.completion = { _ in events.append("completion") }
        animator!.start()
        controller.advance(by: 1.0 / 60)
        #expect(events == ["value", "after release"])
        #expect(released)
        #expect(controller.activeAnimationCount == 0)

        // The freed slot goes to the next animator, which starts fresh.
        let next = SpringAnimator(spring: .bouncy, value: 5.0, target: 5, controller: controller)
        #expect(next.value == 5 && next.target == 5 && next.velocity == 0 && next.state == .inactive)
        #expect(next.valueChanged == nil && next.completion == nil && next.didStart == nil)
        #expect(next.restThreshold == .automatic && next.integrator == .exact && next.mode == .animated)
        for _ in 0..<300 { controller.advance(by: 1.0 / 60) }
        #expect(events == ["value", "after release"])
    }

    @Test(
        "A callback that creates many animators (the slots move) and starts them: they begin on the next frame and every run completes"
    )
    func slotsMoveDuringCallback() {
        let controller = AnimationController()
        let first = SpringAnimator(spring: .snappy, value: 0.0, target: 1, controller: controller)
        var created: [SpringAnimator<Double>] = []
        var firstValues: [Double] = []
        var finished = 0
        first.valueChanged = { value in
            firstValues.append(value)
            guard created.isEmpty else { return }
            for i in 0..<500 {
                let animator = SpringAnimator(
                    spring: .snappy, value: 0.0, target: Double(i + 1), controller: controller)
                animator.completion = { event in if case .finished = event { finished += 1 } }
                animator.start()
                created.append(animator)
            }
            // Started during the frame: not moved by it.
            #expect(created.allSatisfy { $0.value == 0 })
        }
        first.completion = { event in if case .finished = event { finished += 1 } }
        first.start()
        controller.advance(by: 1.0 / 60)
        #expect(created.count == 500 && created.allSatisfy { $0.value == 0 })
        controller.advance(by: 1.0 / 60)
        #expect(created.allSatisfy { $0.value > 0 })
        // The first animator's own callback survived the move and still fires on every frame.
        #expect(firstValues.count == 2)
        for _ in 0..<200 { controller.advance(by: 1.0 / 60) }
        #expect(finished == 501)
        #expect(created.enumerated().allSatisfy { $0.element.value == Double($0.offset + 1) })
    }

    @Test("Animators on many springs in one store each move exactly as their own SpringAnimation")
    func manySpringsMatchStandalone() {
        let controller = AnimationController()
        var rng = SeededGenerator(seed: 0x5eed_0001)
        var animators: [SpringAnimator<Double>] = []
        var references: [SpringAnimation<Double>] = []
        for _ in 0..<200 {
            let spring = Spring(
                dampingRatio: Double.random(in: 0.2...2, using: &rng),
                response: Double.random(in: 0.1...1, using: &rng))
            let from = Double.random(in: -500...500, using: &rng), to = Double.random(in: -500...500, using: &rng)
            let animator = SpringAnimator(spring: spring, value: from, target: to, controller: controller)
            animator.start()
            animators.append(animator)
            var reference = SpringAnimation(spring: spring, value: from, target: to)
            reference.start()
            references.append(reference)
        }
        for frame in 0..<120 {
            let dt = frame % 3 == 0 ? 1.0 / 120 : 1.0 / 60
            controller.advance(by: dt)
            for i in references.indices {
                _ = references[i].advance(by: dt)
                #expect(animators[i].value == references[i].value, "animator \(i), frame \(frame)")
                #expect(animators[i].velocity == references[i].velocity, "animator \(i), frame \(frame)")
                // An animator's `.ended` lasts only for its callbacks; once the frame is delivered it reads
                // `.inactive`, where the bare state machine stays `.ended` until its next step.
                let expected = references[i].state == .ended ? AnimationState.inactive : references[i].state
                #expect(animators[i].state == expected, "animator \(i), frame \(frame)")
            }
        }
    }

    @Test("Animators released and created over and over reuse their slots: the store does not grow")
    func slotsAreReused() {
        let controller = AnimationController()
        let store = controller.store(for: Double.self)
        for round in 0..<50 {
            var animators: [SpringAnimator<Double>] = []
            for i in 0..<100 {
                let animator = SpringAnimator(
                    spring: .bouncy, value: 0.0, target: Double(i + 1), controller: controller)
                animator.valueChanged = { _ in }
                if i % 2 == round % 2 { animator.start() }
                animators.append(animator)
            }
            controller.advance(by: 1.0 / 60)
            #expect(controller.activeAnimationCount == 50)
            animators.removeAll()
            #expect(controller.activeAnimationCount == 0)
        }
        #expect(store.count == 100)
    }

    @Test(
        "A valueChanged that replaces itself and then reads itself within the same call sees the new closure, and the old one keeps running"
    )
    func replacedThenRead() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .smooth, value: 0.0, target: 100, controller: controller)
        var calls: [String] = []
        animator.valueChanged = { value in
            calls.append("old")
            animator.valueChanged = { _ in calls.append("new") }
            animator.valueChanged?(value)
            animator.valueChanged = nil
            #expect(animator.valueChanged == nil)
            animator.valueChanged = { _ in calls.append("newest") }
            calls.append("old, done")
        }
        animator.start()
        controller.advance(by: 1.0 / 60)
        #expect(calls == ["old", "new", "old, done"])
        controller.advance(by: 1.0 / 60)
        #expect(calls == ["old", "new", "old, done", "newest"])
    }

    @Test(
        "An animator released in its own valueChanged whose slot goes at once to a new animator: the new one keeps its own callback"
    )
    func slotReusedInsideCallback() {
        let controller = AnimationController()
        var animator: SpringAnimator<Double>? = SpringAnimator(
            spring: .smooth, value: 0, target: 100, controller: controller)
        var replacement: SpringAnimator<Double>?
        var events: [String] = []
        animator!.valueChanged = { _ in
            events.append("first")
            animator = nil
            let next = SpringAnimator(spring: .snappy, value: 0.0, target: 10, controller: controller)
            next.valueChanged = { _ in events.append("second") }
            next.start()
            replacement = next
        }
        animator!.start()
        controller.advance(by: 1.0 / 60)
        #expect(events == ["first"])
        #expect(replacement?.valueChanged != nil)
        controller.advance(by: 1.0 / 60)
        #expect(events == ["first", "second"])
    }
}
