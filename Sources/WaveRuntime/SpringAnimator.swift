import SpringChoreography
import SpringMath

/// Animates one value with a spring: retargetable mid-flight, with Wave's surface.
///
/// ```swift
/// let controller = AnimationController()
/// let animator = SpringAnimator(spring: Spring(dampingRatio: 0.7, response: 0.5),
///                               value: 0.0, target: 300.0, controller: controller)
/// animator.valueChanged = { x in print(x) }
/// animator.completion = { event in
///     switch event {
///     case .finished(let at): print("rested at", at)
///     case .retargeted(let from, let to): print("now going from", from, "to", to)
///     }
/// }
/// animator.start()
/// controller.advance(by: 1.0 / 60)     // or a real-time controller does this for you
/// animator.target = 500                // retarget: position and velocity are kept
/// ```
///
/// Guarantees: exactly one `.finished` per run (a run begins with ``start(afterDelay:)``), one
/// `.retargeted` per target change while running, nothing after the run ended, nothing once the
/// program has released the animator, and every callback on the main actor. The controller does not
/// keep an animator alive: release it and its animation stops silently. Nor does an animator keep its
/// controller alive: once the controller is gone, the animator is inert (``start(afterDelay:)`` does
/// nothing, no callback fires) and can still be read, set and released safely, in any order.
@MainActor
public final class SpringAnimator<Value: SpringVector> {
    public typealias Event = AnimationEvent<Value>

    /// The store that holds this animator's state: its controller's store for `Value`, kept alive
    /// for as long as the animator is (see ``AnimatorStore``).
    let store: AnimatorStore<Value>
    /// The animator's slot in its store.
    let slot: UInt32

    /// - Parameters:
    ///   - spring: the spring (Wave's default animated spring unless given).
    ///   - value: the starting value.
    ///   - target: the target (defaults to `value`).
    ///   - controller: what advances the animation; ``AnimationController/main`` runs in real time.
    public init(
        spring: Spring = .defaultAnimated, value: Value = .zero, target: Value? = nil,
        controller: AnimationController = .main
    ) {
        store = controller.store(for: Value.self)
        slot = store.allocate(
            MotionState(
                value: value, target: target ?? value, velocity: .zero, mode: .animated,
                integrator: .exact), spring: spring)
    }

    isolated deinit {
        store.free(slot)
    }

    /// The motion, for reading.
    var motion: MotionState<Value> { store.motion(slot) }

    // MARK: State

    /// The spring. Changing it mid-flight keeps position and velocity.
    public var spring: Spring {
        get { store.spring(slot) }
        set { store.setSpring(newValue, slot: slot) }
    }

    /// The current value. Setting it while running moves the motion's start there, velocity kept.
    public var value: Value {
        get { motion.value }
        set {
            store.update(slot) { $0.value = newValue }
            store.motionChanged(slot)
        }
    }

    /// The target. Setting a new one while running retargets: position and velocity are kept and the
    /// completion receives `.retargeted(from:to:)` at once. Setting the current target does nothing;
    /// while not running it only sets the target.
    public var target: Value {
        get { motion.target }
        set {
            if let event = store.updateWithSpring(slot, { $0.retarget(to: newValue, spring: $1, visibleChange: $2) }) {
                completion?(event)
            }
        }
    }

    /// The velocity in value units per second. Set it before ``start(afterDelay:)`` or a retarget to
    /// inject a gesture's velocity.
    public var velocity: Value {
        get { motion.velocity }
        set {
            store.update(slot) { $0.velocity = newValue }
            store.motionChanged(slot)
        }
    }

    /// The velocity the target moves at, in value units per second: set it to follow something that
    /// moves steadily (a pointer between events, a scroll position, a playhead).
    ///
    /// While it is not zero and the animator runs, the target moves on by it every frame and the value
    /// chases it along the exact solution of a spring whose target moves at constant velocity, so
    /// the motion is the same at every frame rate: it settles into trailing the target by
    /// `targetVelocity`·ζ·response/π (SpringMath's `SpringChase`). The run does not finish while the
    /// target moves; set this back to zero and the spring comes to rest on the target where it then is.
    /// Setting ``target`` meanwhile moves the target there (a retarget) and it moves on from there.
    public var targetVelocity: Value {
        get { store.extras(slot)?.targetVelocity ?? .zero }
        set {
            guard newValue != targetVelocity else { return }
            store.ensureExtras(slot).targetVelocity = newValue
            store.motionChanged(slot)
        }
    }

    /// `.animated` follows the spring; `.nonAnimated` jumps to the target on the next frame and
    /// finishes there. Switching a running animator to `.nonAnimated` finishes it on the next frame.
    public var mode: AnimationMode {
        get { motion.mode }
        set { store.update(slot) { $0.mode = newValue } }
    }

    /// The stepping method: exact (default) or a numeric integrator such as Wave's semi-implicit Euler.
    public var integrator: SpringIntegrator {
        get { motion.integrator }
        set {
            guard newValue != motion.integrator else { return }
            store.update(slot) { $0.integrator = newValue }
            store.motionChanged(slot)
        }
    }

    /// When the motion counts as settled (see ``RestThreshold``).
    public var restThreshold: RestThreshold {
        get { RestThreshold(visibleChange: store.visibleChange(slot)) }
        set {
            let visibleChange = newValue.visibleChange
            if !visibleChange.isNaN || store.extras(slot) != nil {
                store.ensureExtras(slot).visibleChange = visibleChange
            }
            store.motionChanged(slot)
        }
    }

