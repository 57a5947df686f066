import ArgumentParser
import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

/// Position and velocity against time, for one spring or several overlaid.
struct Curve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Position and velocity against time (the default command).",
        discussion: """
            Marks the settle band and settle time and the overshoot peak. Comma lists for --damping or \
            --response overlay several springs; the time axis then fits them: a spring that settles more \
            than 3× later than the rest runs off the right edge, and a note says when it settles \
            (--time-span shows it all).

            Examples:
              springplot --damping 0.68 --response 0.8 -o curve.png
              springplot curve --damping 0.3,0.7,1 --response 0.5 -o compare.svg
              springplot curve --damping 0.68 --response 0.8 --to 100 --platform react-spring,origami --fps 120 -o web.png

            --platform draws what those platforms really display at --fps frames per second (from models of \
            their stepping; see springplot export) over the exact curve, with each one's error below; more \
            than four, or all, become small multiples. Web libraries scale their rest tests by the travel: \
            give the travel in px (--to 100).
            """)

    @OptionGroup(title: "Spring") var spring: SpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @OptionGroup(title: "Chart") var chart: ChartOptions

    @Option(help: ArgumentHelp("Draw what these platforms display (comma list, or all).", valueName: "name[,name…]"))
    var platform: PlatformList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second for --platform.", valueName: "hz"))
    var fps: Double = 60

    @Option(name: .customLong("minimum-visible-change"), parsing: .unconditional, help: MinimumVisibleChange.help)
    var minimumVisibleChange: MinimumVisibleChange?

    func validate() throws {
        try FrameRate.validate(fps, "--fps")
        try MinimumVisibleChange.validate(minimumVisibleChange)
        if minimumVisibleChange != nil && !(platform?.platforms.contains(.android) ?? false) {
            throw CommandLineRefusal(
                .missingParameter, option: "--minimum-visible-change",
                "is Android's setting: it needs --platform with android")
        }
        if platform != nil {
            let springs = try spring.springs()
            if springs.count > 1 {
                throw CommandLineRefusal(
                    .valueCount, option: "--platform", "draws one spring: give single --damping and --response values")
            }
            if springs[0].spring.isInstantaneous {
                throw CommandLineRefusal(
                    .instantaneousSpring, option: "--response",
                    "must be > 0 for --platform: a response-0 spring is an instant jump")
            }
        }
    }

    func run() throws {
        if let chart = try platformChart() {
            try self.chart.write(chart, defaultName: "springplot-platforms")
            return
        }
        try plot.draw()
    }

    /// With `--platform`, the chart of what the platforms display; nil without it.
    func platformChart() throws -> Chart? {
        guard let platform else { return nil }
        let named = try spring.springs()[0]
        return PlatformChart.chart(
            spring: named, motion: motion.motion, platforms: platform.platforms, fps: fps,
            timeSpan: self.chart.timeSpan, frame: self.chart.frame,
            parameters: minimumVisibleChange.parameters)
    }

    /// What to draw without `--platform`, as plain values.
    var plot: CurvePlot {
        get throws {
            CurvePlot(
                springs: try spring.springs(), motion: motion.motion, span: chart.span, canvas: chart.canvas.settings)
        }
    }
}

/// The curve chart of one or more springs, as plain values: what ``Curve`` reads through
/// ArgumentParser.
struct CurvePlot: Equatable {
    var springs: [NamedSpring]
    var motion: Motion
    var span: ChartSpan
    var canvas: CanvasSettings

    /// Draws the chart and writes it where the canvas says.
    func draw() throws {
        try canvas.write(chart, defaultName: "springplot-curve")
    }

    /// The chart it draws.
    var chart: Chart {
        CurveChart.chart(
            springs: springs, motion: motion, tolerance: span.tolerance, timeSpan: span.timeSpan, frame: canvas.frame)
    }
}
