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
        didSet { motionChanged() }
    }
    /// The current value.
    public internal(set) var value: Value
    private var currentVelocity: Value
    /// Where the value is going. Set it with ``retarget(to:)``.
    public private(set) var target: Value
    /// One countdown, two uses (one field keeps animators small): while waiting to start, the seconds
    /// of delay left; while running with exact stepping, the seconds of motion left until the exact
    /// motion stays inside the rest band for good. The latter is computed when the motion changes
    /// (start, retarget, value, velocity, spring), never per frame; it is NaN when the motion is too
    /// large to plan (its squared size overflows) and the state test decides.
    private var countdown: Double
    // Rest thresholds; Float is plenty for a threshold and keeps animators small.
    var restDistance: Float
    var restSpeed: Float
    /// Seconds of start delay still to elapse (0 when not waiting).
    public var remainingDelay: Double { isWaitingToStart ? countdown : 0 }
    /// The minimum visible change of ``restThreshold``, or NaN for `.automatic` (an enum with a payload
    /// would take 16 bytes).
    private var visibleChange: Double
    /// When the motion counts as settled.
    public var restThreshold: RestThreshold {
        get { visibleChange.isNaN ? .automatic : .minimumVisibleChange(visibleChange) }
        set {
            switch newValue {
            case .automatic: visibleChange = .nan
            case .minimumVisibleChange(let m): visibleChange = m.isNaN ? 0 : abs(m)
            }
            motionChanged()
        }
    }
    /// Whether the value follows the spring or jumps.
    public var mode: AnimationMode
    /// How the value is stepped: `SpringIntegrator.exact` (default), or a numeric integrator such as
    /// Wave's `SpringIntegrator.semiImplicitEuler` for comparison (which depends on the frame rate
    /// and can diverge on long frames).
    public var integrator: SpringIntegrator {
        didSet { if integrator != oldValue { motionChanged() } }
    }
    /// Where the animation is in its life (see ``AnimationState``).
    public private(set) var state: AnimationState
    /// Whether ``start(afterDelay:)`` was called and the delay has not yet elapsed.
    public private(set) var isWaitingToStart: Bool
    /// Whether the latest run has ended (finished, stopped or interrupted) and no new one has started.
    public private(set) var hasEnded: Bool

    /// - Parameters:
    ///   - spring: the spring that moves the value.
    ///   - value: where the value starts.
    ///   - target: where it goes (defaults to `value`).
    ///   - velocity: the initial velocity, value units per second.
    ///   - mode: whether the value follows the spring or jumps.
    ///   - integrator: how the value is stepped (exact by default).
    ///   - restThreshold: when the motion counts as settled.
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
        self.currentVelocity = velocity
        self.target = target
        self.mode = mode
        self.integrator = integrator
        switch restThreshold {
        case .automatic: self.visibleChange = .nan
        case .minimumVisibleChange(let m): self.visibleChange = m.isNaN ? 0 : abs(m)
        }
        self.state = .inactive
        self.isWaitingToStart = false
        self.hasEnded = false
        self.restDistance = 0
        self.restSpeed = 0
        self.countdown = 0
        motionChanged()
    }

    /// The spring that moves the value. Changing it mid-flight keeps position and velocity.
    public var spring: Spring {
        get { springReference.spring }
        set { springReference = SpringReference(newValue) }
    }

    /// The current velocity, in value units per second. Set it before starting (or mid-flight) to
    /// inject a gesture's velocity.
    public var velocity: Value {
        get { currentVelocity }
        set {
            currentVelocity = newValue
            motionChanged()
        }
    }

    /// Whether the value jumps rather than animates (non-animated mode or a response-0 spring).
    public var isNonAnimated: Bool { mode == .nonAnimated || spring.isInstantaneous }

    // MARK: Control

    /// Starts a run after `delay` seconds of advancing (0: on the next step).
    ///
    /// Does nothing while running or already waiting. Starting after a run has ended begins a new run.
    /// - Precondition: `delay` is finite and ≥ 0.
    public mutating func start(afterDelay delay: Double = 0) {
        precondition(delay.isFinite && delay >= 0, "delay must be finite and ≥ 0")
        guard state != .running, !isWaitingToStart else { return }
        state = .inactive
        hasEnded = false
        isWaitingToStart = true
        motionChanged()
        countdown = delay
    }

    /// Changes the target. While running, position and velocity are kept and the change is returned as
    /// a `.retargeted` event; otherwise the target is only set. Setting the current target is a no-op.
    @discardableResult
    public mutating func retarget(to newTarget: Value) -> AnimationEvent<Value>? {
        guard newTarget != target else { return nil }
        let old = target
        target = newTarget
        motionChanged()
        return state == .running ? .retargeted(from: old, to: newTarget) : nil
    }

    /// Sets the value directly, keeping the velocity (use while not running, or to jump mid-flight).
    public mutating func setValue(_ newValue: Value) {
        value = newValue
        motionChanged()
    }

    /// Stops the run. Immediately: it ends where it is and returns `.finished(at:)` with that value.
    /// Otherwise: it retargets to the current value (returning `.retargeted`) and comes to rest there.
    /// A run still waiting out its delay ends where it is either way. Does nothing (returns nil) when
    /// neither running nor waiting.
    ///
    /// An immediate stop leaves the state `.ended` until ``settleEndedState()`` or the next step.
    @discardableResult
    public mutating func stop(immediately: Bool = true) -> AnimationEvent<Value>? {
        if isWaitingToStart && state != .running {
            // Stopped before it began: it never moved, so either way it ends where it is.
            isWaitingToStart = false
            countdown = 0
            end()
            currentVelocity = .zero
            return .finished(at: value)
        }
        guard state == .running else { return nil }
        if immediately {
            end()
            currentVelocity = .zero
            return .finished(at: value)
        }
        return retarget(to: value)
    }

    /// Ends the run where it is without an event (its controller was torn down). Starting it again
    /// begins a new run.
    public mutating func interrupt() {
        let wasActive = state == .running || isWaitingToStart
        isWaitingToStart = false
        countdown = 0
        currentVelocity = .zero
        if wasActive { hasEnded = true }
        state = .inactive
    }

    /// Moves an `.ended` state on to `.inactive`: the frame on which the run ended has been delivered.
    /// ``advance(by:)`` does this itself at the start of the next step.
    public mutating func settleEndedState() {
        if state == .ended { state = .inactive }
    }

    private mutating func end() {
        state = .ended
        hasEnded = true
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
        if state == .ended { state = .inactive }
        var result: Step = []
        var dt = deltaTime
        var matrix = transition
        if isWaitingToStart {
            if countdown > dt {
                countdown -= dt
                return []
            }
            dt -= countdown
            countdown = 0
            isWaitingToStart = false
            state = .running
            motionChanged()
            result.insert(.began)
            matrix = nil  // the step is shorter than the frame
        }
        guard state == .running else { return result }
        if isNonAnimated {
            value = target
            currentVelocity = .zero
            end()
            return result.union([.moved, .finished])
        }
        let finished: Bool
        if integrator == .exact {
            let m = matrix ?? springReference.spring.transition(over: dt)
            let (x, v) = m.apply(displacement: value - target, velocity: currentVelocity)
            value = target + x
            currentVelocity = v
            countdown -= dt
            // NaN: the motion was too large to plan exactly (see motionChanged); use the state test.
            finished = countdown <= 0 || (countdown.isNaN && isAtRest)
        } else {
            springReference.spring.advance(value: &value, velocity: &currentVelocity, target: target, by: dt,
                                           integrator: integrator)
            finished = isAtRest
        }
        result.insert(.moved)
        if finished {
            value = target
            currentVelocity = .zero
            end()
            result.insert(.finished)
        }
        return result
    }

    /// Whether distance and speed are both under the rest thresholds (the numeric integrators' test).
    var isAtRest: Bool {
        let distance = Double(restDistance), speed = Double(restSpeed)
        return (value - target).magnitudeSquared <= distance * distance
            && currentVelocity.magnitudeSquared <= speed * speed
    }

    /// The motion from here changed: recompute the rest thresholds and, for exact stepping, the time
    /// until the motion stays inside the rest band for good.
    mutating func motionChanged() {
        let motion = OneDimensionalParts(offset: value - target, velocity: currentVelocity)
        let thresholds = motion.restThresholds(springReference.spring, visibleChange: visibleChange,
                                               magnitude: Swift.max(target.magnitude, value.magnitude))
        restDistance = thresholds.distance
        restSpeed = thresholds.speed
        // While waiting out a delay the countdown is the delay; the plan is made when the run begins.
        if !isWaitingToStart {
            countdown = integrator == .exact ? remainingSettleTime : .infinity
        }
    }

    /// The exact time from the current state until the motion stays inside the rest band for good,
    /// in distance and in speed (the band × ω₀). NaN when the motion is too large to plan.
    var remainingSettleTime: Double {
        let spring = springReference.spring
        let omega = spring.isInstantaneous ? 0 : spring.naturalFrequency
        let band = Double(restDistance)
        return OneDimensionalParts(offset: value - target, velocity: currentVelocity)
            .settleTime(spring, band: band, speedBand: band * omega)
    }
}

extension SpringAnimation: Sendable where Value: Sendable {}
