// WaveRuntime speed and memory figures. Build and run in release mode:
//
//     swift run -c release wave-benchmarks
import Dispatch
import Glibc
import SpringMath
import WaveRuntime

@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Resident memory of the process, from /proc/self/statm (pages × page size).
func heapBytesInUse() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    withUnsafeMutablePointer(to: &size) { sizePointer in
        withUnsafeMutablePointer(to: &resident) { residentPointer in
            _ = withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
        }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@MainActor
final class Sink {
    @exclusivity(unchecked) var total = 0.0
}

@MainActor
func run() {
    let arguments = CommandLine.arguments
    let count = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
    let frames = arguments.count > 2 ? Int(arguments[2]) ?? 300 : 300
    print("WaveRuntime benchmarks (release build, one thread)")
    print("")

    let controller = AnimationController()
    // A slow spring, so every animator is still running after all measured frames.
    let spring = Spring(dampingRatio: 0.9, response: 30)
    // The callbacks add into one shared object: about the least work a real callback does. Each
    // closure captures only that object, so it needs no context allocation of its own.
    let sink = Sink()

    let before = heapBytesInUse()
    var animators: [SpringAnimator<Double>] = []
    animators.reserveCapacity(count)
    let arrayBytes = heapBytesInUse() - before
    for i in 0..<count {
        let animator = SpringAnimator(spring: spring, value: 0.0, target: Double(i % 100) + 1, controller: controller)
        animator.valueChanged = { sink.total += $0 }
        animator.completion = { _ in sink.total += 1 }
        animator.start()
        animators.append(animator)
    }
    controller.advance(by: 1.0 / 60)  // first frame: let every scheduled animator start
    let after = heapBytesInUse()
    let perAnimator = Double(after - before - arrayBytes) / Double(count)
    print("1. Memory: \(String(format: "%.0f", perAnimator)) bytes of resident memory per running scalar animator")
    print("   (animator, its frame state and the controller's entry, with valueChanged and completion set;")
    print("   the caller's own array of \(count) references is excluded)")
    print("")

    var times: [Double] = []
    for _ in 0..<frames {
        let start = now()
        controller.advance(by: 1.0 / 60)
        times.append(Double(now() - start))
    }
    times.sort()
    let median = times[times.count / 2]
    let running = animators.filter { $0.state == .running }.count
    print("2. One frame of \(count) running scalar animators (exact stepping, valueChanged called):")
    print("   median \(String(format: "%.2f", median / 1e6)) ms per frame, \(String(format: "%.1f", median / Double(count))) ns per animator step"
          + "  (best \(String(format: "%.2f", times[0] / 1e6)) ms; \(running) still running)")

    // For comparison: the same frame with Wave's Euler stepping.
    for animator in animators { animator.integrator = .semiImplicitEuler }
    var eulerTimes: [Double] = []
    for _ in 0..<frames {
        let start = now()
        controller.advance(by: 1.0 / 60)
        eulerTimes.append(Double(now() - start))
    }
    eulerTimes.sort()
    print("   with semi-implicit Euler stepping instead: \(String(format: "%.1f", eulerTimes[frames / 2] / Double(count))) ns per animator step")
    blackHole(sink.total)
    blackHole(animators)
}

MainActor.assumeIsolated { run() }
