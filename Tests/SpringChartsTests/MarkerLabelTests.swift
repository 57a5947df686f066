import Foundation
import SpringTestSupport
import Testing

@testable import SpringCharts

/// Springs overlaid as `springplot curve` draws them: one series per (damping ratio, response), a
/// settle line and an overshoot marker in its colour.
func overshootOverlay(
    _ springs: [(ratio: Double, response: Double)], span: Double = 2, width: Double = 1200,
    height: Double = 800
) -> Chart {
    let times = (0..<1200).map { span * Double($0) / 1199 }
    var series: [Series] = [],
        annotations: [Annotation] = [
            .horizontalBand(lower: 0.99, upper: 1.01, label: "±1 % settle band"),
            .horizontalLine(y: 1, label: "target", style: .dotted)
        ]
    for (index, (ratio, response)) in springs.enumerated() {
        let spring = SampleSpring(dampingRatio: ratio, response: response)
        series.append(
            Series(
                name: "ζ = \(ratio), response = \(response) s", xs: times, ys: times.map(spring.position),
                color: .palette(index), lineWidth: 2.5))
        let settle = spring.settleTime(epsilon: 0.01, times: times)
        annotations.append(
            .verticalLine(
                x: settle, label: String(format: "%.3g s", settle),
                style: AnnotationStyle(color: .palette(index))))
        let peak = spring.position(spring.peakTime)
        annotations.append(
            .marker(
                x: spring.peakTime, y: peak, label: String(format: "%.1f %%", (peak - 1) * 100),
                color: .palette(index)))
    }
    return Chart(
        title: "\(springs.count) springs",
        panels: [
            Panel(
                xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position"), series: series,
                annotations: annotations)
        ], width: width, height: height)
}

/// Checks that every marker label of `panel` reads as its marker's: inside the plot, clear of every
/// other label and marker, within reach of its marker, and either next to it (nearer it than any
/// other marker) or tied to it by a leader line from its circle to its box.
func expectLabelsByTheirMarkers(
    _ panel: PanelGeometry, metrics: LayoutMetrics, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let radius = metrics.markerRadius
    // The farthest candidate is a diagonal one on the outer ring.
    let reach = 2.0.squareRoot() * (radius + metrics.labelGap + AnnotationLayout.markerLabelReach * metrics.scale) + 2
    let centers = panel.markerLabels.map(\.center)
    let circles = Set(panel.labels).subtracting(panel.labelTexts)
    for (i, placed) in panel.markerLabels.enumerated() {
        let box = placed.box
        let what = "\(context): \(placed.text) at \(box) for the marker at \(placed.center)"
        #expect(panel.plot.contains(box, tolerance: 0.5), "\(what) leaves the plot", sourceLocation: sourceLocation)
        #expect(
            box.distance(to: placed.center) <= reach, "\(what) is farther than \(reach) px",
            sourceLocation: sourceLocation)
        for other in panel.labelTexts where other != box {
            #expect(!box.intersects(other), "\(what) overlaps the label at \(other)", sourceLocation: sourceLocation)
        }
        for circle in circles {
            #expect(!box.intersects(circle), "\(what) covers the marker at \(circle)", sourceLocation: sourceLocation)
        }
        let gap = box.distance(to: placed.center) - radius
        let nearestIsOwn = !centers.enumerated().contains {
            $0.offset != i && box.distance(to: $0.element) < box.distance(to: placed.center)
        }
        if let leader = placed.leader {
            let fromCircle = leader.from.distance(to: placed.center)
            #expect(
                fromCircle >= radius && fromCircle <= radius + 3 * metrics.scale,
                "\(what): the leader starts off the circle",
                sourceLocation: sourceLocation)
            #expect(
                box.distance(to: leader.to) <= 2 * metrics.scale, "\(what): the leader stops short of the label",
                sourceLocation: sourceLocation)
        } else {
            #expect(
                gap <= metrics.labelGap + AnnotationLayout.leaderThreshold * metrics.scale + 0.5,
                "\(what) stands \(gap) px off without a leader", sourceLocation: sourceLocation)
            #expect(nearestIsOwn, "\(what) is nearer another marker, without a leader", sourceLocation: sourceLocation)
        }
    }
}

@Suite("Marker labels by their markers")
struct MarkerLabelTests {
    /// Six springs whose peaks stand 16 px apart on a diagonal, six with the same peak time stacked
    /// up, six spread out: the cases where labels used to drift towards another spring's marker.
    static let crowds: [[(ratio: Double, response: Double)]] = [
        [(0.3, 0.5), (0.32, 0.55), (0.34, 0.6), (0.36, 0.65), (0.38, 0.7), (0.4, 0.75)],
        [(0.2, 0.5), (0.3, 0.5), (0.4, 0.5), (0.5, 0.5), (0.6, 0.5), (0.7, 0.5)],
        [(0.5, 0.4), (0.52, 0.5), (0.54, 0.6), (0.56, 0.7), (0.58, 0.8), (0.6, 0.9)]
    ]

    @Test(
        "Overshoot labels in a six-spring overlay stay by their markers, tied by a leader when they stand off",
        arguments: [(1200.0, 800.0), (900, 560), (600, 400)])
    func sixSpringLabels(size: (width: Double, height: Double)) throws {
        for (round, springs) in MarkerLabelTests.crowds.enumerated() {
            let chart = overshootOverlay(springs, width: size.width, height: size.height)
            let panel = try #require(approximateLayout(chart).panels.first)
            let context = "crowd \(round) on \(size.width) × \(size.height)"
            let metrics = LayoutMetrics(width: size.width, height: size.height)
            expectLabelsByTheirMarkers(panel, metrics: metrics, context)
            // On the full canvas every label finds a spot.
            if size.width == 1200 {
                #expect(
                    panel.markerLabels.count == 6 && panel.droppedMarkerLabels.isEmpty,
                    "\(context): \(panel.droppedMarkerLabels) left out")
            }
            #expect(panel.markerLabels.count + panel.droppedMarkerLabels.count == 6, "\(context)")
        }
    }

    @Test("A lone marker's label sits right by it, with no leader")
    func loneMarker() throws {
        let panel = try #require(approximateLayout(sampleChart()).panels.first)
        let placed = try #require(panel.markerLabels.first)
        #expect(panel.markerLabels.count == 1 && placed.leader == nil)
        let metrics = LayoutMetrics(width: 1200, height: 800)
        #expect(placed.box.distance(to: placed.center) <= metrics.markerRadius + metrics.labelGap + 1)
    }

    @Test("Random overlays: every marker label is clear of the others and reads as its own marker's")
    func randomOverlays() throws {
        var generator = SeededGenerator(seed: 0xC0FF_EE30)
        for round in 0..<30 {
            let count = Int.random(in: 2...8, using: &generator)
            let springs = (0..<count).map { _ in
                (
                    ratio: Double.random(in: 0.1...0.8, using: &generator),
                    response: Double.random(in: 0.3...1, using: &generator)
                )
            }
            let width = Double.random(in: 600...1600, using: &generator).rounded()
            let height = Double.random(in: 400...1000, using: &generator).rounded()
            let chart = overshootOverlay(springs, span: 2.5, width: width, height: height)
            let panel = try #require(approximateLayout(chart).panels.first)
            expectLabelsByTheirMarkers(
                panel, metrics: LayoutMetrics(width: width, height: height),
                "round \(round): \(count) springs on \(width) × \(height)")
        }
    }
}
