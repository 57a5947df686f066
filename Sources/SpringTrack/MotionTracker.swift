/// What of the moving element is measured.
public enum TrackProperty: String, CaseIterable, Sendable {
    /// Its centre along the axis, in pixels.
    case position
    /// Its extent along the axis, in pixels (the element grows or shrinks in place).
    case scale
}

/// Which image axis a measurement runs along.
public enum TrackAxis: String, CaseIterable, Sendable {
    case x, y
    /// The one along which the element moves (or changes size) the most.
    case auto
}

/// The tracked motion of one element: a value per kept frame, and what was found on the way.
public struct TrackedSamples: Sendable {
    /// Frame times, seconds on the video's clock.
    public var times: [Double]
    /// The element's centre (position) or extent (scale) along ``axis`` at each time, in pixels.
    /// Positions are in image coordinates whose pixel `i` spans `[i, i + 1)`, so its centre is `i + 0.5`.
    public var values: [Double]
    public var property: TrackProperty
    /// The axis measured (never `.auto`).
    public var axis: TrackAxis
    /// The region the element sweeps, in the decoded frame's pixels.
    public var region: PixelBox
    /// The last frame before the element starts to move (the motion starts between it and the next).
    public var onsetTime: Double
    /// The first frame from which the element holds still for good.
    public var endTime: Double
    /// Frames decoded.
    public var frameCount: Int
    /// Frames left out because they repeat the frame before while the element moves.
    public var repeatedFrames: Int
    /// Still frames left out before the onset and after the end.
    public var stillFramesSkipped: Int
    /// Standard deviation of the value over the still frames kept after the end: the tracking noise.
    public var noise: Double
}

/// Finds the one element that moves in a clip and measures it in every frame.
///
/// 1. **Where things move.** Every pixel that ever differs from the first frame by more than the
///    change threshold marks a block of a coarse grid; blocks are joined into regions after a small
///    dilation, so that a fast element's separate sweeps stay one region. No region: no motion. Two
///    regions of comparable size: two elements (the caller should pick one with a region of interest).
/// 2. **The background.** Where the first and last frames agree, either is the background. Where they
///    differ the element covers one of them: near where it started (the last frame shows the
///    background there) or near where it ended (the first frame does). The start and end are the
///    centroids of the first frames' change from the first frame and of the last frames' change from
///    the last frame; each differing pixel goes to the nearer one. For a change of size the element
///    grows when the early change lies inside the differing ring; a shrinking element (the early
///    change outside the ring) is refused, since the background inside its final outline never shows.
/// 3. **Measuring.** On each line across the axis, the element's outer edges are found to a fraction
///    of a pixel: an anti-aliased edge pixel is read as the part of it that the element covers, from
///    where its colour lies between the background's and the element's. The position is the
///    midpoint of the two edges and the size their distance, each averaged over the middle half of
///    the lines (all lines that cross the element for a position, lines through its middle for a
///    size). Only the outline counts: content inside the element, and background that matches it
///    there, do not.
/// 4. **Onset, end, repeats.** The motion starts after the last frame with no change from the first,
///    and ends at the first frame with no change from the last; up to three still frames are kept
///    before (the fit places the start between them and the first moving frame) and a still tail as
///    long as the motion, at least three frames, after. A frame that repeats the one before while
///    the element moves is dropped: its time is not the time of what it shows.
public enum MotionTracker {
    /// A pixel changed when one of its channels moves by more than this (of 255).
    public static let changeThreshold: UInt8 = 24

