import Foundation
import Testing

/// The clips made by scripts/track/make_fixtures.sh (Cairo drawings encoded by ffmpeg), each with the
/// generator's truth: its parameters and the value drawn in every frame.
private func clip(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/track").appendingPathComponent(name).path
}

/// The generator's parameters (the `# params {…}` line) and its `t,value` rows.
private func truth(_ name: String) throws -> (parameters: [String: Any], times: [Double], values: [Double]) {
    let text = try String(contentsOfFile: clip(name + ".truth.csv"), encoding: .utf8)
    var parameters: [String: Any] = [:]
    var times: [Double] = [], values: [Double] = []
    for line in text.split(separator: "\n") {
        if line.hasPrefix("# params ") {
            parameters = try #require(
                try JSONSerialization.jsonObject(with: Data(line.dropFirst(9).utf8)) as? [String: Any])
        } else if let first = line.first, first.isNumber || first == "-" {
            let fields = line.split(separator: ",")
            times.append(Double(fields[0])!)
            values.append(Double(fields[1])!)
        }
    }
    return (parameters, times, values)
}

/// The value of `--json`'s estimate at `key`.
private func estimate(_ json: [String: Any], _ key: String) -> Double {
    ((json[key] as? [String: Any])?["value"] as? Double) ?? .nan
}

private func trackJSON(_ arguments: [String]) throws -> [String: Any] {
    let run = try springplot(["track"] + arguments + ["--json"])
    #expect(run.status == 0, "\(run.standardError)")
    return try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
}

