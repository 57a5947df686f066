import ArgumentParser
import SpringChoreography
import SpringConventions
import SpringExport
import SpringFigures
import SpringFormatting
import SpringMath
import SpringPlatforms
import SpringWire

extension ExportTarget {
    /// The targets of one `--target` value: names separated by commas (`react-spring,css`).
    static func list(_ argument: String) throws -> [ExportTarget] {
        let names = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return try names.map { name in
            guard let target = ExportTarget(rawValue: name.lowercased()) else {
                let choices = ExportTarget.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandLineRefusal(
                    .unknownName, parameter: "target",
                    sentence: name.isEmpty
                        ? "an empty target name (choose from \(choices))"
                        : "no target '\(name)' (choose from \(choices))")
            }
            return target
        }
    }

    /// The targets of several `--target` values, in order, each once.
    static func unique(_ lists: [[ExportTarget]]) -> [ExportTarget] {
        var seen = Set<ExportTarget>()
        return lists.joined().filter { seen.insert($0).inserted }
    }
}

/// Copy-ready code for one spring on every platform, with what each platform cannot say.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Copy-ready code for the spring on SwiftUI, UIKit, Core Animation, Wave, Compose, Android, Flutter, the web, React Native, Figma, libadwaita, Qt Quick and CSS.",
        discussion: """
            Prints each target's code and one summary line of what the platform really displays, from a \
            model of its stepping, at each --fps rate: the largest error against the spring asked for (as \
            a share of the travel) and when it stops. The line starts with "!" when the error is one a user \
            would see (1 % of the travel, or 1 px on a longer travel), "≈" otherwise. Lines starting with \
            "!" follow for the rest a user would see: a clamp or cap, a parameter out of the platform's \
            range, an initial velocity dropped, a CSS fallback that strays, and the spring the target \
            really runs. --explain adds the notes (how each number was converted, finishes off the exact \
            0.1 % settle, the CSS easing's size and error), the full platform lines and CSS's Web \
            Animations keyframes. --target takes several names. --compensate-for retunes react-spring and \
            Rebound for one frame rate and prints their code beside the plain code. CSS gets a linear() \
            easing whose error against the exact motion is at most --error everywhere, and a cubic-bezier \
            fallback. --json carries every number at full precision, and each warning and note as its text \
            and a stable code (docs/export-remarks.md).

            Targets: \(ExportTarget.allCases.map(\.rawValue).joined(separator: ", ")).

            --target lottie -o FILE.json writes a Lottie animation of an element moved by the spring \
            (--property position by default), the spring baked into cubic-Bézier keyframes within \
            --error of the travel, at one --fps rate (60 by default), and prints one line with the \
            keyframe count and the largest error.

            Examples:
              springplot export --damping 0.68 --response 0.8
              springplot export --swiftui-duration 0.5 --bounce 0.3 --target css --to 300 --error 0.5
              springplot export --damping 0.5 --response 0.6 --velocity -800 --preview preview.html
              springplot export --damping 0.68 --response 0.8 --target react-spring --compensate-for 60
              springplot export --from-code '.spring(duration: 0.5, bounce: 0.3)' --target react-spring,css
              springplot export --sequence sequence.json --target css
              springplot export --damping 0.68 --response 0.8 --target lottie -o spring.json

            With --sequence FILE (a spring sequence, as `springplot sequence` reads it), prints one CSS \
            linear() for the whole sequence within --error (relative to its first and final values) with \
            the same points as Web Animations keyframes, SwiftUI's KeyframeAnimator with a SpringKeyframe per \
            keyframe, and Motion keyframes; each says what it displays against the exact sequence.
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Start of the motion, in px or your units.", valueName: "value"))
    var from: Double = Motion.onScreen.from

    @Option(
        parsing: .unconditional, help: ArgumentHelp("End of the motion; the travel is to − from.", valueName: "value"))
    var to: Double = Motion.onScreen.to

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial velocity in units per second.", valueName: "units/s"))
    var velocity: Double = Motion.onScreen.initialVelocity

    @Option(
        name: .customLong("error"), parsing: .unconditional,
        help: ArgumentHelp(
            "The CSS easing's largest error, in the same units (0 < error < travel).", valueName: "units"))
    var cssError: Double = 0.5

    @Option(
        name: .customLong("target"), parsing: .singleValue,
        help: ArgumentHelp(
            "Print these targets only: names separated by commas, or --target again.", valueName: "name[,name…]"),
        transform: ExportTarget.list)
    var targetLists: [[ExportTarget]] = []

    @Flag(
        help:
            "Also print how each number was converted, every note on the platforms' stepping, and CSS's Web Animations keyframes."
    )
    var explain = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Display rates at which each platform's real stepping is measured.",
            valueName: "hz[,hz…]"))
    var fps = DoubleList([60, 120])

    @Option(
        name: .customLong("compensate-for"), parsing: .unconditional,
        help: ArgumentHelp(
            "Also print react-spring and Rebound parameters retuned to display the spring closest at this rate.",
            valueName: "hz"))
    var compensateFor: Double?

    @Option(name: .customLong("minimum-visible-change"), parsing: .unconditional, help: MinimumVisibleChange.help)
    var minimumVisibleChange: MinimumVisibleChange?

    @Flag(help: "Print every target (the default when --target is not given).")
    var all = false

    @Flag(help: "Write JSON instead of text.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Export the spring sequence in this JSON file (- for standard input) to css, swiftui and the Motion targets.",
            valueName: "path"))
    var sequence: String?

    @Option(
        help: ArgumentHelp(
            "Also write a self-contained HTML page playing the exact motion beside the CSS easing.",
            valueName: "file.html"))
    var preview: String?

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "With --target lottie: write the animation to this .json file (- for standard output).",
            valueName: "file.json"))
    var output: String?

    @Option(
        name: .customLong("property"),
        help: ArgumentHelp(
            "With --target lottie: what the spring moves: position (from → to px), scale (0 → 100 %), opacity (0 → 100 %), rotation (0° → 90°).",
            valueName: "name[,name…]"),
        transform: Export.properties)
    var properties: [LottieAnimation.Property] = [.position]

    /// The properties of one `--property` value: names separated by commas, each once.
    static func properties(_ argument: String) throws -> [LottieAnimation.Property] {
        var seen: [LottieAnimation.Property] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let word = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let property = LottieAnimation.Property(rawValue: word) else {
                let choices = LottieAnimation.Property.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandLineRefusal(
                    .unknownName, parameter: "property",
                    sentence: "--property: no property '\(word)' (choose from \(choices))")
            }
            if !seen.contains(property) { seen.append(property) }
        }
        return seen
    }

    /// The targets asked for, in order, each once; empty for every target.
    var chosenTargets: [ExportTarget] { ExportTarget.unique(targetLists) }

    func validate() throws {
        let targets = chosenTargets
        if !targets.isEmpty && all {
            throw CommandLineRefusal.conflict("--target", "--all")
        }
        if sequence != nil && minimumVisibleChange != nil {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--minimum-visible-change",
                "is Android's setting; --sequence exports to css, swiftui and the Motion targets"
            )
        }
        try validateLottie(targets)
        if let sequence { return try validateSequence(sequence, targets: targets) }
        if fps.values.count > 8 { throw CommandLineRefusal(.valueCount, option: "--fps", "takes at most 8 rates") }
        try MinimumVisibleChange.validate(minimumVisibleChange)
        if minimumVisibleChange != nil && !targets.isEmpty && !targets.contains(.platform(.android)) {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--minimum-visible-change",
                "is Android's setting: it applies to --target android")
        }
        for rate in fps.values { try FrameRate.validate(rate, "--fps") }
        if let compensateFor {
            try FrameRate.validate(compensateFor, "--compensate-for")
            if !targets.isEmpty && !targets.contains(where: { $0.modelledPlatform?.isCompensable == true }) {
                throw CommandLineRefusal(
                    .conflictingParameters, option: "--compensate-for",
                    "applies to react-spring and origami (got --target \(targets.map(\.rawValue).joined(separator: ",")))"
                )
            }
        }
        try MotionOptions.with(from: from, to: to, velocity: velocity).validate()
        try requireFinite(cssError, "--error")
        let travel = abs(to - from)
        if !(cssError > 0) { throw CommandLineRefusal(.outOfRange, option: "--error", "must be > 0 (got \(cssError))") }
        if travel > 0 && !(cssError < travel) {
            throw CommandLineRefusal(
                .outOfRange, option: "--error",
                "must be smaller than the travel |to − from| = \(shortest(travel)) (got \(cssError))")
        }
        if travel > 0 && cssError < LinearEasing.smallestTolerance * travel {
            throw CommandLineRefusal(
                .outOfRange, option: "--error",
                "must be at least 1e-6 of the travel, \(label(LinearEasing.smallestTolerance * travel, digits: 3)) here (got \(shortest(cssError)))"
            )
        }
        if let preview, !preview.lowercased().hasSuffix(".html") && !preview.lowercased().hasSuffix(".htm") {
            throw CommandLineRefusal(.malformed, option: "--preview", "must name an .html file (got \(preview))")
        }
        let springs = try spring.springs()
        if springs[0].spring.isInstantaneous {
            throw CommandLineRefusal(
                .instantaneousSpring, option: "--response",
                "must be > 0 to export: a response-0 spring is an instant jump")
        }
        if let problem = ExportRequest.exportableProblem(springs[0].spring) {
            throw CommandLineRefusal(
                .outOfRange, parameter: spring.givenParameter,
                sentence: "\(spring.givenOptions): \(problem)")
        }
        let needsTravel = (targets.contains(.css) || targets.contains(.lottie) || preview != nil)
        if needsTravel && to == from {
            throw CommandLineRefusal(
                .notExportable, option: "--to",
                "must differ from --from for CSS, Lottie and --preview (no travel to ease)")
        }
        if (needsTravel || targets.isEmpty || targets.contains(.token)) && springs[0].spring.dampingRatio == 0
            && to != from
        {
            throw CommandLineRefusal(
                .notExportable, option: "--damping", "must be > 0 for CSS and Lottie: an undamped spring never settles")
        }
    }

    func run() throws {
        if let sequence { return try runSequence(try SequenceFile.read(sequence)) }
        let named = try spring.springs()[0]
        var request = ExportRequest(
            spring: named.spring, motion: Motion(from: from, to: to, initialVelocity: velocity),
            cssError: cssError, frameRates: fps.values)
        request.platformParameters = minimumVisibleChange.parameters
        request.lottieProperties = properties
        let chosen = chosenTargets
        if chosen == [.lottie] { return try runLottie(request) }
        let targets = chosen.isEmpty ? ExportTarget.listed.filter { $0 != .css || to != from } : chosen
        // Listing every target, a CSS easing the motion cannot have (it settles too late) is left
        // out with a note rather than failing the others.
        let exports = try targets.compactMap { (t: ExportTarget) throws -> TargetExport? in
            do {
                return try request.export(t)
            } catch ExportError.css(let reason) where chosen.isEmpty {
                printError("springplot: export: \(t.title) left out: \(reason)")
                return nil
            }
        }
        var compensations: [(ExportTarget, Compensation)] = []
        if let compensateFor {
            let compensable = targets.compactMap { t in t.modelledPlatform.map { (t, $0) } }.filter {
                $0.1.isCompensable
            }
            // Rebound's Java port is served by the Origami export too.
            let platforms =
                compensable.map { ($0.0, $0.1) }
                + (compensable.contains { $0.1 == .origami }
                    ? [(ExportTarget.platform(.origami), Platform.reboundJava)] : [])
            for (t, platform) in platforms {
                if let c = platform.compensated(
                    for: named.spring, from: from, to: to, velocity: velocity, frameRate: compensateFor)
                {
                    compensations.append((t, c))
                }
            }
        }
        if let preview {
            try OutputWriter.writeFile(Array(try PreviewPage.html(for: request).utf8), to: preview, option: "--preview")
        }
        let text =
            json
            ? Export.json(request: request, exports: exports, compensations: compensations) + "\n"
            : Export.text(
                named: named, request: request, exports: exports, explain: explain, compensations: compensations)
        try OutputWriter.writeStandardOutput(Array(text.utf8))
    }

    /// The export as text. By default each target's code, one summary line (what the platform
    /// displays at each rate) and the warnings; with `explain`, every note, the full platform line
    /// and CSS's keyframes too. Several targets get a header with the spring and how long it takes.
    static func text(
        named: NamedSpring, request: ExportRequest, exports: [TargetExport], explain: Bool = false,
        compensations: [(ExportTarget, Compensation)] = []
    ) -> String {
        var out = ""
        if exports.count > 1 {
            let analysis = SpringAnalysis(named, motion: request.motion, tolerance: 0.01)
            out += "Spring: \(named.name) · \(analysis.howLong)\n"
        }
        let velocity = request.motion.initialVelocity
        for export in exports {
            if exports.count > 1 { out += "\n== \(export.target.title) (\(export.target.rawValue)) ==\n" }
            out +=
                (explain ? export.fullCode : exports.count > 1 ? export.oneLineCode ?? export.code : export.code) + "\n"
            // A platform that strays visibly says so on its summary line ("!" for "≈"), which already
            // gives the error at each rate; --explain prints the warning in words as well.
            let strays = export.platforms.contains { $0.maxError >= request.visibleError }
            if let line = platformLine(export.platforms, velocity: velocity, detailed: explain) {
                out += "  \(strays && !explain ? "!" : "≈") \(line)\n"
            }
            for warning in export.warnings where explain || warning.code != .offTheSpring {
                out += "  ! \(warning)\n"
            }
            if explain { for note in export.notes { out += "  · \(note)\n" } }
            if let effective = export.effectiveSpring {
                out +=
                    "  ! runs: ζ \(label(effective.dampingRatio, digits: 4)), response \(label(effective.response, digits: 4)) s"
                    + " (asked: ζ \(label(named.spring.dampingRatio, digits: 4)), response \(label(named.spring.response, digits: 4)) s)\n"
            }
            for (target, compensation) in compensations where target == export.target {
                out += compensationText(compensation, request: request)
            }
        }
        return out
    }

    /// The platform line: each rate's largest error and when the platform stops, then whether it
    /// keeps the velocity. Short: "60 Hz: off by ≤ 0.088 %, ends 1.333 s · 120 Hz: …" (the error as a
    /// share of the travel, or in units without travel). Detailed (`--explain`): "60 Hz: off by ≤ 0.83
    /// (0.83 %), ends 1.417 s · … · exact settle (0.1 %) 1.383 s".
    static func platformLine(_ reports: [PlatformReport], velocity: Double, detailed: Bool = false) -> String? {
        guard let first = reports.first else { return nil }
        var parts = reports.map { r -> String in
            let percent = r.maxErrorFraction.map { NumberFormat.percent($0, digits: 2) }
            let units = NumberFormat.people(r.maxError, digits: 3)
            let error = detailed ? units + (percent.map { " (\($0))" } ?? "") : percent ?? units
            let end = r.finishTime.map { "ends \(NumberFormat.people($0, digits: 4)) s" } ?? "not finished after 60 s"
            return "\(NumberFormat.people(r.frameRate, digits: 6)) Hz: off by ≤ \(error), \(end)"
        }
        if detailed { parts.append("exact settle (0.1 %) \(NumberFormat.people(first.exactSettleTime, digits: 4)) s") }
        if velocity != 0 { parts.append(first.velocityKept ? "velocity kept" : "velocity lost") }
        return parts.joined(separator: " · ")
    }

    /// "-- compensated for 120 Hz (react-spring): largest error 0.83 → 0.05 (…)", then the retuned code.
    static func compensationText(_ c: Compensation, request: ExportRequest) -> String {
        "  -- compensated for \(NumberFormat.people(c.frameRate, digits: 6)) Hz (\(compensatedName(c.platform))): "
            + "largest error \(NumberFormat.people(c.before.maxError, digits: 3)) → \(NumberFormat.people(c.after.maxError, digits: 3))"
            + (c.before.maxErrorFraction.map {
                " (\(NumberFormat.percent($0, digits: 2)) → \(NumberFormat.percent(c.after.maxErrorFraction ?? 0, digits: 2)) of the travel)"
            } ?? "")
            + "\n" + request.compensatedCode(c) + "\n"
    }

    /// The library a compensation retunes, as the compensation line names it.
    static func compensatedName(_ platform: Platform) -> String {
        switch platform {
        case .origami: return "Rebound JS"
        case .reboundJava: return "Rebound Java"
        default: return platform.title
        }
    }

    static func json(
        request: ExportRequest, exports: [TargetExport],
        compensations: [(ExportTarget, Compensation)] = []
    ) -> String {
        JSONWriter.text(ExportReply(request, exports: exports, compensations: compensations))
    }
}
