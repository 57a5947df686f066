import SpringMath

/// The velocity of a pointer or finger from its recent positions: the least-squares slope of the
/// samples of the last ``window`` seconds, as the platforms estimate a gesture's velocity. Feed it
/// every motion event; read ``velocity`` on release and hand it to the animator
/// (``SpringAnimator/velocity``) so the spring starts with the gesture's momentum.
///
/// ```swift
/// var tracker = GestureVelocity<SIMD2<Double>>()
/// tracker.add(SIMD2(10, 10), at: 0.000)
/// tracker.add(SIMD2(20, 15), at: 0.016)
/// tracker.velocity        // (625, 312.5) units per second
/// ```
public struct GestureVelocity<Value: SpringVector>: Sendable where Value: Sendable {
    /// How far back samples count, in seconds (0.1: the last 100 ms of the gesture).
    public var window: Double
    private var samples: [(time: Double, position: Value)] = []

    /// - Precondition: `window` finite and > 0.
    public init(window: Double = 0.1) {
        precondition(window.isFinite && window > 0, "window must be finite and > 0")
        self.window = window
    }

    /// Forgets every sample (a new gesture).
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// A sample: the position at `time` seconds (any clock, increasing). Samples older than the window
    /// are dropped; a sample not later than the previous one replaces it.
    public mutating func add(_ position: Value, at time: Double) {
        if let last = samples.last, !(time > last.time) { samples.removeLast() }
        samples.append((time, position))
        let oldest = time - window
        if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 { samples.removeFirst(keep) }
    }

    /// The least-squares velocity over the window, in units per second; zero with fewer than two samples.
    public var velocity: Value {
        guard samples.count >= 2 else { return .zero }
        let meanTime = samples.reduce(0) { $0 + $1.time } / Double(samples.count)
        var meanPosition = Value.zero
        for sample in samples { meanPosition = meanPosition + sample.position.scaled(by: 1 / Double(samples.count)) }
        var numerator = Value.zero
        var denominator = 0.0
        for sample in samples {
            let dt = sample.time - meanTime
            numerator = numerator + (sample.position - meanPosition).scaled(by: dt)
            denominator += dt * dt
        }
        return denominator > 0 ? numerator.scaled(by: 1 / denominator) : .zero
    }
}
