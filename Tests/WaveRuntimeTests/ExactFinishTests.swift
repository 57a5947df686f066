import Foundation
import SpringMath
import SpringTestSupport
import Testing

@testable import WaveRuntime

/// The free motion of a unit-mass spring (ω = 2π/response) from displacement x0 and velocity v0, by
/// the tests' textbook spring (SpringTestSupport, independent of SpringMath), with the scans the
/// finish tests need.
struct TextbookMotion {
    let zeta: Double, omega: Double, x0: Double, v0: Double

    init(dampingRatio: Double, response: Double, x0: Double, v0: Double) {
        zeta = dampingRatio
        omega = 2 * Double.pi / response
        self.x0 = x0
        self.v0 = v0
    }

    init(zeta: Double, omega: Double, x0: Double, v0: Double) {
        self.zeta = zeta
        self.omega = omega
        self.x0 = x0
        self.v0 = v0
    }

    /// The velocity obeys the same equation, starting from v0 and the starting acceleration.
    var speedMotion: TextbookMotion {
        TextbookMotion(zeta: zeta, omega: omega, x0: v0, v0: -omega * omega * x0 - 2 * zeta * omega * v0)
    }

    func velocity(_ t: Double) -> Double { speedMotion.displacement(t) }

    /// ``scan(band:fraction:)`` for distance and speed together: the speed band is the distance band
    /// × ω, and `settle` is the later of the two last exceedances.
    func scanBoth(fraction: Double = 0.75e-3) -> (peak: Double, settle: Double, band: Double, speedBand: Double) {
        let position = scan(fraction: fraction)
        let speedBand = position.band * omega
        let speed = speedMotion.scan(band: speedBand)
        return (position.peak, max(position.settle, speed.settle), position.band, speedBand)
    }

    func displacement(_ t: Double) -> Double {
        TextbookSpring(dampingRatio: zeta, naturalFrequency: omega).displacement(x0, velocity: v0, at: t)
    }

    /// A bound on |x(t)| that only falls: the motion cannot leave a band once this is inside it.
    func envelope(_ t: Double) -> Double {
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * omega * x0) / wd
            return exp(-zeta * omega * t) * (x0 * x0 + b * b).squareRoot()
        }
        if zeta == 1 { return exp(-omega * t) * (abs(x0) + abs(v0 + omega * x0) * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return abs(x0 - c2) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    /// The largest |x| and the last time |x| ≥ band, by a dense scan up to where the envelope is
    /// inside the band, refined by bisection.
    func scan(band: Double? = nil, fraction: Double = 0.75e-3) -> (peak: Double, settle: Double, band: Double) {
        let step = min(2 * Double.pi / omega / 400, 1e-3)
        // First pass: the peak (the band may depend on it).
        var peak = abs(x0)
        var t = 0.0
        while envelope(t) > peak * 1e-9 && t < 1e4 {
            peak = max(peak, abs(displacement(t)))
            t += step
        }
        let level = band ?? fraction * peak
        var last = 0.0
        var exceeded = abs(x0) >= level
        t = 0
        while envelope(t) >= level && t < 1e4 {
            if abs(displacement(t)) >= level {
                last = t
                exceeded = true
            }
            t += step
        }
        guard exceeded else { return (peak, 0, level) }
        var lo = last, hi = last + step
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if abs(displacement(mid)) >= level { lo = mid } else { hi = mid }
        }
        return (peak, lo, level)
    }
}

/// Runs `animator` with frames from `frames` until it finishes; returns the controller time of the
/// `.finished` event (nil if it never came within `limit` seconds).
@MainActor
func finishTime(
    _ animator: SpringAnimator<Double>, _ controller: AnimationController,
    frames: (Int) -> Double, limit: Double = 600
) -> Double? {
    var finishedAt: Double?
    animator.completion = { event in
        if case .finished = event { finishedAt = controller.time }
    }
    var i = 0
    while finishedAt == nil && controller.time < limit {
        controller.advance(by: frames(i))
        i += 1
    }
    return finishedAt
}

@Suite("Exact finishing")
@MainActor
struct ExactFinishTests {
    @Test("A velocity-dominated overdamped motion is not cut short (ζ 10, response 1, 0 → 100, v −5000)")
    func velocityDominatedOverdamped() throws {
        let controller = AnimationController()
        let animator = SpringAnimator(
            spring: Spring(dampingRatio: 10, response: 1), value: 0.0, target: 100.0,
            controller: controller)
        animator.velocity = -5000
        animator.start()
        let end = try #require(finishTime(animator, controller, frames: { _ in 1.0 / 60 }))
        let reference = TextbookMotion(dampingRatio: 10, response: 1, x0: -100, v0: -5000).scanBoth()
        // The real excursion is about 138 units; the rest band is a thousandth of it (× 0.75).
        #expect(reference.peak > 130 && reference.peak < 145)
        let jump = abs(TextbookMotion(dampingRatio: 10, response: 1, x0: -100, v0: -5000).displacement(end))
        #expect(jump <= reference.band * (1 + 1e-6), "snapped \(jump) to the target at t=\(end)")
        #expect(end >= reference.settle - 1e-9 && end < reference.settle + 1.0 / 60 + 1e-9)
    }

