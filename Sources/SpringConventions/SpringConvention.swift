import SpringMath
import SpringPlatforms

/// A spring as a person describes it, in one tool's convention, with its values: what
/// ``SpringInput`` parses the command line's options or the studio's query into, once, before any
/// spring is built.
///
/// Only the damping-ratio-and-response form takes lists (a comparison of several springs); every
/// other convention describes one spring.
public enum SpringConvention: Equatable, Sendable {
    /// ζ and response in seconds (`--damping`, `--response`, `--mass`); one value of a list is shared.
    case dampingRatioResponse(dampingRatios: [Double], responses: [Double], mass: Double)
    /// k and c (`--stiffness`, `--damping-coefficient`, `--mass`).
    case stiffnessDampingCoefficient(stiffness: Double, dampingCoefficient: Double, mass: Double)
    /// ζ and k, as Compose takes them (`--damping`, `--stiffness`, `--mass`).
    case dampingRatioStiffness(dampingRatio: Double, stiffness: Double, mass: Double)
    /// SwiftUI's `Spring(duration:bounce:)` (`--swiftui-duration`, `--bounce`).
    case swiftUIDurationBounce(duration: Double, bounce: Double)
    /// framer-motion's duration and bounce (`--framer-duration`, `--bounce`).
    case framerDurationBounce(duration: Double, bounce: Double)
    /// Motion's visualDuration and bounce (`--framer-visual-duration`, `--bounce`).
    case framerVisualDurationBounce(visualDuration: Double, bounce: Double)
    /// react-spring's tension and friction (`--react-spring-tension`, `--friction`, `--mass`).
    case reactSpring(tension: Double, friction: Double, mass: Double)
    /// Figma's stiffness and damping (`--figma-stiffness`, `--figma-damping`, `--mass`).
    case figma(stiffness: Double, damping: Double, mass: Double)
    /// Origami's tension and friction (`--origami-tension`, `--origami-friction`).
    case origami(tension: Double, friction: Double)
    /// POP's bounciness and speed (`--pop-bounciness`, `--pop-speed`).
    case pop(bounciness: Double, speed: Double)

    /// The springs described, in order, each named for charts and tables, each within the window
    /// every command accepts (``SpringDomain``).
    /// - Throws: ``SpringInputError`` naming the parameter whose value gives no usable spring.
    public func springs() throws(SpringInputError) -> [NamedSpring] {
        let springs = try built()
        for (index, named) in springs.enumerated() {
            guard let violation = SpringDomain.violation(named.spring) else { continue }
            let blamed: String
            switch violation {
            case .naturalFrequency: blamed = frequencyParameter
            case .dampingRatio: blamed = dampingParameter
            }
            throw SpringInputError(
                .outOfRange, blamed, violation.requirement(for: blamed, value: listedValue(blamed, index)))
        }
        return springs
    }

    /// The value given for `name` (`damping` or `response`) to the spring at `index`, when it is a
    /// list's.
    private func listedValue(_ name: String, _ index: Int) -> Double? {
        guard case let .dampingRatioResponse(ratios, responses, _) = self else {
            if case let .dampingRatioStiffness(zeta, _, _) = self, name == "damping" { return zeta }
            return nil
        }
        let list = name == "damping" ? ratios : responses
        return list.count == 1 ? list[0] : (index < list.count ? list[index] : nil)
    }

    /// The parameter a person changes to move the natural frequency, named when it leaves the window.
    var frequencyParameter: String {
        switch self {
        case .dampingRatioResponse: "response"
        case .stiffnessDampingCoefficient, .dampingRatioStiffness: "stiffness"
        case .swiftUIDurationBounce: "swiftui-duration"
        case .framerDurationBounce: "framer-duration"
        case .framerVisualDurationBounce: "framer-visual-duration"
        case .reactSpring: "react-spring-tension"
        case .figma: "figma-stiffness"
        case .origami: "origami-tension"
        case .pop: "pop-speed"
        }
    }