    /// Tracks the single moving element of `frames`.
    /// - Precondition: every frame has the same size.
    public static func track(
        _ frames: [VideoFrame], property: TrackProperty = .position, axis: TrackAxis = .auto,
        minimumSamples: Int = 8
    ) throws(TrackError) -> TrackedSamples {
        guard frames.count >= minimumSamples else { throw .tooShort(frames: frames.count, needed: minimumSamples) }
        let width = frames[0].width, height = frames[0].height
        for frame in frames { precondition(frame.width == width && frame.height == height, "frames of one size") }

        let region = try movingRegion(frames, width: width, height: height)
        let clip: [[UInt8]] = frames.map { crop($0, to: region) }
        let w = region.width, h = region.height
        let first: [UInt8] = clip[0], last: [UInt8] = clip[clip.count - 1]
        let differing = changedMask(first, last, count: w * h)
        let differingCount = differing.reduce(0) { $0 + Int($1) }
        // Onset and end from how many pixels differ from the first and from the last frame.
        let least = Swift.max(3, w * h / 500)
        let fromFirst = clip.map { countChanged($0, first) }
        let fromLast = clip.map { countChanged($0, last) }
        guard fromFirst.contains(where: { $0 >= least }) else { throw .noMotion }
        guard differingCount >= 4 else { throw .noNetMotion(property: property) }

        // Start and end centres from the first and last frames' change.
        let enough = Swift.max(8, differingCount / 20)
        // The counts above say which frames those are; only their two masks are built.
        guard let earlyIndex = fromFirst.indices.dropFirst().first(where: { fromFirst[$0] >= enough }),
            let lateIndex = fromLast.indices.dropLast().last(where: { fromLast[$0] >= enough })
        else { throw .noNetMotion(property: property) }
        let earlyMask = changedMask(clip[earlyIndex], first, count: w * h)
        guard let early = centroid(earlyMask, width: w, least: enough),
            let late = centroid(changedMask(clip[lateIndex], last, count: w * h), width: w, least: enough)
        else { throw .noNetMotion(property: property) }
        let travel = (x: late.x - early.x, y: late.y - early.y)
        let distance = (travel.x * travel.x + travel.y * travel.y).squareRoot()

        // The background: the first frame, except where the element covered it.
        var background = first
        var grows = false
        switch property {
        case .position:
            guard distance >= 1 else { throw .noNetMotion(property: .position) }
            let half = distance * distance / 2
            for row in 0..<h {
                for column in 0..<w where differing[row * w + column] != 0 {
                    let dx: Double = Double(column) + 0.5 - early.x
                    let dy: Double = Double(row) + 0.5 - early.y
                    let along: Double = dx * travel.x + dy * travel.y
                    if along < half { copyPixel(row * w + column, from: last, into: &background) }
                }
            }
        case .scale:
            guard let inner = meanDistance(earlyMask, width: w, from: early),
                let ring = meanDistance(differing, width: w, from: early)
            else { throw .noNetMotion(property: .scale) }
            grows = inner <= ring
            // A shrinking element covers the background inside its final outline in the first frame
            // and in the last: its size cannot be read there (on clips it came out 30 % off).
            guard grows else { throw .shrinks }
        }

        let measuredAxis: TrackAxis
        switch axis {
        case .x, .y: measuredAxis = axis
        case .auto:
            if property == .position {
                measuredAxis = abs(travel.x) >= abs(travel.y) ? .x : .y
            } else {
                let box = boundingBox(differing, width: w)
                measuredAxis = (box?.width ?? 0) >= (box?.height ?? 0) ? .x : .y
            }
        }

        // The band of rows (or columns) through the element's middle that it covers at every size.
        var band = 0..<h
        if property == .scale, let box = boundingBox(differing, width: w) {
            let (low, extent) = measuredAxis == .x ? (box.y, box.height) : (box.x, box.width)
            let middle: Double = Double(low) + Double(extent) / 2
            let reach: Double = Swift.max(1.0, 0.1 * Double(extent))
            let lower = Int((middle - reach).rounded()), upper = Int((middle + reach).rounded())
            band = lower..<Swift.max(upper, lower + 1)
        }

        let moving = fromFirst.firstIndex { $0 >= least } ?? 0
        let settled = (fromLast.lastIndex { $0 >= least } ?? (clip.count - 2)) + 1
        // A growing element's first outline lies inside where it ends, covered at both ends of the
        // clip, so it cannot be seen against the background: its samples start when it grows.
        let keepFrom = property == .scale && grows ? moving : Swift.max(0, moving - 3)
        let onsetIndex = Swift.max(moving - 1, 0), endIndex = Swift.min(settled, frames.count - 1)
        let motionTime: Double = frames[endIndex].time - frames[onsetIndex].time
        var keepTo = endIndex
        while keepTo + 1 < frames.count {
            let tailTime: Double = frames[keepTo + 1].time - frames[endIndex].time
            guard keepTo - endIndex < 3 || tailTime <= motionTime else { break }
            keepTo += 1
        }

        var times: [Double] = [], values: [Double] = []
        var repeated = 0
        var previous: [UInt8]?
        for index in keepFrom...keepTo {
            let pixels = clip[index]
            if index > moving && index < settled, let previous, repeats(pixels, previous) {
                repeated += 1
                continue
            }
            previous = pixels
            let measured: Double?
            if property == .position {
                let offset = Double(measuredAxis == .x ? region.x : region.y)
                measured = outlineCentre(pixels, background: background, width: w, axis: measuredAxis).map {
                    $0 + offset
                }
            } else {
                measured = bandExtent(pixels, background: background, width: w, axis: measuredAxis, band: band)
            }
            guard let value = measured else { continue }
            times.append(frames[index].time)
            values.append(value)
        }
        // The frames before the onset are still by the pixel test: they hold the last one's value
        // (coding noise between them would otherwise read as motion before the motion).
        let stillCount = times.firstIndex { $0 >= frames[Swift.min(moving, frames.count - 1)].time } ?? 0
        if stillCount >= 2 {
            for index in 0..<(stillCount - 1) { values[index] = values[stillCount - 1] }
        }
        repeated += dropHeldSamples(times: &times, values: &values)
        guard times.count >= minimumSamples else { throw .tooShort(frames: times.count, needed: minimumSamples) }
        let tail: ArraySlice<Double> = values.suffix(Swift.max(0, keepTo - endIndex))
        var noise = 0.0
        if tail.count >= 2 {
            let mean: Double = tail.reduce(0, +) / Double(tail.count)
            var squares = 0.0
            for value in tail { squares += (value - mean) * (value - mean) }
            noise = (squares / Double(tail.count - 1)).squareRoot()
        }
        return TrackedSamples(
            times: times, values: values, property: property, axis: measuredAxis, region: region,
            onsetTime: frames[onsetIndex].time, endTime: frames[endIndex].time,
            frameCount: frames.count, repeatedFrames: repeated,
            stillFramesSkipped: keepFrom + (frames.count - 1 - keepTo), noise: noise)
    }

