import SpringMath

/// The frame state of every ``SpringAnimator`` of one value type on one controller, in contiguous
/// memory: a slot per animator, its motion and its two callbacks (40 + 16 + 16 bytes for `Double`).
/// An animator is a small handle that holds its store and names its slot; a frame is one loop over
/// the slots.
///
/// Slots live in chunks of ``SlotBuffer``s that never move (chunk k holds 16·2^k slots), so a slot
/// keeps its address for the store's life and is reused after its animator is released: nothing
/// moves when animators come and go, or when a callback creates animators mid-frame. The store is
/// one node in its controller's frame list, scheduled while any of its slots runs or waits to start.
///
/// A callback is called on a copy of the closure, so a callback that replaces itself, releases its
/// animator or reads its own `valueChanged` while it runs sees ordinary values: the copy keeps the
/// running closure alive until it returns.
@MainActor
class AnimatorStore<Value: SpringVector>: AnimationNode {
    typealias ValueCallback = @MainActor (Value) -> Void
    typealias EventCallback = @MainActor (AnimationEvent<Value>) -> Void

    /// The slots, chunk by chunk; chunk k holds slots `16·(2^k − 1) ..< 16·(2^(k+1) − 1)`.
    final private var chunks: ContiguousArray<SlotChunk<Value>> = []
    /// Slots in use or freed; the loop covers `0..<count`.
    final private(set) var count = 0
    final private var freeSlots: [UInt32] = []
    /// Slots that run or wait to start.
    final private(set) var scheduledCount = 0
    /// Weak: animators (and so their store) may outlive the controller; they are then inert.
    final weak var controller: AnimationController?

    /// The springs the slots use, by index; shared by slots with equal springs, so the loop works out
    /// one transition per spring per frame.
    final private(set) var springs: ContiguousArray<Spring> = []
    final private var springIndices: [Spring: UInt32] = [:]
    /// What few animators use, by slot (flag `extras` on the slot).
    final private var extrasBySlot: [UInt32: AnimatorExtras<Value>] = [:]

    /// Slots started during frame `startedFrame`; they begin moving on the next frame.
    final private var startedThisFrame: [UInt32] = []
    final private var startedFrame = -1

    /// The slot whose callback the loop is calling, or -1.
    final private var callingSlot = -1
    /// That slot was freed during the call.
    final private var callingFreed = false
    /// Whether the loop is calling `callingSlot`'s `valueChanged` in place (lent by its buffer).
    final private var callingValueChanged = false
    /// A `valueChanged` set for `callingSlot` while its old one runs in place: the slot takes it when
    /// the call returns (`.some(nil)` to clear it).
    final private var pendingValueChanged: ValueCallback??

    init(controller: AnimationController) {
        self.controller = controller
    }

    /// The store for `Value`: a compiled scalar one for `Double`, the generic one otherwise.
    static func make(controller: AnimationController) -> AnimatorStore<Value> {
        if Value.self == Double.self, let store = ScalarAnimatorStore(controller: controller) as? AnimatorStore<Value> {
            return store
        }
        return AnimatorStore(controller: controller)
    }

    override var activeCount: Int { scheduledCount }

    // MARK: Slots

    /// The chunk that holds `slot`, and the slot's index in it.
    @inline(__always)
    private static func location(_ slot: Int) -> (chunk: Int, offset: Int) {
        let q = slot / SlotChunk<Value>.firstCapacity + 1
        let chunk = Int.bitWidth - 1 - q.leadingZeroBitCount
        return (chunk, slot - SlotChunk<Value>.firstSlot(ofChunk: chunk))
    }

    /// The chunk that holds `slot`, and the slot's index in it.
    @inline(__always)
    private func chunk(_ slot: UInt32) -> (SlotChunk<Value>, Int) {
        let (chunk, offset) = Self.location(Int(slot))
        return (chunks[chunk], offset)
    }

