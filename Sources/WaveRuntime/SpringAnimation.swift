import SpringMath

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
/// var step: SpringAnimation<Double>.Step = []
/// repeat {
///     step = animation.advance(by: 1.0 / 60)
///     print(animation.value)
/// } while !step.contains(.finished)
/// ```
///
/// Stepping uses SpringMath's exact solution by default, so the motion is the same at every frame
/// rate and a long frame (a 10-second hitch) simply moves it further along the same curve. The finish
/// is exact too (see ``RestThreshold``).
public struct SpringAnimation<Value: SpringVector> {
    /// What one call to ``SpringAnimation/advance(by:)`` did.
    public typealias Step = AnimationStep

    var springReference: SpringReference {
        didSet { motion.motionChanged(springReference.spring, visibleChange: visibleChange) }
    }
    /// The minimum visible change of ``restThreshold``, or NaN for `.automatic` (an enum with a payload
    /// would take 16 bytes).
    private var visibleChange: Double
    /// The state machine itself (shared with the animators' stores).
    var motion: MotionState<Value>

    /// The current value.
    public internal(set) var value: Value {
        get { motion.value }
        set { motion.value = newValue }
    }
    /// Where the value is going. Set it with ``retarget(to:)``.
    public var target: Value { motion.target }
    /// Seconds of start delay still to elapse (0 when not waiting).
    public var remainingDelay: Double { motion.remainingDelay }
    /// When the motion counts as settled.
    public var restThreshold: RestThreshold {
        get { RestThreshold(visibleChange: visibleChange) }
        set {
            visibleChange = newValue.visibleChange
            motion.motionChanged(spring, visibleChange: visibleChange)
        }
    }
    /// The velocity the target moves at, in value units per second (zero: a fixed target). While it is
    /// not zero, each step moves the target on by it and the value chases it exactly, the same at every
    /// step size; the run does not finish until it is zero again (see
    /// ``SpringAnimator/targetVelocity``).
    public var targetVelocity: Value = .zero {
        didSet { motion.motionChanged(spring, visibleChange: visibleChange) }
    }
    /// Whether the value follows the spring or jumps.
    public var mode: AnimationMode {
        get { motion.mode }
        set { motion.mode = newValue }
    }
    /// How the value is stepped: `SpringIntegrator.exact` (default), or a numeric integrator such as
    /// Wave's `SpringIntegrator.semiImplicitEuler` for comparison (which depends on the frame rate
    /// and can diverge on long frames).
    public var integrator: SpringIntegrator {
        get { motion.integrator }
        set {
            guard newValue != motion.integrator else { return }
            motion.integrator = newValue
            motion.motionChanged(spring, visibleChange: visibleChange)
        }
    }
    /// Where the animation is in its life (see ``AnimationState``).
    public var state: AnimationState { motion.state }
    /// Whether ``start(afterDelay:)`` was called and the delay has not yet elapsed.
    public var isWaitingToStart: Bool { motion.isWaitingToStart }
    /// Whether the latest run has ended (finished, stopped or interrupted) and no new one has started.
    public var hasEnded: Bool { motion.hasEnded }

    /// - Parameters:
    ///   - spring: the spring that moves the value.
    ///   - value: where the value starts.
    ///   - target: where it goes (defaults to `value`).
    ///   - velocity: the initial velocity, value units per second.
    ///   - mode: whether the value follows the spring or jumps.
    ///   - integrator: how the value is stepped (exact by default).
    ///   - restThreshold: when the motion counts as settled.
    public init(
        spring: Spring, value: Value, target: Value? = nil, velocity: Value = .zero,
        mode: AnimationMode = .animated, integrator: SpringIntegrator = .exact,
        restThreshold: RestThreshold = .automatic
    ) {
        self.init(
            springReference: SpringReference(spring), value: value, target: target ?? value, velocity: velocity,
            mode: mode, integrator: integrator, restThreshold: restThreshold)
    }

    init(
        springReference: SpringReference, value: Value, target: Value, velocity: Value,
        mode: AnimationMode, integrator: SpringIntegrator, restThreshold: RestThreshold
    ) {
        self.springReference = springReference
        self.visibleChange = restThreshold.visibleChange
        self.motion = MotionState(value: value, target: target, velocity: velocity, mode: mode, integrator: integrator)
        motion.motionChanged(springReference.spring, visibleChange: visibleChange)
    }

    /// The spring that moves the value. Changing it mid-flight keeps position and velocity.
    public var spring: Spring {
        get { springReference.spring }
        set { springReference = SpringReference(newValue) }
    }

    /// The current velocity, in value units per second. Set it before starting (or mid-flight) to
    /// inject a gesture's velocity.
    public var velocity: Value {
        get { motion.velocity }
        set {
            motion.velocity = newValue
            motion.motionChanged(spring, visibleChange: visibleChange)
        }
    }

    /// Whether the value jumps rather than animates (non-animated mode or a response-0 spring).
    public var isNonAnimated: Bool { motion.isNonAnimated(spring) }

    // MARK: Control

    /// Starts a run after `delay` seconds of advancing (0: on the next step).
    ///
    /// Does nothing while running or already waiting. Starting after a run has ended begins a new run.
    /// - Precondition: `delay` is finite and ≥ 0.
    public mutating func start(afterDelay delay: Double = 0) {
        motion.start(afterDelay: delay)
    }

    /// Changes the target. While running, position and velocity are kept and the change is returned as
    /// a `.retargeted` event; otherwise the target is only set. Setting the current target is a no-op.
    @discardableResult
    public mutating func retarget(to newTarget: Value) -> AnimationEvent<Value>? {
        motion.retarget(to: newTarget, spring: spring, visibleChange: visibleChange)
    }

    /// Sets the value directly, keeping the velocity (use while not running, or to jump mid-flight).
    public mutating func setValue(_ newValue: Value) {
        motion.value = newValue
        motion.motionChanged(spring, visibleChange: visibleChange)
    }

    /// Stops the run. Immediately: it ends where it is and returns `.finished(at:)` with that value.
    /// Otherwise: it retargets to the current value (returning `.retargeted`) and comes to rest there.
    /// A run still waiting out its delay ends where it is either way. Does nothing (returns nil) when
    /// neither running nor waiting.
    ///
    /// An immediate stop leaves the state `.ended` until ``settleEndedState()`` or the next step.
    @discardableResult
    public mutating func stop(immediately: Bool = true) -> AnimationEvent<Value>? {
        motion.stop(immediately: immediately, spring: spring, visibleChange: visibleChange)
    }

    /// Ends the run where it is without an event (its controller was torn down). Starting it again
    /// begins a new run.
    public mutating func interrupt() {
        motion.interrupt()
    }

    /// Moves an `.ended` state on to `.inactive`: the frame on which the run ended has been delivered.
    /// ``advance(by:)`` does this itself at the start of the next step.
    public mutating func settleEndedState() {
        motion.settleEndedState()
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
        motion.advance(
            by: deltaTime, transition: transition, spring: springReference.spring, visibleChange: visibleChange,
            targetVelocity: targetVelocity)
    }

    /// The exact time from the current state until the motion stays inside the rest band for good,
    /// in distance and in speed (the band × ω₀). NaN when the motion is too large to plan.
    var remainingSettleTime: Double {
        if targetVelocity != .zero && (state == .running || isWaitingToStart) { return .infinity }
        return motion.remainingSettleTime(spring, visibleChange: visibleChange)
    }
}

extension SpringAnimation: Sendable where Value: Sendable {}
