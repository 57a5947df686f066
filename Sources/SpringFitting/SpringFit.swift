import RealModule
import SpringFormatting
import SpringMath

/// A spring recovered from recorded motion: damping ratio, response, and the motion's start,
/// target and initial velocity, each with its one-standard-deviation uncertainty.
///
/// The model is the exact closed form: `x(t) = to + P(t − t₀)·(from − to) + Q(t − t₀)·v₀`, where P and
/// Q are the position row of SpringMath's `Spring.transition(over:)`, and t₀ is the motion's start: the first
/// sample's time, or, when the recording holds still for two or more samples before it moves, a time
/// fitted between the last still sample and the first moving one (before t₀ the model holds `from`).
/// `from` and `initialVelocity` describe the motion at t₀.
///
/// The uncertainties come from the Jacobian at the optimum: for each parameter the larger of the
/// classical variance σ²(JᵀJ)⁻¹ (σ² the residual variance, sum of squares / (n − 5)) and a sandwich
/// estimate robust to errors that vary in size and are correlated from frame to frame (frame-time
/// jitter, pixel rounding; see docs/analysis.md). For ζ and the response, which are fitted through
/// their logarithms, the standard deviation is value × σ(log value).
public struct SpringFit: Hashable, Sendable {
    public var dampingRatio: Double
    public var response: Double
    /// Position at the start (``startTime``), in value units.
    public var from: Double
    /// The target.
    public var to: Double
    /// Velocity at the start, in value units per second.
    public var initialVelocity: Double
    /// When the motion starts, on the samples' clock: where `from` and `initialVelocity` apply. The
    /// first sample's time, unless the recording holds still before the motion (see ``stillSampleCount``).
    public var startTime: Double

    public var dampingRatioUncertainty: Double
    public var responseUncertainty: Double
    public var fromUncertainty: Double
    public var toUncertainty: Double
    public var initialVelocityUncertainty: Double

    /// Root mean square of data − fit, in value units.
    public var residualRMS: Double
    /// Number of samples fitted.
    public var sampleCount: Int
    /// Number of samples in the recording: more than ``sampleCount`` when a long recording was thinned
    /// to ``SpringFitter/maximumFittedSamples`` evenly spaced samples.
    public var recordedSampleCount: Int
    /// How many samples at the start of the recording hold still before the motion begins (0 when it
    /// moves from the first interval on). They are fitted as `from`.
    public var stillSampleCount: Int = 0

    /// The fitted spring (mass 1).
    public var spring: Spring { Spring(dampingRatio: dampingRatio, response: response) }

    /// The fitted motion, with time measured from ``startTime``.
    public var motion: SpringMotion<Double> {
        SpringMotion(spring: spring, from: from, to: to, initialVelocity: initialVelocity)
    }

    /// The fitted position at `time` (on the samples' clock): `from` until ``startTime``, as the fit
    /// models the still samples before the motion, then the motion.
    public func position(at time: Double) -> Double { time <= startTime ? from : motion.position(at: time - startTime) }
}

/// Why a recording cannot be fitted. Each description is one line.
public enum SpringFitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than ``SpringFitter/minimumSampleCount`` samples.
    case tooFewSamples(Int)
    /// Times must increase strictly; `index` is the first sample (0-based) that does not.
    case timeNotIncreasing(index: Int)
    /// A time or position is NaN or infinite; `index` is the first one.
    case notFinite(index: Int)
    /// A constant explains the data as well as a spring: there is no motion above the noise.
    case noMotion(rms: Double)
    /// A straight line explains the data as well as a spring.
    case straightLine(lineRMS: Double, springRMS: Double)
    /// Many springs explain the data about equally well: the best fit's ζ or response is uncertain
    /// by more than ``SpringFitter/maximumRelativeUncertainty``.
    case ambiguous(dampingRatio: Double, dampingRatioUncertainty: Double, response: Double, responseUncertainty: Double)

    public var description: String {
        func g(_ x: Double) -> String { NumberFormat.people(x, digits: 3) }
        switch self {
        case .tooFewSamples(let n):
            return "a fit needs at least \(SpringFitter.minimumSampleCount) samples (got \(n))"
        case .timeNotIncreasing(let index):
            return "time must increase from sample to sample (sample \(index + 1) does not)"
        case .notFinite(let index):
            return "sample \(index + 1) is not a finite number"
        case .noMotion(let rms):
            return "no spring explains this data: it is noise around a constant (RMS \(g(rms))), with no motion to fit"
        case .straightLine(let line, let spring):
            return
                "no spring explains this data better than a straight line (line RMS \(g(line)), best spring RMS \(g(spring))): "
                + "a linear ramp, or too short a piece of the motion"
        case .ambiguous(let z, let dz, let t, let dt):
            return
                "many springs explain this data about equally well (ζ \(g(z)) ± \(g(dz)), response \(g(t)) ± \(g(dt)) s): "
                + "the motion is probably cut off before it turns or settles"
        }
    }
}

