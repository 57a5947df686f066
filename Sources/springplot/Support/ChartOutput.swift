import SpringCharts
import SpringMath

/// Renders a chart into the format the options ask for and writes it (the last step of every chart
/// command).
func renderAndWrite(_ chart: Chart, options: ChartOptions, defaultName: String) throws {
    let destination = try options.destination(defaultName: defaultName)
    let format: OutputFormat
    switch destination {
    case .standardOutput(let f): format = f
    case .file(_, let f, _): format = f
    }
    let bytes: [UInt8]
    do {
        bytes = try CairoRenderer().render(chart, format: format)
    } catch {
        throw RenderFailure(description: "cannot render the chart: \(error)")
    }
    try OutputWriter.write(bytes, to: destination)
}

/// The chart's frame: size, scale and theme from the options.
func makeChart(title: String, subtitle: String?, panels: [Panel], options: ChartOptions) -> Chart {
    Chart(title: options.title ?? title, subtitle: subtitle, panels: panels, width: options.width,
          height: options.height, scale: options.scale, theme: options.chartTheme)
}

/// `count` evenly spaced times from 0 to `span` with positions and velocities (exact).
func sample(_ motion: SpringMotion<Double>, span: Double, count: Int = 1201) -> (times: [Double], positions: [Double], velocities: [Double]) {
    let s = motion.sampled(count: count, duration: span)
    return (s.times, s.positions, s.velocities)
}

/// The subtitle line for one motion: where it goes and the spring's physical constants.
func motionSubtitle(_ motion: MotionOptions, springs: [NamedSpring]) -> String {
    var parts = ["from \(label(motion.from, digits: 4)) to \(label(motion.to, digits: 4))"]
    if motion.velocity != 0 { parts.append("v₀ = \(label(motion.velocity, digits: 4))/s") }
    if springs.count == 1 {
        let s = springs[0].spring
        if s.isInstantaneous {
            parts.append("non-animated (response 0)")
        } else {
            parts.append("k = \(label(s.stiffness, digits: 4)), c = \(label(s.damping, digits: 4)), m = \(label(s.mass, digits: 4))")
        }
    }
    return parts.joined(separator: "  ·  ")
}
