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
    /// The preset a platform's descriptor lists.
    init(_ preset: PlatformPreset) {
        self.init(name: preset.name, family: preset.family, title: preset.title, spring: preset.spring)
    }

    /// The platforms' named constants, in each platform's own spelling: Android's `SpringForce`
    /// (`STIFFNESS_*` × `DAMPING_RATIO_*`), Jetpack Compose's `spring(…)` with `Spring.Stiffness*` ×
    /// `Spring.DampingRatio*` (which adds `StiffnessMediumLow`), and Motion's default spring
    /// (stiffness 100, damping 10, mass 1). Mass 1 throughout. Not `--presets` families: these are the
    /// names ``nearestPreset(to:among:)`` may answer with, beside ``all``. Each platform's descriptor
    /// holds its own (`PlatformDescriptor.presets`).
    public static let platformConstants: [SpringPreset] = PlatformPreset.all.filter(\.isConstant).map(SpringPreset.init)

    /// Every named spring: ``all`` and ``platformConstants``.
    public static let named: [SpringPreset] = all + platformConstants

    /// Every preset, family by family: Wave, SwiftUI, Material 3 (standard and expressive spatial
    /// springs, effects springs), Figma, react-spring. Each platform's descriptor holds its own
    /// (`PlatformDescriptor.presets`), Material 3's on Compose.
    ///
    /// Material 3's springs are given as damping ratio and stiffness, Figma's as stiffness and damping
    /// coefficient, react-spring's as tension and friction; all have mass 1.
    public static let all: [SpringPreset] = PlatformPreset.all.filter { !$0.isConstant }.map(SpringPreset.init)

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
