import ArgumentParser
import SpringConventions
import SpringExport
import SpringFigures
import SpringFitting
import SpringMath

/// What `fit` and `track` print after the estimates: the spring, a rounded spring a person would type
/// when one lies within the fit's uncertainty, the nearest named preset, and the export command; then,
/// only when asked, targets' code.
struct FitCodeOptions: ParsableArguments {
    @Option(
        name: .customLong("target"), parsing: .singleValue,
        help: ArgumentHelp(
            "Also print the fitted spring's code for these targets: names separated by commas, or --target again.",
            valueName: "name[,name…]"),
        transform: ExportTarget.list)
    var targetLists: [[ExportTarget]] = []

    @Flag(
        name: .customLong("all-targets"),
        help: "Also print the fitted spring's code for every target but CSS, as export does.")
    var allTargets = false

    func validate() throws {
        if allTargets && !targetLists.isEmpty {
            throw CommandLineRefusal.conflict("--target", "--all-targets")
        }
    }

    /// The targets whose code to print after the answer (none by default).
    var targets: [ExportTarget] {
        if allTargets { return ExportTarget.allCases.filter { $0 != .css } }
        return ExportTarget.unique(targetLists)
    }
}

enum FitAnswer {
    /// Two standard deviations, and never less than a billionth of the value (a noise-free fit's
    /// uncertainty is at the rounding level of doubles).
    static func tolerance(_ value: Double, _ uncertainty: Double) -> Double {
        max(2 * uncertainty, 1e-9 * abs(value))
    }

    /// The answer's lines, each indented by two spaces.
    static func text(_ fit: SpringFit) -> String {
        let named = NamedSpring(spring: fit.spring, name: "")
        let analysis = SpringAnalysis(
            named, motion: Motion(from: fit.from, to: fit.to, initialVelocity: fit.initialVelocity),
            tolerance: 0.01)
        var lines = [
            "  spring          ζ \(label(fit.dampingRatio, digits: 4)), response \(label(fit.response, digits: 4)) s · \(analysis.howLong)"
        ]

        let zeta = roundest(fit.dampingRatio, within: tolerance(fit.dampingRatio, fit.dampingRatioUncertainty))
        let response = roundest(fit.response, within: tolerance(fit.response, fit.responseUncertainty))
        // A spring a person would type: each value with at most 3 significant digits.
        let typable = [zeta, response].allSatisfy { rounded($0, significantDigits: 3) == $0 }
        if typable {
            lines.append(
                "  rounded         ζ \(label(zeta, digits: 6)), response \(label(response, digits: 6)) s "
                    + "(within two standard deviations of the fit)")
        }
        if let (preset, distance) = nearestPreset(to: fit.spring) {
            lines.append(
                "  nearest preset  \(preset.name) (\(preset.title)): ζ \(label(preset.spring.dampingRatio, digits: 3)), "
                    + "response \(label(preset.spring.response, digits: 3)) s, distance \(label(distance, digits: 2))")
        }
        let from = roundest(fit.from, within: tolerance(fit.from, fit.fromUncertainty))
        let to = roundest(fit.to, within: tolerance(fit.to, fit.toUncertainty))
        var command =
            "springplot export --damping \(label(typable ? zeta : fit.dampingRatio, digits: 6)) "
            + "--response \(label(typable ? response : fit.response, digits: 6))"
        if from != 0 { command += " --from \(label(from, digits: 6))" }
        command += " --to \(label(to, digits: 6))"
        if fit.initialVelocityUncertainty > 0 {
            let velocity = roundest(
                fit.initialVelocity, within: tolerance(fit.initialVelocity, fit.initialVelocityUncertainty))
            if velocity != 0 { command += " --velocity \(label(velocity, digits: 6))" }
        }
        lines.append("  to export       \(command) [--target name,…]")
        return lines.joined(separator: "\n") + "\n"
    }
}
