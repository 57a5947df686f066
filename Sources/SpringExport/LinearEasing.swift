import Foundation
import SpringChoreography
import SpringFormatting
import SpringMath

/// A spring motion as a piecewise-linear easing (CSS `linear()`), with a guaranteed error.
///
/// The easing maps input progress (time / ``duration``) to output progress ((x − from)/(to − from)),
/// and browsers interpolate linearly between its points. The points are chosen so that this
/// interpolation stays within the requested error of the exact motion everywhere, not just at the
/// points, and the duration ends where the exact motion stays within that error for good. The last
/// point is exactly (1, 1), so the animation ends on the target.
public struct LinearEasing: Hashable, Sendable {
    /// One stop of the easing: `input` in 0…1 (fraction of the duration), `output` the progress
    /// (values below 0 or above 1 when the motion moves away first or overshoots).
    public struct Point: Hashable, Sendable {
        public var input: Double
        public var output: Double
        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// The stops, first (0, 0) and last (1, 1), inputs increasing.
    public var points: [Point]
    /// The animation duration, in seconds.
    public var duration: Double
    /// The error the points were chosen for, as a fraction of the travel.
    public var tolerance: Double
    /// The largest vertical distance between the easing (as the browser interpolates it) and the
    /// exact motion, measured densely after rounding, as a fraction of the travel.
    public var measuredError: Double
    /// Decimal places used for outputs and for input percentages in ``css``.
    public var outputDecimals: Int
    public var inputDecimals: Int

    /// The easing's output at input `s` (0…1), interpolated as CSS `linear()` does.
    public func output(at s: Double) -> Double {
        guard let first = points.first, let last = points.last else { return s }
        if s <= first.input { return first.output }
        if s >= last.input { return last.output }
        var lo = 0, hi = points.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if points[mid].input <= s { lo = mid } else { hi = mid }
        }
        let a = points[lo], b = points[hi]
        let span = b.input - a.input
        return span > 0 ? a.output + (b.output - a.output) * (s - a.input) / span : b.output
    }

    /// The CSS function, e.g. `linear(0, 0.2734 4.5%, …, 1)`.
    public var css: String {
        var parts: [String] = []
        for (index, point) in points.enumerated() {
            let value = LinearEasing.decimal(point.output, places: outputDecimals)
            if index == 0 || index == points.count - 1 {
                parts.append(value)
            } else {
                parts.append("\(value) \(LinearEasing.decimal(point.input * 100, places: inputDecimals))%")
            }
        }
        return "linear(\(parts.joined(separator: ", ")))"
    }

    /// `x` with at most `places` decimals, trailing zeros removed ("0.25", "1", "-0.0312").
    static func decimal(_ x: Double, places: Int) -> String {
        var text = String(format: "%.\(places)f", x)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }
}

/// Why a motion cannot become a `linear()` easing.
public enum LinearEasingError: Error, Equatable, CustomStringConvertible {
    /// `from` equals `to`: progress has no scale.
    case noTravel
    /// The spring never settles within the error (an undamped spring).
    case neverSettles
    /// The tolerance is not a positive finite fraction below 1.
    case invalidTolerance(Double)
    /// The motion settles later than ``LinearEasing/longestDuration`` (seconds).
    case settlesTooLate(Double)

    public var description: String {
        switch self {
        case .noTravel: return "the motion has no travel (from equals to), so it has no progress to ease"
        case .neverSettles: return "the spring never settles (damping ratio 0), so no duration ends it"
        case .settlesTooLate(let t):
            return
                "the spring settles after \(NumberFormat.data((t * 10).rounded() / 10)) s, later than the \(NumberFormat.data(LinearEasing.longestDuration)) s an easing may last"
        case .invalidTolerance(let e):
            return "the error must be at least 1e-6 of the travel and less than the travel (got \(e) of the travel)"
        }
    }
}

extension LinearEasing {
    /// The smallest error an easing is built for, as a fraction of the travel: one part in a million,
    /// finer than any display shows. Smaller errors would print more decimals than a double carries.
    public static let smallestTolerance = 1e-6