    /// The parameter a person changes to move the damping ratio, named when it leaves the window.
    var dampingParameter: String {
        switch self {
        case .dampingRatioResponse, .dampingRatioStiffness: "damping"
        case .stiffnessDampingCoefficient: "damping-coefficient"
        case .swiftUIDurationBounce, .framerDurationBounce, .framerVisualDurationBounce: "bounce"
        case .reactSpring: "friction"
        case .figma: "figma-damping"
        case .origami: "origami-friction"
        case .pop: "pop-bounciness"
        }
    }

    /// The springs described, before the window is checked.
    private func built() throws(SpringInputError) -> [NamedSpring] {
        switch self {
        case let .dampingRatioResponse(ratios, responses, mass):
            return try SpringConvention.ratioResponse(ratios, responses, mass: mass)
        case let .stiffnessDampingCoefficient(k, c, mass):
            let spring = try SpringConvention.physical(k, "stiffness", c, "damping-coefficient", mass: mass)
            return [NamedSpring(spring: spring, name: "k = \(shortest(k)), c = \(shortest(c)), m = \(shortest(mass))")]
        case let .dampingRatioStiffness(zeta, k, mass):
            let spring = try SpringConvention.blamed([.dampingRatio: "damping", .stiffness: "stiffness", .mass: "mass"])
            {
                () throws(SpringParameterError) -> Spring in
                try Spring.validated(dampingRatio: zeta, stiffness: k, mass: mass)
            }
            return [
                NamedSpring(
                    spring: spring, name: "ζ = \(shortest(zeta)), k = \(shortest(k))\(SpringConvention.massNote(mass))")
            ]
        case let .swiftUIDurationBounce(duration, bounce):
            let spring = try SpringConvention.blamed([.duration: "swiftui-duration", .bounce: "bounce"]) {
                () throws(SpringParameterError) -> Spring in try Spring.validated(duration: duration, bounce: bounce)
            }
            return [NamedSpring(spring: spring, name: "duration \(shortest(duration)) s, bounce \(shortest(bounce))")]
        case let .framerDurationBounce(duration, bounce):
            let spring = try SpringConvention.derived(
                Spring(framerMotion: .init(duration: duration, bounce: bounce)), blame: "framer-duration")
            return [
                NamedSpring(spring: spring, name: "framer duration \(shortest(duration)) s, bounce \(shortest(bounce))")
            ]
        case let .framerVisualDurationBounce(visual, bounce):
            let spring = try SpringConvention.derived(
                Spring(framerVisualDuration: visual, bounce: bounce), blame: "framer-visual-duration")
            return [
                NamedSpring(spring: spring, name: "visualDuration \(shortest(visual)) s, bounce \(shortest(bounce))")
            ]
        case let .reactSpring(tension, friction, mass):
            let spring = try SpringConvention.physical(
                tension, "react-spring-tension", friction, "friction", mass: mass)
            return [
                NamedSpring(
                    spring: spring,
                    name:
                        "tension \(shortest(tension)), friction \(shortest(friction))\(SpringConvention.massNote(mass))"
                )
            ]
        case let .figma(k, c, mass):
            let spring = try SpringConvention.physical(k, "figma-stiffness", c, "figma-damping", mass: mass)
            return [
                NamedSpring(
                    spring: spring,
                    name: "Figma stiffness \(shortest(k)), damping \(shortest(c))\(SpringConvention.massNote(mass))")
            ]
        case let .origami(tension, friction):
            return [try SpringConvention.origami(tension: tension, friction: friction)]
        case let .pop(bounciness, speed):
            return [try SpringConvention.pop(bounciness: bounciness, speed: speed)]
        }
    }

    // MARK: Building, one convention at a time

    /// One spring per pair of ζ and response; a single value is shared by every spring.
    private static func ratioResponse(_ ratios: [Double], _ responses: [Double], mass: Double) throws(SpringInputError)
        -> [NamedSpring]
    {
        let count = max(ratios.count, responses.count)
        return try (0..<count).map { (i: Int) throws(SpringInputError) -> NamedSpring in
            let zeta = ratios.count == 1 ? ratios[0] : ratios[i]
            let r = responses.count == 1 ? responses[0] : responses[i]
            let spring = try blamed([.dampingRatio: "damping", .response: "response", .mass: "mass"]) {
                () throws(SpringParameterError) -> Spring in
                try Spring.validated(dampingRatio: zeta, response: r, mass: mass)
            }
            return NamedSpring(spring: spring, name: "ζ = \(shortest(zeta)), response = \(shortest(r)) s")
        }
    }