    /// A slot for a new animator, holding `motion` with its spring index set to `spring`'s.
    final func allocate(_ motion: MotionState<Value>, spring: Spring) -> UInt32 {
        var motion = motion
        motion.springIndex = springIndex(for: spring)
        motion.flags.remove(.free)
        motion.motionChanged(spring, visibleChange: .nan)
        if let slot = freeSlots.popLast() {
            let (chunk, offset) = chunk(slot)
            chunk.motions[offset] = motion
            return slot
        }
        if chunks.last?.motions.isFull ?? true { chunks.append(SlotChunk(number: chunks.count)) }
        let chunk = chunks[chunks.count - 1]
        chunk.motions.append(motion)
        chunk.valueChanged.append(CallbackSlot(call: nil))
        chunk.completions.append(CallbackSlot(call: nil))
        count += 1
        assert(Self.location(count - 1) == (chunks.count - 1, chunk.motions.count - 1), "slot numbering out of step")
        return UInt32(count - 1)
    }

    /// The animator of `slot` was released: stop silently and make the slot reusable.
    final func free(_ slot: UInt32) {
        unschedule(slot)
        resumeWaiters(slot, with: nil)
        extrasBySlot[slot] = nil
        let (chunk, offset) = chunk(slot)
        setValueChanged(nil, slot: slot)
        chunk.completions.update(offset) { $0.call = nil }
        chunk.motions.update(offset) { $0.flags = [.free] }
        if Int(slot) == callingSlot { callingFreed = true }
        freeSlots.append(slot)
    }

    /// The motion of `slot`, for reading.
    final func motion(_ slot: UInt32) -> MotionState<Value> {
        let (chunk, offset) = chunk(slot)
        return chunk.motions[offset]
    }

    /// Changes the motion of `slot` in place.
    @inline(__always) @discardableResult
    final func update<R>(_ slot: UInt32, _ body: (inout MotionState<Value>) -> R) -> R {
        let (chunk, offset) = chunk(slot)
        return chunk.motions.update(offset, body)
    }

    /// The spring of `slot`.
    final func spring(_ slot: UInt32) -> Spring { springs[Int(motion(slot).springIndex)] }

    /// Changes the motion of `slot` in place, given what planning its finish needs: its spring and
    /// the minimum visible change of its rest threshold (NaN for `.automatic`).
    final func updateWithSpring<R>(_ slot: UInt32, _ body: (inout MotionState<Value>, Spring, Double) -> R) -> R {
        let spring = spring(slot), visibleChange = visibleChange(slot)
        return update(slot) { body(&$0, spring, visibleChange) }
    }

    /// Gives `slot` a new spring; the motion keeps position and velocity.
    final func setSpring(_ spring: Spring, slot: UInt32) {
        let index = springIndex(for: spring)
        update(slot) { $0.springIndex = index }
        motionChanged(slot)
    }

    /// The motion of `slot` changed (value, velocity, integrator, rest threshold, spring): plan its
    /// finish again.
    final func motionChanged(_ slot: UInt32) {
        updateWithSpring(slot) { $0.motionChanged($1, visibleChange: $2) }
    }

    private func springIndex(for spring: Spring) -> UInt32 {
        if let index = springIndices[spring] { return index }
        if springs.count >= 4096 { compactSprings() }
        springs.append(spring)
        let index = UInt32(springs.count - 1)
        springIndices[spring] = index
        return index
    }

    /// Drops the springs no slot uses any more (the table only grows otherwise).
    private func compactSprings() {
        var kept = ContiguousArray<Spring>()
        var indices: [Spring: UInt32] = [:]
        for chunk in chunks {
            for offset in 0..<chunk.motions.count where !chunk.motions[offset].flags.contains(.free) {
                let spring = springs[Int(chunk.motions[offset].springIndex)]
                let index: UInt32
                if let existing = indices[spring] {
                    index = existing
                } else {
                    kept.append(spring)
                    index = UInt32(kept.count - 1)
                    indices[spring] = index
                }
                chunk.motions.update(offset) { $0.springIndex = index }
            }
        }
        springs = kept
        springIndices = indices
    }

    // MARK: Callbacks

    final func valueChanged(_ slot: UInt32) -> ValueCallback? {
        if callingValueChanged && Int(slot) == callingSlot, let pending = pendingValueChanged { return pending }
        let (chunk, offset) = chunk(slot)
        return chunk.valueChanged.read(offset) { $0.call }
    }

