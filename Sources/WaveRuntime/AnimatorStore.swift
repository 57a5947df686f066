import SpringMath

/// The frame state of every ``SpringAnimator`` of one value type on one controller, in contiguous
/// memory: a slot per animator, its motion and its two callbacks in three arrays (40 + 16 + 16 bytes
/// for `Double`).
/// An animator is a small handle that names its store and slot; a frame is one loop over the slots.
///
/// Slots are stable for an animator's life and reused after it is released, so nothing moves when
/// animators come and go. The store is one node in its controller's frame list, scheduled while any
/// of its slots runs or waits to start.
///
/// Calling `valueChanged` without touching its reference count: for the call the loop moves the
/// closure out of its slot and puts it back afterwards (the slot's bits are unchanged meanwhile, so
/// reading the callback from inside it still works). A callback that replaces itself, or releases
/// its animator, while it runs finds the slot marked in flight: the new closure is written over the
/// old bits without releasing them, and the loop releases the old closure when the call returns.
@MainActor
class AnimatorStore<Value: SpringVector>: AnimationNode {
    typealias ValueCallback = @MainActor (Value) -> Void
    typealias EventCallback = @MainActor (AnimationEvent<Value>) -> Void

    // Only the main actor touches these, never re-entrantly from inside an access, so the per-frame
    // dynamic exclusivity checks are skipped.
    @exclusivity(unchecked) final private(set) var motions: UnsafeMutablePointer<MotionState<Value>>
    @exclusivity(unchecked) final private var valueChangedCallbacks: UnsafeMutablePointer<StoredCallback<Value>?>
    @exclusivity(unchecked) final private var completions: UnsafeMutablePointer<StoredCallback<AnimationEvent<Value>>?>
    @exclusivity(unchecked) final private var capacity = 0
    /// Slots in use or freed; the loop covers `0..<count`.
    @exclusivity(unchecked) final private(set) var count = 0
    final private var freeSlots: [UInt32] = []
    /// Slots whose animator is alive; while there are any, ``StoreRegistry`` keeps the store.
    final private var liveSlots = 0
    /// The store's number in ``StoreRegistry`` while it has live slots.
    final private var registration: UInt32?
    /// Slots that run or wait to start.
    @exclusivity(unchecked) final private(set) var scheduledCount = 0
    /// Weak: animators (and so their store) may outlive the controller; they are then inert.
    final weak var controller: AnimationController?

    /// The springs the slots use, by index; shared by slots with equal springs, so the loop works out
    /// one transition per spring per frame.
    @exclusivity(unchecked) final private(set) var springs: ContiguousArray<Spring> = []
    final private var springIndices: [Spring: UInt32] = [:]
    /// What few animators use, by slot (flag `extras` on the slot).
    final private var extrasBySlot: [UInt32: AnimatorExtras<Value>] = [:]

    /// Slots started during frame `startedFrame`; they begin moving on the next frame.
    final private var startedThisFrame: [UInt32] = []
    final private var startedFrame = -1

    /// The slot whose callback the loop is calling, or -1.
    @exclusivity(unchecked) final private var callingSlot = -1
    /// The loop holds that slot's `valueChanged` (moved out; the slot's bits still hold it).
    @exclusivity(unchecked) final private var valueChangedTaken = false
    /// That slot was freed during the call.
    @exclusivity(unchecked) final private var callingFreed = false

    init(controller: AnimationController) {
        self.controller = controller
        motions = .allocate(capacity: 0)
        valueChangedCallbacks = .allocate(capacity: 0)
        completions = .allocate(capacity: 0)
    }

