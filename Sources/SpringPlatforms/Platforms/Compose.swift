import SpringMath

extension Platform {
    /// Jetpack Compose's `spring(dampingRatio:stiffness:)`.
    public static let compose = Platform(ComposePlatform())
}

struct ComposePlatform: PlatformDescriptor {
    let name = "compose"
    let title = "Jetpack Compose"
    let basis = Platform.Basis.source
    let stepping = "exact closed form at each frame; ends within the visibility threshold (0.01)"

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        ExactPlatformModel(spring: spring, velocity: motion.velocity, finish: .settledWithin(band: 0.01))
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.composeCode() }
}

extension PlatformCodeRequest {
    fileprivate func composeCode() -> PlatformCode {
        var code = "spring<Float>(dampingRatio = \(n(zeta))f, stiffness = \(n(kPerMass))f)"
        if initialVelocity != 0 {
            code += "\n// animatable.animateTo(target, animationSpec, initialVelocity = \(n(initialVelocity))f)"
        }
        let notes = [ExportRemark(.massOne, "assumes mass 1: stiffness is k/m\(m != 1 ? " (\(n(k)) / \(n(m)))" : "")")]
        let warnings = float32Warning().map { [$0] } ?? []
        return PlatformCode(
            code: code,
            parameters: [("dampingRatio", zeta), ("stiffness", kPerMass), ("initialVelocity", initialVelocity)],
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }
}

// MARK: Reading pasted code

extension ComposePlatform {
    /// Ratio and stiffness, Compose's `spring(dampingRatio = …, stiffness = …)` and Android's
    /// `SpringForce().setDampingRatio(…).setStiffness(…)`, with their named constants; mass 1.
    var codeReaders: [PlatformCodeReader] {
        [
            PlatformCodeReader(precedence: 130) { code in
                guard let ratio = code.value("dampingRatio") ?? Self.namedRatio(in: code.text),
                    let stiffness = code.value("stiffness") ?? Self.namedStiffness(in: code.text),
                    code.value("damping") == nil, code.value("tension") == nil
                else { return nil }
                return .spring(
                    ["damping": ratio, "stiffness": stiffness],
                    reading: "damping ratio \(ratio), stiffness \(stiffness) (Compose / Android, mass 1)")
            }
        ]
    }

    /// Compose's `Spring.DampingRatio…` and Android's `SpringForce.DAMPING_RATIO_…` constants.
    static func namedRatio(in text: String) -> Double? {
        let table: [(String, Double)] = [
            ("DampingRatioHighBouncy", 0.2), ("DampingRatioMediumBouncy", 0.5),
            ("DampingRatioLowBouncy", 0.75), ("DampingRatioNoBouncy", 1),
            ("DAMPING_RATIO_HIGH_BOUNCY", 0.2), ("DAMPING_RATIO_MEDIUM_BOUNCY", 0.5),
            ("DAMPING_RATIO_LOW_BOUNCY", 0.75), ("DAMPING_RATIO_NO_BOUNCY", 1)
        ]
        return table.first { text.contains($0.0) }?.1
    }

    /// Compose's `Spring.Stiffness…` and Android's `SpringForce.STIFFNESS_…` constants.
    static func namedStiffness(in text: String) -> Double? {
        let table: [(String, Double)] = [
            ("StiffnessHigh", 10_000), ("StiffnessMediumLow", 400), ("StiffnessMedium", 1_500),
            ("StiffnessLow", 200), ("StiffnessVeryLow", 50),
            ("STIFFNESS_HIGH", 10_000), ("STIFFNESS_MEDIUM", 1_500), ("STIFFNESS_LOW", 200),
            ("STIFFNESS_VERY_LOW", 50)
        ]
        // Longest names first, so that "StiffnessMediumLow" is not read as "StiffnessMedium".
        return table.sorted { $0.0.count > $1.0.count }.first { text.contains($0.0) }?.1
    }
}

// MARK: Presets

extension ComposePlatform {
    /// Material 3's spatial (standard and expressive) and effects springs, as damping ratio and stiffness with mass 1 ("M3 standard…", "M3 expressive…", "M3 … effects"); and Compose's `Spring.Stiffness*` × `Spring.DampingRatio*` constants that Android's `SpringForce` lacks (`StiffnessMediumLow`).
    var presets: [PlatformPreset] {
        func m3(_ name: String, _ title: String, ratio: Double, stiffness: Double, order: Int) -> PlatformPreset {
            PlatformPreset(
                name: "m3-" + name, family: "m3", title: "M3 " + title,
                spring: Spring(dampingRatio: ratio, stiffness: stiffness), order: order)
        }
        return [
            m3("standard-fast", "standard fast", ratio: 0.9, stiffness: 1400, order: 300),
            m3("standard-default", "standard", ratio: 0.9, stiffness: 700, order: 301),
            m3("standard-slow", "standard slow", ratio: 0.9, stiffness: 300, order: 302),
            m3("expressive-fast", "expressive fast", ratio: 0.6, stiffness: 800, order: 303),
            m3("expressive-default", "expressive", ratio: 0.8, stiffness: 380, order: 304),
            m3("expressive-slow", "expressive slow", ratio: 0.8, stiffness: 200, order: 305),
            m3("effects-fast", "fast effects", ratio: 1, stiffness: 3800, order: 306),
            m3("effects-default", "effects", ratio: 1, stiffness: 1600, order: 307),
            m3("effects-slow", "slow effects", ratio: 1, stiffness: 800, order: 308)
        ] + PlatformPreset.androidConstants(compose: true)
    }
}
