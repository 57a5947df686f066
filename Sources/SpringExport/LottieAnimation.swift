import Foundation
import SpringChoreography
import SpringFormatting
import SpringMath
import SpringPlatforms
import SpringWire

/// A Lottie animation of an element moved by a spring, with the spring baked into keyframes: Lottie
/// has no spring easing (its keyframes are cubic Béziers or holds, and expressions do not run in the
/// mobile players).
///
/// Method: knots are placed at the start, at every turning point of the motion (where its velocity is
/// zero, so each segment between them is monotone), at a sequence's keyframe starts, and at the end;
/// each segment is the cubic Hermite curve through the exact position and velocity at its two knots,
/// split in half until it stays within the tolerance. A Hermite segment is a Lottie keyframe whose
/// easing has its control points at one and two thirds of the segment's time (so time maps linearly)
/// and at heights set by the exact velocities: the velocity is continuous across keyframes and the
/// initial velocity is honoured.
///
/// Every property follows the same progress (0 at the start, 1 at the target): ``Property/position``
/// moves the element from `from` to `to` px along x; the others run over fixed ranges. Opacity cannot
/// leave 0…100 % (the format's range; rlottie wraps a value past it), so its keyframes follow the
/// progress clamped to 0…1, with knots where the motion crosses 0 or 1.
public struct LottieAnimation: Sendable {
    /// What the spring moves.
    public enum Property: String, CaseIterable, Sendable {
        /// x, in px: from `from` to `to`.
        case position
        /// The element's scale, from 0 to 100 %.
        case scale
        /// The element's opacity, from 0 to 100 %: the progress clamped to 0…1 (an overshoot holds at
        /// 100 %).
        case opacity
        /// The element's rotation, from 0° to 90°.
        case rotation

        /// The property's value at progress 0 and 1 (position's come from the motion).
        public var range: (start: Double, end: Double) {
            switch self {
            case .position: return (0, 1)
            case .scale, .opacity: return (0, 100)
            case .rotation: return (0, 90)
            }
        }
    }

    /// A point where one keyframe ends and the next starts: its time in seconds, the progress there,
    /// and the progress's slope (per second) arriving and leaving (different only where a sequence's
    /// keyframe starts with a kink).
    public struct Knot: Sendable, Equatable {
        public var time: Double
        public var progress: Double
        public var slopeIn: Double
        public var slopeOut: Double
    }

    /// Why a motion cannot become a Lottie animation.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The keyframes would outnumber ``LottieAnimation/largestKeyframeCount``.
        case tooManyKeyframes(estimate: Int)
        /// The element's path is wider than a composition takes.
        case tooWide(px: Double)
        /// The motion has no travel, never settles, settles too late, or the tolerance is out of range
        /// (as for the CSS easing).
        case motion(LinearEasingError)