    /// The longest duration an easing is built for, in seconds: a motion still moving after ten
    /// minutes is not a transition, and its oscillations would outnumber the easing's samples.
    public static let longestDuration = 600.0

    /// The fraction of the error within which the motion has settled when the easing ends.
    public static let settleFraction = 0.5

    /// `seconds` rounded up to whole milliseconds, as CSS prints a duration (0 stays 0).
    static func printedDuration(_ seconds: Double) -> Double {
        (seconds * 1000).rounded(.up) / 1000
    }

    /// The fewest-points easing this greedy method finds for `motion` within `tolerance` (a fraction
    /// of the travel), or an error when the motion cannot be eased.
    ///
    /// Method: the duration is the exact settle time to within `tolerance × travel`. A fine grid of
    /// the motion is walked from the start; each segment is extended as far as its worst error stays
    /// within the tolerance, with its end placed anywhere inside the band (not only on the curve). The
    /// worst error of a segment, after rounding its numbers as printed, is found at the points where
    /// the motion's slope equals the segment's (the error's extrema), located by bisection on the
    /// closed-form velocity, not just at the grid points.
    ///
    /// Inside a task that is cancelled meanwhile, it stops early and throws `CancellationError`.
    public init(motion: SpringMotion<Double>, tolerance: Double, gridSize: Int = 3000) throws {
        let settle = try LinearEasing.printedSettleDuration(motion: motion, tolerance: tolerance)
        try self.init(
            sampler: ProgressSampler(motion: motion, duration: settle), tolerance: tolerance, gridSize: gridSize)
    }

    /// A whole spring sequence as one easing, its progress relative to the sequence's first and final
    /// values (`from` and the last keyframe's `to`; outputs leave 0…1 wherever the keyframes go beyond
    /// them), by the same method and guarantee as ``init(motion:tolerance:gridSize:)``: within
    /// `tolerance` of the net travel everywhere, ending where the last keyframe's spring stays within
    /// half of it for good.
    public init(sequence: SpringSequence, tolerance: Double, gridSize: Int = 4000) throws {
        let duration = try LinearEasing.printedSettleDuration(sequence: sequence, tolerance: tolerance)
        let sampler = ProgressSampler(sequence: sequence, duration: duration)
        try self.init(sampler: sampler, tolerance: tolerance, gridSize: gridSize)
    }

    /// A sequence's duration as printed: it ends where the last keyframe's spring stays within half
    /// the error for good; throws as ``init(sequence:tolerance:gridSize:)`` does.
    static func printedSettleDuration(sequence: SpringSequence, tolerance: Double) throws -> Double {
        let travel = sequence.travel
        guard travel != 0, travel.isFinite else { throw LinearEasingError.noTravel }
        guard tolerance.isFinite, tolerance >= LinearEasing.smallestTolerance, tolerance < 1 else {
            throw LinearEasingError.invalidTolerance(tolerance)
        }
        let settleTime = sequence.settleTime(
            within: SettleBand(distance: LinearEasing.settleFraction * tolerance * abs(travel)))
        guard settleTime.isFinite else { throw LinearEasingError.neverSettles }
        guard settleTime <= LinearEasing.longestDuration else { throw LinearEasingError.settlesTooLate(settleTime) }
        return LinearEasing.printedDuration(settleTime)
    }

