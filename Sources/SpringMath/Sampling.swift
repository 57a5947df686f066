/// A scalar motion sampled at evenly spaced times, as parallel arrays.
public struct SampledMotion: Hashable, Sendable {
    /// Sample times in seconds, from the start to the end of the span inclusive.
    public var times: [Double]
    public var positions: [Double]
    /// Value units per second.
    public var velocities: [Double]

    /// Evenly spaced samples are propagated in blocks of this many steps from a closed-form anchor.
    static let anchorSpacing = 32
}

extension SpringMotion where Value == Double {
    /// Samples position and velocity at `count` evenly spaced times from 0 to `span` inclusive.
    /// The time of sample i is `i·span/(count − 1)`, rounded once, so a grid of short decimals
    /// gives short decimals (0.6, not 0.6000000000000001 as `i·step` would).
    ///
    /// The samples advance with the exact one-step transition and are re-anchored to the closed form
    /// every 32 samples (so rounding cannot build up), so they agree with ``position(at:)`` to rounding while costing a few
    /// multiplications each.
    ///
    /// - Precondition: `count ≥ 2`; `span` finite and > 0.
    public func sampled(count: Int, span: Double) -> SampledMotion {
        precondition(count >= 2, "count must be at least 2")
        precondition(span.isFinite && span > 0, "span must be finite and > 0")
        let times = evenlySpacedTimes(count: count, span: span)
        var velocities = [Double]()
        let positions = [Double](unsafeUninitializedCapacity: count) { xs, initializedPositions in
            velocities = [Double](unsafeUninitializedCapacity: count) { vs, initializedVelocities in
                sample(span: span, positions: xs, velocities: vs)
                initializedVelocities = count
            }
            initializedPositions = count
        }
        return SampledMotion(times: times, positions: positions, velocities: velocities)
    }

    /// Writes positions and velocities at `positions.count` evenly spaced times from 0 to `span`
    /// inclusive into caller-owned buffers (the sample at index i is at `i·span/(count − 1)`).
    /// Reusing buffers avoids allocating for every curve.
    ///
    /// - Precondition: both buffers have the same count ≥ 2; `span` finite and > 0.
    public func sample(
        span: Double, positions xs: UnsafeMutableBufferPointer<Double>,
        velocities vs: UnsafeMutableBufferPointer<Double>
    ) {
        let count = xs.count
        precondition(count >= 2 && vs.count == count, "buffers must have the same count, at least 2")
        precondition(span.isFinite && span > 0, "span must be finite and > 0")
        let dt = span / Double(count - 1)
        let kernel = spring.kernel
        let step = kernel.transition(dt)
        let x0 = from - to, v0 = initialVelocity, target = to
        let block = SampledMotion.anchorSpacing
        let blocks = (count + block - 1) / block
        // One state per block of samples, anchored on the closed form.
        let states = UnsafeMutableBufferPointer<Double>.allocate(capacity: 2 * blocks)
        defer { states.deallocate() }
        for b in 0..<blocks {
            let m = kernel.transition(Double(b * block) * dt)
            states[2 * b] = m.positionFromPosition * x0 + m.positionFromVelocity * v0
            states[2 * b + 1] = m.velocityFromPosition * x0 + m.velocityFromVelocity * v0
        }
        // Step all blocks together, one offset at a time: the blocks are independent, so the inner
        // loop has no dependency chain.
        for j in 0..<block {
            guard j < count else { break }
            let lastBlock = (count - 1 - j) / block  // the last block that has offset j
            for b in 0...lastBlock {
                var x = states[2 * b], v = states[2 * b + 1]
                if j > 0 {
                    let nx = step.positionFromPosition * x + step.positionFromVelocity * v
                    v = step.velocityFromPosition * x + step.velocityFromVelocity * v
                    x = nx
                    states[2 * b] = x
                    states[2 * b + 1] = v
                }
                xs[b * block + j] = target + x
                vs[b * block + j] = v
            }
        }
    }

    /// Samples position and velocity at the given times (any order), each from the closed form.
    /// - Precondition: every time is finite.
    public func sampled(at times: [Double]) -> SampledMotion {
        var positions = [Double](), velocities = [Double]()
        positions.reserveCapacity(times.count)
        velocities.reserveCapacity(times.count)
        for t in times {
            let s = state(at: t)
            positions.append(s.position)
            velocities.append(s.velocity)
        }
        return SampledMotion(times: times, positions: positions, velocities: velocities)
    }
}

/// `count` times from 0 to `span` inclusive, each `i·span/(count − 1)` rounded once.
///
/// When `span` is a short decimal (1.2 = 12/10), the quotient is formed from exact integers,
/// `(i·12)/(10·(count − 1))`, so each time is the double nearest the exact grid point and prints as
/// the short decimal it is. Otherwise `i·span` is rounded before the division.
func evenlySpacedTimes(count: Int, span: Double) -> [Double] {
    let intervals = Double(count - 1)
    let exactLimit = 9_007_199_254_740_992.0  // 2⁵³: integers below it are exact
    var numerator = span, denominator = 1.0
    var scale = 1.0
    for _ in 0...12 {
        let scaled = (span * scale).rounded()
        if scaled * intervals >= exactLimit || scale * intervals >= exactLimit { break }
        if scaled / scale == span {
            numerator = scaled
            denominator = scale
            break
        }
        scale *= 10
    }
    let divisor = denominator * intervals
    return [Double](unsafeUninitializedCapacity: count) { ts, initialized in
        for i in 0..<count { ts[i] = Double(i) * numerator / divisor }
        ts[count - 1] = span
        initialized = count
    }
}
