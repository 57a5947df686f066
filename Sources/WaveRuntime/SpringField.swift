import RealModule
import SpringMath

/// The number types a ``SpringField`` animates: `Float` and `Double`.
public protocol SpringFieldScalar: BinaryFloatingPoint, Sendable {
    /// The value as a `Double` (exact for both conforming types).
    var doubleValue: Double { get }
    /// The nearest value to `value`.
    init(nearest value: Double)
}

extension Float: SpringFieldScalar {
    @inlinable public var doubleValue: Double { Double(self) }
    @inlinable public init(nearest value: Double) { self.init(value) }
}

extension Double: SpringFieldScalar {
    @inlinable public var doubleValue: Double { self }
    @inlinable public init(nearest value: Double) { self = value }
}

/// Many values animated at once: particles, list rows, a grid of cells. Each element is a scalar
/// value moving toward its own target with its own velocity, on one spring for the whole field or
/// on a spring per element.
///
/// A field is the many-values form of ``SpringAnimator``: every element moves and finishes exactly
/// as a `SpringAnimator<Double>` driven the same way would (exact stepping, the automatic rest band,
/// the finish on the first frame at or after the exact settle time in distance and speed; see
/// ``RestThreshold``). What differs is the shape:
///
/// - **Structure of arrays.** Positions, velocities and targets sit in contiguous arrays; a frame
///   reads those three and writes the first two, nothing else. Per element the field also keeps the
///   state of its latest change and when it settles (17 bytes more); a spring per element adds a
///   2-byte index into a small table of distinct springs.
/// - **One transition per spring and frame.** ``advance(by:)`` computes the exact transition over the
///   frame once per distinct spring and applies it to every element in a loop the compiler turns into
///   SIMD code, with no allocation, dynamic dispatch or branch per element.
/// - **Plans only when they can matter.** A change (retarget, new value, injected velocity) is
///   recorded in a few nanoseconds. The element's exact settle time (a root search, about a
///   microsecond) is computed once the change is old enough to settle at all (an energy bound,
///   ≈ 3.4 / (ζω₀)), so a grid retargeted on every frame by a moving pointer plans nothing until the
///   pointer stops.
/// - **A settled element stays exactly on its target** with zero velocity; retargeting it starts it
///   again (as `animator.target = …; animator.start()` does for an animator).
///
/// ```swift
/// let cells = SpringField<Float>(count: 10_000, spring: Spring(dampingRatio: 0.8, response: 0.4))
/// cells.settled = { print("all cells at rest") }
/// for i in cells.indices { cells.retarget(i, to: Float(i % 100)) }
/// cells.advance(by: 1.0 / 120)        // once a frame
/// draw(cells.positions)
/// ```
///
/// Preconditions: values, targets and velocities are finite; indices are in `0..<count`; frame
/// intervals are finite and ≥ 0. A motion so large that its squared size overflows a `Double` cannot
/// be planned and never settles by itself.
public final class SpringField<Scalar: SpringFieldScalar> {

    /// Current values.
    public private(set) var positions: [Scalar]
    /// Current velocities, value units per second.
    public private(set) var velocities: [Scalar]
    /// Targets.
    public private(set) var targets: [Scalar]
    /// Per element: the field time of its latest change until it is planned, then its deadline (that
    /// time plus the exact settle time); −∞ once settled (then it sits exactly on its target), +∞ for
    /// a motion too large to plan. Frames write nothing here.
    private var marks: [Double]
    /// Whether `marks` holds a deadline (true) or the time of a change not yet planned (false).
    private var planned: [Bool]
    /// The displacement and velocity at each element's latest change, from which it is planned.
    private var origins: [Double]
    /// The earliest time at which a moving element may settle or needs its plan (+∞ when none):
    /// frames before it do nothing but step.
    private var nextCheck = Double.infinity
    /// Seconds advanced since the field was made.
    public private(set) var time: Double = 0
    /// The distinct springs, and each element's index into them (empty while one spring drives all).
    public private(set) var springs: [Spring] {
        didSet { settleLowerBounds = springs.map(SpringField.settleLowerBound) }
    }
    private var springIndices: [UInt16]
    /// For each spring, a time before which no motion of it can settle (see ``settleLowerBound(_:)``).
    private var settleLowerBounds: [Double] = []
    /// How many elements are still moving.
    public private(set) var movingCount: Int = 0

