import Testing

@testable import SpringCharts

/// Colours for series drawn together: distinct, and apart for red–green colour-blind viewers.
@Suite("Distinct series colours")
struct DistinctColorTests {
    @Test("Colours that look alike to red–green colour-blind viewers score low; the same colour scores 0")
    func perceivedDifference() {
        #expect(ChartColor.orange.perceivedDifference(from: .orange) == 0)
        #expect(ChartColor.orange.perceivedDifference(from: .vermillion) < 20)
        #expect(ChartColor.bluishGreen.perceivedDifference(from: .reddishPurple) < 20)
        #expect(ChartColor.blue.perceivedDifference(from: .orange) > 50)
        #expect(ChartColor.black.perceivedDifference(from: .white) > 99)
        #expect(abs(ChartColor.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(ChartColor.yellow.contrastRatio(with: .white) < Theme.minimumSeriesContrast)
    }

    @Test(
        "Series drawn together get different palette colours that stay apart, in both themes",
        arguments: [Theme.light, Theme.dark])
    func distinctStyles(theme: Theme) {
        func closest(_ colors: [ChartColor]) -> Double {
            var closest = Double.infinity
            for (i, a) in colors.enumerated() {
                for b in colors[(i + 1)...] { closest = min(closest, a.perceivedDifference(from: b)) }
            }
            return closest
        }
        for count in 1...theme.palette.count {
            let styles = theme.distinctSeriesStyles(count: count, avoiding: [.foreground])
            let colors = styles.map { theme.resolve($0.color) }
            #expect(styles.count == count && Set(colors).count == count, "\(count)")
            #expect(styles.allSatisfy { $0.dash == .solid })
            // Up to four (what the platform chart overlays on the exact curve) stay well apart from
            // each other and from the foreground, for typical and red–green colour-blind vision.
            if count <= 4 {
                let apart = closest(colors + [theme.foreground])
                #expect(apart >= 24, "\(count) series: closest pair \(apart)")
                #expect(colors.allSatisfy { $0.contrastRatio(with: theme.background) >= Theme.minimumSeriesContrast })
            }
        }
        // The colours the platform chart used to take (palette 1 to 4) had a pair under 20.
        #expect(closest((1...4).map { theme.resolve(.palette($0)) }) < 20)
        // Beyond the palette, colours repeat with a dash: no two series look the same.
        let many = theme.distinctSeriesStyles(count: 2 * theme.palette.count + 3)
        #expect(Set(many).count == many.count)
        #expect(many.prefix(theme.palette.count).allSatisfy { $0.dash == .solid })
        #expect(many.dropFirst(theme.palette.count).prefix(theme.palette.count).allSatisfy { $0.dash == .dashed })
        #expect(
            theme.paletteSeriesStyles(count: 3) == [
                SeriesStyle(color: .palette(0)), SeriesStyle(color: .palette(1)),
                SeriesStyle(color: .palette(2))
            ])
    }
}
