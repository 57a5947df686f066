// SpringField speed: nanoseconds per element-step at 1 000 to 1 000 000 elements, Float and Double,
// beside a plain loop that reads and writes the same memory (the floor a field step can reach).
// Build and run in release mode:
//
//     swift run -c release field-benchmarks
import Dispatch
import Foundation
import SpringMath
import WaveRuntime

@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The median of `runs` timings of `body`, in nanoseconds.
func median(runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = now()
        body()
        times.append(Double(now() - start))
    }
    times.sort()
    return times[times.count / 2]
}

/// Reads the three arrays a field step reads (positions, velocities, targets) and writes the two it
/// writes, with no arithmetic: the floor for a step over the same memory.
@inline(never)
func copyLoop<S: BinaryFloatingPoint>(_ p: inout [S], _ v: inout [S], _ t: [S]) {
    let n = p.count
    p.withUnsafeMutableBufferPointer { p in
        v.withUnsafeMutableBufferPointer { v in
            t.withUnsafeBufferPointer { t in
                for i in 0..<n {
                    let target = t[i], velocity = v[i]
                    v[i] = p[i]
                    p[i] = target + velocity
                }
            }
        }
    }
}

func measure<S: SpringFieldScalar>(_ type: S.Type, count: Int) -> (field: Double, copy: Double) {
    // A slow spring, so every element is still moving through every measured frame.
    let field = SpringField<S>(count: count, spring: Spring(dampingRatio: 0.9, response: 100_000))
    for i in 0..<count { field.retarget(i, to: S(i % 100) + 1) }
    let frames = max(3, 20_000_000 / max(count, 1))
    let fieldTime = median(runs: 7) {
        for _ in 0..<frames { field.advance(by: 1.0 / 120) }
    }
    blackHole(field.positions[count / 2])
    precondition(field.movingCount == count, "every element must still be moving")
    var p = [S](repeating: 1, count: count), v = p
    let t = p
    let copyTime = median(runs: 7) {
        for _ in 0..<frames { copyLoop(&p, &v, t) }
    }
    blackHole(p[count / 2])
    let steps = Double(frames) * Double(count)
    return (fieldTime / steps, copyTime / steps)
}

print("SpringField benchmarks (release build, one thread; median of 7 runs of ≥ 20 M element-steps)")
print("")
print("| elements | type | field ns/element-step | copy loop ns/element (same memory) | field / copy |")
print("|---:|---|---:|---:|---:|")
for count in [1_000, 10_000, 100_000, 1_000_000] {
    for (name, figures) in [
        ("Float", measure(Float.self, count: count)), ("Double", measure(Double.self, count: count))
    ] {
        let ratio = figures.field / figures.copy
        print(
            "| \(count) | \(name) | \(String(format: "%.3f", figures.field)) | \(String(format: "%.3f", figures.copy)) | \(String(format: "%.2f", ratio)) |"
        )
    }
}

// A change plans the element's settle time at once (a root search): the cost of retargeting every
// element, as a pointer that moves a whole grid does each frame.
print("")
print("| elements | type | retarget every element: ns/element |")
print("|---:|---|---:|")
for count in [10_000, 100_000] {
    let field = SpringField<Float>(count: count, spring: Spring(dampingRatio: 0.8, response: 0.4))
    var round = 0
    let perElement =
        median(runs: 5) {
            round += 1
            for i in 0..<count { field.retarget(i, to: Float((i + round) % 100)) }
            field.advance(by: 1.0 / 120)
        } / Double(count)
    print("| \(count) | Float | \(String(format: "%.0f", perElement)) |")
}
