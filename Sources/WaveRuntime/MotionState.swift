import SpringChoreography
import SpringMath

/// The state machine under every animation, without its spring: one value moved by time steps.
///
/// ``SpringAnimation`` wraps one with its spring for standalone use; an animator store keeps one per
/// animator in contiguous memory and passes the spring in. Kept to 40 bytes for `Double`: the three
/// values, one countdown that serves three uses, four one-byte fields and the store's spring index.
struct MotionState<Value: SpringVector> {
    /// The current value.
    var value: Value
    /// The velocity, value units per second.
    var velocity: Value
    /// Where the value is going.
    var target: Value
    /// One eight-byte field, three uses (one field keeps animators small):
    /// - while waiting to start: the seconds of delay left;
    /// - while running with exact stepping: the seconds of motion left until the exact motion stays
    ///   inside the rest band for good (planned when the motion changes, never per frame);
    /// - when the finish is decided by the state test (numeric integrators, or a motion too large to
    ///   plan): the two rest thresholds, distance and speed, as Floats (`Flags.stateTest`).
    var countdown: Double
    var state: AnimationState
    var mode: AnimationMode
    var integrator: SpringIntegrator
    var flags: MotionFlags
    /// The spring's index in the owning store's table (unused by a standalone ``SpringAnimation``).
    var springIndex: UInt32

    init(
        value: Value, target: Value, velocity: Value, mode: AnimationMode, integrator: SpringIntegrator,
        springIndex: UInt32 = 0
    ) {
        self.value = value
        self.velocity = velocity
        self.target = target
        self.countdown = 0
        self.state = .inactive
        self.mode = mode
        self.integrator = integrator
        self.flags = []
        self.springIndex = springIndex
    }

    var isWaitingToStart: Bool { flags.contains(.waiting) }
    var hasEnded: Bool { flags.contains(.hasEnded) }
    /// Seconds of start delay still to elapse (0 when not waiting).
    var remainingDelay: Double { isWaitingToStart ? countdown : 0 }

    /// Whether the value jumps rather than animates (non-animated mode or a response-0 spring).
    func isNonAnimated(_ spring: Spring) -> Bool { mode == .nonAnimated || spring.isInstantaneous }

    // MARK: Control

    /// How far past a frame's end a delay may reach and still begin on that frame, in seconds: the
    /// rounding that adding frame times up gathers, far below any frame.
    static var delaySlack: Double { 1e-9 }

    /// See ``SpringAnimation/start(afterDelay:)``.
    mutating func start(afterDelay delay: Double) {
        precondition(delay.isFinite && delay >= 0, "delay must be finite and ≥ 0")
        guard state != .running, !isWaitingToStart else { return }
        state = .inactive
        flags.remove([.hasEnded, .stateTest])
        flags.insert(.waiting)
        countdown = delay
    }

    /// See ``SpringAnimation/retarget(to:)``.
    mutating func retarget(to newTarget: Value, spring: Spring, visibleChange: Double) -> AnimationEvent<Value>? {
        guard newTarget != target else { return nil }
        let old = target
        target = newTarget
        motionChanged(spring, visibleChange: visibleChange)
        return state == .running ? .retargeted(from: old, to: newTarget) : nil
    }

    /// See ``SpringAnimation/stop(immediately:)``.
    mutating func stop(immediately: Bool, spring: Spring, visibleChange: Double) -> AnimationEvent<Value>? {
        if isWaitingToStart && state != .running {
            // Stopped before it began: it never moved, so either way it ends where it is.
            flags.remove(.waiting)
            countdown = 0
            end()
            velocity = .zero
            return .finished(at: value)
        }
        guard state == .running else { return nil }
        if immediately {
            end()
            velocity = .zero
            return .finished(at: value)
        }
        return retarget(to: value, spring: spring, visibleChange: visibleChange)
    }

    /// See ``SpringAnimation/interrupt()``.
    mutating func interrupt() {
        let wasActive = state == .running || isWaitingToStart
        flags.remove([.waiting, .stateTest])
        countdown = 0
        velocity = .zero
        if wasActive { flags.insert(.hasEnded) }
        state = .inactive
    }

    /// Moves an `.ended` state on to `.inactive`.
    mutating func settleEndedState() {
        if state == .ended { state = .inactive }
    }

    private mutating func end() {
        state = .ended
        flags.insert(.hasEnded)
    }

