import ArgumentParser
import SpringCharts
import SpringConventions
import SpringFigures
import SpringWire

/// Small multiples: one position curve per spring over ranges of damping and response, or over
/// named presets, on shared axes.
struct Grid: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Small multiples: one curve per spring over ranges of damping ratio and response, or over presets.",
        discussion: """
            Rows are damping ratios (--damping) and columns are responses (--response), each given as \
            start:end:count (both ends included, start may exceed end) or as a comma list, at most \
            \(ParameterSweep.maximumCount) values per axis. Or --presets: a comma list of preset names, \
            families (\(SpringPreset.families.joined(separator: ", "))) or all, in a near-square grid. Every \
            cell shows the position with its settle band, settle time and overshoot, on axes shared by all \
            cells.

            Presets: \(SpringPreset.all.map(\.name).joined(separator: ", ")).

            Examples:
              springplot grid --damping 0.2:1.2:6 --response 0.3:1.2:4 -o grid.png
              springplot grid --presets swiftui,m3-expressive-fast,react-spring-wobbly -o presets.svg
            """)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Damping ratios, one per row: start:end:count or a comma list. (default: 0.2:1:5)",
            valueName: "range"))
    var damping: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Responses in seconds, one per column: start:end:count or a comma list. (default: 0.3:1.2:4)",
            valueName: "range"))
    var response: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Mass > 0, with --damping and --response. (default: 1)", valueName: "mass"))
    var mass: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Named presets instead of ranges: a comma list of names, families, or all.", valueName: "names"))
    var presets: String?

    @OptionGroup(title: "Motion") var motion: MotionOptions
    @OptionGroup(title: "Chart") var chart: ChartOptionsOf<GridChartSize>

    func validate() throws {
        if presets != nil {
            for (given, name) in [
                (damping != nil, "--damping"), (response != nil, "--response"), (mass != nil, "--mass")
            ] where given {
                throw CommandLineRefusal(
                    .conflictingParameters, option: name, "cannot be combined with --presets: give ranges or presets")
            }
        }
        let frame = try gridChart()
        let minimum = frame.minimumSize
        if chart.width < minimum.width || chart.height < minimum.height {
            let rows = frame.grid?.rows(panelCount: frame.panels.count) ?? 1
            throw CommandLineRefusal(
                .outOfRange, parameter: "width",
                sentence:
                    "--width × --height \(label(chart.width)) × \(label(chart.height)) is too small for a grid of \(rows) × \(frame.grid?.columns ?? 1) cells: the minimum is \(Int(minimum.width)) × \(Int(minimum.height))"
            )
        }
    }

    func run() throws {
        try chart.write(try gridChart(), defaultName: "springplot-grid")
    }

    /// The chart the options describe.
    func gridChart() throws -> Chart {
        let options = chart
        do {
            if let presets {
                return GridChart.chart(
                    presets: try SpringPreset.named(presets), motion: motion.motion,
                    tolerance: options.tolerance, timeSpan: options.timeSpan, frame: options.frame)
            }
            let ratios = try ParameterSweep.values(damping ?? "0.2:1:5", parameter: "damping")
            let responses = try ParameterSweep.values(response ?? "0.3:1.2:4", parameter: "response")
            let springs = try GridChart.springs(dampingRatios: ratios, responses: responses, mass: mass ?? 1)
            return GridChart.chart(
                dampingRatios: ratios, responses: responses, springs: springs, motion: motion.motion,
                tolerance: options.tolerance, timeSpan: options.timeSpan, frame: options.frame)
        } catch {
            throw CommandLineRefusal(error)
        }
    }
}
