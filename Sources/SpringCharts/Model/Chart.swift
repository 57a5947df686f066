/// A chart: a title, a subtitle and panels stacked vertically (or arranged in a ``PanelGrid``), drawn
/// on a canvas of `width` × `height` logical px, at least ``minimumWidth`` × ``minimumHeight`` (and
/// ``PanelGrid/minimumSize(panelCount:)`` for a grid).
///
/// The theme's type sizes hold for a 1200 × 800 canvas; on other canvases the layout scales type,
/// spacing and strokes with `min(width / 1200, height / 800)` (clamped to 0.75...4), so a small chart
/// keeps legible text and a large one is not a sea of tiny labels. A title or subtitle too long for
/// the canvas is cut with an ellipsis.
///
/// A chart is plain data. ``layout(measurer:)`` turns it into a ``DisplayList`` and
/// ``CairoRenderer`` draws it as PNG, SVG or PDF:
///
/// ```swift
/// let chart = Chart(title: "Spring", panels: [
///     Panel(xAxis: Axis("time (s)"), yAxis: Axis("position"),
///           series: [Series(name: "x(t)", xs: times, ys: positions)])
/// ])
/// let png = try CairoRenderer().render(chart, format: .png)
/// ```
public struct Chart: Hashable, Sendable {
    /// Drawn top-left in bold; also the SVG `<title>` and the PDF title.
    public var title: String?
    /// Smaller text under the title, e.g. the parameters.
    public var subtitle: String?
    /// Stacked top to bottom with equal plot heights and shared plot left and right edges, unless
    /// ``grid`` arranges them.
    public var panels: [Panel]
    /// `nil`: the panels are stacked. Otherwise they fill a grid of small multiples row by row, on
    /// shared axes.
    public var grid: PanelGrid?
    /// The canvas width in logical px.
    public var width: Double
    /// The canvas height in logical px.
    public var height: Double
    /// Device pixels per logical px for PNG (2 for HiDPI): the PNG is `width·scale` × `height·scale`
    /// pixels. SVG and PDF keep the logical size.
    public var scale: Double
    public var theme: Theme

    /// The smallest canvas that holds a chart of two stacked panels with readable type: 400 × 300
    /// logical px. ``CairoRenderer/render(_:format:)`` refuses a smaller chart.
    public static let minimumWidth = 400.0
    /// See ``minimumWidth``.
    public static let minimumHeight = 300.0

    public init(
        title: String? = nil, subtitle: String? = nil, panels: [Panel], width: Double = 1200,
        height: Double = 800, scale: Double = 1, theme: Theme = .light, grid: PanelGrid? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.panels = panels
        self.grid = grid
        self.width = width
        self.height = height
        self.scale = scale
        self.theme = theme
    }

    /// The smallest canvas this chart accepts: ``minimumWidth`` × ``minimumHeight``, or more for a
    /// grid of many panels.
    public var minimumSize: (width: Double, height: Double) {
        guard let grid else { return (Chart.minimumWidth, Chart.minimumHeight) }
        let size = grid.minimumSize(panelCount: panels.count)
        return (max(Chart.minimumWidth, size.width), max(Chart.minimumHeight, size.height))
    }
}

/// One plot area with its axes, series, annotations and legend.
public struct Panel: Hashable, Sendable {
    public var xAxis: Axis
    public var yAxis: Axis
    /// Drawn in order: later series on top.
    public var series: [Series]
    public var annotations: [Annotation]
    /// Whether to draw a legend for the series that have a name. The legend goes to a spot inside
    /// the plot that crosses no curve; when there is none, beside the plot, or below it on a narrow
    /// canvas.
    public var showsLegend: Bool

    public init(
        xAxis: Axis = Axis(), yAxis: Axis = Axis(), series: [Series] = [],
        annotations: [Annotation] = [], showsLegend: Bool = true
    ) {
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
        self.annotations = annotations
        self.showsLegend = showsLegend
    }
}

/// An axis: its label and its range.
public struct Axis: Hashable, Sendable {
    /// The axis title with its unit, e.g. "time (s)". Empty: no label.
    public var label: String
    /// The data range shown. `nil`: from the data (finite series points and annotation values),
    /// padded by ``padding``, and widened to the next tick when that adds little. A range whose ends
    /// are equal is widened around its value.
    public var range: ClosedRange<Double>?
    /// The fraction of the data span added at each end of an automatic range. `nil`: 0.05, except
    /// on an x axis whose series all run left to right (a time axis), where the data runs edge to
    /// edge.
    public var padding: Double?

