import Foundation

/// The size of a line of text in logical px.
public struct TextMetrics: Hashable, Sendable {
    /// The advance width: how far the pen moves.
    public var width: Double
    /// The font's ascent above the baseline (taller than capitals: room for accents and brackets).
    public var ascent: Double
    /// The font's descent below the baseline, positive.
    public var descent: Double
    /// The height of a capital letter or digit above the baseline: used to centre numbers on a tick.
    public var capHeight: Double

    public init(width: Double, ascent: Double, descent: Double, capHeight: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.capHeight = capHeight
    }

    /// Ascent plus descent.
    public var lineHeight: Double { ascent + descent }
}

/// Measures text for the layout. Production uses ``CairoTextMeasurer`` (the real font); tests use
/// ``ApproximateTextMeasurer``, which needs no font and gives the same answer on every machine.
public protocol TextMeasurer {
    func measure(_ text: String, font: Font) -> TextMetrics
}

/// A deterministic measurer that estimates widths from character classes, with proportions close to
/// DejaVu Sans (digits 0.64 em, capitals 0.7 em, other letters 0.6 em, punctuation and space
/// 0.32 em; bold 10 % wider). Vertical metrics are DejaVu Sans's: ascent 0.93 em, descent 0.24 em,
/// cap height 0.73 em.
public struct ApproximateTextMeasurer: TextMeasurer, Sendable {
    public init() {}

    public func measure(_ text: String, font: Font) -> TextMetrics {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": ems += 0.64
            case "A"..."Z": ems += 0.7
            case " ", ".", ",", ":", ";", "'", "!", "|", "i", "l", "j": ems += 0.32
            case "(", ")", "[", "]", "-", "t", "f", "r": ems += 0.4
            default: ems += 0.6
            }
        }
        let boldFactor = font.weight == .bold ? 1.1 : 1
        return TextMetrics(
            width: ems * font.size * boldFactor, ascent: 0.93 * font.size,
            descent: 0.24 * font.size, capHeight: 0.73 * font.size)
    }
}

extension TextMetrics {
    /// The box of a text with these metrics drawn from a baseline `origin` with `anchor`, unrotated:
    /// from the ascent above the baseline to the descent below it.
    func bounds(origin: Point, anchor: TextAnchor) -> Rect {
        let start: Double
        switch anchor {
        case .start: start = origin.x
        case .middle: start = origin.x - width / 2
        case .end: start = origin.x - width
        }
        return Rect(x: start, y: origin.y - ascent, width: width, height: ascent + descent)
    }
}

extension TextRun {
    /// The box the text covers, measured with `measurer`; exact for rotations by multiples of 90°
    /// and the box of the rotated corners otherwise.
    func bounds(measurer: some TextMeasurer) -> Rect {
        let box = measurer.measure(string, font: font).bounds(origin: origin, anchor: anchor)
        guard rotation.truncatingRemainder(dividingBy: 360) != 0 else { return box }
        let angle = rotation * .pi / 180
        let cosine = cos(angle), sine = sin(angle)
        let corners = [
            Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
            Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)
        ]
        let rotated = corners.map { corner -> Point in
            let dx = corner.x - origin.x, dy = corner.y - origin.y
            return Point(x: origin.x + dx * cosine - dy * sine, y: origin.y + dx * sine + dy * cosine)
        }
        let xs = rotated.map(\.x), ys = rotated.map(\.y)
        let minX = xs.min() ?? origin.x, minY = ys.min() ?? origin.y
        return Rect(x: minX, y: minY, width: (xs.max() ?? minX) - minX, height: (ys.max() ?? minY) - minY)
    }
}

extension TextMeasurer {
    /// `text` if it fits in `width` px, otherwise its longest prefix (whole characters, trailing
    /// spaces dropped) that fits with an ellipsis after it.
    func fitting(_ text: String, font: Font, width: Double) -> String {
        guard measure(text, font: font).width > width else { return text }
        let characters = Array(text)
        var low = 0, high = characters.count  // the longest fitting prefix lies in low..<high
        while low + 1 < high {
            let middle = (low + high) / 2
            let candidate = String(characters[..<middle]).trimmingCharacters(in: .whitespaces) + "…"
            if measure(candidate, font: font).width <= width { low = middle } else { high = middle }
        }
        return String(characters[..<low]).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// An axis label in `width` px: `text` if it fits; else without a trailing unit in parentheses
    /// ("velocity (units/s)" → "velocity"); then cut with an ellipsis.
    func fittingAxisLabel(_ text: String, font: Font, width: Double) -> String {
        guard measure(text, font: font).width > width else { return text }
        if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) {
            return fitting(String(text[..<open.lowerBound]), font: font, width: width)
        }
        return fitting(text, font: font, width: width)
    }

    /// A title in `width` px: `text` if it fits; else, for a title "Kind: details", the details
    /// (what the chart is about says more than what kind it is); then cut with an ellipsis.
    func fittingTitle(_ text: String, font: Font, width: Double) -> String {
        guard measure(text, font: font).width > width, let colon = text.range(of: ": ") else {
            return fitting(text, font: font, width: width)
        }
        let details = text[colon.upperBound...].trimmingCharacters(in: .whitespaces)
        return fitting(details.isEmpty ? text : details, font: font, width: width)
    }
}

extension DisplayList {
    /// Every pair of texts whose boxes (measured with `measurer`) overlap: the layout checks of the
    /// studio's and the gallery's charts run this with Cairo's metrics. A text drawn twice in the
    /// same place (a halo under a label) counts once.
    func overlappingTexts(measurer: some TextMeasurer) -> [(String, String)] {
        var seen: [(run: TextRun, box: Rect)] = []
        for case .text(let run) in commands {
            let box = run.bounds(measurer: measurer)
            if seen.contains(where: { $0.run.string == run.string && $0.box == box }) { continue }
            seen.append((run, box))
        }
        var pairs: [(String, String)] = []
        for (i, a) in seen.enumerated() {
            for b in seen[(i + 1)...] where a.box.intersects(b.box) { pairs.append((a.run.string, b.run.string)) }
        }
        return pairs
    }
}
