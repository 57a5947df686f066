import ArgumentParser
import Foundation
import SpringConventions
import SpringExport
import SpringFigures
import SpringFitting
import SpringMath
import SpringTrack
import SpringWire

/// Recovers the spring behind the motion in a screen recording.
struct Track: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Find the moving element in a screen recording and recover its spring.",
        discussion: """
            Reads MP4, MOV, WebM, animated GIF (anything ffmpeg decodes) or a folder of PNG frames, with each \
            frame's own timestamp (variable frame rates, dropped and repeated frames are fine). ffmpeg runs as \
            a subprocess (sudo apt-get install -y ffmpeg). The element that moves is found by differencing \
            against the still background, measured to a fraction of a pixel in every frame (its centre, or \
            its extent with --property scale), and the spring is fitted as `fit` does: start time, from, to \
            and initial velocity free. Motion that no spring explains (an easing curve, a linear slide) is \
            refused with a non-zero exit. Like fit, it answers with the spring, a rounded spring within the \
            fit's uncertainty, the nearest preset and the export command; --target prints code. --json \
            prints fit's keys plus the tracking's; --csv writes the samples (springplot fit reads them); -o \
            draws the samples over the fitted spring.

            Example: springplot track recording.mp4 -o track.png
            """)

    @Argument(
        help: ArgumentHelp("A video file, or a folder of PNG frames (read in name order at --fps).", valueName: "video")
    )
    var video: String

    @Option(
        help: ArgumentHelp(
            "Track only inside this rectangle of the frame: left, top, width, height in pixels (values are still in the whole frame's pixels).",
            valueName: "x,y,w,h"))
    var roi: String?

    @Option(
        help: ArgumentHelp("The axis to measure along: x, y, or auto (the one it moves along most).", valueName: "axis")
    )
    var axis: TrackAxis = .auto

    @Option(
        help: ArgumentHelp(
            "What to measure: position (the element's centre) or scale (its extent along the axis).",
            valueName: "property"))
    var property: TrackProperty = .position

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Ignore frames before this time (seconds on the video's clock).", valueName: "seconds"))
    var start: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Ignore frames from this time on (seconds on the video's clock).", valueName: "seconds"))
    var end: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Frame rate of a folder of PNG frames (a video carries its own times).", valueName: "hz"))
    var fps: Double = 60

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Give up decoding after this many seconds, as the studio does. (default: 60)",
            valueName: "seconds"))
    var timeout: Double = 60

    @Option(
        help: ArgumentHelp("Also write the tracked samples as CSV (t,position) to this file.", valueName: "file.csv"))
    var csv: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup(title: "Code") var code: FitCodeOptions

    @OptionGroup(title: "Chart (drawn only with -o)") var chart: CanvasOptions

    func validate() throws {
        _ = try region()
        if let start {
            guard start.isFinite, start >= 0 else {
                throw CommandLineRefusal(.outOfRange, option: "--start", "must be a time ≥ 0 in seconds (got \(start))")
            }
        }
        if let end {
            guard end.isFinite, end > 0 else {
                throw CommandLineRefusal(.outOfRange, option: "--end", "must be a time > 0 in seconds (got \(end))")
            }
        }
        if let start, let end, !(end > start) {
            throw CommandLineRefusal(.outOfRange, option: "--end", "(\(end)) must be later than --start (\(start))")
        }
        guard fps.isFinite, fps > 0, fps <= 10_000 else {
            throw CommandLineRefusal(
                .outOfRange, option: "--fps", "must be between 0 and 10000 frames per second (got \(fps))")
        }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw CommandLineRefusal(
                .outOfRange, option: "--timeout", "must be between 0 and 3600 seconds (got \(timeout))")
        }
        if let csv, csv.isEmpty { throw CommandLineRefusal(.malformed, option: "--csv", "needs a file name") }
        if let csv, csv == "-", json {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--csv",
                "- and --json would both write to standard output: give --csv a file")
        }
    }

    /// `--roi` as a box, checked for shape (its fit in the frame is checked once the frame's size is known).
    func region() throws -> PixelBox? {
        guard let roi else { return nil }
        let parts = roi.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let numbers = parts.compactMap { Int($0) }
        guard parts.count == 4, numbers.count == 4 else {
            throw CommandLineRefusal(.malformed, option: "--roi", "must be four whole numbers x,y,w,h (got '\(roi)')")
        }
        guard numbers[0] >= 0, numbers[1] >= 0, numbers[2] >= 8, numbers[3] >= 8, numbers[2] <= 1 << 15,
            numbers[3] <= 1 << 15
        else {
            throw CommandLineRefusal(
                .outOfRange, option: "--roi",
                "needs x, y ≥ 0 and a width and height of 8 to 32768 pixels (got '\(roi)')")
        }
        return PixelBox(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    func run() throws {
        let source = TrackError.shown(video)
        let samples: TrackedSamples
        let fit: SpringFit
        do {
            let decoder = try VideoDecoder.locate()
            var request = VideoDecoder.Request(
                path: video, folderFrameRate: fps, region: try region(), start: start, end: end)
            request.deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
            samples = try decoder.track(request, property: property, axis: axis)
            if let csv {
                let text = Array(Track.csvText(samples, source: source).utf8)
                if csv == "-" {
                    try OutputWriter.writeStandardOutput(text)
                } else {
                    try OutputWriter.writeFile(text, to: csv, option: "--csv")
                }
            }
            fit = try TrackFit.fit(samples)
        } catch let error as TrackError {
            throw CommandLineRefusal(
                error.refusalCode, parameter: error.parameter, sentence: "track \(source): \(error.description)")
        }
        let request = ExportRequest(fitted: fit)
        if chart.output != nil {
            let title = "Track: \(Track.quantity(samples)) in \(URL(fileURLWithPath: video).lastPathComponent)"
            try chart.write(
                Fit.chart(
                    times: samples.times, positions: samples.values, fit: fit, title: title,
                    valueAxis: "\(Track.quantity(samples)) (px)", options: chart), defaultName: "springplot-track")
        }
        let text: String
        if json {
            text = JSONWriter.text(TrackReply(fit: FitReply(fit), tracking: .init(samples))) + "\n"
        } else {
            text =
                Track.text(samples, source: source)
                + Fit.text(fit, source: source, heldReason: "the data show no significant initial velocity")
                + FitAnswer.text(fit) + Fit.code(fit, request: request, targets: code.targets)
        }
        try OutputWriter.writeStandardOutput(Array(text.utf8))
    }

    /// "x position", "width", …
    static func quantity(_ samples: TrackedSamples) -> String {
        switch (samples.property, samples.axis) {
        case (.position, .y): return "y position"
        case (.position, _): return "x position"
        case (.scale, .y): return "height"
        case (.scale, _): return "width"
        }
    }

    static func text(_ samples: TrackedSamples, source: String) -> String {
        """
        track \(source): the element's \(quantity(samples)) in \(samples.times.count) of \(samples.frameCount) frames, \
        inside \(samples.region.width)×\(samples.region.height) px at \(samples.region.x),\(samples.region.y)
          moves             after t = \(label(samples.onsetTime, digits: 4)) s, still from t = \(label(samples.endTime, digits: 4)) s
          left out          \(samples.stillFramesSkipped) still frames, \(samples.repeatedFrames) repeated frames
          tracking noise    \(label(samples.noise, digits: 2)) px (standard deviation on the still tail)


        """
    }

    static func csvText(_ samples: TrackedSamples, source: String) -> String {
        var text = "# springplot track \(source): the element's \(quantity(samples)) in pixels\nt,position\n"
        for (t, value) in zip(samples.times, samples.values) { text += "\(shortest(t)),\(shortest(value))\n" }
        return text
    }
}

extension TrackError {
    /// What is wrong, for a refusal: the video cannot be read, a cap is reached, or the motion
    /// tracked is not one spring's.
    var refusalCode: SpringInputError.Code {
        switch self {
        case .decoderMissing, .notFound, .unreadable, .emptyFolder, .frameSizeChanged, .unlistableFrameName:
            .unreadableFile
        case .regionOutside: .outOfRange
        case .tooLarge, .timedOut, .frameTooLarge, .tooManyFrames: .overLimit
        case .tooShort, .noMotion, .severalElements, .noNetMotion, .shrinks, .fit, .notASpring: .unfittable
        }
    }

    /// The parameter at fault: `--roi` outside the frame, `--timeout` reached, else the video.
    var parameter: String {
        switch self {
        case .regionOutside: "roi"
        case .timedOut: "timeout"
        default: "video"
        }
    }
}

extension TrackAxis: ExpressibleByArgument {}
extension TrackProperty: ExpressibleByArgument {}
