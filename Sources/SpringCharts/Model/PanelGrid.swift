/// Small multiples: a chart's panels laid out row by row in a grid of compact plots that share one x
/// range and one y range, so the cells compare at a glance.
///
/// Only the left column shows y tick labels and only the bottom cell of each column shows x tick
/// labels; the shared axis labels are written once, under and left of the grid. A header row names
/// the columns, a header column names the rows, and each cell may carry its own title (for cells
/// that are not a product of two ranges, such as a list of presets) and a caption, a short readout
/// in the same place in every cell ("0.84 s · 16 %"): the title left-aligned over the plot, the
/// caption right-aligned. The panels' own axes are
/// ignored: the grid's ``xAxis`` and ``yAxis`` apply to every cell, and an axis without a range
/// covers every panel's data.
///
/// Type keeps the theme's sizes up to a 1600 × 1200 canvas and grows beyond it; it never shrinks, so
/// a grid needs a canvas of at least ``minimumSize(panelCount:)``.
public struct PanelGrid: Hashable, Sendable {
    /// Cells per row. The number of rows follows from the number of panels.
    public var columns: Int
    /// One text per column, drawn above it ("response 0.3 s"); empty for no header row.
    public var columnHeaders: [String]
    /// Shorter column headers ("0.3 s") for when some of ``columnHeaders`` is wider than its column;
    /// empty: the long ones are cut with an ellipsis.
    public var compactColumnHeaders: [String]
    /// One text per row, drawn left of it ("ζ 0.2"); empty for no header column.
    public var rowHeaders: [String]
    /// One title per panel, drawn bold above its cell, left-aligned; empty for none.
    public var cellTitles: [String]
    /// One caption per panel, drawn muted above its cell, right-aligned; empty for none.
    public var cellCaptions: [String]
    /// The shared x axis: its label is written once under the grid.
    public var xAxis: Axis
    /// The shared y axis: its label is written once, rotated, left of the grid.
    public var yAxis: Axis

    /// The least plot width of a cell, in logical px at the theme's type sizes.
    public static let minimumPlotWidth = 120.0
    /// The least plot height of a cell, in logical px at the theme's type sizes.
    public static let minimumPlotHeight = 80.0

    /// - Precondition: `columns > 0`.
    public init(
        columns: Int, columnHeaders: [String] = [], compactColumnHeaders: [String] = [], rowHeaders: [String] = [],
        cellTitles: [String] = [],
        cellCaptions: [String] = [], xAxis: Axis = Axis(), yAxis: Axis = Axis()
    ) {
        precondition(columns > 0, "a grid needs at least one column")
        self.columns = columns
        self.columnHeaders = columnHeaders
        self.compactColumnHeaders = compactColumnHeaders
        self.rowHeaders = rowHeaders
        self.cellTitles = cellTitles
        self.cellCaptions = cellCaptions
        self.xAxis = xAxis
        self.yAxis = yAxis
    }

    /// The number of rows that `panelCount` panels fill.
    public func rows(panelCount: Int) -> Int {
        max(1, (panelCount + columns - 1) / columns)
    }

    /// The smallest canvas, in logical px, on which every cell keeps a plot of at least
    /// ``minimumPlotWidth`` × ``minimumPlotHeight`` with the theme's type sizes: the plots plus a
    /// fixed allowance for the title, headers, tick labels and axis labels (row headers up to about
    /// ten characters).
    public func minimumSize(panelCount: Int) -> (width: Double, height: Double) {
        let rows = Double(rows(panelCount: panelCount)), columns = Double(min(self.columns, max(1, panelCount)))
        let titles = hasCellLine ? PanelGrid.cellTitleAllowance : 0
        let width =
            PanelGrid.leftAllowance + PanelGrid.rightAllowance
            + columns * PanelGrid.minimumPlotWidth + (columns - 1) * PanelGrid.cellGap
        let height =
            PanelGrid.topAllowance + PanelGrid.bottomAllowance
            + rows * (PanelGrid.minimumPlotHeight + titles) + (rows - 1) * PanelGrid.rowGap
        return (width.rounded(.up), height.rounded(.up))
    }

    /// Whether the cells have a line above them for titles or captions.
    var hasCellLine: Bool { !cellTitles.isEmpty || !cellCaptions.isEmpty }

    // Spacing at the theme's type sizes, in logical px; the layout scales them with the type.
    /// Between neighbouring plots in a row.
    static let cellGap = 16.0
    /// Between a plot and the next row's cell title or plot.
    static let rowGap = 16.0
    /// Left of the plots: padding, the rotated y label, the row headers and the y tick labels.
    static let leftAllowance = 220.0
    /// Right of the plots: padding and half of the last x tick label.
    static let rightAllowance = 40.0
    /// Above the plots: padding, title, subtitle and the header row.
    static let topAllowance = 130.0
    /// Below the plots: the x tick labels, the x label and padding.
    static let bottomAllowance = 80.0
    /// Above each plot when cells have titles or captions.
    static let cellTitleAllowance = 24.0
}