    final func setValueChanged(_ callback: ValueCallback?, slot: UInt32) {
        if callingValueChanged && Int(slot) == callingSlot {
            // The slot's closure is running in place: it must not be overwritten until it returns.
            pendingValueChanged = .some(callback)
            return
        }
        let (chunk, offset) = chunk(slot)
        chunk.valueChanged.update(offset) { $0.call = callback }
    }

    final func completion(_ slot: UInt32) -> EventCallback? {
        let (chunk, offset) = chunk(slot)
        return chunk.completions.read(offset) { $0.call }
    }

    final func setCompletion(_ callback: EventCallback?, slot: UInt32) {
        let (chunk, offset) = chunk(slot)
        chunk.completions.update(offset) { $0.call = callback }
    }

    // MARK: Extras

    final func extras(_ slot: UInt32) -> AnimatorExtras<Value>? {
        motion(slot).flags.contains(.extras) ? extrasBySlot[slot] : nil
    }

    final func ensureExtras(_ slot: UInt32) -> AnimatorExtras<Value> {
        if let extras = extras(slot) { return extras }
        let created = AnimatorExtras<Value>()
        extrasBySlot[slot] = created
        update(slot) { $0.flags.insert(.extras) }
        return created
    }

    /// The minimum visible change of `slot`'s rest threshold, or NaN for `.automatic`.
    final func visibleChange(_ slot: UInt32) -> Double { extras(slot)?.visibleChange ?? .nan }

    /// `value` as `slot`'s `valueChanged` receives it (rounded to pixels when asked); `flags` are
    /// the slot's.
    @inline(__always)
    final func reported(_ value: Value, slot: UInt32, flags: MotionFlags) -> Value {
        guard flags.contains(.extras), let extras = extrasBySlot[slot], extras.integralize,
            let alignable = value as? any PixelAlignable
        else { return value }
        return (alignable.roundedToPixels(scale: extras.pixelScale) as? Value) ?? value
    }

    /// `value` as `slot`'s `valueChanged` receives it (rounded to pixels when asked).
    final func reported(_ value: Value, slot: UInt32) -> Value {
        reported(value, slot: slot, flags: motion(slot).flags)
    }

    final func resumeWaiters(_ slot: UInt32, with value: Value?) {
        guard let extras = extras(slot), !extras.waiters.isEmpty else { return }
        let waiters = extras.waiters
        extras.waiters = []
        for waiter in waiters { waiter(value) }
    }

    // MARK: Scheduling

    /// `slot` runs or waits to start: advance it from the next frame on.
    final func schedule(_ slot: UInt32) {
        guard !motion(slot).flags.contains(.scheduled), let controller else { return }
        update(slot) { $0.flags.insert(.scheduled) }
        scheduledCount += 1
        if controller.isAdvancing {
            // Started from a callback during a frame: it begins on the next one.
            if startedFrame != controller.frameNumber { clearStartedThisFrame() }
            startedFrame = controller.frameNumber
            startedThisFrame.append(slot)
            update(slot) { $0.flags.insert(.startedThisFrame) }
        }
        controller.schedule(self)
    }

    /// `slot` stopped: the loop skips it from now on.
    final func unschedule(_ slot: UInt32) {
        guard motion(slot).flags.contains(.scheduled) else { return }
        update(slot) { $0.flags.remove([.scheduled, .startedThisFrame]) }
        scheduledCount -= 1
        if scheduledCount == 0, let controller, !controller.isAdvancing { controller.unschedule(self) }
    }

    private func clearStartedThisFrame() {
        for slot in startedThisFrame where Int(slot) < count { update(slot) { $0.flags.remove(.startedThisFrame) } }
        startedThisFrame.removeAll(keepingCapacity: true)
    }

    override func interrupt() {
        var slot: UInt32 = 0
        for chunk in chunks {
            for offset in 0..<chunk.motions.count {
                defer { slot += 1 }
                guard chunk.motions[offset].flags.contains(.scheduled) else { continue }
                chunk.motions.update(offset) {
                    $0.flags.remove([.scheduled, .startedThisFrame])
                    $0.interrupt()
                }
                resumeWaiters(slot, with: nil)
            }
        }
        scheduledCount = 0
    }

