import Dispatch
import SpringMath

/// Advances animations. Drive it by hand with ``advance(by:)`` (tests, offline rendering, a game loop
/// of your own) or let it run in real time on the main queue.
///
/// ```swift
/// let controller = AnimationController()                 // manual: nothing moves until you advance
/// let animator = SpringAnimator(spring: .bouncy, value: 0.0, target: 1.0, controller: controller)
/// animator.start()
/// controller.advance(by: 1.0 / 60)
/// ```
///
/// A real-time controller (`AnimationController(driver: .realTime())`, or the shared ``main``) runs a
/// Dispatch timer on the main queue at the chosen rate while any animation runs, measures each
/// frame's duration with the monotonic clock, and stops the timer when nothing runs. On Linux the
/// main queue only runs when the program lets it: end `main` with `dispatchMain()`, or use an async
/// `main` that awaits (for example `await animator.finished`).
///
/// Tearing a controller down (``invalidate()``, or releasing it) interrupts everything it runs:
/// block completions receive `(finished: false, retargeted: false)` and awaiting tasks resume.
@MainActor
public final class AnimationController {
    /// How a controller's time advances.
    public enum Driver: Hashable, Sendable {
        /// Only ``AnimationController/advance(by:)`` moves time.
        case manual
        /// A timer on the main queue advances by the measured time between frames.
        case realTime(framesPerSecond: Double = 60)
    }

    /// The shared real-time controller (60 Hz) that animators and `Wave.animate` use by default.
    public static let main = AnimationController(driver: .realTime(framesPerSecond: 60))

    /// How this controller advances.
    public let driver: Driver
    /// Seconds advanced so far.
    public private(set) var time: Double = 0

    /// Retained nodes in frame order. Unmanaged so the per-frame loop does no reference counting;
    /// each entry holds one retain, released when the node leaves the array.
    @exclusivity(unchecked) private var nodes: ContiguousArray<Unmanaged<AnimationNode>> = []
    private var isAdvancing = false
    private var needsCompaction = false
    /// Entries whose node is no longer scheduled; they are dropped in batches (amortised O(1)).
    private var unscheduledCount = 0
    private var timer: RealTimeTimer?
    private var springReferences: [Spring: SpringReference] = [:]
    // A one-entry cache of the exact transition: animations sharing a spring and a frame time reuse it.
    @exclusivity(unchecked) private var cachedReference: SpringReference?
    @exclusivity(unchecked) private var cachedDeltaTime = -1.0
    @exclusivity(unchecked) private var cachedMatrix = TransitionMatrix.identity

    /// - Parameter driver: `.manual` (the default) or `.realTime(framesPerSecond:)`.
    /// - Precondition: a real-time rate is finite and > 0.
    public init(driver: Driver = .manual) {
        if case .realTime(let rate) = driver {
            precondition(rate.isFinite && rate > 0, "framesPerSecond must be finite and > 0")
        }
        self.driver = driver
    }

    isolated deinit {
        invalidate()
    }

    /// The number of animations scheduled (running or waiting out a delay).
    public var activeAnimationCount: Int {
        var count = 0
        for entry in nodes where entry.takeUnretainedValue().isScheduled { count += 1 }
        return count
    }

    /// Whether anything is scheduled.
    public var hasActiveAnimations: Bool { activeAnimationCount > 0 }

    /// Advances every scheduled animation by `deltaTime` seconds, firing their callbacks.
    ///
    /// Animations started from a callback during this call begin on the next call.
    /// - Precondition: `deltaTime` is finite and ≥ 0.
    public func advance(by deltaTime: Double) {
        precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
        precondition(!isAdvancing, "advance(by:) called from inside an animation callback")
        time += deltaTime
        isAdvancing = true
        let count = nodes.count
        for i in 0..<count {
            // The array holds a retain on every node, so the loop need not take another.
            let finished = withGuaranteedReference(nodes[i]) { node in
                node.isScheduled && node.step(deltaTime, controller: self)
            }
            if finished {
                nodes[i].takeUnretainedValue().isScheduled = false
                unscheduledCount += 1
                needsCompaction = true
            }
        }
        isAdvancing = false
        if needsCompaction { compact() }
        if nodes.isEmpty { timer?.stop() }
    }

