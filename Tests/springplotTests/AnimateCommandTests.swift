import Foundation
import SpringTestSupport
import Testing

/// A clip decoded by ffmpeg (its decoders, not the encoders springplot used): RGB frames and the
/// time each is shown.
private struct DecodedClip {
    var width: Int
    var height: Int
    var times: [Double]
    var frames: [[UInt8]]

    init(_ path: String) throws {
        let probe = try run(
            "/usr/bin/ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", path])
        let size = String(decoding: probe, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: ",").compactMap { Int($0) }
        width = size[0]
        height = size[1]
        let timesText = try run(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp_time",
                "-of", "csv=p=0", path
            ])
        times = String(decoding: timesText, as: UTF8.self).split(separator: "\n").compactMap {
            Double($0.trimmingCharacters(in: CharacterSet(charactersIn: ", \r")))
        }
        let raw = try run(
            "/usr/bin/ffmpeg",
            ["-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"])
        let frameBytes = 3 * width * height
        frames = stride(from: 0, to: raw.count - frameBytes + 1, by: frameBytes).map {
            [UInt8](raw[raw.startIndex + $0..<raw.startIndex + $0 + frameBytes])
        }
    }

    /// The centre of the coloured element between rows `rows`: each pixel weighted by its
    /// saturation (max − min channel) relative to the element's own, which is its coverage where
    /// the element is blended into the grey and white around it.
    func elementX(frame index: Int, rows: Range<Int>) -> Double? {
        let frame = frames[index]
        var peak = 0
        for y in rows {
            for x in 0..<width {
                peak = max(peak, saturation(frame, 3 * (y * width + x)))
            }
        }
        guard peak > 60 else { return nil }
        var sum = 0.0, weights = 0.0
        for y in rows {
            for x in 0..<width {
                let value = saturation(frame, 3 * (y * width + x))
                guard value > 12 else { continue }
                let weight = min(1, Double(value) / Double(peak))
                sum += weight * (Double(x) + 0.5)
                weights += weight
            }
        }
        return weights > 0 ? sum / weights : nil
    }

    private func saturation(_ frame: [UInt8], _ i: Int) -> Int {
        let r = Int(frame[i]), g = Int(frame[i + 1]), b = Int(frame[i + 2])
        return max(r, g, b) - min(r, g, b)
    }
}

@discardableResult
private func run(_ executable: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
}

/// The bytes of each GIF Graphic Control Extension's delay (centiseconds), and the NETSCAPE
/// loop field (nil when there is none), read from the file's own structure.
private func gifTiming(_ bytes: [UInt8]) -> (delays: [Int], loop: Int?) {
    var delays: [Int] = []
    var loop: Int?
    var i = 0
    while i + 5 < bytes.count {
        if bytes[i] == 0x21 && bytes[i + 1] == 0xF9 && bytes[i + 2] == 4 {
            delays.append(Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8)
            i += 8
            continue
        }
        if bytes[i] == 0x21 && bytes[i + 1] == 0xFF && i + 18 < bytes.count
            && Array(bytes[i + 3..<i + 14]) == Array("NETSCAPE2.0".utf8)
        {
            loop = Int(bytes[i + 16]) | Int(bytes[i + 17]) << 8
        }
        i += 1
    }
    return (delays, loop)
}

