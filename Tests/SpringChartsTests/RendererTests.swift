import Foundation
import Testing

@testable import SpringCharts

@Suite("Cairo renderer")
struct RendererTests {
    let renderer = CairoRenderer()

    /// Big-endian UInt32 at `offset`.
    func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    func isClose(_ pixel: (red: Int, green: Int, blue: Int, alpha: Int), _ color: ChartColor, tolerance: Int = 3)
        -> Bool
    {
        abs(pixel.red - Int((color.red * 255).rounded())) <= tolerance
            && abs(pixel.green - Int((color.green * 255).rounded())) <= tolerance
            && abs(pixel.blue - Int((color.blue * 255).rounded())) <= tolerance
            && pixel.alpha == 255
    }

    @Test("PNG: signature and IHDR size, doubled at scale 2", arguments: [1.0, 2.0])
    func pngHeader(scale: Double) throws {
        let bytes = try renderer.render(sampleChart(scale: scale), format: .png)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        #expect(uint32(bytes, 16) == Int(1200 * scale))
        #expect(uint32(bytes, 20) == Int(800 * scale))
        #expect(String(decoding: bytes.suffix(8).prefix(4), as: UTF8.self) == "IEND")
    }

    @Test(
        "Pixels: a thick horizontal series has its colour at its data point; the rest is background",
        arguments: [(Theme.light, 1.0), (Theme.dark, 1.0), (Theme.light, 2.0)])
    func pixelProbe(theme: Theme, scale: Double) throws {
        let chart = singleSeriesChart(
            xs: [0, 1], ys: [0.5, 0.5], name: nil, theme: theme, lineWidth: 8,
            color: .rgba(.vermillion))
        var ranged = chart
        ranged.panels[0].yAxis.range = 0...1
        let measurer = try CairoTextMeasurer()
        let result = ChartLayout(chart: ranged, measurer: measurer).layout()
        let image = try renderer.renderPixels(result.displayList, scale: scale)
        #expect(image.width == Int(800 * scale) && image.height == Int(500 * scale))
        let panel = try #require(result.panels.first)
        let onCurve = panel.transform.point(0.37, 0.5)
        let curvePixel = image.rgba(x: Int(onCurve.x * scale), y: Int(onCurve.y * scale))
        #expect(isClose(curvePixel, .vermillion), "\(curvePixel)")
        // Halfway between the curve and a grid line, and in the top margin: background.
        let empty = panel.transform.point(0.37, 0.85)
        #expect(isClose(image.rgba(x: Int(empty.x * scale), y: Int(empty.y * scale)), theme.background))
        #expect(isClose(image.rgba(x: 3, y: 3), theme.background))
    }

    @Test(
        "Pixels: 1 px grid lines are crisp: one device row of pure grid colour at scale 1, two at scale 2",
        arguments: [1.0, 2.0])
    func crispGrid(scale: Double) throws {
        let chart = Chart(
            panels: [Panel(xAxis: Axis(range: 0...1), yAxis: Axis(range: 0...1))], width: 600, height: 400)
        let measurer = try CairoTextMeasurer()
        let result = ChartLayout(chart: chart, measurer: measurer).layout()
        let panel = try #require(result.panels.first)
        let image = try renderer.renderPixels(result.displayList, scale: scale)
        let value = try #require(panel.yScale.ticks.values.first { $0 > 0.3 && $0 < 0.7 })
        let y = panel.transform.y(value) * scale
        let x = Int(panel.transform.x(0.33) * scale)
        let rows = Int(scale)  // device pixels covered by a 1 px line
        let firstRow = scale == 1 ? Int(y.rounded(.down)) : Int(y.rounded()) - 1
        for row in firstRow..<(firstRow + rows) {
            #expect(isClose(image.rgba(x: x, y: row), Theme.light.grid, tolerance: 1), "row \(row)")
        }
        #expect(isClose(image.rgba(x: x, y: firstRow - 1), Theme.light.background, tolerance: 1))
        #expect(isClose(image.rgba(x: x, y: firstRow + rows), Theme.light.background, tolerance: 1))
    }

