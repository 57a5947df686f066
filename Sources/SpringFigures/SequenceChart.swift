import SpringCharts
import SpringChoreography
import SpringConventions
import SpringFormatting
import SpringMath

/// A spring sequence: its exact motion through the keyframes, each marked, beside restarting every
/// keyframe from rest (the velocity thrown away), and its velocity, continuous at every handover.
/// `springplot sequence` and the studio draw it.
public enum SequenceChart {
    /// The chart of `sequence`: the motion with its keyframes above, the velocity below; the time
    /// axis spans `timeSpan` seconds, or past the settle time to `tolerance` of the larger of the
    /// travel and the keyframes' span.
    public static func chart(
        sequence: SpringSequence, tolerance: Double, timeSpan: Double?, frame: ChartFrame,
        samples: Int = 1600
    ) -> Chart {
        let keyframes = sequence.keyframes
        let settle = SequenceChart.settleTime(sequence, tolerance: tolerance)
        let span = timeSpan ?? SequenceChart.suggestedSpan(sequence, tolerance: tolerance)
        let times = (0...samples).map { span * Double($0) / Double(samples) }
        let states = times.map { sequence.state(at: $0) }
        let restarted = SequenceChart.restarted(sequence)
        let restartedPositions = times.map(restarted)
        var series: [Series] = []
        // Each keyframe's target while it is in charge.
        for (index, keyframe) in keyframes.enumerated() {
            let end = index + 1 < keyframes.count ? keyframes[index + 1].at : span
            guard keyframe.at < span else { break }
            series.append(
                Series(
                    name: index == 0 ? "keyframe targets" : nil, xs: [keyframe.at, min(end, span)],
                    ys: [keyframe.to, keyframe.to], color: .muted, lineWidth: 1.5, dash: .dashed))
        }
        series.append(
            Series(
                name: "restarted from rest at each keyframe", xs: times, ys: restartedPositions,
                color: .palette(1), lineWidth: 2, opacity: 0.55))
        series.append(
            Series(
                name: "exact, velocity handed over", xs: times, ys: states.map(\.position),
                color: .foreground, lineWidth: 3))
        var marks: [Annotation] = []
        // Labels are placed against each other (a cost that grows with the square of their number), and
        // more than a few dozen cannot be read apart anyway: past that, the marks stand alone.
        let shown = keyframes.prefix { $0.at <= span }.count
        let labelled = shown <= SequenceChart.maximumLabelledKeyframes
        for (index, (keyframe, handover)) in zip(keyframes, sequence.handovers).enumerated() where keyframe.at <= span {
            marks.append(
                .marker(
                    x: keyframe.at, y: handover.position,
                    label: labelled
                        ? "\(index + 1) → \(label(keyframe.to, digits: 4)) at \(label(keyframe.at, digits: 3)) s" : nil,
                    color: .foreground))
        }
        if settle.isFinite && settle <= span {
            marks.append(.verticalLine(x: settle, label: "settles \(label(settle, digits: 3)) s", style: .dotted))
        }
        let velocityMarks: [Annotation] =
            zip(keyframes, sequence.handovers).filter { $0.0.at <= span }.map {
                .marker(x: $0.0.at, y: $0.1.velocity, label: nil, color: .foreground)
            } + [.horizontalLine(y: 0, label: nil, style: .dotted)]
        let panels = [
            Panel(
                xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position"), series: series, annotations: marks),
            Panel(
                xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("velocity (units/s)"),
                series: [
                    Series(name: "velocity", xs: times, ys: states.map(\.velocity), color: .foreground, lineWidth: 2)
                ],
                annotations: velocityMarks, showsLegend: false)
        ]
        let subtitle =
            "from \(label(sequence.from, digits: 4))"
            + (sequence.velocity != 0 ? " at \(label(sequence.velocity, digits: 4))/s" : "")
            + " · \(keyframes.count) keyframe\(keyframes.count == 1 ? "" : "s") · ends at \(label(sequence.finalValue, digits: 4))"
            + (settle.isFinite
                ? " · settles within \(NumberFormat.percent(tolerance, digits: 2)) by \(label(settle, digits: 3)) s"
                : "")
        return frame.chart(title: "Spring sequence", subtitle: subtitle, panels: panels)
    }

    /// The most keyframes whose marks carry a label; a chart of more marks them without.
    public static let maximumLabelledKeyframes = 40

    /// When `sequence` stays within `tolerance` of the larger of its travel and its keyframes' span.
    public static func settleTime(_ sequence: SpringSequence, tolerance: Double) -> Double {
        sequence.settleTime(within: SettleBand(distance: tolerance * max(abs(sequence.travel), sequence.span, 1e-300)))
    }

    /// A tidy time span that shows the whole sequence: past its settle time to `tolerance`, and past
    /// its last keyframe (5 s past it when the last spring never settles).
    public static func suggestedSpan(_ sequence: SpringSequence, tolerance: Double) -> Double {
        let settle = settleTime(sequence, tolerance: tolerance)
        let last = sequence.keyframes[sequence.keyframes.count - 1].at
        return tidyUp(max(settle.isFinite ? settle * 1.2 : last + 5, last * 1.15, 0.1))
    }

    /// The same keyframes, each restarted from rest where the previous one had got to: what a runtime
    /// that restarts instead of retargeting shows. The position at a time.
    public static func restarted(_ sequence: SpringSequence) -> (Double) -> Double {
        var segments: [SpringSequence] = []
        for (index, keyframe) in sequence.keyframes.enumerated() {
            let start = index == 0 ? sequence.from : segments[index - 1].position(at: keyframe.at)
            segments.append(
                SpringSequence(from: start, velocity: index == 0 ? sequence.velocity : 0, keyframes: [keyframe]))
        }
        return { time in
            guard let index = sequence.keyframeIndex(at: time) else { return sequence.from }
            return segments[index].position(at: time)
        }
    }
}
