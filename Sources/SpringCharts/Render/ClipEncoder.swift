import Foundation
import Glibc

/// The moving-picture formats ``ClipEncoder`` writes.
public enum ClipFormat: String, CaseIterable, Sendable {
    /// GIF89a, through ffmpeg's GIF encoder with a palette SpringCharts makes (see
    /// ``ClipPalette``), so that every ink keeps its exact colour.
    case gif
    /// Animated PNG: lossless, any frame rate, 24-bit colour.
    case apng
    /// WebM with VP9 (libvpx), 4:2:0, BT.709.
    case webm
    /// MP4 with H.264 (libx264), 4:2:0, BT.709, the index at the front for streaming.
    case mp4

    /// The format a file name's extension asks for: `.gif`, `.png` or `.apng`, `.webm`, `.mp4` or
    /// `.m4v` (any case); nil for anything else.
    public static func fromExtension(of path: String) -> ClipFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "gif": return .gif
        case "png", "apng": return .apng
        case "webm": return .webm
        case "mp4", "m4v": return .mp4
        default: return nil
        }
    }

    /// True for the formats that hold a play count (GIF and animated PNG); a video file leaves
    /// looping to its player.
    public var holdsPlayCount: Bool { self == .gif || self == .apng }

    /// True for the formats whose frames ffmpeg stores as 4:2:0 video, which needs an even width
    /// and height (the encoder pads an odd side with one column or row of the background).
    var needsEvenSize: Bool { self == .webm || self == .mp4 }
}

/// Why a clip could not be encoded: one line for the person who asked for it.
public struct ClipEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// A frame rate as a ratio of whole numbers (GIF's 100/3 is exact this way, as 33.3 is not).
public struct ClipFrameRate: Hashable, Sendable {
    public var frames: Int
    public var seconds: Int

    /// `frames` frames every `seconds` seconds; both at least 1.
    public init(frames: Int, perSeconds seconds: Int = 1) {
        precondition(frames >= 1 && seconds >= 1, "a frame rate of whole positive numbers")
        self.frames = frames
        self.seconds = seconds
    }

    /// Frames per second.
    public var perSecond: Double { Double(frames) / Double(seconds) }

    /// When frame `index` is shown, in seconds from the clip's start (exact for every index: the
    /// times never drift, whatever the rate).
    public func time(ofFrame index: Int) -> Double { Double(index) * Double(seconds) / Double(frames) }

    /// `perSecond` frames per second to a thousandth of a frame, as a reduced ratio (`perSecond`
    /// finite and at least 0.001).
    public static func near(_ perSecond: Double) -> ClipFrameRate {
        var frames = max(1, Int((perSecond * 1000).rounded())), seconds = 1000
        var a = frames, b = seconds
        while b != 0 { (a, b) = (b, a % b) }
        frames /= a
        seconds /= a
        return ClipFrameRate(frames: frames, perSeconds: seconds)
    }

    /// The rate GIF can hold: a delay of whole centiseconds, at least 2 (browsers show a delay under
    /// 2 cs as 10 cs), the one nearest `perSecond` frames per second.
    public static func gif(near perSecond: Double) -> ClipFrameRate {
        let centiseconds = max(2, min(100, Int((100 / perSecond).rounded())))
        return ClipFrameRate(frames: 100, perSeconds: centiseconds)
    }
}

/// The 256 colours a GIF clip is drawn in: the background, then for each ink (the lanes' colours,
/// the text's, the track's) the ink itself and evenly spaced blends of it over the background, the
/// colours anti-aliased edges take. The inks come out exactly; an edge pixel takes the nearest blend.
public enum ClipPalette {
    /// The palette for `inks` drawn on `background` (at most 63 inks; repeats are dropped).
    public static func colors(inks: [ChartColor], background: ChartColor) -> [UInt32] {
        func word(_ color: ChartColor) -> UInt32 {
            func byte(_ x: Double) -> UInt32 { UInt32((min(max(x, 0), 1) * 255).rounded()) }
            return 0xFF00_0000 | byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
        }
        let ground = word(background)
        var distinct: [UInt32] = []
        for ink in inks.map(word) where ink != ground && !distinct.contains(ink) { distinct.append(ink) }
        distinct = Array(distinct.prefix(63))
        var palette: [UInt32] = [ground]
        guard !distinct.isEmpty else { return palette + Array(repeating: ground, count: 255) }
        let levels = 255 / distinct.count
        func channel(_ word: UInt32, _ shift: UInt32) -> Double { Double((word >> shift) & 0xFF) }
        for ink in distinct {
            for level in 1...levels {
                // Level `levels` is the ink itself; the rest are blends towards the background.
                let a = Double(level) / Double(levels)
                var blended: UInt32 = 0xFF00_0000
                for shift: UInt32 in [16, 8, 0] {
                    let value = (channel(ink, shift) * a + channel(ground, shift) * (1 - a)).rounded()
                    blended |= UInt32(value) << shift
                }
                palette.append(blended)
            }
        }
        while palette.count < 256 { palette.append(ground) }
        return palette
    }

