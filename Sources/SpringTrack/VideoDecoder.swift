import Foundation

/// Decodes a recording into RGB frames with their real presentation timestamps, through Debian's
/// `ffmpeg` run as a subprocess (no libav linked in): `ffmpeg` converts to 8-bit RGB, crops to the
/// region and trims to the time window, writes raw frames to a pipe, and its `showinfo` filter
/// reports each frame's timestamp. Variable frame rates, dropped and repeated frames keep their
/// own times. A folder of PNG frames is read in file-name order (numbers compared as numbers) at a
/// frame rate the caller gives, since PNG files carry no time.
public struct VideoDecoder: Sendable {
    /// Path of the `ffmpeg` executable.
    public var ffmpeg: String
    /// Path of the `ffprobe` executable.
    public var ffprobe: String
    /// The most pixel bytes a decode may hold (768 MiB by default), checked before each frame is
    /// stored: with the tracker's copy of the moving region, a whole track stays under 2 GiB.
    public var byteLimit = 768 << 20

    /// The most pixels one frame may have (40 megapixels: an 8K UHD frame is 33), checked before
    /// anything is decoded.
    public static let maximumPixels = 40_000_000

    /// The most frames one decode hands over (a minute and a half at 120 Hz; a spring's clip is a few
    /// seconds). ffmpeg is told to stop after one more, and that one is refused, so a clip of a
    /// million tiny frames costs what this many do.
    public static let maximumFrames = 10_000

    /// The most pixels one decode may make ffmpeg decode, over all its frames (before any region is
    /// cut out or the frames reduced): what this machine decodes in a few seconds. A clip of a few
    /// kilobytes can declare hundreds of frames of 40 megapixels; it is refused once this many pixels'
    /// worth of frames have come out, with ffmpeg stopped there. Measured here: ffmpeg turns 1.2e8
    /// (GIF) to 2.4e8 (H.264) pixels a second into RGB, so the cap is 4 to 8 s of decoding: 480
    /// frames of 1080p, 120 of 4K, 25 of 40 megapixels.
    public static let maximumDecodedPixels = 1_000_000_000

    public init(ffmpeg: String, ffprobe: String) {
        self.ffmpeg = ffmpeg
        self.ffprobe = ffprobe
    }

    /// Finds `ffmpeg` and `ffprobe` on `PATH`.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(TrackError)
        -> VideoDecoder
    {
        let directories = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            for directory in directories where !directory.isEmpty {
                let candidate = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
            return nil
        }
        guard let ffmpeg = find("ffmpeg") else { throw .decoderMissing("ffmpeg") }
        guard let ffprobe = find("ffprobe") else { throw .decoderMissing("ffprobe") }
        return VideoDecoder(ffmpeg: ffmpeg, ffprobe: ffprobe)
    }

    /// What to decode.
    public struct Request: Sendable {
        /// A video file (MP4, MOV, WebM, GIF, … anything ffmpeg reads) or a folder of PNG frames.
        public var path: String
        /// Frames per second for a folder of PNG frames.
        public var folderFrameRate: Double = 60
        /// Only this part of the frame (in the video's displayed orientation).
        public var region: PixelBox?
        /// Only frames shown at or after this time (seconds).
        public var start: Double?
        /// Only frames shown before this time (seconds).
        public var end: Double?
        /// Frames come out this many times smaller in each direction (after the region is cut out),
        /// each pixel the mean of the block it replaces. 1 keeps the full size.
        public var reduction: Int = 1
        /// When decoding must have finished: past it the decoder is stopped and
        /// ``TrackError/timedOut`` thrown. Nil: no deadline.
        public var deadline: ContinuousClock.Instant?

        public init(
            path: String, folderFrameRate: Double = 60, region: PixelBox? = nil, start: Double? = nil,
            end: Double? = nil,
            reduction: Int = 1
        ) {
            self.path = path
            self.folderFrameRate = folderFrameRate
            self.region = region
            self.start = start
            self.end = end
            self.reduction = reduction
        }
    }

    /// Decodes `request.path`.
    /// - Throws: ``TrackError`` when the file is missing or unreadable, the region lies outside
    ///   the frame or the clip is too large.
    public func decode(_ request: Request) throws(TrackError) -> [VideoFrame] {
        try decode(request, displayedSize: nil)
    }

