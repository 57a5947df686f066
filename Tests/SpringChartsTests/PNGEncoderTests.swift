import CCairo
import Foundation
import SpringTestSupport
import Testing

@testable import SpringCharts

/// Decodes the PNGs our encoder writes (8-bit RGB or RGBA, not interlaced) with zlib, independently
/// of the encoder's code, and compares them with the pixels Cairo drew.
@Suite("PNG encoder")
struct PNGEncoderTests {
    struct DecodedPNG {
        var width: Int
        var height: Int
        var colorType: UInt8
        var pixelsPerMeter: Int?
        var rows: [[UInt8]]
    }

    func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

    func decode(_ png: [UInt8]) throws -> DecodedPNG {
        #expect(Array(png.prefix(8)) == PNGEncoder.signature)
        var offset = 8
        var header: [UInt8] = [], idat: [UInt8] = [], pixelsPerMeter: Int?
        var sawEnd = false
        while offset + 12 <= png.count {
            let length = bigEndian(png[offset..<offset + 4])
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let data = Array(png[offset + 8..<offset + 8 + length])
            let storedCRC = bigEndian(png[offset + 8 + length..<offset + 12 + length])
            let checked = Array(png[offset + 4..<offset + 8 + length])
            let crc = Int(crc32(0, checked, uInt(checked.count)))
            #expect(crc == storedCRC, "CRC of \(type)")
            switch type {
            case "IHDR": header = data
            case "IDAT": idat += data
            case "pHYs": pixelsPerMeter = bigEndian(data[0..<4])
            case "IEND": sawEnd = true
            default: break
            }
            offset += 12 + length
        }
        #expect(sawEnd && offset == png.count)
        let width = bigEndian(header[0..<4]), height = bigEndian(header[4..<8])
        #expect(header[8] == 8 && header[10...12] == [0, 0, 0])
        let channels = header[9] == 2 ? 3 : 4
        let rowLength = width * channels
        var raw = [UInt8](repeating: 0, count: height * (rowLength + 1))
        var rawLength = uLongf(raw.count)
        let status = uncompress(&raw, &rawLength, idat, uLong(idat.count))
        #expect(status == Z_OK && Int(rawLength) == raw.count)

        var rows: [[UInt8]] = []
        var previous = [UInt8](repeating: 0, count: rowLength)
        for y in 0..<height {
            let start = y * (rowLength + 1)
            let filter = raw[start]
            var row = Array(raw[start + 1...start + rowLength])
            for i in 0..<rowLength {
                let left = i >= channels ? Int(row[i - channels]) : 0
                let up = Int(previous[i]), upLeft = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default:
                    Issue.record("unknown filter \(filter)")
                    predictor = 0
                }
                row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
            }
            rows.append(row)
            previous = row
        }
        return DecodedPNG(
            width: width, height: height, colorType: header[9], pixelsPerMeter: pixelsPerMeter,
            rows: rows)
    }

    @Test("An opaque chart decodes to exactly the pixels Cairo drew, as RGB", arguments: [1.0, 2.0])
    func opaqueRoundTrip(scale: Double) throws {
        var chart = sampleChart(scale: scale, points: 300)
        chart.width = 500
        chart.height = 320
        let list = chart.layout(measurer: try CairoTextMeasurer())
        let renderer = CairoRenderer()
        let surface = try renderer.rasterSurface(list, scale: scale)
        let raster = try surface.argbPixels()
        let decoded = try decode(try renderer.render(list, format: .png, scale: scale))
        #expect(decoded.width == Int(500 * scale) && decoded.height == Int(320 * scale))
        #expect(decoded.colorType == 2)
        #expect(decoded.pixelsPerMeter == Int((96 / 0.0254 * scale).rounded()))
        var mismatches = 0
        for y in 0..<decoded.height {
            for x in 0..<decoded.width {
                let expected = raster.rgba(x: x, y: y)
                let row = decoded.rows[y]
                if Int(row[3 * x]) != expected.red || Int(row[3 * x + 1]) != expected.green
                    || Int(row[3 * x + 2]) != expected.blue
                {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("A translucent image is written as un-premultiplied RGBA")
    func translucent() throws {
        let list = DisplayList(
            width: 40, height: 20,
            commands: [
                .rect(
                    Rect(x: 0, y: 0, width: 20, height: 20), fill: ChartColor(rgb: 0xD55E00, alpha: 0.5), stroke: nil,
                    cornerRadius: 0)
            ])
        let decoded = try decode(try CairoRenderer().render(list, format: .png))
        #expect(decoded.colorType == 6)
        let inside = Array(decoded.rows[10][(4 * 5)..<(4 * 5 + 4)])
        #expect(abs(Int(inside[0]) - 0xD5) <= 2 && abs(Int(inside[1]) - 0x5E) <= 2 && inside[2] <= 2)
        #expect(abs(Int(inside[3]) - 128) <= 1)
        #expect(Array(decoded.rows[10][(4 * 30)..<(4 * 30 + 4)]) == [0, 0, 0, 0])
    }

    /// Images whose rows pick each filter: rows equal to the row above (Up is free), rows of one colour
    /// that differ from the row above (Sub is free), and noise. Premultiplied ARGB words.
    enum Pattern: CaseIterable { case columns, rows, noise }

    static func pixels(
        width: Int, height: Int, pattern: Pattern, opaque: Bool,
        using random: inout SeededGenerator
    ) -> [UInt32] {
        let columnColours = (0..<width).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &random) }
        let rowColours = (0..<height).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &random) }
        var words: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let rgb: UInt32
                switch pattern {
                case .columns: rgb = columnColours[x]
                case .rows: rgb = rowColours[y]
                case .noise: rgb = UInt32.random(in: 0...0xFF_FFFF, using: &random)
                }
                // Translucent images: fully transparent pixels (premultiplied: all zero) among opaque ones,
                // so that un-premultiplying is exact.
                let transparent = !opaque && (x + y) % 3 == 0
                words.append(transparent ? 0 : 0xFF00_0000 | rgb)
            }
        }
        return words
    }

    @Test(
        "Every filter round-trips exactly on widths 1 to 67, opaque (RGB) and translucent (RGBA)",
        arguments: [true, false])
    func randomWidths(opaque: Bool) throws {
        var random = SeededGenerator(seed: opaque ? 41 : 42)
        var filters: Set<UInt8> = []
        for width in 1...67 {
            for pattern in Pattern.allCases {
                let height = Int.random(in: 1...9, using: &random)
                let words = Self.pixels(width: width, height: height, pattern: pattern, opaque: opaque, using: &random)
                // Rows padded as Cairo pads them (a stride beyond 4 × width), the padding never read.
                let stride = 4 * width + 4 * Int.random(in: 0...3, using: &random)
                var bytes = [UInt8](repeating: 0xAB, count: stride * height)
                for y in 0..<height {
                    for x in 0..<width {
                        let word = words[y * width + x]
                        for k in 0..<4 { bytes[y * stride + 4 * x + k] = UInt8(truncatingIfNeeded: word >> (8 * k)) }
                    }
                }
                let png = try bytes.withUnsafeBytes { buffer in
                    try PNGEncoder.encode(pixels: buffer.baseAddress!, width: width, height: height, stride: stride)
                }
                let decoded = try decode(png)
                #expect(decoded.width == width && decoded.height == height)
                #expect(decoded.colorType == (opaque ? 2 : 6), "width \(width)")
                let channels = opaque ? 3 : 4
                var mismatches = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let word = words[y * width + x]
                        var expected = [
                            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                            UInt8(truncatingIfNeeded: word)
                        ]
                        if !opaque { expected.append(UInt8(truncatingIfNeeded: word >> 24)) }
                        if Array(decoded.rows[y][(channels * x)..<(channels * x + channels)]) != expected {
                            mismatches += 1
                        }
                    }
                }
                #expect(mismatches == 0, "width \(width), height \(height), \(pattern)")
                filters.formUnion(Self.filterBytes(png: png, decoded: decoded))
            }
        }
        // Both filters the encoder chooses from were exercised.
        #expect(filters == [1, 2])
    }

    /// The filter byte of every row, read from the decompressed data.
    static func filterBytes(png: [UInt8], decoded: DecodedPNG) -> Set<UInt8> {
        var offset = 8, idat: [UInt8] = []
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" {
                idat += png[offset + 8..<offset + 8 + length]
            }
            offset += 12 + length
        }
        let rowLength = decoded.width * (decoded.colorType == 2 ? 3 : 4) + 1
        var raw = [UInt8](repeating: 0, count: decoded.height * rowLength)
        var rawLength = uLongf(raw.count)
        guard uncompress(&raw, &rawLength, idat, uLong(idat.count)) == Z_OK else { return [] }
        return Set((0..<decoded.height).map { raw[$0 * rowLength] })
    }
}
