/// How much of the series ink lies in any rectangle of a plot, answered in constant time.
///
/// Series are sampled every 2 px along their segments into cells of 4 px (larger for plots over
/// 8000 px, so the grid stays small); a summed-area table then gives the number of samples in a
/// rectangle with four lookups. The legend and the annotation labels use it to find the place that
/// hides the least of the curves.
struct CoverageGrid: Sendable {
    static let maximumCells = 2000.0

    let origin: Point
    let cellSize: Double
    let columns: Int
    let rows: Int
    /// `(rows + 1) × (columns + 1)` prefix sums, row-major.
    private var sums: [Double]

    init(bounds: Rect, polylines: [(points: [Point], weight: Double)]) {
        let finite = bounds.width.isFinite && bounds.height.isFinite && bounds.minX.isFinite && bounds.minY.isFinite
        origin = finite ? Point(x: bounds.minX, y: bounds.minY) : Point(x: 0, y: 0)
        let width = finite ? max(0, bounds.width) : 0, height = finite ? max(0, bounds.height) : 0
        let cellSize = max(4, width / CoverageGrid.maximumCells, height / CoverageGrid.maximumCells)
        self.cellSize = cellSize
        columns = max(1, Int((width / cellSize).rounded(.up)))
        rows = max(1, Int((height / cellSize).rounded(.up)))
        let sampleSpacing = cellSize / 2
        // One array: each cell's weight goes where its prefix sum will be (row + 1, column + 1), and
        // the sums then replace the weights in place (a second array of cells cost a page fault per
        // 4 KB of it, about 0.1 ms per panel).
        let columns = self.columns, rows = self.rows, origin = self.origin
        let stride = columns + 1
        var sums = [Double](repeating: 0, count: (rows + 1) * stride)
        func add(_ x: Double, _ y: Double, _ weight: Double) {
            let column = ((x - origin.x) / cellSize).rounded(.down)
            let row = ((y - origin.y) / cellSize).rounded(.down)
            guard column >= 0, column < Double(columns), row >= 0, row < Double(rows) else { return }
            sums[(Int(row) + 1) * stride + Int(column) + 1] += weight
        }
        for (points, weight) in polylines {
            guard let first = points.first else { continue }
            add(first.x, first.y, weight)
            for (a, b) in zip(points, points.dropFirst()) {
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                let samples = (length / sampleSpacing).rounded(.up)
                let steps = samples.isFinite ? max(1, Int(min(100_000, samples))) : 1
                for step in 1...steps {
                    let t = Double(step) / Double(steps)
                    add(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), weight)
                }
            }
        }
        for row in 0..<rows {
            var rowSum = 0.0
            for column in 0..<columns {
                rowSum += sums[(row + 1) * stride + column + 1]
                sums[(row + 1) * stride + column + 1] = sums[row * stride + column + 1] + rowSum
            }
        }
        self.sums = sums
    }

    /// The weighted number of samples in the cells that `rect` touches.
    func coverage(in rect: Rect) -> Double {
        let c0 = cell((rect.minX - origin.x) / cellSize, .down, columns)
        let c1 = cell((rect.maxX - origin.x) / cellSize, .up, columns)
        let r0 = cell((rect.minY - origin.y) / cellSize, .down, rows)
        let r1 = cell((rect.maxY - origin.y) / cellSize, .up, rows)
        guard c1 > c0, r1 > r0 else { return 0 }
        let stride = columns + 1
        return sums[r1 * stride + c1] - sums[r0 * stride + c1] - sums[r1 * stride + c0] + sums[r0 * stride + c0]
    }

    /// A cell boundary index clamped to `0...upper` before converting, so no value can trap.
    private func cell(_ value: Double, _ rule: FloatingPointRoundingRule, _ upper: Int) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(Double(upper), max(0, value.rounded(rule))))
    }
}