    /// ``decode(_:)`` with the frame's displayed size already known (it saves a run of ffprobe).
    func decode(_ request: Request, displayedSize: (width: Int, height: Int)?) throws(TrackError) -> [VideoFrame] {
        precondition(request.reduction >= 1, "a reduction of at least 1")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: request.path, isDirectory: &isFolder) else {
            throw .notFound(request.path)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "springplot-track-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw .unreadable(
                path: request.path, detail: "cannot create a scratch folder: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }

        var input = ["-i", request.path]
        var probeTarget = request.path
        if isFolder.boolValue {
            let frames = try pngFrames(in: request.path)
            probeTarget = frames[0]
            let list = scratch.appendingPathComponent("frames.ffconcat")
            let step = 1 / request.folderFrameRate
            var text = "ffconcat version 1.0\n"
            for file in frames {
                text += "file '" + file.replacingOccurrences(of: "'", with: "'\\''") + "'\nduration \(step)\n"
            }
            do { try text.write(to: list, atomically: true, encoding: .utf8) } catch {
                throw .unreadable(
                    path: request.path, detail: "cannot write the frame list: \(error.localizedDescription)")
            }
            input = ["-f", "concat", "-safe", "0", "-i", list.path]
        }
        let size: (width: Int, height: Int)
        if let displayedSize {
            size = displayedSize
        } else {
            size = try frameSize(of: probeTarget, label: request.path, deadline: request.deadline)
        }
        if size.width > VideoDecoder.maximumPixels / Swift.max(size.height, 1) {
            throw .frameTooLarge(width: size.width, height: size.height)
        }
        // Frames beyond either cap are not decoded: ffmpeg stops after one more than the budget.
        let frameBudget = Swift.max(
            1, Swift.min(VideoDecoder.maximumFrames, VideoDecoder.maximumDecodedPixels / (size.width * size.height)))
        if let region = request.region, !region.fits(width: size.width, height: size.height) {
            throw .regionOutside(region, width: size.width, height: size.height)
        }
        var width = request.region?.width ?? size.width, height = request.region?.height ?? size.height

        // Frames are cut (time, then place) and reduced before they are turned into RGB, so only the
        // pixels kept are converted. A cut at an odd place would split the pairs of pixels that share
        // their colour in 4:2:0 video, so it is made after the conversion.
        var filters: [String] = []
        if request.start != nil || request.end != nil {
            var parts: [String] = []
            if let start = request.start { parts.append("start=\(start)") }
            if let end = request.end { parts.append("end=\(end)") }
            filters.append("trim=" + parts.joined(separator: ":"))
        }
        if let region = request.region {
            let aligned = [region.x, region.y, region.width, region.height].allSatisfy { $0 % 2 == 0 }
            if !aligned { filters.append("format=rgb24") }
            filters.append("crop=\(region.width):\(region.height):\(region.x):\(region.y):exact=1")
        }
        if request.reduction > 1 {
            width = Swift.max(1, width / request.reduction)
            height = Swift.max(1, height / request.reduction)
            filters.append("scale=\(width):\(height):flags=area")
        }
        if !filters.contains("format=rgb24") { filters.append("format=rgb24") }
        filters.append("showinfo=checksum=0")  // timestamps only: checksums would cost a third of the decode
        let log = scratch.appendingPathComponent("ffmpeg.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        // -max_pixels holds every frame the decoder meets to the per-frame limit, not only the first
        // one ffprobe saw: a stream whose frames grow is refused by the decoder before it allocates.
        let arguments =
            [
                "-nostdin", "-nostats", "-hide_banner", "-loglevel", "info",
                "-max_pixels", String(VideoDecoder.maximumPixels)
            ] + input
            + [
                "-map", "0:v:0", "-an", "-sn", "-dn", "-vf", filters.joined(separator: ","),
                "-fps_mode", "passthrough", "-frames:v", String(frameBudget + 1),
                "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"
            ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        guard let logHandle = try? FileHandle(forWritingTo: log) else {
            throw .unreadable(path: request.path, detail: "cannot write the decoder's log")
        }
        process.standardError = logHandle
        do { try process.run() } catch { throw .decoderMissing(ffmpeg) }
        // A read of the pipe can wait for as long as ffmpeg takes to give a frame (a long stretch cut
        // away by --start, a stream that never delivers): the deadline stops it then too.
        let watchdog = Self.watchdog(process, until: request.deadline)
        defer { watchdog?.cancel() }

        let frameBytes = 3 * width * height
        var buffers: [[UInt8]] = []
        let descriptor = output.fileHandleForReading.fileDescriptor
        var overLimit = false, timedOut = false, tooMany = false
        // Each frame is read straight into its own array (no intermediate chunks).
        while !overLimit {
            if let deadline = request.deadline, ContinuousClock.now > deadline {
                timedOut = true
            }
            tooMany = buffers.count > frameBudget
            // The next frame must fit in the budget before it is allocated.
            if timedOut || tooMany || (buffers.count + 1) * frameBytes > byteLimit {
                overLimit = true
                process.terminate()
                // Drain so ffmpeg can exit.
                var sink = [UInt8](repeating: 0, count: 1 << 16)
                while sink.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
                break
            }
            var complete = false
            let frame = [UInt8](unsafeUninitializedCapacity: frameBytes) { storage, initialized in
                var filled = 0
                while filled < frameBytes {
                    let got = read(descriptor, storage.baseAddress! + filled, frameBytes - filled)
                    if got < 0 && errno == EINTR { continue }
                    if got <= 0 { break }
                    filled += got
                }
                complete = filled == frameBytes
                initialized = complete ? frameBytes : 0
            }
            guard complete else { break }
            buffers.append(frame)
        }
        process.waitUntilExit()
        watchdog?.cancel()
        try? logHandle.close()
        if let deadline = request.deadline, process.terminationReason == .uncaughtSignal,
            ContinuousClock.now >= deadline
        {
            timedOut = true
        }
        if timedOut { throw .timedOut }
        if tooMany { throw .tooManyFrames(limit: frameBudget, width: size.width, height: size.height) }
        if overLimit { throw .tooLarge(frames: buffers.count + 1, bytes: (buffers.count + 1) * frameBytes) }
        let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            if let oversized = Self.oversizedFrame(in: logText) {
                throw .frameTooLarge(width: oversized.width, height: oversized.height)
            }
            throw .unreadable(
                path: request.path,
                detail: Self.firstError(in: logText) ?? "ffmpeg exited with status \(process.terminationStatus)")
        }
        // Folder frames carry no time of their own: frame i is shown at i / rate (ffmpeg's concat
        // demuxer would round image times to its 1/25 s time base).
        let times =
            isFolder.boolValue
            ? buffers.indices.map { Double($0) / request.folderFrameRate }
            : Self.presentationTimes(in: logText)
        guard times.count == buffers.count else {
            throw .unreadable(
                path: request.path, detail: "the decoder reported \(times.count) timestamps for \(buffers.count) frames"
            )
        }
        var frames: [VideoFrame] = []
        frames.reserveCapacity(buffers.count)
        for (time, pixels) in zip(times, buffers) {
            // A frame that does not advance the clock cannot be a new sample.
            if let previous = frames.last, !(time > previous.time) { continue }
            frames.append(VideoFrame(width: width, height: height, time: time, pixels: pixels))
        }
        return frames
    }

    /// The displayed size of the frames of `request.path`: its first video stream's (rotation
    /// applied, as ffmpeg decodes it), or its first PNG's for a folder.
    func displayedSize(of request: Request) throws(TrackError) -> (width: Int, height: Int) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: request.path, isDirectory: &isFolder) else {
            throw .notFound(request.path)
        }
        return try frameSize(
            of: isFolder.boolValue ? pngFrames(in: request.path)[0] : request.path, label: request.path,
            deadline: request.deadline)
    }

    /// The displayed size of the first video stream (rotation applied, as ffmpeg decodes it).
    func frameSize(of path: String, label: String, deadline: ContinuousClock.Instant? = nil) throws(TrackError) -> (
        width: Int, height: Int
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = [
            "-v", "error", "-max_pixels", String(VideoDecoder.maximumPixels), "-select_streams", "v:0",
            "-show_entries", "stream=width,height:stream_side_data=rotation", "-of", "default=noprint_wrappers=1", path
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .decoderMissing(ffprobe) }
        let watchdog = Self.watchdog(process, until: deadline)
        defer { watchdog?.cancel() }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog?.cancel()
        if let deadline, process.terminationReason == .uncaughtSignal, ContinuousClock.now >= deadline {
            throw .timedOut
        }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        if let oversized = Self.oversizedFrame(in: problem) {
            throw .frameTooLarge(width: oversized.width, height: oversized.height)
        }
        guard process.terminationStatus == 0, let width = values["width"].flatMap({ Int($0) }),
            let height = values["height"].flatMap({ Int($0) }), width > 0, height > 0
        else {
            let detail = problem.split(separator: "\n").last.map { String($0) }
            throw .unreadable(
                path: label, detail: detail.map { Self.trimmed($0, file: path) } ?? "it holds no video stream")
        }
        if let rotation = values["rotation"].flatMap({ Double($0) }), rotation.isFinite, abs(rotation) < 1e6,
            Int(abs(rotation).rounded()) % 180 == 90
        {
            return (height, width)
        }
        return (width, height)
    }

    /// The PNG files of a folder, ordered by name with digit runs compared as numbers.
    func pngFrames(in folder: String) throws(TrackError) -> [String] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .unreadable(path: folder, detail: "cannot list the folder")
        }
        let frames = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
            .sorted { Self.naturalOrder($0, $1) }
        guard !frames.isEmpty else { throw .emptyFolder(folder) }
        // The frame list (ffconcat) is one file name a line: a name with a line break cannot be in it.
        if let unlisted = frames.first(where: { $0.contains(where: { $0.isNewline }) }) {
            throw .unlistableFrameName(unlisted)
        }
        if frames.count > VideoDecoder.maximumFrames {
            throw .tooManyFrames(limit: VideoDecoder.maximumFrames, width: nil, height: nil)
        }
        let base = URL(fileURLWithPath: folder)
        return frames.map { base.appendingPathComponent($0).path }
    }

    /// `a` before `b`, with runs of digits compared by value ("frame9" before "frame10").
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        while let p = x, let q = y {
            if p.properties.numericType != nil, q.properties.numericType != nil, p.isASCII, q.isASCII {
                var left = "", right = ""
                while let d = x, d.isASCII, d.properties.numericType != nil {
                    left.unicodeScalars.append(d)
                    x = i.next()
                }
                while let d = y, d.isASCII, d.properties.numericType != nil {
                    right.unicodeScalars.append(d)
                    y = j.next()
                }
                let l = left.drop { $0 == "0" }, r = right.drop { $0 == "0" }
                if l.count != r.count { return l.count < r.count }
                if l != r { return l < r }
                if left.count != right.count { return left.count < right.count }
                continue
            }
            if p != q { return p.value < q.value }
            x = i.next()
            y = j.next()
        }
        return x == nil && y != nil
    }

    /// Stops `process` (SIGTERM) at `deadline` unless cancelled first: its pipes then close, and a
    /// read waiting on them returns. Nil without a deadline.
    static func watchdog(_ process: Process, until deadline: ContinuousClock.Instant?) -> DispatchWorkItem? {
        guard let deadline else { return nil }
        let pid = process.processIdentifier
        let item = DispatchWorkItem { _ = kill(pid, SIGTERM) }
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        let nanoseconds = Swift.max(0, Swift.min(seconds, 1 << 30) * 1_000_000_000 + attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: item)
        return item
    }

    /// The size of a frame the decoder refused for its pixel count (`-max_pixels`), from ffmpeg's
    /// log ("Picture size 16000x16000 exceeds specified max pixel count"), or nil (a size within the
    /// limit, or 0, is a broken stream's complaint, not this).
    static func oversizedFrame(in log: String) -> (width: Int, height: Int)? {
        for line in log.split(separator: "\n") where line.contains("Picture size") {
            guard let range = line.range(of: "Picture size ") else { continue }
            let token = line[range.upperBound...].prefix { !$0.isWhitespace }
            let parts = token.split(separator: "x")
            // "Picture size 0x0 is invalid" is a broken stream, not a large one.
            if parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0,
                width > VideoDecoder.maximumPixels / height
            {
                return (width, height)
            }
        }
        return nil
    }

    /// Each frame's `pts_time` from the `showinfo` lines of ffmpeg's log.
    static func presentationTimes(in log: String) -> [Double] {
        var times: [Double] = []
        for line in log.split(separator: "\n") where line.contains("Parsed_showinfo") && line.contains(" n:") {
            guard let range = line.range(of: "pts_time:") else { continue }
            let rest = line[range.upperBound...].drop { $0 == " " }
            let token = rest.prefix { !$0.isWhitespace }
            if let time = Double(token) { times.append(time) }
        }
        return times
    }

    /// The first line of ffmpeg's log that reads as an error, without ffmpeg's own prefixes.
    static func firstError(in log: String) -> String? {
        let lines = log.split(separator: "\n").map(String.init).filter { !$0.contains("Parsed_showinfo") }
        let error =
            lines.first { line in
                let lower = line.lowercased()
                return lower.contains("error") || lower.contains("invalid data") || lower.contains("no such file")
                    || lower.contains("does not contain") || lower.contains("not supported")
            } ?? lines.last
        return error.map { trimmed($0, file: nil) }
    }

    private static func trimmed(_ line: String, file: String?) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: close)...]).trimmingCharacters(in: .whitespaces)
        }
        if let file, text.hasPrefix(file + ": ") { text.removeFirst(file.count + 2) }
        return text
    }
}
