import ArgumentParser
import SpringCharts
import SpringMath

/// The exact motion against numeric integrators at display frame rates, and the spring Wave animates.
struct Integrators: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The exact motion against Wave-style Euler at 30, 60 and 120 Hz and RK4, and the spring Wave really animates.",
        discussion: """
            Wave rubber-bands its damping coefficient below 75 and steps with semi-implicit Euler at the \
            frame rate. The chart shows the ideal spring (exact), the spring Wave builds (exact), Wave's \
            Euler stepping of it at 30, 60 and 120 Hz, and RK4 at 30 Hz on the ideal spring. A curve that \
            diverges is clipped and labelled.

            Example: springplot integrators --damping 1 --response 0.1 --to 100 -o integrators.png
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @Option(name: .customLong("rates"), parsing: .unconditional, help: ArgumentHelp("Frame rates for Euler, in Hz.", valueName: "hz[,hz…]"))
    var rates = DoubleList([30, 60, 120])
    @OptionGroup(title: "Chart") var chart: ChartOptions

    func validate() throws {
        for rate in rates.values {
            try requirePositive(rate, "--rates")
            if rate < 1 || rate > 10_000 { throw ValidationError("--rates must lie between 1 and 10000 Hz (got \(rate))") }
        }
        if rates.values.count > 5 { throw ValidationError("--rates takes at most 5 values") }
    }

    func run() throws {
        let named = try spring.springs()[0]
        let ideal = named.spring
        let wave = ideal.waveEffective
        let analysis = SpringAnalysis(named, motion: motion, epsilon: chart.epsilon)
        // Long enough for the slower of the two exact curves, and for a dozen frames at the lowest rate.
        let waveAnalysis = SpringAnalysis(NamedSpring(spring: wave, name: "wave"), motion: motion, epsilon: chart.epsilon)
        let span = chart.timeSpan
            ?? tidyUp(max(analysis.suggestedSpan, waveAnalysis.suggestedSpan, 12 / (rates.values.min() ?? 30)))
        let exact = sample(analysis.motion, span: span)
        let waveMotion = SpringMotion(spring: wave, from: motion.from, to: motion.to, initialVelocity: motion.velocity)
        let waveExact = sample(waveMotion, span: span)

        // The visible range: the exact curves with room to spare; anything beyond is clipped.
        let all = exact.positions + waveExact.positions
        let low = all.min() ?? 0, high = all.max() ?? 1
        let pad = max(high - low, 1e-9) * 0.35
        let yRange = (low - pad)...(high + pad)

        var series: [Series] = [
            Series(name: "exact (ideal spring)", xs: exact.times, ys: exact.positions, color: .foreground, lineWidth: 3),
        ]
        var notes: [Annotation] = [.horizontalLine(y: motion.to, label: "target", style: .dotted)]
        if wave != ideal {
            series.append(Series(name: "exact (Wave's damping \(label(wave.damping)), ζ \(label(wave.dampingRatio)))",
                                 xs: waveExact.times, ys: waveExact.positions, color: .muted, lineWidth: 2.5, dash: .dashed))
        }
        var errorSeries: [Series] = []
        var diverged: [String] = []
        for (index, rate) in rates.values.enumerated() {
            let name = "Wave Euler \(label(rate)) Hz"
            let trace = stepTrace(wave, integrator: .semiImplicitEuler, rate: rate, span: span, limit: yRange)
            if trace.diverged { diverged.append(name) }
            series.append(Series(name: trace.diverged ? name + " (diverges)" : name, xs: trace.times, ys: trace.positions,
                                 color: .palette(index)))
            errorSeries.append(Series(name: name, xs: trace.times,
                                      ys: zip(trace.times, trace.positions).map { $1 - analysis.motion.position(at: $0) },
                                      color: .palette(index)))
        }
        let rk = stepTrace(ideal, integrator: .rungeKutta4, rate: 30, span: span, limit: yRange)
        if rk.diverged { diverged.append("RK4 30 Hz") }
        series.append(Series(name: "RK4 30 Hz (ideal spring)", xs: rk.times, ys: rk.positions, color: .palette(3), dash: .dotted))
        errorSeries.append(Series(name: "RK4 30 Hz", xs: rk.times,
                                  ys: zip(rk.times, rk.positions).map { $1 - analysis.motion.position(at: $0) },
                                  color: .palette(3), dash: .dotted))
        if !diverged.isEmpty {
            notes.append(.note(diverged.joined(separator: ", ") + (diverged.count == 1 ? " diverges" : " diverge") + " (clipped)"))
        }

        let errorPad = max(high - low, 1e-9) * 0.6
        let panels = [
            Panel(xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position", range: yRange), series: series,
                  annotations: notes),
            Panel(xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("error vs exact ideal", range: (-errorPad)...errorPad),
                  series: errorSeries, annotations: [.horizontalLine(y: 0, label: nil, style: .dotted)], showsLegend: false),
        ]
        try renderAndWrite(makeChart(title: "Integrators: \(named.name)", subtitle: motionSubtitle(motion, springs: [named]),
                                     panels: panels, options: chart),
                           options: chart, defaultName: "springplot-integrators")
    }

    /// Steps the spring at `rate` Hz and records every frame; stops (and reports divergence) once the
    /// value leaves `limit` by more than its own width, so a blown-up curve is clipped, not drawn to 10³⁰⁰.
    func stepTrace(_ spring: Spring, integrator: SpringIntegrator, rate: Double, span: Double,
                   limit: ClosedRange<Double>) -> (times: [Double], positions: [Double], diverged: Bool) {
        let dt = 1 / rate
        var x = motion.from, v = motion.velocity
        var times = [0.0], positions = [x]
        let width = limit.upperBound - limit.lowerBound
        var t = 0.0
        // A very slow spring at a high rate would take billions of frames; the trace stops at a
        // number of frames no chart can show anyway.
        let frameLimit = 200_000
        while t < span - 1e-12 && times.count <= frameLimit {
            spring.update(value: &x, velocity: &v, target: motion.to, deltaTime: dt, integrator: integrator)
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