/// Least-squares fitting of the exact spring motion to samples: a grid of starting springs with the
/// best start, target and velocity for each (they enter linearly), then Levenberg–Marquardt on all
/// five parameters from the best few.
public enum SpringFitter {
    public static let minimumSampleCount = 8
    /// The most samples a fit works on. The search for the spring costs about a millisecond per
    /// sample on a 2-core machine (thousands of evaluations of every sample), so a longer recording is
    /// thinned to this many samples, evenly spaced in index, the first and last kept: the fit stays
    /// within seconds at the 1 000 000 samples a file may hold, and its uncertainties are those of the
    /// samples it used. ``SpringFit/recordedSampleCount`` says how many there were.
    public static let maximumFittedSamples = 2000
    /// The largest relative uncertainty of ζ or response that a fit may have (0.25 = 25 %).
    public static let maximumRelativeUncertainty = 0.25

    /// Fits the exact spring motion to `positions` at `times`, deciding from the data whether the
    /// motion starts at rest: the fit with the initial velocity free is compared with the fit that
    /// holds it at 0 by the F-test for one extra parameter, and the velocity is kept only when it
    /// explains significantly more of the data (F above the 95 % point, 3.84). A recording that
    /// starts mid-flight keeps its velocity; one that starts at rest gets ζ and the response from
    /// the better-determined at-rest fit instead of trading them off against a spurious velocity.
    /// - Returns: the chosen fit and whether it held the velocity at 0.
    public static func fitChoosingStart(times: [Double], positions: [Double]) throws(SpringFitError)
        -> (fit: SpringFit, startsAtRest: Bool)
    {
        let free = try fit(times: times, positions: positions, initialVelocity: nil)
        guard let rest = try? fit(times: times, positions: positions, initialVelocity: 0) else { return (free, false) }
        let n = Double(times.count)
        let freeRSS = free.residualRMS * free.residualRMS * n, restRSS = rest.residualRMS * rest.residualRMS * n
        let degrees = max(n - 5, 1)
        let f = freeRSS > 0 ? (restRSS - freeRSS) / (freeRSS / degrees) : .infinity
        return f < 3.84 ? (rest, true) : (free, false)
    }

    /// Fits the exact spring motion to `positions` at `times`.
    ///
    /// - Parameters:
    ///   - times: sample times in seconds, strictly increasing.
    ///   - positions: the recorded positions, as many as `times`.
    ///   - initialVelocity: the velocity at the first sample when it is known (0 for a
    ///     motion that starts at rest there): it is then held fixed and reported with uncertainty 0,
    ///     which makes ζ and the response markedly better determined, above all for overdamped
    ///     springs. `nil` fits it with the rest.
    /// - Throws: ``SpringFitError`` when the data cannot be fitted or no one spring explains it.
    public static func fit(
        times: [Double], positions: [Double],
        initialVelocity: Double? = nil
    ) throws(SpringFitError) -> SpringFit {
        precondition(times.count == positions.count, "as many times as positions")
        let n = times.count
        guard n >= minimumSampleCount else { throw .tooFewSamples(n) }
        for i in 0..<n where !times[i].isFinite || !positions[i].isFinite { throw .notFinite(index: i) }
        for i in 1..<n where !(times[i] > times[i - 1]) { throw .timeNotIncreasing(index: i) }
        if n > maximumFittedSamples {
            let kept = thinnedIndices(count: n, keeping: maximumFittedSamples)
            var fit = try fit(
                times: kept.map { times[$0] }, positions: kept.map { positions[$0] }, initialVelocity: initialVelocity)
            fit.recordedSampleCount = n
            // The still samples, counted in the recording: those before the fitted start.
            if fit.stillSampleCount > 0 { fit.stillSampleCount = times.prefix { $0 < fit.startTime }.count }
            return fit
        }

        // A still stretch counts only when enough moving samples follow it (noise on a flat line is
        // "still" everywhere, and is refused below as no motion).
        let prefix = stillPrefixCount(positions)
        let still = prefix >= 2 && n - prefix >= minimumSampleCount ? prefix : 1
        // Without a still stretch the motion starts at the first sample; with one, somewhere between the
        // last still sample and the first moving one.
        let first = times[0]
        let problem = FitProblem(times: times.map { $0 - first }, positions: positions, fixedVelocity: initialVelocity)
        let span = times[n - 1] - first

        // Simple rivals: a constant and a straight line.
        let mean = positions.reduce(0, +) / Double(n)
        let constantRMS = (positions.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n)).squareRoot()
        let lineRMS = problem.straightLineRMS()

