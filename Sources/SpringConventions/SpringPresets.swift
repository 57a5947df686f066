import SpringMath
import SpringPlatforms

/// A named spring from a design system or animation library, as `springplot grid --presets` takes it.
public struct SpringPreset: Sendable {
    /// What the command line takes: lowercase words joined by dashes, e.g. `m3-expressive-fast`.
    public var name: String
    /// The library or design system, e.g. "SwiftUI": `--presets swiftui` takes all of its presets.
    public var family: String
    /// What a chart shows, e.g. "SwiftUI .snappy". Material 3's spatial springs are "M3 standard…"
    /// and "M3 expressive…", its effects springs "M3 … effects".
    public var title: String
    public var spring: Spring
}

extension SpringPreset {
    /// The platforms' named constants, in each platform's own spelling: Android's `SpringForce`
    /// (`STIFFNESS_*` × `DAMPING_RATIO_*`), Jetpack Compose's `spring(…)` with `Spring.Stiffness*` ×
    /// `Spring.DampingRatio*` (which adds `StiffnessMediumLow`), and Motion's default spring
    /// (stiffness 100, damping 10, mass 1). Mass 1 throughout. Not `--presets` families: these are the
    /// names ``nearestPreset(to:among:)`` may answer with, beside ``all``.
    public static let platformConstants: [SpringPreset] = {
        let ratios: [(String, String, Double)] = [
            ("HIGH_BOUNCY", "HighBouncy", 0.2), ("MEDIUM_BOUNCY", "MediumBouncy", 0.5),
            ("LOW_BOUNCY", "LowBouncy", 0.75), ("NO_BOUNCY", "NoBouncy", 1)
        ]
        let stiffnesses: [(String?, String, Double)] = [
            ("HIGH", "High", 10_000), ("MEDIUM", "Medium", 1_500), (nil, "MediumLow", 400),
            ("LOW", "Low", 200), ("VERY_LOW", "VeryLow", 50)
        ]
        func dashed(_ words: String) -> String { words.lowercased().replacingUnderscores() }
        var presets: [SpringPreset] = []
        for (android, compose, stiffness) in stiffnesses {
            for (androidRatio, composeRatio, ratio) in ratios {
                let spring = Spring(dampingRatio: ratio, stiffness: stiffness)
                if let android {
                    presets.append(
                        SpringPreset(
                            name: "android-\(dashed(android))-\(dashed(androidRatio))", family: "android",
                            title: "SpringForce STIFFNESS_\(android), DAMPING_RATIO_\(androidRatio)", spring: spring))
                } else {
                    presets.append(
                        SpringPreset(
                            name: "compose-\(compose.lowercased())-\(dashed(androidRatio))", family: "compose",
                            title:
                                "Compose spring(dampingRatio = Spring.DampingRatio\(composeRatio), stiffness = Spring.Stiffness\(compose))",
                            spring: spring))
                }
            }
        }
        presets.append(
            SpringPreset(
                name: "motion-default", family: "motion", title: "Motion's default spring (stiffness 100, damping 10)",
                spring: Spring(mass: 1, stiffness: 100, dampingCoefficient: 10)))
        return presets
    }()

    /// Every named spring: ``all`` and ``platformConstants``.
    public static let named: [SpringPreset] = all + platformConstants
}

private extension String {
    func replacingUnderscores() -> String { split(separator: "_").joined(separator: "-") }
}

extension SpringPreset {
    /// Every preset, family by family: Wave, SwiftUI, Material 3 (standard and expressive spatial
    /// springs, effects springs), Figma, react-spring.
    ///
    /// Material 3's springs are given as damping ratio and stiffness, Figma's as stiffness and damping
    /// coefficient, react-spring's as tension and friction; all have mass 1.
    public static let all: [SpringPreset] = {
        func m3(_ name: String, _ title: String, ratio: Double, stiffness: Double) -> SpringPreset {
            SpringPreset(
                name: "m3-" + name, family: "m3", title: "M3 " + title,
                spring: Spring(dampingRatio: ratio, stiffness: stiffness))
        }
        func figma(_ name: String, stiffness: Double, damping: Double) -> SpringPreset {
            SpringPreset(
                name: "figma-" + name, family: "figma", title: "Figma " + name,
                spring: Spring(mass: 1, stiffness: stiffness, dampingCoefficient: damping))
        }
        func react(_ name: String, _ config: Spring.ReactSpring) -> SpringPreset {
            SpringPreset(
                name: "react-spring-" + name, family: "react-spring", title: "react-spring " + name,
                spring: Spring(reactSpring: config))
        }
        return [
            SpringPreset(
                name: "wave-default-animated", family: "wave", title: "Wave animated",
                spring: .defaultAnimated),
            SpringPreset(
                name: "wave-default-interactive", family: "wave", title: "Wave interactive",
                spring: .defaultInteractive),
            SpringPreset(name: "swiftui-smooth", family: "swiftui", title: "SwiftUI .smooth", spring: .smooth),
            SpringPreset(name: "swiftui-snappy", family: "swiftui", title: "SwiftUI .snappy", spring: .snappy),
            SpringPreset(name: "swiftui-bouncy", family: "swiftui", title: "SwiftUI .bouncy", spring: .bouncy),
            m3("standard-fast", "standard fast", ratio: 0.9, stiffness: 1400),
            m3("standard-default", "standard", ratio: 0.9, stiffness: 700),
            m3("standard-slow", "standard slow", ratio: 0.9, stiffness: 300),
            m3("expressive-fast", "expressive fast", ratio: 0.6, stiffness: 800),
            m3("expressive-default", "expressive", ratio: 0.8, stiffness: 380),
            m3("expressive-slow", "expressive slow", ratio: 0.8, stiffness: 200),
            m3("effects-fast", "fast effects", ratio: 1, stiffness: 3800),
            m3("effects-default", "effects", ratio: 1, stiffness: 1600),
            m3("effects-slow", "slow effects", ratio: 1, stiffness: 800),
            figma("gentle", stiffness: 100, damping: 15),
            figma("quick", stiffness: 300, damping: 20),
            figma("bouncy", stiffness: 600, damping: 15),
            figma("slow", stiffness: 80, damping: 20),
            react("default", .default),
            react("gentle", .gentle),
            react("wobbly", .wobbly),
            react("stiff", .stiff),
            react("slow", .slow),
            react("molasses", .molasses)
        ]
    }()

    /// The presets a comma list names, in its order: preset names, family names (`swiftui` for the
    /// three SwiftUI presets) or `all`; case does not matter and repeats are dropped.
    /// - Throws: naming `parameter` and listing the known names, for an unknown or empty name.
    public static func named(_ list: String, parameter: String = "presets") throws(SpringInputError) -> [SpringPreset] {
        var chosen: [SpringPreset] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let word = part.filter { $0 != " " }.lowercased()
            let matches: [SpringPreset]
            if word == "all" {
                matches = all
            } else if let preset = all.first(where: { $0.name == word }) {
                matches = [preset]
            } else {
                matches = all.filter { $0.family == word }
            }
            guard !matches.isEmpty else {
                let shown = word.isEmpty ? "an empty name" : "'\(word)'"
                throw SpringInputError(
                    .unknownName, parameter,
                    "has \(shown), which is not a preset: use all, a family (\(families.joined(separator: ", "))) or one of \(all.map(\.name).joined(separator: ", "))"
                )
            }
            for preset in matches where !chosen.contains(where: { $0.name == preset.name }) { chosen.append(preset) }
        }
        return chosen
    }

    /// The family names, in order.
    public static var families: [String] {
        all.map(\.family).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}
