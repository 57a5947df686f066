import ArgumentParser
import SpringMath
import SpringPlotCore

/// The sampled motion as CSV or JSON.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "The sampled motion as CSV (t,position,velocity) or JSON.",
        discussion: """
            Samples evenly over the time span (--samples), at the listed times (--times), or at times read \
            from a file or standard input (--times-file), one per line or comma-separated. Numbers are in \
            shortest round-trip form. Writes to standard output unless -o is given.

            Examples:
              springplot data --damping 0.68 --response 0.8 --samples 11
              springplot data --stiffness 100 --damping-coefficient 10 --times 0,0.1,0.25 --json
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions

    @Option(name: .customLong("time-span"), parsing: .unconditional, help: ArgumentHelp("Seconds to sample. (default: past the settling time)", valueName: "seconds"))
    var timeSpan: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Number of evenly spaced samples, from 0 to the time span inclusive. (default: 101)", valueName: "n"))
    var samples: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("Sample at these times instead, in seconds.", valueName: "t[,t…]"))
    var times: DoubleList?
    @Option(name: .customLong("times-file"), help: ArgumentHelp("Sample at times read from this file (- for standard input): numbers in seconds, one per line or comma-separated, at most 1000000.", valueName: "path"))
    var timesFile: String?
    @Flag(help: "Write JSON instead of CSV.")
    var json = false
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Output file (.csv or .json), or - for standard output.", valueName: "path"))
    var output: String?

    func validate() throws {
        if let timeSpan {
            try requirePositive(timeSpan, "--time-span")
            if timeSpan > 1e6 { throw ValidationError("--time-span must be at most 1000000 s (got \(timeSpan))") }
        }
        if let samples, samples < 2 || samples > 1_000_000 {
            throw ValidationError("--samples must be between 2 and 1000000 (got \(samples))")
        }
        if samples != nil && times != nil { throw ValidationError("--samples and --times cannot be combined") }
        if timeSpan != nil && times != nil { throw ValidationError("--time-span and --times cannot be combined") }
        if let timesFile {
            if times != nil { throw ValidationError("--times-file and --times cannot be combined") }
            if samples != nil { throw ValidationError("--times-file and --samples cannot be combined") }
            if timeSpan != nil { throw ValidationError("--times-file and --time-span cannot be combined") }
            if timesFile.isEmpty { throw ValidationError("--times-file must not be empty") }
        }
        if let count = times?.values.count, count > 1_000_000 {
            throw ValidationError("--times takes at most 1000000 values")
        }
        for t in times?.values ?? [] {
            try requireNonNegative(t, "--times")
            if t > 1e6 { throw ValidationError("--times must be at most 1000000 s (got \(t))") }
        }
        if let output, output != "-" {
            if output.isEmpty { throw ValidationError("--output must not be empty") }
            if let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
                let ext = output[output.index(after: dot)...].lowercased()
                if ext != "csv" && ext != "json" {
                    throw ValidationError("--output extension '.\(ext)' is not supported here: use .csv or .json")
                }
                if ext == "json" && !json { throw ValidationError("--output '\(output)' is JSON: add --json") }
                if ext == "csv" && json { throw ValidationError("--output '\(output)' is CSV but --json was given") }
            }
        }
    }

    func run() throws {
        let named = try spring.springs()[0]
        let analysis = SpringAnalysis(named, motion: motion, epsilon: 0.001)
        let sampled: SampledMotion
        if let timesFile {
            sampled = analysis.motion.sampled(at: try TimesFile.read(timesFile))
        } else if let times {
            sampled = analysis.motion.sampled(at: times.values)
        } else {
            let span = timeSpan ?? analysis.suggestedSpan
            sampled = analysis.motion.sampled(count: samples ?? 101, duration: span)
        }
        let text = json ? jsonText(sampled, named) : csvText(sampled)
        let bytes = Array(text.utf8)
        if let output, output != "-" {
            try OutputWriter.writeFile(bytes, to: output)
        } else {
            try OutputWriter.writeStandardOutput(bytes)
        }
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
        let value = JSONValue.object([
            ("spring", springJSON(named.spring)),
            ("from", .number(motion.from)), ("to", .number(motion.to)), ("initialVelocity", .number(motion.velocity)),
            ("t", .array(s.times.map { .number($0) })),
            ("position", .array(s.positions.map { .number($0) })),
            ("velocity", .array(s.velocities.map { .number($0) })),
        ])
        return value.render(pretty: false) + "\n"
    }
}

func springJSON(_ spring: Spring) -> JSONValue {
    .object([
        ("dampingRatio", .number(spring.dampingRatio)), ("response", .number(spring.response)),
        ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)), ("damping", .number(spring.damping)),
    ])
}
