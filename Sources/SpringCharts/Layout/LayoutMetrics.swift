/// Type sizes, spacing and stroke weights for one canvas.
///
/// The theme's sizes and the layout's spacing are given for the reference canvas of 1200 × 800
/// logical px. A chart on another canvas scales them by `min(width / 1200, height / 800)`, clamped to
/// ``scaleRange``: a 600 × 400 chart keeps legible type, a 4000 × 3000 poster gets type that reads
/// at its size. Strokes grow with the canvas but never thin below their reference width.
struct LayoutMetrics: Hashable, Sendable {
    static let referenceWidth = 1200.0
    static let referenceHeight = 800.0
    /// Below 0.75, 13 px tick labels would drop under 10 px; above 4 the type stops growing.
    static let scaleRange = 0.75...4.0

    /// The factor applied to every reference size.
    let scale: Double

    init(width: Double, height: Double) {
        let raw = min(width / LayoutMetrics.referenceWidth, height / LayoutMetrics.referenceHeight)
        let range = LayoutMetrics.scaleRange
        scale = raw.isFinite ? min(range.upperBound, max(range.lowerBound, raw)) : 1
    }

    /// The metrics of a grid of small multiples (``PanelGrid``): the reference sizes up to a
    /// 1600 × 1200 canvas, growing beyond it, never shrinking (a grid that does not fit is refused).
    init(gridWidth width: Double, height: Double) {
        let raw = min(width / 1600, height / 1200)
        scale = raw.isFinite ? min(LayoutMetrics.scaleRange.upperBound, max(1, raw)) : 1
    }

    /// The factor for stroke widths and marker sizes: lines grow on large canvases, never shrink.
    var strokeScale: Double { max(1, scale) }

    // Spacing, in logical px.
    var outerPadding: Double { 20 * scale }
    var subtitleGap: Double { 5 * scale }
    var headerGap: Double { 18 * scale }
    var panelGap: Double { 30 * scale }
    var tickLength: Double { 5 * scale }
    var tickLabelGap: Double { 4 * scale }
    var axisLabelGap: Double { 8 * scale }
    var yLabelGap: Double { 10 * scale }
    /// The least distance between y ticks, and between x ticks (x labels are wide).
    var yTickSpacing: Double { 40 * scale }
    var xTickSpacing: Double { 90 * scale }
    /// The least free space between neighbouring x tick labels.
    var xLabelClearance: Double { 18 * scale }
    /// The gap between a plot and a legend placed beside it.
    var legendGap: Double { 14 * scale }

    // Annotations.
    var markerRadius: Double { 4.5 * strokeScale }
    var labelGap: Double { 5 * scale }
    var plotInset: Double { 6 * scale }
    /// The least drawn height of a horizontal band: a ±1 % band is a few px tall at full scale and
    /// would vanish under the curve and the target line.
    var minimumBandHeight: Double { 10 * scale }

    // Legend.
    var legendPaddingX: Double { 10 * scale }
    var legendPaddingY: Double { 6 * scale }
    var legendSampleWidth: Double { 26 * scale }
    var legendSampleGap: Double { 8 * scale }
    var legendInset: Double { 10 * scale }

    /// `font` at this canvas's size.
    func scaled(_ font: Font) -> Font {
        var copy = font
        copy.size = font.size * scale
        return copy
    }
}
