import Foundation
import Testing
import SpringMath

/// The spellings renamed in this release (CHANGELOG "Renamed") still compile for one release and give
/// exactly what their new names give.
///
/// The old spellings are deprecated, and CI builds with warnings as errors: they are used only inside
/// a deprecated function, reached through a protocol so that no call site names it.
protocol OldSpellingCheck {
    static func failures() -> [String]
}

@Suite("Deprecated spellings forward to the new names")
struct DeprecatedSpellingTests {
    @Test("SpringMath")
    func springMath() {
        let check: any OldSpellingCheck.Type = SpringMathOldSpellings.self
        #expect(check.failures() == [])
    }
}

enum SpringMathOldSpellings: OldSpellingCheck {
    @available(*, deprecated, message: "uses the deprecated spellings on purpose")
    static func failures() -> [String] {
        var failed: [String] = []
        func expect(_ ok: Bool, _ name: String) { if !ok { failed.append(name) } }
        let s = Spring(dampingRatio: 0.68, response: 0.8)

        expect(s.damping == s.dampingCoefficient, "Spring.damping")
        expect(Spring(mass: 2, stiffness: 300, damping: 12) == Spring(mass: 2, stiffness: 300, dampingCoefficient: 12),
               "init(mass:stiffness:damping:)")
        expect((try? Spring.validated(mass: 2, stiffness: 300, damping: 12)) == Spring(mass: 2, stiffness: 300, dampingCoefficient: 12),
               "validated(mass:stiffness:damping:)")
        expect(SpringParameter.damping == .dampingCoefficient && SpringParameter.settlingDuration == .settleTime
               && SpringParameter.epsilon == .tolerance, "SpringParameter")
        expect(Spring.Origami.damping(friction: 7) == Spring.Origami.dampingCoefficient(friction: 7), "Origami.damping(friction:)")
        expect(Spring.waveDampingRange == Spring.waveDampingCoefficientRange
               && Spring.waveDampingInterval == Spring.waveDampingCoefficientInterval, "waveDampingRange, waveDampingInterval")

        expect(Spring.defaultSettlingEpsilon == Spring.defaultSettleTolerance, "defaultSettlingEpsilon")
        expect(s.settlingDuration == s.settleTime, "settlingDuration")
        expect(s.settlingDuration(target: 100, initialVelocity: -50, epsilon: 0.5)
               == s.settleTime(target: 100, initialVelocity: -50, band: 0.5), "settlingDuration(target:initialVelocity:epsilon:)")
        expect(s.settlingDuration(displacement: -1, velocity: 3, epsilon: 1e-3)
               == s.settleTime(displacement: -1, velocity: 3, band: 1e-3), "settlingDuration(displacement:velocity:epsilon:)")
        expect(s.settlingDuration(displacement: -1, velocity: 3, epsilon: 1e-3, speedEpsilon: 1e-2)
               == s.settleTime(displacement: -1, velocity: 3, band: 1e-3, speedBand: 1e-2),
               "settlingDuration(displacement:velocity:epsilon:speedEpsilon:)")
        expect(s.waveSettlingDuration == s.waveSettleEstimate, "waveSettlingDuration")
        expect(Spring(overshoot: 0.1, settlingDuration: 0.6, epsilon: 0.01) == Spring(overshoot: 0.1, settleTime: 0.6, tolerance: 0.01),
               "init(overshoot:settlingDuration:epsilon:)")

        let old = s.metrics(from: 0, to: 100, initialVelocity: 20, epsilons: [0.01, 0.001])
        let new = s.metrics(from: 0, to: 100, initialVelocity: 20, tolerances: [0.01, 0.001])
        expect(old == new, "metrics(from:to:initialVelocity:epsilons:)")
        let settling: [SpringCurveMetrics.Settling] = new.settlingTimes
        expect(settling == new.settleTimes && settling.map(\.epsilon) == [0.01, 0.001], "settlingTimes, Settling.epsilon")
        expect(new.oscillationCount == new.turningPointCount, "oscillationCount")

        let motion = SpringMotion(spring: s, from: 0.0, to: 100.0, initialVelocity: 20.0)
        let times = (0...30).map { Double($0) / 60 }
        let comparison = motion.compare(times: times, positions: times.map { motion.position(at: $0) + 0.01 })
        expect(comparison.exactStopTime == comparison.exactSettleTime && comparison.stopOffset == comparison.finishOffset,
               "exactStopTime, stopOffset")
        expect(motion.sampled(count: 11, duration: 1.2) == motion.sampled(count: 11, span: 1.2), "sampled(count:duration:)")
        var oldBuffer = [Double](repeating: 0, count: 8), oldVelocities = oldBuffer
        var newBuffer = oldBuffer, newVelocities = oldBuffer
        oldBuffer.withUnsafeMutableBufferPointer { xs in
            oldVelocities.withUnsafeMutableBufferPointer { vs in motion.sample(duration: 0.7, positions: xs, velocities: vs) }
        }
        newBuffer.withUnsafeMutableBufferPointer { xs in
            newVelocities.withUnsafeMutableBufferPointer { vs in motion.sample(span: 0.7, positions: xs, velocities: vs) }
        }
        expect(oldBuffer == newBuffer && oldVelocities == newVelocities, "sample(duration:positions:velocities:)")

        for integrator in SpringIntegrator.allCases {
            var x = 0.0, v = 0.0, y = 0.0, w = 0.0
            s.update(value: &x, velocity: &v, target: 1, deltaTime: 1.0 / 60, integrator: integrator)
            s.advance(value: &y, velocity: &w, target: 1, by: 1.0 / 60, integrator: integrator)
            expect(x == y && v == w, "update(value:velocity:target:deltaTime:integrator:) \(integrator)")
        }
        let stepper = SpringStepper(spring: s, deltaTime: 1.0 / 120)
        var x = 0.0, v = 0.0, y = 0.0, w = 0.0
        stepper.step(value: &x, velocity: &v, target: 1)
        stepper.advance(value: &y, velocity: &w, target: 1)
        expect(x == y && v == w, "SpringStepper.step(value:velocity:target:)")
        var p = SIMD2<Double>(0, 0), pv = SIMD2<Double>(0, 0), q = p, qv = pv
        stepper.step(value: &p, velocity: &pv, target: SIMD2(1, 2))
        stepper.advance(value: &q, velocity: &qv, target: SIMD2(1, 2))
        expect(p == q && pv == qv, "SpringStepper.step (generic)")
        var xs = [0.0, 5], vs = [1.0, 0], ys = xs, ws = vs
        let targets = [1.0, 2]
        xs.withUnsafeMutableBufferPointer { a in vs.withUnsafeMutableBufferPointer { b in
            targets.withUnsafeBufferPointer { t in stepper.step(values: a, velocities: b, targets: t) } } }
        ys.withUnsafeMutableBufferPointer { a in ws.withUnsafeMutableBufferPointer { b in
            targets.withUnsafeBufferPointer { t in stepper.advance(values: a, velocities: b, targets: t) } } }
        expect(xs == ys && vs == ws, "SpringStepper.step(values:velocities:targets:)")
        return failed
    }
}