/// ffmpeg is installed by scripts/setup.sh --tests (part of the README's test command).
@Suite("springplot animate")
struct AnimateCommandTests {
    /// The issue's command in each format: every decoded frame puts the element where the exact
    /// spring is at that frame's time, within half a pixel. The track's ends are found from the
    /// first frame (at rest at 0) and the last (at rest at 1), so the test assumes only that the
    /// value maps linearly to x.
    @Test(
        "every frame's element lies within half a pixel of the exact spring",
        arguments: [("motion.gif", 50.0), ("motion.png", 60.0), ("motion.webm", 60.0), ("motion.mp4", 60.0)])
    func framesFollowTheSpring(file: String, rate: Double) throws {
        let dir = try temporaryDirectory()
        let result = try springplot(["animate", "--damping", "0.68", "--response", "0.8", "-o", file], in: dir)
        #expect(result.status == 0, "\(result.standardError)")
        let clip = try DecodedClip(dir.appendingPathComponent(file).path)
        #expect(clip.frames.count == clip.times.count)
        #expect(clip.frames.count > 60)
        #expect(clip.width == 640)
        // One lane below a 36 px title: its element lies in the rows under the label.
        let rows = 56..<clip.height
        let x0 = try #require(clip.elementX(frame: 0, rows: rows))
        let x1 = try #require(clip.elementX(frame: clip.frames.count - 1, rows: rows))
        #expect(x1 - x0 > 400)
        var worst = 0.0
        for (index, time) in clip.times.enumerated() {
            // WebM keeps times in whole milliseconds: the frame is drawn at its exact time, index / rate.
            let exactTime = Double(index) / rate
            #expect(abs(time - exactTime) <= 0.5e-3 + 1e-9, "frame \(index) at \(time) s")
            let expected =
                x0 + (x1 - x0)
                * TextbookSpring(dampingRatio: 0.68, response: 0.8).position(from: 0, to: 1, at: exactTime)
            let measured = try #require(clip.elementX(frame: index, rows: rows))
            worst = max(worst, abs(measured - expected))
        }
        print("animate \(file): \(clip.frames.count) frames, worst \(worst) px")
        #expect(worst <= 0.5, "\(file): worst \(worst) px")
    }

