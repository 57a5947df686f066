import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringWire

extension ChartCanvasOptions {
    /// Renders `chart` into the format these options ask for and writes it where they say (the last
    /// step of every chart command).
    func write(_ chart: Chart, defaultName: String) throws {
        try settings.write(chart, defaultName: defaultName)
    }
}

extension CanvasSettings {
    /// Renders `chart` into the format these settings ask for and writes it where they say.
    func write(_ chart: Chart, defaultName: String) throws {
        let destination = try destination(defaultName: defaultName)
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
}

extension ChartOptionsOf {
    /// ``ChartCanvasOptions/write(_:defaultName:)`` with these options' canvas.
    func write(_ chart: Chart, defaultName: String) throws {
        try canvas.write(chart, defaultName: defaultName)
    }
}

extension ChartOptionsOf {
    var frame: ChartFrame { canvas.frame }
}

extension ChartCanvasOptions {
    /// Size, scale, theme and title as the chart library takes them.
    var frame: ChartFrame { settings.frame }
}

extension CanvasSettings {
    /// Size, scale, theme and title as the chart library takes them.
    var frame: ChartFrame {
        ChartFrame(title: title, width: width, height: height, scale: scale, theme: chartTheme)
    }
}

extension MotionOptions {
    /// The subtitle for the command line's motion.
    func subtitle(springs: [NamedSpring]) -> String {
        motion.subtitle(springs: springs)
    }
}

extension SpringAnalysis {
    init(_ named: NamedSpring, motion options: MotionOptions, tolerance: Double) {
        self.init(named, motion: options.motion, tolerance: tolerance)
    }
}