    /// The easing of `sampler`'s curve over its duration.
    private init(sampler: ProgressSampler, tolerance: Double, gridSize: Int) throws {
        let settle = sampler.duration
        if settle == 0 {
            // Already within the error of the target: a jump (one frame) is the whole motion.
            self.init(
                points: [Point(input: 0, output: 0), Point(input: 1, output: 1)], duration: 0,
                tolerance: tolerance, measuredError: 0, outputDecimals: 0, inputDecimals: 0)
            return
        }
        let grid = sampler.grid(count: Swift.max(gridSize, 64))
        let rounding = PrintedRounding(tolerance: tolerance, grid: grid)
        // The feasible windows when their rounded stops hold; otherwise the simpler greedy cone.
        try Task.checkCancellation()
        let points =
            LinearEasing.checkedWindowPoints(
                grid: grid, sampler: sampler, tolerance: tolerance,
                rounding: rounding)
            ?? ConeWalk(grid: grid, sampler: sampler, rounding: rounding, tolerance: tolerance).points()
        // Both walks stop early when the task is cancelled, leaving stops that do not reach the end.
        try Task.checkCancellation()
        self.init(
            points: points, duration: settle, tolerance: tolerance,
            measuredError: sampler.measuredError(points: points),
            outputDecimals: rounding.outputDecimals, inputDecimals: rounding.inputDecimals)
    }

    /// The easing's duration for `motion`, as printed: it ends where the motion stays within half the
    /// error for good; throws when the motion has no travel, the tolerance is out of range or the spring
    /// never settles.
    static func printedSettleDuration(motion: SpringMotion<Double>, tolerance: Double) throws -> Double {
        let travel = motion.to - motion.from
        guard travel != 0, travel.isFinite else { throw LinearEasingError.noTravel }
        guard tolerance.isFinite, tolerance >= smallestTolerance, tolerance < 1 else {
            throw LinearEasingError.invalidTolerance(tolerance)
        }
        let spring = motion.spring
        let band = tolerance * abs(travel)
        // The duration ends where the motion stays within half the error for good: inside the error,
        // as required, with room left for the last segment to land exactly on the target.
        let settleTime = spring.settleTime(
            displacement: motion.from - motion.to, velocity: motion.initialVelocity,
            within: SettleBand(distance: LinearEasing.settleFraction * band))
        guard settleTime.isFinite else { throw LinearEasingError.neverSettles }
        guard settleTime <= LinearEasing.longestDuration else { throw LinearEasingError.settlesTooLate(settleTime) }
        // CSS and the Web Animations API print the duration in whole milliseconds: the points are
        // chosen for the printed duration (rounded up, so the motion has settled when it ends), or the
        // printed easing would run up to half a millisecond fast or slow against the motion.
        return LinearEasing.printedDuration(settleTime)
    }

    /// The stops of ``windowPoints(grid:band:round:)``, or nil when there are none or their measured
    /// error after rounding exceeds `tolerance`.
    fileprivate static func checkedWindowPoints(
        grid: ProgressSampler.Grid, sampler: ProgressSampler, tolerance: Double,
        rounding: PrintedRounding
    ) -> [Point]? {
        guard
            let points = LinearEasing.windowPoints(
                grid: grid, band: 0.985 * tolerance,
                round: (rounding.input, rounding.output)),
            sampler.measuredError(points: points) <= tolerance * (1 + 1e-9)
        else { return nil }
        return points
    }

    /// How the CSS prints the stops. Rounding budget: a tenth of the tolerance for outputs, a tenth
    /// for inputs (through the steepest slope).
    fileprivate struct PrintedRounding {
        /// Decimal places of the outputs, and of the inputs as percentages.
        let outputDecimals: Int
        let inputDecimals: Int

        init(tolerance: Double, grid: ProgressSampler.Grid) {
            // A double carries 17 significant digits: more decimals print nothing more (and an
            // infinite slope would ask for infinitely many).
            func decimals(_ x: Double) -> Int { x.isFinite ? Int(Swift.min(17, Swift.max(0, x))) : 17 }
            outputDecimals = Swift.max(2, decimals((-Foundation.log10(tolerance / 20)).rounded(.up)))
            let steepest = grid.slopes.map(abs).max() ?? 1
            let inputStep = tolerance / 10 / Swift.max(steepest, 1e-9)  // in 0…1 input units
            inputDecimals = decimals((-Foundation.log10(inputStep * 100)).rounded(.up))
        }

        /// Input `s` (0…1) as its printed percentage gives it back.
        func input(_ s: Double) -> Double {
            let scale = Foundation.pow(10.0, Double(inputDecimals))
            return (s * 100 * scale).rounded() / scale / 100
        }

        /// Output `y` as printed.
        func output(_ y: Double) -> Double {
            let scale = Foundation.pow(10.0, Double(outputDecimals))
            return (y * scale).rounded() / scale
        }
    }

