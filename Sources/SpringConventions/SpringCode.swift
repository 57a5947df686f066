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
        let code = SourceText(text)
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

    private static func read(_ code: SourceText) -> ([String: Double], String)? {
        let n = code.numbers
        func value(_ names: String...) -> Double? { names.lazy.compactMap { n[$0.lowercased()] }.first }
        let isJavaScript =
            code.text.contains("{")
            && (code.has("type") || code.has("config") || code.has("withSpring") || code.has("transition"))

        if let found = readToken(code, value) { return found }
        if let found = readReactNative(code, value) { return found }
        if let found = readSvelte(code, value) { return found }
        if let found = readAnimeJS(code, value) { return found }

        // Origami / Rebound and POP.
        if let args = code.call("fromOrigamiTensionAndFriction"), args.count >= 2 {
            return (
                ["origami-tension": args[0], "origami-friction": args[1]],
                "Origami tension \(args[0]), friction \(args[1])"
            )
        }
        if let args = code.call("fromBouncinessAndSpeed"), args.count >= 2 {
            return (["pop-bounciness": args[0], "pop-speed": args[1]], "POP bounciness \(args[0]), speed \(args[1])")
        }
        // libadwaita: adw_spring_params_new (damping ratio, mass, stiffness), or _new_full (damping, mass, stiffness).
        if let args = code.call("adw_spring_params_new_full"), args.count == 3 {
            return (
                ["damping-coefficient": args[0], "mass": args[1], "stiffness": args[2]],
                "libadwaita damping \(args[0]), mass \(args[1]), stiffness \(args[2])"
            )
        }
        if let args = code.call("adw_spring_params_new"), args.count == 3 {
            return (
                ["damping": args[0], "mass": args[1], "stiffness": args[2]],
                "libadwaita damping ratio \(args[0]), mass \(args[1]), stiffness \(args[2])"
            )
        }
        // Qt Quick's SpringAnimation: spring and damping per 16 ms step (damping clamped to 1 by Qt).
        if code.has("SpringAnimation"), let perStep = value("spring") {
            let damping = value("damping") ?? 0, mass = value("mass") ?? 1
            return (
                ["stiffness": perStep / 0.016, "damping-coefficient": min(damping, 1) / 0.016, "mass": mass],
                "Qt Quick SpringAnimation spring \(perStep), damping \(damping)\(damping > 1 ? " (Qt clamps it to 1)" : "") per 16 ms step"
            )
        }
        // Flutter's SpringDescription.withDampingRatio(mass:, stiffness:, ratio:).
        if code.has("withDampingRatio"), let k = value("stiffness"), let ratio = value("ratio") {
            return (
                ["damping": ratio, "stiffness": k, "mass": value("mass") ?? 1],
                "Flutter SpringDescription.withDampingRatio: ratio \(ratio), stiffness \(k)"
            )
        }
        // Ratio and response (SwiftUI's dampingFraction, Wave's dampingRatio).
        if let response = value("response"), let ratio = value("dampingFraction", "dampingRatio") {
            return (["damping": ratio, "response": response], "damping ratio \(ratio), response \(response) s")
        }
        // Motion's visual duration.
        if let visual = value("visualDuration") {
            let bounce = value("bounce") ?? 0.25
            return (
                ["framer-visual-duration": visual, "bounce": bounce],
                "Motion visualDuration \(visual) s, bounce \(bounce)"
            )
        }
        // Reanimated's duration-based config runs its own duration rule: not read (rather than misread).
        if code.has("withSpring"), value("duration") != nil, value("stiffness") == nil {
            return nil
        }
        // Duration and bounce: Motion's in JavaScript, SwiftUI's otherwise.
        if let duration = value("duration"), value("stiffness") == nil {
            if isJavaScript {
                let bounce = value("bounce") ?? 0.25
                let seconds = duration > 10 ? duration / 1000 : duration  // milliseconds, as animate() takes them
                return (
                    ["framer-duration": seconds, "bounce": bounce], "Motion duration \(seconds) s, bounce \(bounce)"
                )
            }
            let base = code.has("snappy") ? 0.15 : code.has("bouncy") ? 0.3 : 0
            let bounce = value("extraBounce").map { base + $0 } ?? value("bounce") ?? base
            return (
                ["swiftui-duration": duration, "bounce": bounce], "SwiftUI duration \(duration) s, bounce \(bounce)"
            )
        }
        // Ratio and stiffness (Compose, Android), with their named constants.
        if let ratio = value("dampingRatio") ?? code.androidRatio,
            let stiffness = value("stiffness") ?? code.androidStiffness,
            value("damping") == nil, value("tension") == nil
        {
            return (
                ["damping": ratio, "stiffness": stiffness],
                "damping ratio \(ratio), stiffness \(stiffness) (Compose / Android, mass 1)"
            )
        }
        // Tension and friction: react-spring, and its named configs.
        if let tension = value("tension"), let friction = value("friction") {
            let m = value("mass") ?? 1
            return (
                ["react-spring-tension": tension, "friction": friction, "mass": m],
                "react-spring tension \(tension), friction \(friction)"
            )
        }
        if let (name, config) = code.reactSpringPreset {
            return (
                ["react-spring-tension": config.tension, "friction": config.friction], "react-spring config.\(name)"
            )
        }
        // Stiffness and damping coefficient (SwiftUI interpolatingSpring, UIKit, Core Animation,
        // Flutter, Motion, Reanimated).
        if let k = value("stiffness"), let c = value("damping") {
            return (
                ["stiffness": k, "damping-coefficient": c, "mass": value("mass") ?? 1],
                "mass \(value("mass") ?? 1), stiffness \(k), damping \(c)"
            )
        }
        // SwiftUI's named springs with their defaults.
        for (name, bounce) in [("bouncy", 0.3), ("snappy", 0.15), ("smooth", 0.0)] where code.has("." + name) {
            return (["swiftui-duration": 0.5, "bounce": bounce], "SwiftUI .\(name)")
        }
        return nil
    }
}

