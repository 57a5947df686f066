import ArgumentParser
import Foundation
import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringWire
import Testing

@testable import SpringPlotCommands

/// `springplot grid`: the chart as a value, the ranges and presets it accepts, and the files it writes.
@Suite("Grid command")
struct GridCommandTests {
    func gridChart(_ arguments: [String]) throws -> Chart {
        let command = try #require(try SpringPlot.parseAsRoot(["grid"] + arguments) as? Grid)
        return try command.gridChart()
    }

    @Test("Ranges: rows are damping ratios, columns responses, ends included, on shared axes")
    func ranges() throws {
        let chart = try gridChart(["--damping", "0.2:1.2:6", "--response", "0.3:1.2:4"])
        let grid = try #require(chart.grid)
        #expect(chart.panels.count == 24 && grid.columns == 4)
        #expect(grid.rowHeaders == ["ζ 0.2", "ζ 0.4", "ζ 0.6", "ζ 0.8", "ζ 1", "ζ 1.2"])
        #expect(grid.columnHeaders == ["response 0.3 s", "response 0.6 s", "response 0.9 s", "response 1.2 s"])
        #expect(chart.width == 1600 && chart.height == 1200)
        // One time span for all: past the slowest cell's settling (ζ 0.2, response 1.2 s).
        let slowest = SpringAnalysis(
            NamedSpring(spring: Spring(dampingRatio: 0.2, response: 1.2), name: ""),
            motion: Motion(), tolerance: 0.01)
        #expect(grid.xAxis.range == 0...slowest.suggestedSpan)
        #expect(Set(chart.panels.map { $0.series[0].xs.last }).count == 1)
        // Cell 0 is ζ 0.2 with response 0.3 s: its caption reads its settle time and overshoot.
        let first = SpringAnalysis(
            NamedSpring(spring: Spring(dampingRatio: 0.2, response: 0.3), name: ""),
            motion: Motion(), tolerance: 0.01)
        #expect(grid.cellCaptions[0] == "\(label(first.settleTime, digits: 2)) s · 53 %")
        #expect(grid.cellCaptions[23].hasSuffix("· 0 %"), "ζ 1.2 does not overshoot")
    }

    @Test("Comma lists and a downward range are taken as written")
    func lists() throws {
        #expect(try ParameterSweep.values("1.2:0.2:3", parameter: "damping") == [1.2, 0.7, 0.2])
        #expect(try ParameterSweep.values("0.5:0.9:1", parameter: "damping") == [0.5])
        #expect(try ParameterSweep.values("0.3, 0.7,1", parameter: "damping") == [0.3, 0.7, 1])
        let chart = try gridChart(["--damping", "0.3,0.7", "--response", "0.5", "--from", "10", "--to", "-10"])
        #expect(chart.panels.count == 2 && chart.grid?.columns == 1)
    }

