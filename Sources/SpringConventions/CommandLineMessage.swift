/// A command-line parser's message as the one line springplot and spring-studio print.
///
/// ArgumentParser lists an option's choices on the lines after the first, one `  - value` per line,
/// once there are six or more of them; printing only the first line lost them ("Please provide one of
/// the following:" and nothing after it). They are folded into the line instead, separated by commas.
/// Any other following lines (usage, hints) are dropped.
public func oneLineMessage(_ message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    guard var line = lines.first else { return message }
    let choices = lines.dropFirst().compactMap { item -> String? in
        let trimmed = item.drop { $0 == " " }
        guard trimmed.hasPrefix("- ") else { return nil }
        return String(trimmed.dropFirst(2))
    }
    if !choices.isEmpty {
        if line.hasSuffix(":") { line.removeLast() }
        line += ": " + choices.joined(separator: ", ")
    }
    if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
    return line
}

/// A command line's refusal: what is wrong as a stable code, the option at fault, and the sentence
/// springplot and spring-studio print after "error: ".
///
/// The sentence is rendered from the parts it is made with (``init(_:option:_:)`` starts it with the
/// option), so a program reads the code and the parameter rather than the words, which may change.
/// `springplot … --json` writes all three as the studio's `ErrorReply`.
public struct CommandLineRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong: one of ``SpringInputError/Code/all``, or for a failure that is not the input's
    /// fault, one of ``failureCodes``.
    public var code: SpringInputError.Code
    /// The parameter at fault, without dashes (`time-span`; `file.csv` for a positional argument
    /// shown as `<file.csv>`), or nil when the sentence names none.
    public var parameter: String?
    /// The sentence, as printed after "springplot: error: ".
    public var message: String

    /// A sentence that starts with `option` and goes on with `rest`: `--time-span` and
    /// "must be > 0 (got 0.0)" make "--time-span must be > 0 (got 0.0)", naming `time-span`.
    public init(_ code: SpringInputError.Code, option: String, _ rest: String) {
        self.init(code, parameter: Self.parameterName(option), sentence: option + " " + rest)
    }

    /// A sentence of any shape, naming `parameter` (without dashes) or none.
    public init(_ code: SpringInputError.Code, parameter: String?, sentence: String) {
        self.code = code
        self.parameter = parameter
        self.message = sentence
    }

    /// A spring check's refusal, its parameters written as options (`--damping`).
    public init(_ error: SpringInputError) {
        self.init(error.code, parameter: error.parameter, sentence: error.text { "--" + $0 })
    }

    public var description: String { message }

    /// `time-span` for `--time-span`, `o` for `-o`.
    public static func parameterName(_ option: String) -> String {
        String(option.drop { $0 == "-" })
    }
}

extension SpringInputError.Code {
    /// A command could not write its output (a file, a directory, standard output): not the
    /// input's fault, exit status 1.
    public static let outputFailed = Self(rawValue: "output-failed")
    /// A chart or clip could not be drawn or encoded: exit status 1.
    public static let renderFailed = Self(rawValue: "render-failed")
    /// Any other failure of a command, exit status 1.
    public static let failed = Self(rawValue: "failed")
}

extension CommandLineRefusal {
    /// The codes of failures that are not refusals of the input (exit status 1), as docs/limits.md
    /// lists them after ``SpringInputError/Code/all``.
    public static let failureCodes: [SpringInputError.Code] = [.outputFailed, .renderFailed, .failed]

    /// The refusal `error` is or carries, or nil. A refusal thrown from a command's `run()` arrives
    /// as itself; one thrown from `validate()` (the command's or an option group's) arrives wrapped by
    /// ArgumentParser, in its internal `CommandError` whose `parserError` is
    /// `.userValidationError` holding the refusal, or in a bare `ParserError.userValidationError`. Those types
    /// are not public: they are read by reflection, which depends on the ArgumentParser version
    /// resolved (a test fails if a new one wraps differently).
    public static func thrown(by error: any Error) -> CommandLineRefusal? {
        if let refusal = error as? CommandLineRefusal { return refusal }
        guard let parserError = ParserErrorReading.parserError(in: error) else { return nil }
        let (label, payload) = ParserErrorReading.enumCase(of: parserError)
        guard label == "userValidationError", let inner = payload as? any Error else { return nil }
        return thrown(by: inner)
    }

    /// ArgumentParser's own refusal `error` (an unknown option, a missing value, a value it could not
    /// read), printed as `line`, with the code that fits the kind ArgumentParser reports, and the
    /// option the line names. A value refused by an option's own reader keeps that reader's code
    /// (an unknown `--target` name).
    public static func parseError(_ error: any Error, line: String) -> CommandLineRefusal {
        var code = SpringInputError.Code.malformed
        var parameter = optionNamed(in: line)
        if let parserError = ParserErrorReading.parserError(in: error) {
            let (label, payload) = ParserErrorReading.enumCase(of: parserError)
            switch label {
            case "unknownOption", "invalidOption", "nonAlphanumericShortOption", "unexpectedExtraValues":
                code = .unknownParameter
            case "missingValueForOption", "missingValueOrUnknownCompositeOption", "noValue", "missingSubcommand",
                "noArguments":
                code = .missingParameter
            case "duplicateExclusiveValues":
                code = .repeatedParameter
            case "unableToParseValue":
                let value = payload.flatMap { Mirror(reflecting: $0).children.dropFirst(2).first?.value as? String }
                if let inner = payload.flatMap({ ParserErrorReading.originalError(in: $0) }),
                    let refusal = thrown(by: inner)
                {
                    code = refusal.code
                    parameter = refusal.parameter ?? parameter
                } else if line.contains("Please provide one of") {
                    code = .unknownName
                } else if let value, Double(value) == nil {
                    code = .notANumber
                }
            default:
                break
            }
        }
        return CommandLineRefusal(code, parameter: parameter, sentence: line)
    }

    /// The first option or argument a message quotes: `damping` in "Missing value for
    /// '--damping <ratio[,ratio…]>'", `file.csv` in "Missing expected argument '<file.csv>'".
    static func optionNamed(in line: String) -> String? {
        let quoted = line.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        for text in quoted {
            let word = text.prefix { $0 != " " && $0 != "=" }
            if word.hasPrefix("-"), let letter = word.drop(while: { $0 == "-" }).first, letter.isLetter {
                return parameterName(String(word))
            }
            if word.hasPrefix("<"), word.hasSuffix(">") { return String(word.dropFirst().dropLast()) }
        }
        return nil
    }
}

/// Reading ArgumentParser's internal error types (`CommandError`, `ParserError`) by reflection.
private enum ParserErrorReading {
    /// The `ParserError` in `error`: the error itself, or a `CommandError`'s `parserError`.
    static func parserError(in error: any Error) -> Any? {
        switch String(reflecting: type(of: error)) {
        case "ArgumentParser.ParserError": return error
        case "ArgumentParser.CommandError": return Mirror(reflecting: error).descendant("parserError")
        default: return nil
        }
    }

    /// An enum value's case name and its payload (nil for a case without one).
    static func enumCase(of value: Any) -> (String, Any?) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label {
            return (label, child.value)
        }
        return (String(describing: value), nil)
    }

    /// The error a value's reader threw, from `unableToParseValue`'s payload.
    static func originalError(in payload: Any) -> (any Error)? {
        guard let wrapped = Mirror(reflecting: payload).descendant("originalError") else { return nil }
        let optional = Mirror(reflecting: wrapped)
        if optional.displayStyle == .optional { return optional.children.first?.value as? any Error }
        return wrapped as? any Error
    }
}