    /// Called at the end of the ``advance(by:)`` on which the last moving element settles. The field is
    /// a class so that this closure may read it; capture it weakly (`[weak field]`) to avoid a cycle.
    public var settled: (() -> Void)?

    /// `count` elements resting at `value`, moved by `spring`.
    /// - Precondition: `count` ≥ 0; `value` finite.
    public convenience init(count: Int, spring: Spring, value: Scalar = 0) {
        precondition(count >= 0, "count must be ≥ 0")
        self.init(values: Array(repeating: value, count: count), spring: spring)
    }

    /// Elements at `values`, at rest there, moved by `spring`.
    public init(values: [Scalar], spring: Spring) {
        precondition(values.allSatisfy(\.isFinite), "values must be finite")
        positions = values
        velocities = Array(repeating: 0, count: values.count)
        targets = values
        marks = Array(repeating: -.infinity, count: values.count)
        planned = Array(repeating: true, count: values.count)
        origins = Array(repeating: 0, count: 2 * values.count)
        springs = [spring]
        springIndices = []
        settleLowerBounds = [SpringField.settleLowerBound(spring)]
    }

    /// The number of elements.
    public var count: Int { positions.count }
    /// `0..<count`.
    public var indices: Range<Int> { positions.indices }
    /// Whether every element has settled.
    public var isSettled: Bool { movingCount == 0 }
    /// Whether element `i` has settled (it sits exactly on its target with zero velocity).
    public func isSettled(_ i: Int) -> Bool { marks[i] == -.infinity }
    /// Which elements have settled, in element order.
    public var settledMask: [Bool] { marks.map { $0 == -.infinity } }

    /// The spring that moves element `i`.
    public func spring(at i: Int) -> Spring { springs[springIndices.isEmpty ? 0 : Int(springIndices[i])] }

    // MARK: Changes

    /// Sends element `i` toward `target`, keeping its position and velocity (a settled element starts
    /// again). Setting its current target does nothing.
    @_specialize(exported:true,where Scalar == Float)
    @_specialize(exported:true,where Scalar == Double)
    public func retarget(_ i: Int, to target: Scalar) {
        precondition(target.isFinite, "target must be finite")
        guard target != targets[i] else { return }
        targets[i] = target
        plan(i)
    }

    /// Gives element `i` the velocity `velocity` (a fling), keeping its position and target; it moves
    /// from there even if it had settled.
    @_specialize(exported:true,where Scalar == Float)
    @_specialize(exported:true,where Scalar == Double)
    public func inject(velocity: Scalar, at i: Int) {
        precondition(velocity.isFinite, "velocity must be finite")
        velocities[i] = velocity
        plan(i)
    }

    /// Moves element `i` to `value` at once, keeping its velocity; it moves on from there toward its target.
    @_specialize(exported:true,where Scalar == Float)
    @_specialize(exported:true,where Scalar == Double)
    public func setValue(_ value: Scalar, at i: Int) {
        precondition(value.isFinite, "value must be finite")
        positions[i] = value
        plan(i)
    }

    /// Gives element `i` its own spring; its position and velocity are kept.
    /// - Precondition: at most 65 536 distinct springs in one field.
    public func setSpring(_ spring: Spring, at i: Int) {
        let index: Int
        if let known = springs.firstIndex(of: spring) {
            index = known
        } else {
            precondition(springs.count < Int(UInt16.max) + 1, "a field holds at most 65 536 distinct springs")
            springs.append(spring)
            index = springs.count - 1
        }
        if springIndices.isEmpty {
            guard index != 0 else { return }
            springIndices = Array(repeating: 0, count: count)
        }
        springIndices[i] = UInt16(index)
        if !isSettled(i) { plan(i) }
    }

