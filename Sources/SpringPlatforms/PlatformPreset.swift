import SpringMath

/// A named spring a platform ships, or a design system on the platform names: what `springplot grid
/// --presets` and the studio's preset menu list (``PlatformDescriptor/presets``).
public struct PlatformPreset: Sendable {
    /// What the command line takes: lowercase words joined by dashes, e.g. `m3-expressive-fast`.
    public var name: String
    /// The library or design system, e.g. "swiftui": `--presets swiftui` takes all of its presets.
    public var family: String
    /// What a chart shows, e.g. "SwiftUI .snappy".
    public var title: String
    /// The spring.
    public var spring: Spring
    /// Where the preset is listed among every platform's presets: lower first. Listings keep the
    /// order they have always had (Wave, SwiftUI, Material 3, Figma, react-spring, then the platforms'
    /// named constants), which is not the registry's.
    public var order: Int
    /// True for a platform's named constants (Android's `STIFFNESS_*` × `DAMPING_RATIO_*`, …): names
    /// the nearest-preset answer may give, not a `--presets` family.
    public var isConstant: Bool

    /// A preset listed at `order`.
    public init(name: String, family: String, title: String, spring: Spring, order: Int, isConstant: Bool = false) {
        self.name = name
        self.family = family
        self.title = title
        self.spring = spring
        self.order = order
        self.isConstant = isConstant
    }

    /// Every registered platform's presets, in listing order.
    public static var all: [PlatformPreset] {
        Platform.allCases.flatMap { $0.descriptor.presets }.sorted { $0.order < $1.order }
    }

    /// Android's `SpringForce` constants and Compose's `Spring.Stiffness*` × `Spring.DampingRatio*`
    /// (which adds `StiffnessMediumLow`), mass 1, in the order of the stiffness and then the ratio;
    /// each platform keeps its own.
    static func androidConstants(compose: Bool) -> [PlatformPreset] {
        let ratios: [(String, String, Double)] = [
            ("HIGH_BOUNCY", "HighBouncy", 0.2), ("MEDIUM_BOUNCY", "MediumBouncy", 0.5),
            ("LOW_BOUNCY", "LowBouncy", 0.75), ("NO_BOUNCY", "NoBouncy", 1)
        ]
        let stiffnesses: [(String?, String, Double)] = [
            ("HIGH", "High", 10_000), ("MEDIUM", "Medium", 1_500), (nil, "MediumLow", 400),
            ("LOW", "Low", 200), ("VERY_LOW", "VeryLow", 50)
        ]
        func dashed(_ words: String) -> String { words.lowercased().split(separator: "_").joined(separator: "-") }
        var presets: [PlatformPreset] = []
        for (i, (android, composeName, stiffness)) in stiffnesses.enumerated() {
            for (j, (androidRatio, composeRatio, ratio)) in ratios.enumerated() {
                let spring = Spring(dampingRatio: ratio, stiffness: stiffness)
                let order = 1000 + 10 * i + j
                if let android, !compose {
                    presets.append(
                        PlatformPreset(
                            name: "android-\(dashed(android))-\(dashed(androidRatio))", family: "android",
                            title: "SpringForce STIFFNESS_\(android), DAMPING_RATIO_\(androidRatio)", spring: spring,
                            order: order, isConstant: true))
                } else if android == nil, compose {
                    presets.append(
                        PlatformPreset(
                            name: "compose-\(composeName.lowercased())-\(dashed(androidRatio))", family: "compose",
                            title:
                                "Compose spring(dampingRatio = Spring.DampingRatio\(composeRatio), stiffness = Spring.Stiffness\(composeName))",
                            spring: spring, order: order, isConstant: true))
                }
            }
        }
        return presets
    }
}
