/// What a chart looks like as plain drawing commands in logical px: the output of
/// ``Chart/layout(measurer:)`` and the input of ``CairoRenderer``.
///
/// Commands draw in order, later ones on top. A display list knows nothing about charts, so a test
/// can inspect one without Cairo, and a renderer needs no chart knowledge.
public struct DisplayList: Hashable, Sendable {
    /// The canvas size in logical px.
    public var width: Double
    public var height: Double
    /// The document title (SVG `<title>`, PDF metadata); not drawn by itself.
    public var title: String?
    public var commands: [DrawCommand]

    public init(width: Double, height: Double, title: String? = nil, commands: [DrawCommand] = []) {
        self.width = width
        self.height = height
        self.title = title
        self.commands = commands
    }
}

/// One drawing operation. Coordinates are logical px, y down.
public enum DrawCommand: Hashable, Sendable {
    /// A rectangle, filled and/or stroked, with rounded corners when `cornerRadius > 0`. A filled
    /// square-cornered rectangle is snapped to device pixels so its edges stay sharp.
    case rect(Rect, fill: ChartColor?, stroke: Stroke?, cornerRadius: Double)
    /// A straight line. A crisp line (axes, grid, ticks) is horizontal or vertical and is snapped so
    /// it covers whole device pixels: a 1 px line at scale 1 lies on a pixel centre (n + 0.5).
    case line(from: Point, to: Point, stroke: Stroke, crisp: Bool)
    /// An anti-aliased open path through the points, with round joins.
    case polyline([Point], stroke: Stroke)
    /// A circle, filled and/or stroked.
    case circle(center: Point, radius: Double, fill: ChartColor?, stroke: Stroke?)
    /// One line of text.
    case text(TextRun)
    /// Clip every following command to the rectangle until the matching ``DrawCommand/popClip``.
    case pushClip(Rect)
    /// End the innermost ``DrawCommand/pushClip(_:)``.
    case popClip
}

/// How a line is stroked.
public struct Stroke: Hashable, Sendable {
    public var color: ChartColor
    /// In logical px.
    public var width: Double
    /// Alternating on and off lengths in logical px; empty for a solid line.
    public var dash: [Double]
    public var cap: LineCap

    public init(color: ChartColor, width: Double, dash: [Double] = [], cap: LineCap = .butt) {
        self.color = color
        self.width = width
        self.dash = dash
        self.cap = cap
    }
}

/// The shape of the ends of a line (and of each dash).
public enum LineCap: Hashable, Sendable {
    case butt
    case round
    case square
}

/// A font: family, size in logical px, weight.
public struct Font: Hashable, Sendable {
    public var family: String
    public var size: Double
    public var weight: FontWeight

    public init(family: String, size: Double, weight: FontWeight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }
}

public enum FontWeight: Hashable, Sendable {
    case regular
    case bold
}

/// Where a text's anchor point lies along the text: SVG's `text-anchor`.
public enum TextAnchor: Hashable, Sendable {
    case start
    case middle
    case end
}

/// A line of text, positioned by a point on its baseline.
///
/// Vertical placement is resolved by the layout, which has the font metrics; the anchor point is
/// always on the baseline, so every renderer (Cairo, SVG `<text>`) places text the same way.
public struct TextRun: Hashable, Sendable {
    public var string: String
    /// A point on the baseline: its start, middle or end, by ``anchor``.
    public var origin: Point
    public var font: Font
    public var color: ChartColor
    public var anchor: TextAnchor
    /// Degrees, clockwise on screen, about ``origin``; -90 reads bottom to top (a y-axis label).
    public var rotation: Double

    public init(
        _ string: String, origin: Point, font: Font, color: ChartColor, anchor: TextAnchor = .start,
        rotation: Double = 0
    ) {
        self.string = string
        self.origin = origin
        self.font = font
        self.color = color
        self.anchor = anchor
        self.rotation = rotation
    }
}
