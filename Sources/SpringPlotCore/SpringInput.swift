import SpringExport
import SpringMath

/// A problem with what a person typed, naming the parameter at fault.
///
/// The message refers to parameters as `{name}`; ``text(naming:)`` renders them the way the caller
/// shows parameters (`--damping` on the command line, `damping` in a query string).
public struct SpringInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The parameter at fault (its name without dashes, e.g. "framer-visual-duration").
    public var parameter: String
    /// The rest of the sentence, with other parameters written `{name}`.
    public var message: String

    public init(_ parameter: String, _ message: String) {
        self.parameter = parameter
        self.message = message
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
    public static let names = ["damping", "response", "mass", "stiffness", "damping-coefficient", "swiftui-duration",
                               "bounce", "framer-duration", "framer-visual-duration", "react-spring-tension", "friction",
                               "figma-stiffness", "figma-damping", "origami-tension", "origami-friction",
                               "pop-bounciness", "pop-speed"]

    public static let defaultDamping = 0.7
    public static let defaultResponse = 0.5

    /// The ways a spring can be given.
    public enum Form: Equatable, Sendable {
        case ratio, physics, ratioStiffness, swiftUI, framerDuration, framerVisualDuration, reactSpring, figma, origami, pop
    }

    private func value(_ name: String) -> Double? { values[name]?.first }
    private func has(_ name: String) -> Bool { values[name] != nil }

    /// Which form the given parameters describe, or why they describe none.
    public func form() throws(SpringInputError) -> Form {
        let present = Set(values.keys)
        let named: [(Form, [String])] = [
            (.framerDuration, ["framer-duration"]), (.framerVisualDuration, ["framer-visual-duration"]),
            (.swiftUI, ["swiftui-duration"]), (.reactSpring, ["react-spring-tension", "friction"]),
            (.figma, ["figma-stiffness", "figma-damping"]), (.origami, ["origami-tension", "origami-friction"]),
            (.pop, ["pop-bounciness", "pop-speed"]), (.physics, ["damping-coefficient"]),
        ]
        let matches = named.filter { !Set($0.1).isDisjoint(with: present) }
        if matches.count > 1 {
            let first = matches[0].1.filter(present.contains)[0], second = matches[1].1.filter(present.contains)[0]
            throw SpringInputError(second, "cannot be combined with {\(first)}: describe the spring one way")
        }
        let form: Form
        if let match = matches.first {
            form = match.0
        } else if has("stiffness") {
            form = has("damping") ? .ratioStiffness : .physics
        } else if has("bounce") {
            form = .swiftUI
        } else {
            form = .ratio
        }
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
            throw SpringInputError(stray, "cannot be combined with \(main)")
        }
        let pairs: [Form: (String, String)] = [
            .physics: ("stiffness", "damping-coefficient"), .reactSpring: ("react-spring-tension", "friction"),
            .figma: ("figma-stiffness", "figma-damping"), .origami: ("origami-tension", "origami-friction"),
            .pop: ("pop-bounciness", "pop-speed"),
        ]
        if let (a, b) = pairs[form] {
            if !has(a) { throw SpringInputError(b, "needs {\(a)}") }
            if !has(b) { throw SpringInputError(a, "needs {\(b)}") }
        }
        return form
    }

    /// Checks every value by itself: counts, then ranges, naming the parameter.
    public func checkValues(maximum: Int) throws(SpringInputError) {
        for name in ["damping", "response"] {
            guard let count = values[name]?.count, count > maximum else { continue }
            if maximum == 1 { throw SpringInputError(name, "takes one value here: this command draws one spring (got \(count) values)") }
            throw SpringInputError(name, "takes at most \(maximum) values (got \(count))")
        }
        for (name, list) in values where list.count > 1 && name != "damping" && name != "response" {
            throw SpringInputError(name, "takes one value (got \(list.count))")
        }
        func finite(_ name: String, _ x: Double) throws(SpringInputError) {
            if x.isNaN { throw SpringInputError(name, "must be a number (got \(x))") }
            if x.isInfinite { throw SpringInputError(name, "must be finite (got \(x))") }
        }
        for name in SpringInput.names.sorted() {
            for x in values[name] ?? [] {
                try finite(name, x)
                switch name {
                case "damping", "response", "damping-coefficient", "swiftui-duration", "friction", "figma-damping":
                    if x < 0 { throw SpringInputError(name, "must be ≥ 0 (got \(x))") }
                case "mass", "stiffness", "framer-duration", "framer-visual-duration", "react-spring-tension", "figma-stiffness":
                    if x <= 0 { throw SpringInputError(name, "must be > 0 (got \(x))") }
                case "bounce":
                    if !(x > -1 && x <= 1) { throw SpringInputError(name, "must be in (-1, 1] (got \(x))") }
                case "origami-tension", "origami-friction", "pop-bounciness", "pop-speed":
                    if abs(x) > 1e6 { throw SpringInputError(name, "must lie between -1e6 and 1e6 (got \(x))") }
                default:
                    break
                }
            }
        }
        let dampingCount = values["damping"]?.count ?? 1, responseCount = values["response"]?.count ?? 1
        if dampingCount > 1 && responseCount > 1 && dampingCount != responseCount {
            throw SpringInputError("damping", "has \(dampingCount) values but {response} has \(responseCount): give lists of the same length, or one value to share")
        }
    }

    /// The springs described, in order, after every check.
    /// - Parameter maximum: how many springs the caller can show (comma lists of damping/response).
    public func springs(maximum: Int) throws(SpringInputError) -> [NamedSpring] {
        try checkValues(maximum: maximum)
        let form = try form()
        if form == .ratioStiffness, let count = values["damping"]?.count, count > 1 {
            throw SpringInputError("damping", "takes one value with {stiffness} (got \(count))")
        }
        /// SpringMath's typed error in this form's parameter names.
        func blamed<T>(_ names: [SpringParameter: String], _ body: () throws(SpringParameterError) -> T) throws(SpringInputError) -> T {
            do {
                return try body()
            } catch {
                let name = names[error.parameter] ?? names.values.sorted().first ?? error.parameter.rawValue
                var text = error.description
                text.removeFirst(error.parameter.rawValue.count + 1)
                throw SpringInputError(name, text)
            }
        }
        /// A spring derived from another convention, checked as physics, blamed on `name`.
        func derived(_ spring: Spring, blame name: String) throws(SpringInputError) -> Spring {
            do {
                return try Spring.validated(mass: spring.mass, stiffness: spring.stiffness, dampingCoefficient: spring.dampingCoefficient)
            } catch {
                throw SpringInputError(name, "gives an unusable spring: its \(error.description)")
            }
        }
        let m = value("mass") ?? 1
        let massNote = m != 1 ? ", m = \(shortest(m))" : ""
        /// A spring from stiffness and damping given under this form's names, with the shared mass.
        func physical(stiffness k: Double, _ stiffnessName: String, damping c: Double, _ dampingName: String) throws(SpringInputError) -> Spring {
            try blamed([.stiffness: stiffnessName, .dampingCoefficient: dampingName, .mass: "mass"]) { () throws(SpringParameterError) -> Spring in
                try Spring.validated(mass: m, stiffness: k, dampingCoefficient: c)
            }
        }
        switch form {
        case .ratio:
            let ratios = values["damping"] ?? [SpringInput.defaultDamping]
            let responses = values["response"] ?? [SpringInput.defaultResponse]
            let count = max(ratios.count, responses.count)
            return try (0..<count).map { (i: Int) throws(SpringInputError) -> NamedSpring in
                let zeta = ratios.count == 1 ? ratios[0] : ratios[i]
                let r = responses.count == 1 ? responses[0] : responses[i]
                let spring = try blamed([.dampingRatio: "damping", .response: "response", .mass: "mass"]) { () throws(SpringParameterError) -> Spring in
                    try Spring.validated(dampingRatio: zeta, response: r, mass: m)
                }
                return NamedSpring(spring: spring, name: "ζ = \(shortest(zeta)), response = \(shortest(r)) s")
            }
        case .physics:
            let k = value("stiffness") ?? 0, c = value("damping-coefficient") ?? 0
            let spring = try physical(stiffness: k, "stiffness", damping: c, "damping-coefficient")
            return [NamedSpring(spring: spring, name: "k = \(shortest(k)), c = \(shortest(c)), m = \(shortest(m))")]
        case .ratioStiffness:
            let zeta = value("damping") ?? SpringInput.defaultDamping, k = value("stiffness") ?? 0
            let spring = try blamed([.dampingRatio: "damping", .stiffness: "stiffness", .mass: "mass"]) { () throws(SpringParameterError) -> Spring in
                try Spring.validated(dampingRatio: zeta, stiffness: k, mass: m)
            }
            return [NamedSpring(spring: spring, name: "ζ = \(shortest(zeta)), k = \(shortest(k))\(massNote)")]
        case .swiftUI:
            let duration = value("swiftui-duration") ?? 0.5, bounce = value("bounce") ?? 0
            let spring = try blamed([.duration: "swiftui-duration", .bounce: "bounce"]) { () throws(SpringParameterError) -> Spring in
                try Spring.validated(duration: duration, bounce: bounce)
            }
            return [NamedSpring(spring: spring, name: "duration \(shortest(duration)) s, bounce \(shortest(bounce))")]
        case .framerDuration:
            let duration = value("framer-duration") ?? 0.8, bounce = value("bounce") ?? 0
            let spring = try derived(Spring(framerMotion: .init(duration: duration, bounce: bounce)), blame: "framer-duration")
            return [NamedSpring(spring: spring, name: "framer duration \(shortest(duration)) s, bounce \(shortest(bounce))")]
        case .framerVisualDuration:
            let visual = value("framer-visual-duration") ?? 0.3, bounce = value("bounce") ?? 0
            let spring = try derived(Spring(framerVisualDuration: visual, bounce: bounce), blame: "framer-visual-duration")
            return [NamedSpring(spring: spring, name: "visualDuration \(shortest(visual)) s, bounce \(shortest(bounce))")]
        case .reactSpring:
            let tension = value("react-spring-tension") ?? 170, friction = value("friction") ?? 26
            let spring = try physical(stiffness: tension, "react-spring-tension", damping: friction, "friction")
            return [NamedSpring(spring: spring, name: "tension \(shortest(tension)), friction \(shortest(friction))\(massNote)")]
        case .figma:
            let k = value("figma-stiffness") ?? 0, c = value("figma-damping") ?? 0
            let spring = try physical(stiffness: k, "figma-stiffness", damping: c, "figma-damping")
            return [NamedSpring(spring: spring, name: "Figma stiffness \(shortest(k)), damping \(shortest(c))\(massNote)")]
        case .origami:
            let tension = value("origami-tension") ?? 0, friction = value("origami-friction") ?? 0
            let k = Spring.Origami.stiffness(tension: tension), c = Spring.Origami.dampingCoefficient(friction: friction)
            if !(k > 0) {
                throw SpringInputError("origami-tension", "must be > \(label(Spring.Origami.tensionFloor, digits: 4)) (got \(shortest(tension))): lower has no positive stiffness")
            }
            if !(c >= 0) {
                throw SpringInputError("origami-friction", "must be ≥ \(label(Spring.Origami.frictionFloor, digits: 4)) (got \(shortest(friction))): lower has a negative damping coefficient")
            }
            let spring = try derived(Spring(mass: 1, stiffness: k, dampingCoefficient: c), blame: "origami-tension")
            return [NamedSpring(spring: spring, name: "Origami tension \(shortest(tension)), friction \(shortest(friction))")]
        case .pop:
            let bounciness = value("pop-bounciness") ?? 4, speed = value("pop-speed") ?? 12
            let origami = Spring.Origami(popBounciness: bounciness, speed: speed)
            let k = Spring.Origami.stiffness(tension: origami.tension), c = Spring.Origami.dampingCoefficient(friction: origami.friction)
            if !(k > 0) { throw SpringInputError("pop-speed", "is too low (got \(shortest(speed))): the spring has no positive stiffness") }
            if !(c >= 0) { throw SpringInputError("pop-bounciness", "is too high (got \(shortest(bounciness))): the spring's damping coefficient is negative") }
            let spring = try derived(Spring(mass: 1, stiffness: k, dampingCoefficient: c), blame: "pop-speed")
            return [NamedSpring(spring: spring, name: "POP bounciness \(shortest(bounciness)), speed \(shortest(speed))")]
        }
    }
}

/// The shortest decimal text that reads back as exactly `value`, integral values without a fraction.
public func shortest(_ value: Double) -> String {
    NumberFormat.data(value)
}
