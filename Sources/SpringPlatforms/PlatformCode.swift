import Foundation
import SpringFormatting
import SpringMath

/// What a platform's code is written for: a spring, the motion it runs, and the platform's own
/// settings.
public struct PlatformCodeRequest: Sendable {
    /// The spring (not instantaneous, and within the window every command accepts).
    public var spring: Spring
    /// Where the motion goes, in the platform's units (px for the web).
    public var motion: PlatformMotion
    /// The platform's own settings (Android's minimum visible change).
    public var parameters: PlatformParameters

    /// The request for `spring` running `motion`, with `parameters`.
    public init(spring: Spring, motion: PlatformMotion, parameters: PlatformParameters = .standard) {
        self.spring = spring
        self.motion = motion
        self.parameters = parameters
    }

    var zeta: Double { spring.dampingRatio }
    var k: Double { spring.stiffness }
    var c: Double { spring.dampingCoefficient }
    var m: Double { spring.mass }
    /// Stiffness and damping of the mass-1 spring with the same motion.
    var kPerMass: Double { spring.stiffness / spring.mass }
    var cPerMass: Double { spring.dampingCoefficient / spring.mass }
    var from: Double { motion.from }
    var to: Double { motion.to }
    var initialVelocity: Double { motion.velocity }
    var travel: Double { motion.travel }
    /// The initial velocity in travels per second (UIKit's and SwiftUI's convention), nil when there
    /// is no travel.
    var travelsPerSecond: Double? { travel != 0 ? motion.travelsPerSecond : nil }

    /// A number as code shows it: six significant digits; JavaScript's words for the non-finite.
    public static func codeNumber(_ x: Double) -> String {
        x.isFinite ? NumberFormat.people(x, digits: 6) : (x.isNaN ? "NaN" : (x > 0 ? "Infinity" : "-Infinity"))
    }

    func n(_ x: Double) -> String { PlatformCodeRequest.codeNumber(x) }

    /// Time-defined springs (Motion's duration forms) start at rest.
    var velocityIgnoredWarning: ExportRemark? {
        initialVelocity != 0
            ? ExportRemark(
                .velocityDropped,
                "ignores the initial velocity (\(n(initialVelocity)) units/s): time-defined springs always start at rest"
            )
            : nil
    }

    /// What a bounce (Motion's) cannot carry: overdamping, and a bounce over 0.95.
    var bounceWarnings: [ExportRemark] {
        var warnings: [ExportRemark] = []
        if zeta > 1 {
            warnings.append(
                ExportRemark(
                    .runsCriticallyDamped,
                    "bounce cannot express overdamping (ζ \(n(zeta)) > 1): it runs critically damped"))
        }
        if zeta < 0.05 {
            warnings.append(ExportRemark(.bounceClamped, "bounce is clamped to 0.95 (ζ ≥ 0.05): it runs at ζ 0.05"))
        }
        return warnings
    }

    /// Reanimated's and React Native's: every ζ ≥ 1 runs as critically damped.
    var criticallyDampedWarning: ExportRemark {
        ExportRemark(
            .runsCriticallyDamped, "runs every ζ ≥ 1 as critically damped: ζ \(n(zeta)) moves faster than asked")
    }

    /// Android's and Compose's: what 32-bit `Float` parameters change, when it shows.
    func float32Warning() -> ExportRemark? {
        // Float keeps about 7 digits: say so only when it changes the motion visibly (> 0.01 units).
        let floatZeta = Double(Float(zeta)), floatStiffness = Double(Float(kPerMass))
        // Beyond Float's range the parameters become ∞ or 0: no spring at all on the device.
        guard floatZeta.isFinite, floatStiffness.isFinite, floatStiffness > 0 else {
            return ExportRemark(
                .floatOverflow,
                "Float cannot hold these parameters (dampingRatio \(n(zeta)), stiffness \(n(kPerMass))): Android gets \(Float(zeta)) and \(Float(kPerMass))"
            )
        }
        let roundedSpring = Spring(dampingRatio: floatZeta, stiffness: floatStiffness)
        let deviation = motionDeviation(spring, roundedSpring)
        return deviation > 0.01
            ? ExportRemark(.floatRounding, "Float parameters move the motion by up to \(n(deviation)) units") : nil
    }

    /// Whether two springs move alike: the same damping ratio and natural frequency to 1e-9.
    static func sameMotion(_ a: Spring, _ b: Spring) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1e-300) }
        return close(a.dampingRatio, b.dampingRatio) && close(a.naturalFrequency, b.naturalFrequency)
    }

    /// The largest difference between the motions of `a` and `b` for this motion, sampled at 400 times
    /// over `a`'s settle time.
    func motionDeviation(_ a: Spring, _ b: Spring) -> Double {
        let first = SpringMotion(spring: a, from: from, to: to, initialVelocity: initialVelocity)
        let second = SpringMotion(spring: b, from: from, to: to, initialVelocity: initialVelocity)
        let scale = max(abs(to - from), abs(initialVelocity) * a.response, 1e-12)
        var span = a.settleTime(
            displacement: from - to, velocity: initialVelocity, within: SettleBand(distance: 1e-4 * scale))
        if !span.isFinite || span <= 0 { span = 10 * a.response }
        var worst = 0.0
        for i in 0...400 {
            let t = span * (Double(i) / 400)  // not span × i first: a span near the largest double would overflow
            worst = max(worst, abs(first.position(at: t) - second.position(at: t)))
        }
        return worst
    }
}

/// A platform's copy-ready code for one request, its numbers, and what it cannot say.
public struct PlatformCode: Sendable {
    /// Code to paste (one or several lines).
    public var code: String
    /// The numbers in the code at full precision, by the platform's own parameter names, in the order
    /// its code takes them.
    public var parameters: [(name: String, value: Double)]
    /// What a user would see: the platform clamps or drops something.
    public var warnings: [ExportRemark]
    /// How the code was converted and how the platform behaves.
    public var notes: [ExportRemark]
    /// The spring the platform really runs, when it differs from the one asked for.
    public var effectiveSpring: Spring?

    /// The code `code` with its numbers `parameters`, and what it says.
    public init(
        code: String, parameters: [(name: String, value: Double)], warnings: [ExportRemark] = [],
        notes: [ExportRemark] = [], effectiveSpring: Spring? = nil
    ) {
        self.code = code
        self.parameters = parameters
        self.warnings = warnings
        self.notes = notes
        self.effectiveSpring = effectiveSpring
    }
}
