import Foundation
import SpringMath
import Testing
import WaveRuntime

// The README's WaveRuntime examples, kept compiling.

@MainActor func readmeDemo() -> (AnimationController, SpringAnimator<Double>) {
    let controller = AnimationController()  // hand-driven: nothing moves until you advance it
    let animator = SpringAnimator(
        spring: Spring(dampingRatio: 0.7, response: 0.5),
        value: 0.0, target: 300.0, controller: controller)
    animator.valueChanged = { x in _ = x }
    animator.completion = { event in
        switch event {
        case .finished(let at): _ = at
        case .retargeted(let from, let to): _ = (from, to)
        }
    }
    animator.start()
    controller.advance(by: 1.0 / 60)  // a frame; any dt gives the same curve
    animator.target = 120  // retarget: position and velocity kept
    return (controller, animator)
}

final class ReadmeBox: WaveAnimatable {
    var center = CGPoint.zero
    var opacity = 1.0
}

@Suite("README (WaveRuntime)")
@MainActor
struct WaveReadmeTests {
    @Test("The README examples compile and behave as described")
    func examples() {
        let (controller, animator) = readmeDemo()
        for _ in 0..<300 { controller.advance(by: 1.0 / 60) }
        #expect(animator.value == 120 && animator.state == .inactive)

        var flags: (Bool, Bool)?
        let box = ReadmeBox()
        Wave.animate(withSpring: .snappy, gestureVelocity: CGPoint(x: 800, y: 0), controller: controller) {
            box.animator.center = CGPoint(x: 200, y: 100)  // writes box.center every frame
            box.animator.opacity = 0.5
        } completion: { finished, retargeted in
            flags = (finished, retargeted)
        }
        for _ in 0..<300 { controller.advance(by: 1.0 / 60) }
        #expect(flags?.0 == true && flags?.1 == false && box.center == CGPoint(x: 200, y: 100))
    }
}
