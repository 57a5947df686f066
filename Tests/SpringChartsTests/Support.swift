import Foundation
import SpringTestSupport
import Testing

@testable import SpringCharts

/// A damped spring's step response from 0 to 1 (the tests' textbook spring, so the chart tests need
/// no SpringMath).
struct SampleSpring {
    var dampingRatio = 0.5
    var response = 0.8

    var omega: Double { 2 * .pi / response }
    var dampedOmega: Double { omega * (1 - dampingRatio * dampingRatio).squareRoot() }

    func position(_ t: Double) -> Double {
        TextbookSpring(dampingRatio: dampingRatio, response: response).position(from: 0, to: 1, at: t)
    }

    func velocity(_ t: Double) -> Double {
        TextbookSpring(dampingRatio: dampingRatio, response: response).velocity(from: 0, to: 1, at: t)
    }

    /// The critically damped spring with the same response.
    func criticalPosition(_ t: Double) -> Double {
        TextbookSpring(dampingRatio: 1, response: response).position(from: 0, to: 1, at: t)
    }

    var peakTime: Double { .pi / dampedOmega }

    /// The last sample time at which |x − 1| ≥ epsilon.
    func settleTime(epsilon: Double, times: [Double]) -> Double {
        times.last { abs(position($0) - 1) >= epsilon } ?? 0
    }
}

/// The chart a spring tool draws: position with target, settle band, overshoot marker, settle time
/// and a faint reference curve; velocity below.
func sampleChart(theme: Theme = .light, scale: Double = 1, points: Int = 1500) -> Chart {
    let spring = SampleSpring()
    let times = (0..<points).map { 2.0 * Double($0) / Double(points - 1) }
    let epsilon = 0.02
    let settle = spring.settleTime(epsilon: epsilon, times: times)
    let peak = spring.position(spring.peakTime)
    let position = Panel(
        xAxis: Axis("time (s)"),
        yAxis: Axis("position"),
        series: [
            Series(
                name: "critically damped", xs: times, ys: times.map(spring.criticalPosition),
                color: .palette(1), lineWidth: 2, dash: .dashed, opacity: 0.6),
            Series(
                name: "ζ = 0.5, response 0.8 s", xs: times, ys: times.map(spring.position), color: .palette(0),
                lineWidth: 2.5)
        ],
        annotations: [
            .horizontalBand(lower: 1 - epsilon, upper: 1 + epsilon, label: "±\(epsilon)"),
            .horizontalLine(y: 1, label: "target", style: .muted),
            .verticalLine(x: settle, label: String(format: "settles %.2f s", settle), style: .muted),
            .marker(x: spring.peakTime, y: peak, label: String(format: "overshoot %.1f%%", (peak - 1) * 100))
        ])
    let velocity = Panel(
        xAxis: Axis("time (s)"),
        yAxis: Axis("velocity (1/s)"),
        series: [Series(name: "velocity", xs: times, ys: times.map(spring.velocity), color: .palette(2))],
        annotations: [.verticalLine(x: settle, label: nil, style: .muted)])
    return Chart(
        title: "Spring step response", subtitle: "dampingRatio 0.5 · response 0.8 s · ε = 0.02",
        panels: [position, velocity], scale: scale, theme: theme)
}

/// The layout with the deterministic measurer, with geometry.
func approximateLayout(_ chart: Chart) -> LayoutResult {
    ChartLayout(chart: chart, measurer: ApproximateTextMeasurer()).layout()
}

extension DisplayList {
    var texts: [TextRun] {
        commands.compactMap { if case .text(let run) = $0 { return run } else { return nil } }
    }

    var polylines: [[Point]] {
        commands.compactMap { if case .polyline(let points, _) = $0 { return points } else { return nil } }
    }
}

/// A single-panel chart with one series.
func singleSeriesChart(
    xs: [Double], ys: [Double], name: String? = "series", width: Double = 800,
    height: Double = 500, theme: Theme = .light, lineWidth: Double = 2,
    color: SeriesColor = .palette(0)
) -> Chart {
    Chart(
        panels: [
            Panel(
                xAxis: Axis("x"), yAxis: Axis("y"),
                series: [Series(name: name, xs: xs, ys: ys, color: color, lineWidth: lineWidth)])
        ],
        width: width, height: height, theme: theme)
}

/// A second sample that exercises other paths: large values, four series and a long legend, a
/// minimum marker, an explicit range with a clipped, diverging curve and a note, and a narrow canvas.
func varietyChart(theme: Theme = .light, scale: Double = 1) -> Chart {
    let times = (0..<1200).map { 1.5 * Double($0) / 1199 }
    let ratios = [0.2, 0.5, 0.8, 1.0]
    let positions = Panel(
        xAxis: Axis("time (s)"),
        yAxis: Axis("position (px)"),
        series: ratios.enumerated().map { index, ratio in
            let spring = SampleSpring(dampingRatio: min(ratio, 0.999), response: 0.5)
            return Series(
                name: "dampingRatio \(ratio)", xs: times, ys: times.map { 100 * spring.position($0) },
                color: .palette(index))
        },
        annotations: [.horizontalLine(y: 100, label: "target", style: .muted)])
    let undershoot = SampleSpring(dampingRatio: 0.2, response: 0.5)
    let trough = 1.5 * undershoot.peakTime
    let velocities = Panel(
        xAxis: Axis("time (s)"),
        yAxis: Axis("velocity (px/s)", range: -300...500),
        series: [
            Series(name: "velocity", xs: times, ys: times.map { 30 * undershoot.velocity($0) }, color: .palette(0)),
            Series(
                name: "unstable", xs: times, ys: times.map { 40 * exp(4 * $0) * sin(12 * $0) }, color: .palette(3),
                dash: .dotted)
        ],
        annotations: [
            .marker(x: trough, y: 30 * undershoot.velocity(trough), label: "fastest return"),
            .note("unstable diverges (clipped)"),
            .verticalLine(x: 0.25, label: "retarget", style: .emphasis)
        ])
    return Chart(
        title: "Damping ratios compared", subtitle: "response 0.5 s", panels: [positions, velocities],
        width: 900, height: 640, scale: scale, theme: theme)
}
