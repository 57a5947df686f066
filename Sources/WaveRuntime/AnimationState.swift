import SpringMath

/// Whether an animation moves its value with the spring or jumps to the target.
public enum AnimationMode: Hashable, Sendable {
    /// The value follows the spring.
    case animated
    /// The value jumps to the target on the next frame, its velocity becomes zero and the animation
    /// finishes on that frame. A spring with response 0 behaves this way in either mode.
    case nonAnimated
}

/// Where an animation is in its life.
public enum AnimationState: Hashable, Sendable {
    /// Not started, or started with a delay that has not yet elapsed.
    case inactive
    /// Moving toward its target.
    case running
    /// Finished or stopped. Starting it again begins a new run.
    case ended
}

/// What an animation reports to its completion handler.
public enum AnimationEvent<Value> {
    /// The run ended: it came to rest at `at` (exactly the target), or was stopped there.
    case finished(at: Value)
    /// The target changed while running; the motion continues toward `to` with position and velocity kept.
    case retargeted(from: Value, to: Value)
}

extension AnimationEvent: Equatable where Value: Equatable {}
extension AnimationEvent: Hashable where Value: Hashable {}
extension AnimationEvent: Sendable where Value: Sendable {}

/// When a running animation counts as settled.
///
/// Finishing is decided by the state of the motion, never by elapsed time: the distance to the
/// target and the speed must both be under their thresholds, and then the value is set exactly to
/// the target. The thresholds follow Android's "minimum visible change": with `m` the smallest change
/// worth drawing (in value units), the distance threshold is `0.75·m` and the speed threshold
/// `62.5 × 0.75·m` per second (less than one threshold per 16 ms frame).
public enum RestThreshold: Hashable, Sendable {
    /// `m` is a thousandth of the motion's scale at its start or latest retarget: the larger of the
    /// distance to the target and the distance the initial velocity would cover in one response.
    case automatic
    /// `m` is the given amount, in value units: 1 for pixels, 1/256 for an opacity, 0.5 for points on
    /// a 2× screen.
    case minimumVisibleChange(Double)

    static let distanceFactor = 0.75
    static let speedFactor = 62.5 * 0.75
    static let automaticFraction = 1e-3
}

/// What one call to ``SpringAnimation/advance(by:)`` did.
public struct AnimationStep: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The start delay elapsed during this step: the animation began.
    public static let began = AnimationStep(rawValue: 1)
    /// The value changed (or was written).
    public static let moved = AnimationStep(rawValue: 2)
    /// The run ended during this step; the value is exactly the target.
    public static let finished = AnimationStep(rawValue: 4)
}

/// An immutable spring shared by animations that use the same one (see ``AnimationController``).
final class SpringReference: Sendable {
    let spring: Spring
    init(_ spring: Spring) { self.spring = spring }
}

/// The pure state machine under every animator: one spring-driven value, advanced by time steps.
///
/// It knows nothing of clocks, callbacks or the main actor. `advance(by:)` moves it and returns what
/// happened; ``SpringAnimator`` turns those results into callbacks. Tests, offline renderers and the
/// command-line tool can drive it directly:
///
/// ```swift
/// var animation = SpringAnimation(spring: .bouncy, value: 0.0, target: 100.0)
/// animation.start()
/// while animation.state != .ended {
///     let step = animation.advance(by: 1.0 / 60)
///     print(animation.value, step.contains(.finished))
/// }
/// ```
///
/// Stepping uses SpringMath's exact solution by default, so the motion is the same at every frame
/// rate and a long frame (a 10-second hitch) simply moves it further along the same curve.
public struct SpringAnimation<Value: SpringVector> {
    /// What one call to ``SpringAnimation/advance(by:)`` did.
    public typealias Step = AnimationStep

