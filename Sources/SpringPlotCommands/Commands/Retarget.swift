import ArgumentParser
import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringWire
import WaveRuntime

/// Retargeting against restarting: what happens when the target changes mid-flight.
struct Retarget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retarget",
        abstract: "Retargeting (velocity kept) against restarting (velocity reset) when the target changes mid-flight.",
        discussion: """
            The motion runs from --from to --to; at --at seconds the target becomes --new-target. The \
            retargeted curve is produced by WaveRuntime's SpringAnimator on a hand-driven clock.

            Example: springplot retarget --damping 0.7 --response 0.6 --to 100 --at 0.25 --new-target 40 -o retarget.png
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "When the target changes, in seconds. (default: 30 % of the settle time)", valueName: "seconds"))
    var at: Double?
    @Option(
        name: .customLong("new-target"), parsing: .unconditional,
        help: ArgumentHelp("The new target. (default: halfway back to --from)", valueName: "value"))
    var newTarget: Double?
    @OptionGroup(title: "Chart") var chart: ChartOptions

    func validate() throws {
        if let at { try requireNonNegative(at, "--at") }
        if let newTarget { try requireFinite(newTarget, "--new-target") }
        if let at, let span = chart.timeSpan, at > span {
            throw CommandLineRefusal(.outOfRange, option: "--at", "(\(at) s) must lie within --time-span (\(span) s)")
        }
    }

    func run() throws {
        try chart.write(try retargetChart(), defaultName: "springplot-retarget")
    }

    /// The chart the options describe: no change, retarget and restart, positions above, velocities below.
    func retargetChart() throws -> Chart {
        let named = try spring.springs()[0]
        let analysis = SpringAnalysis(named, motion: motion, tolerance: chart.tolerance)
        let settle = analysis.settleTime
        let switchTime = at ?? Retarget.defaultSwitchTime(settle: settle)
        let target2 = newTarget ?? (motion.from + motion.to) / 2
        let after = SpringAnalysis(
            named,
            motion: MotionOptions.with(
                from: analysis.motion.position(at: switchTime), to: target2,
                velocity: analysis.motion.velocity(at: switchTime)),
            tolerance: chart.tolerance)
        let span = chart.timeSpan ?? max(analysis.suggestedSpan, tidyUp(switchTime + after.suggestedSpan))

        // No change: the original motion, faint.
        let original = analysis.motion.sampled(count: 1201, span: span)
        // Retarget: WaveRuntime's animator on a hand-driven clock, target changed at the switch time.
        let retarget = MainActor.assumeIsolated {
            animatorTrace(
                spring: named.spring, from: motion.from, to: motion.to, velocity: motion.velocity,
                switchTime: switchTime, newTarget: target2, span: span, frames: 1200)
        }
        // Restart: the same position at the switch, velocity reset to zero.
        let restartMotion = SpringMotion(
            spring: named.spring, from: analysis.motion.position(at: switchTime), to: target2)
        let restartSamples = restartMotion.sampled(count: 1001, span: max(span - switchTime, 1e-9))
        let restartTimes = [switchTime] + restartSamples.times.map { $0 + switchTime }
        let restartPositions = [analysis.motion.position(at: switchTime)] + restartSamples.positions
        let restartVelocities = [analysis.motion.velocity(at: switchTime)] + restartSamples.velocities
        let preTimes = original.times.filter { $0 <= switchTime }

        let switchLabel = "target → \(label(target2, digits: 4)) at \(label(switchTime)) s"
        // The same four curves in both panels: `usePositions` picks which quantity they show.
        func curves(usePositions: Bool) -> [Series] {
            let pick = { (positions: [Double], velocities: [Double]) in usePositions ? positions : velocities }
            let before = Array(pick(original.positions, original.velocities).prefix(preTimes.count))
            return [
                Series(
                    name: "no change", xs: original.times, ys: pick(original.positions, original.velocities),
                    color: .muted, lineWidth: 2, dash: .dashed, opacity: 0.8),
                Series(
                    name: "restart (velocity reset)", xs: restartTimes, ys: pick(restartPositions, restartVelocities),
                    color: .palette(5), lineWidth: 2.5),
                Series(
                    name: "retarget (velocity kept)", xs: retarget.times,
                    ys: pick(retarget.positions, retarget.velocities),
                    color: .palette(4), lineWidth: 2.5),
                Series(name: nil, xs: preTimes, ys: before, color: .foreground, lineWidth: 2.5)
            ]
        }
        let positionPanel = Panel(
            xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position"), series: curves(usePositions: true),
            annotations: [
                .verticalLine(x: switchTime, label: switchLabel, style: .emphasis),
                .horizontalLine(y: motion.to, label: "old target", style: .dotted),
                .horizontalLine(y: target2, label: "new target", style: .dotted)
            ])
        let jump = analysis.motion.velocity(at: switchTime)
        let velocityPanel = Panel(
            xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("velocity (units/s)"),
            series: curves(usePositions: false),
            annotations: [
                .verticalLine(x: switchTime, label: nil, style: .emphasis),
                .horizontalLine(y: 0, label: nil, style: .dotted)
            ]
                + (abs(jump) > 1e-3 * max(abs(motion.to - motion.from), 1) * min(named.spring.naturalFrequency, 1e12)
                    ? [.marker(x: switchTime, y: 0, label: "restart: velocity jumps \(label(jump, digits: 3)) → 0")]
                    : []),
            showsLegend: false)
        return chart.frame.chart(
            title: "Retarget vs restart: \(named.name)",
            subtitle: motion.subtitle(springs: [named]) + "  ·  " + switchLabel,
            panels: [positionPanel, velocityPanel])
    }
}

extension Retarget {
    /// When the target changes when `--at` is not given: 30 % of the settle time (within 1 % of the
    /// travel), rounded; 0.2 s for a spring that never settles or jumps.
    static func defaultSwitchTime(settle: Double) -> Double {
        settle.isFinite && settle > 0 ? tidyRound(settle * 0.3) : 0.2
    }
}

/// The trace of a SpringAnimator driven by hand: `frames` equal frames over `span`, the frame that
/// contains `switchTime` split there so the retarget happens exactly at that instant.
@MainActor
func animatorTrace(
    spring: Spring, from: Double, to: Double, velocity: Double, switchTime: Double, newTarget: Double,
    span: Double, frames: Int
) -> (times: [Double], positions: [Double], velocities: [Double]) {
    let controller = AnimationController()
    let animator = SpringAnimator(spring: spring, value: from, target: to, controller: controller)
    animator.velocity = velocity
    animator.restThreshold = .minimumVisibleChange(max(abs(to - from), abs(newTarget - from), 1e-12) * 1e-6)
    var times = [0.0], positions = [from], velocities = [velocity]
    animator.valueChanged = { value in
        times.append(controller.time)
        positions.append(value)
        velocities.append(animator.velocity)
    }
    animator.start()
    let dt = span / Double(frames)
    var switched = false
    while controller.time < span - dt * 1e-9 {
        var step = min(dt, span - controller.time)
        if !switched && controller.time + step >= switchTime {
            step = switchTime - controller.time
            if step > 0 { controller.advance(by: step) }
            if animator.state != .running {
                // It had already come to rest: hold the value up to the switch, then start again.
                times.append(controller.time)
                positions.append(animator.value)
                velocities.append(0)
                animator.target = newTarget
                animator.start()
            } else {
                animator.target = newTarget
            }
            switched = true
            continue
        }
        controller.advance(by: step)
        if switched && animator.state != .running {
            // At rest: hold the value to the end of the chart.
            times.append(span)
            positions.append(animator.value)
            velocities.append(0)
            break
        }
    }
    return (times, positions, velocities)
}

extension MotionOptions {
    static func with(from: Double, to: Double, velocity: Double) -> MotionOptions {
        var options = MotionOptions()
        options.from = from
        options.to = to
        options.velocity = velocity
        return options
    }
}

/// Rounds to two significant digits, for default times.
func tidyRound(_ value: Double) -> Double {
    guard value > 0, value.isFinite else { return value }
    var scale = 1.0
    while value * scale < 10 { scale *= 10 }
    while value * scale >= 100 { scale /= 10 }
    return (value * scale).rounded() / scale
}