    @Test("Presets: names, families and all, in a near-square grid titled per cell")
    func presets() throws {
        let all = try gridChart(["--presets", "all"])
        #expect(all.panels.count == SpringPreset.all.count && all.panels.count == 24)
        #expect(all.grid?.columns == 5 && all.grid?.cellTitles.contains("SwiftUI .snappy") == true)
        #expect(all.grid?.columnHeaders.isEmpty == true && all.grid?.rowHeaders.isEmpty == true)
        let some = try SpringPreset.named("SwiftUI, m3-expressive-fast,swiftui-snappy")
        #expect(some.map(\.name) == ["swiftui-smooth", "swiftui-snappy", "swiftui-bouncy", "m3-expressive-fast"])
        // The presets are the springs their sources give.
        let byName = Dictionary(uniqueKeysWithValues: SpringPreset.all.map { ($0.name, $0.spring) })
        #expect(abs(byName["m3-expressive-fast"]!.dampingRatio - 0.6) < 1e-12)
        #expect(abs(byName["m3-effects-slow"]!.stiffness - 800) < 1e-9)
        #expect(
            abs(byName["figma-bouncy"]!.dampingCoefficient - 15) < 1e-12
                && abs(byName["figma-bouncy"]!.stiffness - 600) < 1e-9)
        #expect(abs(byName["react-spring-molasses"]!.dampingCoefficient - 120) < 1e-12)
        #expect(byName["wave-default-animated"] == .defaultAnimated && byName["swiftui-bouncy"] == .bouncy)
    }

    @Test(
        "Bad ranges, unknown presets and mixed options: one line naming the option",
        arguments: [
            (["--damping", "0.2:1:0"], "--damping has count '0'"),
            (["--damping", "0.2:1:9"], "--damping has count '9': give a whole number from 1 to 8"),
            (["--response", "0.2:x:3"], "--response has the end 'x', which is not a number"),
            (["--damping", "nan:1:3"], "--damping has the start nan"),
            (["--damping", "1:2"], "--damping '1:2' is not start:end:count"),
            (["--damping", "1,2,3,4,5,6,7,8,9"], "--damping takes at most 8 values (got 9)"),
            (["--damping", "-0.5,1"], "--damping must be ≥ 0"),
            (
                ["--presets", "swiftui-springy"],
                "--presets has 'swiftui-springy', which is not a preset: use all, a family"
            ),
            (["--presets", "all", "--damping", "0.5"], "--damping cannot be combined with --presets"),
            (["--presets", "all", "--response", "0.5"], "--response cannot be combined with --presets"),
            (
                ["--damping", "0:1:8", "--response", "0.2:1:8", "--width", "900"],
                "is too small for a grid of 8 × 8 cells: the minimum is"
            )
        ] as [([String], String)])
    func badInput(arguments: [String], message: String) {
        let error = parseError(["grid"] + arguments)
        #expect(error?.contains(message) == true, "\(arguments): \(error ?? "nil")")
    }

    @Test("The unknown-preset message lists every preset")
    func presetList() {
        let error = parseError(["grid", "--presets", "nope"]) ?? ""
        for preset in SpringPreset.all { #expect(error.contains(preset.name)) }
    }

    @Test("PNG, SVG and PDF are written; the SVG holds the headers and captions")
    func files() throws {
        let dir = try temporaryDirectory()
        for format in ["png", "svg", "pdf"] {
            let run = try springplot(
                ["grid", "--damping", "0.2:1.2:6", "--response", "0.3:1.2:6", "-o", "g.\(format)"], in: dir)
            #expect(run.status == 0 && run.standardError.isEmpty, "\(format): \(run.standardError)")
            let data = try Data(contentsOf: dir.appendingPathComponent("g.\(format)"))
            switch format {
            case "png": #expect(pngSize(data)! == (1600, 1200))
            case "svg":
                let text = String(decoding: data, as: UTF8.self)
                for header in ["response 0.3 s", "response 1.2 s", "ζ 0.2", "ζ 1.2", "time (s)", "position", "53 %"] {
                    #expect(text.contains(header), "\(header)")
                }
            default: #expect(data.starts(with: Array("%PDF".utf8)))
            }
        }
        let presets = try springplot(["grid", "--presets", "figma,react-spring", "-o", "p.svg"], in: dir)
        #expect(presets.status == 0)
        let svg = try String(contentsOf: dir.appendingPathComponent("p.svg"), encoding: .utf8)
        #expect(svg.contains("Figma bouncy") && svg.contains("react-spring molasses"))
    }

    @Test(
        "Bad input leaves no file and writes one line",
        arguments: [
            ["grid", "--damping", "0:1:12"], ["grid", "--presets", "x"], ["grid", "--presets", "all", "--mass", "2"],
            ["grid", "--width", "500", "--height", "400"]
        ])
    func badInputEndToEnd(arguments: [String]) throws {
        let dir = try temporaryDirectory()
        let run = try springplot(arguments + ["-o", "g.png"], in: dir)
        #expect(run.status != 0 && run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("Help says which way rows and columns go")
    func help() {
        let help = Grid.helpMessage()
        #expect(help.contains("Rows are damping ratios") && help.contains("columns are responses"))
        #expect(help.contains("(default: 1600.0)") && help.contains("(default: 1200.0)"))
    }
}
