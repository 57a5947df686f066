import Foundation

// MARK: How far apart two colours look

extension ChartColor {
    /// How far apart this colour and `other` look: the smallest CIELAB distance (ΔE*ab, 1976)
    /// between them as seen with typical colour vision, with protanopia and with deuteranopia (the
    /// red–green deficiencies, about 99 % of colour-vision deficiency), simulated with the
    /// severity-1 matrices of Machado, Oliveira and Fernandes (2009) in linear sRGB. Alpha is
    /// ignored.
    ///
    /// Under about 20 two lines are hard to tell apart for some viewers; the closest Okabe–Ito pairs
    /// (orange and vermillion, bluish green and reddish purple) are about 18.
    /// - Parameter other: the colour to compare with.
    /// - Returns: ΔE*ab, 0 for colours that look the same to someone.
    public func perceivedDifference(from other: ChartColor) -> Double {
        ColorVision.allCases.map { vision in
            let a = vision.lab(of: self), b = vision.lab(of: other)
            return ((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b)).squareRoot()
        }.min() ?? 0
    }

    /// The WCAG 2 contrast ratio between this colour and `other`, ignoring alpha.
    /// - Parameter other: the colour to compare with, e.g. the background.
    /// - Returns: 1 (the same luminance) to 21 (black on white).
    public func contrastRatio(with other: ChartColor) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Y of linear sRGB (WCAG's relative luminance).
    var relativeLuminance: Double {
        let (r, g, b) = linear
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// The components in linear sRGB.
    var linear: (Double, Double, Double) {
        func expand(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return (expand(red), expand(green), expand(blue))
    }
}

/// The kinds of colour vision ``ChartColor/perceivedDifference(from:)`` takes into account.
enum ColorVision: CaseIterable {
    case typical
    case protanopia
    case deuteranopia

    /// Machado et al. (2009), severity 1, applied to linear sRGB.
    var matrix: [[Double]] {
        switch self {
        case .typical: return [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        case .protanopia:
            return [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        case .deuteranopia:
            return [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        }
    }

    /// CIELAB (D65) of `color` as seen with this vision.
    func lab(of color: ChartColor) -> (l: Double, a: Double, b: Double) {
        let (r0, g0, b0) = color.linear
        let m = matrix
        let r = min(1, max(0, m[0][0] * r0 + m[0][1] * g0 + m[0][2] * b0))
        let g = min(1, max(0, m[1][0] * r0 + m[1][1] * g0 + m[1][2] * b0))
        let b = min(1, max(0, m[2][0] * r0 + m[2][1] * g0 + m[2][2] * b0))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}

// MARK: Colours for series drawn together

/// The look of one series among several drawn together: its colour and its dash.
public struct SeriesStyle: Hashable, Sendable {
    /// The series' colour (a palette slot).
    public var color: SeriesColor
    /// The series' dash: solid unless the palette has run out of colours.
    public var dash: LineDash

    /// A look with `color` and `dash`.
    public init(color: SeriesColor, dash: LineDash = .solid) {
        self.color = color
        self.dash = dash
    }
}

extension Theme {
    /// Looks for `count` series in palette order: `.palette(i)`, solid the first time round the
    /// palette, dashed the second, dotted the third (and round again), so that no two of up to three
    /// times the palette's size look the same.
    /// - Parameter count: how many series are drawn together.
    /// - Returns: `count` looks.
    public func paletteSeriesStyles(count: Int) -> [SeriesStyle] {
        let size = max(1, palette.count)
        let dashes: [LineDash] = [.solid, .dashed, .dotted]
        return (0..<max(0, count)).map {
            SeriesStyle(color: .palette($0 % size), dash: dashes[($0 / size) % dashes.count])
        }
    }

    /// The least contrast against the background a palette colour needs to be picked by
    /// ``distinctSeriesStyles(count:avoiding:)`` (the light theme's yellow has 1.3).
    public static let minimumSeriesContrast = 1.8

    /// Looks for `count` series drawn together, each in a different palette colour, chosen so that
    /// the closest two (and any of them and the colours in `avoiding`, e.g. `.foreground` for a
    /// reference curve drawn with them) look as far apart as the palette allows with typical colour
    /// vision and with the red–green deficiencies (``ChartColor/perceivedDifference(from:)``), in
    /// palette order. Colours with too little contrast against the background
    /// (``minimumSeriesContrast``) are left out while enough others remain; among equally good
    /// choices the earlier palette colours win.
    ///
    /// With more series than palette colours, every colour is used in turn, with a dash for each
    /// time round the palette (``paletteSeriesStyles(count:)``).
    /// - Parameters:
    ///   - count: how many series are drawn together.
    ///   - avoiding: colours already on the chart that the series must stay apart from.
    /// - Returns: `count` looks, in palette order; `.palette(i)` slots resolve against this theme.
    public func distinctSeriesStyles(count: Int, avoiding: [SeriesColor] = []) -> [SeriesStyle] {
        let colors = palette.indices.map { resolve(.palette($0)) }
        guard count > 0, count <= colors.count else { return paletteSeriesStyles(count: count) }
        let visible = colors.indices.filter {
            colors[$0].contrastRatio(with: background) >= Theme.minimumSeriesContrast
        }
        let pool = visible.count >= count ? visible : Array(colors.indices)
        let fixed = avoiding.map(resolve)
        // Every pairwise difference once; subsets of up to eight of eight colours are few (70 at most).
        var difference = [[Double]](repeating: [Double](repeating: 0, count: colors.count), count: colors.count)
        for i in pool {
            for j in pool where j > i {
                difference[i][j] = colors[i].perceivedDifference(from: colors[j])
                difference[j][i] = difference[i][j]
            }
        }
        let apart = colors.indices.map { i in fixed.map { colors[i].perceivedDifference(from: $0) }.min() ?? .infinity }
        var best: (indices: [Int], score: Double)?
        var chosen: [Int] = []
        func search(from start: Int, closest: Double) {
            if let best, closest <= best.score + 0.5 { return }  // cannot beat it by more than a rounding
            if chosen.count == count {
                best = (chosen, closest)
                return
            }
            guard pool.count - start >= count - chosen.count else { return }
            for position in start..<pool.count {
                let index = pool[position]
                let nearest = chosen.map { difference[index][$0] }.min() ?? .infinity
                chosen.append(index)
                search(from: position + 1, closest: min(closest, nearest, apart[index]))
                chosen.removeLast()
            }
        }
        search(from: 0, closest: .infinity)
        return (best?.indices ?? Array(0..<count)).map { SeriesStyle(color: .palette($0)) }
    }
}
