extension LineDash {
    /// The dash lengths and line cap for a line `width` px wide: dashes scale with the width so a
    /// thick dashed line keeps its rhythm; dots are zero-length dashes drawn with round caps.
    func pattern(width: Double) -> (dash: [Double], cap: LineCap) {
        switch self {
        case .solid: return ([], .round)
        case .dashed: return ([max(5, 4 * width), max(3.5, 2.5 * width)], .butt)
        case .dotted: return ([0, max(3, 2.5 * width)], .round)
        }
    }

    /// The same for a crisp (axis-aligned, pixel-snapped) line: solid lines end square-cut.
    func crispPattern(width: Double) -> (dash: [Double], cap: LineCap) {
        self == .solid ? ([], .butt) : pattern(width: width)
    }
}

extension Series {
    /// How the series is stroked in `theme`, its width multiplied by `scale` (see ``LayoutMetrics``).
    func stroke(in theme: Theme, scale: Double = 1) -> Stroke {
        let width = (lineWidth.isFinite && lineWidth > 0 ? lineWidth : 2) * scale
        let pattern = dash.pattern(width: width)
        return Stroke(
            color: theme.resolve(color).withOpacity(opacity.isFinite ? opacity : 1), width: width,
            dash: pattern.dash, cap: pattern.cap)
    }
}

extension AnnotationStyle {
    /// How a line with this style is stroked in `theme`, its width multiplied by `scale`.
    func stroke(in theme: Theme, scale: Double = 1) -> Stroke {
        let width = (lineWidth.isFinite && lineWidth > 0 ? lineWidth : 1) * scale
        let pattern = dash.crispPattern(width: width)
        return Stroke(color: theme.resolve(color), width: width, dash: pattern.dash, cap: pattern.cap)
    }
}
