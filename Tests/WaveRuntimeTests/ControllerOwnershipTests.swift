import Foundation
import SpringMath
import Testing

@testable import WaveRuntime

/// A frame source a test drives by hand, recording how the controller uses it.
@MainActor
final class HandFrames: FrameSource {
    private var onFrame: (@MainActor (Double) -> Void)?
    var starts = 0
    var stops = 0
    var isRunning: Bool { onFrame != nil }

    func start(onFrame: @escaping @MainActor (Double) -> Void) {
        starts += 1
        self.onFrame = onFrame
    }

    func stop() {
        stops += 1
        onFrame = nil
    }

    /// Delivers one frame if running; returns whether it did.
    @discardableResult
    func tick(_ deltaTime: Double) -> Bool {
        guard let onFrame else { return false }
        onFrame(deltaTime)
        return true
    }
}

@Suite("Controller ownership and teardown")
@MainActor
struct ControllerOwnershipTests {
    @Test("Releasing a controller before its running animator: the animator is inert and safe to use and release")
    func controllerReleasedWhileRunning() {
        var controller: AnimationController? = AnimationController()
        var animator: SpringAnimator<Double>? = SpringAnimator(
            spring: .bouncy, value: 0, target: 100,
            controller: controller!)
        var events = 0
        animator!.completion = { _ in events += 1 }
        animator!.start()
        controller!.advance(by: 1.0 / 60)
        weak let gone = controller
        controller = nil
        #expect(gone == nil)
        // Touch everything: none of this may trap.
        let here = animator!.value
        animator!.target = 5
        animator!.velocity = 10
        animator!.spring = .smooth
        animator!.start()
        animator!.stop(immediately: true)
        _ = animator!.remainingSettleTime
        #expect(animator!.state == .inactive && animator!.value == here && events == 0)  // interrupted silently
        animator = nil
    }

    @Test("Releasing a controller before an idle animator, then the animator")
    func controllerReleasedWhileIdle() {
        var controller: AnimationController? = AnimationController()
        let animator = SpringAnimator(spring: .bouncy, value: 0.0, target: 1.0, controller: controller!)
        controller = nil
        animator.start()  // inert: no controller to run on
        #expect(animator.state == .inactive && animator.value == 0)
    }

    @Test("Releasing a controller while a block animates: the block completes (false, false), nothing traps")
    func controllerReleasedDuringBlock() {
        var controller: AnimationController? = AnimationController()
        let box = Box()
        let done = Completions()
        Wave.animate(
            withSpring: .smooth, controller: controller!,
            animations: {
                box.animator.opacity = 0
            }, completion: done.handler())
        controller!.advance(by: 1.0 / 60)
        controller = nil
        #expect(done.flags == ["false,false"])
        box.animator.opacity = 0.5  // outside a block, on the (idle) main controller
        #expect(box.opacity == 0.5)
    }

    @Test("Two controllers share nothing: a block on B does not retarget A's animation of the same property")
    func controllersAreIndependent() {
        let a = AnimationController(), b = AnimationController()
        let box = Box()
        let onA = Completions(), onB = Completions()
        Wave.animate(
            withSpring: .smooth, controller: a, animations: { box.animator.opacity = 0 },
            completion: onA.handler())
        a.advance(by: 1.0 / 60)
        Wave.animate(
            withSpring: .smooth, controller: b, animations: { box.animator.opacity = 0.8 },
            completion: onB.handler())
        #expect(box.animator(on: a).opacity == 0 && box.animator(on: b).opacity == 0.8)
        #expect(onA.calls.isEmpty && a.activeAnimationCount == 1 && b.activeAnimationCount == 1)
        for _ in 0..<600 { a.advance(by: 1.0 / 60) }
        #expect(onA.flags == ["true,false"] && box.opacity == 0)
        #expect(onB.calls.isEmpty && b.hasActiveAnimations)  // B's clock never moved
        for _ in 0..<600 { b.advance(by: 1.0 / 60) }
        #expect(onB.flags == ["true,false"] && box.opacity == 0.8)
    }

    @Test("A controller starts its frame source when work arrives and stops it when idle")
    func frameSourceLifecycle() {
        let frames = HandFrames()
        let controller = AnimationController(frameSource: frames)
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 1.0, controller: controller)
        #expect(frames.starts == 0 && !frames.isRunning)
        animator.start()
        #expect(frames.starts == 1 && frames.isRunning)
        var ticks = 0
        while frames.tick(1.0 / 60) && ticks < 10_000 { ticks += 1 }
        #expect(animator.value == 1 && frames.stops == 1 && !frames.isRunning)
        #expect(abs(controller.time - Double(ticks) / 60) < 1e-9)
        animator.target = 0
        animator.start()
        #expect(frames.starts == 2 && frames.isRunning)
        controller.invalidate()
        #expect(frames.stops == 2 && !frames.isRunning)
    }

    @Test("As in Wave: .ended is reported on the frame a run finishes and is .inactive by the next")
    func endedThenInactive() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 1.0, controller: controller)
        var stateAtFinish: AnimationState?
        var stateInLastValue: AnimationState?
        animator.valueChanged = { [unowned animator] _ in stateInLastValue = animator.state }
        animator.completion = { [unowned animator] event in if case .finished = event { stateAtFinish = animator.state }
        }
        animator.start()
        runUntilEnded(animator, controller)
        #expect(stateAtFinish == .ended && stateInLastValue == .ended)
        #expect(animator.state == .inactive)

        // The pure state machine too: .ended for the step that finished it, .inactive at the next.
        var animation = SpringAnimation(spring: .snappy, value: 0.0, target: 1.0)
        animation.start()
        var step: AnimationStep = []
        while !step.contains(.finished) { step = animation.advance(by: 1.0 / 60) }
        #expect(animation.state == .ended && animation.hasEnded)
        _ = animation.advance(by: 1.0 / 60)
        #expect(animation.state == .inactive && animation.hasEnded)
    }
}
