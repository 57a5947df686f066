import Foundation
import SpringMath
import Testing

@testable import WaveRuntime

/// A view as Wave's documentation moves it: a position, a scale, a corner radius and a frame.
@MainActor
final class PortedView: WaveAnimatable {
    var center = CGPoint.zero
    var scale = CGPoint(x: 1, y: 1)
    var cornerRadius = 0.0
    var frame = CGRect(x: 0, y: 0, width: 100, height: 50)
}

/// A card whose offset is a position under another name: it declares it.
@MainActor
final class Card: WaveAnimatable {
    var offset = CGPoint.zero
    var tilt = CGPoint.zero
    static var positionalProperties: [PartialKeyPath<Card>] { [\.offset] }
}

/// Issue 45: code ported from Wave's documentation behaves as the documentation says.
@Suite("Wave's promises, ported")
@MainActor
struct WavePortingTests {
    @Test(
        "The seeds' multiple-properties example: the position takes the gesture velocity, scale and the rest start from their own"
    )
    func multipleProperties() {
        let controller = AnimationController()
        let view = PortedView()
        view.scale = CGPoint(x: 0.8, y: 0.8)
        let spring = Spring(dampingRatio: 0.7, response: 0.5)
        let velocity = CGPoint(x: 3000, y: -1200)
        let destination = CGPoint(x: 300, y: 200)
        Wave.animate(withSpring: spring, gestureVelocity: velocity, controller: controller) {
            view.animator.center = destination  // position gets the full velocity
            view.animator.scale = CGPoint(x: 1.2, y: 1.2)  // animated without velocity
            view.animator.cornerRadius = 16
        }
        // The textbook bound for a unit step from rest: the overshoot is exp(−πζ/√(1−ζ²)) of the travel.
        let overshoot = exp(-Double.pi * 0.7 / (1 - 0.49).squareRoot())
        var peakScale = 0.0
        var centerMatches = true
        for frame in 1...120 {
            controller.advance(by: 1.0 / 60)
            peakScale = max(peakScale, Double(view.scale.x))
            let t = Double(frame) / 60
            let exact = SpringMotion(spring: spring, from: CGPoint.zero, to: destination, initialVelocity: velocity)
                .position(at: t)
            // Until it comes to rest (and is put on its target), the centre is the exact motion from the finger's velocity.
            if frame <= 45 {
                centerMatches =
                    centerMatches && abs(Double(view.center.x - exact.x)) < 1e-9
                    && abs(Double(view.center.y - exact.y)) < 1e-9
            }
        }
        #expect(centerMatches)
        #expect(peakScale <= 1.2 + 0.4 * overshoot + 1e-9, "scale peaked at \(peakScale)")
        #expect(peakScale > 1.2)
    }

    @Test(
        "frame and frame.origin take the gesture velocity in their origin; a declared positional property takes it, another point does not"
    )
    func positionsByName() {
        let controller = AnimationController()
        let view = PortedView(), card = Card()
        let spring = Spring(dampingRatio: 1, response: 0.4)
        let velocity = CGPoint(x: 500, y: 250)
        Wave.animate(withSpring: spring, gestureVelocity: velocity, controller: controller) {
            view.animator.frame = CGRect(x: 100, y: 0, width: 100, height: 50)
            card.animator.offset = CGPoint(x: 100, y: 0)
            card.animator.tilt = CGPoint(x: 100, y: 0)
        }
        controller.advance(by: 0.02)
        let moved = SpringMotion(
            spring: spring, from: CGPoint.zero, to: CGPoint(x: 100, y: 0), initialVelocity: velocity
        ).position(at: 0.02)
        let still = SpringMotion(spring: spring, from: CGPoint.zero, to: CGPoint(x: 100, y: 0)).position(at: 0.02)
        #expect(abs(Double(view.frame.origin.x - moved.x)) < 1e-9 && abs(Double(view.frame.origin.y - moved.y)) < 1e-9)
        #expect(view.frame.size == CGSize(width: 100, height: 50))
        #expect(abs(Double(card.offset.x - moved.x)) < 1e-9 && abs(Double(card.offset.y - moved.y)) < 1e-9)
        #expect(abs(Double(card.tilt.x - still.x)) < 1e-9 && card.tilt.y == 0)
        #expect(GesturePositions.isPositional(\PortedView.frame.origin, of: PortedView.self))
        #expect(!GesturePositions.isPositional(\PortedView.scale, of: PortedView.self))
    }

    @Test("mapRange is Wave's: generic, labelled and not, unclipped unless asked")
    func mapRangeAsWave() {
        #expect(mapRange(2.0, 0, 1, 0, 100) == 200)
        #expect(mapRange(2.0, 0, 1, 0, 100, clip: true) == 100)
        #expect(mapRange(value: 15.0, inMin: 0, inMax: 10, outMin: 100, outMax: 200) == 250)
        let float: Float = mapRange(0.25, 0, 1, 10, 20)
        #expect(float == 12.5)
        let point: CGFloat = mapRange(CGFloat(0.5), 0, 1, 0, 300)
        #expect(point == 150)
        // The sheet example's overshoot: progress past 1 maps past the end, as Wave's does.
        let past: Double = mapRange(1.1, 0, 1, 100, 700)
        let byHand: Double = 1.1 * 600 + 100
        #expect(past == byHand)
        #expect(clip(value: Float(3), lower: 0, upper: 2) == 2 && clipUnit(value: CGFloat(-0.5)) == 0)
    }

    @Test("An animator read outside a block answers from the controller the property is animated on")
    func readsFollowTheAnimation() {
        let controller = AnimationController()
        let view = PortedView()
        view.cornerRadius = 1
        Wave.animate(withSpring: .smooth, controller: controller) { view.animator.cornerRadius = 0.25 }
        controller.advance(by: 1.0 / 60)
        #expect(view.cornerRadius != 0.25 && view.cornerRadius != 1)
        #expect(view.animator.cornerRadius == 0.25)  // the target, not the current value
        // Set outside a block: that controller's animation is cancelled and the value jumps.
        view.animator.cornerRadius = 3
        controller.advance(by: 1.0 / 60)
        #expect(view.cornerRadius == 3 && view.animator.cornerRadius == 3)
    }

    @Test("A delay lands on the frame that contains its end, at every frame rate", arguments: [30, 60, 120, 144, 90])
    func delays(rate: Int) {
        // In whole milliseconds and frames: the first frame n with n/rate ≥ delay is ⌈delay·rate⌉.
        for milliseconds in [100, 200, 250, 500, 1000, 1500, 50, 333] {
            let controller = AnimationController()
            let animator = SpringAnimator<Double>(spring: .smooth, value: 0, target: 1, controller: controller)
            var startedOn: Int?
            var frame = 0
            animator.didStart = { startedOn = frame }
            animator.start(afterDelay: Double(milliseconds) / 1000)
            while startedOn == nil && frame < 1000 {
                frame += 1
                controller.advance(by: 1 / Double(rate))
            }
            let expected = (milliseconds * rate + 999) / 1000
            #expect(
                startedOn == expected,
                "\(milliseconds) ms at \(rate) Hz started on frame \(startedOn ?? -1), not \(expected)")
        }
    }
}
