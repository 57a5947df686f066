import ArgumentParser
import SpringCharts
import SpringConventions
import SpringFigures
import SpringWire

extension OutputFormat: ExpressibleByArgument {}

enum ThemeName: String, ExpressibleByArgument, CaseIterable {
    case light, dark
}

/// A command's default canvas, in logical px.
protocol DefaultChartSize {
    static var width: Double { get }
    static var height: Double { get }
}

/// 1200 × 800: one chart of one to three panels.
enum StandardChartSize: DefaultChartSize {
    static let width = 1200.0
    static let height = 800.0
}

/// 1600 × 1200: a grid of small multiples, up to 8 × 8 cells.
enum GridChartSize: DefaultChartSize {
    static let width = 1600.0
    static let height = 1200.0
}

typealias ChartOptions = ChartOptionsOf<StandardChartSize>
typealias CanvasOptions = ChartCanvasOptions<StandardChartSize>

/// A chart of motion over time: the canvas, and how much of the motion to show. The canvas's
/// options read as its own (`chart.width`, `chart.destination(defaultName:)`).
@dynamicMemberLookup
struct ChartOptionsOf<Size: DefaultChartSize>: ParsableArguments {
    @OptionGroup var canvas: ChartCanvasOptions<Size>

    @Option(
        name: .customLong("time-span"), parsing: .unconditional,
        help: ArgumentHelp("Seconds of motion to show. (default: past the settle time)", valueName: "seconds"))
    var timeSpan: Double?

    @Option(
        name: .customLong("tolerance"), parsing: .unconditional,
        help: ArgumentHelp(
            "Settle tolerance as a fraction of the travel, for the settle band and time. (default: 0.01)",
            valueName: "fraction"))
    var givenTolerance: Double?

    /// `--epsilon`, the old spelling of `--tolerance`: still accepted for one release, not shown in the help.
    @Option(name: .customLong("epsilon"), parsing: .unconditional, help: .hidden)
    var epsilon: Double?

    /// The time span and settle tolerance these options give, as plain values.
    var span: ChartSpan { ChartSpan(timeSpan: timeSpan, givenTolerance: givenTolerance, epsilon: epsilon) }

    /// The settle tolerance: `--tolerance`, or its old spelling `--epsilon`, or 0.01.
    var tolerance: Double { span.tolerance }

    func validate() throws { try span.validate() }

    subscript<Value>(dynamicMember path: KeyPath<ChartCanvasOptions<Size>, Value>) -> Value { canvas[keyPath: path] }

    func destination(defaultName: String) throws -> OutputDestination {
        try canvas.destination(defaultName: defaultName)
    }
}

/// The chart's size, look and destination; `Size` gives the default canvas. Commands that chart a
/// recording (verify, fit) take these alone: the recording sets the time span.
struct ChartCanvasOptions<Size: DefaultChartSize>: ParsableArguments {
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "Output file (.png, .svg or .pdf), or - for standard output. Without it a default file is written and its path printed. A device or FIFO is written in place (PNG unless --format says otherwise).",
            valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Output format, overriding the file extension: png, svg or pdf.", valueName: "format"))
    var format: OutputFormat?

    @Option(parsing: .unconditional, help: ArgumentHelp("Chart width in pixels at scale 1.", valueName: "px"))
    var width: Double = Size.width

    @Option(parsing: .unconditional, help: ArgumentHelp("Chart height in pixels at scale 1.", valueName: "px"))
    var height: Double = Size.height

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Pixel density for PNG output (2 for HiDPI).", valueName: "factor"))
    var scale: Double = 1

    @Option(help: ArgumentHelp("Colour theme: light or dark.", valueName: "theme"))
    var theme: ThemeName = .light

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Chart title (default: one describing what is drawn).", valueName: "text"))
    var title: String?

    /// The canvas these options give, as plain values.
    var settings: CanvasSettings {
        CanvasSettings(
            output: output, format: format, width: width, height: height, scale: scale, theme: theme, title: title)
    }

    func validate() throws { try settings.validate() }

    /// Where to write, and in which format.
    func destination(defaultName: String) throws -> OutputDestination {
        try settings.destination(defaultName: defaultName)
    }

    var chartTheme: Theme { settings.chartTheme }
}

/// How much of the motion a chart shows and its settle tolerance, as plain values (read by
/// ``ChartOptionsOf``).
struct ChartSpan: Equatable {
    /// The shortest and longest time spans a chart shows, in seconds (a shorter span leaves no room
    /// between samples, ticks or frames).
    static let shortestSpan = 1e-6
    static let longestSpan = 1e6

    var timeSpan: Double?
    /// `--tolerance` as given.
    var givenTolerance: Double?
    /// `--epsilon`, the old spelling of `--tolerance`.
    var epsilon: Double?

    /// The settle tolerance: `--tolerance`, or its old spelling `--epsilon`, or 0.01.
    var tolerance: Double { givenTolerance ?? epsilon ?? 0.01 }

