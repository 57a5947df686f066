import ArgumentParser
import SpringCharts
import SpringChoreography
import SpringConventions
import SpringFigures
import SpringMath
import SpringPlatforms

/// Clips give each spring a lane; six lanes still read apart at the default size.
enum ClipLanes: SpringCount {
    static let maximum = 6
    static let listEffect = "gives each spring a lane"
}

/// The spring as a moving picture: GIF, animated PNG, WebM or MP4.
struct Animate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "The motion as a clip (GIF, animated PNG, WebM, MP4): an element in a lane per spring.",
        discussion: """
            Each frame puts the element where the exact motion is at that frame's time. The format follows \
            the -o extension (.gif, .png or .apng, .webm, .mp4); ffmpeg encodes it. Comma lists give each \
            spring a lane; --at and --new-target retarget mid-flight against a restart; --platform shows \
            what platforms display at --platform-fps beside the exact motion; --sequence \
            animates a sequence file and --target-velocity a chase.

            GIF delays are whole centiseconds and browsers show delays under 2 cs as 10, so a GIF runs at \
            100/n frames per second (50 by default; --fps picks the nearest), every frame at its exact time.

            Examples:
              springplot animate --damping 0.68 --response 0.8 -o motion.gif
              springplot animate --damping 0.3,0.7,1 --response 0.5 -o compare.webm
              springplot animate --at 0.25 --new-target 0.4 -o retarget.gif
              springplot animate --to 100 --platform react-spring,android -o web.mp4
              springplot animate --sequence docs/examples/sequence.json -o sequence.gif
              springplot animate --to 0 --target-velocity 300 -o chase.gif
            """)

    @OptionGroup(title: "Spring") var spring: SpringOptionsOf<ClipLanes>
    @OptionGroup(title: "Motion") var motion: MotionOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Retarget at this time, in seconds, against a restart (see retarget).", valueName: "seconds")
    )
    var at: Double?
    @Option(
        name: .customLong("new-target"), parsing: .unconditional,
        help: ArgumentHelp("The target after --at. (default: halfway back to --from)", valueName: "value"))
    var newTarget: Double?

    @Option(help: ArgumentHelp("Show what these platforms display (comma list).", valueName: "name[,name…]"))
    var platform: PlatformList?
    @Option(
        name: .customLong("platform-fps"), parsing: .unconditional,
        help: ArgumentHelp("The platforms' display rate for --platform.", valueName: "hz"))
    var platformFPS: Double = 60

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Animate a spring sequence file (see sequence), or - for standard input.", valueName: "file"))
    var sequence: String?

    @Option(
        name: .customLong("target-velocity"), parsing: .unconditional,
        help: ArgumentHelp(
            "Chase a target moving from --to at this many units per second (see chase).", valueName: "units/s"))
    var targetVelocity: Double?

    @OptionGroup(title: "Clip") var clip: ClipOptions

    /// For the benchmark: where the time went, on standard error.
    @Flag(name: .customLong("timing"), help: .hidden)
    var showsTiming = false

    func validate() throws {
        try clip.validate()
        let springs = try spring.springs()
        if let at { try requireNonNegative(at, "--at") }
        if let newTarget {
            try requireFinite(newTarget, "--new-target")
            if abs(newTarget) > Motion.limit {
                throw CommandLineRefusal(
                    .outOfRange, option: "--new-target", "must lie between -1e100 and 1e100 (got \(newTarget))")
            }
        }
        if let at, at > MotionClip.longestDuration {
            throw CommandLineRefusal(
                .outOfRange, option: "--at",
                "must be at most \(Int(MotionClip.longestDuration)) s (got \(shortest(at)))")
        }
        try FrameRate.validate(platformFPS, "--platform-fps")
        let retargets = at != nil || newTarget != nil
        let modes = [
            retargets ? "--at/--new-target" : nil, platform != nil ? "--platform" : nil,
            sequence != nil ? "--sequence" : nil, targetVelocity != nil ? "--target-velocity" : nil
        ].compactMap { $0 }
        if modes.count > 1 {
            throw CommandLineRefusal(
                .conflictingParameters, parameter: CommandLineRefusal.parameterName(modes[1]),
                sentence: "\(modes.joined(separator: " and ")) are different clips: give one of them")
        }
        if let sequence {
            try SequenceFile.rejectSingleSpring(spring, motion, sequence: sequence)
            try clip.validate(lanes: 1)
            return
        }
        if let mode = modes.first, springs.count > 1 {
            throw CommandLineRefusal(
                .valueCount, parameter: "damping",
                sentence: "\(mode) animates one spring: give single --damping and --response values")
        }
        if let targetVelocity,
            let problem = ChaseInput.problem(
                spring: springs[0].spring, motion: motion.motion, targetVelocity: targetVelocity)
        {
            throw spring.chaseRefusal(problem)
        }
        if let platform {
            if springs[0].spring.isInstantaneous {
                throw CommandLineRefusal(
                    .instantaneousSpring, option: "--response",
                    "must be > 0 for --platform: a response-0 spring is an instant jump")
            }
            if platform.platforms.count + 1 > ClipLanes.maximum {
                throw CommandLineRefusal(
                    .valueCount, option: "--platform",
                    "takes at most \(ClipLanes.maximum - 1) platforms in a clip (one lane each, beside the exact motion)"
                )
            }
        }
        let lanes = platform.map { $0.platforms.count + 1 } ?? (retargets || targetVelocity != nil ? 2 : springs.count)
        try clip.validate(lanes: lanes)
    }

    func run() throws {
        let built = try motionClip()
        let plan = try clip.plan(for: built)
        let (bytes, timing) = try ClipMaker.encode(built, plan: plan)
        try clip.write(bytes, plan: plan)
        if showsTiming {
            func ms(_ seconds: Double) -> String { label(seconds * 1000, digits: 4) + " ms" }
            printError(
                "timing: drawing \(ms(timing.drawing)), handing frames to ffmpeg \(ms(timing.waiting)), ffmpeg after the last frame \(ms(timing.finishing)), encode in all \(ms(timing.total))"
            )
        }
    }

    /// The clip the options describe, before its frames are drawn.
    func motionClip() throws -> MotionClip {
        let canvas = MotionClip.Canvas(
            width: clip.width, height: clip.height, theme: clip.theme == .dark ? .dark : .light, title: clip.title)
        if let sequence {
            return MotionClip.sequence(try SequenceFile.read(sequence), canvas: canvas)
        }
        let springs = try spring.springs()
        if let targetVelocity {
            let named = springs[0]
            let chase = SpringChase(
                spring: named.spring, from: motion.from, to: motion.to, targetVelocity: targetVelocity,
                initialVelocity: motion.velocity)
            // As long as the chase chart shows by default: past the transient's settling, at least 1 s.
            let scale = max(abs(motion.to - motion.from), abs(chase.lag), 1e-300)
            let settle = chase.settleTime(within: SettleBand(distance: 0.01 * scale))
            let analysis = SpringAnalysis(named, motion: motion.motion, tolerance: 0.01)
            let until =
                clip.duration
                ?? min(
                    tidyUp(max(analysis.suggestedSpan, settle.isFinite ? settle * 1.5 : 0, 1)),
                    MotionClip.longestDuration)
            return MotionClip.chase(
                named, motion: motion.motion, targetVelocity: targetVelocity, until: until, canvas: canvas)
        }
        if let platform {
            return MotionClip.platforms(
                springs[0], motion: motion.motion, platforms: platform.platforms, fps: platformFPS, canvas: canvas)
        }
        if at != nil || newTarget != nil {
            let named = springs[0]
            let analysis = SpringAnalysis(named, motion: motion.motion, tolerance: 0.01)
            let settle = analysis.settleTime
            let switchTime = at ?? Retarget.defaultSwitchTime(settle: settle)
            return MotionClip.retarget(
                named, motion: motion.motion, at: switchTime, newTarget: newTarget ?? (motion.from + motion.to) / 2,
                canvas: canvas)
        }
        return MotionClip.springs(springs, motion: motion.motion, canvas: canvas)
    }
}

