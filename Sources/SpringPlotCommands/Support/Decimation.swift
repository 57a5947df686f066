/// Thins a long polyline for drawing: at most two points (the lowest and highest, in time order)
/// per column of `columns` equal slices of the x range. A chart cannot show more, and a million-point
/// path would only slow the renderer. Shorter inputs come back unchanged.
func decimated(xs: [Double], ys: [Double], columns: Int = 1500) -> (xs: [Double], ys: [Double]) {
    precondition(xs.count == ys.count && columns > 0)
    guard xs.count > 2 * columns, let first = xs.first, let last = xs.last, last > first else { return (xs, ys) }
    var outX: [Double] = [], outY: [Double] = []
    outX.reserveCapacity(2 * columns + 2)
    outY.reserveCapacity(2 * columns + 2)
    let width = (last - first) / Double(columns)
    var index = 0
    while index < xs.count {
        let column = Swift.min(Int((xs[index] - first) / width), columns - 1)
        var low = index, high = index
        var next = index + 1
        while next < xs.count && Swift.min(Int((xs[next] - first) / width), columns - 1) == column {
            if ys[next] < ys[low] { low = next }
            if ys[next] > ys[high] { high = next }
            next += 1
        }
        for i in low == high ? [low] : [Swift.min(low, high), Swift.max(low, high)] {
            outX.append(xs[i])
            outY.append(ys[i])
        }
        index = next
    }
    return (outX, outY)
}
