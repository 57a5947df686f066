import SpringCharts
import SpringChoreography
import SpringConventions
import SpringMath
import SpringPlatforms

extension MotionClip {
    /// The canvas a clip is drawn on.
    public struct Canvas: Sendable {
        /// Logical px.
        public var width: Double
        /// Logical px; nil for ``MotionClip/defaultHeight(lanes:)``.
        public var height: Double?
        public var theme: Theme
        /// Replaces the title the clip would give itself.
        public var title: String?

        public init(width: Double = 640, height: Double? = nil, theme: Theme = .light, title: String? = nil) {
            self.width = width
            self.height = height
            self.theme = theme
            self.title = title
        }
    }

    /// The tolerance the lanes' "settles" notes use: 1 % of the travel, as every chart does.
    static let noteTolerance = 0.01

    /// One lane per spring, each the exact motion: `springplot animate --damping 0.3,0.7,1`.
    public static func springs(_ springs: [NamedSpring], motion: Motion, canvas: Canvas) -> MotionClip {
        let lanes = springs.enumerated().map { index, named in
            Lane(
                label: named.name, note: settleNote(named, motion: motion), color: .palette(index),
                path: .motion(springMotion(named.spring, motion)), marks: [motion.from, motion.to])
        }
        let travel = "\(label(motion.from, digits: 4)) → \(label(motion.to, digits: 4))"
        let title = springs.count == 1 ? "Spring motion, \(travel)" : "\(springs.count) springs, \(travel)"
        return make(title: title, lanes: lanes, canvas: canvas)
    }

    /// The seeds' comparison: the same spring retargeted to `newTarget` at `switchTime`, once keeping
    /// its position and velocity (what WaveRuntime does) and once restarting from rest where it was.
    public static func retarget(
        _ named: NamedSpring, motion: Motion, at switchTime: Double, newTarget: Double, canvas: Canvas
    ) -> MotionClip {
        let first = springMotion(named.spring, motion)
        let position = first.position(at: switchTime), velocity = first.velocity(at: switchTime)
        let kept = SpringMotion(spring: named.spring, from: position, to: newTarget, initialVelocity: velocity)
        let reset = SpringMotion(spring: named.spring, from: position, to: newTarget)
        func note(_ second: SpringMotion<Double>) -> String {
            let analysis = SpringAnalysis(
                named, motion: Motion(from: second.from, to: second.to, initialVelocity: second.initialVelocity),
                tolerance: noteTolerance)
            let settle = analysis.settleTime
            return settle.isFinite ? "settles \(label(switchTime + settle, digits: 3)) s" : "never settles"
        }
        let marks = [motion.from, motion.to, newTarget]
        let lanes = [
            Lane(
                label: "\(named.name): retarget (velocity kept)", note: note(kept), color: .palette(4),
                path: .switched(first, at: switchTime, then: kept), marks: marks),
            Lane(
                label: "\(named.name): restart (velocity reset)", note: note(reset), color: .palette(5),
                path: .switched(first, at: switchTime, then: reset), marks: marks)
        ]
        let title = "Retarget vs restart: target → \(label(newTarget, digits: 4)) at \(label(switchTime)) s"
        return make(title: title, lanes: lanes, canvas: canvas)
    }

    /// A spring sequence in one lane, each keyframe's target marked.
    public static func sequence(_ sequence: SpringSequence, canvas: Canvas) -> MotionClip {
        let settle = sequence.settleTime(within: SettleBand(distance: max(sequence.span, 1e-300) * noteTolerance))
        let count = sequence.keyframes.count
        let lane = Lane(
            label: "\(count) keyframe\(count == 1 ? "" : "s"), each with its own spring",
            note: settle.isFinite ? "settles \(label(settle, digits: 3)) s" : "never settles", color: .palette(0),
            path: .sequence(sequence), marks: [sequence.from] + sequence.keyframes.map(\.to))
        return make(
            title:
                "Spring sequence, \(label(sequence.from, digits: 4)) → \(label(sequence.finalValue, digits: 4))",
            lanes: [lane], canvas: canvas)
    }