    @Test("Pixel snapping: odd device widths on pixel centres, even widths on pixel edges")
    func snapping() throws {
        let surface = try CairoSurface.image(width: 1, height: 1)
        let one = try CairoPainter(context: CairoContext(surface: surface), deviceScale: 1, drawsText: true)
        #expect(one.snapLine(10, width: 1) == 10.5)
        #expect(one.snapLine(10.7, width: 1) == 10.5)
        #expect(one.snapLine(10.7, width: 2) == 11)
        let two = try CairoPainter(context: CairoContext(surface: surface), deviceScale: 2, drawsText: true)
        #expect(two.snapLine(10.3, width: 1) == 10.5)  // device 20.6 → 21: covers device rows 20 and 21
        #expect(two.snapLine(10, width: 1.5) == 10.25)  // 3 device px: centre 20.5
    }

    @Test("SVG: px document, real <text> elements with the title, geometry as paths")
    func svg() throws {
        var chart = sampleChart()
        chart.title = "Spring <step> & \"response\""
        let bytes = try renderer.render(chart, format: .svg)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.contains("<svg"))
        #expect(text.contains("width=\"1200px\""))
        #expect(text.contains("height=\"800px\""))
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</svg>"))
        #expect(text.contains("<path"))
        #expect(text.contains("<title>Spring &lt;step&gt; &amp; &quot;response&quot;</title>"))
        #expect(text.contains(">Spring &lt;step&gt; &amp; &quot;response&quot;</text>"))
        #expect(text.contains("font-family=\"DejaVu Sans, sans-serif\""))
        #expect(text.contains("text-anchor=\"middle\""))
        #expect(text.contains("transform=\"rotate(-90 "))
        #expect(text.contains(">time (s)</text>"))
        // Every text is an element, none is a glyph outline.
        #expect(!text.contains("<symbol"))
        #expect(!text.contains("glyph"))
        let opened = text.components(separatedBy: "<text ").count - 1
        #expect(opened == text.components(separatedBy: "</text>").count - 1)
        #expect(opened > 20)
        // Elements are balanced: a crude check without an XML parser.
        #expect(text.components(separatedBy: "<g").count == text.components(separatedBy: "</g>").count)
    }

    /// Lines that cross and overlap, some of which the renderer may stroke as one path.
    func batchableLines(separated: Bool) -> DisplayList {
        let grey = Stroke(color: ChartColor(rgb: 0x808080), width: 1)
        let faint = Stroke(color: ChartColor(red: 0, green: 0, blue: 1, alpha: 0.5), width: 1)
        let dashed = Stroke(color: ChartColor(rgb: 0x202020), width: 1, dash: [3, 2])
        let rounded = Stroke(color: ChartColor(rgb: 0x808080), width: 3, cap: .round)
        let lines: [DrawCommand] = [
            .line(from: Point(x: 10, y: 20.3), to: Point(x: 90, y: 20.3), stroke: grey, crisp: true),
            .line(from: Point(x: 40.2, y: 5), to: Point(x: 40.2, y: 70), stroke: grey, crisp: true),
            // This one overlaps the first.
            .line(from: Point(x: 10, y: 20.3), to: Point(x: 60, y: 20.3), stroke: grey, crisp: true),
            .line(from: Point(x: 10, y: 50), to: Point(x: 90, y: 50), stroke: faint, crisp: true),
            .line(from: Point(x: 60, y: 5), to: Point(x: 60, y: 70), stroke: faint, crisp: true),
            .line(from: Point(x: 10, y: 60), to: Point(x: 90, y: 60), stroke: dashed, crisp: true),
            .line(from: Point(x: 10, y: 65), to: Point(x: 90, y: 65), stroke: dashed, crisp: true),
            .line(from: Point(x: 10, y: 10), to: Point(x: 90, y: 75), stroke: grey, crisp: false),
            // Crisp but diagonal, and crisp with round caps: their edges are antialiased, so they
            // must not share a path with the line they cross or touch.
            .line(from: Point(x: 10, y: 75), to: Point(x: 90, y: 12), stroke: grey, crisp: true),
            .line(from: Point(x: 15, y: 15), to: Point(x: 85, y: 78), stroke: grey, crisp: true),
            .line(from: Point(x: 20, y: 30), to: Point(x: 50, y: 30), stroke: rounded, crisp: true),
            .line(from: Point(x: 45, y: 30), to: Point(x: 80, y: 30), stroke: rounded, crisp: true)
        ]
        // An empty rectangle draws nothing but ends any batch.
        let nothing = DrawCommand.rect(Rect(x: 0, y: 0, width: 0, height: 0), fill: nil, stroke: nil, cornerRadius: 0)
        var commands: [DrawCommand] = [
            .rect(Rect(x: 0, y: 0, width: 100, height: 80), fill: .white, stroke: nil, cornerRadius: 0)
        ]
        for line in lines { commands += separated ? [line, nothing] : [line] }
        return DisplayList(width: 100, height: 80, commands: commands)
    }

    @Test(
        "Consecutive crisp, solid, opaque lines of one stroke are one SVG path, with the same pixels as one path each",
        arguments: [1.0, 2.0])
    func batchedLines(scale: Double) throws {
        let batched = try renderer.renderPixels(batchableLines(separated: false), scale: scale)
        let separate = try renderer.renderPixels(batchableLines(separated: true), scale: scale)
        #expect(batched.pixels.count == separate.pixels.count)
        let differing = zip(batched.pixels, separate.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "pixels that differ when lines share a path")
        // Independently of the renderer's batching: the crossing of the two grey lines is pure grey.
        #expect(
            isClose(batched.rgba(x: Int(40.5 * scale), y: Int(20.5 * scale)), ChartColor(rgb: 0x808080), tolerance: 0))
        let svg = String(decoding: try renderer.render(batchableLines(separated: false), format: .svg), as: UTF8.self)
        let paths = svg.components(separatedBy: "<path").count - 1
        // Only the three grey crisp horizontal and vertical lines are batched (into one path): the
        // faint, dashed, diagonal and round-capped lines keep a path each.
        let separateSVG = String(
            decoding: try renderer.render(batchableLines(separated: true), format: .svg), as: UTF8.self)
        #expect(paths == separateSVG.components(separatedBy: "<path").count - 1 - 2)
    }

    @Test("SVG text elements escape XML and place rotated text")
    func svgElement() {
        let run = TextRun(
            "a < b & c", origin: Point(x: 10.5, y: 20.25), font: Font(family: "DejaVu Sans", size: 15),
            color: ChartColor(rgb: 0x112233, alpha: 0.5), anchor: .end, rotation: -90)
        #expect(
            SVGText.element(for: run)
                == "<text x=\"10.5\" y=\"20.25\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"15\" fill=\"#112233\" fill-opacity=\"0.5\" text-anchor=\"end\" transform=\"rotate(-90 10.5 20.25)\">a &lt; b &amp; c</text>"
        )
        #expect(SVGText.number(-0.001) == "0")
        #expect(SVGText.number(3.10) == "3.1")
        #expect(SVGText.escaped("x\u{1}y") == "xy")
    }

    @Test("PDF: a complete document")
    func pdf() throws {
        let bytes = try renderer.render(sampleChart(), format: .pdf)
        #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "%PDF-")
        let tail = String(decoding: bytes.suffix(16), as: UTF8.self)
        #expect(tail.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("%%EOF"))
        // 1200 × 800 px is 900 × 600 pt.
        #expect(String(decoding: bytes, as: UTF8.self).contains("/MediaBox [ 0 0 900 600 ]"))
    }

    @Test("An impossible size is a thrown error naming the problem, not a trap")
    func invalidSize() {
        for (width, height, scale) in [(0.0, 100.0, 1.0), (100, 100, .nan), (40_000, 100, 1), (20_000, 100, 2)] {
            let list = DisplayList(width: width, height: height)
            #expect(throws: ChartRenderError.self) { try renderer.render(list, format: .png, scale: scale) }
        }
        do {
            _ = try renderer.render(DisplayList(width: 0, height: 0), format: .svg)
            Issue.record("expected an error")
        } catch let error as ChartRenderError {
            #expect(error.description.contains("invalid size"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("Every format renders every theme")
    func allFormats() throws {
        for format in OutputFormat.allCases {
            for theme in [Theme.light, .dark] {
                let bytes = try renderer.render(sampleChart(theme: theme), format: format)
                #expect(bytes.count > 1000)
            }
        }
    }

    @Test("A 2-panel chart with 4 series of 2000 points renders in every format")
    func largeChart() throws {
        // Speed belongs in benchmarks (scripts/bench-springplot.sh), not in a test on a shared machine.
        var chart = sampleChart(points: 2000)
        chart.panels[1].series.append(
            contentsOf: chart.panels[0].series.map {
                var series = $0
                series.ys = series.ys.map { $0 * 10 }
                series.name = nil
                return series
            })
        for format in OutputFormat.allCases {
            let bytes = try renderer.render(chart, format: format)
            #expect(bytes.count > 1000, "\(format)")
        }
    }
}
