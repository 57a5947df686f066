/// The layout of a ``PanelGrid``: small multiples on shared axes, in named stages.
///
/// From the outside in: the title and subtitle; the header row; the left band (rotated y label,
/// row headers, y tick labels) and the bottom band (x tick labels, x label); the cells, all of one
/// size, each with its own grid lines, curves and annotations but one x scale and one y scale.
extension ChartLayout {
    /// Where the cells go: their size and the edges of the block of plots.
    struct GridFrame {
        var rows: Int
        var columns: Int
        var left: Double
        /// The top of the first row's plots (below its cell titles, when there are any).
        var top: Double
        var plotWidth: Double
        var plotHeight: Double
        var columnGap: Double
        /// From one row's plot top to the next's.
        var rowPitch: Double

        func plot(row: Int, column: Int) -> Rect {
            Rect(
                x: left + Double(column) * (plotWidth + columnGap), y: top + Double(row) * rowPitch,
                width: plotWidth, height: plotHeight)
        }
    }

    func gridLayout(_ grid: PanelGrid) -> LayoutResult {
        let header = headerCommands()
        var commands = backgroundCommands() + header.commands
        let panels = chart.panels
        guard !panels.isEmpty else { return emptyLayout(commands) }
        let tickMetrics = measurer.measure("0", font: tickFont)
        let axisMetrics = measurer.measure("Ag", font: axisFont)
        let xData = union(panels.map { xExtent(of: $0) })
        // The y tick labels' width depends on the y scale, which depends on the plot height: a first
        // pass with a rough width settles it.
        var frame = gridFrame(
            grid, headerBottom: header.bottom, yTickLabelWidth: 0, tickMetrics: tickMetrics,
            axisMetrics: axisMetrics)
        var yScale = sharedYScale(grid, plotHeight: frame.plotHeight)
        let widest = yScale.ticks.labels.map { measurer.measure($0, font: tickFont).width }.max() ?? 0
        frame = gridFrame(
            grid, headerBottom: header.bottom, yTickLabelWidth: widest, tickMetrics: tickMetrics,
            axisMetrics: axisMetrics)
        yScale = sharedYScale(grid, plotHeight: frame.plotHeight)
        // Compact cells: ticks as dense as the y axis's (a little wider), thinned if labels crowd.
        let xScale = xScale(
            for: Axis(range: grid.xAxis.range, padding: grid.xAxis.padding), extent: xData,
            defaultPadding: panels.allSatisfy(runsLeftToRight) ? 0 : 0.05, length: frame.plotWidth,
            spacing: metrics.yTickSpacing * 1.25)

        commands += gridHeaderCommands(grid, frame: frame, rowCount: frame.rows, yTickLabelWidth: widest)
        var geometries: [PanelGeometry] = []
        for (index, panel) in panels.enumerated() {
            let row = index / frame.columns, column = index % frame.columns
            let plot = frame.plot(row: row, column: column)
            let transform = PlotTransform(plot: plot, xScale: xScale, yScale: yScale)
            var geometry = PanelGeometry(plot: plot, xScale: xScale, yScale: yScale)
            var cell = panel
            cell.xAxis = Axis(range: xScale.lower...xScale.upper)
            cell.yAxis = Axis(range: yScale.lower...yScale.upper)
            // Tick labels on the outer edges only: y in the first column, x in the lowest cell of
            // each column (the last row may be short).
            // Labels may reach half-way into the gaps between cells, and past the block's outer edges.
            let half = frame.columnGap / 2
            let labelsLeft = column == 0 ? 0 : plot.minX - half
            let labelsRight = column == frame.columns - 1 ? width : plot.maxX + half
            let tickLabels = TickLabels(
                x: index + frame.columns >= panels.count, y: column == 0,
                xBounds: labelsLeft...labelsRight)
            commands += panelCommands(
                cell, transform: transform, showsXLabel: false, tickMetrics: tickMetrics,
                yLabelX: 0, legendOutside: nil, tickLabels: tickLabels, geometry: &geometry)
            commands += cellLine(grid, index: index, plot: plot, axisMetrics: axisMetrics)
            geometries.append(geometry)
        }
        return LayoutResult(
            displayList: DisplayList(
                width: width, height: height, title: chart.title,
                commands: commands), panels: geometries)
    }

