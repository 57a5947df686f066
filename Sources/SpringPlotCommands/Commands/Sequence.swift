import ArgumentParser
import SpringCharts
import SpringConventions
import SpringMath

/// A spring sequence: its exact motion through the keyframes, each marked, beside restarting every
/// keyframe from rest.
struct SequenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sequence",
        abstract: "A spring sequence: the exact motion through its keyframes, velocity handed over at each one.",
        discussion: """
            Reads a JSON file (- for standard input): {"from": 10, "velocity": 0, "keyframes": [{"to": 100, \
            "at": 0, "spring": {"dampingRatio": 0.68, "response": 0.8}}, {"to": 40, "at": 0.45, "spring": \
            {"stiffness": 300, "dampingCoefficient": 20, "mass": 1}}]}. Each keyframe's spring pulls toward \
            its to from its at (seconds from the start; the first defaults to 0), starting from the position \
            and velocity the previous one reached. A spring is dampingRatio and response, stiffness and \
            dampingCoefficient (each with an optional mass), or SwiftUI's duration and bounce.

            The upper panel draws the exact motion, each keyframe's target (dashed, while it is in charge) and \
            a marker where each keyframe takes over; beside it, faint, the same keyframes restarted from rest \
            (the velocity thrown away), as a runtime that restarts rather than retargets shows them. The lower \
            panel draws the velocity, continuous at every handover.

            Example: springplot sequence sequence.json -o sequence.png
            """)

    @Argument(help: ArgumentHelp("The sequence file (JSON), or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup(title: "Chart") var chart: ChartOptions

    func validate() throws {
        if file.isEmpty { throw ValidationError("the sequence file name must not be empty") }
    }

    func run() throws {
        try chart.write(sequenceChart(try SequenceFile.read(file, option: "sequence file")), defaultName: "springplot-sequence")
    }

    func sequenceChart(_ sequence: SpringSequence) -> Chart {
        let keyframes = sequence.keyframes
        let scale = max(abs(sequence.travel), sequence.span, 1e-300)
        let settle = sequence.settleTime(band: chart.tolerance * scale)
        let last = keyframes[keyframes.count - 1].at
        let span = chart.timeSpan ?? tidyUp(max(settle.isFinite ? settle * 1.2 : last + 5, last * 1.15, 0.1))
        let times = (0...1600).map { span * Double($0) / 1600 }
        let states = times.map { sequence.state(at: $0) }
        let restarted = SequenceCommand.restarted(sequence)
        let restartedPositions = times.map(restarted)
        var series: [Series] = []
        // Each keyframe's target while it is in charge.
        for (index, keyframe) in keyframes.enumerated() {
            let end = index + 1 < keyframes.count ? keyframes[index + 1].at : span
            guard keyframe.at < span else { break }
            series.append(Series(name: index == 0 ? "keyframe targets" : nil, xs: [keyframe.at, min(end, span)],
                                 ys: [keyframe.to, keyframe.to], color: .muted, lineWidth: 1.5, dash: .dashed))
        }
        series.append(Series(name: "restarted from rest at each keyframe", xs: times, ys: restartedPositions,
                             color: .palette(1), lineWidth: 2, opacity: 0.55))
        series.append(Series(name: "exact, velocity handed over", xs: times, ys: states.map(\.position),
                             color: .foreground, lineWidth: 3))
        var marks: [Annotation] = []
        for (index, (keyframe, handover)) in zip(keyframes, sequence.handovers).enumerated() where keyframe.at <= span {
            marks.append(.marker(x: keyframe.at, y: handover.position,
                                 label: "\(index + 1) → \(label(keyframe.to, digits: 4)) at \(label(keyframe.at, digits: 3)) s",
                                 color: .foreground))
        }
        if settle.isFinite && settle <= span {
            marks.append(.verticalLine(x: settle, label: "settles \(label(settle, digits: 3)) s", style: .dotted))
        }
        let velocityMarks: [Annotation] = zip(keyframes, sequence.handovers).filter { $0.0.at <= span }.map {
            .marker(x: $0.0.at, y: $0.1.velocity, label: nil, color: .foreground)
        } + [.horizontalLine(y: 0, label: nil, style: .dotted)]
        let panels = [
            Panel(xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position"), series: series, annotations: marks),
            Panel(xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("velocity (units/s)"),
                  series: [Series(name: "velocity", xs: times, ys: states.map(\.velocity), color: .foreground, lineWidth: 2)],
                  annotations: velocityMarks, showsLegend: false),
        ]
        let subtitle = "from \(label(sequence.from, digits: 4))"
            + (sequence.velocity != 0 ? " at \(label(sequence.velocity, digits: 4))/s" : "")
            + " · \(keyframes.count) keyframe\(keyframes.count == 1 ? "" : "s") · ends at \(label(sequence.finalValue, digits: 4))"
            + (settle.isFinite ? " · settles within \(NumberFormat.percent(chart.tolerance, digits: 2)) by \(label(settle, digits: 3)) s" : "")
        return chart.frame.chart(title: "Spring sequence", subtitle: subtitle, panels: panels)
    }

    /// The same keyframes, each restarted from rest where the previous one had got to: what a runtime
    /// that restarts instead of retargeting shows. The position at a time.
    static func restarted(_ sequence: SpringSequence) -> (Double) -> Double {
        var segments: [SpringSequence] = []
        for (index, keyframe) in sequence.keyframes.enumerated() {
            let start = index == 0 ? sequence.from : segments[index - 1].position(at: keyframe.at)
            segments.append(SpringSequence(from: start, velocity: index == 0 ? sequence.velocity : 0, keyframes: [keyframe]))
        }
        return { time in
            guard let index = sequence.keyframeIndex(at: time) else { return sequence.from }
            return segments[index].position(at: time)
        }
    }
}
