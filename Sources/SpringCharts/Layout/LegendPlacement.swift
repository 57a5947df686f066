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
        /// Under the plots, its entries in rows, when a column beside the plots would take too much
        /// of their width.
        case below(Rect)

        var rect: Rect {
            switch self {
            case .inside(let rect), .crowded(let rect), .outside(let rect), .below(let rect): return rect
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

    /// The best spot inside `plot`, clear of every curve, or `.crowded` at the least bad one.
    func place(in plot: Rect, scorer: PlacementScorer) -> Placement {
        let candidates = candidates(in: plot)
        let best = candidates[scorer.best(candidates, ruleWeight: 0.01) ?? 0]
        return scorer.isClear(best) ? .inside(best) : .crowded(best)
    }

    /// The space between entries laid out in rows.
    var entrySpacing: Double { 18 * metrics.scale }

    /// Each entry's start (sample's left end, row middle) relative to the top-left of the legend
    /// laid out in rows no wider than `maxWidth`, and the size of that layout.
    func rows(maxWidth: Double) -> (starts: [Point], width: Double, height: Double) {
        var starts: [Point] = []
        var x = 0.0, row = 0, widest = 0.0
        for metrics in textMetrics {
            let entryWidth = self.metrics.legendSampleWidth + self.metrics.legendSampleGap + metrics.width
            if x > 0 && x + entryWidth > maxWidth {
                row += 1
                x = 0
            }
            starts.append(Point(x: x, y: (Double(row) + 0.5) * rowHeight))
            widest = max(widest, x + entryWidth)
            x += entryWidth + entrySpacing
        }
        return (starts, widest.rounded(.up), (Double(row + 1) * rowHeight).rounded(.up))
    }

    /// The commands drawing the legend in `box`: boxed in a column, or unboxed in rows for a
    /// legend below the plots.
    func commands(in placement: Placement, theme: Theme) -> [DrawCommand] {
        let box = placement.rect
        var commands: [DrawCommand] = []
        let starts: [Point]
        if case .below = placement {
            starts = rows(maxWidth: box.width).starts.map { Point(x: box.minX + $0.x, y: (box.minY + $0.y).rounded()) }
        } else {
            commands.append(
                .rect(
                    box, fill: theme.legendBackground, stroke: Stroke(color: theme.legendBorder, width: 1),
                    cornerRadius: 4))
            starts = entries.indices.map { index in
                Point(
                    x: box.minX + metrics.legendPaddingX,
                    y: (box.minY + metrics.legendPaddingY + (Double(index) + 0.5) * rowHeight).rounded())
            }
        }
        for (index, entry) in entries.enumerated() {
            let middle = starts[index].y
            let sampleStart = starts[index].x
            let sampleEnd = sampleStart + metrics.legendSampleWidth
            var stroke = entry.stroke
            stroke.width = min(stroke.width, rowHeight / 2)
            if entry.steps {
                let rise = (rowHeight / 5).rounded(), half = (sampleStart + sampleEnd) / 2
                commands.append(
                    .polyline(
                        [
                            Point(x: sampleStart, y: middle + rise), Point(x: half, y: middle + rise),
                            Point(x: half, y: middle - rise), Point(x: sampleEnd, y: middle - rise)
                        ],
                        stroke: stroke))
            } else {
                commands.append(
                    .line(
                        from: Point(x: sampleStart, y: middle), to: Point(x: sampleEnd, y: middle),
                        stroke: stroke, crisp: false))
            }
            let metrics = textMetrics[index]
            commands.append(
                .text(
                    TextRun(
                        entry.name,
                        origin: Point(x: sampleEnd + self.metrics.legendSampleGap, y: middle + metrics.capHeight / 2),
                        font: font, color: theme.foreground)))
        }
        return commands
    }
}