    // MARK: Advancing

    /// One step of `deltaTime` seconds; `transition` is the exact transition for the whole step when
    /// the caller has it cached. See ``SpringAnimation/advance(by:)``.
    /// `targetVelocity`, when given and not zero, moves the target at that velocity while the motion
    /// runs (see ``advanceChasing(by:transition:spring:targetVelocity:)``).
    @inline(__always)
    mutating func advance(
        by deltaTime: Double, transition: TransitionMatrix?, spring: Spring,
        visibleChange: @autoclosure () -> Double, targetVelocity: Value? = nil
    ) -> AnimationStep {
        if state == .ended { state = .inactive }
        var result: AnimationStep = []
        var dt = deltaTime
        var matrix = transition
        if isWaitingToStart {
            // A delay counted down frame by frame gathers rounding: 0.1 − 5 × (1/60) is 2e-17 more than
            // 1/60. Within a nanosecond the delay ends on this frame, the one that contains its end.
            if countdown > dt + MotionState.delaySlack {
                countdown -= dt
                return []
            }
            dt = Swift.max(0, dt - countdown)
            countdown = 0
            flags.remove(.waiting)
            state = .running
            motionChanged(spring, visibleChange: visibleChange())
            result.insert(.began)
            matrix = nil  // the step is shorter than the frame
        }
        guard state == .running else { return result }
        if let targetVelocity, targetVelocity != .zero {
            advanceChasing(by: dt, transition: matrix, spring: spring, targetVelocity: targetVelocity)
            return result.union(.moved)
        }
        if isNonAnimated(spring) {
            value = target
            velocity = .zero
            end()
            return result.union([.moved, .finished])
        }
        let finished: Bool
        if integrator == .exact {
            finished = moveExactly(matrix ?? spring.transition(over: dt), by: dt)
        } else {
            spring.advance(value: &value, velocity: &velocity, target: target, by: dt, integrator: integrator)
            finished = isAtRest
        }
        result.insert(.moved)
        if finished {
            finish()
            result.insert(.finished)
        }
        return result
    }

    /// One step of `deltaTime` seconds while the target moves at `targetVelocity` (not zero): the run
    /// does not finish, since the target keeps moving.
    ///
    /// Exact stepping follows the closed form of a spring chasing a target at constant velocity (see
    /// `SpringChase`): the difference from the steady trailing path (the target less the lag
    /// `targetVelocity`·ζ·response/π) and the difference from the target's velocity move as a free
    /// spring toward zero, so the motion is the same at every frame rate. A numeric integrator moves the
    /// target first and then takes its step toward it: retargeting every frame. Non-animated mode
    /// keeps the value on the moving target.
    mutating func advanceChasing(
        by deltaTime: Double, transition: TransitionMatrix?, spring: Spring,
        targetVelocity: Value
    ) {
        if isNonAnimated(spring) {
            target = target + targetVelocity.scaled(by: deltaTime)
            value = target
            velocity = targetVelocity
            return
        }
        if integrator == .exact {
            let lag = targetVelocity.scaled(by: spring.dampingRatio * spring.response / Double.pi)
            let step = transition ?? spring.transition(over: deltaTime)
            let (offset, relativeVelocity) = step.apply(
                displacement: value - (target - lag),
                velocity: velocity - targetVelocity)
            target = target + targetVelocity.scaled(by: deltaTime)
            value = target - lag + offset
            velocity = targetVelocity + relativeVelocity
        } else {
            target = target + targetVelocity.scaled(by: deltaTime)
            spring.advance(value: &value, velocity: &velocity, target: target, by: deltaTime, integrator: integrator)
        }
    }

    /// Whether a step of a running, animated, exactly stepped motion can take ``moveExactly(_:by:)``
    /// alone (nothing else in `advance` applies): the store's fast path.
    var isPlainExactStep: Bool {
        flags == .scheduled && state == .running && mode == .animated && integrator == .exact
    }

    /// Moves a running motion along its exact solution by `deltaTime` (`transition` is its exact
    /// transition); true when the run finishes on this step.
    @inline(__always)
    mutating func moveExactly(_ transition: TransitionMatrix, by deltaTime: Double) -> Bool {
        let (x, v) = transition.apply(displacement: value - target, velocity: velocity)
        value = target + x
        velocity = v
        if flags.contains(.stateTest) {
            // The motion was too large to plan exactly (see motionChanged): the state test decides.
            return isAtRest
        }
        countdown -= deltaTime
        return countdown <= 0
    }

