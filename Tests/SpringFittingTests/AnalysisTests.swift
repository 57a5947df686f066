import Foundation
import SpringTestSupport
import Testing

@testable import SpringFitting
@testable import SpringMath

/// Rows of a CSV fixture under Fixtures/analysis, as strings (made by
/// scripts/reference/analysis/make_references.py and record_trajectories.mjs).
private func analysisFixture(_ name: String) throws -> [[String: String]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/analysis").appendingPathComponent(name)
    var lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
    let header = lines.removeFirst().split(separator: ",").map(String.init)
    return lines.map { Dictionary(uniqueKeysWithValues: zip(header, $0.split(separator: ",").map(String.init))) }
}

private func number(_ row: [String: String], _ key: String) throws -> Double {
    try #require(row[key].flatMap(Double.init), "fixture column \(key)")
}

@Suite struct TrajectoryComparisonTests {
    /// The errors against the exact motion match mpmath's (40 digits) for every fixture trajectory.
    @Test func matchesTheHighPrecisionReference() throws {
        let references = try analysisFixture("verify_reference.csv")
        #expect(references.count == 4)
        for reference in references {
            let file = try #require(reference["file"])
            let samples = try analysisFixture(file)
            let times = try samples.map { try number($0, "t") }
            let positions = try samples.map { try number($0, "position") }
            let spring = Spring(
                mass: try number(reference, "mass"), stiffness: try number(reference, "stiffness"),
                dampingCoefficient: try number(reference, "damping"))
            let motion = SpringMotion(
                spring: spring, from: try number(reference, "from"), to: try number(reference, "to"))
            let c = motion.compare(times: times, positions: positions)
            let maxError = try number(reference, "maxError")
            #expect(c.sampleCount == Int(try number(reference, "samples")), "\(file)")
            #expect(
                abs(c.maximumError - maxError) <= 1e-9 * max(maxError, 1), "\(file): \(c.maximumError) vs \(maxError)")
            #expect(abs(c.rmsError - (try number(reference, "rmsError"))) <= 1e-9 * max(maxError, 1), "\(file)")
            #expect(abs(c.maximumErrorTime - (try number(reference, "maxErrorTime"))) <= 1e-12, "\(file)")
            #expect(abs(c.medianInterval - (try number(reference, "medianInterval"))) <= 1e-12, "\(file)")
        }
    }

    @Test func exactSamplesHaveNoErrorAndARecordingCutShortStopsEarly() {
        let spring = Spring(dampingRatio: 0.7, response: 0.5)
        let motion = SpringMotion(spring: spring, from: 0, to: 100)
        let times = (0...60).map { Double($0) / 60 }
        let c = motion.compare(
            times: times, positions: times.map { motion.position(at: $0) },
            velocities: times.map { motion.velocity(at: $0) })
        #expect(c.maximumError < 1e-9)
        #expect(c.maximumVelocityError! < 1e-7)
        #expect(abs(c.medianInterval - 1.0 / 60) < 1e-12)
        #expect(c.errorGrowsWithInterval == nil)
        // At 1 s the motion is still 0.2 % away and overshoots by more later: the recording stopped early.
        #expect(c.finishOffset < 0)
    }

    @Test func medianOfEvenAndOddCounts() {
        var odd = [5.0, 1, 3], even = [4.0, 1, 3, 2]
        #expect(TrajectoryComparison.median(&odd) == 3)
        #expect(TrajectoryComparison.median(&even) == 2.5)
    }
}

/// Committed simulated recordings: the true springs (`<name>_truth.csv`) and each case's samples by
/// id (`<name>_cases.csv`). Under the sanitizers (``propertyCaseCount(_:)`` below 1) an evenly spread
/// share of the cases, and `complete` is false: the statistical goals are checked on the whole set
/// only.
func simulatedCases(_ name: String) throws -> (
    truth: [[String: String]], samples: [Int: (t: [Double], x: [Double])], complete: Bool
) {
    let all = try analysisFixture("\(name)_truth.csv")
    let step = max(1, all.count / max(1, propertyCaseCount(all.count)))
    let truth = stride(from: 0, to: all.count, by: step).map { all[$0] }
    var samples: [Int: (t: [Double], x: [Double])] = [:]
    for row in try analysisFixture("\(name)_cases.csv") {
        let id = Int(try number(row, "case"))
        samples[id, default: ([], [])].t.append(try number(row, "t"))
        samples[id, default: ([], [])].x.append(try number(row, "position"))
    }
    return (truth, samples, truth.count == all.count)
}