    /// `.inactive` before starting (and while waiting out a delay), `.running` while moving, `.ended`
    /// for the callbacks of the frame on which a run ends (or of ``stop(immediately:)``), and
    /// `.inactive` again afterwards, as in Wave (see ``AnimationState``).
    public var state: AnimationState { motion.state }

    /// Whether ``start(afterDelay:)`` was called and its delay has not yet elapsed.
    var isWaitingToStart: Bool { motion.isWaitingToStart }

    /// The distance threshold of the rest band for the motion from here (see ``RestThreshold``).
    var restBand: Double {
        let store = store, motion = store.motion(slot)
        if motion.flags.contains(.stateTest) && !motion.isWaitingToStart {
            return Double(motion.restThresholds.distance)
        }
        return Double(
            motion.currentRestThresholds(store.spring(slot), visibleChange: store.visibleChange(slot)).distance)
    }

    /// A stable identity for this animator.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    // MARK: Callbacks

    /// Called on every frame with the new value (rounded to the pixel grid when
    /// ``integralizeValues`` is on).
    public var valueChanged: (@MainActor (Value) -> Void)? {
        get { store.valueChanged(slot) }
        set { store.setValueChanged(newValue, slot: slot) }
    }

    /// Called with `.finished(at:)` once per run and `.retargeted(from:to:)` once per retarget.
    public var completion: (@MainActor (Event) -> Void)? {
        get { store.completion(slot) }
        set { store.setCompletion(newValue, slot: slot) }
    }

    /// Called when a run actually begins moving: on the first frame after ``start(afterDelay:)``'s
    /// delay has elapsed (Core Animation's `animationDidStart`).
    public var didStart: (@MainActor () -> Void)? {
        get { store.extras(slot)?.didStart }
        set { store.ensureExtras(slot).didStart = newValue }
    }

    /// Whether values passed to ``valueChanged`` are rounded to the pixel grid of ``pixelScale``
    /// (the motion itself stays unrounded). Applies to values conforming to ``PixelAlignable``.
    public var integralizeValues: Bool {
        get { store.extras(slot)?.integralize ?? false }
        set { store.ensureExtras(slot).integralize = newValue }
    }

    /// Pixels per value unit for ``integralizeValues`` (2 for a 2× display: values round to 0.5).
    /// - Precondition: finite and > 0.
    public var pixelScale: Double {
        get { store.extras(slot)?.pixelScale ?? 1 }
        set {
            precondition(newValue.isFinite && newValue > 0, "pixelScale must be finite and > 0")
            store.ensureExtras(slot).pixelScale = newValue
        }
    }

    // MARK: Control

    /// Starts a run after `delay` seconds of controller time. Does nothing while running or waiting,
    /// or when the animator's controller no longer exists.
    /// - Precondition: `delay` is finite and ≥ 0.
    public func start(afterDelay delay: Double = 0) {
        guard store.controller != nil else { return }
        store.update(slot) { $0.start(afterDelay: delay) }
        if motion.isWaitingToStart { store.schedule(slot) }
    }

    /// Stops the run. Immediately (the default): it ends at the current value and the completion
    /// receives `.finished(at:)` with it. Otherwise it retargets to the current value (completion:
    /// `.retargeted`) and the spring brings it to rest there, then `.finished`.
    public func stop(immediately: Bool = true) {
        let store = store
        guard
            let event = store.updateWithSpring(
                slot, { $0.stop(immediately: immediately, spring: $1, visibleChange: $2) })
        else { return }
        if store.motion(slot).state == .ended {
            store.unschedule(slot)
            valueChanged?(store.reported(store.motion(slot).value, slot: slot))
            completion?(event)
            store.resumeWaiters(slot, with: store.motion(slot).value)
            store.update(slot) { $0.settleEndedState() }
        } else {
            completion?(event)
        }
    }

    /// The exact time, in seconds from now, until the current motion stays inside its rest band for
    /// good, in distance and speed (see ``RestThreshold``). 0 when not running.
    public var remainingSettleTime: Double {
        let store = store, motion = store.motion(slot)
        guard motion.state == .running || motion.isWaitingToStart else { return 0 }
        if targetVelocity != .zero { return .infinity }
        let rest = motion.remainingSettleTime(store.spring(slot), visibleChange: store.visibleChange(slot))
        return motion.remainingDelay + (rest.isNaN ? .infinity : rest)
    }

    /// The time from now until the current motion stays inside its rest band: the old name of
    /// ``remainingSettleTime``.
    @available(*, deprecated, renamed: "remainingSettleTime")
    public var settlingTime: Double { remainingSettleTime }

}

extension SpringAnimator where Value: Sendable {
    /// Waits until the current run ends and returns the value it ended at; nil if it never ran, or if
    /// it was released or its controller torn down first. Returns at once when the run already ended.
    public var finished: Value? {
        get async {
            let motion = motion
            if motion.state == .ended { return motion.value }
            if motion.state == .inactive && !motion.isWaitingToStart {
                return motion.hasEnded ? motion.value : nil
            }
            return await withCheckedContinuation { continuation in
                store.ensureExtras(slot).waiters.append { continuation.resume(returning: $0) }
            }
        }
    }
}
