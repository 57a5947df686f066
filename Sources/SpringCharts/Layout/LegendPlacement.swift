/// Chooses where a box (legend, label, note) goes inside a plot: the candidate that hides the least
/// series ink and overlaps no earlier box; ties go to the earlier candidate.
struct PlacementScorer {
    let plot: Rect
    let coverage: CoverageGrid
    /// Boxes already placed (labels, markers, the legend): overlapping one costs more than any ink.
    var obstacles: [Rect] = []

    static let obstaclePenalty = 1e6
    static let outsidePenalty = 1e9

    func score(_ rect: Rect) -> Double {
        var score = coverage.coverage(in: rect)
        for obstacle in obstacles where obstacle.intersects(rect) {
            score += PlacementScorer.obstaclePenalty
        }
        if !plot.contains(rect, tolerance: 0.5) { score += PlacementScorer.outsidePenalty }
        return score
    }

    /// The index of the best candidate (the first of the lowest score), or nil for none.
    func best(_ candidates: [Rect], bias: [Double] = []) -> Int? {
        var bestIndex: Int?
        var bestScore = Double.infinity
        for (index, candidate) in candidates.enumerated() {
            let score = self.score(candidate) + (index < bias.count ? bias[index] : 0)
            if score < bestScore {
                bestScore = score
                bestIndex = index
            }
        }
        return bestIndex
    }
}

/// Where a legend or note can sit inside a plot.
enum PlotCorner: CaseIterable, Hashable, Sendable {
    case topRight, topLeft, bottomLeft, bottomRight, topCenter, bottomCenter

    /// A box of `size` in this corner of `plot`, `inset` px from its edges.
    func rect(width: Double, height: Double, in plot: Rect, inset: Double) -> Rect {
        let left = plot.minX + inset, right = plot.maxX - inset - width
        let top = plot.minY + inset, bottom = plot.maxY - inset - height
        let center = (plot.midX - width / 2).rounded()
        switch self {
        case .topRight: return Rect(x: right, y: top, width: width, height: height)
        case .topLeft: return Rect(x: left, y: top, width: width, height: height)
        case .bottomLeft: return Rect(x: left, y: bottom, width: width, height: height)
        case .bottomRight: return Rect(x: right, y: bottom, width: width, height: height)
        case .topCenter: return Rect(x: center, y: top, width: width, height: height)
        case .bottomCenter: return Rect(x: center, y: bottom, width: width, height: height)
        }
    }

    var isLeft: Bool { self == .topLeft || self == .bottomLeft }
    var isRight: Bool { self == .topRight || self == .bottomRight }
}

/// A legend: a boxed list of line samples and series names.
struct LegendBox {
    struct Entry {
        var name: String
        var stroke: Stroke
    }

    static let paddingX = 10.0
    static let paddingY = 6.0
    static let sampleWidth = 26.0
    static let sampleGap = 8.0
    static let inset = 10.0

    let entries: [Entry]
    let font: Font
    let rowHeight: Double
    let textMetrics: [TextMetrics]
    let width: Double
    let height: Double

    init(entries: [Entry], font: Font, measurer: some TextMeasurer) {
        self.entries = entries
        self.font = font
        textMetrics = entries.map { measurer.measure($0.name, font: font) }
        let vertical = measurer.measure("Ag", font: font)
        rowHeight = (max(vertical.lineHeight, font.size * 1.25) + 3).rounded()
        let textWidth = textMetrics.map(\.width).max() ?? 0
        width = (2 * LegendBox.paddingX + LegendBox.sampleWidth + LegendBox.sampleGap + textWidth).rounded(.up)
        height = (2 * LegendBox.paddingY + Double(entries.count) * rowHeight).rounded(.up)
    }

    /// The corner of `plot` (of six candidates) where the legend hides the least ink.
    func place(in plot: Rect, scorer: PlacementScorer) -> Rect {
        let candidates = PlotCorner.allCases.map {
            $0.rect(width: width, height: height, in: plot, inset: LegendBox.inset)
        }
        return candidates[scorer.best(candidates) ?? 0]
    }

    /// The commands drawing the legend in `box`.
    func commands(in box: Rect, theme: Theme) -> [DrawCommand] {
        var commands: [DrawCommand] = [
            .rect(box, fill: theme.legendBackground, stroke: Stroke(color: theme.legendBorder, width: 1),
                  cornerRadius: 4),
        ]
        for (index, entry) in entries.enumerated() {
            let middle = (box.minY + LegendBox.paddingY + (Double(index) + 0.5) * rowHeight).rounded()
            let sampleStart = box.minX + LegendBox.paddingX
            var stroke = entry.stroke
            stroke.width = min(stroke.width, rowHeight / 2)
            commands.append(.line(from: Point(x: sampleStart, y: middle),
                                  to: Point(x: sampleStart + LegendBox.sampleWidth, y: middle),
                                  stroke: stroke, crisp: false))
            let metrics = textMetrics[index]
            commands.append(.text(TextRun(
                entry.name,
                origin: Point(x: sampleStart + LegendBox.sampleWidth + LegendBox.sampleGap,
                              y: middle + metrics.capHeight / 2),
                font: font, color: theme.foreground)))
        }
        return commands
    }
}