    /// The run finishes here: exactly at the target, at rest.
    mutating func finish() {
        value = target
        velocity = .zero
        end()
    }

    // MARK: The finish

    /// The rest thresholds while the state test decides the finish.
    var restThresholds: (distance: Float, speed: Float) {
        let bits = countdown.bitPattern
        return (
            Float(bitPattern: UInt32(truncatingIfNeeded: bits)),
            Float(bitPattern: UInt32(truncatingIfNeeded: bits >> 32))
        )
    }

    /// Whether distance and speed are both under the rest thresholds (the numeric integrators' test).
    var isAtRest: Bool {
        let thresholds = restThresholds
        let distance = Double(thresholds.distance), speed = Double(thresholds.speed)
        return (value - target).magnitudeSquared <= distance * distance
            && velocity.magnitudeSquared <= speed * speed
    }

    /// The rest thresholds of the motion from here (see ``RestThreshold``).
    func currentRestThresholds(_ spring: Spring, visibleChange: Double) -> (distance: Float, speed: Float) {
        OneDimensionalParts(offset: value - target, velocity: velocity)
            .restThresholds(
                spring, visibleChange: visibleChange, magnitude: Swift.max(target.magnitude, value.magnitude))
    }

    /// The motion from here changed: plan the finish again. With exact stepping that is the time until
    /// the motion stays inside the rest band for good; otherwise (or when the motion is too large to
    /// plan) the rest thresholds for the state test. While waiting out a delay, nothing: the plan is
    /// made when the run begins.
    mutating func motionChanged(_ spring: Spring, visibleChange: Double) {
        guard !isWaitingToStart else { return }
        let thresholds = currentRestThresholds(spring, visibleChange: visibleChange)
        if integrator == .exact {
            let time = settleTime(spring, band: Double(thresholds.distance))
            if !time.isNaN {
                countdown = time
                flags.remove(.stateTest)
                return
            }
        }
        countdown = Double(
            bitPattern: UInt64(thresholds.distance.bitPattern) | UInt64(thresholds.speed.bitPattern) << 32)
        flags.insert(.stateTest)
    }

    /// The exact time from the current state until the motion stays inside `band` of the target and
    /// slower than band × ω₀ for good. NaN when the motion is too large to plan.
    func settleTime(_ spring: Spring, band: Double) -> Double {
        let omega = spring.isInstantaneous ? 0 : spring.naturalFrequency
        return OneDimensionalParts(offset: value - target, velocity: velocity)
            .settleTime(spring, band: band, speedBand: band * omega)
    }

    /// The exact time from now until the current motion stays inside its rest band for good, in
    /// distance and speed: the planned countdown while running with exact stepping, otherwise worked
    /// out from the current state. NaN when the motion is too large to plan.
    func remainingSettleTime(_ spring: Spring, visibleChange: Double) -> Double {
        if state == .running && integrator == .exact && !flags.contains(.stateTest) { return Swift.max(countdown, 0) }
        let band =
            flags.contains(.stateTest) && !isWaitingToStart
            ? Double(restThresholds.distance)
            : Double(currentRestThresholds(spring, visibleChange: visibleChange).distance)
        return settleTime(spring, band: band)
    }
}

extension MotionState: Sendable where Value: Sendable {}

/// The one-bit parts of a ``MotionState``.
struct MotionFlags: OptionSet, Sendable {
    var rawValue: UInt8
    /// `start(afterDelay:)` was called and the delay has not yet elapsed.
    static let waiting = MotionFlags(rawValue: 1)
    /// The latest run has ended and no new one has started.
    static let hasEnded = MotionFlags(rawValue: 2)
    /// `countdown` holds the rest thresholds; the finish is the state test.
    static let stateTest = MotionFlags(rawValue: 4)
    // The rest belong to the store that owns the state.
    /// The store advances this slot.
    static let scheduled = MotionFlags(rawValue: 8)
    /// Started during the current frame: it begins moving on the next one.
    static let startedThisFrame = MotionFlags(rawValue: 16)
    /// The store holds extras for this slot (didStart, pixel rounding, waiters, visible change).
    static let extras = MotionFlags(rawValue: 32)
    /// The slot is free (its animator was released).
    static let free = MotionFlags(rawValue: 64)
}
