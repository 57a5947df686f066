import Foundation
import SpringMath
import SpringPlatforms
import SpringTestSupport
import Testing

@testable import WaveRuntime

/// Records everything an animator reports.
@MainActor
final class Recorder<Value: SpringVector> {
    var values: [Value] = []
    var events: [AnimationEvent<Value>] = []
    var starts = 0
    var finishedCount: Int { events.filter { if case .finished = $0 { true } else { false } }.count }
    var retargetedCount: Int { events.count - finishedCount }

    func attach(to animator: SpringAnimator<Value>) {
        animator.valueChanged = { [unowned self] in values.append($0) }
        animator.completion = { [unowned self] in events.append($0) }
        animator.didStart = { [unowned self] in starts += 1 }
    }
}

@MainActor
func runUntilEnded<Value>(
    _ animator: SpringAnimator<Value>, _ controller: AnimationController, dt: Double = 1.0 / 60,
    limit: Int = 100_000
) {
    var frames = 0
    repeat {
        controller.advance(by: dt)
        frames += 1
    } while (animator.state == .running || animator.isWaitingToStart) && frames < limit
}

@Suite("SpringAnimator")
@MainActor
struct SpringAnimatorTests {
    @Test("A run ends exactly at the target with one .finished")
    func basicRun() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 100.0, controller: controller)
        let recorder = Recorder<Double>()
        recorder.attach(to: animator)
        #expect(animator.state == .inactive)
        animator.start()
        controller.advance(by: 1.0 / 60)
        #expect(animator.state == .running && recorder.starts == 1)
        runUntilEnded(animator, controller)
        #expect(animator.state == .inactive && animator.value == 100 && animator.velocity == 0)
        #expect(recorder.events == [.finished(at: 100)])
        #expect(recorder.values.last == 100)
        // Nothing after the end.
        let count = recorder.values.count
        for _ in 0..<30 { controller.advance(by: 1.0 / 60) }
        #expect(recorder.values.count == count && recorder.events.count == 1)
        #expect(!controller.hasActiveAnimations)
    }

    @Test("Retargeting keeps position and velocity, fires once, and continues to the new target")
    func retarget() {
        let controller = AnimationController()
        let spring = Spring(dampingRatio: 0.6, response: 0.5)
        let animator = SpringAnimator(spring: spring, value: 0.0, target: 100.0, controller: controller)
        let recorder = Recorder<Double>()
        recorder.attach(to: animator)
        animator.start()
        for _ in 0..<12 { controller.advance(by: 1.0 / 60) }
        let (x, v) = (animator.value, animator.velocity)
        #expect(v > 0)
        animator.target = 40
        #expect(animator.value == x && animator.velocity == v)
        #expect(recorder.events == [.retargeted(from: 100, to: 40)])
        animator.target = 40  // the same target: nothing
        #expect(recorder.events.count == 1)
        // The next frame continues from (x, v) toward 40, exactly as the closed form says.
        controller.advance(by: 1.0 / 60)
        let expected = SpringMotion(spring: spring, from: x, to: 40.0, initialVelocity: v).position(at: 1.0 / 60)
        #expect(abs(animator.value - expected) < 1e-12)
        runUntilEnded(animator, controller)
        #expect(recorder.events == [.retargeted(from: 100, to: 40), .finished(at: 40)])
    }

    @Test("Setting a target while not running only sets it")
    func targetWhileInactive() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .smooth, value: 0.0, controller: controller)
        let recorder = Recorder<Double>()
        recorder.attach(to: animator)
        animator.target = 5
        controller.advance(by: 0.1)
        #expect(recorder.events.isEmpty && animator.value == 0 && animator.state == .inactive)
        animator.start()
        runUntilEnded(animator, controller)
        #expect(recorder.events == [.finished(at: 5)])
    }

    @Test("stop(immediately: true) ends where it is; stop(immediately: false) comes to rest there")
    func stopping() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .bouncy, value: 0.0, target: 10.0, controller: controller)
        let recorder = Recorder<Double>()
        recorder.attach(to: animator)
        animator.start()
        for _ in 0..<5 { controller.advance(by: 1.0 / 60) }
        let here = animator.value
        var stateInCompletion: AnimationState?
        animator.completion = { [unowned animator] event in
            recorder.events.append(event)
            stateInCompletion = animator.state
        }
        animator.stop(immediately: true)
        // As in Wave: .ended while the stop's callbacks run, .inactive once stop returns.
        #expect(stateInCompletion == .ended)
        #expect(animator.state == .inactive && recorder.events == [.finished(at: here)] && animator.value == here)
        controller.advance(by: 1)
        #expect(recorder.events.count == 1)

        let soft = SpringAnimator(spring: .bouncy, value: 0.0, target: 10.0, controller: controller)
        let softRecorder = Recorder<Double>()
        softRecorder.attach(to: soft)
        soft.start()
        for _ in 0..<5 { controller.advance(by: 1.0 / 60) }
        let there = soft.value
        soft.stop(immediately: false)
        #expect(softRecorder.events == [.retargeted(from: 10, to: there)] && soft.state == .running)
        runUntilEnded(soft, controller)
        #expect(softRecorder.events.last == .finished(at: there) && softRecorder.finishedCount == 1)
    }

    @Test("Non-animated mode and response 0 snap on the next frame and finish there")
    func nonAnimated() {
        let controller = AnimationController()
        for (spring, mode) in [(Spring.smooth, AnimationMode.nonAnimated), (Spring.defaultNonAnimated, .animated)] {
            let animator = SpringAnimator(spring: spring, value: 0.0, target: 7.0, controller: controller)
            let recorder = Recorder<Double>()
            recorder.attach(to: animator)
            animator.mode = mode
            animator.velocity = 30
            animator.start()
            #expect(recorder.values.isEmpty)
            controller.advance(by: 1.0 / 60)
            #expect(recorder.values == [7] && recorder.events == [.finished(at: 7)])
            #expect(animator.velocity == 0 && animator.state == .inactive)
        }
        // Switching a running animator to non-animated finishes it on the next frame.
        let running = SpringAnimator(spring: .smooth, value: 0.0, target: 7.0, controller: controller)
        let recorder = Recorder<Double>()
        recorder.attach(to: running)
        running.start()
        controller.advance(by: 1.0 / 60)
        running.mode = .nonAnimated
        controller.advance(by: 1.0 / 60)
        #expect(recorder.events == [.finished(at: 7)] && running.value == 7)
    }

    @Test("An injected velocity is used at start and on retarget")
    func injectedVelocity() {
        let controller = AnimationController()
        let spring = Spring(dampingRatio: 0.8, response: 0.4)
        let animator = SpringAnimator(spring: spring, value: 0.0, target: 0.0, controller: controller)
        animator.velocity = 500
        animator.start()
        controller.advance(by: 0.05)
        let expected = SpringMotion(spring: spring, from: 0.0, to: 0.0, initialVelocity: 500.0).position(at: 0.05)
        #expect(abs(animator.value - expected) < 1e-12 && animator.value > 0)
        animator.velocity = -800
        animator.target = 50
        let (x, v) = (animator.value, animator.velocity)
        controller.advance(by: 0.05)
        let after = SpringMotion(spring: spring, from: x, to: 50.0, initialVelocity: v).position(at: 0.05)
        #expect(abs(animator.value - after) < 1e-12)
    }

    @Test("A released animator stops silently")
    func released() {
        let controller = AnimationController()
        var events = 0
        var values = 0
        do {
            let animator = SpringAnimator(spring: .smooth, value: 0.0, target: 1.0, controller: controller)
            animator.valueChanged = { _ in values += 1 }
            animator.completion = { _ in events += 1 }
            animator.start()
            controller.advance(by: 1.0 / 60)
        }
        let seen = values
        for _ in 0..<200 { controller.advance(by: 1.0 / 60) }
        #expect(values == seen && events == 0 && !controller.hasActiveAnimations)
    }

    @Test("Restarting an ended animator is a new run with its own .finished")
    func restart() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 1.0, controller: controller)
        let recorder = Recorder<Double>()
        recorder.attach(to: animator)
        animator.start()
        runUntilEnded(animator, controller)
        animator.target = 2
        animator.start()
        runUntilEnded(animator, controller)
        #expect(recorder.events == [.finished(at: 1), .finished(at: 2)])
    }

    @Test("A run restarted from its own completion handler keeps running")
    func restartFromCompletion() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 1.0, controller: controller)
        var finishes: [Double] = []
        animator.completion = { [unowned animator] event in
            if case .finished(let at) = event {
                finishes.append(at)
                if finishes.count == 1 {
                    animator.target = 0
                    animator.start()
                }
            }
        }
        animator.start()
        runUntilEnded(animator, controller)
        runUntilEnded(animator, controller)
        #expect(finishes == [1, 0] && animator.value == 0)
    }

    @Test("After its controller is invalidated an animator has ended and can run again")
    func afterInvalidate() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 1.0, controller: controller)
        var events = 0
        animator.completion = { _ in events += 1 }
        animator.start()
        controller.advance(by: 1.0 / 60)
        controller.invalidate()
        #expect(animator.state == .inactive && events == 0)
        animator.start()
        runUntilEnded(animator, controller)
        #expect(animator.value == 1 && events == 1)
    }

    @Test("Huge and tiny motions finish properly despite compact thresholds")
    func thresholdRange() {
        let controller = AnimationController()
        let huge = SpringAnimator(spring: .smooth, value: 0.0, target: 1e42, controller: controller)
        huge.start()
        controller.advance(by: 1.0 / 60)
        #expect(huge.state == .running)
        runUntilEnded(huge, controller)
        #expect(huge.value == 1e42)
        let tiny = SpringAnimator(spring: .smooth, value: 0.0, target: 1.0, controller: controller)
        tiny.restThreshold = .minimumVisibleChange(1e-50)
        tiny.start()
        runUntilEnded(tiny, controller)
        #expect(tiny.state == .inactive && tiny.value == 1)
    }

    @Test("Finishing is decided by state: an overdamped spring is not cut short")
    func overdampedNotCutShort() {
        let controller = AnimationController()
        let spring = Spring(dampingRatio: 6, response: 0.5)
        let animator = SpringAnimator(spring: spring, value: 0.0, target: 1.0, controller: controller)
        animator.start()
        runUntilEnded(animator, controller)
        // With the automatic threshold (a thousandth of the distance), the end comes on the first frame
        // where the exact motion is within 0.75e-3 of the target and slow: long after Wave's fixed-time
        // estimate, and the snap to the target moves the value by less than the threshold.
        let end = controller.time
        let motion = SpringMotion(spring: spring, from: 0.0, to: 1.0)
        #expect(abs(motion.position(at: end) - 1) <= 0.75e-3)
        #expect(end > spring.waveSettleEstimate)
        #expect(
            end >= spring.settleTime(displacement: -1, velocity: 0, within: SettleBand(distance: 0.75e-3)) - 1.0 / 60)
        #expect(
            end < spring.settleTime(displacement: -1, velocity: 0, within: SettleBand(distance: 0.75e-3)) + 1.0 / 60)
    }

    @Test("A minimum visible change sets the rest thresholds in value units")
    func visibleChange() {
        let controller = AnimationController()
        let coarse = SpringAnimator(spring: .smooth, value: 0.0, target: 100.0, controller: controller)
        coarse.restThreshold = .minimumVisibleChange(1)
        coarse.start()
        runUntilEnded(coarse, controller)
        let coarseTime = controller.time
        let fine = SpringAnimator(spring: .smooth, value: 0.0, target: 100.0, controller: controller)
        fine.restThreshold = .minimumVisibleChange(0.001)
        fine.start()
        runUntilEnded(fine, controller)
        #expect(controller.time - coarseTime > coarseTime)
    }

    @Test("The motion is the same at 30, 60, 120 and 240 Hz and with irregular frames")
    func frameRateIndependence() {
        let spring = Spring(dampingRatio: 0.5, response: 0.6)
        func positions(frameTimes: [Double]) -> [Double: Double] {
            let controller = AnimationController()
            let animator = SpringAnimator(spring: spring, value: 0.0, target: 100.0, controller: controller)
            animator.velocity = -200
            var samples: [Double: Double] = [:]
            animator.valueChanged = { value in
                let t = (controller.time * 1000).rounded() / 1000
                samples[t] = value
            }
            animator.start()
            for dt in frameTimes { controller.advance(by: dt) }
            return samples
        }
        let reference = positions(frameTimes: Array(repeating: 1.0 / 240, count: 240))
        var irregular: [Double] = []
        var generator = SeededGenerator(seed: 0x5EED_F4A3)
        var total = 0.0
        while total < 1 {
            let dt = [1.0 / 240, 1.0 / 120, 1.0 / 60, 1.0 / 30, 1.0 / 80].randomElement(using: &generator)!
            irregular.append(dt)
            total += dt
        }
        for frames in [
            Array(repeating: 1.0 / 30, count: 30), Array(repeating: 1.0 / 60, count: 60),
            Array(repeating: 1.0 / 120, count: 120), irregular
        ] {
            let run = positions(frameTimes: frames)
            var compared = 0
            for (t, x) in run where t < 1 {
                guard let r = reference[t] else { continue }
                #expect(abs(x - r) < 1e-9, "t=\(t), seed \(generator.seed)")
                compared += 1
            }
            #expect(compared >= 5)
        }
    }

    @Test("A 10-second frame hitch lands at rest, no NaN; Wave's Euler is available for comparison")
    func hitch() {
        let controller = AnimationController()
        let animator = SpringAnimator(
            spring: Spring(dampingRatio: 0.3, response: 0.05), value: 0.0, target: 1.0,
            controller: controller)
        animator.start()
        controller.advance(by: 1.0 / 60)
        controller.advance(by: 10)
        #expect(animator.value == 1 && animator.state == .inactive)

        let euler = SpringAnimator(
            spring: Spring(dampingRatio: 0.3, response: 0.05), value: 0.0, target: 1.0,
            controller: controller)
        euler.integrator = .semiImplicitEuler
        euler.start()
        for _ in 0..<5 { controller.advance(by: 1.0 / 20) }
        #expect(!(abs(euler.value) < 10))  // Euler at a long frame diverges
    }

    @Test("A delay holds the start; the begin callback fires when motion starts, and the leftover moves it")
    func delay() {
        let controller = AnimationController()
        let spring = Spring.snappy
        let animator = SpringAnimator(spring: spring, value: 0.0, target: 1.0, controller: controller)
        let recorder = Recorder<Double>()
        recorder.attach(to: animator)
        animator.start(afterDelay: 0.1)
        controller.advance(by: 0.05)
        #expect(animator.state == .inactive && recorder.starts == 0 && recorder.values.isEmpty)
        controller.advance(by: 0.1)
        #expect(animator.state == .running && recorder.starts == 1)
        let expected = SpringMotion(spring: spring, from: 0.0, to: 1.0).position(at: 0.05)
        #expect(abs(animator.value - expected) < 1e-12)
        runUntilEnded(animator, controller)
        #expect(recorder.starts == 1 && recorder.finishedCount == 1)
    }

    @Test("Integralized values land on the pixel grid")
    func integralize() {
        let controller = AnimationController()
        let animator = SpringAnimator(
            spring: .smooth, value: CGPoint.zero, target: CGPoint(x: 101, y: -37), controller: controller)
        animator.integralizeValues = true
        animator.pixelScale = 2
        var values: [CGPoint] = []
        animator.valueChanged = { values.append($0) }
        animator.start()
        runUntilEnded(animator, controller)
        #expect(values.count > 5)
        for p in values { #expect((p.x * 2).rounded() == p.x * 2 && (p.y * 2).rounded() == p.y * 2) }
        #expect(animator.value == CGPoint(x: 101, y: -37))
    }

    @Test("Every value type animates", arguments: [0, 1, 2, 3])
    func valueTypes(kind: Int) {
        let controller = AnimationController()
        switch kind {
        case 0:
            let a = SpringAnimator(
                spring: .bouncy, value: SIMD3<Double>(0, 0, 0), target: SIMD3<Double>(1, 2, 3), controller: controller)
            a.start()
            runUntilEnded(a, controller)
            #expect(a.value == SIMD3<Double>(1, 2, 3))
        case 1:
            let a = SpringAnimator(
                spring: .bouncy, value: RGBAColor(red: 1, green: 0, blue: 0),
                target: RGBAColor(red: 0, green: 0, blue: 1), controller: controller)
            a.start()
            runUntilEnded(a, controller)
            #expect(a.value == RGBAColor(red: 0, green: 0, blue: 1))
        case 2:
            let a = SpringAnimator(
                spring: .bouncy, value: CGRect.zero, target: CGRect(x: 1, y: 2, width: 30, height: 40),
                controller: controller)
            a.start()
            runUntilEnded(a, controller)
            #expect(a.value == CGRect(x: 1, y: 2, width: 30, height: 40))
        default:
            let a = SpringAnimator(spring: .bouncy, value: Float(0), target: Float(3), controller: controller)
            a.start()
            runUntilEnded(a, controller)
            #expect(a.value == 3)
        }
    }

    @Test("settlingTime is the exact time left for the current motion")
    func settlingTime() {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .smooth, value: 0.0, target: 1.0, controller: controller)
        #expect(animator.remainingSettleTime == 0)
        animator.start()
        controller.advance(by: 1.0 / 60)
        let estimate = animator.remainingSettleTime
        let start = controller.time
        runUntilEnded(animator, controller, dt: 1.0 / 1000)
        #expect(abs((controller.time - start) - estimate) < 0.01)
    }

    @Test("Awaiting an animator's end")
    func awaitFinished() async {
        let controller = AnimationController()
        let animator = SpringAnimator(spring: .snappy, value: 0.0, target: 3.0, controller: controller)
        #expect(await animator.finished == nil)  // never started
        animator.start()
        let task = Task { @MainActor in await animator.finished }
        while animator.state == .running || animator.isWaitingToStart {
            await Task.yield()
            controller.advance(by: 1.0 / 60)
        }
        #expect(await task.value == 3)
        #expect(await animator.finished == 3)
    }

    @Test("A real-time controller runs on the main queue and stops when idle")
    func realTimeDriver() async {
        let controller = AnimationController(frameSource: RealTimeFrameSource(frameRate: 240))
        let animator = SpringAnimator(
            spring: Spring(dampingRatio: 1, response: 0.05), value: 0.0, target: 1.0,
            controller: controller)
        animator.start()
        let end = await animator.finished
        #expect(end == 1)
        #expect(controller.time > 0.05 && !controller.hasActiveAnimations)
    }
}
