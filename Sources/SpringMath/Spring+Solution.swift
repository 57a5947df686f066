/// The exact closed-form motion, in SwiftUI's terms: a motion that starts at zero and moves toward
/// a target. A motion from `a` to `b` is `a + spring.value(target: b − a, initialVelocity: v0, time: t)`.
extension Spring {
    /// The exact transition matrix of this spring over `time` seconds (see ``TransitionMatrix``).
    ///
    /// - Precondition: `time` is not NaN, and not `+∞` for an undamped spring (dampingRatio 0).
    @inlinable
    public func transition(over time: Double) -> TransitionMatrix {
        precondition(
            time.isFinite || (time == .infinity && kernel.slowestDecayRate > 0),
            "time must be finite (or +infinity for a damped spring)")
        return kernel.transition(time)
    }

    /// The value at `time` of a motion that starts at zero with `initialVelocity` and moves toward
    /// `target`.
    ///
    /// - Parameters:
    ///   - target: where the motion goes.
    ///   - initialVelocity: the velocity at time 0, in value units per second.
    ///   - time: seconds since the start (≥ 0 is the physical range).
    /// - Precondition: as ``transition(over:)``.
    @inlinable
    public func value<V: SpringVector>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let m = transition(over: time)
        // Displacement at the start is 0 − target.
        return target + V.combine(-m.positionFromPosition, target, m.positionFromVelocity, initialVelocity)
    }

    /// The velocity at `time` of the motion described in ``value(target:initialVelocity:time:)``,
    /// in value units per second.
    @inlinable
    public func velocity<V: SpringVector>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let m = transition(over: time)
        return V.combine(-m.velocityFromPosition, target, m.velocityFromVelocity, initialVelocity)
    }

    /// The value at `time` of a motion from `fromValue` to `toValue`: the same as
    /// `SpringMotion(spring:from:to:initialVelocity:).position(at:)`, which is the one spelling from 1.0.
    @available(
        *, deprecated,
        message: "use SpringMotion(spring: self, from: fromValue, to: toValue, initialVelocity:).position(at: time)"
    )
    @inlinable
    public func value<V: SpringVector>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        SpringMotion(spring: self, from: fromValue, to: toValue, initialVelocity: initialVelocity).position(at: time)
    }

    /// The velocity at `time` of a motion from `fromValue` to `toValue`: the same as
    /// `SpringMotion(spring:from:to:initialVelocity:).velocity(at:)`, which is the one spelling from 1.0.
    @available(
        *, deprecated,
        message: "use SpringMotion(spring: self, from: fromValue, to: toValue, initialVelocity:).velocity(at: time)"
    )
    @inlinable
    public func velocity<V: SpringVector>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        SpringMotion(spring: self, from: fromValue, to: toValue, initialVelocity: initialVelocity).velocity(at: time)
    }

    /// The force the spring exerts on a mass at `position` moving with `velocity`:
    /// `−k·(position − target) − c·velocity`, in force units. Divide by ``mass`` for the acceleration.
    ///
    /// A non-animated spring has no finite force (it moves the value instantly); it returns zero.
    @inlinable
    public func force<V: SpringVector>(target: V, position: V, velocity: V) -> V {
        if isInstantaneous { return .zero }
        return V.combine(-stiffness, position - target, -dampingCoefficient, velocity)
    }

    /// The acceleration of a mass at `position` moving with `velocity`: ``force(target:position:velocity:)``
    /// divided by ``mass``, computed as `−ω²·(position − target) − 2ζω·velocity`. Zero for a
    /// non-animated spring.
    @inlinable
    public func acceleration<V: SpringVector>(target: V, position: V, velocity: V) -> V {
        if isInstantaneous { return .zero }
        let twoDecay = kernel.regime == .overdamped ? kernel.rate + kernel.fastRate : 2 * kernel.rate
        return V.combine(-kernel.omegaSquared, position - target, -twoDecay, velocity)
    }
}

/// The state of a moving value: where it is and how fast it moves.
@frozen
public struct SpringState<Value: SpringVector> {
    public var position: Value
    /// In value units per second.
    public var velocity: Value

    @inlinable
    public init(position: Value, velocity: Value) {
        self.position = position
        self.velocity = velocity
    }
}

extension SpringState: Equatable where Value: Equatable {}
extension SpringState: Hashable where Value: Hashable {}
extension SpringState: Sendable where Value: Sendable {}

/// One spring motion with an arbitrary start: from `from` with `initialVelocity` toward `to`.
///
/// ```swift
/// let motion = SpringMotion(spring: Spring(dampingRatio: 0.68, response: 0.8), from: 0, to: 100)
/// motion.position(at: 0.25)      // 61.3…
/// motion.velocity(at: 0.25)      // in units per second
/// ```
@frozen
public struct SpringMotion<Value: SpringVector> {
    public var spring: Spring
    public var from: Value
    public var to: Value
    /// The velocity at time 0, in value units per second.
    public var initialVelocity: Value

    @inlinable
    public init(spring: Spring, from: Value, to: Value, initialVelocity: Value = .zero) {
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
    }

    /// The position and velocity at `time` seconds.
    /// - Precondition: as ``Spring/transition(over:)``.
    @inlinable
    public func state(at time: Double) -> SpringState<Value> {
        let (x, v) = spring.transition(over: time).apply(displacement: from - to, velocity: initialVelocity)
        return SpringState(position: to + x, velocity: v)
    }

    /// The position at `time` seconds.
    @inlinable
    public func position(at time: Double) -> Value {
        let m = spring.transition(over: time)
        return to + Value.combine(m.positionFromPosition, from - to, m.positionFromVelocity, initialVelocity)
    }

    /// The velocity at `time` seconds, in value units per second.
    @inlinable
    public func velocity(at time: Double) -> Value {
        let m = spring.transition(over: time)
        return Value.combine(m.velocityFromPosition, from - to, m.velocityFromVelocity, initialVelocity)
    }

    /// The acceleration at `time` seconds, in value units per second².
    @inlinable
    public func acceleration(at time: Double) -> Value {
        let s = state(at: time)
        return spring.acceleration(target: to, position: s.position, velocity: s.velocity)
    }
}

extension SpringMotion: Equatable where Value: Equatable {}
extension SpringMotion: Hashable where Value: Hashable {}
extension SpringMotion: Sendable where Value: Sendable {}

extension SpringMotion where Value == Double {
    /// The exact settle time of this motion for a `tolerance` given as a fraction of the travel
    /// `|to − from|`: the last time the motion is at least `tolerance × travel` from its target, in
    /// seconds. When there is no travel (a pure fling), `tolerance` is read as a band in value units.
    ///
    /// 0.9's spelling: 1.0 has one settle entry point, ``Spring/settleTime(displacement:velocity:within:)``.
    @available(
        *, deprecated,
        message:
            "use spring.settleTime(displacement: from - to, velocity: initialVelocity, within: SettleBand(distance: tolerance * abs(to - from)))"
    )
    public func settleTime(tolerance: Double = Spring.defaultSettleTolerance) -> Double {
        let travel = Swift.abs(to - from)
        return spring.settleTime(
            displacement: from - to, velocity: initialVelocity,
            within: SettleBand(distance: tolerance * (travel > 0 ? travel : 1)))
    }
}
