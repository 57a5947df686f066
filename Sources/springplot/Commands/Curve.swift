import ArgumentParser
import SpringCharts
import SpringMath
import SpringPlotCore

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
        let chart = curveChart(springs: try spring.springs(), motion: motion.motion, epsilon: self.chart.epsilon,
                               timeSpan: self.chart.timeSpan, frame: self.chart.frame)
        try renderAndWrite(chart, options: self.chart, defaultName: "springplot-curve")
    }
}