    /// A target moving at `targetVelocity` from `motion.to`, and the spring's exact chase of it
    /// (the limit of retargeting every frame), for `until` seconds.
    public static func chase(
        _ named: NamedSpring, motion: Motion, targetVelocity: Double, until: Double, canvas: Canvas
    ) -> MotionClip {
        let chase = SpringChase(
            spring: named.spring, from: motion.from, to: motion.to, targetVelocity: targetVelocity,
            initialVelocity: motion.initialVelocity)
        let lanes = [
            Lane(
                label: "target, moving at \(label(targetVelocity, digits: 4))/s", note: "", color: .palette(1),
                path: .target(chase, until: until), marks: [motion.to]),
            Lane(
                label: "exact chase: \(named.name)", note: "trails by \(label(chase.lagTime, digits: 3)) s",
                color: .palette(0), path: .chase(chase, until: until), marks: [motion.from])
        ]
        return make(title: "Chasing a moving target", lanes: lanes, canvas: canvas)
    }

    /// What platforms display at `fps` frames per second, each lane stepped by its platform's model
    /// and holding each displayed value until the next frame, under the exact motion.
    /// - Precondition: the spring is not instantaneous; `fps` finite and > 0.
    public static func platforms(
        _ named: NamedSpring, motion: Motion, platforms: [Platform], fps: Double,
        parameters: PlatformParameters = .standard, canvas: Canvas
    ) -> MotionClip {
        var lanes = [
            Lane(
                label: "exact: \(named.name)", note: settleNote(named, motion: motion), color: .palette(0),
                path: .motion(springMotion(named.spring, motion)), marks: [motion.from, motion.to])
        ]
        let runs = PlatformChart.runs(
            spring: named.spring, motion: motion, platforms: platforms, fps: fps, parameters: parameters)
        for (index, run) in runs.enumerated() {
            lanes.append(
                Lane(
                    label: "\(run.platform.title) at \(label(fps)) fps", note: PlatformChart.caption(run),
                    color: .palette(index + 1),
                    path: .frames(times: run.trajectory.times, positions: run.trajectory.positions),
                    marks: [motion.from, motion.to]))
        }
        return make(
            title: "What platforms display, \(label(motion.from, digits: 4)) → \(label(motion.to, digits: 4))",
            lanes: lanes, canvas: canvas)
    }

    /// The seconds until every lane is within half a device pixel of where it rests at `scale`
    /// device pixels per logical px (a platform lane: its last frame); nil when a lane never rests
    /// (an undamped spring).
    public func restTime(scale: Double) -> Double? {
        let band = pixelsPerUnit > 0 ? 0.5 / (pixelsPerUnit * scale) : .infinity
        var latest = 0.0
        for lane in lanes {
            let rest: Double
            switch lane.path {
            case .motion(let motion):
                rest = Self.settleTime(motion, band: band)
            case .switched(_, let switchTime, let second):
                rest = switchTime + Self.settleTime(second, band: band)
            case .frames(let times, _):
                rest = times.last ?? 0
            case .sequence(let sequence):
                rest = sequence.settleTime(within: SettleBand(distance: band))
            case .chase(_, let until), .target(_, let until):
                rest = until
            }
            guard rest.isFinite else { return nil }
            latest = max(latest, rest)
        }
        return latest
    }

    /// A few periods of the slowest lane: how long a clip of springs that never rest runs.
    public var undampedSpan: Double {
        var span = 1.0
        for lane in lanes {
            switch lane.path {
            case .motion(let motion): span = max(span, 4 * motion.spring.dampedPeriod)
            case .switched(_, let switchTime, let second): span = max(span, switchTime + 4 * second.spring.dampedPeriod)
            case .frames(let times, _): span = max(span, times.last ?? 0)
            case .sequence(let sequence): span = max(span, Self.undampedEnd(sequence))
            case .chase(_, let until), .target(_, let until): span = max(span, until)
            }
        }
        return span.isFinite ? span : 1
    }