        // The motion starts at the first sample, or, after a still stretch, anywhere up to the first
        // moving sample: a full fit from each end of the stretch, then a golden-section search of the
        // start over the stretch, refitted from the best parameters so far.
        guard var best = gridFit(problem, span: span) else { throw .noMotion(rms: constantRMS) }
        var t0 = first
        if still >= 2 {
            let lastStill = times[still - 1], latest = times[still]
            func refit(_ start: Double) -> (rss: Double, theta: [Double]) {
                FitProblem(times: times.map { $0 - start }, positions: positions, fixedVelocity: initialVelocity)
                    .levenbergMarquardt(from: best.theta)
            }
            let fromLastStill = FitProblem(
                times: times.map { $0 - lastStill }, positions: positions, fixedVelocity: initialVelocity)
            if let late = gridFit(fromLastStill, span: times[n - 1] - lastStill), late.rss < best.rss {
                best = late
                t0 = lastStill
            }
            let ratio = (5.0.squareRoot() - 1) / 2
            var a = first, b = latest
            var c = b - ratio * (b - a), d = a + ratio * (b - a)
            var fc = refit(c), fd = refit(d)
            for _ in 0..<48 where b - a > 1e-9 * (latest - first) {
                if fc.rss <= fd.rss {
                    b = d
                    d = c
                    fd = fc
                    c = b - ratio * (b - a)
                    fc = refit(c)
                } else {
                    a = c
                    c = d
                    fc = fd
                    d = a + ratio * (b - a)
                    fd = refit(d)
                }
            }
            let (middle, fitted) = fc.rss <= fd.rss ? (c, fc) : (d, fd)
            if fitted.rss < best.rss {
                best = fitted
                t0 = middle
            }
        }
        let problemAtStart =
            t0 == first
            ? problem
            : FitProblem(times: times.map { $0 - t0 }, positions: positions, fixedVelocity: initialVelocity)

        let rss = best.rss
        let springRMS = (rss / Double(n)).squareRoot()
        if constantRMS <= 1.25 * springRMS { throw .noMotion(rms: constantRMS) }
        if lineRMS <= 1.25 * springRMS { throw .straightLine(lineRMS: lineRMS, springRMS: springRMS) }

