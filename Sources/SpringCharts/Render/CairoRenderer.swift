import CCairo

/// Draws charts and display lists with Cairo into PNG, SVG or PDF bytes.
///
/// - PNG: `width·scale` × `height·scale` pixels, anti-aliased curves, crisp 1 px axes and grid;
///   encoded by SpringCharts' own PNG encoder (three times faster than Cairo's PNG writer) with a pHYs chunk of
///   96 dpi × scale.
/// - SVG: document unit px; geometry from Cairo's SVG surface, text as real `<text>` elements (see
///   ``render(_:format:scale:)``).
/// - PDF: one page of `width` × `height` CSS px (1 px = 1/96 in = 0.75 pt), text drawn by Cairo.
public struct CairoRenderer: Sendable {
    public init() {}

    /// Lays out `chart` with the real font (``CairoTextMeasurer``) and draws it at `chart.scale`.
    ///
    /// - Throws: ``ChartRenderError`` when the canvas is smaller than ``Chart/minimumSize`` or Cairo
    ///   fails; ``UnsupportedTextError`` when PNG or PDF text holds
    ///   characters the font cannot draw (see ``TextSupport``).
    public func render(_ chart: Chart, format: OutputFormat) throws -> [UInt8] {
        let minimum = chart.minimumSize
        guard chart.width >= minimum.width, chart.height >= minimum.height else {
            throw ChartRenderError(
                operation: "CairoRenderer.render",
                status:
                    "the canvas \(chart.width) × \(chart.height) is too small to hold this chart: the minimum is \(Int(minimum.width)) × \(Int(minimum.height))"
            )
        }
        let list = chart.layout(measurer: try CairoTextMeasurer())
        return try render(list, format: format, scale: chart.scale)
    }

    /// Draws a display list.
    ///
    /// `scale` applies to PNG only (device pixels per logical px); SVG and PDF keep the logical
    /// size. In SVG every text is a selectable `<text>` element with `font-family`, `text-anchor`
    /// and, for rotated labels, a `rotate` transform, placed after the geometry (text is never drawn
    /// under other marks, which the layout avoids anyway).
    ///
    /// - Throws: ``ChartRenderError`` when the size is not positive and finite, or Cairo fails;
    ///   ``UnsupportedTextError`` when PNG or PDF text holds characters the font cannot draw.
    public func render(_ list: DisplayList, format: OutputFormat, scale: Double = 1) throws -> [UInt8] {
        try CairoRenderer.validate(list, scale: format == .png ? scale : 1)
        switch format {
        case .png:
            let surface = try rasterSurface(list, scale: scale)
            let cssPixelsPerMeter = 96 / 0.0254
            return try surface.pngBytes(pixelsPerMeter: Int((cssPixelsPerMeter * scale).rounded()))
        case .svg:
            let surface = try CairoSurface.svg(width: list.width, height: list.height)
            var painter = try CairoPainter(context: CairoContext(surface: surface), deviceScale: 1, drawsText: false)
            try painter.draw(list.commands)
            try surface.check("drawing the SVG surface")
            let document = try surface.finishStream()
            return SVGText.inserting(painter.deferredText, title: list.title, into: document)
        case .pdf:
            let pointsPerPixel = 0.75
            let surface = try CairoSurface.pdf(
                width: list.width * pointsPerPixel, height: list.height * pointsPerPixel,
                title: list.title)
            let context = try CairoContext(surface: surface)
            cairo_scale(context.handle, pointsPerPixel, pointsPerPixel)
            var painter = try CairoPainter(context: context, deviceScale: 1, drawsText: true)
            try painter.draw(list.commands)
            cairo_show_page(context.handle)
            try context.check("cairo_show_page")
            return try surface.finishStream()
        }
    }

