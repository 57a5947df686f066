import SpringMath

/// How far a recorded trajectory (from any animation library) lies from the exact motion it was
/// meant to follow: the errors, where the largest happens, the frame rate, whether the error grows
/// with the frame interval, and whether the recording stopped early or late against its own settle
/// rule.
///
/// Errors are recorded minus exact, in value units; ``travel`` is `|to − from|`, so
/// `maximumError / travel` is the error as a fraction of the travel.
public struct TrajectoryComparison: Hashable, Sendable {
    /// Number of samples compared.
    public var sampleCount: Int
    /// `|to − from|` of the motion.
    public var travel: Double
    /// The largest `|recorded − exact|` position error.
    public var maximumError: Double
    /// The signed error at ``maximumErrorTime`` (recorded − exact).
    public var maximumErrorSigned: Double
    /// The sample time of the largest error, in seconds.
    public var maximumErrorTime: Double
    /// The root mean square position error.
    public var rmsError: Double
    /// The largest and RMS velocity errors, when the recording has velocities.
    public var maximumVelocityError: Double?
    public var rmsVelocityError: Double?
    /// The median time between consecutive samples, in seconds (0 with fewer than two samples).
    public var medianInterval: Double
    /// The shortest and longest time between consecutive samples.
    public var shortestInterval: Double
    public var longestInterval: Double
    /// The RMS step error over frames that follow a long interval (more than 1.25 × the median) and
    /// over the others; `nil` when a group is empty. A frame's step error is the error the frame
    /// itself adds: with velocities, how far it lands from where the exact motion takes the previous
    /// frame's recorded position and velocity; without, the change of the position error across the
    /// frame. A final sample that snaps to the target is left out.
    public var rmsStepErrorAfterLongIntervals: Double?
    public var rmsStepErrorAfterRegularIntervals: Double?
    /// How many samples follow a long step.
    public var longIntervalCount: Int
    /// Time of the last sample.
    public var lastTime: Double
    /// The index of the recording's finish: the first sample from which the data stay at their final
    /// value (a recording that holds the target for several frames finished on the first of them).
    public var finishIndex: Int
    /// The time of the sample at ``finishIndex``.
    public var finishTime: Double
    /// The size of the recording's final jump: how far from the target the motion was when the
    /// library stopped it. When the data end on the target (the library snapped), this is the
    /// distance of the sample before the finish; otherwise that of the final value.
    public var finalJump: Double
    /// Whether the data end exactly on the target, reached by a jump at ``finishIndex``.
    public var snapped: Bool
    /// The exact settle time for a band of ``finalJump`` around the target: when a library that
    /// stops at that distance should have stopped (+∞ for an undamped spring).
    public var exactSettleTime: Double

    /// `finishTime − exactSettleTime`: negative when the library stopped early.
    public var finishOffset: Double { finishTime - exactSettleTime }

    /// Whether the error grows with the frame interval: frames after long intervals add at least
    /// 1.5 × the RMS step error of the others (`nil` when the intervals are all alike).
    public var errorGrowsWithInterval: Bool? {
        guard let long = rmsStepErrorAfterLongIntervals, let regular = rmsStepErrorAfterRegularIntervals else {
            return nil
        }
        return long > 1.5 * regular && long > 1e-12 * Swift.max(travel, 1)
    }
}