    var springReference: SpringReference
    /// The current value.
    public internal(set) var value: Value
    /// The current velocity, in value units per second. Set it before starting to inject a gesture's
    /// velocity.
    public var velocity: Value
    /// Where the value is going. Set it with ``retarget(to:)``.
    public private(set) var target: Value
    // Rest thresholds; Float is plenty for a threshold and keeps animators small.
    var restDistance: Float
    var restSpeed: Float
    /// Seconds of start delay still to elapse (0 when not waiting).
    public private(set) var remainingDelay: Double
    /// When the motion counts as settled.
    public var restThreshold: RestThreshold {
        didSet { updateThresholds() }
    }
    /// Whether the value follows the spring or jumps.
    public var mode: AnimationMode
    /// How the value is stepped: ``SpringIntegrator/exact`` (default), or a numeric integrator such as
    /// Wave's ``SpringIntegrator/semiImplicitEuler`` for comparison (which depends on the frame rate
    /// and can diverge on long frames).
    public var integrator: SpringIntegrator
    /// Where the animation is in its life.
    public private(set) var state: AnimationState
    /// Whether ``start(afterDelay:)`` was called and the delay has not yet elapsed.
    public private(set) var isWaitingToStart: Bool

    /// - Parameters:
    ///   - spring: the spring that moves the value.
    ///   - value: where the value starts.
    ///   - target: where it goes (defaults to `value`).
    ///   - velocity: the initial velocity, value units per second.
    public init(spring: Spring, value: Value, target: Value? = nil, velocity: Value = .zero,
                mode: AnimationMode = .animated, integrator: SpringIntegrator = .exact,
                restThreshold: RestThreshold = .automatic) {
        self.init(springReference: SpringReference(spring), value: value, target: target ?? value, velocity: velocity,
                  mode: mode, integrator: integrator, restThreshold: restThreshold)
    }

    init(springReference: SpringReference, value: Value, target: Value, velocity: Value,
         mode: AnimationMode, integrator: SpringIntegrator, restThreshold: RestThreshold) {
        self.springReference = springReference
        self.value = value
        self.velocity = velocity
        self.target = target
        self.mode = mode
        self.integrator = integrator
        self.restThreshold = restThreshold
        self.state = .inactive
        self.remainingDelay = 0
        self.isWaitingToStart = false
        self.restDistance = 0
        self.restSpeed = 0
        updateThresholds()
    }

    /// The spring that moves the value. Changing it mid-flight keeps position and velocity.
    public var spring: Spring {
        get { springReference.spring }
        set { springReference = SpringReference(newValue) }
    }

    /// Whether the value jumps rather than animates (non-animated mode or a response-0 spring).
    public var isNonAnimated: Bool { mode == .nonAnimated || spring.isInstantaneous }

    // MARK: Control

    /// Starts a run after `delay` seconds of advancing (0: on the next step).
    ///
    /// Does nothing while running or already waiting. Starting an ended animation begins a new run.
    /// - Precondition: `delay` is finite and ≥ 0.
    public mutating func start(afterDelay delay: Double = 0) {
        precondition(delay.isFinite && delay >= 0, "delay must be finite and ≥ 0")
        guard state != .running, !isWaitingToStart else { return }
        state = .inactive
        isWaitingToStart = true
        remainingDelay = delay
        updateThresholds()
    }

    /// Changes the target. While running, position and velocity are kept and the change is returned as
    /// a `.retargeted` event; otherwise the target is only set. Setting the current target is a no-op.
    @discardableResult
    public mutating func retarget(to newTarget: Value) -> AnimationEvent<Value>? {
        guard newTarget != target else { return nil }
        let old = target
        target = newTarget
        updateThresholds()
        return state == .running ? .retargeted(from: old, to: newTarget) : nil
    }

    /// Sets the value directly, keeping the velocity (use while not running, or to jump mid-flight).
    public mutating func setValue(_ newValue: Value) {
        value = newValue
    }

    /// Stops the run. Immediately: it ends where it is and returns `.finished(at:)` with that value.
    /// Otherwise: it retargets to the current value (returning `.retargeted`) and comes to rest there.
    /// A run still waiting out its delay ends where it is either way. Does nothing (returns nil) when
    /// neither running nor waiting.
    @discardableResult
    public mutating func stop(immediately: Bool = true) -> AnimationEvent<Value>? {
        if isWaitingToStart && state != .running {
            // Stopped before it began: it never moved, so either way it ends where it is.
            isWaitingToStart = false
            remainingDelay = 0
            state = .ended
            velocity = .zero
            return .finished(at: value)
        }
        guard state == .running else { return nil }
        if immediately {
            state = .ended
            velocity = .zero
            return .finished(at: value)
        }
        return retarget(to: value)
    }

