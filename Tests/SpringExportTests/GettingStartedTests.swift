import SpringConventions
import SpringExport
import SpringMath
import SpringPlatforms
import Testing

/// SpringExport's getting-started article, line for line, with its comments asserted, so that the
/// documentation stays true.
@Suite("SpringExport: getting started")
struct ExportGettingStartedTests {
    @Test("SwiftUI's code, Motion's dropped velocity, every target and CSS's size")
    func gettingStarted() throws {
        let request = ExportRequest(
            spring: Spring(dampingRatio: 0.68, response: 0.8), motion: Motion(from: 0, to: 300, initialVelocity: 500))

        let swiftUI = try request.export(.platform(.swiftUI))
        #expect(
            swiftUI.code == """
                Spring(duration: 0.8, bounce: 0.32)
                .spring(response: 0.8, dampingFraction: 0.68)
                .interpolatingSpring(mass: 1, stiffness: 61.685, damping: 10.6814, initialVelocity: 1.66667)
                """)
        #expect(
            swiftUI.parameters.map(\.name) == ["duration", "bounce", "response", "dampingFraction", "initialVelocity"])

        let motion = try request.export(.platform(.framerDuration))
        #expect(motion.code == #"{ type: "spring", duration: 1.27931, bounce: 0.32 }"#)
        #expect(motion.warnings.map(\.code) == [.velocityDropped, .offTheSpring])
        #expect(abs(motion.platforms[0].maxError - 29.95) < 0.005 && motion.platforms[0].frameRate == 60)

        let all = try request.exportAll()
        #expect(all.count == 21)
        let css = try #require(all.first { $0.target == .css })
        #expect(css.notes[0].text.hasPrefix("16 points, 240 bytes, measured error 0.49642 px"))
    }
}
