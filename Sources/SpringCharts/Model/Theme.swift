/// Colours and type of a chart: the background, text, axis and grid colours, the series palette and
/// the font sizes, in logical px.
public struct Theme: Hashable, Sendable {
    public var background: ChartColor
    /// Titles, axis labels, legend text.
    public var foreground: ChartColor
    /// Tick labels, subtitle, annotations and notes.
    public var muted: ChartColor
    /// The left and bottom axis lines and their ticks.
    public var axis: ChartColor
    public var grid: ChartColor
    /// The horizontal line at y = 0 when 0 lies inside the y range: a grid line with more weight.
    public var zeroLine: ChartColor
    /// The fill of a horizontal band annotation; its edges are drawn at 2.5 times this alpha.
    /// Neutral, so that a band is not read as a series.
    public var band: ChartColor
    public var legendBackground: ChartColor
    public var legendBorder: ChartColor
    /// The colours `SeriesColor.palette(i)` picks from, in order.
    public var palette: [ChartColor]

    /// The font family of every text; drawn through Cairo's toy font API (fontconfig matching) and
    /// named as is in SVG `font-family`.
    public var fontFamily: String
    public var titleSize: Double
    public var subtitleSize: Double
    public var axisLabelSize: Double
    public var tickLabelSize: Double
    public var legendSize: Double
    public var annotationSize: Double

    public init(
        background: ChartColor, foreground: ChartColor, muted: ChartColor, axis: ChartColor,
        grid: ChartColor, zeroLine: ChartColor, band: ChartColor, legendBackground: ChartColor,
        legendBorder: ChartColor, palette: [ChartColor], fontFamily: String = "DejaVu Sans",
        titleSize: Double = 21, subtitleSize: Double = 14, axisLabelSize: Double = 15,
        tickLabelSize: Double = 13, legendSize: Double = 13, annotationSize: Double = 12.5
    ) {
        self.background = background
        self.foreground = foreground
        self.muted = muted
        self.axis = axis
        self.grid = grid
        self.zeroLine = zeroLine
        self.band = band
        self.legendBackground = legendBackground
        self.legendBorder = legendBorder
        self.palette = palette
        self.fontFamily = fontFamily
        self.titleSize = titleSize
        self.subtitleSize = subtitleSize
        self.axisLabelSize = axisLabelSize
        self.tickLabelSize = tickLabelSize
        self.legendSize = legendSize
        self.annotationSize = annotationSize
    }

    /// The same theme with every font size multiplied by `factor` (for a chart shown smaller than its
    /// canvas, so that its text stays readable).
    /// - Precondition: `factor` finite and > 0.
    public func scalingText(by factor: Double) -> Theme {
        precondition(factor.isFinite && factor > 0, "factor must be finite and > 0")
        var theme = self
        theme.titleSize *= factor
        theme.subtitleSize *= factor
        theme.axisLabelSize *= factor
        theme.tickLabelSize *= factor
        theme.legendSize *= factor
        theme.annotationSize *= factor
        return theme
    }

    /// White background, near-black text, light grey grid; Okabe–Ito palette starting with blue and
    /// keeping yellow for last.
    public static let light = Theme(
        background: .white,
        foreground: ChartColor(rgb: 0x1A1A1A),
        muted: ChartColor(rgb: 0x595959),
        axis: ChartColor(rgb: 0x4D4D4D),
        grid: ChartColor(rgb: 0xE6E6E6),
        zeroLine: ChartColor(rgb: 0xBDBDBD),
        band: ChartColor(rgb: 0x808890, alpha: 0.2),
        legendBackground: ChartColor(rgb: 0xFFFFFF, alpha: 0.88),
        legendBorder: ChartColor(rgb: 0xD0D0D0),
        palette: [
            .blue, .orange, .bluishGreen, .vermillion, .reddishPurple, .skyBlue,
            ChartColor(rgb: 0x555555), .yellow
        ])

    /// Near-black background, light text, muted grid; the palette starts with sky blue (the darker
    /// blue moves back) and ends with a light grey instead of black.
    public static let dark = Theme(
        background: ChartColor(rgb: 0x121417),
        foreground: ChartColor(rgb: 0xE8E8E8),
        muted: ChartColor(rgb: 0xA8ACB3),
        axis: ChartColor(rgb: 0x8A8F98),
        grid: ChartColor(rgb: 0x2A2E35),
        zeroLine: ChartColor(rgb: 0x4C525C),
        band: ChartColor(rgb: 0xB8C0C8, alpha: 0.14),
        legendBackground: ChartColor(rgb: 0x121417, alpha: 0.88),
        legendBorder: ChartColor(rgb: 0x3C414A),
        palette: [
            .skyBlue, .orange, .bluishGreen, .vermillion, .reddishPurple, .yellow, .blue,
            ChartColor(rgb: 0xBBBBBB)
        ])

    /// The colour `color` stands for in this theme.
    public func resolve(_ color: SeriesColor) -> ChartColor {
        switch color {
        case .palette(let index):
            guard !palette.isEmpty else { return foreground }
            let count = palette.count
            return palette[((index % count) + count) % count]
        case .rgba(let value): return value
        case .foreground: return foreground
        case .muted: return muted
        }
    }
}
