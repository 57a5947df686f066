import CCairo

/// Which characters PNG and PDF output can draw.
///
/// PNG and PDF text goes through Cairo's toy text API with one font and no shaping: a character the
/// font has no glyph for (CJK and emoji in DejaVu Sans) would be drawn as an empty box, and
/// right-to-left scripts (Hebrew, Arabic and their neighbours) would come out unjoined and in
/// reverse order. ``CairoRenderer`` refuses such text with ``UnsupportedTextError`` rather than draw
/// it wrongly. SVG output keeps text as `<text>` elements that the viewer shapes, so it has no such
/// limit.
public enum TextSupport {
    /// The characters of `text` that PNG and PDF output cannot draw with the theme's font family,
    /// regular or bold, in order of first appearance, each once.
    ///
    /// - Throws: ``ChartRenderError`` when Cairo cannot create its scratch surface.
    public static func unsupportedCharacters(in text: String, theme: Theme = .light) throws -> [Character] {
        let context = try CairoContext(surface: try CairoSurface.image(width: 1, height: 1))
        var checker = GlyphChecker()
        var found: [Character] = []
        for weight in [FontWeight.regular, .bold] {
            let font = Font(family: theme.fontFamily, size: 12, weight: weight)
            CairoTextStyle.select(font, in: context)
            for character in checker.unsupported(in: text, font: font, context: context)
            where !found.contains(character) {
                found.append(character)
            }
        }
        return found
    }

    /// Whether `scalar` belongs to a right-to-left script or is a bidirectional control character.
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, Arabic extensions
            0xFB1D...0xFDFF,  // Hebrew and Arabic presentation forms A
            0xFE70...0xFEFF,  // Arabic presentation forms B
            0x10800...0x10FFF, 0x1E800...0x1EFFF,  // historic right-to-left scripts, Arabic mathematical
            0x200F, 0x202B, 0x202E, 0x2067:  // right-to-left mark, embedding, override, isolate
            return true
        default:
            return false
        }
    }
}

/// Text that PNG or PDF output would draw wrongly: see ``TextSupport``.
public struct UnsupportedTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The whole text run, e.g. the title.
    public var text: String
    /// The characters that cannot be drawn.
    public var characters: [Character]

    public init(text: String, characters: [Character]) {
        self.text = text
        self.characters = characters
    }

    public var description: String {
        "PNG and PDF cannot draw \(String(characters).debugDescription) in \(text.debugDescription) "
            + "(no glyph in the chart font, or right-to-left script); use SVG or leave them out"
    }
}

/// Looks up glyphs per scalar in the font selected on a context, caching the answers.
struct GlyphChecker {
    private var cache: [Font: [Unicode.Scalar: Bool]] = [:]

    /// The characters of `text` with a scalar that `font` (already selected on `context`) has no
    /// glyph for, or that is right-to-left.
    ///
    /// The corresponding Cairo functions are `cairo_get_scaled_font` and
    /// `cairo_scaled_font_text_to_glyphs`.
    mutating func unsupported(in text: String, font: Font, context: CairoContext) -> [Character] {
        var result: [Character] = []
        var known = cache[font] ?? [:]
        defer { cache[font] = known }
        for character in text where !result.contains(character) {
            for scalar in character.unicodeScalars {
                let supported: Bool
                if let cached = known[scalar] {
                    supported = cached
                } else {
                    supported = !TextSupport.isRightToLeft(scalar) && GlyphChecker.hasGlyph(scalar, context: context)
                    known[scalar] = supported
                }
                if !supported {
                    result.append(character)
                    break
                }
            }
        }
        return result
    }

    private static func hasGlyph(_ scalar: Unicode.Scalar, context: CairoContext) -> Bool {
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return false }  // control characters
        guard let scaledFont = cairo_get_scaled_font(context.handle) else { return false }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let utf8 = String(scalar)
        let status = utf8.withCString { pointer in
            cairo_scaled_font_text_to_glyphs(
                scaledFont, 0, 0, pointer, Int32(utf8.utf8.count), &glyphs, &count,
                nil, nil, nil)
        }
        defer { if let glyphs { cairo_glyph_free(glyphs) } }
        guard status == CAIRO_STATUS_SUCCESS, let glyphs, count > 0 else { return false }
        return (0..<Int(count)).allSatisfy { glyphs[$0].index != 0 }
    }
}
