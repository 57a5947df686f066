import Foundation
import SpringFitting
import SpringMath

// Whole-process timing of `springplot verify` on 10⁶ samples and `springplot fit` on a 600-sample
// recording (issue 11: each under 1 s). Spawns the springplot built beside this executable, so build
// both in release first:
//
//     swift build -c release --product springplot && swift build -c release --product analysis-benchmarks
//     .build/release/analysis-benchmarks [--runs N] [--fit-cases DIR]
//
// --fit-cases DIR also fits every case in DIR/fit_cases.csv against DIR/fit_truth.csv (made by
// scripts/reference/analysis/make_references.py --cases N --out DIR --skip-verify) and prints the
// distribution of the relative errors of ζ and response.
//
// --coverage DIR fits every case of DIR/coverage_cases.csv (made by
// scripts/reference/analysis/coverage_cases.py --out DIR: known springs recorded with frame jitter,
// dropped frames, noise and pixel rounding) and prints how often the stated 95 % interval
// (±1.96 standard uncertainties) holds the true ζ and response, overall and by condition. It runs
// alone (no springplot needed); --misses also lists each case an interval misses.

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let runs = Int(option("--runs") ?? "") ?? 5

/// The numeric rows of a generated CSV (its header dropped).
func rows(_ directory: String, _ name: String) throws -> [[Double]] {
    let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
}

/// Each case's samples (`case,t,position` rows) by case number.
func samplesByCase(_ rows: [[Double]]) -> [Int: ([Double], [Double])] {
    var samples: [Int: ([Double], [Double])] = [:]
    for row in rows {
        samples[Int(row[0]), default: ([], [])].0.append(row[1])
        samples[Int(row[0])]!.1.append(row[2])
    }
    return samples
}

if let coverageDirectory = option("--coverage") {
    let truth = try rows(coverageDirectory, "coverage_truth.csv")
    let samples = samplesByCase(try rows(coverageDirectory, "coverage_cases.csv"))
    // Columns of coverage_truth.csv after the case: ζ, response, from, to, v0, rate, jitter, drop,
    // noise, rounded.
    struct Tally { var cases = 0, refused = 0, zeta = 0, response = 0, both = 0 }
    var tallies: [String: Tally] = [:]
    var zScores: [(Double, Double)] = []
    let clock = ContinuousClock()
    let started = clock.now
    for row in truth {
        let (t, x) = samples[Int(row[0])]!
        let labels = [
            "all", "\(Int(row[6])) Hz", "jitter \(row[7] * 1000) ms", "drop \(Int(row[8] * 100)) %",
            "noise \(row[9]) px", row[10] == 1 ? "whole px" : "unrounded", row[5] == 0 ? "from rest" : "v₀ ≠ 0"
        ]
        let fit = try? SpringFitter.fit(times: t, positions: x)
        for label in labels {
            var tally = tallies[label, default: Tally()]
            tally.cases += 1
            if let fit {
                let zetaHeld = abs(fit.dampingRatio - row[1]) <= 1.96 * fit.dampingRatioUncertainty
                let responseHeld = abs(fit.response - row[2]) <= 1.96 * fit.responseUncertainty
                tally.zeta += zetaHeld ? 1 : 0
                tally.response += responseHeld ? 1 : 0
                tally.both += zetaHeld && responseHeld ? 1 : 0
            } else {
                tally.refused += 1
            }
            tallies[label] = tally
        }
        if let fit, arguments.contains("--misses") {
            let zz = (fit.dampingRatio - row[1]) / fit.dampingRatioUncertainty,
                zr = (fit.response - row[2]) / fit.responseUncertainty
            if abs(zz) > 1.96 || abs(zr) > 1.96 {
                print(
                    String(
                        format:
                            "  miss: case %3d, %3d samples: ζ %.3f → %.4f (z %.2f), response %.3f → %.4f (z %.2f), RMS %.3g",
                        Int(row[0]), t.count, row[1], fit.dampingRatio, zz, row[2], fit.response, zr, fit.residualRMS),
                    "v₀, rate, jitter, drop, noise, rounded:", Array(row[5...]))
            }
        }
        if let fit {
            zScores.append(
                (
                    (fit.dampingRatio - row[1]) / fit.dampingRatioUncertainty,
                    (fit.response - row[2]) / fit.responseUncertainty
                ))
        }
    }
    let elapsed = clock.now - started
    func percent(_ part: Int, _ whole: Int) -> String {
        String(format: "%.1f %%", 100 * Double(part) / Double(Swift.max(whole, 1)))
    }
    print("fit coverage of the stated 95 % intervals: \(truth.count) simulated recordings (\(elapsed) in all)")
    for label in tallies.keys.sorted(by: { ($0 == "all" ? "" : $0) < ($1 == "all" ? "" : $1) }) {
        let tally = tallies[label]!
        let fitted = tally.cases - tally.refused
        print(
            "  \(label): ζ \(percent(tally.zeta, fitted)), response \(percent(tally.response, fitted)), both \(percent(tally.both, fitted)) of \(fitted) fitted (\(tally.refused) refused)"
        )
    }
    func rms(_ values: [Double]) -> Double {
        (values.reduce(0) { $0 + $1 * $1 } / Double(Swift.max(values.count, 1))).squareRoot()
    }
    print(
        String(
            format: "  RMS of error / stated uncertainty: ζ %.2f, response %.2f (1 when the uncertainty is right)",
            rms(zScores.map(\.0)), rms(zScores.map(\.1))))
    exit(0)
}

