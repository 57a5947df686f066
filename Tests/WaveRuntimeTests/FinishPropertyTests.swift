import Foundation
import SpringMath
import SpringTestSupport
import Testing

@testable import WaveRuntime

extension TextbookMotion {
    /// The times t > 0 where the motion's velocity is zero: the turning points of |x|, with 0 in front.
    /// Underdamped: x = e^(−σt)(x0 cos ωd t + B sin ωd t) turns where P cos ωd t + Q sin ωd t = 0, every
    /// π/ωd; critically and overdamped springs turn at most once.
    func turningTimes(until horizon: Double) -> [Double] {
        var times = [0.0]
        if zeta < 1 {
            let sigma = zeta * omega, wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + sigma * x0) / wd
            let p = wd * b - sigma * x0, q = -wd * x0 - sigma * b
            // The first zero after 0: atan2(q, p) + π/2 reduced into (0, π].
            var theta = atan2(q, p) + Double.pi / 2
            theta -= (theta / Double.pi).rounded(.down) * Double.pi
            if theta <= 0 { theta += Double.pi }
            while theta / wd <= horizon {
                times.append(theta / wd)
                theta += Double.pi
            }
        } else if zeta == 1 {
            let c = v0 + omega * x0
            if c != 0, v0 / (omega * c) > 0 { times.append(v0 / (omega * c)) }
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            let ratio = -c2 * r2 / (c1 * r1)
            if ratio > 0, log(ratio) / (r1 - r2) > 0 { times.append(log(ratio) / (r1 - r2)) }
        }
        return times
    }

    /// The last time |x| ≥ band (0 when it never is): past the last turning point where |x| reaches
    /// the band, |x| falls through it once, found by bisection. Textbook, independent of SpringMath.
    func lastExceedance(band: Double) -> Double {
        guard abs(x0) >= band || abs(v0) > 0 else { return 0 }
        // Past this the envelope is inside the band: e^(−rate·t)·(|x0| + |v0|/rate + |x0|) < band.
        let rate = zeta < 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
        let scale = abs(x0) * 2 + abs(v0) / max(rate, 1e-12) + abs(v0) * 4 / omega + 1e-300
        let horizon = max(log(scale / band) / rate, 0) * 2 + 10 / omega
        let turns = turningTimes(until: horizon)
        guard let last = turns.lastIndex(where: { abs(displacement($0)) >= band }) else { return 0 }
        var lo = turns[last]
        var hi = last + 1 < turns.count ? turns[last + 1] : lo + 1 / omega
        while abs(displacement(hi)) >= band { hi += 1 / omega }
        for _ in 0..<200 where hi - lo > 1e-13 * max(hi, 1) {
            let mid = (lo + hi) / 2
            if abs(displacement(mid)) >= band { lo = mid } else { hi = mid }
        }
        return lo
    }
}

/// One change of the motion (a start, a retarget, a fling) and what follows from it.
private struct Segment {
    var start: Double
    var motion: TextbookMotion
    var band: Double
    var speedBand: Double
}