        public var description: String {
            switch self {
            case .tooManyKeyframes(let estimate):
                return
                    "the motion would need about \(estimate) keyframes, more than the \(LottieAnimation.largestKeyframeCount) a Lottie export takes (a larger --error or a more damped spring needs fewer)"
            case .tooWide(let px):
                return
                    "the element's path spans \(NumberFormat.people(px, digits: 4)) px, wider than the \(Int(LottieAnimation.largestSide)) px a Lottie composition takes here (choose a shorter --from/--to)"
            case .motion(let error):
                return "\(error)"
            }
        }
    }

    /// The most keyframes an export writes (a cap checked before the fit from the motion's turning
    /// points, and enforced while splitting).
    public static let largestKeyframeCount = 20_000
    /// The widest composition, in px.
    public static let largestSide = 16_384.0
    /// The element: a rounded rectangle this many px wide and high.
    public static let elementSize = (width: 48.0, height: 32.0)

    /// The knots, in time order: the first at 0, the last at ``duration`` with progress 1 and slope 0.
    public let knots: [Knot]
    /// The knots of the progress clamped to 0…1, for opacity (empty unless ``properties`` has it).
    public let clampedKnots: [Knot]
    /// Seconds from the start to the last knot (where the motion has settled within half the error).
    public let duration: Double
    /// The composition's frames per second.
    public let frameRate: Double
    /// The motion's start and end (position's px).
    public let from: Double, to: Double
    /// The properties the spring moves, in the order given.
    public let properties: [Property]
    /// The largest error allowed, as a fraction of the travel.
    public let tolerance: Double
    /// The largest error measured between the keyframes and the exact motion (clamped for opacity), as
    /// a fraction of the travel.
    public let measuredError: Double
    /// The composition's size in px.
    public let width: Double, height: Double
    /// The element's x at progress 0 in the composition (position's `from`).
    let originX: Double

    /// The keyframes of the most keyed property (one per knot).
    public var keyframeCount: Int {
        max(properties == [.opacity] ? 0 : knots.count, clampedKnots.count)
    }

    /// A spring motion as keyframes within `tolerance` (a fraction of the travel).
    public init(
        motion: SpringMotion<Double>, tolerance: Double, frameRate: Double, properties: [Property] = [.position]
    ) throws {
        let duration = try LottieAnimation.eased {
            try LinearEasing.printedSettleDuration(motion: motion, tolerance: tolerance)
        }
        try self.init(
            sampler: ProgressSampler(motion: motion, duration: duration), tolerance: tolerance,
            frameRate: frameRate, properties: properties, oscillation: motion.spring.dampedFrequency)
    }

    /// A whole spring sequence as one animation, its progress relative to the sequence's first and
    /// final values, within `tolerance` of that travel.
    public init(
        sequence: SpringSequence, tolerance: Double, frameRate: Double, properties: [Property] = [.position]
    ) throws {
        let duration = try LottieAnimation.eased {
            try LinearEasing.printedSettleDuration(sequence: sequence, tolerance: tolerance)
        }
        let fastest = sequence.keyframes.map(\.spring.dampedFrequency).max() ?? 0
        try self.init(
            sampler: ProgressSampler(sequence: sequence, duration: duration), tolerance: tolerance,
            frameRate: frameRate, properties: properties, oscillation: fastest)
    }

    /// `body`'s value, its easing error as a ``Failure``.
    private static func eased(_ body: () throws -> Double) throws -> Double {
        do { return try body() } catch let error as LinearEasingError { throw Failure.motion(error) }
    }

    private init(
        sampler: ProgressSampler, tolerance: Double, frameRate: Double, properties: [Property],
        oscillation: Double
    ) throws {
        precondition(frameRate.isFinite && frameRate > 0, "the frame rate must be finite and > 0")
        precondition(!properties.isEmpty, "at least one property")
        let duration = sampler.duration
        // Turning points come every half period: the estimate is checked before any work.
        let turns = oscillation.isFinite ? duration * oscillation / Double.pi : .infinity
        let estimate = turns.isFinite ? Int(min(turns, 1e9)) + 2 + sampler.kinks.count : Int.max
        if estimate > LottieAnimation.largestKeyframeCount {
            throw Failure.tooManyKeyframes(estimate: estimate)
        }
        self.duration = duration
        self.frameRate = frameRate
        self.tolerance = tolerance
        self.properties = properties
        from = sampler.from
        to = sampler.from + sampler.travel
        let raw = Curve(sampler: sampler, clamped: false)
        let knots =
            duration == 0
            ? [Knot(time: 0, progress: 1, slopeIn: 0, slopeOut: 0)]
            : try LottieAnimation.fit(raw, tolerance: tolerance, turns: estimate)
        self.knots = knots
        var measured = LottieAnimation.error(of: knots, curve: raw)
        if properties.contains(.opacity) && duration > 0 {
            let clamped = Curve(sampler: sampler, clamped: true)
            clampedKnots = try LottieAnimation.fit(clamped, tolerance: tolerance, turns: estimate)
            measured = max(measured, LottieAnimation.error(of: clampedKnots, curve: clamped))
        } else {
            clampedKnots = properties.contains(.opacity) ? knots : []
        }
        measuredError = measured

        // The composition: the element's path with room for the element turned and scaled.
        let scales = properties.contains(.scale) ? LottieAnimation.progressRange(knots) : (0.0, 1.0)
        let grow = max(1, scales.1, -scales.0)
        let diagonal =
            (LottieAnimation.elementSize.width * LottieAnimation.elementSize.width
            + LottieAnimation.elementSize.height * LottieAnimation.elementSize.height).squareRoot()
        let room = (diagonal * grow / 2).rounded(.up) + 16
        var span = 0.0, lowest = 0.0
        if properties.contains(.position) {
            let reach = LottieAnimation.progressRange(knots)
            let a = sampler.from + reach.0 * sampler.travel, b = sampler.from + reach.1 * sampler.travel
            lowest = min(a, b, sampler.from, to)
            span = max(a, b, sampler.from, to) - lowest
        }
        let width = (span + 2 * room).rounded(.up)
        if !(width <= LottieAnimation.largestSide) { throw Failure.tooWide(px: span) }
        self.width = width
        height = 2 * room
        originX = room + (sampler.from - lowest)
    }

    // MARK: Fitting

    /// The progress a track follows: the motion's, or the motion's clamped to 0…1.
    private struct Curve {
        let sampler: ProgressSampler
        let clamped: Bool

        func unclamped(at t: Double) -> Double { (sampler.position(at: t) - sampler.from) / sampler.travel }

        func progress(at t: Double) -> Double {
            let p = unclamped(at: t)
            return clamped ? min(max(p, 0), 1) : p
        }

        /// The slope arriving at `t` or leaving it. A clamped track's is 0 outside 0…1, and on an edge
        /// (where a crossing's first instant often lands exactly) it is the motion's on the side
        /// inside the range and 0 on the side outside it.
        func slope(at t: Double, arriving: Bool) -> Double {
            let v = sampler.velocity(at: t) / sampler.travel
            guard clamped else { return v }
            let p = unclamped(at: t)
            if p > 1 || p < 0 { return 0 }
            if p == 1 { return (v > 0) == arriving ? v : 0 }
            if p == 0 { return (v < 0) == arriving ? v : 0 }
            return v
        }
    }

    /// The first time in (a, b] where `isAfter` holds, to the double, given that it holds at b and
    /// not at a.
    private static func bisect(_ a: Double, _ b: Double, _ isAfter: (Double) -> Bool) -> Double {
        var lo = a, hi = b
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if isAfter(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The knots of a track within `tolerance`.
    private static func fit(_ curve: Curve, tolerance: Double, turns: Int) throws -> [Knot] {
        let sampler = curve.sampler
        let duration = sampler.duration
        func knot(_ t: Double) -> Knot {
            if t >= duration { return Knot(time: duration, progress: 1, slopeIn: 0, slopeOut: 0) }
            let out = curve.slope(at: t, arriving: false)
            let before = t > 0 ? curve.slope(at: t.nextDown, arriving: true) : out
            return Knot(time: t, progress: curve.progress(at: t), slopeIn: before, slopeOut: out)
        }
        // Turning points: sign changes of the velocity on a grid a few times finer than they come,
        // each bisected to the double; for a clamped track, also where the motion crosses 0 or 1
        // (the clamped curve has a kink there).
        var times = [0.0, duration] + sampler.kinks.map { $0 * duration }
        let count = max(2000, 8 * min(turns, largestKeyframeCount))
        var previousTime = 0.0
        var previous = sampler.velocity(at: 0)
        var previousProgress = curve.unclamped(at: 0)
        for i in 1...count {
            let t = duration * Double(i) / Double(count)
            let v = sampler.velocity(at: t)
            if (previous < 0 && v > 0) || (previous > 0 && v < 0) {
                let falling = previous < 0
                let turn = bisect(previousTime, t) { (sampler.velocity(at: $0) < 0) != falling }
                let p = curve.unclamped(at: turn)
                if !curve.clamped || (p >= 0 && p <= 1) { times.append(turn) }
            }
            if v != 0 {
                previous = v
                previousTime = t
            }
            if curve.clamped {
                let p = curve.unclamped(at: t)
                let before = previousProgress
                for edge in [0.0, 1.0] where (before < edge) != (p < edge) {
                    let lowBefore = before < edge
                    times.append(
                        bisect(duration * Double(i - 1) / Double(count), t) {
                            (curve.unclamped(at: $0) < edge) != lowBefore
                        })
                }
                previousProgress = p
            }
        }
        times = Array(Set(times.filter { $0 >= 0 && $0 <= duration })).sorted()
        var knots = [knot(times[0])]
        // Each interval is split in half until its Hermite curve stays within the tolerance.
        let budget = 0.9 * tolerance
        for next in times.dropFirst() {
            var pending = [knot(next)]
            while let end = pending.last {
                try Task.checkCancellation()
                let start = knots[knots.count - 1]
                let mid = (start.time + end.time) / 2
                let fits =
                    segmentError(start, end, curve: curve, samples: 24) <= budget
                    && (!curve.clamped || controlsInRange(start, end))
                // A segment a ten-millionth of the motion long is kept as it is: nothing visible
                // moves in it, and the halving stops in bounded depth.
                if !fits && end.time - start.time > 1e-7 * duration && mid > start.time && mid < end.time {
                    pending.append(knot(mid))
                } else {
                    knots.append(end)
                    pending.removeLast()
                }
                if knots.count + pending.count > largestKeyframeCount {
                    throw Failure.tooManyKeyframes(estimate: knots.count + pending.count)
                }
            }
        }
        return knots
    }

    /// Whether the Hermite curve's Bézier control values lie in 0…1: then (the curve staying in their
    /// hull) a clamped track never leaves the range between the knots.
    private static func controlsInRange(_ a: Knot, _ b: Knot) -> Bool {
        let third = (b.time - a.time) / 3
        let first = a.progress + a.slopeOut * third, second = b.progress - b.slopeIn * third
        return (0...1).contains(first) && (0...1).contains(second)
    }

    /// The Hermite curve between two knots at time `t`.
    static func hermite(_ a: Knot, _ b: Knot, at t: Double) -> Double {
        let span = b.time - a.time
        guard span > 0 else { return b.progress }
        let s = (t - a.time) / span
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * a.progress + (s3 - 2 * s2 + s) * span * a.slopeOut
            + (-2 * s3 + 3 * s2) * b.progress + (s3 - s2) * span * b.slopeIn
    }

    /// The largest distance, in progress, between the Hermite curve and the exact motion at `samples`
    /// evenly spaced times inside the segment.
    private static func segmentError(_ a: Knot, _ b: Knot, curve: Curve, samples: Int) -> Double {
        var worst = 0.0
        for i in 1..<samples {
            let t = a.time + (b.time - a.time) * Double(i) / Double(samples)
            worst = max(worst, abs(hermite(a, b, at: t) - curve.progress(at: t)))
        }
        return worst
    }

    /// The largest error over the whole animation, measured finer than the fit checks it.
    private static func error(of knots: [Knot], curve: Curve) -> Double {
        guard knots.count > 1 else { return 0 }
        var worst = 0.0
        for (a, b) in zip(knots, knots.dropFirst()) {
            worst = max(worst, segmentError(a, b, curve: curve, samples: 97))
        }
        return worst
    }

    /// The lowest and highest progress of the keyframes' curve (at least 0…1).
    private static func progressRange(_ knots: [Knot]) -> (Double, Double) {
        var low = 0.0, high = 1.0
        for (a, b) in zip(knots, knots.dropFirst()) {
            for i in 0...8 {
                let p = hermite(a, b, at: a.time + (b.time - a.time) * Double(i) / 8)
                low = min(low, p)
                high = max(high, p)
            }
        }
        return (low, high)
    }

    // MARK: The document

    /// The animation as Lottie JSON (on one line).
    public func json(name: String) -> String {
        JSONWriter.text(document(name: name), pretty: false)
    }

    private func document(name: String) -> Document {
        let frames = max(1, (duration * frameRate).rounded(.up)) + 1
        var transform = Transform(
            opacity: .fixed([100]), rotation: .fixed([0]), scale: .fixed([100, 100, 100]),
            position: .fixed([originX, height / 2, 0]))
        for property in properties {
            switch property {
            case .position:
                // One easing for the point; without spatial tangents (`to`, `ti`) it moves on the
                // straight line between keyframes, as the players ease a vector.
                transform.position = .animated(
                    keyframes(oneEasing: true) { [originX + $0 * (to - from), height / 2, 0] })
            case .scale:
                transform.scale = .animated(
                    keyframes {
                        let s = 100 * $0
                        return [s, s, 100]
                    })
            case .opacity:
                transform.opacity = .animated(keyframes(of: clampedKnots) { [100 * $0] })
            case .rotation:
                transform.rotation = .animated(keyframes { [90 * $0] })
            }
        }
        let size = LottieAnimation.elementSize
        let element = Group(
            name: "element",
            items: [
                .rectangle(size: [size.width, size.height], roundness: 6),
                .fill(color: [0.23, 0.51, 0.96, 1]),
                .transform
            ])
        let layer = Layer(name: "element", transform: transform, shapes: [element], outPoint: frames)
        return Document(
            frameRate: frameRate, outPoint: frames, width: width, height: height, name: name, layers: [layer])
    }

    /// The keyframes of a property whose value at progress p is `value(p)`, with one easing per
    /// dimension or, for a point, `oneEasing` for all of them.
    private func keyframes(
        of knots: [Knot]? = nil, oneEasing: Bool = false, _ value: (Double) -> [Double]
    ) -> [Keyframe] {
        let knots = knots ?? self.knots
        var out: [Keyframe] = []
        for (index, knot) in knots.enumerated() {
            let start = value(knot.progress)
            guard index + 1 < knots.count else {
                out.append(Keyframe(time: knot.time * frameRate, start: start, easing: nil))
                break
            }
            let next = knots[index + 1]
            let span = next.time - knot.time
            let change = next.progress - knot.progress
            // The Hermite segment as a Bézier easing: time at 1/3 and 2/3, heights from the velocities.
            var outHeight = 0.0, inHeight = 1.0
            if change != 0 && span > 0 {
                outHeight = knot.slopeOut * span / (3 * change)
                inHeight = 1 - next.slopeIn * span / (3 * change)
            }
            let dimensions = oneEasing ? 1 : start.count
            out.append(
                Keyframe(
                    time: knot.time * frameRate, start: start,
                    easing: .init(
                        outX: Array(repeating: 1.0 / 3, count: dimensions),
                        outY: Array(repeating: outHeight, count: dimensions),
                        inX: Array(repeating: 2.0 / 3, count: dimensions),
                        inY: Array(repeating: inHeight, count: dimensions))))
        }
        return out
    }

    // MARK: Lottie's shapes, as the specification names them

    private struct Document: Encodable {
        var frameRate: Double
        var outPoint: Double
        var width: Double
        var height: Double
        var name: String
        var layers: [Layer]

        enum CodingKeys: String, CodingKey {
            case version = "v", frameRate = "fr", inPoint = "ip", outPoint = "op", width = "w", height = "h",
                name = "nm", threeD = "ddd", assets, layers
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode("5.7.0", forKey: .version)
            try c.encode(frameRate, forKey: .frameRate)
            try c.encode(0.0, forKey: .inPoint)
            try c.encode(outPoint, forKey: .outPoint)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(name, forKey: .name)
            try c.encode(0, forKey: .threeD)
            try c.encode([String](), forKey: .assets)
            try c.encode(layers, forKey: .layers)
        }
    }

    private struct Layer: Encodable {
        var name: String
        var transform: Transform
        var shapes: [Group]
        var outPoint: Double

        enum CodingKeys: String, CodingKey {
            case threeD = "ddd", index = "ind", type = "ty", name = "nm", transform = "ks", shapes,
                inPoint = "ip", outPoint = "op", startTime = "st", stretch = "sr", blend = "bm"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(0, forKey: .threeD)
            try c.encode(1, forKey: .index)
            try c.encode(4, forKey: .type)  // a shape layer
            try c.encode(name, forKey: .name)
            try c.encode(1, forKey: .stretch)
            try c.encode(transform, forKey: .transform)
            try c.encode(shapes, forKey: .shapes)
            try c.encode(0.0, forKey: .inPoint)
            try c.encode(outPoint, forKey: .outPoint)
            try c.encode(0.0, forKey: .startTime)
            try c.encode(0, forKey: .blend)
        }
    }

    /// A property: a fixed value or keyframes.
    private enum Value: Encodable {
        case fixed([Double])
        case animated([Keyframe])

        enum CodingKeys: String, CodingKey { case animated = "a", value = "k" }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .fixed(let value):
                try c.encode(0, forKey: .animated)
                if value.count == 1 {
                    try c.encode(value[0], forKey: .value)
                } else {
                    try c.encode(value, forKey: .value)
                }
            case .animated(let keyframes):
                try c.encode(1, forKey: .animated)
                try c.encode(keyframes, forKey: .value)
            }
        }
    }

    private struct Keyframe: Encodable {
        struct Easing {
            var outX: [Double], outY: [Double], inX: [Double], inY: [Double]
        }
        /// An easing handle: one number per dimension, or one number for all of them.
        struct Handle: Encodable {
            var x: [Double], y: [Double]

            enum CodingKeys: String, CodingKey { case x, y }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                if x.count == 1 {
                    try c.encode(x[0], forKey: .x)
                    try c.encode(y[0], forKey: .y)
                } else {
                    try c.encode(x, forKey: .x)
                    try c.encode(y, forKey: .y)
                }
            }
        }
        var time: Double
        var start: [Double]
        var easing: Easing?

        enum CodingKeys: String, CodingKey { case time = "t", start = "s", out = "o", `in` = "i" }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(time, forKey: .time)
            try c.encode(start, forKey: .start)
            if let easing {
                try c.encode(Handle(x: easing.outX, y: easing.outY), forKey: .out)
                try c.encode(Handle(x: easing.inX, y: easing.inY), forKey: .in)
            }
        }
    }

    private struct Transform: Encodable {
        var opacity: Value
        var rotation: Value
        var scale: Value
        var position: Value

        enum CodingKeys: String, CodingKey {
            case anchor = "a", position = "p", scale = "s", rotation = "r", opacity = "o"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(Value.fixed([0, 0, 0]), forKey: .anchor)
            try c.encode(position, forKey: .position)
            try c.encode(scale, forKey: .scale)
            try c.encode(rotation, forKey: .rotation)
            try c.encode(opacity, forKey: .opacity)
        }
    }

    private struct Group: Encodable {
        enum Item: Encodable {
            case rectangle(size: [Double], roundness: Double)
            case fill(color: [Double])
            case transform

            enum CodingKeys: String, CodingKey {
                case type = "ty", name = "nm", position = "p", size = "s", roundness = "r", color = "c",
                    opacity = "o"
            }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .rectangle(let size, let roundness):
                    try c.encode("rc", forKey: .type)
                    try c.encode("box", forKey: .name)
                    try c.encode(Value.fixed([0, 0]), forKey: .position)
                    try c.encode(Value.fixed(size), forKey: .size)
                    try c.encode(Value.fixed([roundness]), forKey: .roundness)
                case .fill(let color):
                    try c.encode("fl", forKey: .type)
                    try c.encode("colour", forKey: .name)
                    try c.encode(Value.fixed(color), forKey: .color)
                    try c.encode(Value.fixed([100]), forKey: .opacity)
                case .transform:
                    // A group's own transform, the identity (the spring moves the layer's).
                    try TransformItem().encode(to: encoder)
                }
            }
        }

        var name: String
        var items: [Item]

        enum CodingKeys: String, CodingKey { case type = "ty", name = "nm", items = "it" }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode("gr", forKey: .type)
            try c.encode(name, forKey: .name)
            try c.encode(items, forKey: .items)
        }
    }

    private struct TransformItem: Encodable {
        enum CodingKeys: String, CodingKey {
            case type = "ty", anchor = "a", position = "p", scale = "s", rotation = "r", opacity = "o"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode("tr", forKey: .type)
            try c.encode(Value.fixed([0, 0]), forKey: .anchor)
            try c.encode(Value.fixed([0, 0]), forKey: .position)
            try c.encode(Value.fixed([100, 100]), forKey: .scale)
            try c.encode(Value.fixed([0]), forKey: .rotation)
            try c.encode(Value.fixed([100]), forKey: .opacity)
        }
    }
}

