import SpringMath

extension Platform {
    /// Flutter's `SpringSimulation` with a `SpringDescription`.
    public static let flutter = Platform(FlutterPlatform())
}

struct FlutterPlatform: PlatformDescriptor {
    let name = "flutter"
    let title = "Flutter"
    let basis = Platform.Basis.source
    let stepping = "exact closed form at each frame; ends within 0.001 units and 0.001 units/s"

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        ExactPlatformModel(spring: spring, velocity: motion.velocity, finish: .restTest(distance: 1e-3, speed: 1e-3))
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.flutterCode() }
}

extension PlatformCodeRequest {
    fileprivate func flutterCode() -> PlatformCode {
        let code = """
            const spring = SpringDescription(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)));
            final simulation = SpringSimulation(spring, \(n(from)), \(n(to)), \(n(initialVelocity)));
            """
        return PlatformCode(
            code: code,
            parameters: [("mass", m), ("stiffness", k), ("damping", c), ("velocity", initialVelocity)],
            warnings: [], notes: [], effectiveSpring: nil)
    }
}

// MARK: Reading pasted code

extension FlutterPlatform {
    /// `SpringDescription.withDampingRatio(mass:, stiffness:, ratio:)`; the plain
    /// `SpringDescription(mass:stiffness:damping:)` is read as stiffness and damping.
    var codeReaders: [PlatformCodeReader] {
        [
            PlatformCodeReader(precedence: 80) { code in
                guard code.has("withDampingRatio"), let k = code.value("stiffness"), let ratio = code.value("ratio")
                else { return nil }
                return .spring(
                    ["damping": ratio, "stiffness": k, "mass": code.value("mass") ?? 1],
                    reading: "Flutter SpringDescription.withDampingRatio: ratio \(ratio), stiffness \(k)")
            }
        ]
    }
}
