import SpringMath

extension Platform {
    /// Figma's custom spring (prototype transitions and Smart Animate).
    public static let figma = Platform(FigmaPlatform())
}

struct FigmaPlatform: PlatformDescriptor {
    let name = "figma"
    let title = "Figma"
    let basis = Platform.Basis.documentation
    let stepping = "exact closed form (assumed: Figma's stepping is unpublished); no initial velocity"

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        ExactPlatformModel(
            spring: spring, velocity: motion.velocity, finish: .settled(tolerance: 1e-3), takesVelocity: false)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.figmaCode() }
}

extension PlatformCodeRequest {
    fileprivate func figmaCode() -> PlatformCode {
        let code =
            "{ type: \"CUSTOM_SPRING\", easingFunctionSpring: { mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)) } }"
        var warnings: [ExportRemark] = []
        if initialVelocity != 0 {
            warnings.append(
                ExportRemark(.velocityUndocumented, "initialVelocity's meaning is undocumented: none exported"))
        }
        return PlatformCode(
            code: code, parameters: [("mass", m), ("stiffness", k), ("damping", c)],
            warnings: warnings, notes: [], effectiveSpring: nil)
    }
}

// MARK: Presets

extension FigmaPlatform {
    /// Figma's four springs, as stiffness and damping coefficient with mass 1.
    var presets: [PlatformPreset] {
        func figma(_ name: String, stiffness: Double, damping: Double, order: Int) -> PlatformPreset {
            PlatformPreset(
                name: "figma-" + name, family: "figma", title: "Figma " + name,
                spring: Spring(mass: 1, stiffness: stiffness, dampingCoefficient: damping), order: order)
        }
        return [
            figma("gentle", stiffness: 100, damping: 15, order: 400),
            figma("quick", stiffness: 300, damping: 20, order: 401),
            figma("bouncy", stiffness: 600, damping: 15, order: 402),
            figma("slow", stiffness: 80, damping: 20, order: 403)
        ]
    }
}