extension SpringCode {
    typealias Lookup = (String...) -> Double?

    /// A design token with `"$type": "spring"`: SpringKit's own fields (`dampingRatio`, `response`,
    /// `mass`), else the shape proposed in design-tokens/community-group#429: `physics` (stiffness,
    /// damping coefficient, mass), else its `duration` (`"400ms"` or `"0.4s"`, SwiftUI's and Figma's
    /// perceptual duration) and `bounce`.
    static func readToken(_ code: SourceText, _ value: Lookup) -> ([String: Double], String)? {
        let text = code.text
        guard text.contains(/"\$type"\s*:\s*"spring"/) else { return nil }
        if let response = value("response"), let ratio = value("dampingRatio") {
            let mass = value("mass") ?? 1
            return (
                ["damping": ratio, "response": response, "mass": mass],
                "design token: damping ratio \(ratio), response \(response) s\(mass != 1 ? ", mass \(mass)" : "")"
            )
        }
        if text.contains("physics"), let k = value("stiffness"), let c = value("damping") {
            let mass = value("mass") ?? 1
            return (
                ["stiffness": k, "damping-coefficient": c, "mass": mass],
                "design token (physics): mass \(mass), stiffness \(k), damping \(c)"
            )
        }
        if let match = text.firstMatch(of: /"duration"\s*:\s*"([-+0-9.eE]+)\s*(ms|s)"/),
            let number = Double(match.output.1), number.isFinite
        {
            let seconds = match.output.2 == "ms" ? number / 1000 : number
            let bounce = value("bounce") ?? 0
            return (
                ["swiftui-duration": seconds, "bounce": bounce],
                "design token: duration \(seconds) s, bounce \(bounce)"
            )
        }
        return nil
    }

    /// React Native's `Animated.spring`: `{ stiffness, damping, mass }` (defaults 100, 10, 1), else
    /// `{ bounciness, speed }` (8, 12), else Origami's `{ tension, friction }` (40, 7), as its
    /// `SpringConfig` chooses and converts them.
    static func readReactNative(_ code: SourceText, _ value: Lookup) -> ([String: Double], String)? {
        guard code.has("Animated.spring") || (code.has("toValue") && code.has("useNativeDriver")) else { return nil }
        let name = "React Native Animated.spring"
        if value("stiffness") != nil || value("damping") != nil || value("mass") != nil {
            let k = value("stiffness") ?? 100, c = value("damping") ?? 10, m = value("mass") ?? 1
            return (
                ["stiffness": k, "damping-coefficient": c, "mass": m], "\(name) stiffness \(k), damping \(c), mass \(m)"
            )
        }
        if value("bounciness") != nil || value("speed") != nil {
            let b = value("bounciness") ?? 8, s = value("speed") ?? 12
            return (["pop-bounciness": b, "pop-speed": s], "\(name) bounciness \(b), speed \(s)")
        }
        // SpringConfig maps Origami's numbers by Rebound's lines, 0 included.
        let t = value("tension") ?? 40, f = value("friction") ?? 7
        return (
            ["stiffness": (t - 30) * 3.62 + 194, "damping-coefficient": (f - 8) * 3 + 25, "mass": 1],
            "\(name) tension \(t), friction \(f) (Origami's numbers)"
        )
    }

