import ArgumentParser
import SpringConventions
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

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
    @Option(
        parsing: .unconditional,
        help: SpringOptionsOf.listHelp(
            "Damping ratio ζ ≥ 0", default: SpringOptionsDefaults.damping, valueName: "ratio"))
    var damping: DoubleList?

    @Option(
        parsing: .unconditional,
        help: SpringOptionsOf.listHelp(
            "Response in seconds ≥ 0 (the undamped period)", default: SpringOptionsDefaults.response,
            valueName: "seconds"))
    var response: DoubleList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Mass > 0. (default: 1)", valueName: "mass"))
    var mass: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Stiffness k > 0, with --damping-coefficient (instead of --damping/--response).",
            valueName: "k"))
    var stiffness: Double?

    @Option(
        name: .customLong("damping-coefficient"), parsing: .unconditional,
        help: ArgumentHelp("Damping coefficient c ≥ 0, with --stiffness.", valueName: "c"))
    var dampingCoefficient: Double?

    @Option(
        name: .customLong("swiftui-duration"), parsing: .unconditional,
        help: ArgumentHelp(
            "SwiftUI's perceptual duration in seconds, with --bounce (not the chart's time span).",
            valueName: "seconds"))
    var swiftUIDuration: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Bounce in (-1, 1], with --swiftui-duration, --framer-duration or --framer-visual-duration (default 0).",
            valueName: "bounce"))
    var bounce: Double?

    @Option(
        name: .customLong("framer-duration"), parsing: .unconditional,
        help: ArgumentHelp(
            "Motion/framer-motion's duration in seconds, with --bounce (framer clamps it to 0.01…10 s).",
            valueName: "seconds"))
    var framerDuration: Double?

    @Option(
        name: .customLong("framer-visual-duration"), parsing: .unconditional,
        help: ArgumentHelp("Motion's visualDuration in seconds, with --bounce.", valueName: "seconds"))
    var framerVisualDuration: Double?

    @Option(
        name: .customLong("react-spring-tension"), parsing: .unconditional,
        help: ArgumentHelp("react-spring's tension, with --friction (and --mass).", valueName: "tension"))
    var reactSpringTension: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("react-spring's friction, with --react-spring-tension.", valueName: "friction"))
    var friction: Double?

    @Option(
        name: .customLong("figma-stiffness"), parsing: .unconditional,
        help: ArgumentHelp("Figma's spring stiffness, with --figma-damping (and --mass).", valueName: "stiffness"))
    var figmaStiffness: Double?

    @Option(
        name: .customLong("figma-damping"), parsing: .unconditional,
        help: ArgumentHelp("Figma's spring damping, with --figma-stiffness.", valueName: "damping"))
    var figmaDamping: Double?

    @Option(
        name: .customLong("origami-tension"), parsing: .unconditional,
        help: ArgumentHelp("Origami/Quartz Composer tension, with --origami-friction.", valueName: "tension"))
    var origamiTension: Double?

    @Option(
        name: .customLong("origami-friction"), parsing: .unconditional,
        help: ArgumentHelp("Origami/Quartz Composer friction, with --origami-tension.", valueName: "friction"))
    var origamiFriction: Double?

    @Option(
        name: .customLong("pop-bounciness"), parsing: .unconditional,
        help: ArgumentHelp("POP / React Native bounciness, with --pop-speed.", valueName: "bounciness"))
    var popBounciness: Double?

    @Option(
        name: .customLong("pop-speed"), parsing: .unconditional,
        help: ArgumentHelp("POP / React Native speed, with --pop-bounciness.", valueName: "speed"))
    var popSpeed: Double?

    @Option(
        name: .customLong("from-code"),
        help: ArgumentHelp(
            "A spring pasted from code in any supported convention (SwiftUI .spring(…), Compose spring(…), a react-spring config, a Motion transition, SpringForce, Flutter, Origami, …), instead of the options above.",
            valueName: "code"))
    var fromCode: String?

    static var defaultDamping: Double { SpringOptionsDefaults.damping }
    static var defaultResponse: Double { SpringOptionsDefaults.response }

    /// The options given, by name without dashes, as the shared input rules take them.
    var input: SpringInput {
        var values: [String: [Double]] = [:]
        let singles: [(String, Double?)] = [
            ("mass", mass), ("stiffness", stiffness), ("damping-coefficient", dampingCoefficient),
            ("swiftui-duration", swiftUIDuration), ("bounce", bounce), ("framer-duration", framerDuration),
            ("framer-visual-duration", framerVisualDuration), ("react-spring-tension", reactSpringTension),
            ("friction", friction), ("figma-stiffness", figmaStiffness), ("figma-damping", figmaDamping),
            ("origami-tension", origamiTension), ("origami-friction", origamiFriction),
            ("pop-bounciness", popBounciness), ("pop-speed", popSpeed)
        ]
        for (name, value) in singles { if let value { values[name] = [value] } }
        if let damping { values["damping"] = damping.values }
        if let response { values["response"] = response.values }
        return SpringInput(values: values)
    }

    /// The options that described the spring, for messages about the spring as a whole
    /// (`--stiffness/--damping-coefficient`; `--damping/--response` when none was given).
    var givenOptions: String {
        if fromCode != nil { return "--from-code" }
        let names = input.values.keys.sorted()
        return (names.isEmpty ? ["damping", "response"] : names).map { "--" + $0 }.joined(separator: "/")
    }

    /// The first of ``givenOptions``, without dashes: the parameter a refusal of the spring names.
    var givenParameter: String {
        fromCode != nil ? "from-code" : input.values.keys.sorted().first ?? "damping"
    }

    /// A chase's problem (``ChaseInput/problem(spring:motion:targetVelocity:)``) as one line naming
    /// the option given: `--from-code` for a pasted spring, never a `--response` the user did not type.
    /// A response-0 spring is `instantaneous-spring`; a target velocity too large, or one that makes
    /// the lag too far to compute, is `out-of-range` (as the studio's chase reports them).
    func chaseRefusal(_ problem: (parameter: String, message: String)) -> CommandLineRefusal {
        let code: SpringInputError.Code = problem.parameter == "response" ? .instantaneousSpring : .outOfRange
        if fromCode != nil && problem.parameter != "target-velocity" {
            return CommandLineRefusal(
                code, parameter: "from-code",
                sentence: "--from-code: the spring's \(problem.parameter) \(problem.message)")
        }
        return CommandLineRefusal(code, option: "--" + problem.parameter, problem.message)
    }

    /// The help of `--damping` and `--response`: lists are mentioned only where they are accepted.
    static func listHelp(_ text: String, default value: Double, valueName: String) -> ArgumentHelp {
        Count.maximum > 1
            ? ArgumentHelp(
                "\(text); a comma list (up to \(Count.maximum) values) \(Count.listEffect). (default: \(shortest(value)))",
                valueName: "\(valueName)[,\(valueName)…]")
            : ArgumentHelp("\(text). (default: \(shortest(value)))", valueName: valueName)
    }

    func validate() throws {
        _ = try springs()
    }

    /// The springs described, in order.
    func springs() throws -> [NamedSpring] {
        if let fromCode {
            if let other = input.values.keys.sorted().first {
                throw CommandLineRefusal(
                    .conflictingParameters, option: "--from-code",
                    "cannot be combined with --\(other): describe the spring one way")
            }
            do {
                return [try SpringCode(fromCode).spring]
            } catch {
                throw CommandLineRefusal(
                    .malformed, parameter: "from-code", sentence: "--from-code: \(error.description)")
            }
        }
        do {
            return try input.springs(maximum: Count.maximum)
        } catch {
            throw CommandLineRefusal(error)
        }
    }
}