    /// One frame of a clip: `list` drawn at `scale` into `width·scale` × `height·scale` pixels (each
    /// side rounded up), four bytes a pixel in the order blue, green, red, alpha (Cairo's ARGB32
    /// words on a little-endian machine, premultiplied; an opaque background makes them plain), rows
    /// top to bottom with no padding: what ``ClipEncoder`` streams to ffmpeg as `bgra`.
    ///
    /// - Throws: ``ChartRenderError`` as ``render(_:format:scale:)`` does.
    public func renderFrame(_ list: DisplayList, scale: Double = 1) throws -> [UInt8] {
        try CairoRenderer.validate(list, scale: scale)
        let surface = try rasterSurface(list, scale: scale)
        let image = try surface.imageData()
        let rowBytes = 4 * image.width
        var bytes = [UInt8](repeating: 0, count: rowBytes * image.height)
        bytes.withUnsafeMutableBytes { target in
            for row in 0..<image.height {
                (target.baseAddress! + row * rowBytes).copyMemory(
                    from: image.data + row * image.stride, byteCount: rowBytes)
            }
        }
        #if _endian(big)
            for index in stride(from: 0, to: bytes.count, by: 4) { bytes[index..<index + 4].reverse() }
        #endif
        return bytes
    }

    /// The decoded pixels of the PNG that ``render(_:format:scale:)`` would write.
    func renderPixels(_ list: DisplayList, scale: Double = 1) throws -> RasterImage {
        try CairoRenderer.validate(list, scale: scale)
        return try rasterSurface(list, scale: scale).argbPixels()
    }

    func rasterSurface(_ list: DisplayList, scale: Double) throws -> CairoSurface {
        let surface = try CairoSurface.image(
            width: Int((list.width * scale).rounded(.up)),
            height: Int((list.height * scale).rounded(.up)))
        let context = try CairoContext(surface: surface)
        cairo_scale(context.handle, scale, scale)
        var painter = try CairoPainter(context: context, deviceScale: scale, drawsText: true)
        try painter.draw(list.commands)
        try surface.check("drawing the image surface")
        return surface
    }

    /// The largest image side Cairo accepts, in device pixels.
    static let maximumPixels = 32767.0

    private static func validate(_ list: DisplayList, scale: Double) throws {
        let width = list.width * scale, height = list.height * scale
        guard scale.isFinite, scale > 0, width.isFinite, height.isFinite, width >= 1, height >= 1,
            width <= maximumPixels, height <= maximumPixels
        else {
            throw ChartRenderError(
                operation: "CairoRenderer.render",
                status:
                    "invalid size \(list.width) × \(list.height) at scale \(scale): each side times the scale must be between 1 and \(Int(maximumPixels)) px"
            )
        }
    }
}

/// Replays display-list commands on a Cairo context.
struct CairoPainter {
    let context: CairoContext
    /// Device pixels per logical px, for snapping crisp lines and rectangle edges.
    let deviceScale: Double
    /// False for SVG: text runs are collected in ``deferredText`` instead of drawn as outlines.
    let drawsText: Bool
    private(set) var deferredText: [TextRun] = []
    private var selectedFont: Font?
    private var glyphs = GlyphChecker()
    private var cr: OpaquePointer { context.handle }

    init(context: CairoContext, deviceScale: Double, drawsText: Bool) throws {
        self.context = context
        self.deviceScale = deviceScale
        self.drawsText = drawsText
        cairo_set_line_join(context.handle, CAIRO_LINE_JOIN_ROUND)
        try CairoTextStyle.apply(to: context)
    }

