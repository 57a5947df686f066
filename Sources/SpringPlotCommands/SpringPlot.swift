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
///
/// Every refusal and failure has a code (``CommandLineRefusal``): a line that asks for `--json`
/// also gets the refusal on standard output, as one `ErrorReply` line (the studio's 400 body), so
/// a program reads the code rather than the sentence.
package enum Main {
    package static func run(_ arguments: [String]) -> Int32 {
        let json = asksForJSON(arguments)
        if let unknown = unknownHelpTopic(arguments) {
            let refusal = CommandLineRefusal(
                .unknownName, parameter: nil,
                sentence: "no subcommand '\(unknown)' to describe: see 'springplot --help'")
            return report(refusal, status: ExitCode.validationFailure.rawValue, json: json)
        }
        do {
            if let curve = commonCurve(arguments) {
                try curve.run()
                return 0
            }
            var command = try SpringPlot.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let code as ExitCode where code.rawValue != 0 {
            return code.rawValue  // the command has already said why (verify --tolerance)
        } catch {
            guard let (refusal, status) = refusal(for: error) else {
                // --help, --version and friends.
                print(SpringPlot.fullMessage(for: error))
                return 0
            }
            return report(refusal, status: status, json: json)
        }
    }

    /// What parsing or running a command threw, as the refusal to report and the exit status, or nil
    /// for a request for help or the version.
    ///
    /// A refusal thrown from `run()` is the error itself; one thrown from `validate()` arrives
    /// wrapped by ArgumentParser, which would call it a failure (status 1): either way it is reported
    /// as the refusal it is, status 64. ArgumentParser's own refusals (an unknown option, a missing
    /// or unreadable value) get a code from their kind, and failures that are not the input's fault
    /// (a file that cannot be written, a chart that cannot be drawn) status 1.
    static func refusal(for error: any Error) -> (CommandLineRefusal, Int32)? {
        switch error {
        case let failure as OutputWriter.Failure:
            return (failureRefusal(failure.description, code: .outputFailed), 1)
        case let failure as RenderFailure:
            return (failureRefusal(failure.description, code: .renderFailed), 1)
        default:
            // Help and the version first: reading a refusal out of ArgumentParser's wrapper looks up
            // conformances at run time, which cost `springplot --help` a tenth of its 10 ms.
            let code = SpringPlot.exitCode(for: error)
            if code == .success { return nil }
            if let refusal = CommandLineRefusal.thrown(by: error) {
                return (refusal, ExitCode.validationFailure.rawValue)
            }
            let line = oneLineMessage(SpringPlot.message(for: error))
            if code == .validationFailure {
                return (CommandLineRefusal.parseError(error, line: line), code.rawValue)
            }
            return (failureRefusal(line, code: .failed), code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    /// Whether the line asks for `--json` (a word before any `--`).
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// Prints the refusal's line on standard error and, for `--json`, its `ErrorReply` on standard
    /// output; answers `status`.
    static func report(_ refusal: CommandLineRefusal, status: Int32, json: Bool) -> Int32 {
        let line = oneLineMessage(refusal.message)
        printError("springplot: error: \(line)")
        if json {
            let reply = ErrorReply(line, parameter: refusal.parameter, code: refusal.code.rawValue)
            try? OutputWriter.writeStandardOutput(Array((JSONWriter.text(reply, pretty: false) + "\n").utf8))
        }
        return status
    }

    /// A failure that is not the input's fault, naming the option its description starts with
    /// (`--output: '/x' is a directory`).
    static func failureRefusal(_ description: String, code: SpringInputError.Code) -> CommandLineRefusal {
        let option = description.prefix { $0 != " " && $0 != ":" }
        let parameter =
            option == "-o" ? "output" : option.hasPrefix("--") ? CommandLineRefusal.parameterName(String(option)) : nil
        return CommandLineRefusal(code, parameter: parameter, sentence: description)
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