/// The spring used when none is described (static stored properties cannot live in a generic type).
enum SpringOptionsDefaults {
    static let damping = SpringInput.defaultDamping
    static let response = SpringInput.defaultResponse
}

/// Where a recorded motion was meant to go. Each of from, to and the initial velocity not given is
/// found from the samples (``Verify/motion(_:spring:recording:)``).
struct RecordedMotionOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Start value. (default: found from the samples)", valueName: "value"))
    var from: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Target value. (default: found from the samples)", valueName: "value"))
    var to: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Initial velocity in value units per second. (default: found from the samples)",
            valueName: "units/s"))
    var velocity: Double?

    func validate() throws {
        let motion = Motion(from: from ?? 0, to: to ?? 0, initialVelocity: velocity ?? 0)
        if let refusal = motion.refusal { throw refusal }
    }
}

struct MotionOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Start value.", valueName: "value"))
    var from: Double = Motion().from

    @Option(parsing: .unconditional, help: ArgumentHelp("Target value.", valueName: "value"))
    var to: Double = Motion().to

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Initial velocity in value units per second.", valueName: "units/s")
    )
    var velocity: Double = Motion().initialVelocity

    var motion: Motion { Motion(from: from, to: to, initialVelocity: velocity) }

    func validate() throws {
        if let refusal = motion.refusal { throw refusal }
    }
}

extension Motion {
    /// ``problem`` as a refusal of the option at fault: a NaN is `not-a-number`, an infinity
    /// `not-finite`, anything else (a magnitude past ±1e100, a travel too small) `out-of-range`.
    var refusal: CommandLineRefusal? {
        guard let problem else { return nil }
        let value = problem.parameter == "from" ? from : problem.parameter == "to" ? to : initialVelocity
        let code: SpringInputError.Code = value.isNaN ? .notANumber : value.isInfinite ? .notFinite : .outOfRange
        return CommandLineRefusal(code, option: "--" + problem.parameter, problem.message)
    }
}
