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

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Bounce in (-1, 1], with --swiftui-duration, --framer-duration or --framer-visual-duration (default 0).",
                               valueName: "bounce"))
    var bounce: Double?

    @Option(name: .customLong("framer-duration"), parsing: .unconditional,
            help: ArgumentHelp("Motion/framer-motion's duration in seconds, with --bounce (framer clamps it to 0.01…10 s).",
                               valueName: "seconds"))
    var framerDuration: Double?

    @Option(name: .customLong("framer-visual-duration"), parsing: .unconditional,
            help: ArgumentHelp("Motion's visualDuration in seconds, with --bounce.", valueName: "seconds"))
    var framerVisualDuration: Double?

    @Option(name: .customLong("react-spring-tension"), parsing: .unconditional,
            help: ArgumentHelp("react-spring's tension, with --friction (and --mass).", valueName: "tension"))
    var reactSpringTension: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("react-spring's friction, with --react-spring-tension.", valueName: "friction"))
    var friction: Double?

    @Option(name: .customLong("figma-stiffness"), parsing: .unconditional,
            help: ArgumentHelp("Figma's spring stiffness, with --figma-damping (and --mass).", valueName: "stiffness"))
    var figmaStiffness: Double?

    @Option(name: .customLong("figma-damping"), parsing: .unconditional,
            help: ArgumentHelp("Figma's spring damping, with --figma-stiffness.", valueName: "damping"))
    var figmaDamping: Double?

    @Option(name: .customLong("origami-tension"), parsing: .unconditional,
            help: ArgumentHelp("Origami/Quartz Composer tension, with --origami-friction.", valueName: "tension"))
    var origamiTension: Double?

    @Option(name: .customLong("origami-friction"), parsing: .unconditional,
            help: ArgumentHelp("Origami/Quartz Composer friction, with --origami-tension.", valueName: "friction"))
    var origamiFriction: Double?

    @Option(name: .customLong("pop-bounciness"), parsing: .unconditional,
            help: ArgumentHelp("POP / React Native bounciness, with --pop-speed.", valueName: "bounciness"))
    var popBounciness: Double?

    @Option(name: .customLong("pop-speed"), parsing: .unconditional,
            help: ArgumentHelp("POP / React Native speed, with --pop-bounciness.", valueName: "speed"))
    var popSpeed: Double?

    static var defaultDamping: Double { SpringOptionsDefaults.damping }
    static var defaultResponse: Double { SpringOptionsDefaults.response }

    /// The ways a spring can be given, each with the options that belong to it.
    enum Form: Equatable {
        case ratio, physics, ratioStiffness, swiftUI, framerDuration, framerVisualDuration, reactSpring, figma, origami, pop
    }

    /// The options given on the command line, by name.
    private var given: [String: Bool] {
        ["--damping": damping != nil, "--response": response != nil, "--mass": mass != nil,
         "--stiffness": stiffness != nil, "--damping-coefficient": dampingCoefficient != nil,
         "--swiftui-duration": swiftUIDuration != nil, "--bounce": bounce != nil,
         "--framer-duration": framerDuration != nil, "--framer-visual-duration": framerVisualDuration != nil,
         "--react-spring-tension": reactSpringTension != nil, "--friction": friction != nil,
         "--figma-stiffness": figmaStiffness != nil, "--figma-damping": figmaDamping != nil,
         "--origami-tension": origamiTension != nil, "--origami-friction": origamiFriction != nil,
         "--pop-bounciness": popBounciness != nil, "--pop-speed": popSpeed != nil]
    }

    /// Which form the given options describe, or a one-line reason why they describe none.
    func form() throws -> Form {
        let present = Set(given.filter(\.value).map(\.key))
        func has(_ option: String) -> Bool { present.contains(option) }
        // The options that name each form unambiguously, in the order they are checked.
        let named: [(Form, Set<String>)] = [
            (.framerDuration, ["--framer-duration"]), (.framerVisualDuration, ["--framer-visual-duration"]),
            (.swiftUI, ["--swiftui-duration"]), (.reactSpring, ["--react-spring-tension", "--friction"]),
            (.figma, ["--figma-stiffness", "--figma-damping"]), (.origami, ["--origami-tension", "--origami-friction"]),
            (.pop, ["--pop-bounciness", "--pop-speed"]), (.physics, ["--damping-coefficient"]),
        ]
        let matches = named.filter { !$0.1.isDisjoint(with: present) }
        if matches.count > 1 {
            let names = matches.map { $0.1.sorted().joined(separator: "/") }
            throw ValidationError("\(names[0]) cannot be combined with \(names[1]): describe the spring one way")
        }
        let form: Form
        if let match = matches.first {
            form = match.0
        } else if has("--stiffness") {
            form = has("--damping") ? .ratioStiffness : .physics
        } else if has("--bounce") {
            form = .swiftUI
        } else {
            form = .ratio
        }
        // What each form takes; anything else given is a mistake worth naming.
        let allowed: Set<String>
        switch form {
        case .ratio: allowed = ["--damping", "--response", "--mass"]
        case .physics: allowed = ["--stiffness", "--damping-coefficient", "--mass"]
        case .ratioStiffness: allowed = ["--damping", "--stiffness", "--mass"]
        case .swiftUI: allowed = ["--swiftui-duration", "--bounce"]
        case .framerDuration: allowed = ["--framer-duration", "--bounce"]
        case .framerVisualDuration: allowed = ["--framer-visual-duration", "--bounce"]
        case .reactSpring: allowed = ["--react-spring-tension", "--friction", "--mass"]
        case .figma: allowed = ["--figma-stiffness", "--figma-damping", "--mass"]
        case .origami: allowed = ["--origami-tension", "--origami-friction"]
        case .pop: allowed = ["--pop-bounciness", "--pop-speed"]
        }
        if let stray = present.subtracting(allowed).sorted().first {
            let main = allowed.sorted().filter { $0 != "--mass" && $0 != "--bounce" }.joined(separator: "/")
            throw ValidationError("\(stray) cannot be combined with \(main)")
        }
        // Pairs that need both halves.
        let pairs: [Form: (String, String)] = [
            .physics: ("--stiffness", "--damping-coefficient"), .reactSpring: ("--react-spring-tension", "--friction"),
            .figma: ("--figma-stiffness", "--figma-damping"), .origami: ("--origami-tension", "--origami-friction"),
            .pop: ("--pop-bounciness", "--pop-speed"),
        ]
        if let (a, b) = pairs[form] {
            if !has(a) { throw ValidationError("\(b) needs \(a)") }
            if !has(b) { throw ValidationError("\(a) needs \(b)") }
        }
        if form == .ratioStiffness, let count = damping?.values.count, count > 1 {
            throw ValidationError("--damping takes one value with --stiffness (got \(count))")
        }
        return form
    }

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
        _ = try form()
        for value in damping?.values ?? [] { try requireNonNegative(value, "--damping") }
        for value in response?.values ?? [] { try requireNonNegative(value, "--response") }
        if let mass { try requirePositive(mass, "--mass") }
        if let stiffness { try requirePositive(stiffness, "--stiffness") }
        if let dampingCoefficient { try requireNonNegative(dampingCoefficient, "--damping-coefficient") }
        if let swiftUIDuration { try requireNonNegative(swiftUIDuration, "--swiftui-duration") }
        if let framerDuration { try requirePositive(framerDuration, "--framer-duration") }
        if let framerVisualDuration { try requirePositive(framerVisualDuration, "--framer-visual-duration") }
        if let reactSpringTension { try requirePositive(reactSpringTension, "--react-spring-tension") }
        if let friction { try requireNonNegative(friction, "--friction") }
        if let figmaStiffness { try requirePositive(figmaStiffness, "--figma-stiffness") }
        if let figmaDamping { try requireNonNegative(figmaDamping, "--figma-damping") }
        for (value, option) in [(origamiTension, "--origami-tension"), (origamiFriction, "--origami-friction"),
                                (popBounciness, "--pop-bounciness"), (popSpeed, "--pop-speed")] {
            if let value {
                try requireFinite(value, option)
                if abs(value) > 1e6 { throw ValidationError("\(option) must lie between -1e6 and 1e6 (got \(value))") }
            }
        }
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
            switch try form() {
            case .ratio:
                break
            case .physics:
                let m = mass ?? 1, k = stiffness ?? 0, c = dampingCoefficient ?? 0
                let spring = try Spring.validated(mass: m, stiffness: k, damping: c)
                return [NamedSpring(spring: spring, name: "k = \(shortest(k)), c = \(shortest(c)), m = \(shortest(m))")]
            case .ratioStiffness:
                let zeta = damping?.values.first ?? SpringOptionsDefaults.damping, k = stiffness ?? 0, m = mass ?? 1
                let spring = try Spring.validated(dampingRatio: zeta, stiffness: k, mass: m)
                return [NamedSpring(spring: spring, name: "ζ = \(shortest(zeta)), k = \(shortest(k))\(m != 1 ? ", m = \(shortest(m))" : "")")]
            case .swiftUI:
                let duration = swiftUIDuration ?? 0.5, bounce = bounce ?? 0
                let spring = try Spring.validated(duration: duration, bounce: bounce)
                return [NamedSpring(spring: spring, name: "duration \(shortest(duration)) s, bounce \(shortest(bounce))")]
            case .framerDuration:
                let duration = framerDuration ?? 0.8, bounce = bounce ?? 0
                let spring = Spring(framerMotion: .init(duration: duration, bounce: bounce))
                return [NamedSpring(spring: try checked(spring, option: "--framer-duration"), name: "framer duration \(shortest(duration)) s, bounce \(shortest(bounce))")]
            case .framerVisualDuration:
                let visual = framerVisualDuration ?? 0.3, bounce = bounce ?? 0
                let spring = Spring(framerVisualDuration: visual, bounce: bounce)
                return [NamedSpring(spring: try checked(spring, option: "--framer-visual-duration"), name: "visualDuration \(shortest(visual)) s, bounce \(shortest(bounce))")]
            case .reactSpring:
                let tension = reactSpringTension ?? 170, friction = friction ?? 26, m = mass ?? 1
                let spring = try Spring.validated(mass: m, stiffness: tension, damping: friction)
                return [NamedSpring(spring: spring, name: "tension \(shortest(tension)), friction \(shortest(friction))\(m != 1 ? ", mass \(shortest(m))" : "")")]
            case .figma:
                let k = figmaStiffness ?? 0, c = figmaDamping ?? 0, m = mass ?? 1
                let spring = try Spring.validated(mass: m, stiffness: k, damping: c)
                return [NamedSpring(spring: spring, name: "Figma stiffness \(shortest(k)), damping \(shortest(c))\(m != 1 ? ", mass \(shortest(m))" : "")")]
            case .origami:
                let tension = origamiTension ?? 0, friction = origamiFriction ?? 0
                let k = Spring.Origami.stiffness(tension: tension), c = Spring.Origami.damping(friction: friction)
                if !(k > 0) { throw ValidationError("--origami-tension must be > \(label(Spring.Origami.tensionFloor, digits: 4)) (got \(shortest(tension))): lower has no positive stiffness") }
                if !(c >= 0) { throw ValidationError("--origami-friction must be ≥ \(label(Spring.Origami.frictionFloor, digits: 4)) (got \(shortest(friction))): lower has negative damping") }
                let spring = try Spring.validated(mass: 1, stiffness: k, damping: c)
                return [NamedSpring(spring: spring, name: "Origami tension \(shortest(tension)), friction \(shortest(friction))")]
            case .pop:
                let bounciness = popBounciness ?? 4, speed = popSpeed ?? 12
                let origami = Spring.Origami(popBounciness: bounciness, speed: speed)
                let k = Spring.Origami.stiffness(tension: origami.tension), c = Spring.Origami.damping(friction: origami.friction)
                if !(k > 0) { throw ValidationError("--pop-speed is too low (got \(shortest(speed))): the spring has no positive stiffness") }
                if !(c >= 0) { throw ValidationError("--pop-bounciness is too high (got \(shortest(bounciness))): the spring's damping is negative") }
                let spring = try checked(Spring(mass: 1, stiffness: k, damping: c), option: "--pop-speed")
                return [NamedSpring(spring: spring, name: "POP bounciness \(shortest(bounciness)), speed \(shortest(speed))")]
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

    /// `spring` if its derived quantities are usable (finite, positive stiffness), else a one-line
    /// error naming `option`, the value the user gave.
    private func checked(_ spring: Spring, option: String) throws -> Spring {
        do {
            return try Spring.validated(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        } catch {
            throw ValidationError("\(option) gives an unusable spring: its \(error.description)")
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
