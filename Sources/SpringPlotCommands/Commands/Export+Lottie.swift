import ArgumentParser
import SpringChoreography
import SpringConventions
import SpringExport
import SpringFigures
import SpringFormatting
import SpringMath
import SpringWire

extension Export {
    /// `--target lottie` writes a file: alone, with `-o`; `-o` and `--property` belong to it.
    func validateLottie(_ targets: [ExportTarget]) throws {
        let lottie = targets.contains(.lottie)
        if lottie && targets.count > 1 {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--target",
                "lottie writes an animation file: it cannot be combined with other targets")
        }
        if lottie && output == nil {
            throw CommandLineRefusal(
                .missingParameter, parameter: "output",
                sentence: "--target lottie writes an animation file: give -o FILE.json (or -o - for standard output)")
        }
        if !lottie && output != nil {
            throw CommandLineRefusal(
                .missingParameter, parameter: "target",
                sentence: "-o writes the Lottie animation: it needs --target lottie")
        }
        if !lottie && properties != [.position] {
            throw CommandLineRefusal(
                .missingParameter, option: "--property",
                "chooses what the Lottie animation moves: it needs --target lottie")
        }
        if let output, output != "-", !output.lowercased().hasSuffix(".json") {
            throw CommandLineRefusal(
                .malformed, parameter: "output", sentence: "-o must name a .json file for Lottie (got \(output))")
        }
        if lottie && sequence == nil && fps.values.count > 1 && fps.values != [60, 120] {
            throw CommandLineRefusal(
                .valueCount, option: "--fps", "takes one rate with --target lottie: the composition's frame rate")
        }
        if lottie && preview != nil {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--preview", "cannot be combined with --target lottie")
        }
        if lottie { for rate in fps.values { try FrameRate.validate(rate, "--fps") } }
    }

    /// Writes the animation and prints its one line (or the JSON reply with --json).
    func runLottie(_ request: ExportRequest) throws {
        let export: TargetExport
        do {
            export = try request.export(.lottie)
        } catch let error as ExportError {
            throw CommandLineRefusal(.notExportable, parameter: nil, sentence: "\(error)")
        }
        try writeLottie(
            export.code, summary: Export.lottieSummary(export, travel: abs(request.motion.to - request.motion.from)))
        if json {
            try OutputWriter.writeStandardOutput(Array((Export.json(request: request, exports: [export]) + "\n").utf8))
        }
    }

    /// Writes `code` to `-o` (standard output for `-`), then `summary` unless the JSON went there or
    /// --json answers instead.
    func writeLottie(_ code: String, summary: String) throws {
        guard let output else { return }
        if output == "-" {
            try OutputWriter.writeStandardOutput(Array((code + "\n").utf8))
            return
        }
        try OutputWriter.writeFile(Array((code + "\n").utf8), to: output, option: "-o")
        if !json { try OutputWriter.writeStandardOutput(Array("\(output): \(summary)\n".utf8)) }
    }

    /// "Lottie, 7 keyframes at 60 fps, 1.173 s, largest error 0.28 px on the 100 px travel".
    static func lottieSummary(_ export: TargetExport, travel: Double) -> String {
        guard case let .lottie(duration, frameRate, keyframes, maxErrorPx) = export.values else { return "Lottie" }
        return lottieSummary(
            keyframes: keyframes, frameRate: frameRate, duration: duration, errorPx: maxErrorPx,
            travel: "the \(NumberFormat.people(travel, digits: 6)) px travel")
    }

    static func lottieSummary(
        keyframes: Int, frameRate: Double, duration: Double, errorPx: Double, travel: String
    ) -> String {
        "Lottie, \(keyframes) keyframes at \(NumberFormat.people(frameRate, digits: 6)) fps, "
            + "\(NumberFormat.people(duration, digits: 4)) s, largest error \(NumberFormat.people(errorPx, digits: 2)) px "
            + "on \(travel)"
    }

    /// The whole sequence as one Lottie animation.
    func runLottieSequence(_ sequence: SpringSequence, name: String) throws {
        let travel = abs(sequence.travel)
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(
                sequence: sequence, tolerance: cssError / travel, frameRate: fps.values.first ?? 60,
                properties: properties)
        } catch let failure as LottieAnimation.Failure {
            throw CommandLineRefusal(
                .notExportable, parameter: "sequence", sentence: "--sequence \(name): Lottie: \(failure)")
        }
        let summary = Export.lottieSummary(
            keyframes: animation.keyframeCount, frameRate: animation.frameRate, duration: animation.duration,
            errorPx: animation.measuredError * travel,
            travel: "the sequence's \(NumberFormat.people(travel, digits: 6)) px travel")
        try writeLottie(
            animation.json(name: "springplot: a sequence of \(sequence.keyframes.count) springs"), summary: summary)
        if json {
            let reply = LottieReply(
                duration: animation.duration, frameRate: animation.frameRate, keyframes: animation.keyframeCount,
                maxErrorPx: animation.measuredError * travel)
            try OutputWriter.writeStandardOutput(Array((JSONWriter.text(reply) + "\n").utf8))
        }
    }
}
