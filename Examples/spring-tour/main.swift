// A tour of SpringMath: one spring in several conventions, its exact motion and its settle time.
//
//     swift run spring-tour
import Foundation
import SpringMath
import SpringPlatforms

let spring = Spring(dampingRatio: 0.68, response: 0.8)
print("Spring(dampingRatio: 0.68, response: 0.8)")
print("  stiffness \(spring.stiffness), damping coefficient \(spring.dampingCoefficient)")
print("  SwiftUI duration \(spring.duration), bounce \(spring.bounce)")
print("  settles (tolerance 0.001) after \(spring.settleTime) s; Wave's settle estimate \(spring.waveSettleEstimate) s")

let metrics = spring.metrics()
print("  overshoot \(metrics.overshoot * 100) % at \(metrics.peakTime ?? 0) s, rise time \(metrics.riseTime ?? 0) s")

// A motion from 0 to 100 with an initial fling of 500 units/s.
let motion = SpringMotion(spring: spring, from: 0.0, to: 100.0, initialVelocity: 500.0)
print("\n    t      position    velocity")
for step in 0...10 {
    let t = Double(step) * 0.1
    let state = motion.state(at: t)
    let row = [t, state.position, state.velocity].map { String(format: "%10.4f", $0) }
    print(row.joined(separator: "  "))
}

// Exact stepping at any frame rate lands on the same curve.
var value = 0.0, velocity = 500.0
for _ in 0..<60 { spring.advance(value: &value, velocity: &velocity, target: 100, by: 1.0 / 60) }
print("\nafter 60 frames at 60 Hz: \(value) (closed form: \(motion.position(at: 1)))")
