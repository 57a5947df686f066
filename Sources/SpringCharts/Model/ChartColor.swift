/// A colour in sRGB with straight (not premultiplied) alpha; every component in 0...1.
public struct ChartColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A colour from components in 0...1; values outside are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = ChartColor.clamp(red)
        self.green = ChartColor.clamp(green)
        self.blue = ChartColor.clamp(blue)
        self.alpha = ChartColor.clamp(alpha)
    }

    /// A colour from a 24-bit `0xRRGGBB` value, as written in CSS without the `#`.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255,
            green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255,
            alpha: alpha)
    }

    /// The same colour with its alpha multiplied by `factor` (clamped to 0...1).
    public func withOpacity(_ factor: Double) -> ChartColor {
        var copy = self
        copy.alpha = ChartColor.clamp(alpha * factor)
        return copy
    }

    /// `#RRGGBB`, without alpha.
    public var hexString: String {
        func byte(_ value: Double) -> String {
            let hex = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }
}

// MARK: The Okabe–Ito palette

/// The eight colours of Okabe and Ito's palette, distinguishable with every common colour-vision
/// deficiency (Okabe & Ito, "Color Universal Design", 2002).
extension ChartColor {
    public static let orange = ChartColor(rgb: 0xE69F00)
    public static let skyBlue = ChartColor(rgb: 0x56B4E9)
    public static let bluishGreen = ChartColor(rgb: 0x009E73)
    /// Low contrast on a light background: the light theme uses it last.
    public static let yellow = ChartColor(rgb: 0xF0E442)
    public static let blue = ChartColor(rgb: 0x0072B2)
    public static let vermillion = ChartColor(rgb: 0xD55E00)
    public static let reddishPurple = ChartColor(rgb: 0xCC79A7)
    public static let black = ChartColor(rgb: 0x000000)
    public static let white = ChartColor(rgb: 0xFFFFFF)
}

/// The colour of a series or an annotation: a palette slot, an explicit colour, or one of the
/// theme's text colours. Resolved against a ``Theme`` at layout time.
public enum SeriesColor: Hashable, Sendable {
    /// The theme's palette colour at this index (wrapping around the palette).
    case palette(Int)
    /// An explicit colour.
    case rgba(ChartColor)
    /// The theme's foreground (text and axis) colour.
    case foreground
    /// The theme's muted colour (secondary text, reference lines).
    case muted
}
