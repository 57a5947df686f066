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