/// A clip's size, look, timing and destination.
struct ClipOptions: ParsableArguments {
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "Output file (.gif, .png or .apng, .webm, .mp4), or - for standard output. Without it springplot-motion.gif is written and its path printed.",
            valueName: "path"))
    var output: String?

    @Option(
        help: ArgumentHelp("Clip format, overriding the file extension: gif, apng, webm or mp4.", valueName: "format"))
    var format: ClipFormat?

    @Option(parsing: .unconditional, help: ArgumentHelp("Clip width in pixels at scale 1.", valueName: "px"))
    var width: Double = 640

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Clip height in pixels at scale 1. (default: 64 a lane, plus the title)", valueName: "px"))
    var height: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixel density (2 for HiDPI).", valueName: "factor"))
    var scale: Double = 1

    @Option(help: ArgumentHelp("Colour theme: light or dark.", valueName: "theme"))
    var theme: ThemeName = .light

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Clip title (default: one describing what moves).", valueName: "text"))
    var title: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Frames per second. (default: 50 for GIF, whose delays are whole centiseconds; 60 otherwise)",
            valueName: "hz"))
    var fps: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds of motion. (default: until every element rests within half a pixel)", valueName: "seconds"))
    var duration: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seconds held at rest after the motion, before the clip loops.", valueName: "seconds"))
    var hold: Double = 0.5

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How many times a GIF or animated PNG plays; 0 plays for ever. (default: 0)", valueName: "count"))
    var loop: Int?

    func validate() throws {
        try requirePositive(width, "--width")
        if width < MotionClip.minimumWidth || width > 4000 {
            throw CommandLineRefusal(
                .outOfRange, option: "--width",
                "must be between \(Int(MotionClip.minimumWidth)) and 4000 (got \(label(width)))")
        }
        if let height {
            try requirePositive(height, "--height")
            if height > 4000 {
                throw CommandLineRefusal(.outOfRange, option: "--height", "must be at most 4000 (got \(label(height)))")
            }
        }
        try requirePositive(scale, "--scale")
        if scale > 4 || scale < 0.25 {
            throw CommandLineRefusal(.outOfRange, option: "--scale", "must be between 0.25 and 4 (got \(scale))")
        }
        if let fps {
            try requireFinite(fps, "--fps")
            if !(1...240).contains(fps) {
                throw CommandLineRefusal(
                    .outOfRange, option: "--fps", "must be between 1 and 240 frames per second (got \(shortest(fps)))")
            }
        }
        if let duration {
            try requirePositive(duration, "--duration")
            if duration > MotionClip.longestDuration {
                throw CommandLineRefusal(
                    .outOfRange, option: "--duration",
                    "must be at most \(Int(MotionClip.longestDuration)) s (got \(shortest(duration)))")
            }
        }
        try requireNonNegative(hold, "--hold")
        if hold > MotionClip.longestHold {
            throw CommandLineRefusal(
                .outOfRange, option: "--hold",
                "must be at most \(Int(MotionClip.longestHold)) s (got \(shortest(hold)))")
        }
        let format = try clipFormat()
        if let loop {
            if loop < 0 || loop > 1000 {
                throw CommandLineRefusal(.outOfRange, option: "--loop", "must be between 0 and 1000 (got \(loop))")
            }
            if !format.holdsPlayCount {
                throw CommandLineRefusal(
                    .conflictingParameters, option: "--loop",
                    "is for GIF and animated PNG: a \(format.rawValue.uppercased()) file leaves looping to its player"
                )
            }
        }
        if let title, !title.isEmpty {
            let unsupported = try TextSupport.unsupportedCharacters(in: title, theme: theme == .dark ? .dark : .light)
            if !unsupported.isEmpty {
                let listed = unsupported.map { String($0) }.joined(separator: " ")
                throw CommandLineRefusal(
                    .malformed, option: "--title",
                    "has characters the clip's font cannot draw (no glyph, or right-to-left script): \(listed)")
            }
        }
    }

    /// Checks the height against the lanes it must hold.
    func validate(lanes: Int) throws {
        guard let height else { return }
        let least = MotionClip.minimumHeight(lanes: lanes)
        if height < least {
            throw CommandLineRefusal(
                .outOfRange, option: "--height",
                "must be at least \(Int(least.rounded(.up))) for \(lanes) lane\(lanes == 1 ? "" : "s") (got \(label(height)))"
            )
        }
    }

    /// The format: --format, else the output's extension, else GIF.
    func clipFormat() throws -> ClipFormat {
        if let format { return format }
        guard let output, output != "-" else { return .gif }
        if let format = ClipFormat.fromExtension(of: output) { return format }
        if OutputWriter.isDeviceOrFIFO(output) { return .gif }
        throw CommandLineRefusal(
            .unknownName, option: "--output",
            "'\(output)' has no clip extension: name it .gif, .png, .apng, .webm or .mp4, or give --format")
    }

    /// What is drawn and how it is timed, worked out and checked against the caps before any frame is
    /// drawn.
    func plan(for clip: MotionClip) throws -> MotionClip.Plan {
        do {
            return try clip.plan(
                format: try clipFormat(), fps: fps, duration: duration, hold: hold, scale: scale, plays: loop ?? 0)
        } catch let problem as MotionClip.PlanProblem {
            throw CommandLineRefusal(
                .overLimit, parameter: problem.option,
                sentence: problem.message { "--" + $0 })
        }
    }

    /// Writes the clip where --output says, and says what it wrote on standard output (on standard
    /// error when the clip itself goes to standard output).
    func write(_ bytes: [UInt8], plan: MotionClip.Plan) throws {
        let summary = plan.summary(bytes: bytes.count)
        if output == "-" {
            try OutputWriter.writeStandardOutput(bytes)
            if let note = plan.note { printError("note: \(note)") }
            return
        }
        let path = output ?? "springplot-motion.\(plan.format == .apng ? "png" : plan.format.rawValue)"
        try OutputWriter.writeFile(bytes, to: path, option: "--output")
        print("\(path): \(summary)")
        if let note = plan.note { print("note: \(note)") }
    }
}

extension ClipFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// Draws a planned clip's frames and hands them to ffmpeg.
enum ClipMaker {
    static func encode(_ clip: MotionClip, plan: MotionClip.Plan) throws -> (bytes: [UInt8], timing: ClipEncoder.Timing)
    {
        do {
            return try clip.encode(plan, encoder: try ClipEncoder.locate())
        } catch let error as ClipEncodingError {
            throw RenderFailure(description: error.description)
        } catch let error as ChartRenderError {
            throw RenderFailure(description: "cannot draw the clip: \(error)")
        }
    }
}
