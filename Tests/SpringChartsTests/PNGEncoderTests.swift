import CCairo
import Foundation
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
        return DecodedPNG(width: width, height: height, colorType: header[9], pixelsPerMeter: pixelsPerMeter,
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
                    || Int(row[3 * x + 2]) != expected.blue { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("A translucent image is written as un-premultiplied RGBA")
    func translucent() throws {
        let list = DisplayList(width: 40, height: 20, commands: [
            .rect(Rect(x: 0, y: 0, width: 20, height: 20), fill: ChartColor(rgb: 0xD55E00, alpha: 0.5), stroke: nil,
                  cornerRadius: 0),
        ])
        let decoded = try decode(try CairoRenderer().render(list, format: .png))
        #expect(decoded.colorType == 6)
        let inside = Array(decoded.rows[10][(4 * 5)..<(4 * 5 + 4)])
        #expect(abs(Int(inside[0]) - 0xD5) <= 2 && abs(Int(inside[1]) - 0x5E) <= 2 && inside[2] <= 2)
        #expect(abs(Int(inside[3]) - 128) <= 1)
        #expect(Array(decoded.rows[10][(4 * 30)..<(4 * 30 + 4)]) == [0, 0, 0, 0])
    }
}
