import Foundation
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

    let core: SpringAnimatorCore<Value>

    /// - Parameters:
    ///   - spring: the spring (Wave's default animated spring unless given).
    ///   - value: the starting value.
    ///   - target: the target (defaults to `value`).
    ///   - controller: what advances the animation; ``AnimationController/main`` runs in real time.
    public init(spring: Spring = .defaultAnimated, value: Value = .zero, target: Value? = nil,
                controller: AnimationController = .main) {
        let animation = SpringAnimation(springReference: controller.reference(for: spring), value: value,
                                        target: target ?? value, velocity: .zero, mode: .animated,
                                        integrator: .exact, restThreshold: .automatic)
        core = SpringAnimatorCore.make(animation: animation, controller: controller)
    }

    isolated deinit {
        core.detach()
    }

    // MARK: State

    /// The spring. Changing it mid-flight keeps position and velocity.
    public var spring: Spring {
        get { core.animation.spring }
        set { core.animation.springReference = core.controller?.reference(for: newValue) ?? SpringReference(newValue) }
    }

    /// The current value. Setting it while running moves the motion's start there, velocity kept.
    public var value: Value {
        get { core.animation.value }
        set { core.animation.setValue(newValue) }
    }

    /// The target. Setting a new one while running retargets: position and velocity are kept and the
    /// completion receives `.retargeted(from:to:)` at once. Setting the current target does nothing;
    /// while not running it only sets the target.
    public var target: Value {
        get { core.animation.target }
        set {
            if let event = core.animation.retarget(to: newValue) { core.completion?(event) }
        }
    }

    /// The velocity in value units per second. Set it before ``start(afterDelay:)`` or a retarget to
    /// inject a gesture's velocity.
    public var velocity: Value {
        get { core.animation.velocity }
        set { core.animation.velocity = newValue }
    }

    /// `.animated` follows the spring; `.nonAnimated` jumps to the target on the next frame and
    /// finishes there. Switching a running animator to `.nonAnimated` finishes it on the next frame.
    public var mode: AnimationMode {
        get { core.animation.mode }
        set { core.animation.mode = newValue }
    }

    /// The stepping method: exact (default) or a numeric integrator such as Wave's semi-implicit Euler.
    public var integrator: SpringIntegrator {
        get { core.animation.integrator }
        set { core.animation.integrator = newValue }
    }

    /// When the motion counts as settled (see ``RestThreshold``).
    public var restThreshold: RestThreshold {
        get { core.animation.restThreshold }
        set { core.animation.restThreshold = newValue }
    }

    /// `.inactive` before starting (and while waiting out a delay), `.running` while moving, `.ended`
    /// for the callbacks of the frame on which a run ends (or of ``stop(immediately:)``), and
    /// `.inactive` again afterwards, as in Wave (see ``AnimationState``).
    public var state: AnimationState { core.animation.state }

    /// A stable identity for this animator.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    // MARK: Callbacks

    /// Called on every frame with the new value (rounded to the pixel grid when
    /// ``integralizeValues`` is on).
    public var valueChanged: (@MainActor (Value) -> Void)? {
        get { core.valueChanged }
        set { core.valueChanged = newValue }
    }

    /// Called with `.finished(at:)` once per run and `.retargeted(from:to:)` once per retarget.
    public var completion: (@MainActor (Event) -> Void)? {
        get { core.completion }
        set { core.completion = newValue }
    }

    /// Called when a run actually begins moving: on the first frame after ``start(afterDelay:)``'s
    /// delay has elapsed (Core Animation's `animationDidStart`).
    public var didStart: (@MainActor () -> Void)? {
        get { core.extras?.didStart }
        set { core.ensureExtras().didStart = newValue }
    }

    /// Whether values passed to ``valueChanged`` are rounded to the pixel grid of ``pixelScale``
    /// (the motion itself stays unrounded). Applies to values conforming to ``PixelAlignable``.
    public var integralizeValues: Bool {
        get { core.extras?.integralize ?? false }
        set { core.ensureExtras().integralize = newValue }
    }

    /// Pixels per value unit for ``integralizeValues`` (2 for a 2× display: values round to 0.5).
    /// - Precondition: finite and > 0.
    public var pixelScale: Double {
        get { core.extras?.pixelScale ?? 1 }
        set {
            precondition(newValue.isFinite && newValue > 0, "pixelScale must be finite and > 0")
            core.ensureExtras().pixelScale = newValue
        }
    }

    // MARK: Control

    /// Starts a run after `delay` seconds of controller time. Does nothing while running or waiting,
    /// or when the animator's controller no longer exists.
    /// - Precondition: `delay` is finite and ≥ 0.
    public func start(afterDelay delay: Double = 0) {
        guard !core.isDetached, let controller = core.controller else { return }
        core.animation.start(afterDelay: delay)
        if core.animation.isWaitingToStart { controller.schedule(core) }
    }

    /// Stops the run. Immediately (the default): it ends at the current value and the completion
    /// receives `.finished(at:)` with it. Otherwise it retargets to the current value (completion:
    /// `.retargeted`) and the spring brings it to rest there, then `.finished`.
    public func stop(immediately: Bool = true) {
        guard let event = core.animation.stop(immediately: immediately) else { return }
        if core.animation.state == .ended {
            core.controller?.unschedule(core)
            core.valueChanged?(core.reported(core.animation.value))
            core.completion?(event)
            core.resumeWaiters(with: core.animation.value)
            core.animation.settleEndedState()
        } else {
            core.completion?(event)
        }
    }

    /// The exact time, in seconds from now, until the current motion stays inside its rest band for
    /// good, in distance and speed (see ``RestThreshold``). 0 when not running.
    public var remainingSettleTime: Double {
        guard state == .running || core.animation.isWaitingToStart else { return 0 }
        let rest = core.animation.remainingSettleTime
        return core.animation.remainingDelay + (rest.isNaN ? .infinity : rest)
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
            let animation = core.animation
            if animation.state == .ended { return animation.value }
            if animation.state == .inactive && !animation.isWaitingToStart {
                return animation.hasEnded ? animation.value : nil
            }
            if core.isDetached { return nil }
            return await withCheckedContinuation { continuation in
                core.ensureExtras().waiters.append { continuation.resume(returning: $0) }
            }
        }
    }
}

