import ArgumentParser
import SpringCharts
import SpringChoreography
import SpringConventions
import SpringFigures
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
        if file.isEmpty {
            throw CommandLineRefusal(
                .malformed, parameter: "file", sentence: "the sequence file name must not be empty")
        }
    }

    func run() throws {
        try chart.write(
            sequenceChart(try SequenceFile.read(file, option: "sequence file")), defaultName: "springplot-sequence")
    }

    func sequenceChart(_ sequence: SpringSequence) -> Chart {
        SequenceChart.chart(
            sequence: sequence, tolerance: chart.tolerance, timeSpan: chart.timeSpan, frame: chart.frame)
    }
}
