import Foundation
import SpringTestSupport
import Testing

/// A shared platform recording (header comment line kept).
private func recording(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SpringPlatformsTests/Fixtures/recordings").appendingPathComponent(name)
}

/// The textbook overdamped displacement from rest (two real exponentials), independent of SpringMath.
private func overdampedFromRest(_ t: Double, zeta: Double, response: Double, x0: Double) -> Double {
    let omega = 2 * Double.pi / response
    let root = (zeta * zeta - 1).squareRoot()
    let a = -omega * (zeta - root), b = -omega * (zeta + root)
    let c2 = -a * x0 / (b - a)
    return (x0 - c2) * exp(a * t) + c2 * exp(b * t)
}

@Suite("verify and fit read recordings as libraries write them")
struct RecordingInputTests {
    @Test("A recording whose first line is a # comment is read; from and to default to its first and last values")
    func commentedRecording() throws {
        let file = recording("react-spring_A_60hz.csv").path
        let run = try springplot(["verify", file, "--damping", "0.68", "--response", "0.8", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        #expect(json["travel"] as? Double == 100)
        #expect(json["samples"] as? Int == 56)
        // react-spring runs fast at 60 Hz: 0.8 to 5.5 % of the travel off (the recording's README), not 0.
        let fraction = try #require(json["maxErrorFraction"] as? Double)
        #expect(fraction > 0.008 && fraction < 0.055)
    }

    @Test("Comment lines between rows, a byte order mark and CRLF are accepted")
    func commentsAnywhere() throws {
        let csv =
            "\u{FEFF}# made by hand\r\nt,position\r\n0,0\r\n# a comment between rows\r\n0.5,0.9\r\n  # indented\r\n1,1\r\n"
        let run = try springplot(["verify", "-", "--response", "0.3", "--json"], input: Data(csv.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.contains("\"samples\": 3"))
    }

    @Test("The finish is the first sample from which the data stay at their final value")
    func finishIsFirstSettledSample() throws {
        // ζ 1, response 0.5 s from 0 to 100, recorded at 10 Hz, snapped to 100 at t = 0.6 and held there.
        let omega = 2 * Double.pi / 0.5
        var rows = ["t,position"]
        for i in 0...12 {
            let t = Double(i) / 10
            let exact = TextbookSpring(dampingRatio: 1, response: 0.5).position(from: 0, to: 100, at: t)
            rows.append("\(t),\(i >= 6 ? 100 : exact)")
        }
        let run = try springplot(
            ["verify", "-", "--damping", "1", "--response", "0.5", "--json"],
            input: Data(rows.joined(separator: "\n").utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        #expect(json["finishTime"] as? Double == 0.6)
        #expect(json["finishIndex"] as? Int == 6)
        #expect(json["lastTime"] as? Double == 1.2)
        #expect(json["snapped"] as? Bool == true)
        // It let go at t = 0.5 s, (1 + 2π)·e^(−2π) of the travel out: 1.36 units.
        let jump = try #require(json["finalJump"] as? Double)
        #expect(abs(jump - 100 * (1 + omega * 0.5) * exp(-omega * 0.5)) < 1e-9)
        // The critically damped motion stays that close from t = 0.5 s on: the snap one frame later is on
        // time (judged by the last sample, it would be 0.7 s late).
        #expect(abs(try #require(json["finishOffset"] as? Double) - 0.1) < 1e-9)
        let text = try springplot(
            ["verify", "-", "--damping", "1", "--response", "0.5"], input: Data(rows.joined(separator: "\n").utf8))
        #expect(text.output.contains("finished at 0.6 s"), "\(text.output)")
        #expect(text.output.contains("on time (within one frame)"), "\(text.output)")
    }

    @Test("verify and fit refuse the chart options that do nothing for a recording", arguments: ["verify", "fit"])
    func noIdleOptions(command: String) throws {
        let file = recording("reanimated_A_60hz.csv").path
        for option in [["--time-span", "2"], ["--epsilon", "0.01"]] {
            let run = try springplot([command, file] + option)
            #expect(run.status != 0)
            #expect(run.standardError.contains(option[0]), "\(run.standardError)")
        }
    }

    @Test(
        "fit finds where the motion starts after still samples and reports the start",
        arguments: [40, 80])
    func fitSkipsStillSamples(count: Int) throws {
        // Three still frames at 60 Hz, then a ζ 2, response 0.5 s spring from 0 to 100.
        var rows = ["t,position"]
        for i in 0..<count {
            let t = Double(i) / 60
            let position = i < 3 ? 0 : 100 + overdampedFromRest(Double(i - 3) / 60, zeta: 2, response: 0.5, x0: -100)
            rows.append("\(t),\(position)")
        }
        let run = try springplot(["fit", "-", "--json"], input: Data(rows.joined(separator: "\n").utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let zeta = try #require((json["dampingRatio"] as? [String: Any])?["value"] as? Double)
        let response = try #require((json["response"] as? [String: Any])?["value"] as? Double)
        #expect(abs(zeta / 2 - 1) < 0.02, "ζ \(zeta)")
        #expect(abs(response / 0.5 - 1) < 0.02, "response \(response)")
        let start = try #require(json["startTime"] as? Double)
        #expect(abs(start - 0.05) < 1.0 / 600, "start \(start)")
        #expect(json["stillSamples"] as? Int == 4)
    }
}
