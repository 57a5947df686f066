// WaveRuntime speed and memory figures: per-animator step time and resident memory for 1 000,
// 10 000 and 100 000 running scalar animators, each count in a fresh process. Build and run in
// release mode:
//
//     swift run -c release wave-benchmarks [COUNT…] [--frames F] [--wave-baseline PROGRAM]
//
// `--wave-baseline` names a program that measures the real Wave the same way and prints one line per
// count, `wave-baseline N=<count> ns_per_step=<x> bytes_per_animator=<y>`; its figures are printed
// beside ours (Wave builds only with Apple's frameworks, so that program is not part of this
// repository).
import Dispatch
import Foundation
import SpringMath
import WaveRuntime

@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Resident memory of the process, from /proc/self/statm (pages × page size).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@MainActor
final class Sink {
    @exclusivity(unchecked) var total = 0.0
}

struct Figures {
    var count: Int
    var exactNanoseconds: Double
    var eulerNanoseconds: Double
    var bytes: Double
}

/// `count` animators on one controller; their callbacks add into one shared object, about the least
/// work a real callback does.
@MainActor
func makeAnimators(
    _ count: Int, controller: AnimationController, sink: Sink,
    into animators: inout [SpringAnimator<Double>?]
) {
    // A slow spring, so every animator is still running after all measured frames.
    let spring = Spring(dampingRatio: 0.9, response: 30)
    for i in 0..<count {
        let animator = SpringAnimator(spring: spring, value: 0.0, target: Double(i % 100) + 1, controller: controller)
        animator.valueChanged = { sink.total += $0 }
        animator.completion = { _ in sink.total += 1 }
        animator.start()
        animators[i] = animator
    }
}

/// The median time of one frame over `frames` frames, in nanoseconds.
@MainActor
func medianFrame(_ controller: AnimationController, frames: Int) -> Double {
    var times: [Double] = []
    for _ in 0..<frames {
        let start = now()
        controller.advance(by: 1.0 / 60)
        times.append(Double(now() - start))
    }
    times.sort()
    return times[times.count / 2]
}

@MainActor
func measure(count: Int, frames: Int) -> Figures {
    let sink = Sink()
    // One-time costs (code and tables touched on first use) are paid by a few animators on another
    // controller first, so the memory figure is what each animator adds.
    do {
        let warmUp = AnimationController()
        var few = [SpringAnimator<Double>?](repeating: nil, count: 64)
        makeAnimators(64, controller: warmUp, sink: sink, into: &few)
        for _ in 0..<3 { warmUp.advance(by: 1.0 / 60) }
    }
    // The caller's own array of references is filled (every page touched) before the measurement
    // starts, so its memory is not counted.
    var animators = [SpringAnimator<Double>?](repeating: nil, count: count)
    let controller = AnimationController()
    let before = residentBytes()
    makeAnimators(count, controller: controller, sink: sink, into: &animators)
    controller.advance(by: 1.0 / 60)  // first frame: every scheduled animator starts
    let bytes = Double(residentBytes() - before) / Double(count)

    let exact = medianFrame(controller, frames: frames)
    let running = animators.filter { $0?.state == .running }.count
    precondition(running == count, "only \(running) of \(count) animators still running")
    // For comparison: the same frame with Wave's Euler stepping.
    for animator in animators { animator?.integrator = .semiImplicitEuler }
    let euler = medianFrame(controller, frames: frames)
    blackHole(sink.total)
    blackHole(animators)
    return Figures(
        count: count, exactNanoseconds: exact / Double(count), eulerNanoseconds: euler / Double(count), bytes: bytes)
}

/// Runs `program` with `arguments` and returns what it printed.
func output(of program: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
}

/// `key=value` fields of the lines of `text` that start with `prefix`, by their `N`.
func parseLines(_ text: String, prefix: String) -> [Int: [String: Double]] {
    var result: [Int: [String: Double]] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
        var fields: [String: Double] = [:]
        for part in line.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, let value = Double(pair[1]) { fields[String(pair[0])] = value }
        }
        if let n = fields["N"] { result[Int(n)] = fields }
    }
    return result
}

func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

@MainActor
func main() {
    var counts: [Int] = []
    var frames = 300
    var baseline: String?
    var single = false
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--frames": frames = arguments.popFirst().flatMap { Int($0) } ?? frames
        case "--wave-baseline": baseline = arguments.popFirst()
        case "--single": single = true
        default:
            guard let count = Int(argument), count > 0 else {
                FileHandle.standardError.write(Data("wave-benchmarks: not a count: '\(argument)'\n".utf8))
                exit(2)
            }
            counts.append(count)
        }
    }
    if counts.isEmpty { counts = [1_000, 10_000, 100_000] }

    if single {
        // One count, in this process: the machine-readable line the parent reads.
        let figures = measure(count: counts[0], frames: frames)
        print(
            "wave-runtime N=\(figures.count) ns_per_step=\(figures.exactNanoseconds) "
                + "euler_ns_per_step=\(figures.eulerNanoseconds) bytes_per_animator=\(figures.bytes)")
        return
    }

    print("WaveRuntime: running scalar animators, exact stepping, valueChanged and completion set")
    print("(release build, one thread, each count in a fresh process; median frame of \(frames))")
    print("")
    var ours: [Int: [String: Double]] = [:]
    let me =
        CommandLine.arguments[0].hasPrefix("/")
        ? CommandLine.arguments[0]
        : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
    for count in counts {
        guard let text = output(of: me, ["--single", String(count), "--frames", String(frames)]) else {
            print("wave-benchmarks: the run with \(count) animators failed")
            exit(1)
        }
        ours.merge(parseLines(text, prefix: "wave-runtime")) { $1 }
    }
    var theirs: [Int: [String: Double]] = [:]
    if let baseline {
        if let text = output(of: baseline, counts.map(String.init) + ["--frames", String(frames)]) {
            theirs = parseLines(text, prefix: "wave-baseline ")
        } else {
            print("(the Wave baseline \(baseline) did not run)")
        }
    }
    var header = "| animators | ns per step | bytes per animator | Euler ns per step |"
    var rule = "|---:|---:|---:|---:|"
    if !theirs.isEmpty {
        header += " real Wave ns per step | real Wave bytes | speed-up |"
        rule += "---:|---:|---:|"
    }
    print(header)
    print(rule)
    for count in counts {
        guard let row = ours[count], let ns = row["ns_per_step"], let bytes = row["bytes_per_animator"],
            let euler = row["euler_ns_per_step"]
        else { continue }
        var line = "| \(count) | \(format(ns, 1)) | \(format(bytes, 0)) | \(format(euler, 1)) |"
        if let wave = theirs[count], let waveNs = wave["ns_per_step"], let waveBytes = wave["bytes_per_animator"] {
            line += " \(format(waveNs, 1)) | \(format(waveBytes, 0)) | \(format(waveNs / ns, 0))× |"
        } else if !theirs.isEmpty {
            line += " – | – | – |"
        }
        print(line)
    }
}

MainActor.assumeIsolated { main() }
