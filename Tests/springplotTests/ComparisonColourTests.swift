import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringPlatforms
import Testing

/// Comparing springs and platforms on one chart (issue 30, item 5): every series has a look of its
/// own.
@Suite("Comparison charts: colours")
struct ComparisonColourTests {
    func springs(_ pairs: [(Double, Double)]) -> [NamedSpring] {
        pairs.map {
            NamedSpring(
                spring: Spring(dampingRatio: $0.0, response: $0.1),
                name: "ζ = \(label($0.0)), response = \(label($0.1)) s")
        }
    }

    @Test("More springs than palette colours: the later ones are dashed, so no two look the same")
    func manySprings() {
        let compared = springs((0..<10).map { (0.5, 0.3 + 0.05 * Double($0)) })
        let chart = CurveChart.chart(
            springs: compared, motion: Motion(), tolerance: 0.01, timeSpan: nil, frame: ChartFrame())
        let looks = chart.panels[0].series.map { SeriesStyle(color: $0.color, dash: $0.dash) }
        #expect(Set(looks).count == 10)
        // The first eight keep the palette order the studio's page colours its springs by.
        #expect(looks.prefix(8) == ArraySlice((0..<8).map { SeriesStyle(color: .palette($0)) }))
    }

    @Test(
        "The platform chart gives every platform a colour of its own, apart from the others and the exact curve",
        arguments: [Theme.light, Theme.dark])
    func platformColours(theme: Theme) {
        let named = NamedSpring(spring: Spring(dampingRatio: 0.68, response: 0.8), name: "ζ = 0.68, response = 0.8 s")
        let lists: [[Platform]] = [
            [.reactSpring, .swiftUI, .framerPhysics],  // react-spring and Motion were orange and vermillion
            [.reactSpring, .framerPhysics],
            [.reactSpring, .framerPhysics, .swiftUI, .compose],
            [.libadwaita, .qtQuick, .reactSpring, .framerDuration]
        ]
        for platforms in lists {
            let chart = PlatformChart.chart(
                spring: named, motion: Motion(from: 0, to: 100), platforms: platforms, fps: 60,
                timeSpan: nil, frame: ChartFrame(theme: theme))
            let series = chart.panels[0].series
            #expect(series.count == platforms.count + 1 && series[0].color == .foreground)
            let colors = series.map { theme.resolve($0.color) }
            #expect(Set(colors).count == colors.count, "\(platforms)")
            for (i, a) in colors.enumerated() {
                for b in colors[(i + 1)...] {
                    #expect(a.perceivedDifference(from: b) >= 24, "\(platforms): \(a.hexString) and \(b.hexString)")
                }
            }
            // Each platform's error below is drawn in its colour above.
            #expect(chart.panels[1].series.map(\.color) == series.dropFirst().map(\.color))
        }
    }
}
