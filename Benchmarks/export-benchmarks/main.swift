import Foundation
import SpringExport
import SpringMath
import SpringPlatforms

// CSS linear() point counts: this project's greedy method against Ramer–Douglas–Peucker tuned to the
// same maximum vertical error, for a dozen springs, plus the time each takes.

struct Case {
    let name: String
    let spring: Spring
    let velocity: Double
}

let cases: [Case] = [
    Case(name: "SwiftUI (0.5 s, bounce 0.3)", spring: Spring(duration: 0.5, bounce: 0.3), velocity: 0),
    Case(name: "SwiftUI .smooth", spring: .smooth, velocity: 0),
    Case(name: "SwiftUI .snappy", spring: .snappy, velocity: 0),
    Case(name: "SwiftUI .bouncy", spring: .bouncy, velocity: 0),
    Case(name: "ζ 0.68, response 0.8", spring: Spring(dampingRatio: 0.68, response: 0.8), velocity: 0),
    Case(name: "ζ 0.2, response 0.6", spring: Spring(dampingRatio: 0.2, response: 0.6), velocity: 0),
    Case(name: "ζ 0.1, response 1", spring: Spring(dampingRatio: 0.1, response: 1), velocity: 0),
    Case(name: "critical, response 0.4", spring: Spring(dampingRatio: 1, response: 0.4), velocity: 0),
    Case(name: "overdamped ζ 2.5", spring: Spring(dampingRatio: 2.5, response: 0.3), velocity: 0),
    Case(name: "react-spring default", spring: Spring(reactSpring: .default), velocity: 0),
    Case(name: "ζ 0.5 fling toward (v +800 px/s)", spring: Spring(dampingRatio: 0.5, response: 0.5), velocity: 800),
    Case(name: "ζ 0.7 fling away (v −600 px/s)", spring: Spring(dampingRatio: 0.7, response: 0.5), velocity: -600)
]

let travel = 100.0
let tolerance = 0.005  // 0.5 % of the travel
print("CSS linear() at a maximum vertical error of 0.5 % of a \(Int(travel)) px travel (release build)")
print("")
func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
print(
    pad("spring", 36) + pad("greedy", 8) + pad("err %", 8) + pad("bytes", 7) + pad("RDP", 6) + pad("err %", 8)
        + pad("ratio", 7) + "greedy ms")
var ratios: [Double] = []
for c in cases {
    let motion = SpringMotion(spring: c.spring, from: 0.0, to: travel, initialVelocity: c.velocity)
    let start = DispatchTime.now().uptimeNanoseconds
    let greedy = try LinearEasing(motion: motion, tolerance: tolerance)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let rdp = try LinearEasing.ramerDouglasPeucker(motion: motion, tolerance: tolerance)
    let ratio = Double(greedy.points.count) / Double(rdp.points.count)
    ratios.append(ratio)
    print(
        pad(c.name, 36) + pad("\(greedy.points.count)", 8)
            + pad(String(format: "%.3f", greedy.measuredError * 100), 8) + pad("\(greedy.css.utf8.count)", 7)
            + pad("\(rdp.points.count)", 6) + pad(String(format: "%.3f", rdp.measuredError * 100), 8)
            + pad(String(format: "%.2f", ratio), 7) + String(format: "%.1f", elapsed))
}
print("")
print(
    String(
        format: "greedy / RDP point count: worst %.2f, mean %.2f (goal ≤ 0.50)", ratios.max()!,
        ratios.reduce(0, +) / Double(ratios.count)))