    /// The cell's title, left-aligned over its plot, and its caption, right-aligned; the title is cut
    /// with an ellipsis to the room the caption leaves.
    private func cellLine(_ grid: PanelGrid, index: Int, plot: Rect, axisMetrics: TextMetrics) -> [DrawCommand] {
        let baseline = (plot.minY - metrics.labelGap - axisMetrics.descent).rounded()
        var commands: [DrawCommand] = []
        var room = plot.width
        if index < grid.cellCaptions.count, !grid.cellCaptions[index].isEmpty {
            let caption = measurer.fitting(grid.cellCaptions[index], font: annotationFont, width: plot.width)
            commands.append(
                .text(
                    TextRun(
                        caption, origin: Point(x: plot.maxX, y: baseline), font: annotationFont,
                        color: theme.muted, anchor: .end)))
            room -= measurer.measure(caption, font: annotationFont).width + 2 * metrics.labelGap
        }
        if index < grid.cellTitles.count, !grid.cellTitles[index].isEmpty, room > 0 {
            commands.append(
                .text(
                    TextRun(
                        measurer.fitting(grid.cellTitles[index], font: cellTitleFont, width: room),
                        origin: Point(x: plot.minX, y: baseline), font: cellTitleFont,
                        color: theme.foreground)))
        }
        return commands
    }

    /// Headers and cell titles: the axis label size, bold.
    var cellTitleFont: Font {
        var font = axisFont
        font.weight = .bold
        return font
    }

    /// The cell size and the block's edges: what is left of the canvas after the header, the header
    /// row, the left and bottom bands and the gaps, shared equally.
    private func gridFrame(
        _ grid: PanelGrid, headerBottom: Double, yTickLabelWidth: Double, tickMetrics: TextMetrics,
        axisMetrics: TextMetrics
    ) -> GridFrame {
        let pad = metrics.outerPadding
        let rows = grid.rows(panelCount: chart.panels.count)
        let columns = min(grid.columns, chart.panels.count)
        let headerLine = axisMetrics.lineHeight + metrics.labelGap
        var top = headerBottom > pad ? headerBottom + metrics.headerGap : pad
        if !grid.columnHeaders.isEmpty { top += headerLine }
        let cellTitle = grid.hasCellLine ? headerLine : 0
        let rowHeaderWidth = grid.rowHeaders.map { measurer.measure($0, font: cellTitleFont).width }.max() ?? 0
        let yLabelBand = grid.yAxis.label.isEmpty ? 0 : axisMetrics.lineHeight + metrics.yLabelGap
        let left =
            (pad + yLabelBand + (rowHeaderWidth > 0 ? rowHeaderWidth + metrics.yLabelGap : 0)
            + yTickLabelWidth + metrics.tickLabelGap + metrics.tickLength).rounded(.up)
        // Half of a last x tick label such as "1.2" may reach past the right plot edge.
        let right = width - pad - measurer.measure("0.00", font: tickFont).width / 2
        let tickLabels = metrics.tickLength + metrics.tickLabelGap + tickMetrics.capHeight + tickMetrics.descent
        let xLabel = grid.xAxis.label.isEmpty ? 0 : metrics.axisLabelGap + axisMetrics.lineHeight
        let bottom = height - pad - tickLabels - xLabel
        let columnGap = (PanelGrid.cellGap * metrics.scale).rounded()
        let rowGap = (PanelGrid.rowGap * metrics.scale).rounded()
        let plotWidth = max(1, ((right - left - Double(columns - 1) * columnGap) / Double(columns)).rounded(.down))
        let plotHeight = max(
            1,
            ((bottom - top - Double(rows) * cellTitle - Double(rows - 1) * rowGap)
                / Double(rows)).rounded(.down))
        return GridFrame(
            rows: rows, columns: columns, left: left, top: (top + cellTitle).rounded(.up),
            plotWidth: plotWidth, plotHeight: plotHeight, columnGap: columnGap,
            rowPitch: plotHeight + rowGap + cellTitle)
    }

