import ArgumentParser
import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

/// The exact motion against numeric integrators at display frame rates, and the spring Wave animates.
struct Integrators: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "integrators",
        abstract:
            "The exact motion against Wave-style Euler at 30, 60 and 120 Hz and RK4, and the spring Wave really animates.",
        discussion: """
            Wave rubber-bands its damping coefficient below 75 and steps with semi-implicit Euler at the \
            frame rate. The chart shows the ideal spring (exact), the spring Wave builds (exact), Wave's \
            Euler stepping of it at 30, 60 and 120 Hz, and RK4 at 30 Hz on the ideal spring. A curve that \
            diverges is clipped and labelled.

            Example: springplot integrators --damping 1 --response 0.1 --to 100 -o integrators.png
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @Option(
        name: .customLong("fps"), parsing: .unconditional,
        help: ArgumentHelp("Frame rates for Euler, in Hz. (default: 30,60,120)", valueName: "hz[,hz…]"))
    var givenFrameRates: DoubleList?
    /// `--rates`, the old spelling of `--fps`: still accepted for one release, not shown in the help.
    @Option(name: .customLong("rates"), parsing: .unconditional, help: .hidden)
    var rates: DoubleList?
    @OptionGroup(title: "Chart") var chart: ChartOptions

    /// The frame rates for Euler: `--fps`, or its old spelling `--rates`, or 30, 60 and 120 Hz.
    var frameRates: [Double] { (givenFrameRates ?? rates)?.values ?? [30, 60, 120] }

    func validate() throws {
        if givenFrameRates != nil && rates != nil {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--rates", "is the old spelling of --fps: give --fps alone")
        }
        // Messages name the spelling that was used.
        let option = rates == nil ? "--fps" : "--rates"
        for rate in frameRates {
            try requirePositive(rate, option)
            if rate < 1 || rate > 10_000 {
                throw CommandLineRefusal(.outOfRange, option: option, "must lie between 1 and 10000 Hz (got \(rate))")
            }
        }
        if frameRates.count > 5 { throw CommandLineRefusal(.valueCount, option: option, "takes at most 5 values") }
    }

    func run() throws {
        try chart.write(integratorsChart(), defaultName: "springplot-integrators")
    }

    /// The chart: positions of the exact motion and the integrators above, their errors below.
    func integratorsChart() throws -> Chart {
        let named = try spring.springs()[0]
        let ideal = named.spring
        let wave = ideal.waveEffective
        let analysis = SpringAnalysis(named, motion: motion, tolerance: chart.tolerance)
        // Long enough for the slower of the two exact curves, and for a dozen frames at the lowest rate.
        let waveAnalysis = SpringAnalysis(
            NamedSpring(spring: wave, name: "wave"), motion: motion, tolerance: chart.tolerance)
        let span =
            chart.timeSpan
            ?? tidyUp(max(analysis.suggestedSpan, waveAnalysis.suggestedSpan, 12 / (frameRates.min() ?? 30)))
        let exact = analysis.motion.sampled(count: 1201, span: span)
        let waveMotion = SpringMotion(spring: wave, from: motion.from, to: motion.to, initialVelocity: motion.velocity)
        let waveExact = waveMotion.sampled(count: 1201, span: span)

        // A trace diverges once it leaves the exact curves' range by more than its own width.
        let all = exact.positions + waveExact.positions
        let low = all.min() ?? 0, high = all.max() ?? 1
        let pad = max(high - low, 1e-9) * 0.35
        let divergenceLimit = (low - pad)...(high + pad)

        var series: [Series] = [
            Series(name: "exact (ideal spring)", xs: exact.times, ys: exact.positions, color: .foreground, lineWidth: 3)
        ]
        if wave != ideal {
            series.append(
                Series(
                    name:
                        "exact (Wave's damping coefficient \(label(wave.dampingCoefficient)), ζ \(label(wave.dampingRatio)))",
                    xs: waveExact.times, ys: waveExact.positions, color: .muted, lineWidth: 2.5, dash: .dashed))
        }
        // Integrators exist only at frames: each is drawn as steps, its value held until the next frame.
        var traces: [(name: String, trace: StepTrace, color: SeriesColor)] = []
        for (index, rate) in frameRates.enumerated() {
            traces.append(
                (
                    "Wave Euler \(label(rate)) Hz",
                    advanceTrace(wave, integrator: .semiImplicitEuler, rate: rate, span: span, limit: divergenceLimit),
                    .palette(index)
                ))
        }
        traces.append(
            (
                "RK4 30 Hz",
                advanceTrace(ideal, integrator: .rungeKutta4, rate: 30, span: span, limit: divergenceLimit),
                .palette(frameRates.count < 4 ? 4 : 5)
            ))

        var errorSeries: [Series] = []
        var visible = ExtentOf(all), errors = ExtentOf([0])
        for (name, trace, color) in traces {
            let shown = trace.diverged ? name + " (diverges)" : name
            let legendName = name == "RK4 30 Hz" ? shown + (trace.diverged ? "" : " (ideal spring)") : shown
            let error = zip(trace.times, trace.positions).map { $1 - analysis.motion.position(at: $0) }
            series.append(
                Series(
                    name: legendName, xs: trace.times, ys: trace.positions, color: color,
                    interpolation: .steps))
            errorSeries.append(Series(name: shown, xs: trace.times, ys: error, color: color, interpolation: .steps))
            if !trace.diverged {
                visible.include(trace.positions)
                errors.include(error)
            }
        }

        // The axes cover every curve that stays bounded; a diverging one is cut off at the axis and
        // named in the chart's note.
        let panels = [
            Panel(
                xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position", range: visible.padded(0.06)),
                series: series, annotations: [.horizontalLine(y: motion.to, label: "target", style: .dotted)]),
            Panel(
                xAxis: Axis("time (s)", range: 0...span),
                yAxis: Axis("error vs exact ideal", range: errors.padded(0.06)),
                series: errorSeries, annotations: [.horizontalLine(y: 0, label: nil, style: .dotted)],
                showsLegend: false)
        ]
        return chart.frame.chart(
            title: "Integrators: \(named.name)", subtitle: motion.subtitle(springs: [named]),
            panels: panels)
    }

    typealias StepTrace = (times: [Double], positions: [Double], diverged: Bool)

    /// Advances the spring at `rate` Hz and records every frame; stops (and reports divergence) once the
    /// value leaves `limit` by more than its own width, so a blown-up curve is clipped, not drawn to 10³⁰⁰.
    func advanceTrace(
        _ spring: Spring, integrator: SpringIntegrator, rate: Double, span: Double,
        limit: ClosedRange<Double>
    ) -> StepTrace {
        let dt = 1 / rate
        var x = motion.from, v = motion.velocity
        var times = [0.0], positions = [x]
        let width = limit.upperBound - limit.lowerBound
        var t = 0.0
        // A very slow spring at a high rate would take billions of frames; the trace stops at a
        // number of frames no chart can show anyway.
        let frameLimit = 200_000
        while t < span - 1e-12 && times.count <= frameLimit {
            spring.advance(value: &x, velocity: &v, target: motion.to, by: dt, integrator: integrator)
            t += dt
            times.append(t)
            positions.append(x)
            if !x.isFinite || x > limit.upperBound + width || x < limit.lowerBound - width {
                return (times, positions.map { $0.isFinite ? $0 : .nan }, true)
            }
        }
        return (times, positions, false)
    }
}

/// The range of some finite values.
struct ExtentOf {
    private(set) var lower = Double.infinity
    private(set) var upper = -Double.infinity

    init(_ values: [Double]) { include(values) }

    mutating func include(_ values: [Double]) {
        for value in values where value.isFinite {
            lower = min(lower, value)
            upper = max(upper, value)
        }
    }

    /// The range grown by `fraction` of its span at each end; a range of (nearly) zero span is
    /// widened around its value.
    func padded(_ fraction: Double) -> ClosedRange<Double> {
        guard lower <= upper else { return 0...1 }
        let span = upper - lower
        let minimumSpan = max(abs(lower), abs(upper), 1e-300) * 1e-6
        guard span > minimumSpan else { return (lower - minimumSpan)...(upper + minimumSpan) }
        return (lower - fraction * span)...(upper + fraction * span)
    }
}
