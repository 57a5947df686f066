import ArgumentParser
import SpringCharts
import SpringConventions
import SpringExport
import SpringFigures
import SpringFitting
import SpringFormatting
import SpringMath
import SpringPlatforms
import SpringWire

/// Checks a recorded trajectory from any animation library against the exact spring motion.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a recorded trajectory (CSV t,position[,velocity]) against the exact spring motion.",
        discussion: """
            Reports the largest and RMS error (in value units and as a fraction of the travel) and where \
            the largest happens, the frame rate found from the samples and whether the error grows with the \
            frame interval, and whether the recording stopped early or late against its own settle rule: the \
            distance at which it let go of the motion, compared with when the exact motion stays that close. \
            -o draws both curves and the error; --json prints every number. With --max-error, the exit status \
            is 2 when the largest error exceeds it.

            The spring may be given in any convention (see springplot --help); --from, --to and --velocity \
            say where the motion was meant to go. Each one not given is the first sample, the last sample and \
            0; or, when the recording does not start with the motion or end at rest, found by least squares \
            (the spring's motion is linear in them), if that explains the samples ten times better. The \
            values used are printed. Lines \
            starting with # are comments. The recording's finish is its first sample from which the data stay \
            at their final value.

            Example: springplot verify recording.csv --react-spring-tension 170 --friction 26 --to 100 --max-error 0.5
            """)

    /// The exit status when the largest error exceeds --max-error.
    static let maxErrorExitCode: Int32 = 2

    @Argument(
        help: ArgumentHelp(
            "CSV file with a header 't,position' or 't,position,velocity', or - for standard input.",
            valueName: "file.csv"))
    var input: String

    @OptionGroup(title: "Spring") var spring: OneSpringOptions
    @OptionGroup(title: "Motion") var motion: RecordedMotionOptions

    @Option(
        name: .customLong("max-error"), parsing: .unconditional,
        help: ArgumentHelp(
            "Exit with status 2 when the largest position error exceeds this, in value units.",
            valueName: "units"))
    var givenMaxError: Double?

    /// `--tolerance`, the old spelling of `--max-error`: still accepted for one release, not shown in
    /// the help (verify has no chart `--tolerance` to clash with).
    @Option(name: .customLong("tolerance"), parsing: .unconditional, help: .hidden)
    var tolerance: Double?

    /// The largest error allowed: `--max-error`, or its old spelling `--tolerance`.
    var maxError: Double? { givenMaxError ?? tolerance }

    @Option(
        help: ArgumentHelp(
            "Also compare with what this platform displays, run on the recording's frame times (auto: rank every platform).",
            valueName: "name|auto"))
    var platform: PlatformChoice?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Frames per second for --platform past the recording's last frame. (default: the recording's median rate)",
            valueName: "hz"))
    var fps: Double?

    @Option(name: .customLong("minimum-visible-change"), parsing: .unconditional, help: MinimumVisibleChange.help)
    var minimumVisibleChange: MinimumVisibleChange?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup(title: "Chart (drawn only with -o)") var chart: CanvasOptions

    func validate() throws {
        if let fps { try FrameRate.validate(fps, "--fps") }
        try MinimumVisibleChange.validate(minimumVisibleChange)
        if minimumVisibleChange != nil && !(platform?.platforms.contains(.android) ?? false) {
            throw CommandLineRefusal(
                .missingParameter, option: "--minimum-visible-change",
                "is Android's setting: it needs --platform android or auto")
        }
        if platform != nil, try spring.springs()[0].spring.isInstantaneous {
            throw CommandLineRefusal(
                .instantaneousSpring, option: "--response",
                "must be > 0 for --platform: a response-0 spring is an instant jump")
        }
        if givenMaxError != nil && tolerance != nil {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--tolerance",
                "is the old spelling of --max-error: give --max-error alone")
        }
        // Messages name the spelling that was used.
        let option = tolerance == nil ? "--max-error" : "--tolerance"
        if let maxError {
            try requireFinite(maxError, option)
            if maxError < 0 { throw CommandLineRefusal(.outOfRange, option: option, "must be ≥ 0 (got \(maxError))") }
        }
    }

    func run() throws {
        let named = try spring.springs()[0]
        let recording = try TrajectoryFile.read(input, option: "verify")
        let (motion, sources) = Verify.motion(self.motion, spring: named.spring, recording: recording)
        let exact = SpringMotion(
            spring: named.spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity)
        let comparison = exact.compare(
            times: recording.times, positions: recording.positions, velocities: recording.velocities)
        let passed = maxError.map { comparison.maximumError <= $0 }
        let matches =
            platform.map { choice in
                Verify.platformMatches(
                    choice, recording: recording, spring: named.spring, motion: motion,
                    fps: fps ?? Verify.frameRate(medianInterval: comparison.medianInterval),
                    parameters: minimumVisibleChange.parameters)
            } ?? []
        if chart.output != nil {
            try chart.write(
                Verify.chart(
                    recording: recording, exact: exact, comparison: comparison, name: named.name,
                    options: chart), defaultName: "springplot-verify")
        }
        let text =
            json
            ? Verify.json(
                comparison, spring: named, maxError: maxError, passed: passed, platforms: matches,
                motion: VerifyReply.MotionKeys(motion, sources: sources)) + "\n"
            : Verify.text(
                comparison, source: input == "-" ? "standard input" : input, spring: named, maxError: maxError,
                motion: motion, sources: sources)
                + Verify.platformText(matches, auto: platform == .auto)
        try OutputWriter.writeStandardOutput(Array(text.utf8))
        if passed == false, let maxError {
            let option = tolerance == nil ? "--max-error" : "--tolerance"
            printError(
                "springplot: verify: max error \(shortest(comparison.maximumError)) exceeds \(option) \(shortest(maxError))"
            )
            throw ExitCode(Verify.maxErrorExitCode)
        }
    }

    /// Where each value of the motion judged against came from, in order: from, to, velocity.
    typealias MotionSources = [(name: String, source: String)]

    /// The motion to judge against. A value given is used. Each value not given starts at its plain
    /// default (from: the first sample, to: the last sample, the velocity: 0), which is right for a
    /// recording that starts with the motion and ends at rest. The spring's motion is linear in the
    /// three, so any of those not given can instead be found by least squares on the samples; that is
    /// done only when it explains the samples at least ten times better (RMS) than the defaults, with
    /// as few values found as will do it. A platform's own stepping error is not mistaken for a fling
    /// or a different target, and an exact motion cut off before rest, or flung, is found exactly.
    static func motion(_ options: RecordedMotionOptions, spring: Spring, recording: TrajectoryFile) -> (
        Motion, MotionSources
    ) {
        let times = recording.times, positions = recording.positions
        let plain = (
            from: options.from ?? positions[0], to: options.to ?? positions[positions.count - 1],
            velocity: options.velocity ?? 0
        )
        let missing = [("from", options.from), ("to", options.to), ("velocity", options.velocity)].filter {
            $0.1 == nil
        }.map(\.0)
        func rms(_ motion: Motion) -> Double {
            let exact = SpringMotion(
                spring: spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity)
            var sum = 0.0
            for (t, x) in zip(times, positions) {
                let d = exact.position(at: t) - x
                sum += d * d
            }
            return (sum / Double(times.count)).squareRoot()
        }
        let plainMotion = Motion(from: plain.from, to: plain.to, initialVelocity: plain.velocity)
        let plainRMS = rms(plainMotion)
        var best: (motion: Motion, found: [String], rms: Double)?
        // Every subset of the missing values, fewest first.
        let subsets = (1..<(1 << missing.count)).map { mask in
            missing.indices.filter { mask & (1 << $0) != 0 }.map { missing[$0] }
        }
        .sorted { $0.count < $1.count }
        for found in subsets {
            if let best, best.found.count < found.count { break }
            let solved: (from: Double, to: Double, initialVelocity: Double)
            do throws(MotionInferenceError) {
                solved = try spring.leastSquaresMotion(
                    times: times, positions: positions,
                    from: found.contains("from") ? nil : plain.from,
                    to: found.contains("to") ? nil : plain.to,
                    initialVelocity: found.contains("velocity") ? nil : plain.velocity)
            } catch {
                continue  // the samples do not tell these values
            }
            let motion = Motion(from: solved.from, to: solved.to, initialVelocity: solved.initialVelocity)
            let error = rms(motion)
            guard error.isFinite, error <= 0.1 * plainRMS else { continue }
            if best == nil || error < best!.rms { best = (motion, found, error) }
        }
        let chosen = best?.motion ?? plainMotion
        let found = best?.found ?? []
        let defaults = ["from": "the first sample", "to": "the last sample", "velocity": "0"]
        let sources: MotionSources = ["from", "to", "velocity"].map { name in
            if !missing.contains(name) { return (name, "given") }
            return (name, found.contains(name) ? "least squares" : defaults[name]!)
        }
        return (chosen, sources)
    }

    static func text(
        _ c: TrajectoryComparison, source: String, spring: NamedSpring, maxError: Double?,
        motion: Motion? = nil, sources: MotionSources = []
    ) -> String {
        func v(_ x: Double) -> String { label(x, digits: 4) }
        func share(_ x: Double) -> String {
            c.travel > 0 ? " (\(NumberFormat.percent(x / c.travel)) of the travel)" : ""
        }
        var lines = ["verify \(source): \(c.sampleCount) samples against \(spring.name)"]
        if let motion {
            let how = sources.filter { $0.source != "given" }.map { "\($0.name): \($0.source)" }
            lines.append(
                "  motion      from \(label(motion.from, digits: 6)) to \(label(motion.to, digits: 6)), "
                    + "velocity \(label(motion.initialVelocity, digits: 6))/s"
                    + (how.isEmpty ? "" : " (\(how.joined(separator: "; ")))"))
        }
        lines.append(
            "  max error   \(v(c.maximumError))\(share(c.maximumError)) at t = \(v(c.maximumErrorTime)) s"
                + " (recorded − exact = \(v(c.maximumErrorSigned)))")
        lines.append("  RMS error   \(v(c.rmsError))\(share(c.rmsError))")
        if let maxV = c.maximumVelocityError, let rmsV = c.rmsVelocityError {
            lines.append("  velocity    max error \(v(maxV))/s, RMS \(v(rmsV))/s")
        }
        if c.sampleCount > 1 {
            lines.append(
                "  frame rate  \(v(1 / c.medianInterval)) Hz (median interval \(v(c.medianInterval * 1000)) ms;"
                    + " intervals \(v(c.shortestInterval * 1000))…\(v(c.longestInterval * 1000)) ms)")
            if let long = c.rmsStepErrorAfterLongIntervals, let regular = c.rmsStepErrorAfterRegularIntervals {
                let verdict =
                    c.errorGrowsWithInterval == true
                    ? "the error grows with the frame interval"
                    : "no sign that the error grows with the frame interval"
                lines.append(
                    "  per frame   RMS step error \(v(long)) over \(c.longIntervalCount) long intervals (> 1.25 × median), "
                        + "\(v(regular)) over the others: \(verdict)")
            } else {
                lines.append(
                    "  per frame   intervals all within 1.25 × the median: the error's dependence on the interval cannot be seen"
                )
            }
        }
        let stop = c.finishOffset
        let verdict: String
        if !c.exactSettleTime.isFinite {
            verdict = "the exact motion never settles"
        } else if abs(stop) <= Swift.max(c.medianInterval, 1e-9) {
            verdict = "on time (within one frame)"
        } else {
            verdict = stop < 0 ? "\(v(-stop)) s early" : "\(v(stop)) s late"
        }
        lines.append(
            "  stop        finished at \(v(c.finishTime)) s, \(v(c.finalJump)) from the target\(c.snapped ? " before snapping" : "");"
                + " the exact motion stays that close after \(v(c.exactSettleTime)) s: \(verdict)")
        if let maxError {
            lines.append(
                c.maximumError <= maxError
                    ? "  max error   passed: max error \(v(c.maximumError)) ≤ \(v(maxError))"
                    : "  max error   FAILED: max error \(v(c.maximumError)) > \(v(maxError))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(
        _ c: TrajectoryComparison, spring: NamedSpring, maxError: Double?, passed: Bool?,
        platforms: [RecordingMatch] = [], motion: VerifyReply.MotionKeys? = nil
    ) -> String {
        JSONWriter.text(
            VerifyReply(
                c, spring: spring.spring, motion: motion, maxError: maxError, passed: passed,
                platforms: platforms.map(RecordingMatchReply.init)))
    }

    /// Both curves on top, the error below; long recordings are thinned for drawing.
    static func chart(
        recording: TrajectoryFile, exact: SpringMotion<Double>, comparison: TrajectoryComparison,
        name: String, options: CanvasOptions
    ) -> Chart {
        let times = recording.times
        let span = times[times.count - 1]
        let start = Swift.min(0, times[0])
        let dense = (0...1200).map { start + (span - start) * Double($0) / 1200 }
        let recorded = decimated(xs: times, ys: recording.positions)
        let errors = times.indices.map { recording.positions[$0] - exact.position(at: times[$0]) }
        let error = decimated(xs: times, ys: errors)
        let xAxis = Axis("time (s)", range: start...Swift.max(span, start + 1e-9))
        let panels = [
            Panel(
                xAxis: xAxis, yAxis: Axis("position"),
                series: [
                    Series(
                        name: "exact", xs: dense, ys: dense.map { exact.position(at: $0) }, color: .foreground,
                        lineWidth: 3),
                    Series(
                        name: "recorded", xs: recorded.xs, ys: recorded.ys, color: .palette(1), lineWidth: 1.75,
                        dash: .dashed)
                ],
                annotations: [
                    .horizontalLine(y: exact.to, label: "target", style: .dotted),
                    .marker(
                        x: comparison.maximumErrorTime, y: exact.position(at: comparison.maximumErrorTime),
                        label: "max error \(label(comparison.maximumError, digits: 3))")
                ]),
            Panel(
                xAxis: xAxis, yAxis: Axis("recorded − exact"),
                series: [Series(name: "error", xs: error.xs, ys: error.ys, color: .palette(1), lineWidth: 1.5)],
                annotations: [.horizontalLine(y: 0, label: nil, style: .dotted)], showsLegend: false)
        ]
        return options.frame.chart(
            title: "Verify: \(name)",
            subtitle: "\(comparison.sampleCount) samples  ·  max error \(label(comparison.maximumError, digits: 3))"
                + "  ·  RMS \(label(comparison.rmsError, digits: 3))", panels: panels)
    }
}
