import ArgumentParser
import SpringCharts
import SpringConventions
import SpringExport
import SpringFigures
import SpringFitting
import SpringMath
import SpringWire

/// Recovers the spring behind recorded motion.
struct Fit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Recover the spring, start, target and initial velocity from recorded motion (CSV t,position).",
        discussion: """
            Least squares on the exact closed form (Levenberg–Marquardt from a grid of starting springs), \
            with one-standard-deviation uncertainties from the Jacobian at the optimum. The samples may be \
            noisy, rounded to whole pixels and unevenly spaced. When the recording holds still before the \
            motion, the start is found between the last still sample and the first moving one and reported; \
            from and the velocity are those at the start. After the estimates: the spring and how long it takes, a rounded \
            spring a person would type when one lies within two standard deviations, the nearest named preset, \
            and the export command; --target (or --all-targets) prints code. Data that no spring \
            explains (a ramp, noise, fewer than 8 points) or that many springs explain equally (motion cut \
            off before it turns) is refused. -o draws the data against the fit. When the recording starts \
            with the motion, at rest, --from-rest holds the initial velocity at 0.

            Example: springplot fit tracked.csv -o fit.png
            """)

    @Argument(
        help: ArgumentHelp(
            "CSV file with a header 't,position' (a velocity column is ignored), or - for standard input.",
            valueName: "file.csv"))
    var input: String

    @Flag(
        name: .customLong("from-rest"),
        help:
            "The motion starts at rest at the first sample: hold the initial velocity at 0 (ζ and response come out tighter)."
    )
    var fromRest = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup(title: "Code") var code: FitCodeOptions

    @OptionGroup(title: "Chart (drawn only with -o)") var chart: CanvasOptions

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func run() throws {
        let recording = try TrajectoryFile.read(input, option: "fit")
        let source = input == "-" ? "standard input" : "'\(input)'"
        let fit: SpringFit
        var heldReason = "--from-rest"
        do {
            if fromRest {
                fit = try SpringFitter.fit(times: recording.times, positions: recording.positions, initialVelocity: 0)
            } else {
                // Without --from-rest the data decide whether the velocity is needed (F-test).
                let chosen = try SpringFitter.fitChoosingStart(times: recording.times, positions: recording.positions)
                fit = chosen.fit
                heldReason = "the data show no significant initial velocity"
            }
        } catch {
            throw CommandLineRefusal(
                .unfittable, parameter: "file.csv", sentence: "fit \(source): \(error.description)")
        }
        let request = ExportRequest(fitted: fit)
        if chart.output != nil {
            try chart.write(Fit.chart(recording: recording, fit: fit, options: chart), defaultName: "springplot-fit")
        }
        let text =
            json
            ? JSONWriter.text(FitReply(fit)) + "\n"
            : Fit.text(fit, source: source, heldReason: heldReason) + FitAnswer.text(fit)
                + Fit.code(fit, request: request, targets: code.targets)
        try OutputWriter.writeStandardOutput(Array(text.utf8))
    }

    /// The code for `targets` (nothing for none), as export prints it.
    static func code(_ fit: SpringFit, request: ExportRequest, targets: [ExportTarget]) -> String {
        guard !targets.isEmpty else { return "" }
        let named = NamedSpring(
            spring: fit.spring,
            name: "ζ \(label(fit.dampingRatio, digits: 4)), response \(label(fit.response, digits: 4)) s")
        let exports = targets.compactMap { try? request.export($0) }
        return "\n" + Export.text(named: named, request: request, exports: exports)
    }

    static func text(_ fit: SpringFit, source: String, heldReason: String = "--from-rest") -> String {
        func pm(_ x: Double, _ dx: Double, _ unit: String = "") -> String {
            "\(label(x, digits: 5))\(unit) ± \(label(dx, digits: 2))\(unit)"
        }
        return """
            fit \(source): \(fit.recordedSampleCount > fit.sampleCount ? "\(fit.sampleCount) of \(fit.recordedSampleCount) samples (evenly thinned)" : "\(fit.sampleCount) samples"), residual RMS \(label(fit.residualRMS, digits: 3))
              damping ratio     \(pm(fit.dampingRatio, fit.dampingRatioUncertainty))
              response          \(pm(fit.response, fit.responseUncertainty, " s"))
              from              \(pm(fit.from, fit.fromUncertainty))
              starts at         t = \(label(fit.startTime, digits: 4)) s\(fit.stillSampleCount > 0 ? " (after \(fit.stillSampleCount) still samples)" : " (the first sample)")
              to                \(pm(fit.to, fit.toUncertainty))
              initial velocity  \(fit.initialVelocityUncertainty == 0 ? "0/s (held at 0: \(heldReason))"
                                      : pm(fit.initialVelocity, fit.initialVelocityUncertainty, "/s"))
              (± one standard deviation, from the Jacobian at the optimum)


            """
    }

    /// The samples and the fitted curve on top, the residuals below.
    static func chart(recording: TrajectoryFile, fit: SpringFit, options: CanvasOptions) -> Chart {
        chart(
            times: recording.times, positions: recording.positions, fit: fit, title: "Fit: \(fit.sampleCount) samples",
            valueAxis: "position", options: options)
    }

    /// The samples and the fitted curve on top, the residuals below, with the given title and value axis.
    static func chart(
        times: [Double], positions: [Double], fit: SpringFit, title: String, valueAxis: String,
        options: CanvasOptions
    ) -> Chart {
        let first = times[0], last = times[times.count - 1]
        let dense = (0...1200).map { first + (last - first) * Double($0) / 1200 }
        let data = decimated(xs: times, ys: positions)
        let residuals = decimated(xs: times, ys: times.indices.map { positions[$0] - fit.position(at: times[$0]) })
        let xAxis = Axis("time (s)", range: first...Swift.max(last, first + 1e-9))
        let panels = [
            Panel(
                xAxis: xAxis, yAxis: Axis(valueAxis),
                series: [
                    Series(name: "data", xs: data.xs, ys: data.ys, color: .palette(1), lineWidth: 1.5, opacity: 0.8),
                    Series(
                        name: "fit", xs: dense, ys: dense.map { fit.position(at: $0) }, color: .foreground,
                        lineWidth: 2.5, dash: .dashed)
                ], annotations: [.horizontalLine(y: fit.to, label: "target", style: .dotted)]),
            Panel(
                xAxis: xAxis, yAxis: Axis("data − fit"),
                series: [
                    Series(name: "residual", xs: residuals.xs, ys: residuals.ys, color: .palette(1), lineWidth: 1.25)
                ],
                annotations: [.horizontalLine(y: 0, label: nil, style: .dotted)], showsLegend: false)
        ]
        let subtitle =
            "ζ \(label(fit.dampingRatio, digits: 4)) ± \(label(fit.dampingRatioUncertainty, digits: 2))  ·  "
            + "response \(label(fit.response, digits: 4)) ± \(label(fit.responseUncertainty, digits: 2)) s  ·  "
            + "residual RMS \(label(fit.residualRMS, digits: 3))"
        return options.frame.chart(title: title, subtitle: subtitle, panels: panels)
    }
}
