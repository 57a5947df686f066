import Foundation
import Testing

@testable import SpringMath

@Suite("Curve metrics and design")
struct MetricsTests {
    @Test(
        "Step response from rest: textbook overshoot e^(−πζ/√(1−ζ²)) and peak time π/ω_d",
        arguments: [0.1, 0.3, 0.5, 0.68, 0.9])
    func textbookStepResponse(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.8)
        let m = spring.metrics(from: 10, to: 30)
        let os = exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
        #expect(abs(m.overshoot - os) < 1e-12)
        #expect(abs(m.overshootAmount - 20 * os) < 1e-10)
        let wd = 2 * Double.pi / 0.8 * (1 - zeta * zeta).squareRoot()
        #expect(abs(m.peakTime! - Double.pi / wd) < 1e-12)
        #expect(abs(m.timeConstant - 0.8 / (2 * Double.pi * zeta)) < 1e-12)
        // Turning points above 0.01 of the distance: peaks at kπ/ω_d with heights os^k.
        let expected = Int((log(0.01) / log(os)).rounded(.down))
        #expect(m.turningPointCount == expected)
    }

    @Test("No overshoot at or above critical damping", arguments: [1, 1.5, 4])
    func noOvershoot(zeta: Double) {
        let m = Spring(dampingRatio: zeta, response: 0.5).metrics()
        #expect(m.overshoot == 0 && m.peakTime == nil && m.turningPointCount == 0)
    }

    @Test("Rise time 10–90 % matches a brute-force scan", arguments: [0.2, 0.68, 1, 2])
    func riseTime(zeta: Double) {
        let spring = Spring(dampingRatio: zeta, response: 0.6)
        let motion = SpringMotion(spring: spring, from: 0.0, to: 1.0)
        func first(_ level: Double) -> Double {
            var t = 0.0
            while motion.position(at: t) < level { t += 1e-6 }
            return t
        }
        let brute = first(0.9) - first(0.1)
        #expect(abs(spring.metrics().riseTime! - brute) < 2e-6)
        // Critically damped: (1 + u)e^(−u) = 0.9 and 0.1 give u₁₀, u₉₀ with u₁₀ − u₉₀ = 3.3579086 (mpmath).
        if zeta == 1 {
            #expect(abs(spring.metrics().riseTime! * spring.naturalFrequency - 3.357_908_6) < 1e-6)
        }
    }

    @Test("Settle times for several epsilons are the exact settling durations")
    func settleTimes() {
        let spring = Spring(dampingRatio: 0.5, response: 1)
        let m = spring.metrics(tolerances: [0.05, 0.001])
        #expect(m.settleTimes.count == 2)
        #expect(m.settleTimes[1].time == spring.settleTime)
        #expect(m.settleTimes[0].time < m.settleTimes[1].time)
    }

    @Test("An undamped spring turns around forever")
    func undampedMetrics() {
        let m = Spring(dampingRatio: 0, response: 1).metrics()
        #expect(m.turningPointCount == nil && abs(m.overshoot - 1) < 1e-12)
    }

    @Test("Initial velocity away from the target still finds the overshoot on the far side")
    func overshootWithVelocity() {
        let spring = Spring(dampingRatio: 0.3, response: 1)
        let m = spring.metrics(from: 0, to: 1, initialVelocity: -5)
        let motion = SpringMotion(spring: spring, from: 0.0, to: 1.0, initialVelocity: -5.0)
        var best = 0.0
        for i in 0..<200_000 { best = max(best, motion.position(at: Double(i) * 1e-5) - 1) }
        #expect(abs(m.overshootAmount - best) < 1e-8)
    }

    @Test("Design from overshoot and settling time", arguments: [0.0, 0.05, 0.2, 0.5])
    func designOvershootSettling(overshoot: Double) {
        let spring = Spring(overshoot: overshoot, settleTime: 0.9)
        let m = spring.metrics(tolerances: [0.001])
        #expect(abs(m.overshoot - overshoot) < 1e-12)
        #expect(abs(m.settleTimes[0].time - 0.9) < 1e-9)
    }

    @Test("Design from peak time and overshoot", arguments: [0.01, 0.1, 0.4])
    func designPeakOvershoot(overshoot: Double) {
        let spring = Spring(peakTime: 0.25, overshoot: overshoot)
        let m = spring.metrics()
        #expect(abs(m.overshoot - overshoot) < 1e-12)
        #expect(abs(m.peakTime! - 0.25) < 1e-12)
    }
}