    /// Origami's linear scales onto a mass-1 spring; below their floors there is no spring.
    private static func origami(tension: Double, friction: Double) throws(SpringInputError) -> NamedSpring {
        let k = Spring.Origami.stiffness(tension: tension), c = Spring.Origami.dampingCoefficient(friction: friction)
        if !(k > 0) {
            throw SpringInputError(
                .outOfRange, "origami-tension",
                "must be > \(label(Spring.Origami.tensionFloor, digits: 4)) (got \(shortest(tension))): lower has no positive stiffness"
            )
        }
        if !(c >= 0) {
            throw SpringInputError(
                .outOfRange, "origami-friction",
                "must be ≥ \(label(Spring.Origami.frictionFloor, digits: 4)) (got \(shortest(friction))): lower has a negative damping coefficient"
            )
        }
        let spring = try derived(Spring(mass: 1, stiffness: k, dampingCoefficient: c), blame: "origami-tension")
        return NamedSpring(spring: spring, name: "Origami tension \(shortest(tension)), friction \(shortest(friction))")
    }

    /// POP's bounciness and speed through Origami's tension and friction.
    private static func pop(bounciness: Double, speed: Double) throws(SpringInputError) -> NamedSpring {
        let origami = Spring.Origami(popBounciness: bounciness, speed: speed)
        let k = Spring.Origami.stiffness(tension: origami.tension),
            c = Spring.Origami.dampingCoefficient(friction: origami.friction)
        if !(k > 0) {
            throw SpringInputError(
                .outOfRange, "pop-speed", "is too low (got \(shortest(speed))): the spring has no positive stiffness")
        }
        if !(c >= 0) {
            throw SpringInputError(
                .outOfRange, "pop-bounciness",
                "is too high (got \(shortest(bounciness))): the spring's damping coefficient is negative")
        }
        let spring = try derived(Spring(mass: 1, stiffness: k, dampingCoefficient: c), blame: "pop-speed")
        return NamedSpring(spring: spring, name: "POP bounciness \(shortest(bounciness)), speed \(shortest(speed))")
    }

    /// ", m = 2" in a spring's name when the mass is not 1.
    private static func massNote(_ mass: Double) -> String {
        mass != 1 ? ", m = \(shortest(mass))" : ""
    }

    /// A spring from stiffness and damping given under a convention's names, with the shared mass.
    private static func physical(
        _ k: Double, _ stiffnessName: String, _ c: Double, _ dampingName: String,
        mass: Double
    ) throws(SpringInputError) -> Spring {
        try blamed([.stiffness: stiffnessName, .dampingCoefficient: dampingName, .mass: "mass"]) {
            () throws(SpringParameterError) -> Spring in
            try Spring.validated(mass: mass, stiffness: k, dampingCoefficient: c)
        }
    }

    /// SpringMath's typed error in a convention's parameter names.
    private static func blamed<T>(
        _ names: [SpringParameter: String],
        _ body: () throws(SpringParameterError) -> T
    ) throws(SpringInputError) -> T {
        do {
            return try body()
        } catch {
            let name = names[error.parameter] ?? names.values.sorted().first ?? error.parameter.rawValue
            var text = error.description
            text.removeFirst(error.parameter.rawValue.count + 1)
            throw SpringInputError(.outOfRange, name, text)
        }
    }

    /// A spring derived from another convention, checked as physics, blamed on `name`.
    private static func derived(_ spring: Spring, blame name: String) throws(SpringInputError) -> Spring {
        do {
            return try Spring.validated(
                mass: spring.mass, stiffness: spring.stiffness, dampingCoefficient: spring.dampingCoefficient)
        } catch {
            throw SpringInputError(.unusableSpring, name, "gives an unusable spring: its \(error.description)")
        }
    }
}