    /// Records a change of element `i`. Its exact settle time (SpringMath's root search, about a
    /// microsecond) is computed only when it can matter: a motion of a spring with damping ratio ζ and
    /// natural frequency ω₀ cannot settle before `settleLowerBound`, so an element retargeted again
    /// before then (a grid that follows the pointer) is never planned at all.
    private func plan(_ i: Int) {
        if isSettled(i) { movingCount += 1 }
        let value = positions[i].doubleValue, target = targets[i].doubleValue
        let x0 = value - target, v0 = velocities[i].doubleValue
        origins[2 * i] = x0
        origins[2 * i + 1] = v0
        marks[i] = time
        let springIndex = springIndices.isEmpty ? 0 : Int(springIndices[i])
        // The bound assumes the automatic band, 0.75·10⁻³ of the motion's peak; a motion within a few
        // ulps of its values gets a larger band (the rounding floor), and is planned at once.
        if abs(x0) >= 1e-10 * Swift.max(abs(value), abs(target)) && x0.isFinite && v0.isFinite {
            planned[i] = false
            nextCheck = Swift.min(nextCheck, time + settleLowerBounds[springIndex])
        } else {
            marks[i] = time + settleTime(i, spring: springs[springIndex])
            planned[i] = true
            nextCheck = Swift.min(nextCheck, marks[i])
        }
    }

    /// The exact time from element `i`'s latest change until it stays inside its rest band for good,
    /// by the same rule and arithmetic as ``SpringAnimation`` (+∞ when the motion is too large to plan).
    private func settleTime(_ i: Int, spring: Spring) -> Double {
        if spring.isInstantaneous { return 0 }
        let x0 = origins[2 * i], v0 = origins[2 * i + 1]
        let target = targets[i].doubleValue, value = target + x0
        let motion = OneDimensionalParts(offset: x0, velocity: v0)
        let thresholds = motion.restThresholds(
            spring, visibleChange: .nan,
            magnitude: Swift.max(target.magnitude, value.magnitude))
        let band = Double(thresholds.distance)
        let time = motion.settleTime(spring, band: band, speedBand: band * spring.naturalFrequency)
        return time.isNaN ? .infinity : time
    }

    /// A time before which no motion of `spring` settles within the automatic rest band.
    ///
    /// With E = v² + ω₀²x², dE/dt = −4ζω₀v² ≥ −4ζω₀E, so E(t) ≥ E(0)·e^(−4ζω₀t). The band is
    /// b = 0.75·10⁻³·peak ≤ 0.75·10⁻³·√E(0)/ω₀, and inside both bands E ≤ 2ω₀²b². Together:
    /// t ≥ ln(1 / (2·(0.75·10⁻³)²)) / (4ζω₀) ≈ 3.42 / (ζω₀); 1 % is taken off for the band's
    /// rounding to Float.
    static func settleLowerBound(_ spring: Spring) -> Double {
        guard !spring.isInstantaneous else { return 0 }
        let fraction = RestThreshold.distanceFactor * RestThreshold.automaticFraction
        let rate = 4 * spring.dampingRatio * spring.naturalFrequency
        guard rate > 0 else { return 0 }
        return 0.99 * Double.log(1 / (2 * fraction * fraction)) / rate
    }

    // MARK: Advancing

    /// Moves every element `deltaTime` seconds along its exact motion; elements whose settle time has
    /// come are set exactly on their targets with zero velocity. Calls ``settled`` when the last
    /// moving element settles.
    /// - Precondition: `deltaTime` finite and ≥ 0.
    // Pre-specialized for both scalar types, so callers in other modules run the specialized loops
    // (about 150 ns an element through generic witnesses otherwise).
    @_specialize(exported:true,where Scalar == Float)
    @_specialize(exported:true,where Scalar == Double)
    public func advance(by deltaTime: Double) {
        precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
        guard movingCount > 0 else { return }
        time += deltaTime
        if springIndices.isEmpty {
            let spring = springs[0]
            advanceAll(by: spring.isInstantaneous ? .identity : spring.transition(over: deltaTime))
        } else {
            advanceEach(
                by: springs.map { $0.isInstantaneous ? TransitionMatrix.identity : $0.transition(over: deltaTime) })
        }
        if time >= nextCheck {
            settleDueElements()
            if movingCount == 0 { settled?() }
        }
    }

