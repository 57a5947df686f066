import SpringMath

/// One keyframe of a ``SpringSequence``: from `at` seconds after the sequence starts, `spring` pulls
/// the value toward `to`.
public struct SpringKeyframe: Hashable, Sendable {
    /// Where this keyframe's spring pulls the value.
    public var to: Double
    /// When this keyframe takes over, in seconds from the start of the sequence.
    public var at: Double
    /// The spring that pulls the value toward ``to``.
    public var spring: Spring

    /// A keyframe whose `spring` pulls toward `to` from `at` seconds on.
    public init(to: Double, at: Double, spring: Spring) {
        self.to = to
        self.at = at
        self.spring = spring
    }
}

/// A motion through several keyframes, each reached by its own spring, with position and velocity
/// handed over exactly when the next keyframe takes over: what retargeting a running spring at
/// those moments does, computed in closed form rather than stepped.
///
/// Before the first keyframe's `at` the value rests at `from`; the first spring starts there with
/// `velocity` (like a delayed start with a gesture's velocity). The last keyframe's spring runs on
/// until it settles.
///
/// ```swift
/// let sequence = SpringSequence(from: 10, keyframes: [
///     SpringKeyframe(to: 100, at: 0, spring: Spring(dampingRatio: 0.68, response: 0.8)),
///     SpringKeyframe(to: 40, at: 0.45, spring: Spring(mass: 1, stiffness: 300, dampingCoefficient: 20)),
/// ])
/// sequence.position(at: 0.45)   // where the second spring takes over, moving at velocity(at: 0.45)
/// ```
public struct SpringSequence: Hashable, Sendable {
    /// Where the value starts.
    public let from: Double
    /// The velocity the first keyframe's spring starts with, in value units per second.
    public let velocity: Double
    /// The keyframes, in increasing `at`.
    public let keyframes: [SpringKeyframe]
    /// The state at each keyframe's `at`: where its spring takes over and how fast the value moves.
    public let handovers: [SpringState<Double>]

    /// A sequence from `from`, the first spring starting with `velocity`.
    /// - Precondition: at least one keyframe; `from`, `velocity` and every `to` finite; every `at`
    ///   finite, ≥ 0 and strictly increasing; every spring animated (response > 0).
    public init(from: Double, velocity: Double = 0, keyframes: [SpringKeyframe]) {
        precondition(!keyframes.isEmpty, "a sequence needs at least one keyframe")
        precondition(from.isFinite && velocity.isFinite, "from and velocity must be finite")
        precondition(
            keyframes.allSatisfy { $0.to.isFinite && $0.at.isFinite && $0.at >= 0 }, "to and at must be finite, at ≥ 0")
        precondition(zip(keyframes, keyframes.dropFirst()).allSatisfy { $0.at < $1.at }, "at must increase")
        precondition(keyframes.allSatisfy { !$0.spring.isInstantaneous }, "every spring needs a response > 0")
        self.from = from
        self.velocity = velocity
        self.keyframes = keyframes
        var handovers: [SpringState<Double>] = []
        var state = SpringState(position: from, velocity: velocity)
        for (index, keyframe) in keyframes.enumerated() {
            if index > 0 {
                let previous = keyframes[index - 1]
                state = SpringMotion(
                    spring: previous.spring, from: state.position, to: previous.to,
                    initialVelocity: state.velocity
                ).state(at: keyframe.at - previous.at)
            }
            handovers.append(state)
        }
        self.handovers = handovers
    }

    /// The value the sequence ends at: the last keyframe's `to`.
    public var finalValue: Double { keyframes[keyframes.count - 1].to }

    /// The keyframe in charge at `time`: the last one whose `at` is ≤ `time`; nil before the first.
    public func keyframeIndex(at time: Double) -> Int? {
        guard time >= keyframes[0].at else { return nil }
        var lo = 0, hi = keyframes.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyframes[mid].at <= time { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The free spring motion keyframe `index` runs, with time measured from its `at`.
    public func motion(ofKeyframe index: Int) -> SpringMotion<Double> {
        SpringMotion(
            spring: keyframes[index].spring, from: handovers[index].position, to: keyframes[index].to,
            initialVelocity: handovers[index].velocity)
    }

    /// The position and velocity at `time` seconds from the start (at rest at `from` before the first
    /// keyframe).
    public func state(at time: Double) -> SpringState<Double> {
        guard let index = keyframeIndex(at: time) else { return SpringState(position: from, velocity: 0) }
        return motion(ofKeyframe: index).state(at: time - keyframes[index].at)
    }

    /// The position at `time` seconds from the start.
    public func position(at time: Double) -> Double { state(at: time).position }

    /// The velocity at `time` seconds from the start, in value units per second.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// The net travel, from `from` to the last keyframe's `to`.
    public var travel: Double { finalValue - from }

    /// The span of the values the keyframes name, `from` included: the scale against which the
    /// sequence's errors and settling are measured when the net travel is small.
    public var span: Double {
        let values = [from] + keyframes.map(\.to)
        return values.max()! - values.min()!
    }

    /// When the sequence stays within `band` of its final value (and, when the band names a speed,
    /// slower than it) for good, in seconds from its start: the last keyframe's `at` plus its motion's
    /// settle time, `+∞` when the last spring is undamped.
    /// - Precondition: as SpringMath's `Spring.settleTime(displacement:velocity:within:)`.
    public func settleTime(within band: SettleBand) -> Double {
        let last = keyframes.count - 1
        let motion = motion(ofKeyframe: last)
        return keyframes[last].at
            + motion.spring.settleTime(
                displacement: motion.from - motion.to, velocity: motion.initialVelocity, within: band)
    }

    /// 0.9's spelling of ``settleTime(within:)`` with a band on the distance alone.
    @available(*, deprecated, message: "use settleTime(within: SettleBand(distance: band))")
    public func settleTime(band: Double) -> Double { settleTime(within: SettleBand(distance: band)) }
}