        let theta = best.theta
        let zeta = Double.exp(theta[0]), response = Double.exp(theta[1])
        let variance = rss / Double(Swift.max(n - problem.active.count, 1))
        // One Jacobian at the optimum serves the classical covariance and the sandwich's bread.
        let jacobian = problemAtStart.jacobian(theta)
        let covariance = problemAtStart.inverseNormalMatrix(jacobian: jacobian)
        let robust = covariance.map { problemAtStart.robustCovariance(at: theta, jacobian: jacobian, bread: $0) }
        // The larger of the classical and the robust variance of each parameter; for ζ and the
        // response never below 10⁻⁹ of the value, the optimiser's own precision (an exact recording's
        // residuals are rounding errors, and would promise more than the search delivers).
        func deviation(_ i: Int) -> Double {
            guard let covariance, covariance[i][i] >= 0, let robust, robust[i][i] >= 0 else { return .infinity }
            let spread = Swift.max(variance * covariance[i][i], robust[i][i]).squareRoot()
            return i < 2 ? Swift.max(spread, 1e-9) : spread
        }
        let fit = SpringFit(
            dampingRatio: zeta, response: response, from: theta[2], to: theta[3], initialVelocity: theta[4],
            startTime: t0,
            dampingRatioUncertainty: zeta * deviation(0), responseUncertainty: response * deviation(1),
            fromUncertainty: deviation(2), toUncertainty: deviation(3), initialVelocityUncertainty: deviation(4),
            residualRMS: springRMS, sampleCount: n, recordedSampleCount: n, stillSampleCount: still >= 2 ? still : 0)
        let relative = Swift.max(fit.dampingRatioUncertainty / zeta, fit.responseUncertainty / response)
        if !(relative <= maximumRelativeUncertainty) {
            throw .ambiguous(
                dampingRatio: zeta, dampingRatioUncertainty: fit.dampingRatioUncertainty,
                response: response, responseUncertainty: fit.responseUncertainty)
        }
        return fit
    }

    /// Levenberg–Marquardt from the six best starting springs of a logarithmic ζ × response grid
    /// spanning the data's time scale (`span` seconds); nil when no start is usable.
    static func gridFit(_ problem: FitProblem, span: Double) -> (rss: Double, theta: [Double])? {
        let ratios = geometric(from: 0.08, to: 5, count: 14)
        let responses = geometric(
            from: Swift.max(span / 30, Swift.min(problem.shortestResponse, span)), to: span * 3, count: 16)
        var starts: [(rss: Double, theta: [Double])] = []
        for zeta in ratios {
            for response in responses {
                let logs = [Double.log(zeta), Double.log(response)]
                guard let linear = problem.linearSolve(logZeta: logs[0], logResponse: logs[1]) else { continue }
                starts.append((linear.rss, logs + linear.parameters))
            }
        }
        starts.sort { $0.rss < $1.rss }
        var best: (rss: Double, theta: [Double])?
        for start in starts.prefix(6) {
            let result = problem.levenbergMarquardt(from: start.theta)
            if best == nil || result.rss < best!.rss { best = result }
        }
        return best
    }

    /// How many samples at the start hold the first sample's position before the motion begins:
    /// those within a threshold of the first. The threshold is 10⁻⁶ of the data's range, or, for noisy
    /// data, the median size of the third differences (about three standard deviations of white noise,
    /// while a spring sampled a few dozen times per response changes little in its third difference).
    /// 1 when the second sample already moves.
    static func stillPrefixCount(_ positions: [Double]) -> Int {
        let n = positions.count
        guard n > 3, let low = positions.min(), let high = positions.max(), high > low else { return 1 }
        var third = [Double]()
        third.reserveCapacity(n - 3)
        for i in 3..<n {
            let outer = positions[i] - positions[i - 3]
            let inner = 3 * (positions[i - 1] - positions[i - 2])
            third.append(abs(outer - inner))
        }
        third.sort()
        let threshold = Swift.max(1e-6 * (high - low), third[third.count / 2])
        var count = 1
        while count < n && abs(positions[count] - positions[0]) <= threshold { count += 1 }
        return count
    }

    /// `kept` indices of `count`, evenly spaced, the first (0) and the last (count − 1) included.
    static func thinnedIndices(count: Int, keeping kept: Int) -> [Int] {
        (0..<kept).map { Int((Double($0) * Double(count - 1) / Double(kept - 1)).rounded()) }
    }

    static func geometric(from low: Double, to high: Double, count: Int) -> [Double] {
        (0..<count).map { low * Double.pow(high / low, Double($0) / Double(count - 1)) }
    }
}

/// The data and the model: θ = (log ζ, log response, from, to, v₀).
struct FitProblem {
    let times: [Double]
    let positions: [Double]
    /// When set, v₀ (θ[4]) is held at this value.
    var fixedVelocity: Double? = nil
    /// The shortest response the samples can tell apart from its aliases: two median frame
    /// intervals. A faster spring oscillates above the recording's Nyquist frequency, and samples of
    /// it are matched as well by a slower one (the same decay at the folded frequency), so such a
    /// spring is never the answer.
    let shortestResponse: Double