/// The animator's per-frame part, owned by the controller while scheduled. Kept small: a scalar
/// animator is about 140 bytes here plus 32 for the handle.
@MainActor
class SpringAnimatorCore<Value: SpringVector>: AnimationNode {
    // Only the main actor touches these, and never re-entrantly from inside an access, so the
    // per-frame dynamic exclusivity checks are skipped.
    @exclusivity(unchecked) final var animation: SpringAnimation<Value>
    @exclusivity(unchecked) final var valueChanged: (@MainActor (Value) -> Void)?
    @exclusivity(unchecked) final var completion: (@MainActor (AnimationEvent<Value>) -> Void)?
    @exclusivity(unchecked) final var extras: AnimatorExtras<Value>?
    /// Weak: an animator may outlive its controller (it is then inert).
    final weak var controller: AnimationController?

    init(animation: SpringAnimation<Value>, controller: AnimationController) {
        self.animation = animation
        self.controller = controller
    }

    /// The core for `animation`: a compiled scalar one for `Double`, the generic one otherwise.
    static func make(animation: SpringAnimation<Value>, controller: AnimationController) -> SpringAnimatorCore<Value> {
        if let scalar = animation as? SpringAnimation<Double>,
           let core = ScalarAnimatorCore(animation: scalar, controller: controller) as? SpringAnimatorCore<Value> {
            return core
        }
        return SpringAnimatorCore(animation: animation, controller: controller)
    }

    /// Whether the owning ``SpringAnimator`` is gone.
    var isDetached: Bool { extras?.detached ?? false }

    func ensureExtras() -> AnimatorExtras<Value> {
        if let extras { return extras }
        let created = AnimatorExtras<Value>()
        extras = created
        return created
    }

    override func advance(by deltaTime: Double, controller: AnimationController) -> Bool {
        advanceBody(deltaTime, controller: controller)
    }

    /// One frame. Written once; ``ScalarAnimatorCore`` inlines it for `Double`, where generic code
    /// would pay for abstraction on every arithmetic operation.
    @inline(__always)
    final func advanceBody(_ deltaTime: Double, controller: AnimationController) -> Bool {
        let matrix = animation.integrator == .exact
            ? controller.transition(for: animation.springReference, deltaTime: deltaTime) : nil
        let result = animation.advance(by: deltaTime, transition: matrix)
        if result.isEmpty { return false }
        if result.contains(.began) { extras?.didStart?() }
        if result.contains(.moved) { valueChanged?(reported(animation.value)) }
        if result.contains(.finished) {
            completion?(.finished(at: animation.value))
            resumeWaiters(with: animation.value)
            // A callback may have started a new run; then the node stays scheduled.
            guard animation.state == .ended else { return false }
            animation.settleEndedState()
            return true
        }
        return false
    }

    override func interrupt() {
        animation.interrupt()
        resumeWaiters(with: nil)
    }

    /// The program released the animator: stop silently.
    func detach() {
        ensureExtras().detached = true
        valueChanged = nil
        completion = nil
        extras?.didStart = nil
        controller?.unschedule(self)
        resumeWaiters(with: nil)
    }

    func resumeWaiters(with value: Value?) {
        guard let extras, !extras.waiters.isEmpty else { return }
        let waiters = extras.waiters
        extras.waiters = []
        for waiter in waiters { waiter(value) }
    }

    @inline(__always)
    func reported(_ value: Value) -> Value {
        guard let extras, extras.integralize, let alignable = value as? any PixelAlignable else { return value }
        return (alignable.roundedToPixels(scale: extras.pixelScale) as? Value) ?? value
    }
}

/// The animator core for `Double` values, with the frame step compiled for the concrete type.
@MainActor
final class ScalarAnimatorCore: SpringAnimatorCore<Double> {
    override func advance(by deltaTime: Double, controller: AnimationController) -> Bool {
        advanceBody(deltaTime, controller: controller)
    }
}

/// What most animators never use, allocated on first use.
@MainActor
final class AnimatorExtras<Value: SpringVector> {
    var didStart: (@MainActor () -> Void)?
    var integralize = false
    var pixelScale = 1.0
    var detached = false
    var waiters: [@MainActor (Value?) -> Void] = []
}
