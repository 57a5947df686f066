import SpringMath
import Testing

@testable import WaveRuntime

@Suite("Gesture velocity")
struct GestureVelocityTests {
    @Test("A steady drag gives its speed; samples outside the window do not count")
    func leastSquares() {
        var tracker = GestureVelocity<SIMD2<Double>>(window: 0.1)
        #expect(tracker.velocity == .zero)
        // A slow start, then 500 px/s to the left and 250 px/s down for the last 100 ms, with jittered times.
        tracker.add(SIMD2(0, 0), at: 0)
        tracker.add(SIMD2(1, 1), at: 0.2)
        for (i, t) in [0.30, 0.317, 0.331, 0.349, 0.366, 0.38, 0.4].enumerated() {
            _ = i
            tracker.add(SIMD2(100 - 500 * (t - 0.3), 50 + 250 * (t - 0.3)), at: t)
        }
        let v = tracker.velocity
        #expect(abs(v.x + 500) < 1e-9 && abs(v.y - 250) < 1e-9, "\(v)")
    }

    @Test("Noise averages out: the least-squares slope of a jittery line is near its speed")
    func noisy() {
        var tracker = GestureVelocity<Double>()
        let jitter = [0.4, -0.3, 0.2, -0.5, 0.1, 0.3, -0.2]
        for (i, e) in jitter.enumerated() {
            let t = Double(i) / 60
            tracker.add(1000 * t + e, at: t)
        }
        #expect(abs(tracker.velocity - 1000) < 20)
        tracker.reset()
        #expect(tracker.velocity == 0)
    }
}