extension SpringMotion where Value == Double {
    /// Compares a recording with this exact motion.
    ///
    /// - Parameters:
    ///   - times: sample times in seconds since the motion started, strictly increasing.
    ///   - positions: recorded positions, as many as `times`.
    ///   - velocities: recorded velocities in units per second, as many as `times`, or `nil`.
    /// - Precondition: at least one sample; the arrays have equal lengths; every value finite.
    public func compare(times: [Double], positions: [Double], velocities: [Double]? = nil) -> TrajectoryComparison {
        let n = times.count
        precondition(
            n > 0 && positions.count == n && (velocities?.count ?? n) == n,
            "times, positions and velocities must be non-empty and of equal length")
        var maxError = 0.0, maxSigned = 0.0, maxTime = times[0], sumSquares = 0.0
        var maxVelocity = 0.0, sumVelocitySquares = 0.0
        var errors = [Double](repeating: 0, count: n)
        let x0 = from - to
        for i in 0..<n {
            let m = spring.transition(over: times[i])
            let exact = to + m.positionFromPosition * x0 + m.positionFromVelocity * initialVelocity
            let error = positions[i] - exact
            errors[i] = error
            sumSquares += error * error
            if abs(error) > maxError {
                maxError = abs(error)
                maxSigned = error
                maxTime = times[i]
            }
            if let velocities {
                let exactVelocity = m.velocityFromPosition * x0 + m.velocityFromVelocity * initialVelocity
                let e = abs(velocities[i] - exactVelocity)
                sumVelocitySquares += e * e
                maxVelocity = Swift.max(maxVelocity, e)
            }
        }

        // The finish: the first sample from which the data stay at their final value.
        var finish = n - 1
        while finish > 0 && positions[finish - 1] == positions[n - 1] { finish -= 1 }
        let snapped = finish > 0 && positions[n - 1] == to

        // Frame intervals.
        var median = 0.0, shortest = 0.0, longest = 0.0
        var longSquares = 0.0, longCount = 0, regularSquares = 0.0, regularCount = 0
        if n > 1 {
            var intervals = [Double](unsafeUninitializedCapacity: n - 1) { buffer, count in
                for i in 1..<n { buffer[i - 1] = times[i] - times[i - 1] }
                count = n - 1
            }
            shortest = intervals.min() ?? 0
            longest = intervals.max() ?? 0
            median = TrajectoryComparison.median(&intervals)
            let lastStep = snapped ? finish - 1 : n - 1
            if lastStep >= 1 {
                // Frame intervals repeat: keep the last interval's transition.
                var cachedInterval = -1.0, cached = TransitionMatrix.identity
                for i in 1...lastStep {
                    let dt = times[i] - times[i - 1]
                    let step: Double
                    if let velocities {
                        if dt != cachedInterval {
                            cached = spring.transition(over: dt)
                            cachedInterval = dt
                        }
                        let m = cached
                        let landing =
                            to + m.positionFromPosition * (positions[i - 1] - to) + m.positionFromVelocity
                            * velocities[i - 1]
                        step = positions[i] - landing
                    } else {
                        step = errors[i] - errors[i - 1]
                    }
                    if dt > 1.25 * median {
                        longSquares += step * step
                        longCount += 1
                    } else {
                        regularSquares += step * step
                        regularCount += 1
                    }
                }
            }
        }

        // The finish: how far out the library let go, and when the exact motion gets that close for good.
        let jump = abs(positions[snapped ? finish - 1 : n - 1] - to)
        let settle: Double
        if jump > 0 {
            settle = spring.settleTime(displacement: x0, velocity: initialVelocity, within: SettleBand(distance: jump))
        } else {
            settle = spring.dampingRatio == 0 ? .infinity : times[finish]
        }

        return TrajectoryComparison(
            sampleCount: n, travel: abs(to - from), maximumError: maxError, maximumErrorSigned: maxSigned,
            maximumErrorTime: maxTime, rmsError: (sumSquares / Double(n)).squareRoot(),
            maximumVelocityError: velocities == nil ? nil : maxVelocity,
            rmsVelocityError: velocities == nil ? nil : (sumVelocitySquares / Double(n)).squareRoot(),
            medianInterval: median, shortestInterval: shortest, longestInterval: longest,
            rmsStepErrorAfterLongIntervals: longCount > 0 ? (longSquares / Double(longCount)).squareRoot() : nil,
            rmsStepErrorAfterRegularIntervals: regularCount > 0
                ? (regularSquares / Double(regularCount)).squareRoot() : nil,
            longIntervalCount: longCount, lastTime: times[n - 1], finishIndex: finish, finishTime: times[finish],
            finalJump: jump, snapped: snapped,
            exactSettleTime: settle)
    }
}

extension TrajectoryComparison {
    /// The median of `values` (reordered in place), by quickselect: linear time on average.
    static func median(_ values: inout [Double]) -> Double {
        precondition(!values.isEmpty)
        let k = values.count / 2
        let upper = select(&values, k)
        guard values.count % 2 == 0 else { return upper }
        // The lower middle is the largest of the part before k.
        var lower = -Double.infinity
        for i in 0..<k { lower = Swift.max(lower, values[i]) }
        return (lower + upper) / 2
    }

    /// Puts the k-th smallest value at index k, smaller ones before it, and returns it.
    private static func select(_ a: inout [Double], _ k: Int) -> Double {
        var low = 0, high = a.count - 1
        var generator = SplitMix(seed: 0x5EED)
        while low < high {
            let pivot = a[Int.random(in: low...high, using: &generator)]
            var i = low, j = high
            while i <= j {
                while a[i] < pivot { i += 1 }
                while a[j] > pivot { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return a[k] }
        }
        return a[k]
    }
}

/// A small deterministic generator, so analyses give the same answer on every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