    /// The greedy cone, used when the window method's stops do not hold: from each stop, the slopes of
    /// lines that stay within the band around every grid sample ahead form an interval that narrows as
    /// the segment grows. The segment ends just before the interval would be empty, at the middle
    /// slope; its stop may lie off the curve (within the band), which lets segments run about √2 longer
    /// than chords of the curve. Each segment is then checked exactly against the closed form (after
    /// rounding) and shortened if needed.
    fileprivate struct ConeWalk {
        /// A grid index `b` a segment can reach, and the slopes that reach it within the band.
        typealias Cone = (b: Int, low: Double, high: Double)

        let grid: ProgressSampler.Grid
        let sampler: ProgressSampler
        let rounding: PrintedRounding
        /// The band the cones keep to, and the largest exact error a segment may have after rounding.
        let coneBand: Double
        let limit: Double
        /// The index of the last grid sample.
        let last: Int

        init(grid: ProgressSampler.Grid, sampler: ProgressSampler, rounding: PrintedRounding, tolerance: Double) {
            self.grid = grid
            self.sampler = sampler
            self.rounding = rounding
            coneBand = 0.985 * tolerance
            limit = 0.995 * tolerance
            last = grid.inputs.count - 1
        }

        /// The stops from (0, 0) to (1, 1), each the furthest reachable from the one before.
        func points() -> [Point] {
            var points = [Point(input: 0, output: 0)]
            var a = 0
            while a < last && !Task.isCancelled {
                let start = points[points.count - 1]
                let (reach, reachesEnd) = cones(from: start, at: a)
                if reachesEnd {
                    points.append(Point(input: 1, output: 1))
                    break
                }
                if let chosen = furthestStop(from: start, at: a, reach: reach) {
                    points.append(chosen.point)
                    a = chosen.index
                } else {
                    // Nothing passed (a cone of one sample): step to the next grid point on the curve.
                    let next = a + 1
                    points.append(
                        next == last
                            ? Point(input: 1, output: 1)
                            : Point(
                                input: rounding.input(grid.inputs[next]), output: rounding.output(grid.outputs[next])))
                    a = next
                }
            }
            return points
        }

        /// The cones of slopes from `start` (at grid index `a`) for every reachable grid index, and
        /// whether the segment can run straight to the final stop (1, 1).
        func cones(from start: Point, at a: Int) -> (cones: [Cone], reachesEnd: Bool) {
            var low = -Double.infinity, high = Double.infinity
            var result: [Cone] = []
            guard a < last else { return ([], true) }
            for b in (a + 1)...last {
                let ds = grid.inputs[b] - start.input
                guard ds > 0 else { continue }
                let lower = (grid.outputs[b] - coneBand - start.output) / ds
                let upper = (grid.outputs[b] + coneBand - start.output) / ds
                let newLow = Swift.max(low, lower), newHigh = Swift.min(high, upper)
                if newLow > newHigh { break }
                low = newLow
                high = newHigh
                if b == last {
                    let endSlope = (1 - start.output) / (1 - start.input)
                    if endSlope >= low && endSlope <= high
                        && sampler.worstError(from: start, to: Point(input: 1, output: 1), grid: grid, range: a...last)
                            <= limit
                    {
                        return (result, true)
                    }
                } else {
                    result.append((b, low, high))
                }
            }
            return (result, false)
        }

        /// The furthest stop in `reach` whose segment from `start` passes the exact check. At that stop,
        /// the end height is chosen among several slopes in the cone by one step of lookahead: the one
        /// from which the next segment reaches furthest. Nil when no segment passes.
        func furthestStop(from start: Point, at a: Int, reach: [Cone]) -> (point: Point, index: Int)? {
            var best: (point: Point, index: Int, next: Int)?
            var candidatesTried = 0
            let stride = Swift.max(1, reach.count / 40)
            for cone in reach.reversed() where (reach.last!.b - cone.b) % stride == 0 {
                let input = rounding.input(grid.inputs[cone.b])
                guard input > start.input else { continue }
                for k in 1...11 {
                    let slope = cone.low + (cone.high - cone.low) * Double(k) / 12
                    let end = Point(input: input, output: rounding.output(start.output + slope * (input - start.input)))
                    guard sampler.worstError(from: start, to: end, grid: grid, range: a...cone.b) <= limit else {
                        continue
                    }
                    let next = cones(from: end, at: cone.b)
                    let furthest = next.reachesEnd ? last + 1 : (next.cones.last?.b ?? cone.b)
                    if best == nil || furthest > best!.next { best = (end, cone.b, furthest) }
                }
                candidatesTried += 1
                // Stops well short of the furthest rarely pay off: look at the last quarter of the reach.
                if best != nil && candidatesTried >= 10 { break }
            }
            return best.map { (point: $0.point, index: $0.index) }
        }
    }

