import CCairo

/// Measures text with the real font through Cairo's toy text API, with the same font options the
/// renderer draws with, so the layout's margins fit the drawn labels exactly.
///
/// Not thread-safe: it owns a Cairo context and a metrics cache. Make one per layout.
public final class CairoTextMeasurer: TextMeasurer {
    private let context: CairoContext
    private var fontMetrics: [Font: (ascent: Double, descent: Double, capHeight: Double)] = [:]
    private var selected: Font?

    /// - Throws: ``ChartRenderError`` when Cairo cannot create its scratch surface.
    public init() throws {
        context = try CairoContext(surface: try CairoSurface.image(width: 1, height: 1))
        try CairoTextStyle.apply(to: context)
    }

    public func measure(_ text: String, font: Font) -> TextMetrics {
        select(font)
        let vertical = verticalMetrics(font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context.handle, text, &extents)
        let width = extents.x_advance.isFinite ? extents.x_advance : 0
        return TextMetrics(
            width: width, ascent: vertical.ascent, descent: vertical.descent,
            capHeight: vertical.capHeight)
    }

    private func select(_ font: Font) {
        guard selected != font else { return }
        CairoTextStyle.select(font, in: context)
        selected = font
    }

    /// The font's ascent and descent (`cairo_font_extents`) and the ink height of "H".
    private func verticalMetrics(_ font: Font) -> (ascent: Double, descent: Double, capHeight: Double) {
        if let cached = fontMetrics[font] { return cached }
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(context.handle, &fontExtents)
        var capital = cairo_text_extents_t()
        cairo_text_extents(context.handle, "H", &capital)
        var metrics = (ascent: fontExtents.ascent, descent: fontExtents.descent, capHeight: -capital.y_bearing)
        if !(metrics.ascent > 0) || !metrics.ascent.isFinite { metrics.ascent = 0.93 * font.size }
        if !(metrics.descent >= 0) || !metrics.descent.isFinite { metrics.descent = 0.24 * font.size }
        if !(metrics.capHeight > 0) || !metrics.capHeight.isFinite { metrics.capHeight = 0.73 * font.size }
        fontMetrics[font] = metrics
        return metrics
    }
}

/// The font settings shared by measuring and drawing.
enum CairoTextStyle {
    /// Unhinted advance widths (so a width measured once holds on every surface and scale) and
    /// slight outline hinting for crisp PNG text.
    ///
    /// The corresponding Cairo functions are `cairo_font_options_create`,
    /// `cairo_font_options_set_hint_metrics` and `cairo_set_font_options`.
    static func apply(to context: CairoContext) throws {
        guard let options = cairo_font_options_create() else {
            throw ChartRenderError(operation: "cairo_font_options_create", cairoStatus: CAIRO_STATUS_NO_MEMORY)
        }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        let status = cairo_font_options_status(options)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ChartRenderError(operation: "cairo_font_options_set_hint_metrics", cairoStatus: status)
        }
        cairo_set_font_options(context.handle, options)
        try context.check("cairo_set_font_options")
    }

    /// Selects `font` on the context: the face loaded from its file when known (see ``FontFaces``),
    /// otherwise by name through fontconfig.
    ///
    /// The corresponding Cairo functions are `cairo_set_font_face`, `cairo_select_font_face` and
    /// `cairo_set_font_size`.
    static func select(_ font: Font, in context: CairoContext) {
        if let face = FontFaces.shared.face(family: font.family, bold: font.weight == .bold) {
            cairo_set_font_face(context.handle, face)
        } else {
            cairo_select_font_face(
                context.handle, font.family, CAIRO_FONT_SLANT_NORMAL,
                font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        }
        cairo_set_font_size(context.handle, font.size.isFinite && font.size > 0 ? font.size : 1)
    }
}
