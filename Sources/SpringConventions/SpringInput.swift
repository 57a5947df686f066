import SpringFormatting
import SpringMath
import SpringPlatforms

/// A problem with what a person typed, naming the parameter at fault.
///
/// The message refers to parameters as `{name}`; ``text(naming:)`` renders them the way the caller
/// shows parameters (`--damping` on the command line, `damping` in a query string).
public struct SpringInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, as a stable name: a program tells one refusal from another by it (the studio
    /// writes it in its 400 replies), never by the sentence.
    public var code: Code
    /// The parameter at fault (its name without dashes, e.g. "framer-visual-duration").
    public var parameter: String
    /// The rest of the sentence, with other parameters written `{name}`.
    public var message: String

    public init(_ code: Code, _ parameter: String, _ message: String) {
        self.code = code
        self.parameter = parameter
        self.message = message
    }

    /// A refusal without a code of its own (``Code/invalidValue``).
    @available(*, deprecated, message: "name what is wrong: init(_:_:_:) with a Code")
    public init(_ parameter: String, _ message: String) {
        self.init(.invalidValue, parameter, message)
    }

    /// A refusal's stable name. New codes may come in a minor release; a code keeps its meaning for as
    /// long as it is written. docs/limits.md lists every one.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The parameter is not one this command or endpoint takes.
        public static let unknownParameter = Self(rawValue: "unknown-parameter")
        /// The parameter is given more than once.
        public static let repeatedParameter = Self(rawValue: "repeated-parameter")
        /// The parameter cannot be given with another one given.
        public static let conflictingParameters = Self(rawValue: "conflicting-parameters")
        /// A parameter needed here (or by another one given) is missing.
        public static let missingParameter = Self(rawValue: "missing-parameter")
        /// Too many values, or lists of lengths that do not go together.
        public static let valueCount = Self(rawValue: "value-count")
        /// The value is not a number.
        public static let notANumber = Self(rawValue: "not-a-number")
        /// The value is infinite.
        public static let notFinite = Self(rawValue: "not-finite")
        /// The value is a number outside what the parameter accepts.
        public static let outOfRange = Self(rawValue: "out-of-range")
        /// The values give no usable spring (a quantity derived from them is not finite or positive).
        public static let unusableSpring = Self(rawValue: "unusable-spring")
        /// The word is not one of the names the parameter takes (a preset, a theme, a platform).
        public static let unknownName = Self(rawValue: "unknown-name")
        /// The text does not have the form the parameter takes (a path, a sequence, pasted code).
        public static let malformed = Self(rawValue: "malformed")
        /// A response-0 spring is an instant jump, and the request needs a motion.
        public static let instantaneousSpring = Self(rawValue: "instantaneous-spring")
        /// The request would take more work than the stated caps allow.
        public static let overLimit = Self(rawValue: "over-limit")
        /// The motion cannot become the code or file asked for.
        public static let notExportable = Self(rawValue: "not-exportable")
        /// The file the parameter names cannot be read: it does not exist, is a directory, or
        /// reading it fails (a video no decoder reads).
        public static let unreadableFile = Self(rawValue: "unreadable-file")
        /// The recording (samples, a tracked video) shows no motion one spring explains: too few
        /// samples, no motion, a straight ramp, or a motion many springs explain equally.
        public static let unfittable = Self(rawValue: "unfittable")
        /// A refusal made through the deprecated initialiser, which names no code.
        public static let invalidValue = Self(rawValue: "invalid-value")

        /// Every code, as docs/limits.md lists them.
        public static let all: [Self] = [
            .unknownParameter, .repeatedParameter, .conflictingParameters, .missingParameter, .valueCount,
            .notANumber, .notFinite, .outOfRange, .unusableSpring, .unknownName, .malformed, .instantaneousSpring,
            .overLimit, .notExportable, .unreadableFile, .unfittable, .invalidValue
        ]
    }

    /// The sentence with every parameter name rendered by `decorate`.
    public func text(naming decorate: (String) -> String) -> String {
        var out = decorate(parameter) + " "
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            out += decorate(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// With plain names, as the studio reports it.
    public var description: String { text { $0 } }
}

/// The spring or springs a person describes, in any convention, by parameter name.
///
/// The names are the command line's option names without their dashes (`damping`, `response`,
/// `framer-visual-duration`, …); the studio takes the same names as query parameters, so both check
/// input by the same rules and report a bad value in the same words.
public struct SpringInput: Sendable {
    /// Values by parameter name. Only `damping` and `response` take several (a comparison).
    public var values: [String: [Double]]

    public init(values: [String: [Double]] = [:]) {
        self.values = values
    }

    /// Every parameter name that describes a spring.
    public static let names = [
        "damping", "response", "mass", "stiffness", "damping-coefficient", "swiftui-duration",
        "bounce", "framer-duration", "framer-visual-duration", "react-spring-tension", "friction",
        "figma-stiffness", "figma-damping", "origami-tension", "origami-friction",
        "pop-bounciness", "pop-speed"
    ]

    public static let defaultDamping = 0.7
    public static let defaultResponse = 0.5
    /// The mass when none is given.
    public static let defaultMass = 1.0

    /// The ways a spring can be given.
    public enum Form: Equatable, Sendable {
        case ratio, physics, ratioStiffness, swiftUI, framerDuration, framerVisualDuration, reactSpring, figma, origami,
            pop
    }

    private func value(_ name: String) -> Double? { values[name]?.first }
    private func has(_ name: String) -> Bool { values[name] != nil }

    /// Which form the given parameters describe, or why they describe none: the form the names
    /// point to, then whether the names given fit it.
    public func form() throws(SpringInputError) -> Form {
        let form = try namedForm()
        try checkCombination(form)
        return form
    }

    /// The form the parameter names point to; two conventions named at once are refused.
    private func namedForm() throws(SpringInputError) -> Form {
        let present = Set(values.keys)
        let named: [(Form, [String])] = [
            (.framerDuration, ["framer-duration"]), (.framerVisualDuration, ["framer-visual-duration"]),
            (.swiftUI, ["swiftui-duration"]), (.reactSpring, ["react-spring-tension", "friction"]),
            (.figma, ["figma-stiffness", "figma-damping"]), (.origami, ["origami-tension", "origami-friction"]),
            (.pop, ["pop-bounciness", "pop-speed"]), (.physics, ["damping-coefficient"])
        ]
        let matches = named.filter { !Set($0.1).isDisjoint(with: present) }
        if matches.count > 1 {
            let first = matches[0].1.filter(present.contains)[0], second = matches[1].1.filter(present.contains)[0]
            throw SpringInputError(
                .conflictingParameters, second, "cannot be combined with {\(first)}: describe the spring one way")
        }
        if let match = matches.first { return match.0 }
        if has("stiffness") { return has("damping") ? .ratioStiffness : .physics }
        return has("bounce") ? .swiftUI : .ratio
    }

    /// Refuses a parameter the form does not take, and one of a pair given without the other.
    private func checkCombination(_ form: Form) throws(SpringInputError) {
        let present = Set(values.keys)
        let allowed: [String]
        switch form {
        case .ratio: allowed = ["damping", "response", "mass"]
        case .physics: allowed = ["stiffness", "damping-coefficient", "mass"]
        case .ratioStiffness: allowed = ["damping", "stiffness", "mass"]
        case .swiftUI: allowed = ["swiftui-duration", "bounce"]
        case .framerDuration: allowed = ["framer-duration", "bounce"]
        case .framerVisualDuration: allowed = ["framer-visual-duration", "bounce"]
        case .reactSpring: allowed = ["react-spring-tension", "friction", "mass"]
        case .figma: allowed = ["figma-stiffness", "figma-damping", "mass"]
        case .origami: allowed = ["origami-tension", "origami-friction"]
        case .pop: allowed = ["pop-bounciness", "pop-speed"]
        }
        if let stray = present.subtracting(allowed).sorted().first {
            let main = allowed.filter { $0 != "mass" && $0 != "bounce" }.map { "{\($0)}" }.joined(separator: "/")
            throw SpringInputError(.conflictingParameters, stray, "cannot be combined with \(main)")
        }
        let pairs: [Form: (String, String)] = [
            .physics: ("stiffness", "damping-coefficient"), .reactSpring: ("react-spring-tension", "friction"),
            .figma: ("figma-stiffness", "figma-damping"), .origami: ("origami-tension", "origami-friction"),
            .pop: ("pop-bounciness", "pop-speed")
        ]
        if let (a, b) = pairs[form] {
            if !has(a) { throw SpringInputError(.missingParameter, b, "needs {\(a)}") }
            if !has(b) { throw SpringInputError(.missingParameter, a, "needs {\(b)}") }
        }
    }

    /// The range each parameter's value must lie in (a parameter not listed takes any finite number).
    /// ``checkValues(maximum:)`` applies these; the studio serves them to its page, so that a field
    /// refuses what the server would without a second copy of the rules.
    public static let rules: [String: ValueRule] = {
        var rules: [String: ValueRule] = [:]
        for name in ["damping", "response", "damping-coefficient", "swiftui-duration", "friction", "figma-damping"] {
            rules[name] = .nonNegative
        }
        for name in [
            "mass", "stiffness", "framer-duration", "framer-visual-duration", "react-spring-tension", "figma-stiffness"
        ] {
            rules[name] = .positive
        }
        rules["bounce"] = .bounce
        for name in ["origami-tension", "origami-friction", "pop-bounciness", "pop-speed"] {
            rules[name] = .magnitude(1e6)
        }
        return rules
    }()

    /// Checks every value by itself: counts, then ranges, naming the parameter.
    public func checkValues(maximum: Int) throws(SpringInputError) {
        for name in ["damping", "response"] {
            guard let count = values[name]?.count, count > maximum else { continue }
            if maximum == 1 {
                throw SpringInputError(
                    .valueCount, name, "takes one value here: this command draws one spring (got \(count) values)")
            }
            throw SpringInputError(.valueCount, name, "takes at most \(maximum) values (got \(count))")
        }
        for (name, list) in values where list.count > 1 && name != "damping" && name != "response" {
            throw SpringInputError(.valueCount, name, "takes one value (got \(list.count))")
        }
        func finite(_ name: String, _ x: Double) throws(SpringInputError) {
            if x.isNaN { throw SpringInputError(.notANumber, name, "must be a number (got \(x))") }
            if x.isInfinite { throw SpringInputError(.notFinite, name, "must be finite (got \(x))") }
        }
        for name in SpringInput.names.sorted() {
            for x in values[name] ?? [] {
                try finite(name, x)
                if let rule = SpringInput.rules[name], !rule.admits(x) {
                    throw SpringInputError(.outOfRange, name, "\(rule.requirement) (got \(x))")
                }
            }
        }
        let dampingCount = values["damping"]?.count ?? 1, responseCount = values["response"]?.count ?? 1
        if dampingCount > 1 && responseCount > 1 && dampingCount != responseCount {
            throw SpringInputError(
                .valueCount, "damping",
                "has \(dampingCount) values but {response} has \(responseCount): give lists of the same length, or one value to share"
            )
        }
    }

    /// The springs described, in order, after every check: the values are checked one by one, parsed
    /// into a ``SpringConvention``, and the convention builds the springs.
    /// - Parameter maximum: how many springs the caller can show (comma lists of damping/response).
    public func springs(maximum: Int) throws(SpringInputError) -> [NamedSpring] {
        try convention(maximum: maximum).springs()
    }

    /// The convention the values describe, with its values, after every check that needs no spring:
    /// counts and ranges (``checkValues(maximum:)``), then which convention (``form()``).
    public func convention(maximum: Int) throws(SpringInputError) -> SpringConvention {
        try checkValues(maximum: maximum)
        let mass = value("mass") ?? SpringInput.defaultMass
        switch try form() {
        case .ratio:
            return .dampingRatioResponse(
                dampingRatios: values["damping"] ?? [SpringInput.defaultDamping],
                responses: values["response"] ?? [SpringInput.defaultResponse], mass: mass)
        case .physics:
            return .stiffnessDampingCoefficient(
                stiffness: value("stiffness") ?? 0, dampingCoefficient: value("damping-coefficient") ?? 0,
                mass: mass)
        case .ratioStiffness:
            if let count = values["damping"]?.count, count > 1 {
                throw SpringInputError(.valueCount, "damping", "takes one value with {stiffness} (got \(count))")
            }
            return .dampingRatioStiffness(
                dampingRatio: value("damping") ?? SpringInput.defaultDamping, stiffness: value("stiffness") ?? 0,
                mass: mass)
        case .swiftUI:
            return .swiftUIDurationBounce(duration: value("swiftui-duration") ?? 0.5, bounce: value("bounce") ?? 0)
        case .framerDuration:
            return .framerDurationBounce(duration: value("framer-duration") ?? 0.8, bounce: value("bounce") ?? 0)
        case .framerVisualDuration:
            return .framerVisualDurationBounce(
                visualDuration: value("framer-visual-duration") ?? 0.3, bounce: value("bounce") ?? 0)
        case .reactSpring:
            return .reactSpring(
                tension: value("react-spring-tension") ?? 170, friction: value("friction") ?? 26, mass: mass)
        case .figma:
            return .figma(stiffness: value("figma-stiffness") ?? 0, damping: value("figma-damping") ?? 0, mass: mass)
        case .origami:
            return .origami(tension: value("origami-tension") ?? 0, friction: value("origami-friction") ?? 0)
        case .pop:
            return .pop(bounciness: value("pop-bounciness") ?? 4, speed: value("pop-speed") ?? 12)
        }
    }
}

/// The shortest decimal text that reads back as exactly `value`, integral values without a fraction.
public func shortest(_ value: Double) -> String {
    NumberFormat.data(value)
}

/// The range a parameter's value must lie in, as bounds a form can check and words a person reads.
public enum ValueRule: Equatable, Sendable {
    /// x ≥ 0.
    case nonNegative
    /// x > 0.
    case positive
    /// −1 < x ≤ 1 (SwiftUI's and Motion's bounce).
    case bounce
    /// |x| ≤ the limit.
    case magnitude(Double)

    /// Whether `x` (a finite number) lies in the range.
    public func admits(_ x: Double) -> Bool {
        if let lower, lowerInclusive ? x < lower : x <= lower { return false }
        if let upper, upperInclusive ? x > upper : x >= upper { return false }
        return true
    }

    /// The lower bound, if any.
    public var lower: Double? {
        switch self {
        case .nonNegative, .positive: 0
        case .bounce: -1
        case .magnitude(let limit): -limit
        }
    }

    /// Whether the lower bound itself is admitted.
    public var lowerInclusive: Bool { self == .nonNegative || isMagnitude }

    /// The upper bound, if any.
    public var upper: Double? {
        switch self {
        case .nonNegative, .positive: nil
        case .bounce: 1
        case .magnitude(let limit): limit
        }
    }

    /// Whether the upper bound itself is admitted.
    public var upperInclusive: Bool { upper != nil }

    private var isMagnitude: Bool { if case .magnitude = self { true } else { false } }

    /// The rule as the end of a sentence that starts with the parameter's name: "must be ≥ 0".
    public var requirement: String {
        switch self {
        case .nonNegative: "must be ≥ 0"
        case .positive: "must be > 0"
        case .bounce: "must be in (-1, 1]"
        case .magnitude(let limit): "must lie between -\(Self.power(limit)) and \(Self.power(limit))"
        }
    }

    /// 1e6 rather than 1000000, for a limit that is a power of ten.
    private static func power(_ limit: Double) -> String {
        let exponent = (3...308).first { Double("1e\($0)") == limit }
        return exponent.map { "1e\($0)" } ?? shortest(limit)
    }
}