    /// Leaves out the samples of frames that show the frame before again although the element moves:
    /// a lossy codec rarely copies such a frame pixel for pixel, so ``repeats(_:_:)`` misses it, but
    /// its value gives it away. The element stands still for one frame between two steps that go the
    /// same way, each at least 1 px and five times the held frame's speed (at a turning point the
    /// steps on either side go opposite ways). Returns how many samples were left out.
    static func dropHeldSamples(times: inout [Double], values: inout [Double]) -> Int {
        guard values.count >= 3 else { return 0 }
        var kept = [true]
        var previous = 0  // the last sample kept
        func speed(_ from: Int, _ to: Int) -> Double {
            (values[to] - values[from]) / Swift.max(times[to] - times[from], 1e-9)
        }
        for index in 1..<(values.count - 1) {
            var isHeld = false
            if previous > 0 {
                let stepBefore = values[previous] - values[previous - 1], stepAfter = values[index + 1] - values[index]
                isHeld =
                    abs(stepBefore) >= 1 && abs(stepAfter) >= 1 && (stepBefore > 0) == (stepAfter > 0)
                    && 5 * abs(speed(previous, index))
                        <= Swift.min(abs(speed(previous - 1, previous)), abs(speed(index, index + 1)))
            }
            kept.append(!isHeld)
            if !isHeld { previous = index }
        }
        kept.append(true)
        let dropped = kept.filter { !$0 }.count
        guard dropped > 0 else { return 0 }
        times = zip(times, kept).filter(\.1).map(\.0)
        values = zip(values, kept).filter(\.1).map(\.0)
        return dropped
    }

    // MARK: Stage 1: where things move

