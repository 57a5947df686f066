import SpringChoreography
import SpringFormatting
import SpringMath

/// The checks a chase of a moving target passes before any of it is computed, shared by
/// `springplot chase`, `springplot data --target-velocity` and the studio's `/api/chase.json`: every
/// quantity the motion derives (the lag c·V/k, the start relative to the trailing path, the path's
/// slopes) must be a finite number, so the exact solution and its settle time never meet a value
/// outside their domain.
public enum ChaseInput {
    /// The most frames one retargeted trace may hold (`springplot chase` draws one per `--fps`
    /// rate): the time span × the rate, checked before any frame is stepped.
    public static let maximumFrames = 100_000

    /// Why `spring` cannot chase a target that starts at `to` and moves at `targetVelocity` from
    /// `from` with `initialVelocity`, as (parameter, reason), or nil when every derived quantity is
    /// finite. The motion's own values are checked by ``Motion/problem`` first.
    public static func problem(spring: Spring, motion: Motion, targetVelocity: Double) -> (
        parameter: String, message: String
    )? {
        if !targetVelocity.isFinite || abs(targetVelocity) > Motion.limit {
            return ("target-velocity", "must lie between -1e100 and 1e100 (got \(targetVelocity))")
        }
        if spring.isInstantaneous {
            return ("response", "must be > 0 to chase: a response-0 spring is the target itself")
        }
        let chase = SpringChase(
            spring: spring, from: motion.from, to: motion.to, targetVelocity: targetVelocity,
            initialVelocity: motion.initialVelocity)
        let transient = chase.transient
        guard chase.lag.isFinite, transient.from.isFinite, transient.initialVelocity.isFinite else {
            return (
                "target-velocity",
                "makes the spring trail the target by \(NumberFormat.people(chase.lag, digits: 3)), "
                    + "too far to compute (lag c·V/k; lower the target's velocity or the damping)"
            )
        }
        return nil
    }

    /// Why the points (time, position) cannot be a target path, or nil: at least one point, times
    /// finite and increasing, positions within ±``Motion/limit``, and no straight piece steeper than
    /// ``Motion/limit`` per second (its velocity, and the lag it causes, stay finite).
    public static func pathProblem(_ points: [(time: Double, position: Double)]) -> String? {
        guard !points.isEmpty else { return "path needs at least one t:x point" }
        for point in points {
            if !point.time.isFinite { return "path times must be finite (got \(point.time))" }
            if !point.position.isFinite || abs(point.position) > Motion.limit {
                return "path positions must lie between -1e100 and 1e100 (got \(point.position))"
            }
        }
        for (a, b) in zip(points, points.dropFirst()) {
            if !(b.time > a.time) { return "path times must increase (\(shortest(a.time)) then \(shortest(b.time)))" }
            let slope = (b.position - a.position) / (b.time - a.time)
            if !(abs(slope) <= Motion.limit) {
                return
                    "path moves faster than 1e100 per second between t = \(shortest(a.time)) and \(shortest(b.time)) s"
            }
        }
        return nil
    }

    /// Why retargeting every frame over `span` seconds at `rates` is too much work, or nil: each
    /// trace holds at most ``maximumFrames`` frames.
    public static func framesProblem(span: Double, rates: [Double]) -> String? {
        guard span.isFinite, span >= 0 else { return "the time span must be finite (got \(span))" }
        let fastest = rates.max() ?? 0
        let frames = span * fastest
        guard frames <= Double(maximumFrames) else {
            return
                "\(NumberFormat.people(span, digits: 3)) s at \(shortest(fastest)) Hz is \(NumberFormat.people(frames, digits: 3)) frames, "
                + "more than \(maximumFrames): give a --time-span of at most \(NumberFormat.people(Double(maximumFrames) / fastest, digits: 3)) s "
                + "or lower --fps"
        }
        return nil
    }
}