    init(times: [Double], positions: [Double], fixedVelocity: Double? = nil) {
        self.times = times
        self.positions = positions
        self.fixedVelocity = fixedVelocity
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        shortestResponse = intervals.isEmpty ? 0 : 2 * intervals[intervals.count / 2]
    }

    /// The indices of θ that are fitted.
    var active: [Int] { fixedVelocity == nil ? [0, 1, 2, 3, 4] : [0, 1, 2, 3] }

    /// Bounds on log ζ and log response that keep the model finite and meaningful.
    var logZetaRange: ClosedRange<Double> { Double.log(1e-3)...Double.log(200) }
    var logResponseRange: ClosedRange<Double> {
        let span = Swift.max(times.last ?? 1, 1e-9)
        return Double.log(Swift.max(span * 1e-4, Swift.min(shortestResponse, span)))...Double.log(span * 1e3)
    }

    func spring(_ logZeta: Double, _ logResponse: Double) -> Spring {
        Spring(dampingRatio: Double.exp(logZeta), response: Double.exp(logResponse))
    }

    /// The position row of the transition at every sample: x = from·p + to·(1 − p) + v₀·q.
    /// Before the start (a negative time) the motion holds `from`: p = 1, q = 0.
    func rows(_ logZeta: Double, _ logResponse: Double) -> (p: [Double], q: [Double]) {
        let s = spring(logZeta, logResponse)
        var p = [Double](repeating: 0, count: times.count), q = p
        for i in times.indices {
            guard times[i] > 0 else {
                p[i] = 1
                continue
            }
            let m = s.transition(over: times[i])
            p[i] = m.positionFromPosition
            q[i] = m.positionFromVelocity
        }
        return (p, q)
    }

    func residuals(_ theta: [Double]) -> [Double] {
        let (p, q) = rows(theta[0], theta[1])
        return times.indices.map { theta[2] * p[$0] + theta[3] * (1 - p[$0]) + theta[4] * q[$0] - positions[$0] }
    }

    static func sumOfSquares(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }

    /// For a fixed spring, the best from, to and v₀ (linear least squares) and the sum of squares.
    func linearSolve(logZeta: Double, logResponse: Double) -> (parameters: [Double], rss: Double)? {
        let (p, q) = rows(logZeta, logResponse)
        let size = fixedVelocity == nil ? 3 : 2
        var a = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        var b = [Double](repeating: 0, count: size)
        for i in times.indices {
            let row = [p[i], 1 - p[i], q[i]]
            let target = positions[i] - (fixedVelocity ?? 0) * q[i]
            for j in 0..<size {
                b[j] += row[j] * target
                for k in 0..<size { a[j][k] += row[j] * row[k] }
            }
        }
        guard var x = LinearSystem.solve(a, b) else { return nil }
        if let fixedVelocity { x.append(fixedVelocity) }
        var rss = 0.0
        for i in times.indices {
            let r = x[0] * p[i] + x[1] * (1 - p[i]) + x[2] * q[i] - positions[i]
            rss += r * r
        }
        return rss.isFinite ? (x, rss) : nil
    }

    /// RMS of the best straight line through the data.
    func straightLineRMS() -> Double {
        let n = Double(times.count)
        let mt = times.reduce(0, +) / n, mx = positions.reduce(0, +) / n
        var stt = 0.0, stx = 0.0
        for i in times.indices {
            stt += (times[i] - mt) * (times[i] - mt)
            stx += (times[i] - mt) * (positions[i] - mx)
        }
        let slope = stt > 0 ? stx / stt : 0
        var rss = 0.0
        for i in times.indices {
            let r = positions[i] - (mx + slope * (times[i] - mt))
            rss += r * r
        }
        return (rss / n).squareRoot()
    }

    /// The Jacobian of the residuals (n × 5): analytic in from, to, v₀; central differences in the
    /// two logarithms.
    func jacobian(_ theta: [Double]) -> [[Double]] {
        let (p, q) = rows(theta[0], theta[1])
        let h = 1e-5
        func column(_ index: Int) -> [Double] {
            var plus = theta, minus = theta
            plus[index] += h
            minus[index] -= h
            let up = residuals(plus), down = residuals(minus)
            return times.indices.map { (up[$0] - down[$0]) / (2 * h) }
        }
        let dz = column(0), dt = column(1)
        return times.indices.map { [dz[$0], dt[$0], p[$0], 1 - p[$0], q[$0]] }
    }

