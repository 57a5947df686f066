import SpringCharts
import SpringConventions
import SpringFormatting
import SpringMath

/// Small multiples of springs, one position curve per cell on shared axes: what `springplot grid`
/// draws.
///
/// Each cell shows the exact motion, the settle band, the settle time (a dashed line labelled
/// "0.84 s") and the overshoot peak (a dot labelled "16 %"). Every cell spans the same time, the
/// longest suggested span of its springs (or `timeSpan`), and the same position range.
public enum GridChart {
    /// The springs for every damping ratio (rows) and response (columns), row by row.
    /// - Throws: naming `damping`, `response` or `mass`, for a value no spring takes.
    public static func springs(
        dampingRatios: [Double], responses: [Double],
        mass: Double = 1
    ) throws(SpringInputError) -> [NamedSpring] {
        var springs: [NamedSpring] = []
        for ratio in dampingRatios {
            for response in responses {
                let input = SpringInput(values: ["damping": [ratio], "response": [response], "mass": [mass]])
                springs += try input.springs(maximum: 1)
            }
        }
        return springs
    }

    /// Rows of damping ratios, columns of responses.
    /// - Precondition: `springs` from ``springs(dampingRatios:responses:mass:)`` with the same lists.
    public static func chart(
        dampingRatios: [Double], responses: [Double], springs: [NamedSpring], motion: Motion,
        tolerance: Double, timeSpan: Double?, frame: ChartFrame
    ) -> Chart {
        precondition(springs.count == dampingRatios.count * responses.count, "one spring per cell")
        let grid = PanelGrid(
            columns: responses.count,
            columnHeaders: responses.map { "response \(label($0)) s" },
            compactColumnHeaders: responses.map { "\(label($0)) s" },
            rowHeaders: dampingRatios.map { "ζ \(label($0))" })
        var subtitle = motion.subtitle(springs: [])
        if let mass = springs.first?.spring.mass, mass != 1 { subtitle += "  ·  m = \(label(mass, digits: 4))" }
        subtitle += "  ·  rows: damping ratio ζ, columns: response"
        return chart(
            springs: springs, grid: grid, motion: motion, tolerance: tolerance, timeSpan: timeSpan, frame: frame,
            title: "\(dampingRatios.count) damping ratios × \(responses.count) responses", subtitle: subtitle)
    }

    /// One cell per preset, titled, in a near-square grid.
    public static func chart(
        presets: [SpringPreset], motion: Motion, tolerance: Double, timeSpan: Double?,
        frame: ChartFrame
    ) -> Chart {
        let grid = PanelGrid(
            columns: columns(forCount: presets.count),
            cellTitles: presets.map(\.title))
        let springs = presets.map { NamedSpring(spring: $0.spring, name: $0.title) }
        return chart(
            springs: springs, grid: grid, motion: motion, tolerance: tolerance, timeSpan: timeSpan, frame: frame,
            title: presets.count == 1 ? "1 spring preset" : "\(presets.count) spring presets",
            subtitle: motion.subtitle(springs: []))
    }

    /// "0.84 s · 16 %": the settle time and the overshoot, the same in every cell (short enough
    /// for an 8 × 8 grid).
    static func caption(_ analysis: SpringAnalysis) -> String {
        let settle = analysis.settleTime
        let time = "\(label(settle, digits: 2)) s"  // "∞ s" for an undamped spring
        let overshoot = analysis.metrics.overshoot
        // Near ζ = 1 an overshoot of 1e-18 is real but reads as noise.
        let peak = overshoot > 0 && overshoot < 1e-4 ? "< 0.01 %" : "\(label(overshoot * 100, digits: 2)) %"
        return "\(time) · \(peak)"
    }

    /// Columns for a near-square grid of `count` cells: ⌈√count⌉.
    public static func columns(forCount count: Int) -> Int {
        var columns = 1
        while columns * columns < count { columns += 1 }
        return columns
    }

    private static func chart(
        springs: [NamedSpring], grid: PanelGrid, motion: Motion, tolerance: Double,
        timeSpan: Double?, frame: ChartFrame, title: String, subtitle: String
    ) -> Chart {
        let analyses = springs.map { SpringAnalysis($0, motion: motion, tolerance: tolerance) }
        let span = timeSpan ?? analyses.map(\.suggestedSpan).max() ?? 1
        var grid = grid
        grid.cellCaptions = analyses.map(caption)
        grid.xAxis = Axis("time (s)", range: 0...span)
        grid.yAxis = Axis("position")
        let panels = analyses.map { cell($0, span: span) }
        let legend = "each cell: settle time (dashed, ±\(NumberFormat.percent(tolerance))) · overshoot (dot)"
        var chart = frame.chart(title: title, subtitle: subtitle + "  ·  " + legend, panels: panels)
        chart.grid = grid
        return chart
    }

    /// One cell: the curve over the band and target, a dashed line at its settle time and a dot at
    /// its overshoot peak.
    private static func cell(_ analysis: SpringAnalysis, span: Double) -> Panel {
        let samples = analysis.motion.sampled(count: 601, span: span)
        let target = analysis.motion.to
        var annotations: [Annotation] = [
            .horizontalBand(lower: target - analysis.band, upper: target + analysis.band, label: nil),
            .horizontalLine(y: target, label: nil, style: .dotted)
        ]
        let settle = analysis.settleTime
        if settle.isFinite && settle > 0 && settle <= span {
            annotations.append(.verticalLine(x: settle, label: nil, style: .muted))
        }
        let metrics = analysis.metrics
        if let peak = metrics.peakTime, metrics.overshoot > 1e-9, peak <= span {
            annotations.append(.marker(x: peak, y: analysis.motion.position(at: peak), label: nil))
        }
        return Panel(
            series: [Series(xs: samples.times, ys: samples.positions, lineWidth: 2)],
            annotations: annotations, showsLegend: false)
    }
}
