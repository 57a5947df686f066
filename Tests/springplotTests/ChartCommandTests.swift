import ArgumentParser
import Foundation
import SpringCharts
import Testing

@testable import SpringPlotCommands

/// The charts the commands build, checked as values (no process, no Cairo).
@Suite("Chart commands")
struct ChartCommandTests {
    func integrators(_ arguments: [String]) throws -> Chart {
        let command = try #require(try SpringPlot.parseAsRoot(["integrators"] + arguments) as? Integrators)
        return try command.integratorsChart()
    }

    @Test(
        "Integrators: the axis covers every bounded curve, divergence is named in the legend, errors are not mirrored",
        arguments: [
            ["--damping", "1", "--response", "0.1", "--to", "100"], ["--damping", "0", "--response", "0.5"],
            ["--damping", "0.3", "--response", "0.05"]
        ])
    func integratorsChart(arguments: [String]) throws {
        let chart = try integrators(arguments)
        let positions = chart.panels[0], errors = chart.panels[1]
        let range = try #require(positions.yAxis.range)
        for series in positions.series {
            let name = try #require(series.name)
            let values = series.ys.filter(\.isFinite)
            let outside = values.contains { !range.contains($0) }
            // A curve is cut off by the axis only when the legend says it diverges.
            #expect(outside == name.hasSuffix("(diverges)"), "\(arguments): \(name) outside \(range): \(outside)")
            if name.hasPrefix("Wave Euler") || name.hasPrefix("RK4") {
                #expect(series.interpolation == .steps, "\(name) is drawn at its frames")
            }
        }
        // Errors that are all of one sign do not get a mirrored empty half.
        let errorRange = try #require(errors.yAxis.range)
        let bounded = errors.series.filter { !($0.name ?? "").hasSuffix("(diverges)") }.flatMap(\.ys).filter(\.isFinite)
        let low = bounded.min() ?? 0, high = bounded.max() ?? 0
        #expect(errorRange.lowerBound <= min(low, 0) && errorRange.upperBound >= max(high, 0))
        let span = errorRange.upperBound - errorRange.lowerBound
        #expect(errorRange.lowerBound >= min(low, 0) - 0.1 * span && errorRange.upperBound <= max(high, 0) + 0.1 * span)
    }

    @Test("The gallery's integrators chart shows RK4's 153.6 peak and marks Euler 30 Hz as diverging")
    func galleryIntegrators() throws {
        let chart = try integrators(["--damping", "1", "--response", "0.1", "--to", "100"])
        let names = chart.panels[0].series.compactMap(\.name)
        #expect(names.contains("Wave Euler 30 Hz (diverges)"))
        let rk4 = try #require(chart.panels[0].series.first { $0.name?.hasPrefix("RK4") == true })
        let peak = try #require(rk4.ys.max())
        #expect(peak > 150 && chart.panels[0].yAxis.range!.upperBound >= peak)
    }

    @Test(
        "Sizes too small to hold a chart are refused, naming the minimum",
        arguments: [
            (["--width", "300", "--height", "200"], "--width must be between 400"),
            (["--width", "399"], "--width must be between 400"),
            (["--height", "299"], "--height must be between 300")
        ] as [([String], String)])
    func tooSmall(arguments: [String], message: String) {
        let error = parseError(arguments)
        #expect(error?.contains(message) == true, "\(error ?? "nil")")
        #expect(error?.contains("400 × 300") == true)
    }

    @Test("A title PNG or PDF cannot draw is refused with one line naming --title and the characters")
    func unsupportedTitle() {
        for (title, characters) in [("ばね", "ば ね"), ("קפיץ spring", "ק פ י ץ")] {
            for output in ["chart.png", "chart.pdf"] {
                let error = parseError(["--title", title, "-o", output])
                #expect(error?.hasPrefix("--title") == true && error?.contains(characters) == true, "\(error ?? "nil")")
            }
            #expect(parseError(["--title", title, "-o", "chart.svg"]) == nil)
        }
        #expect(parseError(["--title", "Spring ζ = 0.5 → 1 ± 2 %", "-o", "chart.png"]) == nil)
        #expect(parseError(["--width", "400", "--height", "300"]) == nil)
    }
}
