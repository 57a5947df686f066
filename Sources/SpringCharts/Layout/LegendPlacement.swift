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
        /// Drawn as a step, for a series of values held between frames.
        var steps = false
    }

    /// Where the legend went.
    enum Placement: Hashable, Sendable {
        /// Inside the plot, clear of every curve.
        case inside(Rect)
        /// Inside the plot across some curve: the least bad spot when nothing is free and there is no
        /// room beside the plot.
        case crowded(Rect)
        /// Beside the plot, right of it.
        case outside(Rect)

        var rect: Rect {
            switch self {
            case .inside(let rect), .crowded(let rect), .outside(let rect): return rect
            }
        }
    }

    let entries: [Entry]
    let font: Font
    let metrics: LayoutMetrics
    let rowHeight: Double
    let textMetrics: [TextMetrics]
    let width: Double
    let height: Double

    init(entries: [Entry], font: Font, metrics: LayoutMetrics, measurer: some TextMeasurer) {
        self.entries = entries
        self.font = font
        self.metrics = metrics
        textMetrics = entries.map { measurer.measure($0.name, font: font) }
        let vertical = measurer.measure("Ag", font: font)
        rowHeight = (max(vertical.lineHeight, font.size * 1.25) + 3 * metrics.scale).rounded()
        let textWidth = textMetrics.map(\.width).max() ?? 0
        width = (2 * metrics.legendPaddingX + metrics.legendSampleWidth + metrics.legendSampleGap + textWidth)
            .rounded(.up)
        height = (2 * metrics.legendPaddingY + Double(entries.count) * rowHeight).rounded(.up)
    }

    /// Spots inside `plot`, most natural first: the corners, then along the top and bottom edges,
    /// then down the sides.
    func candidates(in plot: Rect) -> [Rect] {
        let inset = metrics.legendInset
        var boxes = PlotCorner.allCases.map { $0.rect(width: width, height: height, in: plot, inset: inset) }
        let left = plot.minX + inset, right = plot.maxX - inset - width
        let top = plot.minY + inset, bottom = plot.maxY - inset - height
        for fraction in [0.75, 0.25] {
            let x = (left + fraction * (right - left)).rounded()
            boxes.append(Rect(x: x, y: top, width: width, height: height))
            boxes.append(Rect(x: x, y: bottom, width: width, height: height))
        }
        for fraction in [0.5, 0.25, 0.75] {
            let y = (top + fraction * (bottom - top)).rounded()
            boxes.append(Rect(x: right, y: y, width: width, height: height))
            boxes.append(Rect(x: left, y: y, width: width, height: height))
        }
        return boxes
    }

    /// The best spot inside `plot`; beside it, in `column` px right of the plot, when every spot
    /// inside crosses a curve and a column was reserved.
    func place(in plot: Rect, scorer: PlacementScorer, column: Double) -> Placement {
        let candidates = candidates(in: plot)
        let best = candidates[scorer.best(candidates, ruleWeight: 0.01) ?? 0]
        if scorer.isClear(best) { return .inside(best) }
        if column >= width + metrics.legendGap {
            return .outside(Rect(x: plot.maxX + metrics.legendGap, y: plot.minY, width: width, height: height))
        }
        return .crowded(best)
    }

    /// The commands drawing the legend in `box`.
    func commands(in box: Rect, theme: Theme) -> [DrawCommand] {
        var commands: [DrawCommand] = [
            .rect(box, fill: theme.legendBackground, stroke: Stroke(color: theme.legendBorder, width: 1),
                  cornerRadius: 4),
        ]
        for (index, entry) in entries.enumerated() {
            let middle = (box.minY + metrics.legendPaddingY + (Double(index) + 0.5) * rowHeight).rounded()
            let sampleStart = box.minX + metrics.legendPaddingX
            let sampleEnd = sampleStart + metrics.legendSampleWidth
            var stroke = entry.stroke
            stroke.width = min(stroke.width, rowHeight / 2)
            if entry.steps {
                let rise = (rowHeight / 5).rounded(), half = (sampleStart + sampleEnd) / 2
                commands.append(.polyline([Point(x: sampleStart, y: middle + rise), Point(x: half, y: middle + rise),
                                           Point(x: half, y: middle - rise), Point(x: sampleEnd, y: middle - rise)],
                                          stroke: stroke))
            } else {
                commands.append(.line(from: Point(x: sampleStart, y: middle), to: Point(x: sampleEnd, y: middle),
                                      stroke: stroke, crisp: false))
            }
            let metrics = textMetrics[index]
            commands.append(.text(TextRun(
                entry.name,
                origin: Point(x: sampleEnd + self.metrics.legendSampleGap, y: middle + metrics.capHeight / 2),
                font: font, color: theme.foreground)))
        }
        return commands
    }
}
