import Foundation
import SpringPlatforms
import Testing

@testable import SpringMath

@Suite("Settling")
struct SettlingTests {
    @Test("Settling durations match the 50-digit reference to 1e-9 s")
    func fixture() throws {
        let rows = try loadFixture("settling.csv")
        #expect(rows.count > 100)
        for row in rows {
            let spring = Spring(dampingRatio: row["dampingRatio"]!, response: row["response"]!)
            let t = spring.settleTime(
                displacement: row["x0"]!, velocity: row["v0"]!, within: SettleBand(distance: row["epsilon"]!))
            #expect(abs(t - row["settle"]!) < 1e-9, "\(row): \(t)")
        }
    }

    /// The last time |x| ≥ ε by a dense scan and bisection of the sign change, independent of the
    /// analytic extremum times.
    func bruteForce(_ spring: Spring, x0: Double, v0: Double, epsilon: Double, horizon: Double) -> Double {
        let motion = SpringMotion(spring: spring, from: x0, to: 0.0, initialVelocity: v0)
        let n = 200_000
        var last: Double?
        for i in stride(from: n, through: 0, by: -1) {
            let t = horizon * Double(i) / Double(n)
            if abs(motion.position(at: t)) >= epsilon {
                last = t
                break
            }
        }
        guard var lo = last else { return 0 }
        var hi = min(horizon, lo + horizon / Double(n))
        if lo == horizon { return .infinity }
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if abs(motion.position(at: mid)) >= epsilon { lo = mid } else { hi = mid }
        }
        return lo
    }

    @Test(
        "Exact settling equals a dense brute-force search within 1e-9 s",
        arguments: [0.05, 0.3, 0.68, 0.95, 1, 1.0000001, 1.7, 6])
    func bruteForceAgreement(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.5)
        for (x0, v0) in [(-1.0, 0.0), (1.0, 9.0), (0.0, -4.0), (2.0, -30.0)] {
            for epsilon in [1e-2, 1e-3] {
                let exact = spring.settleTime(displacement: x0, velocity: v0, within: SettleBand(distance: epsilon))
                let horizon = exact * 1.5 + 1
                let brute = bruteForce(spring, x0: x0, v0: v0, epsilon: epsilon, horizon: horizon)
                #expect(abs(exact - brute) < 1e-9, "ζ=\(zeta) x0=\(x0) v0=\(v0) ε=\(epsilon): \(exact) vs \(brute)")
            }
        }
    }

    @Test("Edges: undamped never settles, non-animated settles at once, rest is settled")
    func edges() {
        #expect(Spring(dampingRatio: 0, response: 1).settleTime == .infinity)
        #expect(Spring.defaultNonAnimated.settleTime == 0)
        #expect(
            Spring.smooth.settleTime(
                displacement: -0, velocity: 0, within: SettleBand(distance: Spring.defaultSettleTolerance)) == 0)
        // Starting inside the band and never leaving it.
        #expect(
            Spring.smooth.settleTime(
                displacement: -0.0005, velocity: 0, within: SettleBand(distance: Spring.defaultSettleTolerance)) == 0)
    }

    @Test("The unit-step settling duration uses epsilon 0.001")
    func unitStepDefinition() {
        let spring = Spring(dampingRatio: 0.68, response: 0.8)
        let t = spring.settleTime
        let motion = SpringMotion(spring: spring, from: 0.0, to: 1.0)
        #expect(abs(abs(motion.position(at: t) - 1) - 0.001) < 1e-12)
        for dt in stride(from: 1e-6, through: 3, by: 0.0011) {
            #expect(abs(motion.position(at: t + dt) - 1) < 0.001)
        }
    }

    @Test("Wave's estimate follows its formula")
    func waveEstimate() {
        let s = Spring(dampingRatio: 0.5, response: 1)
        #expect(abs(s.waveSettleEstimate - (-log(1e-4)) / (0.5 * 2 * Double.pi)) < 1e-12)
        let critical = Spring(dampingRatio: 1, response: 1)
        #expect(abs(critical.waveSettleEstimate - 1.25 * (-log(1e-4)) / (2 * Double.pi)) < 1e-12)
        #expect(Spring(dampingRatio: 3, response: 1).waveSettleEstimate == critical.waveSettleEstimate)
        #expect(Spring.defaultNonAnimated.waveSettleEstimate == 1)
    }

    @Test("Spring(settlingDuration:dampingRatio:) settles in exactly that time", arguments: [0.3, 0.7, 1, 2.5])
    func settlingInitialiser(zeta: Double) {
        for epsilon in [0.001, 0.01] {
            let spring = Spring(settlingDuration: 1.7, dampingRatio: zeta, epsilon: epsilon)
            #expect(
                abs(spring.settleTime(displacement: -1, velocity: 0, within: SettleBand(distance: epsilon)) - 1.7)
                    < 1e-9)
            #expect(spring.dampingRatio == zeta)
        }
    }
}
