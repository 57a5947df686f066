/// Decoding and tracking in one call, in the video's own pixel coordinates.
///
/// A large picture is looked at twice. The first decode is a fraction of the size (each pixel the mean
/// of a block), enough to see where things move; the second decodes only that part at full size. The
/// decoder then converts and hands over a tenth of the pixels or less, and the tracker measures only
/// them. When the small look finds nothing clear (no motion, several elements, an element too small
/// to see), the whole picture is decoded at full size and the tracker's own answer stands, so its
/// errors and suggested boxes are the same as without the first look.
extension VideoDecoder {
    /// Pictures with more pixels than this get a first, small look.
    public static let firstLookArea = 1280 * 720

    /// Decodes `request` and tracks its one moving element.
    ///
    /// Values, ``TrackedSamples/region`` and the boxes of ``TrackError/severalElements(_:)`` are in
    /// the video's pixels even when `request.region` (or the first look) cut out part of it.
    /// - Parameter firstLookAbove: pictures (or regions) with more pixels than this get a first,
    ///   small look; ``firstLookArea`` by default.
    /// - Throws: ``TrackError`` from decoding or tracking.
    public func track(
        _ request: Request, property: TrackProperty = .position, axis: TrackAxis = .auto,
        firstLookAbove: Int = firstLookArea
    ) throws(TrackError) -> TrackedSamples {
        let size = try displayedSize(of: request)
        var request = request
        // A region outside the picture makes the first look find nothing; decode then says why.
        if let found = try firstLook(request, size: size, above: firstLookAbove) { request.region = found }
        let origin: (x: Int, y: Int) = request.region.map { ($0.x, $0.y) } ?? (0, 0)
        let frames = try decode(request, displayedSize: size)
        var samples: TrackedSamples
        do {
            samples = try MotionTracker.track(frames, property: property, axis: axis)
        } catch {
            if case .severalElements(let boxes) = error { throw .severalElements(boxes.map { $0.moved(by: origin) }) }
            throw error
        }
        if property == .position {
            let shift = Double(samples.axis == .x ? origin.x : origin.y)
            samples.values = samples.values.map { $0 + shift }
        }
        samples.region = samples.region.moved(by: origin)
        return samples
    }

    /// The part of the picture (inside `request.region`, if any) where the one element moves, found
    /// in a decode a fraction of the size; nil when the picture is small or the look is not clear.
    /// - Throws: what the full decode would meet as well: too many frames or pixels, a frame too
    ///   large, the deadline (the full decode is not tried again after them).
    func firstLook(_ request: Request, size: (width: Int, height: Int), above threshold: Int) throws(TrackError)
        -> PixelBox?
    {
        let whole = request.region ?? PixelBox(x: 0, y: 0, width: size.width, height: size.height)
        let area = whole.width * whole.height
        guard area > threshold else { return nil }
        // About 480 × 270 pixels: a 1080p element of 24 px is still 6 across.
        let reduction = Swift.max(2, Int((Double(area) / 130_000).squareRoot().rounded()))
        var small = request
        small.reduction = reduction
        let frames: [VideoFrame]
        do {
            frames = try decode(small, displayedSize: size)
        } catch {
            switch error {
            case .tooManyFrames, .frameTooLarge, .timedOut: throw error
            default: return nil
            }
        }
        guard frames.count >= 2,
            let found = try? MotionTracker.movingRegion(frames, width: frames[0].width, height: frames[0].height)
        else { return nil }
        // Back to full size, with two small pixels more on each side for the averaging.
        // Corners on even pixels, so that the cut keeps 4:2:0 colour pairs whole (see decode).
        let margin = 2 * reduction
        func even(_ value: Int) -> Int { value - value % 2 }
        let x0 = even(Swift.max(0, found.x * reduction - margin)), y0 = even(Swift.max(0, found.y * reduction - margin))
        let x1 = even(Swift.min(whole.width, (found.x + found.width) * reduction + margin))
        let y1 = even(Swift.min(whole.height, (found.y + found.height) * reduction + margin))
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return nil }
        return PixelBox(x: whole.x + x0, y: whole.y + y0, width: x1 - x0, height: y1 - y0)
    }
}

extension PixelBox {
    /// The same box with its corner moved by `offset`.
    func moved(by offset: (x: Int, y: Int)) -> PixelBox {
        PixelBox(x: x + offset.x, y: y + offset.y, width: width, height: height)
    }
}