    /// The bounding box of the one region that moves, with a small margin.
    static func movingRegion(_ frames: [VideoFrame], width: Int, height: Int) throws(TrackError) -> PixelBox {
        let count = width * height
        var changed = [UInt8](repeating: 0, count: count)
        let first = frames[0].pixels
        // A coarse grid of blocks (2 px at 270p, 8 px at 1080p); in a large frame every other pixel of
        // every other row is enough to find which blocks change.
        let block = Swift.max(2, Swift.min(width, height) / 135)
        let step = block >= 6 ? 2 : 1
        first.withUnsafeBufferPointer { base in
            changed.withUnsafeMutableBufferPointer { out in
                for frame in frames.dropFirst() {
                    frame.pixels.withUnsafeBufferPointer { pixels in
                        for y in stride(from: 0, to: height, by: step) {
                            for x in stride(from: 0, to: width, by: step) {
                                let i = y * width + x
                                if difference(pixels, base, i) > changeThreshold { out[i] = 1 }
                            }
                        }
                    }
                }
            }
        }
        // A block counts when at least two of its (looked at) pixels changed.
        let columns = (width + block - 1) / block, rows = (height + block - 1) / block
        var marks = [Int](repeating: 0, count: columns * rows)
        for y in 0..<height {
            let row = (y / block) * columns
            for x in 0..<width where changed[y * width + x] != 0 { marks[row + x / block] += 1 }
        }
        let active = marks.map { $0 >= 2 }
        guard active.contains(true) else { throw .noMotion }
        // Dilate by about 3 % of the frame (at least two blocks), so that stretches where the element
        // matches the background, or jumps between frames, do not split its sweep; then label
        // 8-connected regions.
        let reach = Swift.max(2, Swift.min(width, height) / (33 * block))
        var grown = [Bool](repeating: false, count: columns * rows)
        for r in 0..<rows {
            for c in 0..<columns where active[r * columns + c] {
                for rr in Swift.max(0, r - reach)...Swift.min(rows - 1, r + reach) {
                    for cc in Swift.max(0, c - reach)...Swift.min(columns - 1, c + reach) {
                        grown[rr * columns + cc] = true
                    }
                }
            }
        }
        var label = [Int](repeating: -1, count: columns * rows)
        var regions: [(size: Int, box: (x0: Int, y0: Int, x1: Int, y1: Int))] = []
        for start in grown.indices where grown[start] && label[start] < 0 {
            let id = regions.count
            var stack = [start]
            label[start] = id
            var size = 0
            var box = (x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
            while let cell = stack.popLast() {
                let r = cell / columns, c = cell % columns
                if active[cell] {
                    size += marks[cell]
                    box = (Swift.min(box.x0, c), Swift.min(box.y0, r), Swift.max(box.x1, c), Swift.max(box.y1, r))
                }
                for rr in Swift.max(0, r - 1)...Swift.min(rows - 1, r + 1) {
                    for cc in Swift.max(0, c - 1)...Swift.min(columns - 1, c + 1) {
                        let next = rr * columns + cc
                        if grown[next] && label[next] < 0 {
                            label[next] = id
                            stack.append(next)
                        }
                    }
                }
            }
            regions.append((size, box))
        }
        // Specks of coding noise are not an element: a region must change at least 16 pixels, and
        // 1 in 20 000 of a large frame.
        let smallest = Swift.max(16, width * height / 20_000)
        let ordered = joinedAlongAnAxis(regions.filter { $0.size >= smallest }).sorted { $0.size > $1.size }
        guard let largest = ordered.first else { throw .noMotion }
        func pixels(_ box: (x0: Int, y0: Int, x1: Int, y1: Int), margin: Int) -> PixelBox {
            let x0 = Swift.max(0, box.x0 * block - margin), y0 = Swift.max(0, box.y0 * block - margin)
            let x1 = Swift.min(width, (box.x1 + 1) * block + margin),
                y1 = Swift.min(height, (box.y1 + 1) * block + margin)
            return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let rivals = ordered.dropFirst().filter { $0.size * 5 >= largest.size }
        if !rivals.isEmpty { throw .severalElements(([largest] + rivals).map { pixels($0.box, margin: block) }) }
        return pixels(largest.box, margin: 2 * block)
    }

    /// A fast element leaves separate pieces of sweep, one per frame or so, lined up along its axis:
    /// pieces that share a row band (or a column band) nearly completely, none of them stretched
    /// across that band, are one element. Two elements moving side by side along parallel lines
    /// stretch along their lines, so they stay apart.
    static func joinedAlongAnAxis(_ pieces: [(size: Int, box: (x0: Int, y0: Int, x1: Int, y1: Int))])
        -> [(size: Int, box: (x0: Int, y0: Int, x1: Int, y1: Int))]
    {
        var pieces = pieces
        func overlap(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) -> Double {
            let shared = Swift.min(a1, b1) - Swift.max(a0, b0) + 1
            return Double(Swift.max(0, shared)) / Double(Swift.min(a1 - a0, b1 - b0) + 1)
        }
        var merged = true
        while merged {
            merged = false
            search: for i in pieces.indices {
                for j in pieces.indices where j > i {
                    let a = pieces[i].box, b = pieces[j].box
                    let (aw, ah, bw, bh) = (a.x1 - a.x0 + 1, a.y1 - a.y0 + 1, b.x1 - b.x0 + 1, b.y1 - b.y0 + 1)
                    let rowBand =
                        overlap(a.y0, a.y1, b.y0, b.y1) >= 0.7 && 2 * aw >= ah && 2 * bw >= bh
                        && overlap(a.x0, a.x1, b.x0, b.x1) < 0.5
                    let columnBand =
                        overlap(a.x0, a.x1, b.x0, b.x1) >= 0.7 && 2 * ah >= aw && 2 * bh >= bw
                        && overlap(a.y0, a.y1, b.y0, b.y1) < 0.5
                    guard rowBand || columnBand else { continue }
                    pieces[i] = (
                        pieces[i].size + pieces[j].size,
                        (Swift.min(a.x0, b.x0), Swift.min(a.y0, b.y0), Swift.max(a.x1, b.x1), Swift.max(a.y1, b.y1))
                    )
                    pieces.remove(at: j)
                    merged = true
                    break search
                }
            }
        }
        return pieces
    }

    // MARK: Stage 2: masks and centres

    /// The pixels of `frame` inside `box` (three bytes each).
    static func crop(_ frame: VideoFrame, to box: PixelBox) -> [UInt8] {
        if box.x == 0 && box.y == 0 && box.width == frame.width && box.height == frame.height { return frame.pixels }
        var out = [UInt8]()
        out.reserveCapacity(3 * box.width * box.height)
        for row in box.y..<(box.y + box.height) {
            let start = 3 * (row * frame.width + box.x)
            out.append(contentsOf: frame.pixels[start..<(start + 3 * box.width)])
        }
        return out
    }

    /// The largest difference of the three channels of pixel `index` in `a` and `b`.
    @inline(__always)
    static func difference(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt8 {
        let j = 3 * index
        let r = a[j] > b[j] ? a[j] - b[j] : b[j] - a[j]
        let g = a[j + 1] > b[j + 1] ? a[j + 1] - b[j + 1] : b[j + 1] - a[j + 1]
        let l = a[j + 2] > b[j + 2] ? a[j + 2] - b[j + 2] : b[j + 2] - a[j + 2]
        return Swift.max(r, Swift.max(g, l))
    }

    static func copyPixel(_ index: Int, from source: [UInt8], into target: inout [UInt8]) {
        target[3 * index] = source[3 * index]
        target[3 * index + 1] = source[3 * index + 1]
        target[3 * index + 2] = source[3 * index + 2]
    }

    static func changedMask(_ a: [UInt8], _ b: [UInt8], count: Int) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in 0..<count where difference(a, b, i) > changeThreshold { mask[i] = 1 }
            }
        }
        return mask
    }