    /// The palette as the 16 × 16 PNG ffmpeg's `paletteuse` filter reads.
    static func png(_ colors: [UInt32]) throws -> [UInt8] {
        precondition(colors.count == 256, "a GIF palette of 256 colours")
        return try colors.withUnsafeBytes { buffer in
            try PNGEncoder.encode(pixels: buffer.baseAddress!, width: 16, height: 16, stride: 64)
        }
    }
}

/// Turns frames into a GIF, animated PNG, WebM or MP4 file through Debian's `ffmpeg`, run as a
/// subprocess (no libav linked in): the frames are streamed to it as raw BGRA pixels, one at a time,
/// so a clip never holds more than one frame in memory before the encoder has it.
public struct ClipEncoder: Sendable {
    /// Path of the `ffmpeg` executable.
    public var ffmpeg: String

    public init(ffmpeg: String) { self.ffmpeg = ffmpeg }

    /// Finds `ffmpeg` on `PATH`.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(ClipEncodingError)
        -> ClipEncoder
    {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ClipEncoder(ffmpeg: candidate) }
        }
        throw ClipEncodingError(
            "ffmpeg is not installed (on Debian or Ubuntu: apt-get install ffmpeg); springplot animate encodes through it"
        )
    }

    /// What to encode.
    public struct Request: Sendable {
        public var format: ClipFormat
        /// Frame size in device pixels.
        public var width: Int
        public var height: Int
        public var frameRate: ClipFrameRate
        public var frameCount: Int
        /// How many times GIF and animated PNG play: 0 for ever.
        public var plays: Int
        /// The background, for the column or row a 4:2:0 video adds to an odd side.
        public var background: ChartColor
        /// GIF only: the 256 colours from ``ClipPalette/colors(inks:background:)``.
        public var palette: [UInt32]?

        public init(
            format: ClipFormat, width: Int, height: Int, frameRate: ClipFrameRate, frameCount: Int, plays: Int = 0,
            background: ChartColor, palette: [UInt32]? = nil
        ) {
            self.format = format
            self.width = width
            self.height = height
            self.frameRate = frameRate
            self.frameCount = frameCount
            self.plays = plays
            self.background = background
            self.palette = palette
        }
    }

    /// Encodes `request.frameCount` frames, asking `frame` for each in turn (`width × height` BGRA
    /// pixels, rows top to bottom, as ``CairoRenderer/renderFrame(_:scale:)`` gives them), and
    /// returns the file's bytes.
    ///
    /// - Throws: ``ClipEncodingError`` when ffmpeg is missing or fails (its last lines are
    ///   given), or whatever `frame` throws (ffmpeg is stopped then).
    public func encode(_ request: Request, frame: (Int) throws -> [UInt8]) throws -> [UInt8] {
        try encodeMeasured(request, frame: frame).bytes
    }

    /// Where an encode's time went, in seconds of wall time. ffmpeg runs beside this process, so
    /// the drawing and the encoding overlap: `drawing` is the time spent in the frame closure,
    /// `waiting` the time spent handing frames to ffmpeg (blocked while it caught up), `finishing`
    /// the time from the last frame to ffmpeg's exit.
    public struct Timing: Hashable, Sendable {
        public var drawing = 0.0
        public var waiting = 0.0
        public var finishing = 0.0
        public var total = 0.0
    }

    /// ``encode(_:frame:)``, with where its time went.
    public func encodeMeasured(_ request: Request, frame: (Int) throws -> [UInt8]) throws -> (
        bytes: [UInt8], timing: Timing
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        var timing = Timing()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        precondition(request.width >= 1 && request.height >= 1 && request.frameCount >= 1, "a clip has pixels")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "springplot-clip-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw ClipEncodingError("cannot create a scratch folder: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("clip." + request.format.rawValue)
        let log = scratch.appendingPathComponent("ffmpeg.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        var arguments = [
            "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
            "-video_size", "\(request.width)x\(request.height)",
            "-framerate", "\(request.frameRate.frames)/\(request.frameRate.seconds)", "-i", "pipe:0"
        ]
        arguments += try formatArguments(request, scratch: scratch)
        // No random segment identifier, creation time or encoder build string: the same frames give
        // the same file (the studio's download is the command line's clip, byte for byte).
        arguments += ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-y", output.path]

        // The frames go through a socket rather than a pipe: a send to a closed socket can be told
        // not to raise SIGPIPE (MSG_NOSIGNAL), so ffmpeg failing mid-clip is an error, not the end of
        // this process. Both ends close on exec; the child's copy of its end is its standard input.
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw ClipEncodingError("cannot open a socket to ffmpeg: \(String(cString: strerror(errno)))")
        }
        let ours = ends[1]
        defer { close(ours) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        process.standardInput = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        process.standardOutput = FileHandle.nullDevice
        guard let logHandle = try? FileHandle(forWritingTo: log) else {
            throw ClipEncodingError("cannot write the encoder's log")
        }
        process.standardError = logHandle
        do { try process.run() } catch {
            close(ends[0])
            throw ClipEncodingError("cannot run \(ffmpeg): \(error.localizedDescription)")
        }
        // The child holds its own copy of the socket's far end now.
        (process.standardInput as? FileHandle)?.closeFile()
        process.standardInput = nil

        func failure(_ what: String) -> ClipEncodingError {
            process.waitUntilExit()
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").suffix(2).joined(separator: "; ")
            return ClipEncodingError(lines.isEmpty ? what : "\(what): \(lines)")
        }
        let frameBytes = 4 * request.width * request.height
        do {
            for index in 0..<request.frameCount {
                let drawn = clock.now
                let pixels = try frame(index)
                let sending = clock.now
                timing.drawing += seconds(sending - drawn)
                precondition(pixels.count == frameBytes, "a frame of width × height BGRA pixels")
                guard Self.sendAll(pixels, to: ours) else {
                    throw failure("ffmpeg stopped reading frames")
                }
                timing.waiting += seconds(clock.now - sending)
            }
        } catch let error {
            process.terminate()
            process.waitUntilExit()
            throw error
        }
        shutdown(ours, Int32(SHUT_WR))
        let lastFrame = clock.now
        process.waitUntilExit()
        timing.finishing = seconds(clock.now - lastFrame)
        guard process.terminationStatus == 0 else {
            throw failure("ffmpeg could not encode the \(request.format.rawValue.uppercased()) clip")
        }
        do {
            let bytes = [UInt8](try Data(contentsOf: output))
            timing.total = seconds(clock.now - start)
            return (bytes, timing)
        } catch {
            throw ClipEncodingError("cannot read ffmpeg's output: \(error.localizedDescription)")
        }
    }

    /// ffmpeg's options for the request's format, after the frames' input.
    private func formatArguments(_ request: Request, scratch: URL) throws -> [String] {
        let background = String(
            format: "0x%02X%02X%02X", Int((request.background.red * 255).rounded()),
            Int((request.background.green * 255).rounded()), Int((request.background.blue * 255).rounded()))
        // 4:2:0 video: an odd side gets one more column or row of background, and the colours are
        // turned into BT.709 YUV and tagged so.
        let video =
            "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=\(background),scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        switch request.format {
        case .gif:
            let palettePath = scratch.appendingPathComponent("palette.png")
            let colors = request.palette ?? ClipPalette.colors(inks: [], background: request.background)
            do {
                try Data(try ClipPalette.png(colors)).write(to: palettePath)
            } catch {
                throw ClipEncodingError("cannot write the GIF palette: \(error)")
            }
            // GIF's loop field counts the repeats after the first play; -1 writes none (play once).
            let loop = request.plays == 0 ? 0 : (request.plays == 1 ? -1 : request.plays - 1)
            return [
                "-i", palettePath.path, "-lavfi", "[0:v][1:v]paletteuse=dither=none:diff_mode=rectangle",
                "-loop", String(loop), "-f", "gif"
            ]
        case .apng:
            return ["-pix_fmt", "rgb24", "-plays", String(request.plays), "-f", "apng"]
        case .webm:
            // libvpx's realtime mode at speed 8: four times faster than "good" at speed 4 on these flat
            // drawings, and half as large again (64 kB for three lanes, 2 s), still within 0.2 px.
            return
                [
                    "-vf", video, "-c:v", "libvpx-vp9", "-crf", "24", "-b:v", "0", "-deadline", "realtime",
                    "-cpu-used", "8", "-row-mt", "1"
                ] + tags + ["-f", "webm"]
        case .mp4:
            return
                ["-vf", video, "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-tune", "animation"] + tags
                + ["-movflags", "+faststart", "-f", "mp4"]
        }
    }

    /// Sends all of `bytes`; false when the far end has closed.
    private static func sendAll(_ bytes: [UInt8], to socket: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(socket, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
