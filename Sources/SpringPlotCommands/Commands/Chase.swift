import ArgumentParser
import SpringCharts
import SpringChoreography
import SpringConventions
import SpringFigures
import SpringMath

/// A spring chasing a target that moves at constant velocity: the exact motion beside retargeting
/// every frame.
struct Chase: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chase",
        abstract:
            "A spring chasing a moving target: the exact motion beside retargeting every frame at 30, 60 and 120 Hz.",
        discussion: """
            The target starts at --to and moves at --target-velocity. The exact chase solves \
            m·x'' = k·(T(t) − x) − c·x' in closed form: the limit of retargeting the spring every frame, \
            independent of the frame rate. Once the start has died out the value trails the target by c·V/k. \
            Beside it, the spring retargeted at the start of every frame to where the target is then, at each \
            --fps rate; the lower panel shows each one's error against the exact chase.

            Example: springplot chase --damping 0.7 --response 0.4 --to 0 --target-velocity 300 -o chase.png
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @Option(
        name: .customLong("target-velocity"), parsing: .unconditional,
        help: ArgumentHelp(
            "The target's velocity: it moves from --to at this many units per second.", valueName: "units/s"))
    var targetVelocity: Double

    @Option(
        name: .customLong("fps"), parsing: .unconditional,
        help: ArgumentHelp(
            "Frame rates at which the retargeting is drawn, in Hz. (default: 30,60,120)", valueName: "hz[,hz…]"))
    var givenFrameRates: DoubleList?

    @OptionGroup(title: "Chart") var chart: ChartOptions

    var frameRates: [Double] { givenFrameRates?.values ?? [30, 60, 120] }

    func validate() throws {
        try requireFinite(targetVelocity, "--target-velocity")
        if abs(targetVelocity) > Motion.limit {
            throw CommandLineRefusal(
                .outOfRange, option: "--target-velocity", "must lie between -1e100 and 1e100 (got \(targetVelocity))")
        }
        if frameRates.count > 5 { throw CommandLineRefusal(.valueCount, option: "--fps", "takes at most 5 values") }
        for rate in frameRates { try FrameRate.validate(rate, "--fps") }
        if let problem = ChaseInput.problem(
            spring: try spring.springs()[0].spring, motion: motion.motion, targetVelocity: targetVelocity)
        {
            throw spring.chaseRefusal(problem)
        }
        if let timeSpan = chart.timeSpan, let problem = ChaseInput.framesProblem(span: timeSpan, rates: frameRates) {
            throw CommandLineRefusal(.overLimit, parameter: "time-span", sentence: "--time-span: \(problem)")
        }
    }

    func run() throws {
        try chart.write(chaseChart(), defaultName: "springplot-chase")
    }

    /// The target, the exact chase and the retargeted traces above; their errors below.
    func chaseChart() throws -> Chart {
        let named = try spring.springs()[0]
        let chase = SpringChase(
            spring: named.spring, from: motion.from, to: motion.to, targetVelocity: targetVelocity,
            initialVelocity: motion.velocity)
        let analysis = SpringAnalysis(named, motion: motion.motion, tolerance: chart.tolerance)
        let scale = max(abs(motion.to - motion.from), abs(chase.lag), 1e-300)
        let settle = chase.settleTime(within: SettleBand(distance: chart.tolerance * scale))
        let span =
            chart.timeSpan
            ?? tidyUp(max(analysis.suggestedSpan, settle.isFinite ? settle * 1.5 : 0, 12 / (frameRates.min() ?? 30)))
        // The span a slow spring settles in can be days: its frames are counted before any is stepped.
        if chart.timeSpan == nil, let problem = ChaseInput.framesProblem(span: span, rates: frameRates) {
            throw CommandLineRefusal(
                .overLimit, parameter: "time-span",
                sentence: "the chase needs a span of \(label(span, digits: 3)) s to settle: \(problem)")
        }
        let times = (0...1200).map { span * Double($0) / 1200 }
        let exact = times.map { chase.position(at: $0) }
        var series = [
            Series(
                name: "target", xs: [0, span], ys: [chase.target(at: 0), chase.target(at: span)], color: .muted,
                lineWidth: 1.5,
                dash: .dashed),
            Series(name: "exact chase", xs: times, ys: exact, color: .foreground, lineWidth: 3)
        ]
        var errorSeries: [Series] = []
        var visible = ExtentOf(exact + [chase.target(at: 0), chase.target(at: span)]), errors = ExtentOf([0])
        for (index, rate) in frameRates.enumerated() {
            let trace = Chase.retargeted(chase, rate: rate, span: span)
            let error = zip(trace.times, trace.positions).map { $1 - chase.position(at: $0) }
            series.append(
                Series(
                    name: "retargeted every frame, \(label(rate)) Hz", xs: trace.times, ys: trace.positions,
                    color: .palette(index), interpolation: .steps))
            errorSeries.append(
                Series(
                    name: "\(label(rate)) Hz", xs: trace.times, ys: error, color: .palette(index), interpolation: .steps
                ))
            visible.include(trace.positions)
            errors.include(error)
        }
        var notes: [Annotation] = []
        if settle.isFinite && settle > 0 && settle <= span {
            notes.append(
                .verticalLine(
                    x: settle, label: "trails by \(label(chase.lag, digits: 3)) from \(label(settle, digits: 3)) s",
                    style: .muted, short: "trails by \(label(chase.lag, digits: 3))"))
        }
        let panels = [
            Panel(
                xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position", range: visible.padded(0.06)),
                series: series, annotations: notes),
            Panel(
                xAxis: Axis("time (s)", range: 0...span),
                yAxis: Axis("error vs exact chase", range: errors.padded(0.06)),
                series: errorSeries, annotations: [.horizontalLine(y: 0, label: nil, style: .dotted)],
                showsLegend: false)
        ]
        let subtitle =
            "from \(label(motion.from, digits: 4)) · target from \(label(motion.to, digits: 4)) at "
            + "\(label(targetVelocity, digits: 4))/s · lag c·V/k = \(label(chase.lag, digits: 4))"
        return chart.frame.chart(title: "Chase: \(named.name)", subtitle: subtitle, panels: panels)
    }

    /// The spring stepped exactly over each frame toward where the target is at the frame's start:
    /// what a runtime that retargets every frame displays. One entry per frame, from time 0.
    static func retargeted(_ chase: SpringChase<Double>, rate: Double, span: Double) -> (
        times: [Double], positions: [Double]
    ) {
        let dt = 1 / rate
        let frames = Int((span * rate).rounded(.down))
        var state = SpringState(position: chase.from, velocity: chase.initialVelocity)
        var times = [0.0], positions = [chase.from]
        for frame in 0..<frames {
            let start = Double(frame) * dt
            state = SpringMotion(
                spring: chase.spring, from: state.position, to: chase.target(at: start),
                initialVelocity: state.velocity
            ).state(at: dt)
            times.append(Double(frame + 1) * dt)
            positions.append(state.position)
        }
        return (times, positions)
    }
}
