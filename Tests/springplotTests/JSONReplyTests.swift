import Foundation
import SpringTestSupport
import Testing

/// Each `--json` reply decodes into the type its keys are documented as: a key that vanishes, is
/// renamed or changes type fails here (the replies are read by other tools).
@Suite("JSON replies decode into their documented types")
struct JSONReplyTests {
    struct SpringJSON: Decodable {
        let dampingRatio, response, mass, stiffness, dampingCoefficient: Double
    }

    struct PhysicsJSON: Decodable {
        let mass, stiffness, dampingCoefficient: Double
    }

    struct InfoReply: Decodable {
        struct Settle: Decodable { let tolerance, time: Double }
        let name: String
        let spring: SpringJSON
        let naturalFrequency, dampedFrequency, timeConstant, overshoot: Double
        let peakTime, riseTime: Double?
        let turningPoints: Int?
        let settleTimes: [Settle]
        let waveSettleEstimate: Double
    }

    /// A warning or note: its stable code and its text.
    struct Remark: Decodable { let code, text: String }

    struct ExportReply: Decodable {
        struct Motion: Decodable { let from, to, velocity, cssError: Double }
        struct Platform: Decodable {
            let fps, maxError, maxErrorTime, exactSettleTime: Double
            let maxErrorFraction, finishTime: Double?
            let velocityKept: Bool
        }
        struct Target: Decodable {
            let target, title, code: String
            let parameters: [String: Double]
            let warnings: [Remark]
            let notes: [Remark]
            let platforms: [Platform]
        }
        let spring: SpringJSON
        let motion: Motion
        let targets: [Target]
    }

    struct Estimate: Decodable { let value, uncertainty: Double }

    struct FitReply: Decodable {
        let samples: Int
        let residualRMS: Double
        let dampingRatio, response, from, to, initialVelocity: Estimate
        let startTime: Double
        let stillSamples: Int
        let spring: PhysicsJSON
    }

    struct VerifyReply: Decodable {
        struct Match: Decodable {
            let platform: String
            let maxDifference: Double
            let maxDifferenceFraction: Double?
            let recordedFrames, modelFrames: Int
            let reproduced: Bool
        }
        let spring: SpringJSON
        let samples: Int
        let travel, maxError, rmsError, medianInterval, lastTime, finishTime, finalJump: Double
        let finishIndex: Int
        let snapped: Bool
        let exactSettleTime, finishOffset: Double
        let bestPlatform: String?
        let platforms: [Match]?
    }

    static func decode<T: Decodable>(_ type: T.Type, _ arguments: [String], input: Data? = nil) throws -> T {
        let run = try springplot(arguments, input: input)
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
        return try JSONDecoder().decode(T.self, from: run.standardOutput)
    }

    @Test func info() throws {
        let reply = try JSONReplyTests.decode(
            InfoReply.self, ["info", "--damping", "0.5", "--response", "0.6", "--json"])
        #expect(reply.spring.dampingRatio == 0.5 && reply.spring.response == 0.6 && !reply.settleTimes.isEmpty)
    }

    @Test func export() throws {
        let reply = try JSONReplyTests.decode(
            ExportReply.self, ["export", "--damping", "0.5", "--response", "0.6", "--json"])
        #expect(reply.targets.count >= 15 && reply.motion.to == 100)
        #expect(reply.targets.first { $0.target == "react-spring" }?.platforms.map(\.fps) == [60, 120])
        // Every warning and note carries a code as well as its words.
        let remarks = reply.targets.flatMap { $0.warnings + $0.notes }
        #expect(!remarks.isEmpty && remarks.allSatisfy { !$0.code.isEmpty && !$0.text.isEmpty })
        #expect(reply.targets.first { $0.target == "uikit" }?.notes.first?.code == "velocity-as-travel-share")
    }

    @Test func fitAndVerify() throws {
        // ζ 0.7, response 0.5 s, sampled at 60 Hz (textbook closed form, not SpringMath).
        let spring = TextbookSpring(dampingRatio: 0.7, response: 0.5)
        let rows = (0..<90).map { i -> String in
            let t = Double(i) / 60
            let x = spring.position(from: 0, to: 100, at: t)
            return "\(t),\(x)"
        }
        let csv = Data((["t,position"] + rows).joined(separator: "\n").utf8)
        let fit = try JSONReplyTests.decode(FitReply.self, ["fit", "-", "--json"], input: csv)
        #expect(abs(fit.dampingRatio.value - 0.7) < 1e-3 && fit.samples == 90)
        let verify = try JSONReplyTests.decode(
            VerifyReply.self,
            [
                "verify", "-", "--damping", "0.7", "--response", "0.5", "--to", "100",
                "--platform", "auto", "--json"
            ], input: csv)
        #expect(
            verify.samples == 90 && verify.maxError < 1e-6 && verify.bestPlatform != nil
                && (verify.platforms?.count ?? 0) > 10)
    }

    @Test("Every JSON reply of springplot and the library is declared in SpringWire")
    func repliesLiveInSpringWire() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var outside: [String] = []
        var inWire = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let names = text.matches(of: /(?m)^\s*(?:public\s+)?struct (\w+Reply)\b/).map { String($0.1) }
            if file.path.contains("/Sources/SpringWire/") {
                inWire += names.count
            } else {
                // StudioReply is an HTTP response (status, type, body), not a JSON shape.
                outside += names.filter { $0 != "StudioReply" }.map { "\(file.lastPathComponent): \($0)" }
            }
        }
        #expect(outside.isEmpty, "replies outside SpringWire: \(outside)")
        #expect(inWire >= 20)
    }
}
