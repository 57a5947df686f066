import Foundation
import Testing

@testable import SpringCharts
@testable import SpringStudio

/// Issue 45: no two labels overlap on the studio's charts, at the sizes the page asks for, laid out
/// with Cairo's own text metrics. The sizes are chart.js's `chartSize` for the chart box at 360×740,
/// 390×844, 700×900, 1024×768, 1440×900, 1920×1080 and 2560×1440 with 45 % of the window's height
/// as room and with all of it (the text enlarged where the page shows the chart narrower than its
/// canvas).
@Suite("Studio chart labels", .serialized)
struct LabelLayoutTests {
    static let sizes: [(width: Int, height: Int, text: Double)] = [
        (400, 360, 1.55), (400, 360, 1.45), (644, 405, 1.2), (644, 580, 1.2), (546, 346, 1.2), (546, 491, 1.2),
        (962, 405, 1.2), (962, 599, 1.2), (1442, 486, 1.2), (1442, 897, 1), (2082, 648, 1.1), (2082, 1295, 1)
    ]
    static let springs = [
        "damping=0.68&response=0.8",
        "damping=0.3,0.7,1&response=0.5",
        "damping=0.3,0.7,1,1.5&response=0.5,0.5,0.5,0.8&theme=dark",
        "damping=0.5&response=0.8&interaction=0:0:100:0,0.25:83.6:20:310,0.6:drag,0.8:40:100:-600",
        "damping=1&response=0.3&from=0&to=1&velocity=-12"
    ]

    @Test(arguments: springs)
    func noLabelsOverlap(query: String) throws {
        let measurer = try CairoTextMeasurer()
        for size in Self.sizes {
            let full = query + "&width=\(size.width)&height=\(size.height)&text=\(size.text)"
            let pairs = full.split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            }
            let request = try StudioRequest(pairs: pairs, allowed: StudioEndpoints.chartParameters)
            let list = try StudioEndpoints.curveChart(request).layout(measurer: measurer)
            let overlaps = list.overlappingTexts(measurer: measurer)
            #expect(overlaps.isEmpty, "\(full): \(overlaps.prefix(4))")
        }
    }
}