    isolated deinit {
        motions.deinitialize(count: count)
        motions.deallocate()
        valueChangedCallbacks.deinitialize(count: count)
        valueChangedCallbacks.deallocate()
        completions.deinitialize(count: count)
        completions.deallocate()
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

    /// The store's number in ``StoreRegistry`` (registered while it has live slots).
    final var registryNumber: UInt32 {
        if let registration { return registration }
        let number = StoreRegistry.register(self)
        registration = number
        return number
    }

    /// A slot for a new animator, holding `motion` with its spring index set to `spring`'s.
    final func allocate(_ motion: MotionState<Value>, spring: Spring) -> UInt32 {
        liveSlots += 1
        var motion = motion
        motion.springIndex = springIndex(for: spring)
        motion.flags.remove(.free)
        motion.motionChanged(spring, visibleChange: .nan)
        if let slot = freeSlots.popLast() {
            motions[Int(slot)] = motion
            return slot
        }
        if count == capacity { grow() }
        (motions + count).initialize(to: motion)
        (valueChangedCallbacks + count).initialize(to: nil)
        (completions + count).initialize(to: nil)
        count += 1
        return UInt32(count - 1)
    }

    private func grow() {
        let newCapacity = Swift.max(16, capacity * 2)
        func grown<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: count)
            old.deallocate()
            return new
        }
        motions = grown(motions)
        valueChangedCallbacks = grown(valueChangedCallbacks)
        completions = grown(completions)
        capacity = newCapacity
    }

    /// The animator of `slot` was released: stop silently and make the slot reusable.
    final func free(_ slot: UInt32) {
        let i = Int(slot)
        unschedule(slot)
        resumeWaiters(slot, with: nil)
        extrasBySlot[slot] = nil
        setValueChanged(nil, slot: slot)
        completions[i] = nil
        motions[i].flags = [.free]
        if i == callingSlot { callingFreed = true }
        freeSlots.append(slot)
        liveSlots -= 1
        if liveSlots == 0, let registration {
            // No animator names the store any more: the registry lets it go (the caller still holds it).
            self.registration = nil
            StoreRegistry.unregister(registration)
        }
    }

    /// The motion of `slot`, for reading.
    final func motion(_ slot: UInt32) -> MotionState<Value> { motions[Int(slot)] }

    /// Changes the motion of `slot` in place.
    @inline(__always)
    final func update<R>(_ slot: UInt32, _ body: (inout MotionState<Value>) -> R) -> R {
        body(&motions[Int(slot)])
    }

    /// The spring of `slot`.
    final func spring(_ slot: UInt32) -> Spring { springs[Int(motions[Int(slot)].springIndex)] }

    /// Changes the motion of `slot` in place, given what planning its finish needs: its spring and
    /// the minimum visible change of its rest threshold (NaN for `.automatic`).
    final func updateWithSpring<R>(_ slot: UInt32, _ body: (inout MotionState<Value>, Spring, Double) -> R) -> R {
        let spring = spring(slot), visibleChange = visibleChange(slot)
        return update(slot) { body(&$0, spring, visibleChange) }
    }

    /// Gives `slot` a new spring; the motion keeps position and velocity.
    final func setSpring(_ spring: Spring, slot: UInt32) {
        motions[Int(slot)].springIndex = springIndex(for: spring)
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
        for i in 0..<count where !motions[i].flags.contains(.free) {
            let spring = springs[Int(motions[i].springIndex)]
            let index: UInt32
            if let existing = indices[spring] {
                index = existing
            } else {
                kept.append(spring)
                index = UInt32(kept.count - 1)
                indices[spring] = index
            }
            motions[i].springIndex = index
        }
        springs = kept
        springIndices = indices
    }

    // MARK: Callbacks

    final func valueChanged(_ slot: UInt32) -> ValueCallback? { valueChangedCallbacks[Int(slot)]?.call }

    final func setValueChanged(_ callback: ValueCallback?, slot: UInt32) {
        let i = Int(slot)
        // (Not `map`: passing the closure through a generic function would wrap it in a thunk.)
        var stored: StoredCallback<Value>?
        if let callback { stored = StoredCallback(call: callback) }
        if i == callingSlot && valueChangedTaken {
            // The loop owns the closure whose bits are in the slot: write over them without a release.
            (valueChangedCallbacks + i).initialize(to: stored)
            valueChangedTaken = false
        } else {
            valueChangedCallbacks[i] = stored
        }
    }

    final func completion(_ slot: UInt32) -> EventCallback? { completions[Int(slot)]?.call }

    final func setCompletion(_ callback: EventCallback?, slot: UInt32) {
        var stored: StoredCallback<AnimationEvent<Value>>?
        if let callback { stored = StoredCallback(call: callback) }
        completions[Int(slot)] = stored
    }

    // MARK: Extras

    final func extras(_ slot: UInt32) -> AnimatorExtras<Value>? {
        motions[Int(slot)].flags.contains(.extras) ? extrasBySlot[slot] : nil
    }

    final func ensureExtras(_ slot: UInt32) -> AnimatorExtras<Value> {
        if let extras = extras(slot) { return extras }
        let created = AnimatorExtras<Value>()
        extrasBySlot[slot] = created
        motions[Int(slot)].flags.insert(.extras)
        return created
    }

    /// The minimum visible change of `slot`'s rest threshold, or NaN for `.automatic`.
    final func visibleChange(_ slot: UInt32) -> Double { extras(slot)?.visibleChange ?? .nan }

    /// `value` as `slot`'s `valueChanged` receives it (rounded to pixels when asked).
    @inline(__always)
    final func reported(_ value: Value, slot: UInt32) -> Value {
        guard motions[Int(slot)].flags.contains(.extras), let extras = extrasBySlot[slot], extras.integralize,
              let alignable = value as? any PixelAlignable else { return value }
        return (alignable.roundedToPixels(scale: extras.pixelScale) as? Value) ?? value
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
        let i = Int(slot)
        guard !motions[i].flags.contains(.scheduled), let controller else { return }
        motions[i].flags.insert(.scheduled)
        scheduledCount += 1
        if controller.isAdvancing {
            // Started from a callback during a frame: it begins on the next one.
            if startedFrame != controller.frameNumber { clearStartedThisFrame() }
            startedFrame = controller.frameNumber
            startedThisFrame.append(slot)
            motions[i].flags.insert(.startedThisFrame)
        }
        controller.schedule(self)
    }

    /// `slot` stopped: the loop skips it from now on.
    final func unschedule(_ slot: UInt32) {
        let i = Int(slot)
        guard motions[i].flags.contains(.scheduled) else { return }
        motions[i].flags.remove([.scheduled, .startedThisFrame])
        scheduledCount -= 1
        if scheduledCount == 0, let controller, !controller.isAdvancing { controller.unschedule(self) }
    }

    private func clearStartedThisFrame() {
        for slot in startedThisFrame where Int(slot) < count { motions[Int(slot)].flags.remove(.startedThisFrame) }
        startedThisFrame.removeAll(keepingCapacity: true)
    }

    override func interrupt() {
        for i in 0..<count where motions[i].flags.contains(.scheduled) {
            motions[i].flags.remove([.scheduled, .startedThisFrame])
            motions[i].interrupt()
            resumeWaiters(UInt32(i), with: nil)
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
        let end = count
        for i in 0..<end {
            // The slot's address is taken again after every callback: a callback that creates
            // animators can move the slots.
            let slot = motions + i
            let flags = slot.pointee.flags
            guard flags.contains(.scheduled), !flags.contains(.startedThisFrame) else { continue }
            let index = slot.pointee.springIndex
            if index != transitionIndex {
                transitionIndex = index
                instantaneous = springs[Int(index)].isInstantaneous
                transition = instantaneous ? .identity : springs[Int(index)].transition(over: deltaTime)
            }
            let result: AnimationStep
            if slot.pointee.isPlainExactStep && !instantaneous {
                // The common case, inline: a running exact motion one frame further.
                if slot.pointee.moveExactly(transition, by: deltaTime) {
                    slot.pointee.finish()
                    result = [.moved, .finished]
                } else {
                    result = .moved
                }
            } else {
                result = slot.pointee.advance(
                    by: deltaTime, transition: slot.pointee.integrator == .exact && !instantaneous ? transition : nil,
                    spring: springs[Int(index)], visibleChange: self.visibleChange(UInt32(i)))
            }
            if result.isEmpty { continue }
            if result.contains(.began), let didStart = extras(UInt32(i))?.didStart {
                guard call(i, { didStart() }) else { continue }
            }
            if result.contains(.moved) {
                guard callValueChanged(i, reported(motions[i].value, slot: UInt32(i))) else { continue }
            }
            if result.contains(.finished) { finish(i) }
        }
        return scheduledCount == 0
    }

    /// Calls slot `i`'s `valueChanged` with `value`; false when the call released the animator.
    @inline(__always)
    private func callValueChanged(_ i: Int, _ value: Value) -> Bool {
        guard let callback = (valueChangedCallbacks + i).move() else {
            (valueChangedCallbacks + i).initialize(to: nil)
            return true
        }
        callingSlot = i
        callingFreed = false
        valueChangedTaken = true
        Self.invoke(callback, value)
        callingSlot = -1
        if valueChangedTaken {
            // Not replaced: the slot's bits are still this closure; hand ownership back. (The slots
            // may have moved if the call created animators: the pointer is worked out again.)
            valueChangedTaken = false
            (valueChangedCallbacks + i).initialize(to: consume callback)
        } else {
            _ = consume callback
        }
        return !callingFreed
    }

    @inline(__always)
    private static func invoke(_ callback: borrowing StoredCallback<Value>, _ value: Value) {
        callback.call(value)
    }

    /// Calls `body` as slot `i`'s callback; false when the call released the animator.
    private func call(_ i: Int, _ body: () -> Void) -> Bool {
        callingSlot = i
        callingFreed = false
        body()
        callingSlot = -1
        return !callingFreed
    }

    /// Slot `i`'s run finished on this frame.
    private func finish(_ i: Int) {
        let slot = UInt32(i)
        let value = motions[i].value
        if let completion = completions[i] {
            guard call(i, { completion.call(.finished(at: value)) }) else { return }
        }
        resumeWaiters(slot, with: value)
        // A callback may have started a new run; then the slot stays scheduled.
        guard motions[i].state == .ended else { return }
        motions[i].settleEndedState()
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

/// Where an animator's state is: a store's number in ``StoreRegistry`` and a slot in that store.
struct StoreAddress {
    private let bits: UInt64
    init(store: UInt32, slot: UInt32) { bits = UInt64(store) << 32 | UInt64(slot) }
    var store: UInt32 { UInt32(truncatingIfNeeded: bits >> 32) }
    var slot: UInt32 { UInt32(truncatingIfNeeded: bits) }
}

/// The animator stores that have live animators, by number. An animator names its store by number
/// rather than by reference so that the animator is one word; the registry holds the reference
/// (keeping the store alive, even after its controller is gone) until the store's last animator is
/// released.
@MainActor
enum StoreRegistry {
    private static var stores: [AnyObject?] = []
    private static var freeNumbers: [UInt32] = []

    static func register(_ store: AnyObject) -> UInt32 {
        if let number = freeNumbers.popLast() {
            stores[Int(number)] = store
            return number
        }
        stores.append(store)
        return UInt32(stores.count - 1)
    }

    static func unregister(_ number: UInt32) {
        stores[Int(number)] = nil
        freeNumbers.append(number)
    }

    @inline(__always)
    static func store(_ number: UInt32) -> AnyObject {
        stores[Int(number)].unsafelyUnwrapped
    }
}

/// A stored callback. A closure kept bare in generic storage (a pointer's or an array's element) is
/// held in the most general calling form, so storing one allocates a conversion thunk and every
/// load wraps it again; in a struct field it keeps the form of its declared type, as a class's
/// stored property would.
struct StoredCallback<Argument> {
    let call: @MainActor (Argument) -> Void
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
}
