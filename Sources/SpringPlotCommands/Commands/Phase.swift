import ArgumentParser
import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringWire

/// The phase portrait: velocity against position.
struct Phase: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phase",
        abstract: "Velocity against position (the phase portrait).",
        discussion: """
            An underdamped spring spirals into the target; a critically or overdamped one slides in \
            without circling. Comma lists overlay several springs.

            Example: springplot phase --damping 0.2,0.7,1.5 --response 0.5 -o phase.png
            """)

    @OptionGroup(title: "Spring") var spring: SpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @OptionGroup(title: "Chart") var chart: ChartOptions

    func run() throws {
        try chart.write(try phaseChart(), defaultName: "springplot-phase")
    }

    /// The chart the options describe: velocity against position for each spring.
    func phaseChart() throws -> Chart {
        let springs = try spring.springs()
        let analyses = springs.map { SpringAnalysis($0, motion: motion, tolerance: chart.tolerance) }
        let span = chart.timeSpan ?? analyses.map(\.suggestedSpan).max() ?? 1
        var series: [Series] = []
        // As curve colours them: the palette in order, dashed past its end.
        for (analysis, look) in zip(analyses, chart.frame.theme.paletteSeriesStyles(count: analyses.count)) {
            let s = analysis.motion.sampled(count: 2001, span: span)
            series.append(
                Series(
                    name: analysis.named.name, xs: s.positions, ys: s.velocities, color: look.color, lineWidth: 2.5,
                    dash: look.dash))
        }
        let panel = Panel(
            xAxis: Axis("position"), yAxis: Axis("velocity (units/s)"), series: series,
            annotations: [
                .marker(x: motion.from, y: motion.velocity, label: "start"),
                .marker(x: motion.to, y: 0, label: "target (rest)"),
                .horizontalLine(y: 0, label: nil, style: .dotted)
            ],
            showsLegend: true)
        let title =
            springs.count == 1 ? "Phase portrait: \(springs[0].name)" : "Phase portrait: \(springs.count) springs"
        return chart.frame.chart(
            title: title, subtitle: motion.subtitle(springs: springs) + "  ·  0 to \(label(span)) s",
            panels: [panel])
    }
}
