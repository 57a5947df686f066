import SpringMath
import Testing
import WaveRuntime

@Suite("Colour as a spring value")
struct RGBAColorTests {
    let spring = Spring(dampingRatio: 0.4, response: 0.5)

    @Test("A colour moves like its components, each a scalar spring, and clamps into 0…1")
    func componentsMoveLikeScalars() {
        let t = 0.17
        func scalar(_ from: Double, _ to: Double) -> Double {
            SpringMotion(spring: spring, from: from, to: to).position(at: t)
        }
        let c = SpringMotion(
            spring: spring, from: RGBAColor(red: 1, green: 0, blue: 0),
            to: RGBAColor(red: 0, green: 0, blue: 1)
        ).position(at: t)
        #expect(abs(c.red - scalar(1, 0)) < 1e-14 && abs(c.blue - scalar(0, 1)) < 1e-14 && c.alpha == 1)
        #expect(RGBAColor(red: 1.2, green: -0.1, blue: 0.5).clamped == RGBAColor(red: 1, green: 0, blue: 0.5))
    }
}
