import CCairo

#if canImport(Glibc)
    import Glibc
#endif

/// A Cairo failure: the operation that failed and Cairo's description of its status.
public struct ChartRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The Cairo function (or step) that reported the failure, e.g. `cairo_surface_write_to_png_stream`.
    public var operation: String
    /// Cairo's status string (`cairo_status_to_string`), e.g. "invalid value (typically too big) for the size of the input (surface, pattern, etc.)".
    public var status: String

    public init(operation: String, status: String) {
        self.operation = operation
        self.status = status
    }

    public var description: String { "\(operation) failed: \(status)" }

    init(operation: String, cairoStatus: cairo_status_t) {
        self.init(operation: operation, status: String(cString: cairo_status_to_string(cairoStatus)))
    }
}

/// Collects the bytes a Cairo stream surface or PNG writer produces.
final class CairoByteSink {
    var bytes: [UInt8] = []

    /// The `cairo_write_func_t` that appends to the sink passed as its closure pointer.
    static var writeFunction: cairo_write_func_t {
        { closure, data, length in
            guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<CairoByteSink>.fromOpaque(closure).takeUnretainedValue()
            if let data, length > 0 {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            }
            return CAIRO_STATUS_SUCCESS
        }
    }

    var closurePointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Owns one `cairo_surface_t`; `deinit` destroys it. A stream surface also owns the sink its output
/// goes to, which outlives the surface handle.
final class CairoSurface {
    let handle: OpaquePointer
    private let sink: CairoByteSink?
    /// The pixel memory of an image surface that ``PixelMemory`` mapped, unmapped after the surface.
    private let pixels: PixelMemory?

    private init(handle: OpaquePointer, sink: CairoByteSink?, pixels: PixelMemory? = nil, operation: String) throws {
        self.handle = handle
        self.sink = sink
        self.pixels = pixels
        try check(operation)
    }

    deinit {
        cairo_surface_destroy(handle)
        pixels?.unmap()
    }

    /// An ARGB32 image surface of `width` × `height` device pixels, cleared to transparent.
    ///
    /// The corresponding Cairo functions are `cairo_image_surface_create` and, for a large surface
    /// in memory of its own, `cairo_format_stride_for_width` and `cairo_image_surface_create_for_data`.
    static func image(width: Int, height: Int) throws -> CairoSurface {
        let width = Int32(clamping: width), height = Int32(clamping: height)
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        if stride > 0, height > 0, let memory = PixelMemory(byteCount: Int(stride) * Int(height)) {
            guard
                let handle = cairo_image_surface_create_for_data(
                    memory.start.assumingMemoryBound(to: UInt8.self),
                    CAIRO_FORMAT_ARGB32, width, height, stride)
            else {
                memory.unmap()
                throw ChartRenderError(
                    operation: "cairo_image_surface_create_for_data", cairoStatus: CAIRO_STATUS_NO_MEMORY)
            }
            return try CairoSurface(
                handle: handle, sink: nil, pixels: memory, operation: "cairo_image_surface_create_for_data")
        }
        guard let handle = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else {
            throw ChartRenderError(operation: "cairo_image_surface_create", cairoStatus: CAIRO_STATUS_NO_MEMORY)
        }
        return try CairoSurface(handle: handle, sink: nil, operation: "cairo_image_surface_create")
    }

    /// An SVG surface of `width` × `height` px (document unit px) writing into its sink.
    ///
    /// The corresponding Cairo functions are `cairo_svg_surface_create_for_stream` and
    /// `cairo_svg_surface_set_document_unit`.
    static func svg(width: Double, height: Double) throws -> CairoSurface {
        let sink = CairoByteSink()
        guard
            let handle = cairo_svg_surface_create_for_stream(
                CairoByteSink.writeFunction, sink.closurePointer,
                width, height)
        else {
            throw ChartRenderError(
                operation: "cairo_svg_surface_create_for_stream", cairoStatus: CAIRO_STATUS_NO_MEMORY)
        }
        let surface = try CairoSurface(handle: handle, sink: sink, operation: "cairo_svg_surface_create_for_stream")
        cairo_svg_surface_set_document_unit(handle, CAIRO_SVG_UNIT_PX)
        try surface.check("cairo_svg_surface_set_document_unit")
        return surface
    }

    /// A one-page PDF surface of `width` × `height` points writing into its sink.
    ///
    /// The corresponding Cairo function is `cairo_pdf_surface_create_for_stream`.
    static func pdf(width: Double, height: Double, title: String?) throws -> CairoSurface {
        let sink = CairoByteSink()
        guard
            let handle = cairo_pdf_surface_create_for_stream(
                CairoByteSink.writeFunction, sink.closurePointer,
                width, height)
        else {
            throw ChartRenderError(
                operation: "cairo_pdf_surface_create_for_stream", cairoStatus: CAIRO_STATUS_NO_MEMORY)
        }
        let surface = try CairoSurface(handle: handle, sink: sink, operation: "cairo_pdf_surface_create_for_stream")
        cairo_pdf_surface_set_metadata(handle, CAIRO_PDF_METADATA_CREATOR, "SpringCharts")
        if let title, !title.isEmpty {
            cairo_pdf_surface_set_metadata(handle, CAIRO_PDF_METADATA_TITLE, title)
        }
        try surface.check("cairo_pdf_surface_set_metadata")
        return surface
    }

    /// Throws when the surface is in an error state.
    ///
    /// The corresponding Cairo function is `cairo_surface_status`.
    func check(_ operation: String) throws {
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else { throw ChartRenderError(operation: operation, cairoStatus: status) }
    }

