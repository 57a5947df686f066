import SpringCharts
import SpringConventions
import SpringFormatting
import SpringMath
import SpringPlatforms

/// The spring as platforms really display it, against the exact motion: what `springplot curve
/// --platform` draws.
///
/// Up to four platforms overlay the exact curve, each as the values it holds from frame to frame,
/// with their error (platform − exact at each frame) below. More platforms get one small cell each
/// for that error, on shared axes (at a size where the curves themselves would look alike), captioned
/// with the largest error and the finish time.
public enum PlatformChart {
    /// The most platforms drawn over one plot; more become small multiples.
    public static let overlayLimit = 4

    /// One platform's displayed frames, measured.
    public struct Run: Sendable {
        public var platform: Platform
        public var trajectory: PlatformTrajectory
        public var report: PlatformReport
    }

    /// Runs each platform's model at `fps` for the spring and motion.
    /// - Precondition: the spring is not instantaneous; `fps` finite and > 0.
    public static func runs(
        spring: Spring, motion: Motion, platforms: [Platform], fps: Double,
        parameters: PlatformParameters = .standard
    ) -> [Run] {
        platforms.map { platform in
            let model = platform.model(
                for: spring, from: motion.from, to: motion.to, velocity: motion.initialVelocity,
                parameters: parameters)
            let trajectory = model.trajectory(from: motion.from, to: motion.to, frameRate: fps)
            let report = PlatformReport.measure(
                model, spring: spring, from: motion.from, to: motion.to,
                velocity: motion.initialVelocity, frameRate: fps)
            return Run(platform: platform, trajectory: trajectory, report: report)
        }
    }

    /// "≤ 1.6 % · ends 0.92 s"
    static func caption(_ run: Run) -> String {
        let error =
            run.report.maxErrorFraction.map { "≤ \(NumberFormat.percent($0, digits: 2))" }
            ?? "≤ \(label(run.report.maxError, digits: 2))"
        let end = run.report.finishTime.map { "ends \(label($0, digits: 3)) s" } ?? "not finished"
        return "\(error) · \(end)"
    }

    /// The error of each displayed frame against the exact motion.
    static func errors(_ frames: (xs: [Double], ys: [Double]), exact: SpringMotion<Double>) -> [Double] {
        zip(frames.xs, frames.ys).map { $1 - exact.position(at: $0) }
    }

    /// The chart of `platforms` displaying `spring` at `fps`: overlaid over the exact curve with their
    /// errors below (each platform in a colour of its own: `Theme.distinctSeriesStyles(count:avoiding:)`),
    /// or, beyond ``overlayLimit``, one small error plot each.
    /// - Parameter timeSpan: seconds shown; nil for past the exact settle time and every platform's
    ///   finish (at most `PlatformLimits.defaultLimit`).
    public static func chart(
        spring: NamedSpring, motion: Motion, platforms: [Platform], fps: Double,
        timeSpan: Double?, frame: ChartFrame, parameters: PlatformParameters = .standard
    ) -> Chart {
        let runs = runs(spring: spring.spring, motion: motion, platforms: platforms, fps: fps, parameters: parameters)
        let exact = SpringMotion(
            spring: spring.spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity)
        let settle = runs.first?.report.exactSettleTime ?? 1
        let finishes = runs.compactMap(\.report.finishTime)
        // The platforms are simulated for at most PlatformLimits.defaultLimit seconds: a spring that
        // settles later is shown over that window.
        let natural = min(max(settle.isFinite ? settle : 1, finishes.max() ?? 0) * 1.1, PlatformLimits.defaultLimit)
        let span = timeSpan ?? natural
        let curve = exact.sampled(count: 1201, span: span)
        let title =
            "\(spring.name) on \(runs.count == 1 ? runs[0].platform.title : "\(runs.count) platforms") at \(label(fps)) Hz"
        // The one "how long" (1 % of the travel), as every chart says it, in the subtitle and on the line.
        let howLong = SpringAnalysis(spring, motion: motion, tolerance: 0.01)
        let subtitle = motion.subtitle(springs: [spring]) + "  ·  " + howLong.howLong

        // The displayed frames, then (once the platform has finished) frames showing the target to
        // the end of the span.
        func held(_ run: Run) -> (xs: [Double], ys: [Double]) {
            var xs = run.trajectory.times, ys = run.trajectory.positions
            guard run.trajectory.finished else { return (xs, ys) }
            let schedule = FrameSchedule(frameRate: fps)
            var frame = xs.count
            while xs[xs.count - 1] < span && xs.count < PlatformLimits.maximumFrames {
                xs.append(schedule.time(ofFrame: frame))
                ys.append(motion.to)
                frame += 1
            }
            return (xs, ys)
        }

        if runs.count > overlayLimit {
            let grid = PanelGrid(
                columns: GridChart.columns(forCount: runs.count), cellTitles: runs.map(\.platform.rawValue),
                cellCaptions: runs.map(caption), xAxis: Axis("time (s)", range: 0...span),
                yAxis: Axis("displayed − exact"))
            let panels = runs.map { run -> Panel in
                let frames = held(run)
                return Panel(
                    series: [
                        Series(
                            xs: frames.xs, ys: errors(frames, exact: exact), color: .palette(0), lineWidth: 1.75,
                            interpolation: .steps)
                    ],
                    annotations: [.horizontalLine(y: 0, label: nil, style: .dotted)], showsLegend: false)
            }
            var chart = frame.chart(
                title: "\(title): displayed − exact",
                subtitle: subtitle + "  ·  each cell: the platform's frames minus the exact motion",
                panels: panels)
            chart.grid = grid
            return chart
        }

        var positions = [
            Series(name: "exact", xs: curve.times, ys: curve.positions, color: .foreground, lineWidth: 2.5)
        ]
        var errorSeries: [Series] = []
        // Each platform a different palette colour, the set chosen to stay apart from each other and
        // from the exact curve for red–green colour-blind viewers too.
        let styles = frame.theme.distinctSeriesStyles(count: runs.count, avoiding: [.foreground])
        for (run, style) in zip(runs, styles) {
            let frames = held(run)
            let name = "\(run.platform.title) (\(caption(run)))"
            positions.append(
                Series(
                    name: name, xs: frames.xs, ys: frames.ys, color: style.color, lineWidth: 1.75,
                    dash: style.dash, interpolation: .steps))
            errorSeries.append(
                Series(
                    name: nil, xs: frames.xs, ys: PlatformChart.errors(frames, exact: exact), color: style.color,
                    lineWidth: 1.5, dash: style.dash, interpolation: .steps))
        }
        let xAxis = Axis("time (s)", range: 0...span)
        var notes: [Annotation] = [.horizontalLine(y: motion.to, label: "target", style: .dotted)]
        let settled = howLong.settleTime
        if settled.isFinite && settled > 0 && settled <= span {
            notes.append(.verticalLine(x: settled, label: "settles within 1 %", style: .muted))
        }
        let panels = [
            Panel(xAxis: xAxis, yAxis: Axis("position"), series: positions, annotations: notes, showsLegend: true),
            Panel(
                xAxis: xAxis, yAxis: Axis("displayed − exact"), series: errorSeries,
                annotations: [.horizontalLine(y: 0, label: nil, style: .dotted)], showsLegend: false)
        ]
        return frame.chart(title: title, subtitle: subtitle, panels: panels)
    }
}