    /// Stops by the feasible-window method: each segment is the longest run of grid samples that
    /// some line can pass within `band` of, where the line may start anywhere in the window of heights
    /// the previous segment can end at (not at one committed point). The lines are then chosen backwards
    /// from the final stop (1, 1) so that consecutive segments meet. Returns nil if rounding the chosen
    /// numbers leaves no consistent choice (the caller then uses the simpler method).
    static func windowPoints(
        grid: ProgressSampler.Grid, band: Double,
        round: ((Double) -> Double, (Double) -> Double)
    ) -> [Point]? {
        let last = grid.inputs.count - 1
        let slopeLimit = 1e3 * Swift.max(1, grid.slopes.map(abs).max() ?? 1)
        var windows: [(start: Int, end: Int, lines: FeasibleLines)] = []
        var a = 0
        var heights: ClosedRange<Double> = 0...0
        while a < last {
            if Task.isCancelled { return nil }
            let origin = grid.inputs[a]
            var lines = FeasibleLines(heights: heights, slopeLimit: slopeLimit)
            var accepted = lines
            var b = a + 1
            var reachedEnd = false
            while b <= last {
                var trial = accepted
                let d = grid.inputs[b] - origin
                if b == last {
                    trial.constrain(offset: d, between: 1 - 1e-12, and: 1 + 1e-12)
                } else {
                    trial.constrain(offset: d, between: grid.outputs[b] - band, and: grid.outputs[b] + band)
                }
                if trial.isEmpty { break }
                accepted = trial
                if b == last { reachedEnd = true }
                b += 1
            }
            let end = b - 1
            guard end > a else { return nil }
            lines = accepted
            windows.append((a, end, lines))
            if reachedEnd { break }
            guard let next = lines.range(atOffset: grid.inputs[end] - origin) else { return nil }
            heights = next
            a = end
        }
        guard let final = windows.last, final.end == last else { return nil }
        // Backwards: each segment's line must end where the next one starts.
        var stops: [Point] = [Point(input: 1, output: 1)]
        var endHeight = 1.0
        for (index, window) in windows.enumerated().reversed() {
            var lines = window.lines
            let d = grid.inputs[window.end] - grid.inputs[window.start]
            lines.constrain(offset: d, between: endHeight - 1e-12, and: endHeight + 1e-12)
            guard let line = lines.centre else { return nil }
            let startHeight = index == 0 ? 0 : round.1(line.h)
            if index > 0 {
                stops.append(Point(input: round.0(grid.inputs[window.start]), output: startHeight))
            }
            endHeight = line.h
        }
        stops.append(Point(input: 0, output: 0))
        stops.reverse()
        // Rounding must keep the inputs increasing.
        for (p, q) in zip(stops, stops.dropFirst()) where q.input <= p.input { return nil }
        return stops
    }

