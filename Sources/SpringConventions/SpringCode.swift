import SpringMath
import SpringPlatforms

/// A spring read from a platform's code: what `springplot --from-code` and the studio's paste box
/// take. The same spring in any supported convention, written as people write it:
///
/// - SwiftUI: `.spring(response: 0.5, dampingFraction: 0.8)`, `.spring(duration: 0.5, bounce: 0.3)`,
///   `Spring(duration:bounce:)`, `.interpolatingSpring(mass:stiffness:damping:)`, `.smooth`, `.snappy`,
///   `.bouncy` (with `duration:` and `extraBounce:`).
/// - UIKit and Core Animation: `UISpringTimingParameters(mass:stiffness:damping:…)` or
///   `(duration:bounce:)`; `CASpringAnimation` with `mass = …`, `stiffness = …`, `damping = …`.
/// - Wave: `Spring(dampingRatio: 0.8, response: 0.5)`.
/// - Jetpack Compose and Android: `spring(dampingRatio = 0.5f, stiffness = 200f)`,
///   `SpringForce().setDampingRatio(…).setStiffness(…)`, and their named constants
///   (`Spring.DampingRatioMediumBouncy`, `SpringForce.STIFFNESS_LOW`, …).
/// - Flutter: `SpringDescription(mass:stiffness:damping:)`, `SpringDescription.withDampingRatio(…)`.
/// - Motion (framer-motion): `{ type: "spring", stiffness, damping, mass }`, `{ duration, bounce }`,
///   `{ visualDuration, bounce }`.
/// - react-spring: `config: { tension, friction, mass }` and `config.wobbly` and the other presets.
/// - Reanimated: `withSpring(x, { stiffness, damping, mass })`.
/// - Origami / Rebound: `SpringConfig.fromOrigamiTensionAndFriction(40, 7)`,
///   `fromBouncinessAndSpeed(5, 10)`.
/// - React Native: `Animated.spring(value, { toValue, stiffness, damping, mass })`, `{ tension,
///   friction }` (Origami's numbers) and `{ bounciness, speed }`, with React Native's defaults.
/// - Svelte: `spring(0, { stiffness: 0.1, damping: 0.25 })`, `new Spring(…)`, `Spring.of(…)`: per-frame
///   numbers, read as the spring they run at 60 Hz.
/// - anime.js: `spring({ mass, stiffness, damping })` and `spring({ bounce, duration })` (also
///   `createSpring`), as anime.js clamps and rounds them.
/// - Design tokens with `"$type": "spring"`: `export --target token`'s fields, or the shape proposed in
///   design-tokens/community-group#429 (`physics: { stiffness, damping, mass }`, or `duration: "400ms"`
///   with `bounce`).
public struct SpringCode: Sendable {
    /// The spring's parameters in `springplot`'s option names, as the command line would take them.
    public var input: SpringInput
    /// The spring, checked as the command line checks its options.
    public let spring: NamedSpring
    /// What was read, in the platform's words (e.g. "damping ratio 0.5, stiffness 200 (Compose / Android)").
    public var reading: String

    /// Why code could not be read; one line naming what was missing or wrong.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The largest text read (a pasted spring is one line or a few).
    public static let maximumLength = 4096

    /// Reads the parameters in `text` (checked as the command line checks its options).
    /// - Throws: ``Failure`` when no convention matches or its values are not a valid spring.
    public init(_ text: String) throws(Failure) {
        guard text.utf8.count <= SpringCode.maximumLength else {
            throw Failure(
                description: "the code is longer than \(SpringCode.maximumLength) bytes: paste the spring alone")
        }
        let code = PlatformSource(text)
        if let outOfRange = code.outOfRange {
            throw Failure(description: "'\(outOfRange.prefix(80))' holds a number too large for a double")
        }
        guard let (values, reading) = SpringCode.read(code) else {
            if text.contains(/"\$type"\s*:\s*"transition"/), !text.contains(/"\$type"\s*:\s*"spring"/) {
                throw Failure(
                    description: "a transition token holds a cubic Bézier, not a spring: paste the spring token")
            }
            let names = code.numbers.keys.sorted()
            let found = names.isEmpty ? "no named numbers" : "only " + names.joined(separator: ", ")
            throw Failure(
                description: "no spring found in the code (\(found)): expected, for example, "
                    + ".spring(response:dampingFraction:), spring(dampingRatio = …, stiffness = …), "
                    + "{ stiffness, damping, mass } or { tension, friction }")
        }
        let input = SpringInput(values: values.mapValues { [$0] })
        do {
            spring = try input.springs(maximum: 1)[0]
        } catch {
            throw Failure(description: "\(reading): \(error.text { $0 })")
        }
        self.input = input
        self.reading = reading
    }

