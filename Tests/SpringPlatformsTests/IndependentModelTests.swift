import Foundation
import SpringConventions
import SpringExport
import SpringMath
import SpringTestSupport
import Testing

@testable import SpringPlatforms

/// One run of the independent Python models (`scripts/reference/platform_models.py`, written from
/// each library's source, not from SpringKit): a spring, a frame rate, the displayed frame count and
/// a sample of the displayed positions.
struct IndependentRun: Sendable, CustomTestStringConvertible {
    var target: String
    var name: String
    var zeta: Double, response: Double, from: Double, to: Double, velocity: Double, fps: Double
    var frames: Int
    var finished: Bool
    var samples: [(index: Int, position: Double)]

    var testDescription: String { "\(target) \(name) at \(fps) Hz" }
    var travel: Double { abs(to - from) }
    var spring: Spring { Spring(dampingRatio: zeta, response: response) }

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/independent")
    }

    static let targets = [
        "framer-physics", "framer-duration", "framer-visual-duration", "react-spring", "reanimated",
        "origami", "rebound-java"
    ]

    /// Every run in `target`.csv.
    static func load(_ target: String) throws -> [IndependentRun] {
        let text = try String(contentsOf: directory.appendingPathComponent("\(target).csv"), encoding: .utf8)
        var runs: [IndependentRun] = []
        var header: [String: Int] = [:]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if header.isEmpty {
                for (i, name) in fields.enumerated() { header[name] = i }
                continue
            }
            func number(_ key: String) -> Double { Double(fields[header[key]!])! }
            let name = fields[header["case"]!], fps = number("fps")
            if runs.last.map({ $0.name != name || $0.fps != fps }) ?? true {
                runs.append(
                    IndependentRun(
                        target: target, name: name, zeta: number("zeta"), response: number("response"),
                        from: number("from"), to: number("to"), velocity: number("velocity"), fps: fps,
                        frames: Int(number("frames")), finished: number("finished") == 1, samples: []))
            }
            runs[runs.count - 1].samples.append((Int(number("index")), number("position")))
        }
        return runs
    }

    /// exact_error.csv: the largest |displayed − exact| over every displayed frame of each run.
    static func exactErrors() throws -> [String: Double] {
        let text = try String(contentsOf: directory.appendingPathComponent("exact_error.csv"), encoding: .utf8)
        var result: [String: Double] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst()
        where !line.hasPrefix("#") && !line.hasPrefix("case") {
            let f = line.split(separator: ",").map(String.init)
            result["\(f[1]) \(f[0]) \(Double(f[2])!)"] = Double(f[5])!
        }
        return result
    }
}

/// The textbook damped oscillator (mass 1, ω₀ = 2π/response), independent of SpringMath.
private func textbookPosition(_ run: IndependentRun, at t: Double) -> Double {
    TextbookSpring(dampingRatio: run.zeta, response: run.response).position(
        from: run.from, to: run.to, velocity: run.velocity, at: t)
}

@Suite("Platform models against an independent implementation of each library's stepping")
struct IndependentModelTests {
    static let targets = IndependentRun.targets

    @Test("The fixtures cover at least 50 springs at 30, 60, 90, 120 and 144 Hz for every target", arguments: targets)
    func coverage(_ target: String) throws {
        let runs = try IndependentRun.load(target)
        #expect(Set(runs.map(\.name)).count >= 50)
        #expect(Set(runs.map(\.fps)) == [30, 60, 90, 120, 144])
        #expect(
            runs.contains { $0.zeta < 1 } && runs.contains { $0.zeta > 1 } && runs.contains { $0.velocity > 0 }
                && runs.contains { $0.velocity < 0 })
    }

    @Test(
        "Every run: the same frame count and finish, every sampled frame within 1e-6 of the travel", arguments: targets)
    func modelsAgree(_ target: String) throws {
        let platform = try #require(Platform(rawValue: target))
        var worst = 0.0
        for run in try IndependentRun.load(target) {
            let model = platform.model(for: run.spring, from: run.from, to: run.to, velocity: run.velocity)
            let trajectory = model.trajectory(from: run.from, to: run.to, frameRate: run.fps)
            #expect(trajectory.positions.count == run.frames, "\(run.testDescription): frames")
            #expect(trajectory.finished == run.finished, "\(run.testDescription): finished")
            for (index, position) in run.samples where index < trajectory.positions.count {
                let difference = abs(trajectory.positions[index] - position) / run.travel
                worst = max(worst, difference)
                #expect(
                    difference <= 1e-6,
                    "\(run.testDescription) frame \(index): model \(trajectory.positions[index]), independent \(position)"
                )
            }
        }
        print("independent \(target): largest difference \(worst) of the travel")
    }

    @Test(
        "export's platform figures equal the error the independent runs measure",
        arguments: targets.filter { $0 != "rebound-java" })
    func exportFigures(_ target: String) throws {
        let exportTarget = try #require(ExportTarget(rawValue: target))
        let errors = try IndependentRun.exactErrors()
        let runs = try IndependentRun.load(target)
        for (name, group) in Dictionary(grouping: runs, by: \.name) {
            let first = group[0]
            let request = ExportRequest(
                spring: first.spring, motion: Motion(from: first.from, to: first.to, initialVelocity: first.velocity),
                frameRates: [30, 60, 90, 120, 144])
            let export = try request.export(exportTarget)
            for run in group {
                let report = try #require(export.platforms.first { $0.frameRate == run.fps })
                var expected = try #require(errors["\(target) \(name) \(run.fps)"])
                // After it finishes, the platform shows the target: export counts those frames until
                // one frame past the exact settle time.
                if run.finished {
                    var frame = run.frames
                    while Double(frame) / run.fps <= report.exactSettleTime + 1 / run.fps {
                        expected = max(expected, abs(run.to - textbookPosition(run, at: Double(frame) / run.fps)))
                        frame += 1
                    }
                }
                #expect(
                    abs(report.maxError - expected) <= 1e-6 * run.travel,
                    "\(run.testDescription): export \(report.maxError), independent \(expected)")
                #expect(
                    report.finishTime.map { abs($0 - Double(run.frames - 1) / run.fps) < 1e-9 } ?? !run.finished,
                    "\(run.testDescription): finish")
            }
        }
    }
}
