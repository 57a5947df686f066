/// Text for SVG output as real `<text>` elements, so designers can select and edit it.
///
/// Cairo's SVG surface writes text as glyph outlines. The renderer instead draws all geometry with
/// Cairo, collects the text runs, and inserts them here: a `<title>` right after the opening
/// `<svg …>` tag and a `<g id="text">` group of `<text>` elements before the closing `</svg>`.
enum SVGText {
    static func inserting(_ runs: [TextRun], title: String?, into document: [UInt8]) -> [UInt8] {
        var bytes = document
        if let end = lastRange(of: Array("</svg>".utf8), in: bytes) {
            var group = "<g id=\"text\">\n"
            for run in runs where !run.string.isEmpty { group += element(for: run) + "\n" }
            group += "</g>\n"
            bytes.insert(contentsOf: Array(group.utf8), at: end)
        }
        if let title, !title.isEmpty, let open = firstRange(of: Array("<svg".utf8), in: bytes),
            let close = bytes[open...].firstIndex(of: UInt8(ascii: ">"))
        {
            bytes.insert(contentsOf: Array("\n<title>\(escaped(title))</title>".utf8), at: close + 1)
        }
        return bytes
    }

    /// One `<text>` element: baseline origin, font, fill, anchor and rotation about the origin.
    static func element(for run: TextRun) -> String {
        let x = number(run.origin.x), y = number(run.origin.y)
        var attributes = "x=\"\(x)\" y=\"\(y)\""
        attributes += " font-family=\"\(escaped(fontFamily(run.font.family)))\""
        attributes += " font-size=\"\(number(run.font.size))\""
        if run.font.weight == .bold { attributes += " font-weight=\"bold\"" }
        attributes += " fill=\"\(run.color.hexString)\""
        if run.color.alpha < 1 { attributes += " fill-opacity=\"\(number(run.color.alpha, decimals: 3))\"" }
        switch run.anchor {
        case .start: break
        case .middle: attributes += " text-anchor=\"middle\""
        case .end: attributes += " text-anchor=\"end\""
        }
        if run.rotation != 0, run.rotation.isFinite {
            attributes += " transform=\"rotate(\(number(run.rotation)) \(x) \(y))\""
        }
        if run.string.contains("  ") || run.string.first == " " || run.string.last == " " {
            attributes += " xml:space=\"preserve\""
        }
        return "<text \(attributes)>\(escaped(run.string))</text>"
    }

    /// The family with a generic fallback, e.g. `DejaVu Sans, sans-serif`.
    static func fontFamily(_ family: String) -> String {
        let generic = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]
        return generic.contains(family) || family.contains(",") ? family : family + ", sans-serif"
    }

    /// XML-escaped text; characters XML 1.0 forbids (most C0 controls) are dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A compact decimal: at most `decimals` decimals, no trailing zeros, no "-0".
    static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (value * factor).rounded()
        guard abs(scaled) < 9e15 else { return String(value) }
        let integer = Int(scaled)
        if integer == 0 { return "0" }
        var digits = String(integer.magnitude)
        if decimals > 0 {
            if digits.count <= decimals {
                digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
            while digits.last == "0" { digits.removeLast() }
            if digits.last == "." { digits.removeLast() }
        }
        return (integer < 0 ? "-" : "") + digits
    }

    private static func lastRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count)
        where haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