    /// Stops every animation without finishing it: block completions get `(false, false)`, awaiting
    /// tasks resume, and no other callback fires. The controller can be used again afterwards.
    public func invalidate() {
        let current = nodes
        for entry in current {
            let node = entry.takeUnretainedValue()
            if node.isScheduled {
                node.isScheduled = false
                node.interrupt()
            }
        }
        needsCompaction = true
        if !isAdvancing { compact() }
        timer?.stop()
    }

    /// One tick of the real-time timer.
    func realTimeTick() {
        guard let timer, !isAdvancing else { return }
        advance(by: timer.elapsed())
    }

    // MARK: Scheduling (internal)

    func schedule(_ node: AnimationNode) {
        guard !node.isScheduled else { return }
        node.isScheduled = true
        if !node.isInArray {
            node.isInArray = true
            nodes.append(Unmanaged.passRetained(node))
        }
        if case .realTime(let rate) = driver {
            if timer == nil { timer = RealTimeTimer(interval: 1 / rate) }
            timer?.start(controller: self)
        }
    }

    func unschedule(_ node: AnimationNode) {
        guard node.isScheduled else { return }
        node.isScheduled = false
        unscheduledCount += 1
        needsCompaction = true
        // Drop the retired entries once they are a good share of the array, or at the next frame.
        if !isAdvancing && unscheduledCount > 64 && unscheduledCount * 2 > nodes.count { compact() }
    }

    private func compact() {
        needsCompaction = false
        unscheduledCount = 0
        var kept = ContiguousArray<Unmanaged<AnimationNode>>()
        kept.reserveCapacity(nodes.count)
        for entry in nodes {
            let node = entry.takeUnretainedValue()
            if node.isScheduled {
                kept.append(entry)
            } else {
                node.isInArray = false
                entry.release()
            }
        }
        nodes = kept
    }

    /// One shared immutable reference per distinct spring, so animators with equal springs share
    /// storage and the transition cache.
    func reference(for spring: Spring) -> SpringReference {
        if let existing = springReferences[spring] { return existing }
        if springReferences.count >= 256 { springReferences.removeAll(keepingCapacity: true) }
        let reference = SpringReference(spring)
        springReferences[spring] = reference
        return reference
    }

    /// The exact transition of `reference`'s spring over `deltaTime`, cached for the frame.
    @inline(__always)
    func transition(for reference: SpringReference, deltaTime: Double) -> TransitionMatrix {
        if reference === cachedReference && deltaTime == cachedDeltaTime { return cachedMatrix }
        let matrix = reference.spring.transition(over: deltaTime)
        cachedReference = reference
        cachedDeltaTime = deltaTime
        cachedMatrix = matrix
        return matrix
    }
}

/// Something a controller advances every frame.
@MainActor
class AnimationNode {
    /// Whether the controller should step this node.
    final var isScheduled = false
    /// Whether the controller's array holds (and retains) this node.
    final var isInArray = false

    /// Advances by `deltaTime`; returns true when the node is done and should be unscheduled.
    func step(_ deltaTime: Double, controller: AnimationController) -> Bool { true }

    /// The controller is being torn down: end without finishing.
    func interrupt() {}
}

/// Calls `body` with the object `reference` points to, without retaining it (the caller keeps it
/// alive). A module-local wrapper so the call carries no dynamic actor-isolation check.
@inline(__always)
func withGuaranteedReference<T: AnyObject, Result>(_ reference: Unmanaged<T>, _ body: (T) -> Result) -> Result {
    reference._withUnsafeGuaranteedRef(body)
}
