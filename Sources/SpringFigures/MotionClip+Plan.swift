import SpringCharts
import SpringConventions

extension MotionClip {
    /// The longest motion a clip shows, and the longest hold after it, in seconds.
    public static let longestDuration = 60.0
    public static let longestHold = 10.0
    /// The most frames one clip has: a minute at 60 fps.
    public static let maximumFrames = 3600
    /// The most device pixels over all of a clip's frames: a 2 s 1080p clip at 60 fps.
    public static let maximumFramePixels = 250_000_000
    /// The largest side, in device pixels.
    public static let maximumSide = 4096

    /// A clip's timing and size, worked out and checked against the caps before any frame is drawn.
    public struct Plan: Equatable, Sendable {
        public var format: ClipFormat
        public var rate: ClipFrameRate
        public var frameCount: Int
        /// Seconds of motion, before the hold.
        public var motionSeconds: Double
        public var hold: Double
        public var scale: Double
        /// Device pixels.
        public var width: Int
        public var height: Int
        /// GIF and animated PNG: plays, 0 for ever.
        public var plays: Int
        /// Said beside the summary (a spring that never rests).
        public var note: String?

        /// "GIF, 640 × 240 px, 106 frames at 50 fps (2 cs delays), 2.12 s, 183 kB"
        public func summary(bytes: Int) -> String {
            let rateText =
                format == .gif
                ? "\(label(rate.perSecond, digits: 3)) fps (\(rate.seconds) cs delays)"
                : "\(label(rate.perSecond, digits: 4)) fps"
            let seconds = Double(frameCount) / rate.perSecond
            let size =
                bytes >= 1_000_000
                ? "\(label(Double(bytes) / 1e6, digits: 3)) MB" : "\(label(Double(bytes) / 1e3, digits: 3)) kB"
            return
                "\(format.rawValue.uppercased()), \(width) × \(height) px, \(frameCount) frames at \(rateText), \(label(seconds, digits: 3)) s, \(size)"
        }
    }

    /// Why a clip cannot be planned. `message(naming:)` words it with the caller's names for the
    /// options (`--duration` on the command line, `duration` in the studio).
    public enum PlanProblem: Error, Hashable, Sendable {
        case restsTooLate(seconds: Double)
        case sideTooLarge
        case tooManyFrames(Int)
        case tooManyPixels(frames: Int, width: Int, height: Int)

        /// The option the caller should change first.
        public var option: String {
            switch self {
            case .restsTooLate, .tooManyFrames, .tooManyPixels: return "duration"
            case .sideTooLarge: return "scale"
            }
        }

        public func message(naming name: (String) -> String) -> String {
            switch self {
            case .restsTooLate(let seconds):
                return
                    "the motion takes \(label(seconds)) s to rest, more than a clip's \(Int(MotionClip.longestDuration)) s: give \(name("duration"))"
            case .sideTooLarge:
                return
                    "\(name("width")) × \(name("scale")) and the height × \(name("scale")) must each be at most \(MotionClip.maximumSide) px"
            case .tooManyFrames(let frames):
                return
                    "the clip would have \(frames) frames, more than \(MotionClip.maximumFrames): lower \(name("fps")), \(name("duration")) or \(name("hold"))"
            case .tooManyPixels(let frames, let width, let height):
                return
                    "the clip would draw \(frames) frames of \(width) × \(height) px, more than \(MotionClip.maximumFramePixels / 1_000_000) megapixels in all: lower \(name("fps")), \(name("duration")), \(name("hold")), the size or \(name("scale"))"
            }
        }
    }

    /// The plan for this clip in `format`: `fps` frames per second (nil: 50 for GIF, 60 otherwise; a
    /// GIF's rate is a whole-centisecond delay of at least 2), `duration` seconds of motion (nil:
    /// until every element rests within half a device pixel, or a few periods of a spring that never
    /// rests), then `hold` seconds still, at `scale` device pixels per px.
    /// - Precondition: `fps` in 1...240, `duration` in (0, 60], `hold` in [0, 10], `scale` in
    ///   [0.25, 4] (the callers check them first, naming their own options).
    public func plan(
        format: ClipFormat, fps: Double?, duration: Double?, hold: Double, scale: Double, plays: Int
    ) throws(PlanProblem) -> Plan {
        let rate = format == .gif ? ClipFrameRate.gif(near: fps ?? 50) : ClipFrameRate.near(fps ?? 60)
        var note: String?
        let motionSeconds: Double
        if let duration {
            motionSeconds = duration
        } else if let rest = restTime(scale: scale) {
            motionSeconds = max(rest, 1 / rate.perSecond)
        } else {
            motionSeconds = min(undampedSpan, Self.longestDuration)
            note = "the spring never rests: \(label(motionSeconds)) s of it are shown (duration sets how much)"
        }
        if motionSeconds > Self.longestDuration { throw .restsTooLate(seconds: motionSeconds) }
        let frames = Int(((motionSeconds + hold) * rate.perSecond).rounded(.down)) + 1
        let deviceWidth = Int((width * scale).rounded(.up)), deviceHeight = Int((height * scale).rounded(.up))
        if deviceWidth > Self.maximumSide || deviceHeight > Self.maximumSide { throw .sideTooLarge }
        if frames > Self.maximumFrames { throw .tooManyFrames(frames) }
        if frames * deviceWidth * deviceHeight > Self.maximumFramePixels {
            throw .tooManyPixels(frames: frames, width: deviceWidth, height: deviceHeight)
        }
        return Plan(
            format: format, rate: rate, frameCount: frames, motionSeconds: motionSeconds, hold: hold, scale: scale,
            width: deviceWidth, height: deviceHeight, plays: plays, note: note)
    }

    /// The clip's file: every planned frame drawn with Cairo at its exact time and encoded by
    /// `encoder`, with where the time went.
    /// - Throws: `ClipEncodingError` from the encoder, `ChartRenderError` from Cairo.
    public func encode(_ plan: Plan, encoder: ClipEncoder) throws -> (bytes: [UInt8], timing: ClipEncoder.Timing) {
        let drawing = drawing(measurer: try CairoTextMeasurer())
        let renderer = CairoRenderer()
        let request = ClipEncoder.Request(
            format: plan.format, width: plan.width, height: plan.height, frameRate: plan.rate,
            frameCount: plan.frameCount, plays: plan.plays, background: theme.background,
            palette: plan.format == .gif ? ClipPalette.colors(inks: inks, background: theme.background) : nil)
        return try encoder.encodeMeasured(request) { index in
            try renderer.renderFrame(drawing.frame(at: plan.rate.time(ofFrame: index)), scale: plan.scale)
        }
    }
}