    // MARK: Conventions

    /// Every reader, in the order they are asked: the registry's descriptors' readers and SpringKit's
    /// own conventions (``conventionReaders``), by precedence (``PlatformCodeReader``).
    static let readers: [PlatformCodeReader] =
        (conventionReaders + Platform.allCases.flatMap { $0.descriptor.codeReaders })
        .enumerated().sorted { ($0.element.precedence, $0.offset) < ($1.element.precedence, $1.offset) }
        .map(\.element)

    private static func read(_ code: PlatformSource) -> ([String: Double], String)? {
        for reader in readers {
            switch reader.read(code) {
            case let .spring(values, reading): return (values, reading)
            case .declined: return nil
            case nil: continue
            }
        }
        return nil
    }

    /// The conventions many platforms share: a design token, ratio and response (SwiftUI's
    /// `dampingFraction`, Wave's `dampingRatio`), and stiffness with a damping coefficient (SwiftUI's
    /// `interpolatingSpring`, UIKit, Core Animation, Flutter, Motion, Reanimated).
    static let conventionReaders: [PlatformCodeReader] = [
        PlatformCodeReader(precedence: 10) { code in
            readToken(code).map { .spring($0.0, reading: $0.1) }
        },
        PlatformCodeReader(precedence: 90) { code in
            guard let response = code.value("response"), let ratio = code.value("dampingFraction", "dampingRatio")
            else { return nil }
            return .spring(
                ["damping": ratio, "response": response], reading: "damping ratio \(ratio), response \(response) s")
        },
        PlatformCodeReader(precedence: 150) { code in
            guard let k = code.value("stiffness"), let c = code.value("damping") else { return nil }
            let m = code.value("mass") ?? 1
            return .spring(
                ["stiffness": k, "damping-coefficient": c, "mass": m],
                reading: "mass \(m), stiffness \(k), damping \(c)")
        }
    ]

    /// A design token with `"$type": "spring"`: SpringKit's own fields (`dampingRatio`, `response`,
    /// `mass`), else the shape proposed in design-tokens/community-group#429: `physics` (stiffness,
    /// damping coefficient, mass), else its `duration` (`"400ms"` or `"0.4s"`, SwiftUI's and Figma's
    /// perceptual duration) and `bounce`.
    static func readToken(_ code: PlatformSource) -> ([String: Double], String)? {
        let text = code.text
        guard text.contains(/"\$type"\s*:\s*"spring"/) else { return nil }
        if let response = code.value("response"), let ratio = code.value("dampingRatio") {
            let mass = code.value("mass") ?? 1
            return (
                ["damping": ratio, "response": response, "mass": mass],
                "design token: damping ratio \(ratio), response \(response) s\(mass != 1 ? ", mass \(mass)" : "")"
            )
        }
        if text.contains("physics"), let k = code.value("stiffness"), let c = code.value("damping") {
            let mass = code.value("mass") ?? 1
            return (
                ["stiffness": k, "damping-coefficient": c, "mass": mass],
                "design token (physics): mass \(mass), stiffness \(k), damping \(c)"
            )
        }
        if let match = text.firstMatch(of: /"duration"\s*:\s*"([-+0-9.eE]+)\s*(ms|s)"/),
            let number = Double(match.output.1), number.isFinite
        {
            let seconds = match.output.2 == "ms" ? number / 1000 : number
            let bounce = code.value("bounce") ?? 0
            return (
                ["swiftui-duration": seconds, "bounce": bounce],
                "design token: duration \(seconds) s, bounce \(bounce)"
            )
        }
        return nil
    }
}