    @Test(
        "The finish is the same at 30, 60, 120 and 240 Hz and on irregular frames: within one frame, never early",
        arguments: [(0.5, 1.0), (0.7, 0.5), (0.3, 0.4), (1.0, 0.3), (3.0, 0.6)])
    func finishIndependentOfFrameRate(zeta: Double, response: Double) throws {
        let reference = TextbookMotion(dampingRatio: zeta, response: response, x0: -100, v0: 0).scanBoth()
        var rng = SeededGenerator(seed: 0xF1A15)
        let irregular = (0..<100_000).map { _ in
            [1.0 / 240, 1.0 / 120, 1.0 / 60, 1.0 / 30, 1.0 / 80, 0.003].randomElement(using: &rng)!
        }
        let cases: [(String, (Int) -> Double, Double)] = [
            ("30 Hz", { _ in 1.0 / 30 }, 1.0 / 30), ("60 Hz", { _ in 1.0 / 60 }, 1.0 / 60),
            ("120 Hz", { _ in 1.0 / 120 }, 1.0 / 120), ("240 Hz", { _ in 1.0 / 240 }, 1.0 / 240),
            ("irregular (seed \(rng.seed))", { irregular[$0] }, 1.0 / 30)
        ]
        for (name, frames, longest) in cases {
            let controller = AnimationController()
            let animator = SpringAnimator(
                spring: Spring(dampingRatio: zeta, response: response), value: 0.0,
                target: 100.0, controller: controller)
            animator.start()
            let end = try #require(finishTime(animator, controller, frames: frames))
            #expect(end >= reference.settle - 1e-9, "\(name): finished at \(end), before \(reference.settle)")
            #expect(end < reference.settle + longest + 1e-9, "\(name): finished at \(end), exact \(reference.settle)")
        }
    }

    @Test("Random starts and retargets: never cut short, the snap stays inside the band of the real excursion")
    func randomisedRetargets() throws {
        let seed: UInt64 = 0x5EED_0001
        var rng = SeededGenerator(seed: seed)
        for index in 0..<300 {
            let zeta = exp(Double.random(in: log(0.05)...log(20), using: &rng))
            let response = Double.random(in: 0.05...2, using: &rng)
            let dt = [1.0 / 30, 1.0 / 60, 1.0 / 120].randomElement(using: &rng)!
            let controller = AnimationController()
            let animator = SpringAnimator(
                spring: Spring(dampingRatio: zeta, response: response),
                value: Double.random(in: -300...300, using: &rng),
                target: Double.random(in: -300...300, using: &rng), controller: controller)
            animator.velocity = Double.random(in: -5000...5000, using: &rng)
            animator.start()
            let retargetFrames = Int.random(in: 0...30, using: &rng)
            var finishedEarly = false
            animator.completion = { event in if case .finished = event { finishedEarly = true } }
            for _ in 0..<retargetFrames { controller.advance(by: dt) }
            if finishedEarly { continue }  // a tiny motion that settled before the retarget
            animator.target = Double.random(in: -300...300, using: &rng)
            let x0 = animator.value - animator.target, v0 = animator.velocity
            let segmentStart = controller.time
            let motion = TextbookMotion(dampingRatio: zeta, response: response, x0: x0, v0: v0)
            let reference = motion.scanBoth()
            let end = try #require(
                finishTime(animator, controller, frames: { _ in dt }, limit: 2000),
                "seed \(seed) case \(index)")
            let elapsed = end - segmentStart
            let jump = abs(motion.displacement(elapsed))
            let context = "seed \(seed) case \(index): ζ \(zeta) response \(response) x0 \(x0) v0 \(v0) dt \(dt)"
            #expect(jump <= reference.band * (1 + 1e-6) + 1e-12, "\(context): snapped \(jump)")
            #expect(elapsed >= reference.settle - 1e-7, "\(context): finished \(elapsed) before \(reference.settle)")
            #expect(
                elapsed < reference.settle + dt + 1e-7, "\(context): finished \(elapsed), exact \(reference.settle)")
        }
    }

    @Test("Numeric integrators still end by the state test")
    func numericIntegratorsUseState() throws {
        let controller = AnimationController()
        let animator = SpringAnimator(
            spring: Spring(dampingRatio: 0.7, response: 0.5), value: 0.0, target: 100.0,
            controller: controller)
        animator.integrator = .semiImplicitEuler
        var lastBeforeEnd = 0.0
        animator.valueChanged = { value in if value != 100 { lastBeforeEnd = value } }
        animator.start()
        let end = try #require(finishTime(animator, controller, frames: { _ in 1.0 / 60 }))
        #expect(end > 0.5 && abs(lastBeforeEnd - 100) < 1)
        #expect(animator.value == 100)
    }
}

@Suite("Spring peak distance")
struct PeakDistanceTests {
    @Test(
        "peakDistance matches a dense scan of the textbook motion in every regime",
        arguments: [0.0, 0.1, 0.5, 0.9, 1.0, 1.1, 2.0, 10.0])
    func peak(zeta: Double) {
        for (x0, v0) in [(100.0, 0.0), (-100.0, -5000.0), (0.0, 300.0), (50.0, -800.0), (-20.0, 20.0)] {
            let spring = Spring(dampingRatio: zeta, response: 0.8)
            let motion = TextbookMotion(dampingRatio: zeta, response: 0.8, x0: x0, v0: v0)
            var scanned = abs(x0)
            var t = 0.0
            while t < 20 {
                scanned = max(scanned, abs(motion.displacement(t)))
                t += 1e-4
            }
            let exact = spring.peakDistance(displacement: x0, velocity: v0)
            #expect(exact >= scanned * (1 - 1e-9) && exact <= scanned * (1 + 1e-6), "ζ \(zeta) x0 \(x0) v0 \(v0)")
        }
    }
}
