import Foundation
import SpringMath
import Testing
import WaveRuntime

/// Foundation's geometry types, which WaveRuntime makes spring values, move like their components.
@Suite("Foundation geometry as spring values")
struct FoundationGeometryTests {
    let spring = Spring(dampingRatio: 0.4, response: 0.5)

    func scalar(_ from: Double, _ to: Double, _ t: Double) -> Double {
        SpringMotion(spring: spring, from: from, to: to).position(at: t)
    }

    @Test("CGFloat, CGPoint, CGSize and CGRect move like their scalar components")
    func conformances() {
        let t = 0.17
        #expect(
            SpringMotion(spring: spring, from: CGFloat(1), to: CGFloat(3)).position(at: t) == CGFloat(scalar(1, 3, t)))
        let p = SpringMotion(spring: spring, from: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: -2)).position(at: t)
        #expect(abs(Double(p.x) - scalar(1, 3, t)) < 1e-14 && abs(Double(p.y) - scalar(2, -2, t)) < 1e-14)
        let size = SpringMotion(spring: spring, from: CGSize(width: 1, height: 2), to: CGSize(width: 5, height: 2))
            .position(at: t)
        #expect(abs(Double(size.width) - scalar(1, 5, t)) < 1e-14 && size.height == 2)
        let r = SpringMotion(
            spring: spring, from: CGRect(x: 0, y: 0, width: 10, height: 10),
            to: CGRect(x: 5, y: 5, width: 20, height: 10)
        ).position(at: t)
        #expect(abs(Double(r.width) - scalar(10, 20, t)) < 1e-13 && abs(Double(r.minX) - scalar(0, 5, t)) < 1e-14)
        #expect(CGPoint(x: 3, y: 4).magnitude == 5)
    }

    @Test("A flung point is projected axis by axis")
    func projection() {
        let p = project(point: CGPoint(x: 1, y: 2), velocity: CGPoint(x: 1000, y: 0))
        #expect(abs(Double(p.x) - (1 + 0.998 / 0.002)) < 1e-9 && p.y == 2)
    }
}