    static func countChanged(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var total = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in 0..<(a.count / 3) where difference(a, b, i) > changeThreshold { total += 1 }
            }
        }
        return total
    }

    /// Whether a frame repeats `previous`: at most one pixel in a thousand differs at all, and none by
    /// more than 2 (a codec's copy of a frame). A moving element, even a hundredth of a pixel a frame,
    /// changes every pixel along its edges.
    static func repeats(_ pixels: [UInt8], _ previous: [UInt8]) -> Bool {
        var differing = 0
        var worst: UInt8 = 0
        pixels.withUnsafeBufferPointer { a in
            previous.withUnsafeBufferPointer { b in
                for i in 0..<(a.count / 3) {
                    let d = difference(a, b, i)
                    if d > 0 {
                        differing += 1
                        worst = Swift.max(worst, d)
                    }
                }
            }
        }
        return worst <= 2 && differing * 1000 <= pixels.count / 3
    }

    /// The centre of the set pixels (pixel centres at +0.5), when there are at least `least`.
    static func centroid(_ mask: [UInt8], width: Int, least: Int) -> (x: Double, y: Double)? {
        var count = 0, sx = 0, sy = 0
        for i in mask.indices where mask[i] != 0 {
            count += 1
            sx += i % width
            sy += i / width
        }
        guard count >= least else { return nil }
        return (Double(sx) / Double(count) + 0.5, Double(sy) / Double(count) + 0.5)
    }

    static func meanDistance(_ mask: [UInt8], width: Int, from centre: (x: Double, y: Double)) -> Double? {
        var count = 0, total = 0.0
        for i in mask.indices where mask[i] != 0 {
            let dx = Double(i % width) + 0.5 - centre.x, dy = Double(i / width) + 0.5 - centre.y
            total += (dx * dx + dy * dy).squareRoot()
            count += 1
        }
        return count == 0 ? nil : total / Double(count)
    }

    static func boundingBox(_ mask: [UInt8], width: Int) -> PixelBox? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for i in mask.indices where mask[i] != 0 {
            let x = i % width, y = i / width
            x0 = Swift.min(x0, x)
            x1 = Swift.max(x1, x)
            y0 = Swift.min(y0, y)
            y1 = Swift.max(y1, y)
        }
        return x0 == Int.max ? nil : PixelBox(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    // MARK: Stage 3: measuring

    /// How much of pixel `i` the element covers, given the background there and the element's colour
    /// at pixel `e`: the projection of (pixel − background) on (element − background), from 0 to 1.
    static func mix(_ pixels: [UInt8], _ background: [UInt8], at i: Int, element e: Int) -> Double {
        var dot = 0.0, norm = 0.0
        for channel in 0..<3 {
            let b = Double(background[3 * i + channel])
            let p = Double(pixels[3 * i + channel]) - b, q = Double(pixels[3 * e + channel]) - b
            dot += p * q
            norm += q * q
        }
        return norm < 1 ? 0 : Swift.min(1, Swift.max(0, dot / norm))
    }

    /// The element's outer edges on each line across `axis` (rows for x, columns for y) of `lines`, in
    /// the crop's coordinates (pixel `i` spans `[i, i + 1)`). On each line the outermost runs of three
    /// changed pixels mark the element; an edge is its run's first pixel plus the part of that pixel and
    /// of the one outside it that the element covers (see ``mix(_:_:at:element:)``, with the element's
    /// colour taken two pixels in). Only the outline counts, so content inside the element, and
    /// background that happens to match it inside, do not.
    static func lineEdges(
        _ pixels: [UInt8], background: [UInt8], width: Int, axis: TrackAxis,
        lines: Range<Int>
    ) -> [(low: Double, high: Double)] {
        let count = pixels.count / 3, height = count / width
        var changed = [Bool](repeating: false, count: count)
        pixels.withUnsafeBufferPointer { p in
            background.withUnsafeBufferPointer { b in
                for i in 0..<count { changed[i] = difference(p, b, i) > changeThreshold }
            }
        }
        let (lineCount, length) = axis == .x ? (height, width) : (width, height)
        var edges: [(low: Double, high: Double)] = []
        for line in lines where line >= 0 && line < lineCount {
            func index(_ k: Int) -> Int { axis == .x ? line * width + k : k * width + line }
            func solid(_ k: Int, _ step: Int) -> Bool {
                (0..<3).allSatisfy { j in
                    let m = k + j * step
                    return m >= 0 && m < length && changed[index(m)]
                }
            }
            guard let low = (0..<length).first(where: { solid($0, 1) }),
                let high = (0..<length).reversed().first(where: { solid($0, -1) }), high - low >= 4
            else { continue }
            func covered(_ k: Int, inward: Int) -> Double {
                let element = index(k + 2 * inward)
                let outside = k - inward
                let beyond =
                    outside >= 0 && outside < length ? mix(pixels, background, at: index(outside), element: element) : 0
                return mix(pixels, background, at: index(k), element: element) + beyond
            }
            edges.append((Double(low + 1) - covered(low, inward: 1), Double(high) + covered(high, inward: -1)))
        }
        return edges
    }

    /// The mean of the middle half of `values` (sorted in place): a line where noise outside the
    /// element passes for it, or where the element matches the background at its edge, does not pull it.
    static func middleHalfMean(_ values: inout [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        values.sort()
        let quarter = values.count / 4
        let middle = values[quarter..<(values.count - quarter)]
        return middle.reduce(0, +) / Double(middle.count)
    }

    /// The element's centre along `axis`: the midpoint of its outer edges, averaged over the lines
    /// that cross it (``lineEdges(_:background:width:axis:lines:)``). Codec noise on each edge
    /// averages out over the lines, and nothing inside the outline counts.
    static func outlineCentre(_ pixels: [UInt8], background: [UInt8], width: Int, axis: TrackAxis) -> Double? {
        let lineCount = axis == .x ? pixels.count / 3 / width : width
        var middles = lineEdges(pixels, background: background, width: width, axis: axis, lines: 0..<lineCount)
            .map { ($0.low + $0.high) / 2 }
        guard middles.count >= 2 else { return nil }
        return middleHalfMean(&middles)
    }

    /// The element's extent along `axis`: the distance between its outer edges
    /// (``lineEdges(_:background:width:axis:lines:)``) on the lines of `band`, the middle half of
    /// them averaged.
    static func bandExtent(_ pixels: [UInt8], background: [UInt8], width: Int, axis: TrackAxis, band: Range<Int>)
        -> Double?
    {
        var extents = lineEdges(pixels, background: background, width: width, axis: axis, lines: band)
            .map { $0.high - $0.low }
        guard extents.count * 2 >= band.count else { return nil }
        return middleHalfMean(&extents)
    }
}