    /// Ends the run where it is without an event (its controller was torn down). Starting it again
    /// begins a new run.
    public mutating func interrupt() {
        isWaitingToStart = false
        remainingDelay = 0
        velocity = .zero
        if state == .running || state == .inactive { state = .ended }
    }

    // MARK: Advancing

    /// Advances the animation by `deltaTime` seconds and reports what happened.
    ///
    /// A start delay is consumed first; the part of the step beyond it moves the value, so delayed
    /// motion is frame-rate independent too.
    /// - Precondition: `deltaTime` is finite and ≥ 0.
    public mutating func advance(by deltaTime: Double) -> Step {
        precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
        return advance(by: deltaTime, transition: nil)
    }

    /// `advance(by:)` with the exact transition for `deltaTime` supplied by a caller that caches it
    /// (and has checked `deltaTime`).
    @inline(__always)
    mutating func advance(by deltaTime: Double, transition: TransitionMatrix?) -> Step {
        var result: Step = []
        var dt = deltaTime
        var matrix = transition
        if isWaitingToStart {
            if remainingDelay > dt {
                remainingDelay -= dt
                return []
            }
            dt -= remainingDelay
            remainingDelay = 0
            isWaitingToStart = false
            state = .running
            updateThresholds()
            result.insert(.began)
            matrix = nil  // the step is shorter than the frame
        }
        guard state == .running else { return result }
        if isNonAnimated {
            value = target
            velocity = .zero
            state = .ended
            return result.union([.moved, .finished])
        }
        if integrator == .exact {
            let m = matrix ?? springReference.spring.transition(over: dt)
            let (x, v) = m.apply(displacement: value - target, velocity: velocity)
            value = target + x
            velocity = v
        } else {
            springReference.spring.update(value: &value, velocity: &velocity, target: target, deltaTime: dt,
                                          integrator: integrator)
        }
        result.insert(.moved)
        if isAtRest {
            value = target
            velocity = .zero
            state = .ended
            result.insert(.finished)
        }
        return result
    }

    /// Whether distance and speed are both under the rest thresholds.
    var isAtRest: Bool {
        let distance = Double(restDistance), speed = Double(restSpeed)
        return (value - target).magnitudeSquared <= distance * distance
            && velocity.magnitudeSquared <= speed * speed
    }

    mutating func updateThresholds() {
        let change: Double
        switch restThreshold {
        case .minimumVisibleChange(let m):
            change = abs(m)
        case .automatic:
            let distance = (target - value).magnitude
            let reach = velocity.magnitude * max(spring.response, 1.0 / 60)
            change = RestThreshold.automaticFraction * max(distance, reach)
        }
        // Below a few ulps of the values, rounding holds the state at a fixed point a hair from the
        // target and it would never settle: the thresholds stay above that floor.
        let resolution = 8 * Swift.max(target.magnitude, value.magnitude).ulp
        let omega = spring.isInstantaneous ? 0 : spring.naturalFrequency
        let distance = Swift.max(RestThreshold.distanceFactor * change, change > 0 ? resolution : 0)
        let speed = Swift.max(RestThreshold.speedFactor * change, change > 0 ? resolution * Swift.max(omega, 1) : 0)
        // Float keeps animators small; clamp into its range so huge motions do not end at once
        // (overflow to ∞) and tiny thresholds do not become 0.
        func clamped(_ x: Double) -> Float {
            if x == 0 { return 0 }
            return Float(Swift.min(Swift.max(x, Double(Float.leastNonzeroMagnitude)), Double(Float.greatestFiniteMagnitude)))
        }
        restDistance = clamped(distance)
        restSpeed = clamped(speed)
    }
}

extension SpringAnimation: Sendable where Value: Sendable {}
