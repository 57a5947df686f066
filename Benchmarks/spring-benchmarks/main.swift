// SpringMath speed figures. Build and run in release mode:
//
//     swift run -c release spring-benchmarks
//
// Each figure is the median of several timed repetitions on one thread.
import Foundation
import SpringMath
import SpringPlatforms

@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func measure(repetitions: Int = 7, _ body: () -> Void) -> Double {
    body()  // warm up
    return median((0..<repetitions).map { _ in seconds(body) })
}

let regimes: [(String, Spring)] = [
    ("underdamped ζ=0.68", Spring(dampingRatio: 0.68, response: 0.8)),
    ("critical    ζ=1   ", Spring(dampingRatio: 1, response: 0.8)),
    ("overdamped  ζ=3   ", Spring(dampingRatio: 3, response: 0.8))
]

print("SpringMath benchmarks (release build, one thread, median of 7 runs)")
print("")

// 1. Exact evaluation at arbitrary times.
print("1. Exact closed-form evaluation at arbitrary t (value + velocity of a Double motion)")
let evaluations = 10_000_000
for (name, spring) in regimes {
    let motion = SpringMotion(spring: spring, from: 0.0, to: 1.0, initialVelocity: 0.5)
    var sink = 0.0
    let time = measure {
        var t = 0.0
        var acc = 0.0
        for _ in 0..<evaluations {
            let s = motion.state(at: t)
            acc += s.position + s.velocity
            t += 3.1e-7
        }
        sink += acc
    }
    blackHole(sink)
    let rate = Double(evaluations) / time / 1e6
    print(
        "   \(name): \(String(format: "%6.1f", rate)) M evaluations/s  (\(String(format: "%.1f", time / Double(evaluations) * 1e9)) ns each)"
    )
}
do {
    let spring = Spring(dampingRatio: 0.68, response: 0.8)
    var sink = 0.0
    let time = measure {
        var t = 0.0
        var acc = 0.0
        for _ in 0..<evaluations {
            acc += spring.value(target: 1.0, time: t)
            t += 3.1e-7
        }
        sink += acc
    }
    blackHole(sink)
    print(
        "   Spring.value(target:time:) ζ=0.68: \(String(format: "%6.1f", Double(evaluations) / time / 1e6)) M evaluations/s"
    )
}
print("")

// 2. Fixed-step exact stepping.
print("2. Fixed-dt exact stepping (SpringStepper, dt = 1/120 s)")
do {
    let stepper = SpringStepper(spring: Spring(dampingRatio: 0.68, response: 0.8), deltaTime: 1.0 / 120)
    let steps = 100_000_000 + CommandLine.arguments.count - 1
    let target = Double(CommandLine.arguments.count)
    var sinkX = 0.0
    let chain = measure(repetitions: 5) {
        var x = 0.0, v = 0.0
        for _ in 0..<steps {
            stepper.advance(value: &x, velocity: &v, target: target)
        }
        sinkX += x + v
        blackHole(x)
    }
    blackHole(sinkX)
    print("   one state, dependent chain:     \(String(format: "%6.0f", Double(steps) / chain / 1e6)) M steps/s")

    let count = 4096
    let frames = 50_000
    var values = [Double](repeating: 0, count: count)
    var velocities = [Double](repeating: 0, count: count)
    let targets = (0..<count).map { Double($0 % 17) }
    let batch = measure(repetitions: 5) {
        values.withUnsafeMutableBufferPointer { xs in
            velocities.withUnsafeMutableBufferPointer { vs in
                targets.withUnsafeBufferPointer { ts in
                    for _ in 0..<frames { stepper.advance(values: xs, velocities: vs, targets: ts) }
                }
            }
        }
    }
    blackHole(values)
    print(
        "   4096 states per frame (batch):  \(String(format: "%6.0f", Double(count * frames) / batch / 1e6)) M steps/s")
}
print("")

// 3. Sampling a curve.
print("3. Sampling a 10 000-point curve (positions and velocities)")
for (name, spring) in regimes {
    let motion = SpringMotion(spring: spring, from: 0.0, to: 1.0)
    var sink = 0.0
    let reps = 2000
    let time = measure {
        for _ in 0..<reps {
            let samples = motion.sampled(count: 10_000, span: 2)
            sink += samples.positions[9_999]
        }
    }
    blackHole(sink)
    var xs = [Double](repeating: 0, count: 10_000)
    var vs = [Double](repeating: 0, count: 10_000)
    let reused = measure {
        xs.withUnsafeMutableBufferPointer { xb in
            vs.withUnsafeMutableBufferPointer { vb in
                for _ in 0..<reps { motion.sample(span: 2, positions: xb, velocities: vb) }
            }
        }
    }
    blackHole(xs)
    print(
        "   \(name): \(String(format: "%6.1f", reused / Double(reps) * 1e6)) µs into reused buffers, "
            + "\(String(format: "%6.1f", time / Double(reps) * 1e6)) µs as new arrays (times, positions, velocities)")
}
print("")

// 4. For scale: Wave-style Euler stepping of the same spring through the numeric-integrator API.
print("4. For comparison: semi-implicit Euler through update(…integrator:), dt = 1/120 s")
do {
    let spring = Spring.waveEffective(dampingRatio: 0.68, response: 0.8)
    let steps = 50_000_000 + CommandLine.arguments.count - 1
    var sink = 0.0
    let time = measure(repetitions: 5) {
        var x = 0.0, v = 0.0
        for _ in 0..<steps {
            spring.advance(value: &x, velocity: &v, target: 1.0, by: 1.0 / 120, integrator: .semiImplicitEuler)
        }
        sink += x + v
        blackHole(x)
    }
    blackHole(sink)
    print("   \(String(format: "%6.0f", Double(steps) / time / 1e6)) M steps/s")
}