    /// Draws every command, then checks the context's status once (Cairo errors are sticky).
    ///
    /// Consecutive crisp, solid, opaque, horizontal or vertical lines with butt caps and one stroke
    /// (grid lines, ticks) are stroked as one path: the pixels are the same, since such lines have no
    /// antialiased fringe to blend twice, and an SVG gets one element for them instead of one each.
    mutating func draw(_ commands: [DrawCommand]) throws {
        var clipDepth = 0
        var batch: (stroke: Stroke, segments: [(Point, Point)])?
        func flush() {
            guard let pending = batch else { return }
            strokeSegments(pending.segments, stroke: pending.stroke)
            batch = nil
        }
        for command in commands {
            if case .line(let from, let to, let stroke, true) = command, stroke.dash.isEmpty, stroke.color.alpha == 1,
                stroke.cap == .butt, from.x == to.x || from.y == to.y
            {
                let (a, b, style) = crispSegment(from: from, to: to, stroke: stroke)
                if batch?.stroke != style {
                    flush()
                    batch = (style, [])
                }
                batch?.segments.append((a, b))
                continue
            }
            // A text run an SVG writes afterwards draws nothing here, so only other commands end a batch.
            if case .text = command, !drawsText {} else { flush() }
            switch command {
            case .rect(let rect, let fill, let stroke, let cornerRadius):
                drawRect(rect, fill: fill, stroke: stroke, cornerRadius: cornerRadius)
            case .line(let from, let to, let stroke, let crisp):
                if crisp {
                    let (a, b, style) = crispSegment(from: from, to: to, stroke: stroke)
                    strokeSegments([(a, b)], stroke: style)
                } else {
                    strokeSegments([(from, to)], stroke: stroke)
                }
            case .polyline(let points, let stroke):
                drawPolyline(points, stroke: stroke)
            case .circle(let center, let radius, let fill, let stroke):
                cairo_new_path(cr)
                cairo_arc(cr, center.x, center.y, max(0, radius), 0, 2 * .pi)
                fillAndStroke(fill: fill, stroke: stroke)
            case .text(let run):
                if drawsText { try drawText(run) } else { deferredText.append(run) }
            case .pushClip(let rect):
                cairo_save(cr)
                cairo_new_path(cr)
                cairo_rectangle(cr, rect.x, rect.y, max(0, rect.width), max(0, rect.height))
                cairo_clip(cr)
                clipDepth += 1
            case .popClip:
                guard clipDepth > 0 else { continue }  // an unbalanced pop is ignored
                cairo_restore(cr)
                clipDepth -= 1
            }
        }
        flush()
        while clipDepth > 0 {
            cairo_restore(cr)
            clipDepth -= 1
        }
        try context.check("drawing the display list")
    }

    // MARK: Pixel snapping

    /// The logical coordinate of the centre of a crisp line `width` logical px wide near `value`:
    /// on a device pixel centre when the width in device pixels is odd, on a pixel edge when even.
    func snapLine(_ value: Double, width: Double) -> Double {
        let deviceWidth = crispDeviceWidth(width)
        let device = value * deviceScale
        let odd = Int(deviceWidth) % 2 == 1
        return (odd ? device.rounded(.down) + 0.5 : device.rounded()) / deviceScale
    }

    /// A line width rounded to whole device pixels, at least one.
    func crispDeviceWidth(_ width: Double) -> Double {
        let device = (width * deviceScale).rounded()
        return device.isFinite ? min(1_000, max(1, device)) : 1
    }

    /// A coordinate on the nearest device pixel edge.
    func snapEdge(_ value: Double) -> Double { (value * deviceScale).rounded() / deviceScale }

    // MARK: Shapes

    private func drawRect(_ rect: Rect, fill: ChartColor?, stroke: Stroke?, cornerRadius: Double) {
        var box = rect
        if let stroke {
            // Edges on the centres of the stroke's device pixels.
            let x0 = snapLine(rect.minX, width: stroke.width), x1 = snapLine(rect.maxX, width: stroke.width)
            let y0 = snapLine(rect.minY, width: stroke.width), y1 = snapLine(rect.maxY, width: stroke.width)
            box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        } else if cornerRadius <= 0 {
            let x0 = snapEdge(rect.minX), y0 = snapEdge(rect.minY)
            let x1 = max(snapEdge(rect.maxX), x0 + 1 / deviceScale), y1 = max(snapEdge(rect.maxY), y0 + 1 / deviceScale)
            box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        cairo_new_path(cr)
        let radius = min(max(0, cornerRadius), box.width / 2, box.height / 2)
        if radius > 0 {
            cairo_new_sub_path(cr)
            cairo_arc(cr, box.maxX - radius, box.minY + radius, radius, -.pi / 2, 0)
            cairo_arc(cr, box.maxX - radius, box.maxY - radius, radius, 0, .pi / 2)
            cairo_arc(cr, box.minX + radius, box.maxY - radius, radius, .pi / 2, .pi)
            cairo_arc(cr, box.minX + radius, box.minY + radius, radius, .pi, 3 * .pi / 2)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, box.x, box.y, box.width, box.height)
        }
        var crispStroke = stroke
        if let stroke { crispStroke?.width = crispDeviceWidth(stroke.width) / deviceScale }
        fillAndStroke(fill: fill, stroke: crispStroke)
    }