@Suite("Finish by position and speed, over random sequences")
@MainActor
struct FinishPropertyTests {
    @Test(
        "10 000 seeded sequences of starts, retargets, flings and frame schedules (zero-length frames too): finished only inside both bands, on the first frame at or after the exact settle time"
    )
    func randomSequences() throws {
        let seed: UInt64 = 0xF1_5E_0019
        var rng = SeededGenerator(seed: seed)
        let schedules: [(String, [Double])] = [
            ("30 Hz", [1.0 / 30]), ("60 Hz", [1.0 / 60]), ("120 Hz", [1.0 / 120]), ("144 Hz", [1.0 / 144]),
            ("irregular with zero-length frames", [0, 1.0 / 240, 1.0 / 120, 1.0 / 60, 1.0 / 30, 0.003, 0])
        ]
        var checked = 0, flings = 0, retargets = 0, zeroFrames = 0
        let sequences = propertyCaseCount(10_000)
        for index in 0..<sequences {
            let zeta = exp(Double.random(in: log(0.1)...log(5), using: &rng))
            let response = Double.random(in: 0.05...1, using: &rng)
            let (scheduleName, intervals) = schedules.randomElement(using: &rng)!
            let controller = AnimationController()
            let animator = SpringAnimator(
                spring: Spring(dampingRatio: zeta, response: response),
                value: Double.random(in: -300...300, using: &rng),
                target: Double.random(in: -300...300, using: &rng), controller: controller)
            if Bool.random(using: &rng) { animator.velocity = Double.random(in: -3000...3000, using: &rng) }
            var segment: Segment?
            var finished: (time: Double, previous: Double, firstFrame: Bool)?
            var previousFrame = 0.0, framesInSegment = 0
            animator.completion = { event in
                if case .finished = event { finished = (controller.time, previousFrame, framesInSegment == 1) }
            }
            func changed() {
                let band = animator.restBand
                segment = Segment(
                    start: controller.time,
                    motion: TextbookMotion(
                        dampingRatio: zeta, response: response,
                        x0: animator.value - animator.target, v0: animator.velocity),
                    band: band, speedBand: band * 2 * Double.pi / response)
                framesInSegment = 0
            }
            func frame() {
                let dt = intervals.randomElement(using: &rng)!
                if dt == 0 { zeroFrames += 1 }
                previousFrame = controller.time
                framesInSegment += 1
                controller.advance(by: dt)
            }
            animator.start()
            changed()
            // Up to two changes while running: a retarget, a fling (velocity injected), or both.
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                for _ in 0..<Int.random(in: 0...25, using: &rng) where finished == nil { frame() }
                guard finished == nil else { break }
                if Bool.random(using: &rng) {
                    animator.target = Double.random(in: -300...300, using: &rng)
                    retargets += 1
                } else {
                    animator.velocity = Double.random(in: -3000...3000, using: &rng)
                    flings += 1
                }
                changed()
            }
            var frames = 0
            while finished == nil && frames < 200_000 {
                frame()
                frames += 1
            }
            let context = "seed \(seed) sequence \(index): ζ \(zeta), response \(response), \(scheduleName)"
            let end = try #require(finished, "\(context): never finished")
            let last = try #require(segment)
            let elapsed = end.time - last.start, before = end.previous - last.start
            let x = last.motion.displacement(elapsed), v = last.motion.velocity(elapsed)
            let settle = max(
                last.motion.lastExceedance(band: last.band),
                last.motion.speedMotion.lastExceedance(band: last.speedBand))
            let slack = 1e-9 * max(settle, 1)
            let where_ =
                "\(context): x0 \(last.motion.x0), v0 \(last.motion.v0); finished \(elapsed) s after the last change, exact settle \(settle) s"
            #expect(abs(x) <= last.band * (1 + 1e-6), "\(where_): distance \(abs(x)) outside the band \(last.band)")
            #expect(
                abs(v) <= last.speedBand * (1 + 1e-6), "\(where_): speed \(abs(v)) outside the band \(last.speedBand)")
            #expect(elapsed >= settle - slack, "\(where_): early")
            #expect(
                end.firstFrame || before < settle + slack,
                "\(where_): the frame before (\(before) s) was already past the settle time: late")
            checked += 1
        }
        #expect(checked == sequences)
        // The sequences exercise what they claim to.
        #expect(
            retargets > sequences * 3 / 10 && flings > sequences * 3 / 10 && zeroFrames > sequences / 10,
            "retargets \(retargets), flings \(flings), zero-length frames \(zeroFrames)")
    }

    @Test(
        "The textbook last exceedance agrees with a dense scan (the reference checks itself)",
        arguments: [
            (0.3, 0.4, -100.0, 0.0), (0.68, 0.8, 50.0, -900.0), (1.0, 0.3, -100.0, 2000.0), (4.0, 0.5, 80.0, -3000.0),
            (0.922, 0.961, 235.9, 0.0), (0.995, 0.9, 119.6, -1087.7)
        ])
    func referenceAgreesWithScan(zeta: Double, response: Double, x0: Double, v0: Double) {
        let motion = TextbookMotion(dampingRatio: zeta, response: response, x0: x0, v0: v0)
        let band = 0.75e-3 * max(abs(x0), 100)
        for (name, part, level) in [("distance", motion, band), ("speed", motion.speedMotion, band * motion.omega)] {
            let scanned = part.scan(band: level)
            let exact = part.lastExceedance(band: level)
            #expect(abs(scanned.settle - exact) < 1e-6, "\(name): scan \(scanned.settle), turning points \(exact)")
        }
    }
}