/// The committed synthetic fit cases (`fit_truth.csv`, `fit_cases.csv`).
func syntheticCases() throws -> (truth: [[String: String]], samples: [Int: (t: [Double], x: [Double])], complete: Bool)
{
    try simulatedCases("fit")
}

@Suite struct SpringFitTests {
    /// Issue 11's accuracy goal on the committed synthetic cases (seed printed by the script):
    /// ζ and response within 2 % in at least 95 % of cases. The cases start at rest, and the fit is
    /// told so (`initialVelocity: 0`, `springplot fit --from-rest`); with the velocity free as well,
    /// the overdamped cases near ζ = 2 are uncertain by 2–5 % (the residual at the fit is below the
    /// residual at the truth there, so that is the data's limit, not the optimiser's), and the share
    /// drops to about 92 %, which the second argument checks stays above 85 %.
    @Test(arguments: [(Double?.some(0), 0.95), (nil, 0.85)])
    func recoversSyntheticSprings(initialVelocity: Double?, share: Double) throws {
        let (truth, samples, complete) = try syntheticCases()
        var zetaErrors: [Double] = [], responseErrors: [Double] = [], good = 0
        for row in truth {
            let id = Int(try number(row, "case"))
            let data = try #require(samples[id])
            let zeta = try number(row, "dampingRatio"), response = try number(row, "response")
            guard let fit = try? SpringFitter.fit(times: data.t, positions: data.x, initialVelocity: initialVelocity)
            else {
                zetaErrors.append(.infinity)
                responseErrors.append(.infinity)
                continue
            }
            let ez = abs(fit.dampingRatio / zeta - 1), er = abs(fit.response / response - 1)
            zetaErrors.append(ez)
            responseErrors.append(er)
            if ez <= 0.02 && er <= 0.02 { good += 1 }
        }
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int(p * Double(sorted.count - 1)))]
        }
        print(
            "fit accuracy (v₀ \(initialVelocity.map { "fixed at \($0)" } ?? "fitted")): \(good)/\(truth.count) within 2 %; |Δζ/ζ| p50 \(percentile(zetaErrors, 0.5)) p95 \(percentile(zetaErrors, 0.95)) max \(percentile(zetaErrors, 1));"
                + " |ΔT/T| p50 \(percentile(responseErrors, 0.5)) p95 \(percentile(responseErrors, 0.95)) max \(percentile(responseErrors, 1))"
        )
        if complete { #expect(Double(good) >= share * Double(truth.count)) } else { #expect(good > 0) }
    }

    /// The same goal with nothing said about the start: the fit decides by an F-test whether the
    /// initial velocity is needed (``SpringFitter/fitChoosingStart(times:positions:)``).
    @Test func recoversSyntheticSpringsChoosingTheStart() throws {
        let (truth, samples, complete) = try syntheticCases()
        var good = 0, atRest = 0
        for row in truth {
            let data = try #require(samples[Int(try number(row, "case"))])
            let zeta = try number(row, "dampingRatio"), response = try number(row, "response")
            guard let chosen = try? SpringFitter.fitChoosingStart(times: data.t, positions: data.x) else { continue }
            if chosen.startsAtRest { atRest += 1 }
            if abs(chosen.fit.dampingRatio / zeta - 1) <= 0.02 && abs(chosen.fit.response / response - 1) <= 0.02 {
                good += 1
            }
        }
        print(
            "fit accuracy (start chosen by F-test): \(good)/\(truth.count) within 2 %, \(atRest) judged to start at rest"
        )
        if complete { #expect(Double(good) >= 0.95 * Double(truth.count)) } else { #expect(good > 0) }
    }

    /// Issue 45: the stated uncertainty means what it says on recordings made the way real ones go
    /// wrong (frame jitter, dropped frames, noise, whole pixels; 60 cases of
    /// scripts/reference/analysis/coverage_cases.py, whose 300 the analysis benchmark measures).
    /// The error over the stated σ has an RMS near 1 and the 95 % interval holds the truth in at least
    /// 90 % of the cases, for ζ and for the response (measured: 98 % and 95 %, RMS 0.85 and 1.0).
    /// Before, fits aliased above the Nyquist frequency made the RMS over 100, and without them the
    /// classical σ²(JᵀJ)⁻¹ alone still held the response in 88 % with an RMS of 1.33.
    @Test func statedUncertaintyCoversTheTruth() throws {
        // Under the sanitizers a share of the cases runs: too few for a coverage figure, so only the
        // whole set is held to it.
        let (truth, samples, complete) = try simulatedCases("coverage")
        var zetaScores: [Double] = [], responseScores: [Double] = []
        for row in truth {
            let data = try #require(samples[Int(try number(row, "case"))])
            guard let fit = try? SpringFitter.fit(times: data.t, positions: data.x) else { continue }
            zetaScores.append((fit.dampingRatio - (try number(row, "dampingRatio"))) / fit.dampingRatioUncertainty)
            responseScores.append((fit.response - (try number(row, "response"))) / fit.responseUncertainty)
        }
        #expect(zetaScores.count >= truth.count * 9 / 10)
        for scores in [zetaScores, responseScores] {
            let rms = (scores.reduce(0) { $0 + $1 * $1 } / Double(scores.count)).squareRoot()
            let covered = Double(scores.filter { abs($0) <= 1.96 }.count) / Double(scores.count)
            print("fit coverage on \(scores.count) simulated recordings: \(100 * covered) %, RMS of error / σ \(rms)")
            if complete {
                #expect(rms > 0.6 && rms < 1.25, "RMS of error / σ: \(rms)")
                #expect(covered >= 0.90, "95 % intervals hold the truth in \(100 * covered) %")
            } else {
                #expect(rms.isFinite && rms > 0)
            }
        }
    }

    @Test func aFlingIsNotMistakenForAStartAtRest() throws {
        let motion = SpringMotion(
            spring: Spring(dampingRatio: 0.7, response: 0.5), from: 0, to: 300, initialVelocity: -1500)
        let times = (0..<60).map { Double($0) / 60 }
        let chosen = try SpringFitter.fitChoosingStart(
            times: times, positions: times.map { (motion.position(at: $0)).rounded() })
        #expect(!chosen.startsAtRest && abs(chosen.fit.initialVelocity + 1500) < 30)
        #expect(abs(chosen.fit.dampingRatio - 0.7) < 0.01)
    }

    @Test func recoversAnOverdampedSpringWithVelocityExactly() throws {
        let motion = SpringMotion(
            spring: Spring(dampingRatio: 1.3, response: 0.4), from: 10, to: -50, initialVelocity: 200)
        let times: [Double] = (0..<90).map { (index: Int) -> Double in
            let jitter: Double = index % 3 == 1 ? 0.004 : 0
            return 0.25 + Double(index) / 60 + jitter
        }
        let fit = try SpringFitter.fit(times: times, positions: times.map { motion.position(at: $0 - 0.25) })
        #expect(abs(fit.dampingRatio - 1.3) < 1e-6)
        #expect(abs(fit.response - 0.4) < 1e-6)
        #expect(abs(fit.initialVelocity - 200) < 1e-3)
        #expect(fit.startTime == 0.25)
    }

    @Test func refusesWhatNoSpringOrManySpringsExplain() {
        var generator = SplitMix(seed: 7)
        func noise() -> Double { Double.random(in: -0.5...0.5, using: &generator) }
        let times = (0..<60).map { Double($0) / 60 }
        #expect(throws: SpringFitError.tooFewSamples(5)) {
            try SpringFitter.fit(times: [0, 1, 2, 3, 4], positions: [0, 1, 2, 3, 4])
        }
        #expect(throws: SpringFitError.timeNotIncreasing(index: 3)) {
            try SpringFitter.fit(times: [0, 1, 2, 2, 4, 5, 6, 7], positions: [0, 1, 2, 3, 4, 5, 6, 7])
        }
        let ramp = times.map { 200 * $0 + noise() }
        #expect { try SpringFitter.fit(times: times, positions: ramp) } throws: { error in
            if case SpringFitError.straightLine = error { return true } else { return false }
        }
        let flat = times.map { _ in 40 + noise() }
        #expect { try SpringFitter.fit(times: times, positions: flat) } throws: { error in
            if case SpringFitError.noMotion = error { return true } else { return false }
        }
        // An overdamped rise seen only for its first 0.2 s: far from turning or settling.
        let motion = SpringMotion(spring: Spring(dampingRatio: 1.5, response: 1), from: 0, to: 300)
        let early = (0..<13).map { Double($0) / 60 }
        #expect {
            try SpringFitter.fit(times: early, positions: early.map { (motion.position(at: $0) + noise()).rounded() })
        } throws: { error in
            if case SpringFitError.ambiguous = error { return true }
            if case SpringFitError.straightLine = error { return true }
            return false
        }
    }
}