    /// A line's ends and stroke moved onto the device pixel grid: a whole number of device pixels
    /// wide, and centred so that a horizontal or vertical line covers whole pixels.
    private func crispSegment(from: Point, to: Point, stroke: Stroke) -> (Point, Point, Stroke) {
        var a = from, b = to, style = stroke
        style.width = crispDeviceWidth(stroke.width) / deviceScale
        if from.y == to.y {
            let y = snapLine(from.y, width: stroke.width)
            a = Point(x: snapEdge(from.x), y: y)
            b = Point(x: snapEdge(to.x), y: y)
        } else if from.x == to.x {
            let x = snapLine(from.x, width: stroke.width)
            a = Point(x: x, y: snapEdge(from.y))
            b = Point(x: x, y: snapEdge(to.y))
        }
        return (a, b, style)
    }

    /// Strokes line segments as the sub-paths of one path.
    private func strokeSegments(_ segments: [(Point, Point)], stroke: Stroke) {
        cairo_new_path(cr)
        for (a, b) in segments {
            cairo_move_to(cr, a.x, a.y)
            cairo_line_to(cr, b.x, b.y)
        }
        apply(stroke)
        cairo_stroke(cr)
    }

    private func drawPolyline(_ points: [Point], stroke: Stroke) {
        guard let first = points.first, points.count >= 2 else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        apply(stroke)
        cairo_stroke(cr)
    }

    /// Fills and strokes the current path, then clears it.
    private func fillAndStroke(fill: ChartColor?, stroke: Stroke?) {
        if let fill {
            setColor(fill)
            cairo_fill_preserve(cr)
        }
        if let stroke, stroke.width > 0 {
            apply(stroke)
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    private func apply(_ stroke: Stroke) {
        setColor(stroke.color)
        cairo_set_line_width(cr, stroke.width.isFinite && stroke.width > 0 ? stroke.width : 1)
        let dash = stroke.dash.filter { $0.isFinite && $0 >= 0 }
        if dash.isEmpty || dash.allSatisfy({ $0 == 0 }) {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        }
        switch stroke.cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    private func setColor(_ color: ChartColor) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    // MARK: Text

    /// Draws one text run; refuses characters the font would draw as boxes, or in the wrong order.
    private mutating func drawText(_ run: TextRun) throws {
        guard !run.string.isEmpty else { return }
        if selectedFont != run.font {
            CairoTextStyle.select(run.font, in: context)
            selectedFont = run.font
        }
        let unsupported = glyphs.unsupported(in: run.string, font: run.font, context: context)
        guard unsupported.isEmpty else { throw UnsupportedTextError(text: run.string, characters: unsupported) }
        var offset = 0.0
        if run.anchor != .start {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, run.string, &extents)
            offset = run.anchor == .middle ? -extents.x_advance / 2 : -extents.x_advance
        }
        setColor(run.color)
        cairo_save(cr)
        cairo_translate(cr, run.origin.x, run.origin.y)
        if run.rotation != 0, run.rotation.isFinite { cairo_rotate(cr, run.rotation * .pi / 180) }
        cairo_new_path(cr)
        cairo_move_to(cr, offset, 0)
        cairo_show_text(cr, run.string)
        cairo_restore(cr)
    }
}
