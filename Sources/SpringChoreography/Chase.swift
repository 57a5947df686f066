import SpringMath

/// A spring motion toward a target that moves at a constant velocity: the target is at
/// `to + targetVelocity·t` at time t (seconds), and the value starts at `from` with
/// `initialVelocity`.
///
/// This is the exact limit of retargeting a spring every frame as the frames get shorter: the motion
/// solves m·x'' = k·(T(t) − x) − c·x' in closed form, so it does not depend on any frame rate. Once
/// the start has died out, the value trails the target by the steady ``lag``, c·V/k, and moves at
/// the target's velocity.
///
/// ```swift
/// let chase = SpringChase(spring: Spring(dampingRatio: 1, response: 0.3), from: 0.0, to: 0.0, targetVelocity: 500.0)
/// chase.lag                       // 47.7…: a critically damped spring trails a 500/s target by ζ·response/π·V
/// chase.position(at: 2)           // 952.25…: 1000 − the lag, long after the start
/// ```
@frozen
public struct SpringChase<Value: SpringVector> {
    public var spring: Spring
    public var from: Value
    /// Where the target is at time 0.
    public var to: Value
    /// The target's velocity, in value units per second.
    public var targetVelocity: Value
    /// The value's velocity at time 0, in value units per second.
    public var initialVelocity: Value

    @inlinable
    public init(spring: Spring, from: Value, to: Value, targetVelocity: Value, initialVelocity: Value = .zero) {
        self.spring = spring
        self.from = from
        self.to = to
        self.targetVelocity = targetVelocity
        self.initialVelocity = initialVelocity
    }

    /// How long the value trails the target in steady motion, in seconds: c/k = 2ζ/ω₀ = ζ·response/π
    /// (0 for a spring with response 0, which follows the target exactly).
    @inlinable
    public var lagTime: Double { spring.dampingRatio * spring.response / Double.pi }

    /// How far the value trails the target in steady motion: ``lagTime`` × the target's velocity.
    @inlinable
    public var lag: Value { targetVelocity.scaled(by: lagTime) }

    /// Where the target is at `time`.
    @inlinable
    public func target(at time: Double) -> Value {
        to + targetVelocity.scaled(by: time)
    }

    /// The difference from the steady trailing path (the target less ``lag``) is a free spring
    /// motion toward zero: this is it.
    @inlinable
    public var transient: SpringMotion<Value> {
        SpringMotion(
            spring: spring, from: from - (to - lag), to: .zero, initialVelocity: initialVelocity - targetVelocity)
    }

    /// The position and velocity at `time` seconds.
    /// - Precondition: as SpringMath's `Spring.transition(over:)`.
    @inlinable
    public func state(at time: Double) -> SpringState<Value> {
        let free = transient.state(at: time)
        return SpringState(position: target(at: time) - lag + free.position, velocity: targetVelocity + free.velocity)
    }

    /// The position at `time` seconds.
    @inlinable
    public func position(at time: Double) -> Value { state(at: time).position }

    /// The velocity at `time` seconds, in value units per second.
    @inlinable
    public func velocity(at time: Double) -> Value { state(at: time).velocity }
}

extension SpringChase: Equatable where Value: Equatable {}
extension SpringChase: Hashable where Value: Hashable {}
extension SpringChase: Sendable where Value: Sendable {}

extension SpringChase where Value == Double {
    /// The last time the value is at least `band.distance` from its steady trailing path (the target
    /// less the lag), or moves at least `band.speed` faster or slower than it: when the chase has
    /// settled into following. 0 when it never leaves the band, `+∞` for an undamped spring that moves
    /// relative to the path.
    /// - Precondition: as SpringMath's `Spring.settleTime(displacement:velocity:within:)`.
    public func settleTime(within band: SettleBand) -> Double {
        spring.settleTime(displacement: transient.from, velocity: transient.initialVelocity, within: band)
    }

    /// 0.9's spelling of ``settleTime(within:)`` with a band on the distance alone.
    @available(*, deprecated, message: "use settleTime(within: SettleBand(distance: band))")
    public func settleTime(band: Double) -> Double { settleTime(within: SettleBand(distance: band)) }
}

/// A target that moves along straight segments between points (time, position), at rest before the
/// first point and after the last: a finger's or a scroll position's samples, say. A spring follows
/// it exactly by composing ``SpringChase`` segment by segment, each starting from the previous one's
/// state.
public struct TargetPath: Sendable, Equatable {
    /// The points, in increasing time.
    public let points: [(time: Double, position: Double)]

    /// - Precondition: at least one point; times finite and strictly increasing; positions finite.
    public init(_ points: [(time: Double, position: Double)]) {
        precondition(!points.isEmpty, "a target path needs at least one point")
        precondition(
            points.allSatisfy { $0.time.isFinite && $0.position.isFinite }, "times and positions must be finite")
        precondition(zip(points, points.dropFirst()).allSatisfy { $0.time < $1.time }, "times must increase")
        self.points = points
    }

    public static func == (a: TargetPath, b: TargetPath) -> Bool {
        a.points.count == b.points.count
            && zip(a.points, b.points).allSatisfy { $0.time == $1.time && $0.position == $1.position }
    }

    /// The target's position at `time`.
    public func position(at time: Double) -> Double {
        let (start, velocity, from) = segment(containing: time)
        return from + velocity * (time - start)
    }

    /// The segment that holds `time`: its start time, the target's velocity on it and the target's
    /// position at its start.
    func segment(containing time: Double) -> (start: Double, velocity: Double, position: Double) {
        if time < points[0].time { return (-.infinity, 0, points[0].position) }
        var index = 0
        while index + 1 < points.count && points[index + 1].time <= time { index += 1 }
        guard index + 1 < points.count else { return (points[index].time, 0, points[index].position) }
        let a = points[index], b = points[index + 1]
        return (a.time, (b.position - a.position) / (b.time - a.time), a.position)
    }
}

extension Spring {
    /// The exact state at `time` of this spring chasing `path`, starting at time 0 from `from` with
    /// `initialVelocity`: each segment of the path is a ``SpringChase`` from the state the previous
    /// one reached.
    /// - Precondition: `time` ≥ 0 and finite; as SpringMath's `Spring.transition(over:)`.
    public func chase(_ path: TargetPath, from: Double, initialVelocity: Double = 0, at time: Double) -> SpringState<
        Double
    > {
        precondition(time.isFinite && time >= 0, "time must be finite and ≥ 0")
        var state = SpringState(position: from, velocity: initialVelocity)
        var clock = 0.0
        // The segment boundaries after time 0, up to `time`.
        let kinks = path.points.map(\.time).filter { $0 > 0 && $0 < time }
        for end in kinks + [time] {
            let segment = path.segment(containing: clock)
            let target =
                segment.position + segment.velocity * (clock - (segment.start.isFinite ? segment.start : clock))
            let chase = SpringChase(
                spring: self, from: state.position, to: target, targetVelocity: segment.velocity,
                initialVelocity: state.velocity)
            state = chase.state(at: end - clock)
            clock = end
        }
        return state
    }
}