    /// Ramer–Douglas–Peucker on `samples` uniform samples, with its distance tolerance tuned (by
    /// bisection) until the easing's measured vertical error is within `tolerance`: the method today's
    /// CSS spring generators use, for comparison. Same duration and rounding as ``init(motion:tolerance:gridSize:)``.
    public static func ramerDouglasPeucker(
        motion: SpringMotion<Double>, tolerance: Double,
        samples: Int = 1000
    ) throws -> LinearEasing {
        let reference = try LinearEasing(motion: motion, tolerance: tolerance)
        guard reference.duration > 0 else { return reference }
        let sampler = ProgressSampler(motion: motion, duration: reference.duration)
        let grid = sampler.grid(count: samples)
        let polyline = zip(grid.inputs, grid.outputs).map { Point(input: $0, output: $1) }
        func round(_ p: Point) -> Point {
            let o = Foundation.pow(10.0, Double(reference.outputDecimals))
            let i = Foundation.pow(10.0, Double(reference.inputDecimals))
            return Point(input: (p.input * 100 * i).rounded() / i / 100, output: (p.output * o).rounded() / o)
        }
        func easing(epsilon: Double) -> LinearEasing {
            var kept = simplify(polyline, epsilon: epsilon).map(round)
            kept[0] = Point(input: 0, output: 0)
            kept[kept.count - 1] = Point(input: 1, output: 1)
            return LinearEasing(
                points: kept, duration: reference.duration, tolerance: tolerance,
                measuredError: sampler.measuredError(points: kept),
                outputDecimals: reference.outputDecimals, inputDecimals: reference.inputDecimals)
        }
        // The largest RDP tolerance whose result still meets the error (error grows with it).
        var lo = 0.0, hi = tolerance * 4
        var best = easing(epsilon: lo)
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            let candidate = easing(epsilon: mid)
            if candidate.measuredError <= tolerance * (1 + 1e-9) {
                lo = mid
                if candidate.points.count <= best.points.count { best = candidate }
            } else {
                hi = mid
            }
        }
        return best
    }

    /// Ramer–Douglas–Peucker with perpendicular distance in the (input, output) plane.
    private static func simplify(_ line: [Point], epsilon: Double) -> [Point] {
        guard line.count > 2 else { return line }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        while let (first, last) = stack.popLast() {
            let a = line[first], b = line[last]
            let dx = b.input - a.input, dy = b.output - a.output
            let length = (dx * dx + dy * dy).squareRoot()
            var worst = 0.0, index = first
            for i in (first + 1)..<last {
                let p = line[i]
                let distance =
                    length > 0
                    ? abs(dy * (p.input - a.input) - dx * (p.output - a.output)) / length
                    : ((p.input - a.input) * (p.input - a.input) + (p.output - a.output) * (p.output - a.output))
                        .squareRoot()
                if distance > worst {
                    worst = distance
                    index = i
                }
            }
            if worst > epsilon && last - first > 1 {
                keep[index] = true
                stack.append((first, index))
                stack.append((index, last))
            }
        }
        return zip(line, keep).compactMap { $1 ? $0 : nil }
    }
}

/// The progress of a motion (one spring's or a sequence's) and its slope as functions of input s in
/// 0…1.
struct ProgressSampler {
    enum Curve {
        case motion(SpringMotion<Double>)
        case sequence(SpringSequence)
    }
    let curve: Curve
    let from: Double
    let duration: Double
    let travel: Double
    /// Inputs where the slope may jump (a sequence's delayed start with a velocity): the error is
    /// checked there too.
    let kinks: [Double]

    init(motion: SpringMotion<Double>, duration: Double) {
        curve = .motion(motion)
        from = motion.from
        self.duration = duration
        travel = motion.to - motion.from
        kinks = []
    }

    init(sequence: SpringSequence, duration: Double) {
        curve = .sequence(sequence)
        from = sequence.from
        self.duration = duration
        travel = sequence.travel
        kinks = duration > 0 ? sequence.keyframes.map { $0.at / duration }.filter { $0 > 0 && $0 < 1 } : []
    }

