import ArgumentParser
import SpringChoreography
import SpringConventions
import SpringExport
import SpringFormatting
import SpringMath
import SpringWire

extension Export {
    /// `--sequence`: the options that describe one spring or its platforms do not apply.
    func validateSequence(_ file: String, targets: [ExportTarget]) throws {
        try SequenceFile.rejectSingleSpring(spring, sequence: file)
        let defaults = Motion.onScreen
        for (name, value, fallback) in [
            ("--from", from, defaults.from), ("--to", to, defaults.to),
            ("--velocity", velocity, defaults.initialVelocity)
        ] where value != fallback {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--sequence",
                "cannot be combined with \(name): the file gives from, velocity and each keyframe's to")
        }
        if compensateFor != nil {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--sequence", "cannot be combined with --compensate-for")
        }
        if preview != nil {
            throw CommandLineRefusal(.conflictingParameters, option: "--sequence", "cannot be combined with --preview")
        }
        if all {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--sequence",
                "cannot be combined with --all: it exports to \(Export.sequenceTargetNames)")
        }
        if let other = targets.first(where: { !SequenceExport.supports($0) && $0 != .lottie }) {
            throw CommandLineRefusal(
                .notExportable, option: "--target",
                "\(other.rawValue) has no spring keyframes: with --sequence choose from \(Export.sequenceTargetNames)"
            )
        }
        try requireFinite(cssError, "--error")
        if !(cssError > 0) { throw CommandLineRefusal(.outOfRange, option: "--error", "must be > 0 (got \(cssError))") }
    }

    static var sequenceTargetNames: String {
        ExportTarget.allCases.filter(SequenceExport.supports).map(\.rawValue).joined(separator: ", ")
    }

    func runSequence(_ sequence: SpringSequence) throws {
        let name = self.sequence == "-" ? "(standard input)" : self.sequence ?? ""
        let travel = abs(sequence.travel)
        if travel > 0 && !(cssError < travel) {
            throw CommandLineRefusal(
                .outOfRange, option: "--error",
                "must be smaller than the sequence's travel |final to − from| = \(shortest(travel)) (got \(cssError))"
            )
        }
        if travel > 0 && cssError < LinearEasing.smallestTolerance * travel {
            throw CommandLineRefusal(
                .outOfRange, option: "--error",
                "must be at least 1e-6 of the sequence's travel, \(label(LinearEasing.smallestTolerance * travel, digits: 3)) here (got \(shortest(cssError)))"
            )
        }
        if let problem = SequenceExport.problem(sequence) {
            throw CommandLineRefusal(.outOfRange, parameter: "sequence", sentence: "--sequence \(name): \(problem)")
        }
        if chosenTargets == [.lottie] { return try runLottieSequence(sequence, name: name) }
        let export = SequenceExport(sequence: sequence, cssError: cssError)
        let chosen = chosenTargets
        let results: [SequenceExport.Result], leftOut: [(target: ExportTarget, why: String)]
        do {
            (results, leftOut) = try export.export(
                chosen.isEmpty ? SequenceExport.targets : chosen, strict: !chosen.isEmpty)
        } catch ExportError.css(let reason) {
            throw CommandLineRefusal(
                .notExportable, parameter: "sequence", sentence: "--sequence \(name): \(export.whyNot(reason))")
        }
        for (target, why) in leftOut { printError("springplot: export: \(target.title) left out: \(why)") }
        let text =
            json
            ? JSONWriter.text(SequenceExportReply(export, results: results, leftOut: leftOut)) + "\n"
            : Export.sequenceText(sequence, results: results, explain: explain, tolerance: 0.01)
        try OutputWriter.writeStandardOutput(Array(text.utf8))
    }

    /// Each target's code and its one summary line; a header when there are several.
    static func sequenceText(
        _ sequence: SpringSequence, results: [SequenceExport.Result], explain: Bool, tolerance: Double
    ) -> String {
        var out = ""
        if results.count > 1 {
            let scale = max(abs(sequence.travel), sequence.span, 1e-300)
            let settle = sequence.settleTime(within: SettleBand(distance: tolerance * scale))
            out +=
                "Sequence: \(sequence.keyframes.count) keyframes, \(label(sequence.from, digits: 6)) → \(label(sequence.finalValue, digits: 6))"
                + (settle.isFinite
                    ? " · settles within \(NumberFormat.percent(tolerance, digits: 2)) by \(label(settle, digits: 3)) s"
                    : "") + "\n"
        }
        for result in results {
            if results.count > 1 { out += "\n== \(result.target.title) (\(result.target.rawValue)) ==\n" }
            out += result.code + "\n"
            if explain, let more = result.moreCode { out += more + "\n" }
            out += "  \(result.warnings.isEmpty ? "≈" : "!") \(result.summary)\n"
            for warning in result.warnings { out += "  ! \(warning)\n" }
            if explain { for note in result.notes { out += "  · \(note)\n" } }
        }
        return out
    }
}
