/// A fixed-capacity run of elements that never move: the one type in WaveRuntime that manages memory
/// by hand.
///
/// An animator store keeps its slots in a list of these (see ``AnimatorStore``). Because a buffer
/// never reallocates, an element's address is fixed for the buffer's life: the frame loop holds a
/// buffer for a whole run of slots, callbacks may create animators (appending slots, or whole new
/// buffers) in the middle of it, and nothing it holds goes stale. Elements are reached through the
/// buffer's constant base address, so the loop pays neither a reallocation check nor a dynamic
/// exclusivity check per element, as it would through an array stored in a class.
///
/// Invariants, checked with `assert` in debug builds:
/// 1. `base` addresses memory for `capacity` elements, allocated by `init`, released by `deinit`,
///    and never changed in between.
/// 2. Elements `0..<count` are initialized and the rest are not. `count` only grows, one element per
///    ``append(_:)``, and never past `capacity`.
/// 3. Every read, write and update names an index in `0..<count`, so nothing reads uninitialized or
///    moved-from memory and nothing is written past the end.
/// 4. `deinit` deinitializes exactly the `count` initialized elements, once.
///
/// 5. No element is written while it is lent out: not while ``read(_:_:)`` lends it, and not
///    while ``update(_:_:)`` changes it (whose closure must not reach the same element again).
///
/// Element access is not checked for exclusivity at run time, so rule 5 is the caller's: the store
/// gives ``update(_:_:)`` only plain state-machine arithmetic, and while it calls a callback lent by
/// ``read(_:_:)`` it defers any change to that callback's element until the call returns.
final class SlotBuffer<Element: ~Copyable> {
    /// How many elements the buffer can hold.
    let capacity: Int
    /// How many elements are initialized (the first `count`).
    private(set) var count = 0
    private let base: UnsafeMutablePointer<Element>
    #if DEBUG
        /// The elements lent out by ``update(_:_:)`` and by ``read(_:_:)``, for checking rule 5.
        private var lentForUpdate: Int?
        private var lentForRead: Int?
    #endif

    /// An empty buffer with room for `capacity` elements.
    /// - Precondition: `capacity` ≥ 1.
    init(capacity: Int) {
        precondition(capacity >= 1, "a slot buffer holds at least one element")
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        assert(count >= 0 && count <= capacity, "slot buffer count out of range")
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Whether another element fits.
    var isFull: Bool { count == capacity }

    /// Initializes the next element to `element`; returns its index.
    /// - Precondition: the buffer is not full.
    @discardableResult
    func append(_ element: consuming Element) -> Int {
        precondition(count < capacity, "slot buffer is full")
        (base + count).initialize(to: element)
        count += 1
        return count - 1
    }

    /// Changes the element at `index` in place.
    @inline(__always)
    func update<Result>(_ index: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        assert(index >= 0 && index < count, "slot buffer index out of range")
        assertNotLent(index)
        #if DEBUG
            let outer = lentForUpdate
            lentForUpdate = index
            defer { lentForUpdate = outer }
        #endif
        return try body(&base[index])
    }

    /// Lends the element at `index` to `body` in place, without copying it (for a closure: without
    /// retaining it for the call). The element may be read again meanwhile, but not written, until
    /// `body` returns.
    @inline(__always)
    func read<Result>(_ index: Int, _ body: (borrowing Element) throws -> Result) rethrows -> Result {
        assert(index >= 0 && index < count, "slot buffer index out of range")
        #if DEBUG
            assert(lentForUpdate != index, "slot buffer element read while it is being updated")
            let outer = lentForRead
            lentForRead = index
            defer { lentForRead = outer }
        #endif
        return try body(base[index])
    }

    @inline(__always)
    private func assertNotLent(_ index: Int) {
        #if DEBUG
            assert(lentForUpdate != index && lentForRead != index, "slot buffer element written while lent out")
        #endif
    }
}

extension SlotBuffer where Element: Copyable {
    /// The element at `index`.
    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "slot buffer index out of range")
            return base[index]
        }
        set {
            assert(index >= 0 && index < count, "slot buffer index out of range")
            assertNotLent(index)
            base[index] = newValue
        }
    }
}