let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("springplot")
guard FileManager.default.isExecutableFile(atPath: binary.path) else {
    FileHandle.standardError.write(Data("analysis-benchmarks: build springplot first (no \(binary.path))\n".utf8))
    exit(1)
}
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("analysis-benchmarks-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// 10⁶ samples of ζ 0.5, response 0.6 s from 0 to 100 at 1 kHz with a small error, as a fine-grained
// logger would record.
let spring = Spring(dampingRatio: 0.5, response: 0.6)
let motion = SpringMotion(spring: spring, from: 0.0, to: 100)
var big = "t,position,velocity\n"
big.reserveCapacity(60_000_000)
for i in 0..<1_000_000 {
    let t = Double(i) / 1000
    let wobble = 1e-3 * sin(Double(i))
    big += "\(t),\(motion.position(at: t) + wobble),\(motion.velocity(at: t))\n"
}
let bigFile = directory.appendingPathComponent("million.csv")
try Data(big.utf8).write(to: bigFile)

// 600 samples at 60 Hz of ζ 0.8, response 1.2 s over 300 px, 0.5 px noise, pixel-rounded.
var generator = SystemRandomNumberGenerator()
let fitMotion = SpringMotion(spring: Spring(dampingRatio: 0.8, response: 1.2), from: 0.0, to: 300)
var small = "t,position\n"
for i in 0..<600 {
    let t = Double(i) / 60
    let u = Double.random(in: 1e-12..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
    let noise = 0.5 * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    small += "\(t),\((fitMotion.position(at: t) + noise).rounded())\n"
}
let smallFile = directory.appendingPathComponent("recording.csv")
try Data(small.utf8).write(to: smallFile)

/// Runs springplot `runs` times; returns the wall times in seconds.
func time(_ args: [String]) throws -> [Double] {
    var times: [Double] = []
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        guard process.terminationStatus == 0 else {
            FileHandle.standardError.write(
                Data("analysis-benchmarks: springplot \(args.joined(separator: " ")) failed\n".utf8))
            exit(1)
        }
    }
    return times.sorted()
}

func report(_ name: String, _ times: [Double]) {
    let ms = times.map { String(format: "%.0f", $0 * 1000) }
    print(
        "\(name): median \(String(format: "%.0f", times[times.count / 2] * 1000)) ms, best \(ms[0]) ms, worst \(ms[ms.count - 1]) ms (\(runs) runs)"
    )
}

print("springplot whole-process wall time (\(binary.path))")
report(
    "verify, 10⁶ samples (\(big.utf8.count / 1_000_000) MB), text",
    try time(["verify", bigFile.path, "--damping", "0.5", "--response", "0.6", "--to", "100"]))
report(
    "verify, 10⁶ samples, with a PNG chart",
    try time([
        "verify", bigFile.path, "--damping", "0.5", "--response", "0.6", "--to", "100", "-o",
        directory.appendingPathComponent("v.png").path
    ]))
report("fit, 600 samples, text", try time(["fit", smallFile.path]))
report(
    "fit, 600 samples, with a PNG chart",
    try time(["fit", smallFile.path, "-o", directory.appendingPathComponent("f.png").path]))

// Fit accuracy over many cases.
if let casesDirectory = option("--fit-cases") {
    let truth = try rows(casesDirectory, "fit_truth.csv")
    let samples = samplesByCase(try rows(casesDirectory, "fit_cases.csv"))
    for velocity in [Double?.some(0), nil] {
        var ez: [Double] = [], er: [Double] = [], good = 0, refused = 0
        for row in truth {
            let (t, x) = samples[Int(row[0])]!
            guard let fit = try? SpringFitter.fit(times: t, positions: x, initialVelocity: velocity) else {
                refused += 1
                ez.append(.infinity)
                er.append(.infinity)
                continue
            }
            ez.append(abs(fit.dampingRatio / row[1] - 1))
            er.append(abs(fit.response / row[2] - 1))
            if ez.last! <= 0.02 && er.last! <= 0.02 { good += 1 }
        }
        func p(_ values: [Double], _ q: Double) -> String {
            let s = values.sorted()
            return String(format: "%.2f %%", 100 * s[Swift.min(s.count - 1, Int(q * Double(s.count - 1)))])
        }
        print(
            "fit accuracy, v₀ \(velocity == nil ? "fitted" : "held at 0 (--from-rest)"): \(good)/\(truth.count) within 2 % (\(refused) refused)"
        )
        print("  |Δζ/ζ|: p50 \(p(ez, 0.5)), p90 \(p(ez, 0.9)), p95 \(p(ez, 0.95)), p99 \(p(ez, 0.99)), max \(p(ez, 1))")
        print("  |ΔT/T|: p50 \(p(er, 0.5)), p90 \(p(er, 0.9)), p95 \(p(er, 0.95)), p99 \(p(er, 0.99)), max \(p(er, 1))")
    }
}