    /// One spring for all: pure arithmetic over the arrays, which the compiler turns into SIMD code.
    /// A settled element (x = 0, v = 0) advances to itself, so none is skipped and nothing branches.
    private func advanceAll(by m: TransitionMatrix) {
        let a = Scalar(nearest: m.positionFromPosition), b = Scalar(nearest: m.positionFromVelocity)
        let c = Scalar(nearest: m.velocityFromPosition), d = Scalar(nearest: m.velocityFromVelocity)
        let n = count
        positions.withUnsafeMutableBufferPointer { p in
            velocities.withUnsafeMutableBufferPointer { v in
                targets.withUnsafeBufferPointer { t in
                    guard n > 0, let pp = p.baseAddress, let vp = v.baseAddress, let tp = t.baseAddress else { return }
                    // Two independent halves a pass give the vector units two chains to overlap.
                    let half = n / 2
                    let (p2, v2, t2) = (pp + half, vp + half, tp + half)
                    for i in 0..<half {
                        let target = tp[i], x = pp[i] - target, velocity = vp[i]
                        let target2 = t2[i], x2 = p2[i] - target2, velocity2 = v2[i]
                        pp[i] = target + (a * x + b * velocity)
                        vp[i] = c * x + d * velocity
                        p2[i] = target2 + (a * x2 + b * velocity2)
                        v2[i] = c * x2 + d * velocity2
                    }
                    if n % 2 == 1 {
                        let i = n - 1
                        let target = tp[i], x = pp[i] - target, velocity = vp[i]
                        pp[i] = target + (a * x + b * velocity)
                        vp[i] = c * x + d * velocity
                    }
                }
            }
        }
    }

    /// A spring per element: each moving element takes its spring's transition from the table.
    private func advanceEach(by matrices: [TransitionMatrix]) {
        let n = count
        matrices.withUnsafeBufferPointer { table in
            springIndices.withUnsafeBufferPointer { index in
                marks.withUnsafeBufferPointer { mark in
                    positions.withUnsafeMutableBufferPointer { p in
                        velocities.withUnsafeMutableBufferPointer { v in
                            targets.withUnsafeBufferPointer { t in
                                for i in 0..<n where mark[i] != -.infinity {
                                    let m = table[Int(index[i])]
                                    let a = Scalar(nearest: m.positionFromPosition),
                                        b = Scalar(nearest: m.positionFromVelocity)
                                    let c = Scalar(nearest: m.velocityFromPosition),
                                        d = Scalar(nearest: m.velocityFromVelocity)
                                    let target = t[i], x = p[i] - target, velocity = v[i]
                                    p[i] = target + (a * x + b * velocity)
                                    v[i] = c * x + d * velocity
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Plans the elements whose lower bound has passed, puts every element whose deadline has come on
    /// its target, at rest, and finds the next time to look.
    private func settleDueElements() {
        var moving = 0, next = Double.infinity
        let now = time
        for i in indices where marks[i] != -.infinity {
            let springIndex = springIndices.isEmpty ? 0 : Int(springIndices[i])
            if !planned[i] {
                guard marks[i] + settleLowerBounds[springIndex] <= now else {
                    moving += 1
                    next = Swift.min(next, marks[i] + settleLowerBounds[springIndex])
                    continue
                }
                marks[i] += settleTime(i, spring: springs[springIndex])
                planned[i] = true
            }
            if marks[i] <= now {
                positions[i] = targets[i]
                velocities[i] = 0
                marks[i] = -.infinity
            } else {
                moving += 1
                next = Swift.min(next, marks[i])
            }
        }
        movingCount = moving
        nextCheck = next
    }
}