    func validate() throws {
        if let timeSpan { try requirePositive(timeSpan, "--time-span") }
        if let timeSpan, timeSpan > ChartSpan.longestSpan || timeSpan < ChartSpan.shortestSpan {
            throw CommandLineRefusal(
                .outOfRange, option: "--time-span", "must be between 1e-6 and 1000000 s (got \(shortest(timeSpan)))")
        }
        if givenTolerance != nil && epsilon != nil {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--epsilon",
                "is the old spelling of --tolerance: give --tolerance alone")
        }
        // The message names the spelling that was used.
        let option = epsilon == nil ? "--tolerance" : "--epsilon"
        try requirePositive(tolerance, option)
        if tolerance >= 1 || tolerance < 1e-9 {
            throw CommandLineRefusal(.outOfRange, option: option, "must be between 1e-9 and 1 (got \(tolerance))")
        }
    }
}

/// A chart's size, look and destination, as plain values (read by ``ChartCanvasOptions``).
struct CanvasSettings: Equatable {
    var output: String?
    var format: OutputFormat?
    var width: Double
    var height: Double
    var scale: Double
    var theme: ThemeName
    var title: String?

    func validate() throws {
        try requirePositive(width, "--width")
        try requirePositive(height, "--height")
        let minimumWidth = Int(Chart.minimumWidth), minimumHeight = Int(Chart.minimumHeight)
        if width < Chart.minimumWidth || width > 10_000 {
            throw CommandLineRefusal(
                .outOfRange, option: "--width",
                "must be between \(minimumWidth) and 10000 (got \(label(width))): a chart needs at least \(minimumWidth) × \(minimumHeight) px"
            )
        }
        if height < Chart.minimumHeight || height > 10_000 {
            throw CommandLineRefusal(
                .outOfRange, option: "--height",
                "must be between \(minimumHeight) and 10000 (got \(label(height))): a chart needs at least \(minimumWidth) × \(minimumHeight) px"
            )
        }
        try requirePositive(scale, "--scale")
        if scale > 8 || scale < 0.25 {
            throw CommandLineRefusal(.outOfRange, option: "--scale", "must be between 0.25 and 8 (got \(scale))")
        }
        if width * height * scale * scale > 100_000_000 {
            throw CommandLineRefusal(
                .overLimit, parameter: "scale", sentence: "--width × --height × --scale² must stay under 100 megapixels"
            )
        }
        let destination = try destination(defaultName: "springplot")
        try validateTitle(for: destination)
    }

    /// PNG and PDF draw text with one font and no shaping: refuse a title they would draw as boxes or
    /// backwards, naming the characters (SVG leaves shaping to the viewer).
    private func validateTitle(for destination: OutputDestination) throws {
        guard let title, !title.isEmpty else { return }
        let format: OutputFormat
        switch destination {
        case .standardOutput(let f): format = f
        case .file(_, let f, _): format = f
        }
        guard format != .svg else { return }
        let unsupported = try TextSupport.unsupportedCharacters(in: title, theme: chartTheme)
        guard !unsupported.isEmpty else { return }
        let listed = unsupported.map { String($0) }.joined(separator: " ")
        throw CommandLineRefusal(
            .malformed, option: "--title",
            "has characters \(format.rawValue.uppercased()) output cannot draw (no glyph in the chart font, or right-to-left script): \(listed); write SVG (-o name.svg) or leave them out"
        )
    }

    /// Where to write, and in which format.
    func destination(defaultName: String) throws -> OutputDestination {
        guard let output else {
            let chosen = format ?? .png
            return .file(path: "\(defaultName).\(chosen.rawValue)", format: chosen, announce: true)
        }
        if output == "-" { return .standardOutput(format: format ?? .png) }
        if output.isEmpty { throw CommandLineRefusal(.malformed, option: "--output", "must not be empty") }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        if let format {
            if let dot = name.lastIndex(of: "."), dot != name.startIndex,
                let named = OutputFormat(rawValue: name[name.index(after: dot)...].lowercased()), named != format
            {
                throw CommandLineRefusal(
                    .conflictingParameters, parameter: "format",
                    sentence: "--format \(format.rawValue) conflicts with the --output extension '.\(named.rawValue)'")
            }
            return .file(path: output, format: format, announce: false)
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            // A device or FIFO (/dev/null, a named pipe) has no extension: PNG, as for standard output.
            if OutputWriter.isDeviceOrFIFO(output) { return .file(path: output, format: .png, announce: false) }
            throw CommandLineRefusal(
                .malformed, option: "--output", "'\(output)' has no extension: use .png, .svg or .pdf, or give --format"
            )
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let inferred = OutputFormat(rawValue: ext) else {
            throw CommandLineRefusal(
                .unknownName, option: "--output",
                "extension '.\(ext)' is not supported: use .png, .svg or .pdf, or give --format")
        }
        return .file(path: output, format: inferred, announce: false)
    }

    var chartTheme: Theme { theme == .dark ? .dark : .light }
}
