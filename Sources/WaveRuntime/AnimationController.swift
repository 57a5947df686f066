import Dispatch
import SpringMath

/// Advances animations, and owns everything about them: the scheduled animations, the registry of
/// block-animated properties and the spring cache. Two controllers share nothing.
///
/// Drive it by hand with ``advance(by:)`` (tests, offline rendering, a game loop of your own) or give
/// it a ``FrameSource`` that delivers frames:
///
/// ```swift
/// let controller = AnimationController()                 // hand-driven: nothing moves until you advance
/// let animator = SpringAnimator(spring: .bouncy, value: 0.0, target: 1.0, controller: controller)
/// animator.start()
/// controller.advance(by: 1.0 / 60)
/// ```
///
/// With a frame source (`AnimationController(frameSource: RealTimeFrameSource())`, or the shared
/// ``main``), the controller starts the source when something is scheduled and stops it when nothing
/// runs. ``RealTimeFrameSource`` measures each frame with the monotonic clock on the main queue.
///
/// Tearing a controller down (``invalidate()``, or releasing it) interrupts everything it runs:
/// block completions receive `(finished: false, retargeted: false)` and awaiting tasks resume. Any
/// teardown order is safe: an animator that outlives its controller is inert (its `start` does
/// nothing) and can be used and released without harm.
@MainActor
public final class AnimationController {
    /// The shared real-time controller (60 Hz) that animators and `Wave.animate` use by default.
    public static let main = AnimationController(frameSource: RealTimeFrameSource(frameRate: 60))

    /// What delivers frames, or nil when only ``advance(by:)`` moves time.
    public let frameSource: (any FrameSource)?
    private var frameSourceRunning = false
    /// Seconds advanced so far.
    public private(set) var time: Double = 0

    /// The scheduled nodes (and, until the next compaction, some unscheduled ones) in frame order.
    private var nodes: ContiguousArray<AnimationNode> = []
    /// Whether ``advance(by:)`` is running (callbacks fire inside it).
    private(set) var isAdvancing = false
    /// The number of ``advance(by:)`` calls so far.
    private(set) var frameNumber = 0
    private var needsCompaction = false
    /// Entries whose node is no longer scheduled; they are dropped in batches (amortised O(1)).
    private var unscheduledCount = 0
    private var springReferences: [Spring: SpringReference] = [:]
    /// The animators' stores, one per value type.
    private var stores: [ObjectIdentifier: AnyObject] = [:]
    /// The block-animated properties running on this controller, by object and key path.
    var propertyNodes: [PropertyKey: AnyObject] = [:]
    /// On ``main`` only: which other controller animates a block-animated property, so that a read
    /// through `object.animator` outside any block answers from the controller the property runs on.
    var animatedElsewhere: [PropertyKey: WeakController] = [:]
    // A one-entry cache of the exact transition: animations sharing a spring and a frame time reuse it.
    private var cachedReference: SpringReference?
    private var cachedDeltaTime = -1.0
    private var cachedMatrix = TransitionMatrix.identity

    /// - Parameter frameSource: what delivers frames; nil (the default) for a controller driven by
    ///   hand with ``advance(by:)``.
    public init(frameSource: (any FrameSource)? = nil) {
        self.frameSource = frameSource
    }

    isolated deinit {
        invalidate()
    }

    /// The number of animations scheduled (running or waiting out a delay).
    public var activeAnimationCount: Int {
        var count = 0
        for node in nodes where node.isScheduled {
            count += node.activeCount
        }
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
        frameNumber += 1
        isAdvancing = true
        let count = nodes.count
        for i in 0..<count {
            let node = nodes[i]
            if node.isScheduled && node.advance(by: deltaTime, controller: self) {
                node.isScheduled = false
                unscheduledCount += 1
                needsCompaction = true
            }
        }
        isAdvancing = false
        if needsCompaction { compact() }
        if nodes.isEmpty { stopFrameSource() }
    }

    /// Stops every animation without finishing it: block completions get `(false, false)`, awaiting
    /// tasks resume, and no other callback fires. The controller can be used again afterwards.
    public func invalidate() {
        for node in nodes {
            if node.isScheduled {
                node.isScheduled = false
                node.interrupt()
            }
        }
        needsCompaction = true
        if !isAdvancing { compact() }
        stopFrameSource()
    }

    /// One frame from the frame source.
    private func frame(_ deltaTime: Double) {
        guard frameSourceRunning, !isAdvancing, deltaTime.isFinite, deltaTime >= 0 else { return }
        advance(by: deltaTime)
    }

    private func startFrameSource() {
        guard let frameSource, !frameSourceRunning else { return }
        frameSourceRunning = true
        frameSource.start { [weak self] deltaTime in self?.frame(deltaTime) }
    }

    private func stopFrameSource() {
        guard let frameSource, frameSourceRunning else { return }
        frameSourceRunning = false
        frameSource.stop()
    }

    // MARK: Scheduling (internal)

    func schedule(_ node: AnimationNode) {
        guard !node.isScheduled else { return }
        node.isScheduled = true
        if !node.isInArray {
            node.isInArray = true
            nodes.append(node)
        }
        startFrameSource()
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
        var kept = ContiguousArray<AnimationNode>()
        kept.reserveCapacity(nodes.count)
        for node in nodes {
            if node.isScheduled {
                kept.append(node)
            } else {
                node.isInArray = false
            }
        }
        nodes = kept
    }

    /// The store of the animators of `Value` on this controller.
    func store<Value: SpringVector>(for _: Value.Type) -> AnimatorStore<Value> {
        if let store = stores[ObjectIdentifier(Value.self)] as? AnimatorStore<Value> { return store }
        let store = AnimatorStore<Value>.make(controller: self)
        stores[ObjectIdentifier(Value.self)] = store
        return store
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
    /// Whether the controller should advance this node.
    final var isScheduled = false
    /// Whether the controller's array holds (and retains) this node.
    final var isInArray = false

    /// How many animations the node runs while scheduled.
    var activeCount: Int { 1 }

    /// Advances by `deltaTime`; returns true when the node is done and should be unscheduled.
    func advance(by deltaTime: Double, controller: AnimationController) -> Bool { true }

    /// The controller is being torn down: end without finishing.
    func interrupt() {}
}
