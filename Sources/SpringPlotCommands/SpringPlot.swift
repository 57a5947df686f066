import ArgumentParser
import SpringConventions
import SpringFigures
import SpringWire

/// The root command: `springplot [curve] …` draws the curve chart; subcommands draw the others.
struct SpringPlot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springplot",
        abstract: "Charts of damped spring motion: position and velocity, retargeting, integrators, phase portraits.",
        discussion: """
            Describe a spring by damping ratio and response (--damping, --response, --mass), by stiffness and \
            damping coefficient (--stiffness, --damping-coefficient), by damping ratio and stiffness (Compose), \
            or in another tool's terms: --swiftui-duration, --framer-duration or --framer-visual-duration with \
            --bounce, --react-spring-tension with --friction, --figma-stiffness with --figma-damping, \
            --origami-tension with --origami-friction, --pop-bounciness with --pop-speed. The chart format \
            follows the -o extension (.png, .svg, .pdf). `export` hands the spring to other platforms.

            Example: springplot --damping 0.68 --response 0.8 -o curve.png
            """,
        version: "0.1.0",
        subcommands: [
            Curve.self, Retarget.self, Integrators.self, Phase.self, Info.self, DataCommand.self, Export.self,
            Grid.self, Verify.self, Fit.self, Track.self, Chase.self, SequenceCommand.self, Animate.self
        ],
        defaultSubcommand: Curve.self
    )
}

/// Parses, runs, and reports any failure as one line on standard error with a non-zero exit.
package enum Main {
    package static func run(_ arguments: [String]) -> Int32 {
        if let unknown = unknownHelpTopic(arguments) {
            printError("springplot: error: no subcommand '\(unknown)' to describe: see 'springplot --help'")
            return ExitCode.validationFailure.rawValue
        }
        do {
            if let curve = commonCurve(arguments) {
                try curve.run()
                return 0
            }
            var command = try SpringPlot.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let failure as OutputWriter.Failure {
            printError("springplot: error: \(failure.description)")
            return 1
        } catch let code as ExitCode where code.rawValue != 0 {
            return code.rawValue  // the command has already said why (verify --tolerance)
        } catch let failure as RenderFailure {
            printError("springplot: error: \(failure.description)")
            return 1
        } catch {
            let code = SpringPlot.exitCode(for: error)
            if code == .success {
                // --help, --version and friends.
                print(SpringPlot.fullMessage(for: error))
                return 0
            }
            printError("springplot: error: \(oneLineMessage(SpringPlot.message(for: error)))")
            return code.rawValue == 0 ? 1 : code.rawValue
        }
    }
}

/// A line of the default command (`springplot --damping 0.68 --response 0.8 -o curve.png`), read by
/// ArgumentParser from ``Curve`` alone, or nil for any other line and any line it refuses.
///
/// Read from the root, ArgumentParser reflects over every subcommand's options before it reads a
/// word (to look for completion-script and help requests across the tree): about a fifth of such a
/// run. Read from ``Curve``, it reflects over the curve options only. The grammar is the same
/// (``Curve``'s own declarations); lines naming a subcommand or asking for help, a version or a
/// completion script, and every line ``Curve`` refuses, go to the root as before, so errors are
/// worded as before.
func commonCurve(_ arguments: [String]) -> Curve? {
    let rootWords: Set<String> = ["help", "-h", "--help", "--version"]
    if let first = arguments.first, SpringPlot.configuration.subcommands.contains(where: { $0._commandName == first }) {
        return nil
    }
    guard
        !arguments.contains(where: {
            rootWords.contains($0) || $0.hasPrefix("--generate-completion")
                || $0.hasPrefix("--experimental")
        })
    else { return nil }
    return try? Curve.parse(arguments)
}

/// In `springplot help NAME…`, the first name that is not a subcommand (the parser's `help` would
/// print the top-level help for it and exit 0).
func unknownHelpTopic(_ arguments: [String]) -> String? {
    guard arguments.first == "help" else { return nil }
    var command: any ParsableCommand.Type = SpringPlot.self
    for name in arguments.dropFirst() where !name.hasPrefix("-") {
        guard let subcommand = command.configuration.subcommands.first(where: { $0._commandName == name }) else {
            return name
        }
        command = subcommand
    }
    return nil
}

/// A chart could not be rendered (a Cairo failure).
struct RenderFailure: Error, CustomStringConvertible {
    var description: String
}
