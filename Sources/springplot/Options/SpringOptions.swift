import ArgumentParser
import SpringMath

/// A spring with the name the legend shows.
struct NamedSpring {
    var spring: Spring
    var name: String
}

/// How the user describes the spring(s): damping ratio and response (Wave), stiffness and damping
/// coefficient (Core Animation, SwiftUI), or SwiftUI's duration and bounce.
struct SpringOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Damping ratio ζ ≥ 0; a comma list overlays several springs. (default: 0.7)",
                               valueName: "ratio[,ratio…]"))
    var damping: DoubleList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Response in seconds ≥ 0 (the undamped period); a comma list overlays several springs. (default: 0.5)",
                               valueName: "seconds[,seconds…]"))
    var response: DoubleList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Mass > 0. (default: 1)", valueName: "mass"))
    var mass: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stiffness k > 0, with --damping-coefficient (instead of --damping/--response).",
                               valueName: "k"))
    var stiffness: Double?

    @Option(name: .customLong("damping-coefficient"), parsing: .unconditional,
            help: ArgumentHelp("Damping coefficient c ≥ 0, with --stiffness.", valueName: "c"))
    var dampingCoefficient: Double?

    @Option(name: .customLong("swiftui-duration"), parsing: .unconditional,
            help: ArgumentHelp("SwiftUI's perceptual duration in seconds, with --bounce (not the chart's time span).",
                               valueName: "seconds"))
    var swiftUIDuration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("SwiftUI's bounce in (-1, 1], with --swiftui-duration (default 0).", valueName: "bounce"))
    var bounce: Double?

    static let defaultDamping = 0.7
    static let defaultResponse = 0.5

    private var usesRatioForm: Bool { damping != nil || response != nil }
    private var usesStiffnessForm: Bool { stiffness != nil || dampingCoefficient != nil }
    private var usesSwiftUIForm: Bool { swiftUIDuration != nil || bounce != nil }

    func validate() throws {
        if usesStiffnessForm && usesRatioForm {
            throw ValidationError("--stiffness/--damping-coefficient cannot be combined with --damping/--response")
        }
        if usesSwiftUIForm && (usesRatioForm || usesStiffnessForm) {
            throw ValidationError("--swiftui-duration/--bounce cannot be combined with --damping/--response or --stiffness/--damping-coefficient")
        }
        if usesSwiftUIForm && mass != nil {
            throw ValidationError("--mass cannot be combined with --swiftui-duration/--bounce (SwiftUI's form has mass 1)")
        }
        if usesStiffnessForm {
            guard stiffness != nil else { throw ValidationError("--damping-coefficient needs --stiffness") }
            guard dampingCoefficient != nil else { throw ValidationError("--stiffness needs --damping-coefficient") }
        }
        for value in damping?.values ?? [] { try requireNonNegative(value, "--damping") }
        for value in response?.values ?? [] { try requireNonNegative(value, "--response") }
        if let mass { try requirePositive(mass, "--mass") }
        if let stiffness { try requirePositive(stiffness, "--stiffness") }
        if let dampingCoefficient { try requireNonNegative(dampingCoefficient, "--damping-coefficient") }
        if let swiftUIDuration { try requireNonNegative(swiftUIDuration, "--swiftui-duration") }
        if let bounce {
            try requireFinite(bounce, "--bounce")
            if !(bounce > -1 && bounce <= 1) { throw ValidationError("--bounce must be in (-1, 1] (got \(bounce))") }
        }
        let dampingCount = damping?.values.count ?? 1
        let responseCount = response?.values.count ?? 1
        if dampingCount > 1 && responseCount > 1 && dampingCount != responseCount {
            throw ValidationError("--damping has \(dampingCount) values but --response has \(responseCount): give lists of the same length, or one value to share")
        }
        _ = try springs()
    }

    /// The springs described, in order.
    func springs() throws -> [NamedSpring] {
        do {
            if usesStiffnessForm, let stiffness, let dampingCoefficient {
                let m = mass ?? 1
                let spring = try Spring.validated(mass: m, stiffness: stiffness, damping: dampingCoefficient)
                return [NamedSpring(spring: spring, name: "k = \(shortest(stiffness)), c = \(shortest(dampingCoefficient)), m = \(shortest(m))")]
            }
            if usesSwiftUIForm {
                let duration = swiftUIDuration ?? 0.5, bounce = bounce ?? 0
                let spring = try Spring.validated(duration: duration, bounce: bounce)
                return [NamedSpring(spring: spring, name: "duration \(shortest(duration)) s, bounce \(shortest(bounce))")]
            }
            let ratios = damping?.values ?? [SpringOptions.defaultDamping]
            let responses = response?.values ?? [SpringOptions.defaultResponse]
            let count = max(ratios.count, responses.count)
            return try (0..<count).map { i in
                let zeta = ratios.count == 1 ? ratios[0] : ratios[i]
                let r = responses.count == 1 ? responses[0] : responses[i]
                let spring = try Spring.validated(dampingRatio: zeta, response: r, mass: mass ?? 1)
                return NamedSpring(spring: spring, name: "ζ = \(shortest(zeta)), response = \(shortest(r)) s")
            }
        } catch let error as SpringParameterError {
            throw ValidationError(SpringOptions.message(for: error))
        }
    }

    /// A spring error in the user's terms: the option that carried the value.
    static func message(for error: SpringParameterError) -> String {
        let option: String
        switch error.parameter {
        case .dampingRatio: option = "--damping"
        case .response: option = "--response"
        case .mass: option = "--mass"
        case .stiffness: option = "--stiffness"
        case .damping: option = "--damping-coefficient"
        case .duration: option = "--swiftui-duration"
        case .bounce: option = "--bounce"
        default: option = "--\(error.parameter.rawValue)"
        }
        var text = error.description
        text.removeFirst(error.parameter.rawValue.count)
        return option + text
    }
}

/// Where the motion goes: from, to and the initial velocity.
struct MotionOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Start value.", valueName: "value"))
    var from: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Target value.", valueName: "value"))
    var to: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial velocity in value units per second.", valueName: "units/s"))
    var velocity: Double = 0

    /// Values beyond this would overflow squared distances and energies.
    static let limit = 1e100

    func validate() throws {
        for (value, option) in [(from, "--from"), (to, "--to"), (velocity, "--velocity")] {
            try requireFinite(value, option)
            if abs(value) > MotionOptions.limit {
                throw ValidationError("\(option) must lie between -1e100 and 1e100 (got \(value))")
            }
        }
    }
}
