import SpringMath

extension Platform {
    /// SwiftUI's springs (`Spring(duration:bounce:)`, `.spring(response:dampingFraction:)`).
    public static let swiftUI = Platform(ApplePlatform.swiftUI)
    /// UIKit's `UISpringTimingParameters`.
    public static let uiKit = Platform(ApplePlatform.uiKit)
    /// Core Animation's `CASpringAnimation`.
    public static let coreAnimation = Platform(ApplePlatform.coreAnimation)
}

/// Apple's three spring APIs: each documents exact spring motion, and none publishes when it ends.
enum ApplePlatform: PlatformDescriptor {
    case swiftUI, uiKit, coreAnimation

    var name: String {
        switch self {
        case .swiftUI: return "swiftui"
        case .uiKit: return "uikit"
        case .coreAnimation: return "core-animation"
        }
    }

    var title: String {
        switch self {
        case .swiftUI: return "SwiftUI"
        case .uiKit: return "UIKit"
        case .coreAnimation: return "Core Animation"
        }
    }

    var basis: Platform.Basis { .documentation }
    var stepping: String {
        "exact closed form at each frame; ends where it stays within 0.1 % (assumed: the rule is unpublished)"
    }

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        ExactPlatformModel(spring: spring, velocity: motion.velocity, finish: .settled(tolerance: 1e-3))
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? {
        switch self {
        case .swiftUI: return request.swiftUICode()
        case .uiKit: return request.uiKitCode()
        case .coreAnimation: return request.coreAnimationCode()
        }
    }
}

extension PlatformCodeRequest {
    fileprivate func swiftUICode() -> PlatformCode {
        var lines = [
            "Spring(duration: \(n(spring.response)), bounce: \(n(spring.bounce)))",
            ".spring(response: \(n(spring.response)), dampingFraction: \(n(zeta)))"
        ]
        var carriedVelocity: Double?
        var warnings: [ExportRemark] = [], notes: [ExportRemark] = []
        if let v = travelsPerSecond, v != 0 {
            lines.append(
                ".interpolatingSpring(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)), initialVelocity: \(n(v)))")
            carriedVelocity = v
            notes.append(
                ExportRemark(
                    .velocityAsTravelShare,
                    "only interpolatingSpring carries velocity, as a fraction of the travel per second (\(n(v)))"))
        } else if initialVelocity != 0 {
            warnings.append(.velocityWithoutTravel)
        }
        if zeta > 1 {
            warnings.append(
                ExportRemark(
                    .overdampingNeedsOptIn,
                    "overdamped: bounce \(n(spring.bounce)) < 0; Spring(mass:stiffness:damping:) needs allowOverDamping: true"
                ))
        }
        return PlatformCode(
            code: lines.joined(separator: "\n"),
            parameters: [
                ("duration", spring.response), ("bounce", spring.bounce), ("response", spring.response),
                ("dampingFraction", zeta)
            ] + (carriedVelocity.map { [("initialVelocity", $0)] } ?? []),
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }

    fileprivate func uiKitCode() -> PlatformCode {
        let v = travelsPerSecond ?? 0
        let code = """
            // iOS 10+: mass, stiffness, damping
            UISpringTimingParameters(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)),
                                     initialVelocity: CGVector(dx: \(n(v)), dy: 0))
            // iOS 17+
            UISpringTimingParameters(duration: \(n(spring.response)), bounce: \(n(spring.bounce)),
                                     initialVelocity: CGVector(dx: \(n(v)), dy: 0))
            """
        var warnings: [ExportRemark] = []
        var notes = [
            ExportRemark(
                .velocityAsTravelShare,
                "initialVelocity is the velocity divided by the travel (\(n(initialVelocity)) / \(n(travel)))"),
            ExportRemark(
                .otherSpelling,
                "UISpringTimingParameters(dampingRatio:) would drop the response (it follows the animator's duration)")
        ]
        if travelsPerSecond == nil && initialVelocity != 0 {
            notes.removeFirst()
            warnings.append(.velocityWithoutTravel)
        }
        return PlatformCode(
            code: code,
            parameters: [
                ("mass", m), ("stiffness", k), ("damping", c), ("dampingRatio", zeta),
                ("duration", spring.response), ("bounce", spring.bounce), ("initialVelocity", v)
            ],
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }

    fileprivate func coreAnimationCode() -> PlatformCode {
        let v = travelsPerSecond ?? 0
        let settle = spring.settleTime(displacement: -1, velocity: v, within: SettleBand(distance: 1e-3))
        var code = """
            let animation = CASpringAnimation(keyPath: "position.x")
            animation.mass = \(n(m))
            animation.stiffness = \(n(k))
            animation.damping = \(n(c))
            animation.initialVelocity = \(n(v))
            """
        if zeta > 1 { code += "\nanimation.allowsOverdamping = true  // iOS 17+" }
        code += "\nanimation.duration = animation.settlingDuration  // exact settle to 0.1 %: \(n(settle)) s"
        let notes = [
            ExportRemark(
                .settlingDuration,
                "settlingDuration's formula is unpublished; the exact time to settle within 0.1 % is \(n(settle)) s")
        ]
        var warnings: [ExportRemark] = []
        if zeta > 1 {
            warnings.append(
                ExportRemark(
                    .overdampingNeedsOptIn,
                    "overdamped: needs allowsOverdamping = true (iOS 17+), or it runs critically damped"))
        }
        return PlatformCode(
            code: code,
            parameters: [
                ("mass", m), ("stiffness", k), ("damping", c), ("initialVelocity", v), ("settlingDuration", settle)
            ],
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }
}

// MARK: Reading pasted code

extension ApplePlatform {
    /// SwiftUI's `duration:` and `bounce:` (`Spring(duration:bounce:)`, `.snappy(duration:extraBounce:)`),
    /// then its named springs with their defaults; kept on SwiftUI. Its `.spring(response:
    /// dampingFraction:)`, `interpolatingSpring` and UIKit's and Core Animation's code are read as
    /// ratio and response or as stiffness and damping.
    var codeReaders: [PlatformCodeReader] {
        guard self == .swiftUI else { return [] }
        return [
            PlatformCodeReader(precedence: 121) { code in
                guard let duration = code.value("duration"), code.value("stiffness") == nil else { return nil }
                let base = code.has("snappy") ? 0.15 : code.has("bouncy") ? 0.3 : 0
                let bounce = code.value("extraBounce").map { base + $0 } ?? code.value("bounce") ?? base
                return .spring(
                    ["swiftui-duration": duration, "bounce": bounce],
                    reading: "SwiftUI duration \(duration) s, bounce \(bounce)")
            },
            PlatformCodeReader(precedence: 160) { code in
                for (name, bounce) in [("bouncy", 0.3), ("snappy", 0.15), ("smooth", 0.0)] where code.has("." + name) {
                    return .spring(["swiftui-duration": 0.5, "bounce": bounce], reading: "SwiftUI .\(name)")
                }
                return nil
            }
        ]
    }
}

// MARK: Presets

extension ApplePlatform {
    /// SwiftUI's named springs, kept on SwiftUI.
    var presets: [PlatformPreset] {
        guard self == .swiftUI else { return [] }
        return [
            PlatformPreset(
                name: "swiftui-smooth", family: "swiftui", title: "SwiftUI .smooth", spring: .smooth, order: 200),
            PlatformPreset(
                name: "swiftui-snappy", family: "swiftui", title: "SwiftUI .snappy", spring: .snappy, order: 201),
            PlatformPreset(
                name: "swiftui-bouncy", family: "swiftui", title: "SwiftUI .bouncy", spring: .bouncy, order: 202)
        ]
    }
}