    public init(_ label: String = "", range: ClosedRange<Double>? = nil, padding: Double? = nil) {
        self.label = label
        self.range = range
        self.padding = padding
    }

    public init(label: String, range: ClosedRange<Double>? = nil, padding: Double? = nil) {
        self.init(label, range: range, padding: padding)
    }
}

/// How a line is dashed. Dash lengths scale with the line width.
public enum LineDash: Hashable, Sendable {
    case solid
    case dashed
    case dotted
}

/// How a series joins its points.
public enum SeriesInterpolation: Hashable, Sendable {
    /// Straight lines from point to point: a continuous quantity sampled finely.
    case linear
    /// Each value holds until the next point's x, then jumps: values that exist only at discrete
    /// instants, such as a numeric integrator's frames.
    case steps
}

/// A curve through points `(xs[i], ys[i])`. A point with a non-finite coordinate breaks the curve:
/// the line stops before it and starts again after it.
public struct Series: Hashable, Sendable {
    /// The legend entry; `nil` keeps the series out of the legend.
    public var name: String?
    public var xs: [Double]
    public var ys: [Double]
    public var color: SeriesColor
    /// The stroke width in logical px.
    public var lineWidth: Double
    public var dash: LineDash
    /// Multiplies the colour's alpha, e.g. 0.35 for a faint reference curve.
    public var opacity: Double
    public var interpolation: SeriesInterpolation

    /// - Precondition: `xs.count == ys.count`.
    public init(
        name: String? = nil, xs: [Double], ys: [Double], color: SeriesColor = .palette(0),
        lineWidth: Double = 2, dash: LineDash = .solid, opacity: Double = 1,
        interpolation: SeriesInterpolation = .linear
    ) {
        precondition(xs.count == ys.count, "a series needs as many xs as ys")
        self.name = name
        self.xs = xs
        self.ys = ys
        self.color = color
        self.lineWidth = lineWidth
        self.dash = dash
        self.opacity = opacity
        self.interpolation = interpolation
    }
}

/// The look of an annotation line: its colour, dash and width.
public struct AnnotationStyle: Hashable, Sendable {
    public var color: SeriesColor
    public var dash: LineDash
    /// The stroke width in logical px.
    public var lineWidth: Double

    public init(color: SeriesColor = .muted, dash: LineDash = .dashed, lineWidth: Double = 1.25) {
        self.color = color
        self.dash = dash
        self.lineWidth = lineWidth
    }

    /// A dashed line in the theme's muted colour: the default for reference lines.
    public static let muted = AnnotationStyle()
    /// A solid line in the theme's foreground colour.
    public static let emphasis = AnnotationStyle(color: .foreground, dash: .solid)
    /// A dotted line in the theme's muted colour.
    public static let dotted = AnnotationStyle(dash: .dotted, lineWidth: 1.5)
}

/// Marks and text on a panel beyond its series. Line values, band edges and markers count toward
/// the automatic axis ranges; labels are placed inside the plot, clear of the curves, the reference
/// lines and each other where possible. Equal marker labels are written once.
public enum Annotation: Hashable, Sendable {
    /// A vertical line at `x` across the plot, e.g. "settles 1.32 s". `short` is said instead of
    /// `label` where `label` fits on neither side of the line inside the plot (a narrow chart).
    case verticalLine(x: Double, label: String?, style: AnnotationStyle, short: String? = nil)
    /// A horizontal line at `y` across the plot, e.g. the target.
    case horizontalLine(y: Double, label: String?, style: AnnotationStyle)
    /// A light fill between `lower` and `upper` across the plot, e.g. the settle band. A band
    /// thinner than a readable minimum (10 px on a 1200 × 800 canvas) is drawn that tall, centred on
    /// its values, so a ±1 % tolerance stays visible; say what it is in its label.
    case horizontalBand(lower: Double, upper: Double, label: String?)
    /// A small circle at a point with an optional label beside it, e.g. the overshoot peak. The circle
    /// and the label take `color`: give each series' markers its colour when series overlap.
    case marker(x: Double, y: Double, label: String?, color: SeriesColor = .foreground)
    /// Small text in a free corner of the plot, e.g. "diverges (clipped)".
    case note(String)
}

/// The file formats ``CairoRenderer`` writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case png
    case svg
    case pdf

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The media type, e.g. `image/png`.
    public var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .svg: return "image/svg+xml"
        case .pdf: return "application/pdf"
        }
    }
}