    // MARK: The frame

    override func advance(by deltaTime: Double, controller: AnimationController) -> Bool {
        advanceSlots(by: deltaTime, frame: controller.frameNumber)
    }

    /// One frame over every slot. Written once; ``ScalarAnimatorStore`` inlines it for `Double`, where
    /// generic code would pay for abstraction on every arithmetic operation.
    @inline(__always)
    final func advanceSlots(by deltaTime: Double, frame: Int) -> Bool {
        if startedFrame != frame && !startedThisFrame.isEmpty { clearStartedThisFrame() }
        // The exact transition over this frame of the latest spring (worked out once per run of slots
        // sharing a spring), and whether that spring jumps.
        var transitionIndex = UInt32.max
        var transition = TransitionMatrix.identity
        var instantaneous = false
        // Slots created by this frame's callbacks are not advanced by it.
        let end = count
        var first = 0, chunkNumber = 0
        while first < end {
            // A chunk never moves, so it stays valid while callbacks add slots and chunks.
            let chunk = chunks[chunkNumber]
            let motions = chunk.motions
            let last = Swift.min(end - first, motions.capacity)
            for offset in 0..<last {
                let flags = motions[offset].flags
                guard flags.contains(.scheduled), !flags.contains(.startedThisFrame) else { continue }
                let index = motions[offset].springIndex
                if index != transitionIndex {
                    transitionIndex = index
                    instantaneous = springs[Int(index)].isInstantaneous
                    transition = instantaneous ? .identity : springs[Int(index)].transition(over: deltaTime)
                }
                let slot = UInt32(first + offset)
                let result: AnimationStep
                if motions[offset].isPlainExactStep && !instantaneous {
                    // The common case, inline: a running exact motion one frame further.
                    let step = transition
                    result = motions.update(offset) { motion in
                        guard motion.moveExactly(step, by: deltaTime) else { return .moved }
                        motion.finish()
                        return [.moved, .finished]
                    }
                } else {
                    result = advanceInGeneral(
                        motions, offset, slot: slot, by: deltaTime,
                        transition: instantaneous ? nil : transition)
                }
                if result.isEmpty { continue }
                if result.contains(.began), let didStart = extras(slot)?.didStart {
                    guard call(slot, didStart) else { continue }
                }
                if result.contains(.moved) {
                    let motion = motions[offset]
                    guard
                        callValueChanged(
                            chunk, offset, slot: slot,
                            reported(motion.value, slot: slot, flags: motion.flags))
                    else { continue }
                }
                if result.contains(.finished) { finish(slot, chunk: chunk, offset: offset) }
            }
            first += motions.capacity
            chunkNumber += 1
        }
        return scheduledCount == 0
    }

    /// One frame of `slot` (at `offset` in `motions`) in the general case: delays, jumps, numeric
    /// integrators, the state test. `transition` is the exact transition for the frame, nil for a
    /// spring that jumps.
    @inline(__always)
    private func advanceInGeneral(
        _ motions: SlotBuffer<MotionState<Value>>, _ offset: Int, slot: UInt32,
        by deltaTime: Double, transition: TransitionMatrix?
    ) -> AnimationStep {
        motions.update(offset) { motion in
            let flags = motion.flags
            let extras = flags.contains(.extras) ? extrasBySlot[slot] : nil
            return motion.advance(
                by: deltaTime, transition: motion.integrator == .exact ? transition : nil,
                spring: springs[Int(motion.springIndex)],
                visibleChange: extras?.visibleChange ?? .nan, targetVelocity: extras?.targetVelocity)
        }
    }