    /// One y scale for every cell: the grid's range, or every panel's data with room for marker
    /// labels above the highest peaks. Ticks may sit closer than in a full-size plot (24 px at the
    /// reference size, twice a tick label's height) so that a short cell still gets three or four.
    private func sharedYScale(_ grid: PanelGrid, plotHeight: Double) -> AxisScale {
        let panels = chart.panels
        let extent = union(
            panels.map { markerHeadroom($0, extent: union(panels.map(yExtent(of:))), plotHeight: plotHeight) })
        return AxisScale.resolve(
            Axis(range: grid.yAxis.range, padding: grid.yAxis.padding), dataExtent: extent,
            defaultPadding: 0.05,
            maxTickCount: AxisTicks.maxCount(length: plotHeight, spacing: 0.6 * metrics.yTickSpacing))
    }

    /// The header row over the columns, the header column left of the rows, and the shared axis
    /// labels.
    private func gridHeaderCommands(
        _ grid: PanelGrid, frame: GridFrame, rowCount: Int,
        yTickLabelWidth: Double
    ) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        let axisMetrics = measurer.measure("Ag", font: axisFont)
        let cellTitle = grid.hasCellLine ? axisMetrics.lineHeight + metrics.labelGap : 0
        var headers = Array(grid.columnHeaders.prefix(frame.columns))
        if !grid.compactColumnHeaders.isEmpty,
            headers.contains(where: { measurer.measure($0, font: cellTitleFont).width > frame.plotWidth })
        {
            headers = Array(grid.compactColumnHeaders.prefix(frame.columns))
        }
        for (column, text) in headers.enumerated() where !text.isEmpty {
            let plot = frame.plot(row: 0, column: column)
            let baseline = (plot.minY - cellTitle - metrics.labelGap - axisMetrics.descent).rounded()
            commands.append(
                .text(
                    TextRun(
                        measurer.fitting(text, font: cellTitleFont, width: plot.width),
                        origin: Point(x: plot.midX, y: baseline), font: cellTitleFont,
                        color: theme.foreground, anchor: .middle)))
        }
        let rowHeaderRight =
            frame.left - metrics.tickLength - metrics.tickLabelGap - yTickLabelWidth - metrics.yLabelGap
        for (row, text) in grid.rowHeaders.prefix(rowCount).enumerated() where !text.isEmpty {
            let plot = frame.plot(row: row, column: 0)
            let baseline = (plot.midY + axisMetrics.capHeight / 2).rounded()
            commands.append(
                .text(
                    TextRun(
                        text, origin: Point(x: rowHeaderRight.rounded(), y: baseline),
                        font: cellTitleFont, color: theme.foreground, anchor: .end)))
        }
        let first = frame.plot(row: 0, column: 0)
        let last = frame.plot(row: rowCount - 1, column: frame.columns - 1)
        if !grid.xAxis.label.isEmpty {
            let tickMetrics = measurer.measure("0", font: tickFont)
            let baseline =
                last.maxY + metrics.tickLength + metrics.tickLabelGap + tickMetrics.capHeight
                + tickMetrics.descent + metrics.axisLabelGap + axisMetrics.ascent
            commands.append(
                .text(
                    TextRun(
                        grid.xAxis.label,
                        origin: Point(
                            x: ((first.minX + last.maxX) / 2).rounded(),
                            y: baseline.rounded()),
                        font: axisFont, color: theme.foreground, anchor: .middle)))
        }
        if !grid.yAxis.label.isEmpty {
            let x = metrics.outerPadding + axisMetrics.ascent
            commands.append(
                .text(
                    TextRun(
                        grid.yAxis.label, origin: Point(x: x.rounded(), y: (first.minY + last.maxY) / 2),
                        font: axisFont, color: theme.foreground, anchor: .middle, rotation: -90)))
        }
        return commands
    }

    private func union(_ ranges: [ClosedRange<Double>?]) -> ClosedRange<Double>? {
        let present = ranges.compactMap { $0 }
        guard let lower = present.map(\.lowerBound).min(), let upper = present.map(\.upperBound).max() else {
            return nil
        }
        return lower...upper
    }
}