    /// JᵀJ and Jᵀr over the active parameters.
    func normalEquations(_ j: [[Double]], _ r: [Double]) -> (a: [[Double]], g: [Double]) {
        let columns = active, size = columns.count
        var a = [[Double]](repeating: [Double](repeating: 0, count: size), count: size),
            g = [Double](repeating: 0, count: size)
        for i in j.indices {
            let row = columns.map { j[i][$0] }
            for u in 0..<size {
                g[u] += row[u] * r[i]
                for v in u..<size { a[u][v] += row[u] * row[v] }
            }
        }
        for u in 0..<size { for v in 0..<u { a[u][v] = a[v][u] } }
        return (a, g)
    }

    /// Levenberg–Marquardt with Marquardt's diagonal scaling, from `start`.
    func levenbergMarquardt(from start: [Double]) -> (rss: Double, theta: [Double]) {
        var theta = start
        var r = residuals(theta)
        var rss = FitProblem.sumOfSquares(r)
        var lambda = 1e-3
        for _ in 0..<200 {
            let j = jacobian(theta)
            let (a, g) = normalEquations(j, r)
            var improved = false
            while lambda < 1e12 {
                var damped = a
                for u in a.indices { damped[u][u] += lambda * Swift.max(a[u][u], 1e-300) }
                guard let step = LinearSystem.solve(damped, g.map { -$0 }) else {
                    lambda *= 10
                    continue
                }
                var candidate = theta
                for (u, index) in active.enumerated() { candidate[index] += step[u] }
                candidate[0] = Swift.min(Swift.max(candidate[0], logZetaRange.lowerBound), logZetaRange.upperBound)
                candidate[1] = Swift.min(
                    Swift.max(candidate[1], logResponseRange.lowerBound), logResponseRange.upperBound)
                let candidateResiduals = residuals(candidate)
                let candidateRSS = FitProblem.sumOfSquares(candidateResiduals)
                if candidateRSS.isFinite && candidateRSS < rss {
                    let gain = rss - candidateRSS
                    theta = candidate
                    r = candidateResiduals
                    rss = candidateRSS
                    lambda = Swift.max(lambda / 5, 1e-12)
                    improved = true
                    if gain <= 1e-13 * rss { return (rss, theta) }
                    break
                }
                lambda *= 4
            }
            if !improved { break }
        }
        return (rss, theta)
    }

