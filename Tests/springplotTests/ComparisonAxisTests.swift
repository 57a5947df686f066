import SpringConventions
import SpringFigures
import SpringMath
import SpringTestSupport
import Testing

@testable import SpringCharts

/// Comparing springs on one chart (issue 30, item 5): the time axis fits the springs compared, and a
/// spring it leaves before it settles is named in a note.
@Suite("Comparison charts: the time axis")
struct ComparisonAxisTests {
    func springs(_ pairs: [(Double, Double)]) -> [NamedSpring] {
        pairs.map {
            NamedSpring(
                spring: Spring(dampingRatio: $0.0, response: $0.1),
                name: "ζ = \(label($0.0)), response = \(label($0.1)) s")
        }
    }

    func settle(_ named: NamedSpring) -> Double {
        SpringAnalysis(named, motion: Motion(), tolerance: 0.01).settleTime
    }

    @Test("One slow spring among three: the axis fits the other two and a note says when it settles")
    func slowSpringIsCut() throws {
        let compared = springs([(0.7, 0.5), (0.5, 0.4), (0.1, 2)])
        let chart = CurveChart.chart(
            springs: compared, motion: Motion(), tolerance: 0.01, timeSpan: nil, frame: ChartFrame())
        let range = try #require(chart.panels[0].xAxis.range)
        let fast = max(settle(compared[0]), settle(compared[1]))
        let slow = settle(compared[2])
        #expect(slow > 14 && slow < 15)
        // Past the fast springs' settling with some margin, far short of the slow one.
        #expect(range.lowerBound == 0 && range.upperBound >= 1.25 * fast && range.upperBound <= 2 * fast, "\(range)")
        #expect(chart.panels[1].xAxis.range == range)
        let notes = chart.panels[0].annotations.compactMap { if case .note(let text) = $0 { text } else { nil } }
        #expect(notes == ["ζ = 0.1, response = 2 s settles at \(label(slow)) s, beyond this axis"])
        // The fast springs' settle lines are drawn; the slow one's is not.
        let lines = chart.panels[0].annotations.compactMap {
            if case .verticalLine(let x, _, _, _) = $0 { x } else { nil }
        }
        #expect(lines.count == 2 && lines.allSatisfy { $0 <= range.upperBound })

        // Laid out, the note sits in the plot clear of every curve and label.
        let panel = try #require(ChartLayout(chart: chart, measurer: ApproximateTextMeasurer()).layout().panels.first)
        let box = try #require(panel.notes)
        #expect(panel.noteLines == notes)
        #expect(panel.plot.contains(box, tolerance: 0.5))
        for curve in panel.curves { #expect(!crosses(curve, box), "a curve runs through the note at \(box)") }
        for label in panel.labelTexts { #expect(!label.intersects(box)) }
    }

    @Test("A span the user gives wins over the fitted one, with no note")
    func explicitSpanWins() {
        let compared = springs([(0.7, 0.5), (0.5, 0.4), (0.1, 2)])
        for span in [16.0, 0.3] {
            let chart = CurveChart.chart(
                springs: compared, motion: Motion(), tolerance: 0.01, timeSpan: span, frame: ChartFrame())
            #expect(chart.panels[0].xAxis.range == 0...span)
            #expect(!chart.panels[0].annotations.contains { if case .note = $0 { true } else { false } })
        }
    }

    @Test(
        "Springs within 3× of each other, or a lone spring, keep the axis that shows them all",
        arguments: [
            [(0.3, 0.5), (0.7, 0.5), (1, 0.5)],
            [(0.7, 0.5), (0.7, 1.4)],
            [(0.1, 2)],
            [(0.7, 0), (0.7, 0.05)]
        ])
    func noCut(pairs: [(Double, Double)]) {
        let analyses = springs(pairs).map { SpringAnalysis($0, motion: Motion(), tolerance: 0.01) }
        let axis = CurveChart.fittedSpan(analyses)
        #expect(axis.cut.isEmpty)
        #expect(axis.span == analyses.map(\.suggestedSpan).max())
    }

    @Test("Only the springs past the highest wide gap are cut, and never more than half of them")
    func cutRule() {
        func cut(_ pairs: [(Double, Double)]) -> [Int] {
            CurveChart.fittedSpan(springs(pairs).map { SpringAnalysis($0, motion: Motion(), tolerance: 0.01) }).cut
        }
        // 0.5 s, 0.6 s, ~2 s and ~14 s: only the slowest goes.
        #expect(cut([(0.7, 0.5), (0.7, 0.6), (0.7, 2), (0.1, 2)]) == [3])
        // Two slow of four: both go, slowest last.
        #expect(cut([(0.1, 2), (0.7, 0.5), (0.12, 2), (0.7, 0.45)]) == [2, 0])
        // Three slow of four: the axis shows them all rather than one fast spring alone.
        #expect(cut([(0.1, 2), (0.7, 0.5), (0.12, 2), (0.11, 2)]).isEmpty)
        // An undamped spring is cut beside damped ones and never settles.
        let undamped = springs([(0.7, 0.5), (0, 0.5)])
        let analyses = undamped.map { SpringAnalysis($0, motion: Motion(), tolerance: 0.01) }
        #expect(CurveChart.fittedSpan(analyses).cut == [1])
        let chart = CurveChart.chart(
            springs: undamped, motion: Motion(), tolerance: 0.01, timeSpan: nil, frame: ChartFrame())
        #expect(chart.panels[0].annotations.contains(.note("ζ = 0, response = 0.5 s never settles (undamped)")))
    }

    /// Whether the polyline passes through `rect` (SpringTestSupport's walk).
    func crosses(_ points: [Point], _ rect: Rect) -> Bool {
        polylineTouches(
            points.map { SIMD2($0.x, $0.y) }, lower: SIMD2(rect.minX, rect.minY), upper: SIMD2(rect.maxX, rect.maxY))
    }
}
