import ArgumentParser
import SpringChoreography
import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

/// The sampled motion as CSV or JSON.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "The sampled motion as CSV (t,position,velocity) or JSON.",
        discussion: """
            Samples evenly over the time span (--samples), at the listed times (--times), or at times read \
            from a file or standard input (--times-file), one per line or comma-separated. Numbers are in \
            shortest round-trip form. Writes to standard output unless -o is given.

            With --target-velocity, the target moves: it starts at --to and moves at that velocity, and the \
            rows are the exact chase (the limit of retargeting every frame), with the target's position as a \
            fourth column (CSV t,position,velocity,target). Once the start has died out, the value trails the \
            target by c·V/k.

            With --sequence FILE, samples a spring sequence instead: a JSON file with from, velocity and             keyframes, each with to, at (seconds from the start) and a spring (dampingRatio and response,             stiffness and dampingCoefficient, each with an optional mass, or duration and bounce); position             and velocity are handed over exactly at each at. The CSV has a fourth column, the keyframe in             charge (1 for the first, 0 before it starts).

            With --platform, writes what that platform displays instead (CSV t,position), from a model of its \
            stepping, in the time base of real recordings: the row at t = 0 holds the start, the platform's \
            first update is one frame later, then one row a frame until the platform finishes. Frames come \
            at --fps, or at the times in --frame-times (then at --fps once they run out).

            Examples:
              springplot data --damping 0.68 --response 0.8 --samples 11
              springplot data --stiffness 100 --damping-coefficient 10 --times 0,0.1,0.25 --json
              springplot data --damping 0.68 --response 0.8 --to 100 --platform react-spring --fps 120
              springplot data --damping 1 --response 0.3 --target-velocity 500 --samples 11
              springplot data --sequence sequence.json --samples 21
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions

    @Option(
        name: .customLong("time-span"), parsing: .unconditional,
        help: ArgumentHelp("Seconds to sample. (default: past the settle time)", valueName: "seconds"))
    var timeSpan: Double?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Number of evenly spaced samples, from 0 to the time span inclusive. (default: 101)", valueName: "n"))
    var samples: Int?
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Sample at these times instead, in seconds.", valueName: "t[,t…]"))
    var times: DoubleList?
    @Option(
        name: .customLong("times-file"),
        help: ArgumentHelp(
            "Sample at times read from this file (- for standard input): numbers in seconds, one per line or comma-separated, at most 1000000.",
            valueName: "path"))
    var timesFile: String?
    @Option(
        name: .customLong("target-velocity"), parsing: .unconditional,
        help: ArgumentHelp("The target moves from --to at this velocity: the exact chase.", valueName: "units/s"))
    var targetVelocity: Double?
    @Option(
        help: ArgumentHelp(
            "Sample the spring sequence in this JSON file (- for standard input) instead of one spring.",
            valueName: "path"))
    var sequence: String?
    @Option(
        help: ArgumentHelp("Write what this platform displays, frame by frame (CSV t,position).", valueName: "name"))
    var platform: Platform?
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second for --platform.", valueName: "hz"))
    var fps: Double = 60
    @Option(
        name: .customLong("frame-times"),
        help: ArgumentHelp(
            "Frame times for --platform, in seconds from the start frame (- for standard input).", valueName: "path"))
    var frameTimes: String?
    @Option(name: .customLong("minimum-visible-change"), parsing: .unconditional, help: MinimumVisibleChange.help)
    var minimumVisibleChange: MinimumVisibleChange?
    @Flag(help: "Write JSON instead of CSV.")
    var json = false
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("Output file (.csv or .json), or - for standard output.", valueName: "path"))
    var output: String?

    func validate() throws {
        try FrameRate.validate(fps, "--fps")
        if platform == nil && frameTimes != nil {
            throw CommandLineRefusal(.missingParameter, option: "--frame-times", "needs --platform")
        }
        try MinimumVisibleChange.validate(minimumVisibleChange)
        if minimumVisibleChange != nil && platform != .android {
            throw CommandLineRefusal(
                .missingParameter, option: "--minimum-visible-change",
                "is Android's setting: it needs --platform android")
        }
        if let targetVelocity {
            try requireFinite(targetVelocity, "--target-velocity")
            if abs(targetVelocity) > Motion.limit {
                throw CommandLineRefusal(
                    .outOfRange, option: "--target-velocity",
                    "must lie between -1e100 and 1e100 (got \(targetVelocity))")
            }
            if platform != nil {
                throw CommandLineRefusal.conflict("--target-velocity", "--platform")
            }
            if sequence == nil,
                let problem = ChaseInput.problem(
                    spring: try spring.springs()[0].spring, motion: motion.motion,
                    targetVelocity: targetVelocity)
            {
                throw spring.chaseRefusal(problem)
            }
        }
        if platform != nil {
            if samples != nil || times != nil || timesFile != nil || timeSpan != nil {
                throw CommandLineRefusal(
                    .conflictingParameters, option: "--platform",
                    "writes one row a frame: it cannot be combined with --samples, --times, --times-file or --time-span"
                )
            }
            if try spring.springs()[0].spring.isInstantaneous {
                throw CommandLineRefusal(
                    .instantaneousSpring, option: "--response",
                    "must be > 0 for --platform: a response-0 spring is an instant jump")
            }
            if frameTimes?.isEmpty == true {
                throw CommandLineRefusal(.malformed, option: "--frame-times", "must not be empty")
            }
        }
        if let sequence {
            try SequenceFile.rejectSingleSpring(spring, motion, sequence: sequence)
            if platform != nil {
                throw CommandLineRefusal.conflict("--sequence", "--platform")
            }
            if targetVelocity != nil {
                throw CommandLineRefusal.conflict("--sequence", "--target-velocity")
            }
        }
        if let timeSpan {
            try requirePositive(timeSpan, "--time-span")
            if timeSpan > 1e6 {
                throw CommandLineRefusal(
                    .outOfRange, option: "--time-span", "must be at most 1000000 s (got \(timeSpan))")
            }
        }
        if let samples, samples < 2 || samples > 1_000_000 {
            throw CommandLineRefusal(.outOfRange, option: "--samples", "must be between 2 and 1000000 (got \(samples))")
        }
        if samples != nil && times != nil {
            throw CommandLineRefusal.conflict("--samples", "--times")
        }
        if timeSpan != nil && times != nil {
            throw CommandLineRefusal.conflict("--time-span", "--times")
        }
        if let timesFile {
            if times != nil {
                throw CommandLineRefusal.conflict("--times-file", "--times")
            }
            if samples != nil {
                throw CommandLineRefusal.conflict("--times-file", "--samples")
            }
            if timeSpan != nil {
                throw CommandLineRefusal.conflict("--times-file", "--time-span")
            }
            if timesFile.isEmpty { throw CommandLineRefusal(.malformed, option: "--times-file", "must not be empty") }
        }
        if let count = times?.values.count, count > 1_000_000 {
            throw CommandLineRefusal(.valueCount, option: "--times", "takes at most 1000000 values")
        }
        for t in times?.values ?? [] {
            try requireNonNegative(t, "--times")
            if t > 1e6 {
                throw CommandLineRefusal(.outOfRange, option: "--times", "must be at most 1000000 s (got \(t))")
            }
        }
        if let output, output != "-" {
            if output.isEmpty { throw CommandLineRefusal(.malformed, option: "--output", "must not be empty") }
            if let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
                let ext = output[output.index(after: dot)...].lowercased()
                if ext != "csv" && ext != "json" {
                    throw CommandLineRefusal(
                        .unknownName, option: "--output", "extension '.\(ext)' is not supported here: use .csv or .json"
                    )
                }
                if ext == "json" && !json {
                    throw CommandLineRefusal(.missingParameter, option: "--output", "'\(output)' is JSON: add --json")
                }
                if ext == "csv" && json {
                    throw CommandLineRefusal(
                        .conflictingParameters, option: "--output", "'\(output)' is CSV but --json was given")
                }
            }
        }
    }

    func run() throws {
        if let sequence {
            return try write(try sequenceText(try SequenceFile.read(sequence)))
        }
        let named = try spring.springs()[0]
        if let platform {
            return try write(try platformText(platform, named))
        }
        let analysis = SpringAnalysis(named, motion: motion, tolerance: 0.001)
        if let targetVelocity {
            return try write(try chaseText(named, analysis: analysis, targetVelocity: targetVelocity))
        }
        let sampled: SampledMotion
        if let timesFile {
            sampled = analysis.motion.sampled(at: try TimesFile.read(timesFile))
        } else if let times {
            sampled = analysis.motion.sampled(at: times.values)
        } else {
            let span = timeSpan ?? analysis.suggestedSpan
            sampled = analysis.motion.sampled(count: samples ?? 101, span: span)
        }
        try write(json ? jsonText(sampled, named) : csvText(sampled))
    }

    func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        if let output, output != "-" {
            try OutputWriter.writeFile(bytes, to: output)
        } else {
            try OutputWriter.writeStandardOutput(bytes)
        }
    }

    /// The platform's displayed frames as CSV or JSON.
    func platformText(_ platform: Platform, _ named: NamedSpring) throws -> String {
        let schedule: FrameSchedule
        if let frameTimes {
            let listed = try TimesFile.read(frameTimes, option: "--frame-times")
            guard !listed.isEmpty else {
                throw CommandLineRefusal(.malformed, option: "--frame-times", "\(frameTimes) holds no times")
            }
            guard zip(listed, listed.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw CommandLineRefusal(.malformed, option: "--frame-times", "must increase strictly (\(frameTimes))")
            }
            schedule = FrameSchedule(times: listed, thenFrameRate: fps)
        } else {
            schedule = FrameSchedule(frameRate: fps)
        }
        let model = platform.model(
            for: named.spring, from: motion.from, to: motion.to, velocity: motion.velocity,
            parameters: minimumVisibleChange.parameters)
        let trajectory = model.trajectory(from: motion.from, to: motion.to, schedule: schedule)
        if !trajectory.finished {
            printError(
                "springplot: data: \(platform.rawValue) has not finished after \(shortest(PlatformLimits.defaultLimit)) s; the rows stop there"
            )
        }
        if json {
            let reply = PlatformDataReply(
                spring: SpringReply(named.spring), platform: platform.rawValue, fps: fps,
                from: motion.from, to: motion.to, initialVelocity: motion.velocity,
                finished: trajectory.finished, finishTime: trajectory.finishTime,
                t: trajectory.times, position: trajectory.positions)
            return JSONWriter.text(reply, pretty: false) + "\n"
        }
        var text = "t,position\n"
        for (t, x) in zip(trajectory.times, trajectory.positions) { text += "\(shortest(t)),\(shortest(x))\n" }
        return text
    }

    /// The times the options ask for; evenly over `defaultSpan` unless told.
    func sampleTimes(defaultSpan: @autoclosure () -> Double) throws -> [Double] {
        if let timesFile { return try TimesFile.read(timesFile) }
        if let times { return times.values }
        let span = timeSpan ?? defaultSpan()
        let count = samples ?? 101
        return (0..<count).map { span * (Double($0) / Double(count - 1)) }
    }

    /// The exact motion of a spring sequence, sampled as the options say (by default past the last
    /// keyframe's settling to 0.1 % of the larger of the travel and the span of the keyframes).
    func sequenceText(_ sequence: SpringSequence) throws -> String {
        let times = try sampleTimes(defaultSpan: SequenceChart.suggestedSpan(sequence, tolerance: 1e-3))
        if json { return JSONWriter.text(SequenceDataReply(sequence, times: times), pretty: false) + "\n" }
        var text = "t,position,velocity,keyframe\n"
        for t in times {
            let state = sequence.state(at: t)
            text +=
                "\(shortest(t)),\(shortest(state.position)),\(shortest(state.velocity)),\((sequence.keyframeIndex(at: t) ?? -1) + 1)\n"
        }
        return text
    }

    /// The exact chase of a target moving at `targetVelocity` from --to, sampled as the options say.
    func chaseText(_ named: NamedSpring, analysis: SpringAnalysis, targetVelocity: Double) throws -> String {
        let chase = SpringChase(
            spring: named.spring, from: motion.from, to: motion.to, targetVelocity: targetVelocity,
            initialVelocity: motion.velocity)
        // By default past the later of the plain motion's settle and the chase's settling into its trail.
        let scale = max(abs(motion.to - motion.from), abs(chase.lag), 1e-300)
        let settle = chase.settleTime(within: SettleBand(distance: 1e-3 * scale))
        let sampleTimes = try self.sampleTimes(
            defaultSpan: tidyUp(max(analysis.suggestedSpan, settle.isFinite ? settle * 1.25 : 0)))
        let states = sampleTimes.map { chase.state(at: $0) }
        if json {
            let reply = ChaseDataReply(
                spring: SpringReply(named.spring), from: motion.from, to: motion.to,
                targetVelocity: targetVelocity, initialVelocity: motion.velocity, lag: chase.lag,
                t: sampleTimes, position: states.map(\.position), velocity: states.map(\.velocity),
                target: sampleTimes.map { chase.target(at: $0) })
            return JSONWriter.text(reply, pretty: false) + "\n"
        }
        var text = "t,position,velocity,target\n"
        for (t, state) in zip(sampleTimes, states) {
            text +=
                "\(shortest(t)),\(shortest(state.position)),\(shortest(state.velocity)),\(shortest(chase.target(at: t)))\n"
        }
        return text
    }

    func csvText(_ s: SampledMotion) -> String {
        var text = "t,position,velocity\n"
        text.reserveCapacity(s.times.count * 48)
        for i in 0..<s.times.count {
            text += "\(shortest(s.times[i])),\(shortest(s.positions[i])),\(shortest(s.velocities[i]))\n"
        }
        return text
    }

    func jsonText(_ s: SampledMotion, _ named: NamedSpring) -> String {
        let reply = DataReply(
            spring: SpringReply(named.spring), from: motion.from, to: motion.to, initialVelocity: motion.velocity,
            t: s.times, position: s.positions, velocity: s.velocities)
        return JSONWriter.text(reply, pretty: false) + "\n"
    }
}
