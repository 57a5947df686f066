import SpringMath

/// A colour as four linear components, each nominally in 0…1, that a spring can animate.
///
/// The spring may overshoot, so components can leave 0…1 mid-flight; use ``clamped`` when drawing.
public struct RGBAColor: SpringVector, Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static var zero: RGBAColor { RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }

    public static func + (lhs: RGBAColor, rhs: RGBAColor) -> RGBAColor {
        RGBAColor(
            red: lhs.red + rhs.red, green: lhs.green + rhs.green,
            blue: lhs.blue + rhs.blue, alpha: lhs.alpha + rhs.alpha)
    }

    public static func - (lhs: RGBAColor, rhs: RGBAColor) -> RGBAColor {
        RGBAColor(
            red: lhs.red - rhs.red, green: lhs.green - rhs.green,
            blue: lhs.blue - rhs.blue, alpha: lhs.alpha - rhs.alpha)
    }

    public mutating func scale(by factor: Double) {
        red *= factor
        green *= factor
        blue *= factor
        alpha *= factor
    }

    public var magnitudeSquared: Double {
        red * red + green * green + blue * blue + alpha * alpha
    }

    /// The colour with every component clamped into 0…1.
    public var clamped: RGBAColor {
        RGBAColor(red: clipUnit(red), green: clipUnit(green), blue: clipUnit(blue), alpha: clipUnit(alpha))
    }

    public var description: String { "RGBA(\(red), \(green), \(blue), \(alpha))" }
}
