import ArgumentParser
import SpringCharts
import SpringMath

/// Position and velocity against time, for one spring or several overlaid.
struct Curve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Position and velocity against time (the default command).",
        discussion: """
            Marks the settle band and settle time and the overshoot peak. Comma lists for --damping or \
            --response overlay several springs.

            Examples:
              springplot --damping 0.68 --response 0.8 -o curve.png
              springplot curve --damping 0.3,0.7,1 --response 0.5 -o compare.svg
            """)

    @OptionGroup(title: "Spring") var spring: SpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @OptionGroup(title: "Chart") var chart: ChartOptions

    func run() throws {
        let springs = try spring.springs()
        let analyses = springs.map { SpringAnalysis($0, motion: motion, epsilon: chart.epsilon) }
        let span = chart.timeSpan ?? analyses.map(\.suggestedSpan).max() ?? 1
        let single = analyses.count == 1
        var positionSeries: [Series] = [], velocitySeries: [Series] = []
        var positionNotes: [Annotation] = [], velocityNotes: [Annotation] = []

        for (index, analysis) in analyses.enumerated() {
            let (times, positions, velocities) = sample(analysis.motion, span: span)
            let name = single ? nil : analysis.named.name
            positionSeries.append(Series(name: name ?? "position", xs: times, ys: positions, color: .palette(index), lineWidth: 2.5))
            velocitySeries.append(Series(name: name ?? "velocity", xs: times, ys: velocities, color: .palette(index), lineWidth: 2.5))

            let settle = analysis.settlingTime
            if settle.isFinite && settle > 0 && settle <= span {
                let text = single ? "settles (±\(percent(chart.epsilon))) at \(label(settle)) s" : "\(label(settle)) s"
                let style = single ? AnnotationStyle.muted : AnnotationStyle(color: .palette(index), dash: .dashed, lineWidth: 1.25)
                positionNotes.append(.verticalLine(x: settle, label: text, style: style))
                velocityNotes.append(.verticalLine(x: settle, label: nil, style: style))
            } else if !settle.isFinite && single {
                positionNotes.append(.note("undamped: never settles"))
            }
            let metrics = analysis.metrics
            if let peak = metrics.peakTime, metrics.overshoot > 1e-9, peak <= span {
                let y = analysis.motion.position(at: peak)
                let text = single ? "overshoot \(percent(metrics.overshoot)) at \(label(peak)) s" : percent(metrics.overshoot)
                positionNotes.append(.marker(x: peak, y: y, label: text, color: single ? .foreground : .palette(index)))
            }
        }
        let first = analyses[0]
        positionNotes.insert(.horizontalBand(lower: motion.to - first.band, upper: motion.to + first.band,
                                             label: "±\(percent(chart.epsilon)) settle band"), at: 0)
        positionNotes.insert(.horizontalLine(y: motion.to, label: "target", style: .dotted), at: 1)
        velocityNotes.insert(.horizontalLine(y: 0, label: nil, style: .dotted), at: 0)

        let panels = [
            Panel(xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position"), series: positionSeries,
                  annotations: positionNotes, showsLegend: !single),
            Panel(xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("velocity (units/s)"), series: velocitySeries,
                  annotations: velocityNotes, showsLegend: false),
        ]
        let title = single ? "Spring: \(springs[0].name)" : "\(springs.count) springs"
        try renderAndWrite(makeChart(title: title, subtitle: motionSubtitle(motion, springs: springs), panels: panels,
                                     options: chart),
                           options: chart, defaultName: "springplot-curve")
    }
}

/// "1 %", "0.1 %", "5.43 %".
func percent(_ fraction: Double) -> String {
    "\(label(fraction * 100)) %"
}