extension ExportRequest {
    /// The Lottie animation of this request's motion: within ``cssError`` of the travel, at
    /// ``lottieFrameRate``, moving ``lottieProperties``.
    public func lottieAnimation() throws -> LottieAnimation {
        do {
            return try LottieAnimation(
                motion: SpringMotion(spring: spring, from: from, to: to, initialVelocity: initialVelocity),
                tolerance: cssError / abs(travel), frameRate: lottieFrameRate, properties: lottieProperties)
        } catch let failure as LottieAnimation.Failure {
            throw ExportError.lottie(failure)
        }
    }

    func lottie() throws -> TargetExport {
        let animation = try lottieAnimation()
        let name = "springplot: ζ \(n(zeta)), response \(n(spring.response)) s"
        var notes = [
            ExportRemark(
                .curveSize,
                "\(animation.keyframeCount) keyframes at \(n(animation.frameRate)) fps over \(n(animation.duration)) s, "
                    + "measured error \(n(animation.measuredError * abs(travel))) px (budget \(n(cssError)) px on \(n(abs(travel))) px)"
            ),
            ExportRemark(
                .curveShape,
                "each keyframe is the cubic Hermite curve through the exact position and velocity at its ends: "
                    + "the velocity is continuous across keyframes"),
            ExportRemark(
                .noRetargetVelocity, "a Lottie animation cannot carry velocity into a retarget: it plays from its start"
            )
        ]
        if lottieProperties != [.position] {
            let properties =
                "the properties follow the spring's progress: "
                + lottieProperties.map { property -> String in
                    if property == .position { return "position \(n(from))…\(n(to)) px" }
                    let range = property.range
                    return
                        "\(property.rawValue) \(n(range.start))…\(n(range.end))\(property == .rotation ? "°" : " %")"
                }.joined(separator: ", ")
            notes.append(ExportRemark(.propertiesFollowProgress, properties))
        }
        if initialVelocity != 0 {
            notes.append(
                ExportRemark(
                    .velocityBaked,
                    "the initial velocity (\(n(initialVelocity)) units/s) is baked into the first keyframe"))
        }
        return TargetExport(
            code: animation.json(name: name),
            values: .lottie(
                duration: animation.duration, frameRate: animation.frameRate, keyframes: animation.keyframeCount,
                maxErrorPx: animation.measuredError * abs(travel)),
            warnings: [], notes: notes, effectiveSpring: nil)
    }
}
