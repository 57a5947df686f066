import ArgumentParser
import SpringMath

/// A spring with the name the legend shows.
struct NamedSpring {
    var spring: Spring
    var name: String
}

/// How many springs a command draws, which decides what `--damping` and `--response` accept and
/// what their help says.
protocol SpringCount {
    /// The most springs one command line may describe.
    static var maximum: Int { get }
    /// What a comma list does, for the help ("overlays several springs").
    static var listEffect: String { get }
}

/// Charts that overlay several springs (curve, phase): comma lists allowed, up to a dozen, which is
/// about as many curves as a chart can show apart.
enum OverlaidSprings: SpringCount {
    static let maximum = 12
    static let listEffect = "overlays several springs"
}

/// `info`, which reports several springs one after another, with the same limit.
enum ListedSprings: SpringCount {
    static let maximum = OverlaidSprings.maximum
    static let listEffect = "reports several springs"
}

/// Commands that draw or sample one spring (retarget, integrators, data).
enum OneSpring: SpringCount {
    static let maximum = 1
    static let listEffect = ""
}

typealias SpringOptions = SpringOptionsOf<OverlaidSprings>
typealias OneSpringOptions = SpringOptionsOf<OneSpring>

/// How the user describes the spring(s): damping ratio and response (Wave), stiffness and damping
/// coefficient (Core Animation, SwiftUI), or SwiftUI's duration and bounce.
struct SpringOptionsOf<Count: SpringCount>: ParsableArguments {
    @Option(parsing: .unconditional, help: SpringOptionsOf.listHelp("Damping ratio ζ ≥ 0", default: SpringOptionsDefaults.damping, valueName: "ratio"))
    var damping: DoubleList?

    @Option(parsing: .unconditional, help: SpringOptionsOf.listHelp("Response in seconds ≥ 0 (the undamped period)", default: SpringOptionsDefaults.response, valueName: "seconds"))
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

    static var defaultDamping: Double { SpringOptionsDefaults.damping }
    static var defaultResponse: Double { SpringOptionsDefaults.response }

    private var usesRatioForm: Bool { damping != nil || response != nil }
    private var usesStiffnessForm: Bool { stiffness != nil || dampingCoefficient != nil }
    private var usesSwiftUIForm: Bool { swiftUIDuration != nil || bounce != nil }

    /// The help of `--damping` and `--response`: lists are mentioned only where they are accepted.
    static func listHelp(_ text: String, default value: Double, valueName: String) -> ArgumentHelp {
        Count.maximum > 1
            ? ArgumentHelp("\(text); a comma list (up to \(Count.maximum) values) \(Count.listEffect). (default: \(shortest(value)))",
                           valueName: "\(valueName)[,\(valueName)…]")
            : ArgumentHelp("\(text). (default: \(shortest(value)))", valueName: valueName)
    }

    func validate() throws {
        // Counts first, so that an enormous list is refused before any work is done per value.
        for (list, option) in [(damping, "--damping"), (response, "--response")] {
            guard let count = list?.values.count, count > Count.maximum else { continue }
            if Count.maximum == 1 {
                throw ValidationError("\(option) takes one value here: this command draws one spring (got \(count) values)")
            }
            throw ValidationError("\(option) takes at most \(Count.maximum) values (got \(count))")
        }
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
            let ratios = damping?.values ?? [SpringOptionsDefaults.damping]
            let responses = response?.values ?? [SpringOptionsDefaults.response]
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

/// The spring used when none is described (static stored properties cannot live in a generic type).
enum SpringOptionsDefaults {
    static let damping = 0.7
    static let response = 0.5
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