    @Test("a GIF's delays are whole centiseconds of at least 2, its frames at their exact times, its loop as asked")
    func gifTimingAndLoop() throws {
        let dir = try temporaryDirectory()
        for (options, delay, loop) in [
            ([String](), 2, Optional(0)), (["--fps", "30", "--loop", "3"], 3, 2),
            (["--fps", "100", "--loop", "1"], 2, nil)
        ] {
            let result = try springplot(
                ["animate", "--damping", "0.5", "--response", "0.4", "-o", "t.gif"] + options, in: dir)
            #expect(result.status == 0, "\(result.standardError)")
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("t.gif")))
            let timing = gifTiming(bytes)
            #expect(!timing.delays.isEmpty)
            #expect(timing.delays.allSatisfy { $0 == delay }, "\(options): \(Set(timing.delays))")
            #expect(timing.loop == loop, "\(options)")
            #expect(result.output.contains("(\(delay) cs delays)"), "\(result.output)")
        }
    }

    @Test("the GIF's palette keeps the lanes' colours exact")
    func gifColours() throws {
        let dir = try temporaryDirectory()
        let result = try springplot(
            ["animate", "--damping", "0.3,0.7,1", "--response", "0.5", "-o", "c.gif"], in: dir)
        #expect(result.status == 0, "\(result.standardError)")
        let clip = try DecodedClip(dir.appendingPathComponent("c.gif").path)
        #expect(clip.height == 238)
        var seen = Set<Int>()
        for frame in [clip.frames[0], clip.frames[clip.frames.count / 3]] {
            for i in stride(from: 0, to: frame.count, by: 3) {
                seen.insert(Int(frame[i]) << 16 | Int(frame[i + 1]) << 8 | Int(frame[i + 2]))
            }
        }
        // The light theme's first three series colours (Okabe–Ito blue, orange, bluish green).
        for colour in [0x0072B2, 0xE69F00, 0x009E73] {
            #expect(seen.contains(colour), "colour \(String(colour, radix: 16)) missing")
        }
    }

    @Test("retargeting and platform lanes: the right lanes and a clip of sensible length")
    func modes() throws {
        let dir = try temporaryDirectory()
        let retarget = try springplot(
            [
                "animate", "--damping", "0.7", "--response", "0.6", "--at", "0.25", "--new-target", "0.4", "-o",
                "r.webm"
            ], in: dir)
        #expect(retarget.status == 0, "\(retarget.standardError)")
        let platforms = try springplot(
            [
                "animate", "--damping", "0.68", "--response", "0.8", "--to", "100", "--platform",
                "react-spring,android",
                "-o", "p.png", "--scale", "2"
            ], in: dir)
        #expect(platforms.status == 0, "\(platforms.standardError)")
        let clip = try DecodedClip(dir.appendingPathComponent("p.png").path)
        #expect(clip.width == 1280)
        #expect(clip.height == 2 * 238)
        // The platforms stop by 0.92 s; the exact lane rests within half a pixel later, and the clip
        // holds 0.5 s more.
        let seconds = Double(clip.frames.count) / 60
        #expect(seconds > 1.4 && seconds < 2.5, "\(seconds) s")
    }

    @Test("a chase: the target's element moves at constant speed, the chase's settles into trailing it")
    func chase() throws {
        let dir = try temporaryDirectory()
        let result = try springplot(
            [
                "animate", "--damping", "0.7", "--response", "0.4", "--to", "0", "--target-velocity", "300",
                "--duration", "1.5", "--hold", "0", "-o", "c.png"
            ], in: dir)
        #expect(result.status == 0, "\(result.standardError)")
        let clip = try DecodedClip(dir.appendingPathComponent("c.png").path)
        #expect(clip.frames.count == 91)
        // Lanes of 64 px below the 36 px title: the target's element in the first, the chase's in the second.
        let target = try (0..<clip.frames.count).map { try #require(clip.elementX(frame: $0, rows: 56..<100)) }
        let chaser = try (0..<clip.frames.count).map { try #require(clip.elementX(frame: $0, rows: 120..<164)) }
        let step = (target[90] - target[0]) / 90
        #expect(step > 1)
        for (index, x) in target.enumerated() {
            #expect(abs(x - (target[0] + step * Double(index))) < 0.5, "target frame \(index)")
        }
        // Trailing by c·V/k (ζ·response/π seconds of the target's travel) once the transient has gone.
        let lagFrames = 0.7 * 0.4 / Double.pi * 60
        #expect(abs((target[90] - chaser[90]) / step - lagFrames) < 0.1, "\(target[90] - chaser[90]) px behind")
    }

    @Test("a sequence file in one lane ends at its final keyframe's value")
    func sequence() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("s.json")
        try Data(
            #"{"from": 0, "keyframes": [{"to": 1, "spring": {"dampingRatio": 0.8, "response": 0.3}}, {"to": 0.5, "at": 0.4, "spring": {"dampingRatio": 1, "response": 0.3}}]}"#
                .utf8
        ).write(to: file)
        let result = try springplot(["animate", "--sequence", file.path, "-o", "s.gif"], in: dir)
        #expect(result.status == 0, "\(result.standardError)")
        let clip = try DecodedClip(dir.appendingPathComponent("s.gif").path)
        let rows = 56..<clip.height
        let x0 = try #require(clip.elementX(frame: 0, rows: rows))
        let last = try #require(clip.elementX(frame: clip.frames.count - 1, rows: rows))
        // At 0.4 s the first keyframe's ζ 0.8 spring is past 1 (the overshoot); the end is halfway back.
        var far = x0
        for index in 0..<clip.frames.count { far = max(far, try #require(clip.elementX(frame: index, rows: rows))) }
        #expect(abs((last - x0) / (far - x0) - 0.5) < 0.05, "\(x0) \(far) \(last)")
    }

    @Test(
        "bad input is one line naming the option, before any frame is drawn",
        arguments: [
            (["--fps", "0"], "--fps"),
            (["--loop", "2", "-o", "a.webm"], "--loop"),
            (["--duration", "1000"], "--duration"),
            (["-o", "a.txt"], "--output"),
            (["--damping", "0.3,0.5", "--platform", "android"], "--platform"),
            (["--height", "50", "--damping", "0.3,0.5,0.7"], "--height"),
            (["--width", "4000", "--height", "4000", "--duration", "10"], "megapixels"),
            (["--fps", "240", "--duration", "60", "--hold", "10", "-o", "a.webm"], "frames"),
            (["--hold", "-1"], "--hold"),
            (["--sequence", "missing.json"], "--sequence"),
            (["--at", "0.2", "--platform", "android"], "--platform"),
            (["--target-velocity", "1e300"], "--target-velocity")
        ])
    func refuses(options: [String], named: String) throws {
        let dir = try temporaryDirectory()
        let result = try springplot(["animate"] + options, in: dir)
        let message = result.standardError
        #expect(result.status != 0)
        #expect(message.contains(named), "\(message)")
        #expect(message.split(separator: "\n").count == 1, "\(message)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: dir.path)).isEmpty)
    }
}