    /// The last keyframe's start and four periods of its spring: how long a sequence that ends on an
    /// undamped spring is shown.
    static func undampedEnd(_ sequence: SpringSequence) -> Double {
        let last = sequence.keyframes[sequence.keyframes.count - 1]
        let period = last.spring.dampedPeriod
        return last.at + (period.isFinite ? 4 * period : 1)
    }

    static func settleTime(_ motion: SpringMotion<Double>, band: Double) -> Double {
        if motion.spring.isInstantaneous { return 0 }
        return motion.spring.settleTime(
            displacement: motion.from - motion.to, velocity: motion.initialVelocity, within: SettleBand(distance: band))
    }

    static func springMotion(_ spring: Spring, _ motion: Motion) -> SpringMotion<Double> {
        SpringMotion(spring: spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity)
    }

    static func settleNote(_ named: NamedSpring, motion: Motion) -> String {
        let settle = SpringAnalysis(named, motion: motion, tolerance: noteTolerance).settleTime
        return settle.isFinite ? "settles \(label(settle, digits: 3)) s" : "never settles"
    }

    /// The clip with a value range that holds every lane's whole motion and its marks.
    static func make(title: String, lanes: [Lane], canvas: Canvas) -> MotionClip {
        var low = Double.infinity, high = -Double.infinity
        func include(_ value: Double) {
            guard value.isFinite else { return }
            low = min(low, value)
            high = max(high, value)
        }
        for lane in lanes {
            lane.marks.forEach(include)
            for value in extremes(lane.path) { include(value) }
        }
        if !(low < high) {
            let middle = low.isFinite ? low : 0
            low = middle - 1
            high = middle + 1
        }
        return MotionClip(
            title: canvas.title ?? title, lanes: lanes, range: low...high, width: canvas.width,
            height: canvas.height ?? defaultHeight(lanes: lanes.count), theme: canvas.theme)
    }

    /// The lowest and highest values a path takes (sampled finely over the whole motion; the peaks
    /// of an exact motion are found to a small fraction of the travel).
    static func extremes(_ path: Path) -> [Double] {
        func sampled(_ motion: SpringMotion<Double>) -> [Double] {
            let travel = max(abs(motion.to - motion.from), abs(motion.initialVelocity) * motion.spring.response, 1e-300)
            var span = settleTime(motion, band: travel * 1e-6)
            if !span.isFinite { span = 4 * motion.spring.dampedPeriod }
            guard span.isFinite, span > 0 else { return [motion.from, motion.to] }
            let count = 4000
            var values = [motion.from, motion.to]
            var low = Double.infinity, high = -Double.infinity
            for index in 0...count {
                let value = motion.position(at: span * Double(index) / Double(count))
                low = min(low, value)
                high = max(high, value)
            }
            values += [low, high]
            return values
        }
        switch path {
        case .motion(let motion): return sampled(motion)
        case .switched(let first, let switchTime, let second):
            let before = (0...400).map { first.position(at: switchTime * Double($0) / 400) }
            return before + sampled(second)
        case .frames(_, let positions): return positions
        case .sequence(let sequence):
            var span = sequence.settleTime(within: SettleBand(distance: max(sequence.span, 1e-300) * 1e-6))
            if !span.isFinite { span = undampedEnd(sequence) }
            return (0...4000).map { sequence.position(at: span * Double($0) / 4000) } + [sequence.from]
        case .chase(let chase, let until):
            return (0...4000).map { chase.position(at: until * Double($0) / 4000) }
        case .target(let chase, let until):
            return [chase.target(at: 0), chase.target(at: until)]
        }
    }
}
