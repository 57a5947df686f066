import Testing

@testable import WaveRuntime

/// Counts live instances, to see that a buffer initializes and deinitializes each element once.
final class LiveCounter {
    var live = 0
}

final class Tracked {
    let counter: LiveCounter
    let value: Int
    init(_ value: Int, _ counter: LiveCounter) {
        self.value = value
        self.counter = counter
        counter.live += 1
    }
    deinit { counter.live -= 1 }
}

/// A noncopyable element, as the animator store's callback slots are.
struct Unique: ~Copyable {
    var value: Int
}

@Suite("Slot buffer")
struct SlotBufferTests {
    @Test("Appends fill the buffer in order up to its capacity; reads and writes see what was stored")
    func appendReadWrite() {
        let buffer = SlotBuffer<Int>(capacity: 5)
        #expect(buffer.count == 0 && !buffer.isFull)
        for i in 0..<5 { #expect(buffer.append(i * 10) == i) }
        #expect(buffer.count == 5 && buffer.isFull)
        #expect((0..<5).map { buffer[$0] } == [0, 10, 20, 30, 40])
        buffer[2] = 7
        buffer.update(3) { $0 += 1 }
        #expect(buffer.read(3) { $0 } == 31)
        #expect((0..<5).map { buffer[$0] } == [0, 10, 7, 31, 40])
    }

    @Test("Each element is released once: when overwritten, and the initialized ones when the buffer goes")
    func elementsReleasedOnce() {
        let counter = LiveCounter()
        do {
            let buffer = SlotBuffer<Tracked?>(capacity: 8)
            for i in 0..<5 { buffer.append(Tracked(i, counter)) }
            #expect(counter.live == 5)
            buffer[1] = nil
            #expect(counter.live == 4)
            buffer.update(2) { $0 = Tracked(99, counter) }
            #expect(counter.live == 4)
            #expect(buffer[2]?.value == 99)
        }
        // Three slots were never initialized: only the five initialized ones were deinitialized.
        #expect(counter.live == 0)
    }

    @Test("Noncopyable elements are lent in place and changed in place")
    func noncopyableElements() {
        let buffer = SlotBuffer<Unique>(capacity: 3)
        buffer.append(Unique(value: 1))
        buffer.append(Unique(value: 2))
        buffer.update(1) { $0.value *= 21 }
        #expect(buffer.read(1) { $0.value } == 42)
        #expect(buffer.read(0) { $0.value } == 1)
        // Reading an element again while it is lent is allowed.
        let nested = buffer.read(1) { outer in outer.value + buffer.read(1) { $0.value } }
        #expect(nested == 84)
    }

    @Test("An element keeps its address while the buffer fills: a closure lent from it is the same closure")
    func stableAcrossAppends() {
        let buffer = SlotBuffer<(() -> Int)?>(capacity: 64)
        buffer.append { 7 }
        let result = buffer.read(0) { first -> Int in
            // Appends while element 0 is lent do not move it.
            for i in 1..<64 { buffer.append { i } }
            return first?() ?? -1
        }
        #expect(result == 7)
        #expect(buffer.isFull)
        #expect((1..<64).allSatisfy { i in buffer[i]?() == i })
    }
}