    /// The covariance of θ at the optimum `theta` (5 × 5, zero for a fixed parameter), robust to
    /// errors that differ in size from sample to sample and are correlated between neighbours, as a
    /// recording's are: frame-time jitter makes an error of speed × jitter, and pixel rounding repeats
    /// one error over the frames of a slow stretch. It is Newey and West's sandwich
    /// (JᵀJ)⁻¹ (Γ₀ + Σₗ wₗ (Γₗ + Γₗᵀ)) (JᵀJ)⁻¹ with Γₗ = Σᵢ rᵢ rᵢ₋ₗ Jᵢᵀ Jᵢ₋ₗ, Bartlett weights
    /// wₗ = 1 − l/(L + 1) and Andrews' AR(1) bandwidth L from the residuals' lag-1 correlation, each
    /// residual taken over 1 − its leverage (HC3). `j` is the Jacobian at `theta` and `bread` the
    /// (JᵀJ)⁻¹ ``inverseNormalMatrix(jacobian:)`` gives for it.
    func robustCovariance(at theta: [Double], jacobian j: [[Double]], bread: [[Double]]) -> [[Double]] {
        let raw = residuals(theta), n = raw.count
        // Andrews (1991): L = 1.1447 (α n)^(1/3), α = 4ρ² / ((1 − ρ)² (1 + ρ)²), ρ the lag-1 correlation.
        let power = raw.reduce(0) { $0 + $1 * $1 }
        var lagged = 0.0
        for i in 1..<Swift.max(n, 1) { lagged += raw[i] * raw[i - 1] }
        let rho = power > 0 ? Swift.min(Swift.max(lagged / power, -0.97), 0.97) : 0
        let alpha = 4 * rho * rho / ((1 - rho) * (1 - rho) * (1 + rho) * (1 + rho))
        let bandwidth = Swift.min(Int((1.1447 * Double.pow(alpha * Double(n), 1.0 / 3)).rounded(.up)), n / 3)
        let columns = active, size = columns.count
        var meat = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        // The active columns of J, row by row, and each residual over 1 − its leverage (MacKinnon and
        // White's HC3: a small recording's residuals understate its errors, most where a sample
        // pins a parameter down).
        let rows: [[Double]] = j.map { row in columns.map { row[$0] } }
        let r: [Double] = rows.indices.map { i in
            var leverage = 0.0
            for (u, iu) in columns.enumerated() {
                for (v, iv) in columns.enumerated() { leverage += rows[i][u] * bread[iu][iv] * rows[i][v] }
            }
            return raw[i] / Swift.max(1 - leverage, 0.1)
        }
        for lag in 0...Swift.max(bandwidth, 0) {
            let weight: Double = lag == 0 ? 1 : 1 - Double(lag) / Double(bandwidth + 1)
            for i in lag..<n {
                let product: Double = weight * r[i] * r[i - lag]
                let here = rows[i], before = rows[i - lag]
                for u in 0..<size {
                    for v in 0..<size {
                        let term: Double = lag == 0 ? here[u] * here[v] : here[u] * before[v] + before[u] * here[v]
                        meat[u][v] += product * term
                    }
                }
            }
        }
        var full = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 5)
        for ia in columns {
            for ib in columns {
                var sum = 0.0
                for (u, iu) in columns.enumerated() {
                    for (v, iv) in columns.enumerated() { sum += bread[ia][iu] * meat[u][v] * bread[iv][ib] }
                }
                full[ia][ib] = sum
            }
        }
        return full
    }

    /// (JᵀJ)⁻¹ for the Jacobian `j` as a 5 × 5 matrix (zero rows and columns for a fixed
    /// parameter), or nil when JᵀJ is singular to working precision.
    func inverseNormalMatrix(jacobian j: [[Double]]) -> [[Double]]? {
        let (a, _) = normalEquations(j, [Double](repeating: 0, count: j.count))
        let size = a.count
        // Scale to unit diagonal so the conditioning test is about the shape, not the units.
        let d = (0..<size).map { a[$0][$0] > 0 ? 1 / a[$0][$0].squareRoot() : 0 }
        guard !d.contains(0) else { return nil }
        var scaled = a
        for u in 0..<size { for v in 0..<size { scaled[u][v] *= d[u] * d[v] } }
        var inverse = [[Double]]()
        for column in 0..<size {
            var e = [Double](repeating: 0, count: size)
            e[column] = 1
            guard let x = LinearSystem.solve(scaled, e, pivotFloor: 1e-13) else { return nil }
            inverse.append(x)
        }
        // inverse[column][row] of the scaled matrix; undo the scaling and spread to 5 × 5.
        var full = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 5)
        for (u, iu) in active.enumerated() {
            for (v, iv) in active.enumerated() { full[iu][iv] = inverse[v][u] * d[u] * d[v] }
        }
        return full
    }
}

/// Small dense linear systems.
enum LinearSystem {
    /// Solves a small dense system by Gaussian elimination with partial pivoting; nil when a pivot falls
    /// below `pivotFloor` times the largest diagonal entry.
    static func solve(_ matrix: [[Double]], _ rhs: [Double], pivotFloor: Double = 1e-15) -> [Double]? {
        let n = rhs.count
        var a = matrix, b = rhs
        let scale = (0..<n).map { abs(matrix[$0][$0]) }.max() ?? 0
        guard scale > 0, scale.isFinite else { return nil }
        for k in 0..<n {
            var pivot = k
            for i in (k + 1)..<n where abs(a[i][k]) > abs(a[pivot][k]) { pivot = i }
            guard abs(a[pivot][k]) > pivotFloor * scale else { return nil }
            a.swapAt(k, pivot)
            b.swapAt(k, pivot)
            for i in (k + 1)..<n {
                let factor = a[i][k] / a[k][k]
                for c in k..<n { a[i][c] -= factor * a[k][c] }
                b[i] -= factor * b[k]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for k in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[k]
            for c in (k + 1)..<n { sum -= a[k][c] * x[c] }
            x[k] = sum / a[k][k]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