    /// Finishes a stream surface and returns everything it wrote.
    ///
    /// The corresponding Cairo function is `cairo_surface_finish`.
    func finishStream() throws -> [UInt8] {
        cairo_surface_finish(handle)
        try check("cairo_surface_finish")
        return sink?.bytes ?? []
    }

    /// The image surface encoded as PNG by ``PNGEncoder``, with a pHYs chunk of `pixelsPerMeter`.
    ///
    /// The corresponding Cairo functions are `cairo_surface_flush` and `cairo_image_surface_get_data`.
    func pngBytes(pixelsPerMeter: Int? = nil) throws -> [UInt8] {
        let image = try imageData()
        return try PNGEncoder.encode(
            pixels: image.data, width: image.width, height: image.height,
            stride: image.stride, pixelsPerMeter: pixelsPerMeter)
    }

    /// The pixel memory of a flushed image surface, valid while the surface lives.
    func imageData() throws -> (data: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        cairo_surface_flush(handle)
        try check("cairo_surface_flush")
        guard let data = cairo_image_surface_get_data(handle) else {
            throw ChartRenderError(operation: "cairo_image_surface_get_data", cairoStatus: CAIRO_STATUS_NULL_POINTER)
        }
        return (
            UnsafeRawPointer(data), Int(cairo_image_surface_get_width(handle)),
            Int(cairo_image_surface_get_height(handle)), Int(cairo_image_surface_get_stride(handle))
        )
    }

    /// The pixels of an ARGB32 image surface, one premultiplied `0xAARRGGBB` word per pixel, rows
    /// top to bottom.
    ///
    /// The corresponding Cairo functions are `cairo_surface_flush` and `cairo_image_surface_get_data`.
    func argbPixels() throws -> RasterImage {
        let image = try imageData()
        var pixels = [UInt32](repeating: 0, count: image.width * image.height)
        for row in 0..<image.height {
            for column in 0..<image.width {
                pixels[row * image.width + column] = image.data.loadUnaligned(
                    fromByteOffset: row * image.stride + column * 4, as: UInt32.self)
            }
        }
        return RasterImage(width: image.width, height: image.height, pixels: pixels)
    }
}

/// Owns one `cairo_t` drawing on a surface (kept alive with it); `deinit` destroys it.
final class CairoContext {
    let handle: OpaquePointer
    let surface: CairoSurface

    /// The corresponding Cairo function is `cairo_create`.
    init(surface: CairoSurface) throws {
        guard let handle = cairo_create(surface.handle) else {
            throw ChartRenderError(operation: "cairo_create", cairoStatus: CAIRO_STATUS_NO_MEMORY)
        }
        self.handle = handle
        self.surface = surface
        try check("cairo_create")
    }

    deinit { cairo_destroy(handle) }

    /// Throws when the context is in an error state (Cairo errors are sticky: one check after
    /// drawing catches any failure during it).
    ///
    /// The corresponding Cairo function is `cairo_status`.
    func check(_ operation: String) throws {
        let status = cairo_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else { throw ChartRenderError(operation: operation, cairoStatus: status) }
    }
}

/// Decoded pixels: premultiplied ARGB, as Cairo stores them.
struct RasterImage: Hashable, Sendable {
    var width: Int
    var height: Int
    var pixels: [UInt32]

    /// The colour at a device pixel, un-premultiplied, components in 0...255.
    func rgba(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let word = pixels[y * width + x]
        let alpha = Int(word >> 24), red = Int((word >> 16) & 0xFF), green = Int((word >> 8) & 0xFF)
        let blue = Int(word & 0xFF)
        guard alpha > 0 else { return (0, 0, 0, 0) }
        func unpremultiply(_ value: Int) -> Int { min(255, (value * 255 + alpha / 2) / alpha) }
        return (unpremultiply(red), unpremultiply(green), unpremultiply(blue), alpha)
    }
}

/// Zeroed memory for a large image surface, mapped so that the kernel backs it with 2 MB pages where
/// it can (transparent huge pages on request, `madvise`).
///
/// A surface from `cairo_image_surface_create` is zeroed 4 KB pages that fault in one at a time as
/// the chart is drawn: about 940 faults for a 1200 × 800 chart, around 1.5 ms of a process that takes
/// a few more. In 2 MB pages the same memory costs two faults. Where the kernel gives no huge page,
/// this is ordinary memory. Surfaces under 1 MB are left to Cairo.
struct PixelMemory {
    static let hugePage = 2 << 20
    static let minimumSize = 1 << 20

    /// The first pixel byte, on a 2 MB boundary.
    let start: UnsafeMutableRawPointer
    private let mapping: UnsafeMutableRawPointer
    private let mappingSize: Int

    /// Nil for a size under ``minimumSize``, or when the memory cannot be mapped (then let Cairo
    /// allocate it).
    init?(byteCount: Int) {
        #if canImport(Glibc)
            guard byteCount >= PixelMemory.minimumSize, byteCount <= Int.max / 2 else { return nil }
            // Whole huge pages (a partial one at the end would be 4 KB pages), plus room to align.
            let pages = (byteCount + PixelMemory.hugePage - 1) / PixelMemory.hugePage * PixelMemory.hugePage
            let size = pages + PixelMemory.hugePage
            guard let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                mapping != MAP_FAILED
            else { return nil }
            let address = UInt(bitPattern: mapping)
            let aligned = (address + UInt(PixelMemory.hugePage - 1)) & ~UInt(PixelMemory.hugePage - 1)
            let start = mapping + Int(aligned - address)
            _ = madvise(start, pages, MADV_HUGEPAGE)
            self.start = start
            self.mapping = mapping
            self.mappingSize = size
        #else
            return nil
        #endif
    }

    func unmap() {
        #if canImport(Glibc)
            munmap(mapping, mappingSize)
        #endif
    }
}