    func position(at time: Double) -> Double {
        switch curve {
        case .motion(let motion): return motion.position(at: time)
        case .sequence(let sequence): return sequence.position(at: time)
        }
    }

    func velocity(at time: Double) -> Double {
        switch curve {
        case .motion(let motion): return motion.velocity(at: time)
        case .sequence(let sequence): return sequence.velocity(at: time)
        }
    }

    func output(_ s: Double) -> Double { (position(at: s * duration) - from) / travel }
    /// d(output)/ds.
    func slope(_ s: Double) -> Double { velocity(at: s * duration) * duration / travel }

    struct Grid {
        var inputs: [Double]
        var outputs: [Double]
        var slopes: [Double]
    }

    func grid(count: Int) -> Grid {
        var inputs: [Double] = [], outputs: [Double] = [], slopes: [Double] = []
        inputs.reserveCapacity(count + 1)
        for i in 0...count {
            let s = Double(i) / Double(count)
            inputs.append(s)
            outputs.append(output(s))
            slopes.append(slope(s))
        }
        return Grid(inputs: inputs, outputs: outputs, slopes: slopes)
    }

    /// The worst |exact − line| over the segment from `start` to `end`. The error's extrema inside are
    /// where the motion's slope equals the line's: found from sign changes of (slope − line slope) on
    /// the grid and refined by bisection. The ends are checked too.
    func worstError(from start: LinearEasing.Point, to end: LinearEasing.Point, grid: Grid, range: ClosedRange<Int>)
        -> Double
    {
        let lineSlope = (end.output - start.output) / (end.input - start.input)
        func line(_ s: Double) -> Double { start.output + lineSlope * (s - start.input) }
        func error(_ s: Double) -> Double { abs(output(s) - line(s)) }
        var worst = Swift.max(error(start.input), error(end.input))
        for kink in kinks where kink > start.input && kink < end.input { worst = Swift.max(worst, error(kink)) }
        var previous: (s: Double, d: Double)? = nil
        let lower = Swift.max(range.lowerBound - 1, 0), upper = Swift.min(range.upperBound + 1, grid.inputs.count - 1)
        for i in lower...upper {
            let s = grid.inputs[i]
            guard s >= start.input && s <= end.input else { continue }
            let d = grid.slopes[i] - lineSlope
            worst = Swift.max(worst, abs(grid.outputs[i] - line(s)))
            if let p = previous, (p.d < 0) != (d < 0) {
                // An extremum of the error between p.s and s: bisect the slope difference.
                var lo = p.s, hi = s
                let loSign = p.d < 0
                for _ in 0..<60 {
                    let mid = (lo + hi) / 2
                    if mid <= lo || mid >= hi { break }
                    if (slope(mid) - lineSlope < 0) == loSign { lo = mid } else { hi = mid }
                }
                worst = Swift.max(worst, error((lo + hi) / 2))
            }
            previous = (s, d)
        }
        return worst
    }

    /// The largest vertical distance between the interpolated `points` and the exact motion, over
    /// 20 000 uniform inputs plus each segment's slope-matching extrema.
    func measuredError(points: [LinearEasing.Point]) -> Double {
        let easing = LinearEasing(
            points: points, duration: duration, tolerance: 0, measuredError: 0,
            outputDecimals: 0, inputDecimals: 0)
        let n = 20_000
        var worst = 0.0
        for i in 0...n {
            let s = Double(i) / Double(n)
            worst = Swift.max(worst, abs(easing.output(at: s) - output(s)))
        }
        let grid = self.grid(count: 4000)
        for (a, b) in zip(points, points.dropFirst()) where b.input > a.input {
            let lower = Int((a.input * 4000).rounded(.down)), upper = Int((b.input * 4000).rounded(.up))
            worst = Swift.max(worst, worstError(from: a, to: b, grid: grid, range: lower...Swift.min(upper, 4000)))
        }
        return worst
    }
}