    /// Calls `slot`'s `valueChanged` (at `offset` in `chunk`) with `value`, in place; false when the
    /// call released the animator. The closure stays in its slot while it runs (no copy, no retain):
    /// a new `valueChanged` set meanwhile, by the closure or by releasing the animator, waits in
    /// `pendingValueChanged` and replaces it when the call returns.
    @inline(__always)
    private func callValueChanged(_ chunk: SlotChunk<Value>, _ offset: Int, slot: UInt32, _ value: Value) -> Bool {
        callingSlot = Int(slot)
        callingFreed = false
        callingValueChanged = true
        chunk.valueChanged.read(offset) { callback in callback.call?(value) }
        callingValueChanged = false
        callingSlot = -1
        if let pending = pendingValueChanged {
            pendingValueChanged = nil
            chunk.valueChanged.update(offset) { $0.call = pending }
        }
        return !callingFreed
    }

    /// Calls `callback` with `value` as `slot`'s callback; false when the call released the animator.
    @inline(__always)
    private func call<Argument>(_ slot: UInt32, _ callback: @MainActor (Argument) -> Void, _ value: Argument) -> Bool {
        callingSlot = Int(slot)
        callingFreed = false
        callback(value)
        callingSlot = -1
        return !callingFreed
    }

    /// Calls `body` as `slot`'s callback; false when the call released the animator.
    private func call(_ slot: UInt32, _ body: @MainActor () -> Void) -> Bool {
        callingSlot = Int(slot)
        callingFreed = false
        body()
        callingSlot = -1
        return !callingFreed
    }

    /// `slot`'s run finished on this frame.
    private func finish(_ slot: UInt32, chunk: SlotChunk<Value>, offset: Int) {
        let value = chunk.motions[offset].value
        if let completion = chunk.completions.read(offset, { $0.call }) {
            guard call(slot, completion, .finished(at: value)) else { return }
        }
        resumeWaiters(slot, with: value)
        // A callback may have started a new run; then the slot stays scheduled.
        guard chunk.motions[offset].state == .ended else { return }
        chunk.motions.update(offset) { $0.settleEndedState() }
        unschedule(slot)
    }
}

/// The animator store for `Double` values, with the frame loop compiled for the concrete type.
@MainActor
final class ScalarAnimatorStore: AnimatorStore<Double> {
    override func advance(by deltaTime: Double, controller: AnimationController) -> Bool {
        advanceSlots(by: deltaTime, frame: controller.frameNumber)
    }
}

/// One chunk of an ``AnimatorStore``'s slots: a slot's motion and callbacks at the same index of
/// three buffers that never move. Chunk `number` holds `16·2^number` slots.
struct SlotChunk<Value: SpringVector> {
    /// The first chunk's capacity; each next chunk holds twice as many.
    static var firstCapacity: Int { 16 }

    /// The store-wide number of chunk `number`'s first slot.
    @inline(__always)
    static func firstSlot(ofChunk number: Int) -> Int { firstCapacity * ((1 << number) - 1) }

    let motions: SlotBuffer<MotionState<Value>>
    let valueChanged: SlotBuffer<CallbackSlot<Value>>
    let completions: SlotBuffer<CallbackSlot<AnimationEvent<Value>>>

    init(number: Int) {
        let capacity = Self.firstCapacity << number
        motions = SlotBuffer(capacity: capacity)
        valueChanged = SlotBuffer(capacity: capacity)
        completions = SlotBuffer(capacity: capacity)
    }
}

/// A slot's callback. A closure kept bare in generic storage (a buffer's element) is held in the
/// most general calling form, so storing one allocates a conversion thunk and every load wraps it
/// again; in a struct field it keeps the form of its declared type, as a class's stored property
/// would. Noncopyable, so the frame loop can call it where it lies, borrowed, without retaining it.
struct CallbackSlot<Argument>: ~Copyable {
    var call: (@MainActor (Argument) -> Void)?
}

/// What most animators never use, kept by their store on first use.
@MainActor
final class AnimatorExtras<Value: SpringVector> {
    var didStart: (@MainActor () -> Void)?
    var integralize = false
    var pixelScale = 1.0
    /// The minimum visible change of the rest threshold, or NaN for `.automatic`.
    var visibleChange = Double.nan
    var waiters: [@MainActor (Value?) -> Void] = []
    /// The velocity the target moves at while the animator runs (zero: a fixed target).
    var targetVelocity: Value = .zero
}