/// ffmpeg is installed by scripts/setup.sh --tests (part of the README's test command).
@Suite("springplot track on encoded clips")
struct TrackCommandTests {
    @Test(
        "each format recovers the spring it was drawn with, within 2 %",
        arguments: [
            ("x-h264-60.mp4", "x-h264-60", [String]()),
            ("y-webm-30.webm", "y-webm-30", []),
            ("x-vfr-120.mov", "x-vfr-120", []),
            ("x-png", "x-png", ["--fps", "30"])
        ])
    func recovers(file: String, name: String, options: [String]) throws {
        let (parameters, _, _) = try truth(name)
        let json = try trackJSON([clip(file)] + options)
        let zeta = try #require(parameters["zeta"] as? Double),
            response = try #require(parameters["response"] as? Double)
        #expect(
            abs(estimate(json, "dampingRatio") / zeta - 1) < 0.02, "ζ \(estimate(json, "dampingRatio")) for \(zeta)")
        #expect(
            abs(estimate(json, "response") / response - 1) < 0.02,
            "response \(estimate(json, "response")) for \(response)")
        // fit's keys, then the tracking's own.
        for key in [
            "samples", "residualRMS", "dampingRatio", "response", "from", "to", "initialVelocity", "startTime",
            "stillSamples", "spring", "nearestPreset", "targets", "trackedSamples", "onsetTime", "property", "axis",
            "region"
        ] {
            #expect(json[key] != nil, "missing \(key)")
        }
        #expect(json["axis"] as? String == (name.hasPrefix("y") ? "y" : "x"))
    }

    @Test("the tracked samples lie on the drawn ones: 0.35 px RMS through H.264, 0.1 px from PNG frames")
    func trackingError() throws {
        for (file, name, options, limit) in [
            ("x-h264-60.mp4", "x-h264-60", [String](), 0.35), ("x-png", "x-png", ["--fps", "30"], 0.1)
        ] {
            let dir = try temporaryDirectory()
            let run = try springplot(
                ["track", clip(file), "--csv", "samples.csv", "-o", "track.png"] + options, in: dir)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(pngSize(try Data(contentsOf: dir.appendingPathComponent("track.png")))! == (1200, 800))
            let csv = try String(contentsOf: dir.appendingPathComponent("samples.csv"), encoding: .utf8)
            #expect(csv.contains("\nt,position\n"))
            let (_, times, values) = try truth(name)
            var errors: [Double] = []
            for line in csv.split(separator: "\n") where line.first?.isNumber == true {
                let fields = line.split(separator: ",").map { Double($0)! }
                let index = try #require(
                    times.firstIndex { abs($0 - fields[0]) < 1e-5 }, "no drawn frame at t = \(fields[0])")
                // The generator's pixel i has its centre at i; springplot's at i + 0.5.
                errors.append(fields[1] - 0.5 - values[index])
            }
            #expect(errors.count >= 30)
            let mean = errors.reduce(0, +) / Double(errors.count)
            let spread = (errors.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(errors.count)).squareRoot()
            #expect(abs(mean) < 0.25, "\(file): offset \(mean) px")
            #expect(spread < limit, "\(file): \(spread) px RMS")
        }
    }

    @Test("a clip of a real react-spring run matches the asked-for spring as closely as the run itself does")
    func platformRecording() throws {
        // The run (react-spring_A_60hz.csv) was asked for ζ 0.68, response 0.8 s; fitted directly, the
        // recorded frames give its own error from that spring. The clip may add 2 % to it, no more.
        let direct = try #require(
            try JSONSerialization.jsonObject(
                with: try springplot(
                    [
                        "fit",
                        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                            .deletingLastPathComponent().appendingPathComponent(
                                "Tests/SpringPlatformsTests/Fixtures/recordings/react-spring_A_60hz.csv"
                            ).path,
                        "--json"
                    ]).standardOutput) as? [String: Any])
        let tracked = try trackJSON([clip("platform-react-spring-A.mp4")])
        for (key, asked) in [("dampingRatio", 0.68), ("response", 0.8)] {
            let own = abs(estimate(direct, key) / asked - 1)
            let seen = abs(estimate(tracked, key) / asked - 1)
            #expect(
                seen <= own + 0.02,
                "\(key): tracked \(estimate(tracked, key)), recording \(estimate(direct, key)), asked \(asked)")
        }
    }

    @Test("a growing card's width recovers its spring (within 15 %: an outline is two edges, not an area)")
    func scale() throws {
        let json = try trackJSON([clip("scale-gif-50.gif"), "--property", "scale"])
        #expect(json["property"] as? String == "scale")
        #expect(abs(estimate(json, "dampingRatio") / 0.6 - 1) < 0.15)
        #expect(abs(estimate(json, "response") / 0.5 - 1) < 0.15)
    }

    @Test("--roi picks one of two moving cards")
    func regionOfInterest() throws {
        let orange = try trackJSON([clip("two-cards.mp4"), "--roi", "40,100,440,70"])
        #expect(
            abs(estimate(orange, "dampingRatio") / 0.5 - 1) < 0.02 && abs(estimate(orange, "response") / 0.5 - 1) < 0.02
        )
        let blue = try trackJSON([clip("two-cards.mp4"), "--roi", "20,20,440,70"])
        #expect(
            abs(estimate(blue, "dampingRatio") / 0.35 - 1) < 0.02 && abs(estimate(blue, "response") / 0.45 - 1) < 0.02)
    }

    @Test(
        "a spring drawn pixel-snapped (1, 2, 4 px steps; whole device pixels at a ratio of 2) is tracked within 3 %",
        arguments: ["x-snap1", "x-snap2", "x-snap4", "x-dpr2"])
    func pixelSnapped(name: String) throws {
        let (parameters, _, values) = try truth(name)
        let zeta = try #require(parameters["zeta"] as? Double),
            response = try #require(parameters["response"] as? Double)
        // The clip really is snapped: every drawn leading edge (centre + 0.5 − 32 in Cairo) is on the lattice.
        let step = (parameters["snap"] as? Double) ?? 1
        #expect(
            values.allSatisfy { value in
                let edge = (value + 0.5 - 32) / step
                return abs(edge - edge.rounded()) < 1e-9
            })
        let json = try trackJSON([clip(name + ".mp4")])
        #expect(
            abs(estimate(json, "dampingRatio") / zeta - 1) < 0.03, "ζ \(estimate(json, "dampingRatio")) for \(zeta)")
        #expect(
            abs(estimate(json, "response") / response - 1) < 0.03,
            "response \(estimate(json, "response")) for \(response)")
    }

    @Test(
        "what cannot be tracked or is not a spring gets one line and a non-zero exit",
        arguments: [
            (["ease.mp4"], "no spring explains this motion"),
            (["linear.mp4"], "not a spring"),
            (["ease-snap2.mp4"], "no spring explains this motion"),
            (["linear-snap2.mp4"], "not a spring"),
            (["two-cards.mp4"], "more than one element moves; pick one with --roi"),
            (["still.mp4"], "no motion found"),
            (["short.mp4"], "the clip is too short"),
            (["x-h264-60.mp4", "--roi", "400,200,100,100"], "does not lie inside the 480×270 frame"),
            (["x-h264-60.mp4", "--start", "0.5", "--end", "0.55"], "the clip is too short"),
            (["no-such-clip.mp4"], "does not exist"),
            (["x-h264-60.truth.csv"], "cannot read")
        ])
    func refusals(arguments: [String], message: String) throws {
        let run = try springplot(["track", clip(arguments[0])] + arguments.dropFirst())
        #expect(run.status != 0)
        #expect(run.standardError.hasPrefix("springplot: error: track '"), "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test("bad options are named before any decoding")
    func options() throws {
        for (arguments, message) in [
            (["--roi", "1,2,3"], "--roi must be four whole numbers"),
            (["--roi", "0,0,4,100"], "--roi needs"),
            (["--start", "-1"], "--start must be"),
            (["--start", "2", "--end", "1"], "--end (1.0) must be later than --start (2.0)"),
            (["--fps", "0"], "--fps must be"),
            (["--axis", "z"], "--axis"),
            (["--property", "size"], "--property")
        ] {
            let run = try springplot(["track", clip("x-h264-60.mp4")] + arguments)
            #expect(run.status != 0)
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
            #expect(run.standardError.split(separator: "\n").count == 1, "\(arguments): \(run.standardError)")
        }
    }

    @Test("without ffmpeg on the PATH, track says how to install it")
    func missingFFmpeg() throws {
        let binary = try #require(springplotExecutable())
        let empty = try temporaryDirectory()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["track", clip("x-h264-60.mp4")]
        process.environment = ["PATH": empty.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(
            text.contains("ffmpeg was not found on the PATH: install it (sudo apt-get install -y ffmpeg)"), "\(text)")
    }
}
