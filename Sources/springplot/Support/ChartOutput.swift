import SpringCharts
import SpringMath
import SpringPlotCore

/// Renders a chart into the format the options ask for and writes it (the last step of every chart
/// command).
func renderAndWrite<Size>(_ chart: Chart, options: ChartOptionsOf<Size>, defaultName: String) throws {
    try renderAndWrite(chart, options: options.canvas, defaultName: defaultName)
}

/// ``renderAndWrite(_:options:defaultName:)`` for a command that takes the canvas options alone.
func renderAndWrite<Size>(_ chart: Chart, options: ChartCanvasOptions<Size>, defaultName: String) throws {
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

/// The chart with the options' frame (size, scale, theme, title).
func makeChart(title: String, subtitle: String?, panels: [Panel], options: ChartOptions) -> Chart {
    options.frame.chart(title: title, subtitle: subtitle, panels: panels)
}

/// ``makeChart(title:subtitle:panels:options:)`` for a command that takes the canvas options alone.
func makeChart(title: String, subtitle: String?, panels: [Panel], options: CanvasOptions) -> Chart {
    options.frame.chart(title: title, subtitle: subtitle, panels: panels)
}

extension ChartOptionsOf {
    var frame: ChartFrame { canvas.frame }
}

extension ChartCanvasOptions {
    /// Size, scale, theme and title as the chart library takes them.
    var frame: ChartFrame {
        ChartFrame(title: title, width: width, height: height, scale: scale, theme: chartTheme)
    }
}

/// The subtitle for the command line's motion.
func motionSubtitle(_ motion: MotionOptions, springs: [NamedSpring]) -> String {
    motionSubtitle(motion.motion, springs: springs)
}

extension SpringAnalysis {
    init(_ named: NamedSpring, motion options: MotionOptions, tolerance: Double) {
        self.init(named, motion: options.motion, tolerance: tolerance)
    }
}