    /// Svelte's `spring(value, { stiffness, damping })` store (and the `Spring` class): numbers per
    /// frame, read as the spring they run at 60 Hz (stiffness·3600, damping·60, mass 1).
    static func readSvelte(_ code: SourceText, _ value: Lookup) -> ([String: Double], String)? {
        // A first argument that is a value (not Compose's `spring(dampingRatio = …)`), then the options
        // or nothing.
        let call = code.text.contains(
            /(\bnew\s+Spring|\bSpring\.of|(^|[^A-Za-z0-9_.$])spring)\s*\(\s*(-?[0-9.]+|[A-Za-z_$][A-Za-z0-9_$.]*|\[[^\]]*\])\s*(,\s*\{|\))/
        )
        guard call || code.has("svelte/motion") else { return nil }
        let s = value("stiffness") ?? 0.15, d = value("damping") ?? 0.8
        return (
            ["stiffness": s * 3600, "damping-coefficient": d * 60, "mass": 1],
            "Svelte spring stiffness \(s), damping \(d) per frame (the spring it runs at 60 Hz)"
        )
    }

    /// anime.js's `spring({ … })` (or `createSpring`): `{ bounce, duration }` (defaults 0.5, 628 ms)
    /// as anime.js converts and rounds them, else `{ mass, stiffness, damping }` (1, 100, 10) with the
    /// mass at least 1.
    static func readAnimeJS(_ code: SourceText, _ value: Lookup) -> ([String: Double], String)? {
        let call = code.text.contains(/(^|[^A-Za-z0-9_.$])(spring|createSpring)\s*\(\s*\{/)
        guard call else { return nil }
        if value("bounce") != nil || value("duration") != nil {
            let bounce = value("bounce") ?? 0.5, duration = value("duration") ?? 628
            let (k, c) = AnimeSpringModel.parameters(bounce: bounce, duration: duration)
            return (
                ["stiffness": k, "damping-coefficient": c, "mass": 1],
                "anime.js spring bounce \(bounce), duration \(duration) ms (stiffness \(k), damping \(c))"
            )
        }
        let k = value("stiffness") ?? 100, c = value("damping") ?? 10, m = max(value("mass") ?? 1, 1)
        let clamped = (value("mass") ?? 1) < 1 ? " (anime.js raises the mass to 1)" : ""
        return (
            ["stiffness": k, "damping-coefficient": c, "mass": m],
            "anime.js spring mass \(m), stiffness \(k), damping \(c)\(clamped)"
        )
    }
}

/// The numbers a piece of code names (`name: 1.5`, `name = 200f`, `setName(0.5f)`), and its calls.
struct SourceText {
    let text: String
    /// Lowercased name → value; the first occurrence wins.
    let numbers: [String: Double]
    /// The first number literal too large for a double, with its name (`response: 1e400`), if any.
    let outOfRange: String?

    init(_ text: String) {
        self.text = text
        var numbers: [String: Double] = [:]
        var outOfRange: String?
        let characters = Array(text)
        var i = 0
        func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while i < characters.count {
            guard characters[i].isLetter || characters[i] == "_" else {
                i += 1
                continue
            }
            var j = i
            while j < characters.count && isNameCharacter(characters[j]) { j += 1 }
            var name = String(characters[i..<j])
            // Android's setters: setDampingRatio(0.5f) names dampingRatio.
            if name.hasPrefix("set"), name.count > 3, let first = name.dropFirst(3).first, first.isUppercase {
                name = first.lowercased() + name.dropFirst(4)
            }
            var k = j
            while k < characters.count && (characters[k] == " " || characters[k] == "\"" || characters[k] == "'") {
                k += 1
            }
            if k < characters.count && (characters[k] == ":" || characters[k] == "=" || characters[k] == "(") {
                k += 1
                while k < characters.count && characters[k] == " " { k += 1 }
                var overflowed: String?
                if let (value, end) = SourceText.number(characters, from: k, outOfRange: &overflowed) {
                    if numbers[name.lowercased()] == nil { numbers[name.lowercased()] = value }
                    i = end
                    continue
                }
                if let overflowed, outOfRange == nil { outOfRange = "\(name): \(overflowed)" }
            }
            i = j
        }
        self.numbers = numbers
        self.outOfRange = outOfRange
    }

    /// A number literal at `start` (sign, digits, point, exponent, a Kotlin/Java `f` or `d` suffix;
    /// or hexadecimal, `0x1p-3` and `0x10` as Swift, C and Java write them). A literal too large for
    /// a double is recorded in `outOfRange` (its text) and read as no number.
    static func number(_ c: [Character], from start: Int, outOfRange: inout String?) -> (Double, Int)? {
        var end = start
        if end < c.count && (c[end] == "-" || c[end] == "+") { end += 1 }
        let digitsStart = end
        let isHex =
            end + 2 < c.count && c[end] == "0" && (c[end + 1] == "x" || c[end + 1] == "X")
            && (c[end + 2].isHexDigit || c[end + 2] == ".")
        if isHex {
            end += 2
            while end < c.count && (c[end].isHexDigit || c[end] == "." || c[end] == "_") { end += 1 }
        } else {
            while end < c.count && (c[end].isNumber || c[end] == "." || c[end] == "_") { end += 1 }
        }
        let exponentMarks: Set<Character> = isHex ? ["p", "P"] : ["e", "E"]
        if end < c.count && exponentMarks.contains(c[end]) {
            var e = end + 1
            if e < c.count && (c[e] == "-" || c[e] == "+") { e += 1 }
            if e < c.count && c[e].isNumber {
                end = e
                while end < c.count && c[end].isNumber { end += 1 }
            }
        }
        let literal = String(c[start..<end])
        guard end > digitsStart, let value = Double(literal.replacing("_", with: "")) else { return nil }
        guard value.isFinite else {
            if outOfRange == nil { outOfRange = literal }
            return nil
        }
        if !isHex, end < c.count && (c[end] == "f" || c[end] == "F" || c[end] == "d" || c[end] == "D") { end += 1 }
        return (value, end)
    }

    /// ``number(_:from:outOfRange:)`` where a literal out of range does not matter.
    static func number(_ c: [Character], from start: Int) -> (Double, Int)? {
        var ignored: String?
        return number(c, from: start, outOfRange: &ignored)
    }

    func has(_ word: String) -> Bool { text.contains(word) }

    /// The numeric arguments of the first call to `name`, in order.
    func call(_ name: String) -> [Double]? {
        // C code often has a space before the parenthesis (GNU style: `adw_spring_params_new (…)`).
        guard let range = text.firstRange(of: name + "(") ?? text.firstRange(of: name + " (") else { return nil }
        let rest = text[range.upperBound...]
        guard let close = rest.firstIndex(of: ")") else { return nil }
        let parts = rest[..<close].split(separator: ",")
        let values = parts.compactMap { part -> Double? in
            let item = part.split(separator: ":").last.map { $0.filter { !$0.isWhitespace } } ?? ""
            return SourceText.number(Array(item), from: 0)?.0
        }
        return values.count == parts.count ? values : nil
    }

    /// Compose's `Spring.DampingRatio…` and Android's `SpringForce.DAMPING_RATIO_…` constants.
    var androidRatio: Double? {
        let table: [(String, Double)] = [
            ("DampingRatioHighBouncy", 0.2), ("DampingRatioMediumBouncy", 0.5),
            ("DampingRatioLowBouncy", 0.75), ("DampingRatioNoBouncy", 1),
            ("DAMPING_RATIO_HIGH_BOUNCY", 0.2), ("DAMPING_RATIO_MEDIUM_BOUNCY", 0.5),
            ("DAMPING_RATIO_LOW_BOUNCY", 0.75), ("DAMPING_RATIO_NO_BOUNCY", 1)
        ]
        return table.first { text.contains($0.0) }?.1
    }

    /// Compose's `Spring.Stiffness…` and Android's `SpringForce.STIFFNESS_…` constants.
    var androidStiffness: Double? {
        let table: [(String, Double)] = [
            ("StiffnessHigh", 10_000), ("StiffnessMediumLow", 400), ("StiffnessMedium", 1_500),
            ("StiffnessLow", 200), ("StiffnessVeryLow", 50),
            ("STIFFNESS_HIGH", 10_000), ("STIFFNESS_MEDIUM", 1_500), ("STIFFNESS_LOW", 200),
            ("STIFFNESS_VERY_LOW", 50)
        ]
        // Longest names first, so that "StiffnessMediumLow" is not read as "StiffnessMedium".
        return table.sorted { $0.0.count > $1.0.count }.first { text.contains($0.0) }?.1
    }

    /// react-spring's `config.default`, `config.wobbly`, …
    var reactSpringPreset: (String, Spring.ReactSpring)? {
        let presets: [(String, Spring.ReactSpring)] = [
            ("molasses", .molasses), ("default", .default), ("gentle", .gentle),
            ("wobbly", .wobbly), ("stiff", .stiff), ("slow", .slow)
        ]
        return presets.first { text.contains("config." + $0.0) }
    }
}
