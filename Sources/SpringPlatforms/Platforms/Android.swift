import Foundation
import SpringMath

/// Android's `SpringAnimation` with a `SpringForce` (androidx.dynamicanimation), from its source
/// alone: no recording backs this model.
///
/// - Frame times are whole milliseconds (Choreographer's frame time, truncated on its own clock: a
///   listed time of 1.0175 s is 1017 ms); the first frame callback only records the time, so motion
///   starts a frame late.
/// - Each later frame moves the value and velocity along the closed form for the whole-ms time since
///   the previous frame (exact in every regime), and stores both as `Float`.
/// - It finishes, showing the final position, when the speed is below `valueThreshold · 62.5` and the
///   distance below `valueThreshold` (0.75 × the property's minimum visible change, 1 px for
///   translations).
/// - Stiffness and damping ratio are `Float`s.
public struct AndroidSpringForceModel: PlatformModel, Hashable {
    /// k/m, in 1/s².
    public var stiffness: Double
    public var dampingRatio: Double
    /// `setStartVelocity`, units per second.
    public var velocity: Double
    /// The property's minimum visible change (1 for pixel translations).
    public var minimumVisibleChange: Double

    public init(stiffness: Double, dampingRatio: Double, velocity: Double = 0, minimumVisibleChange: Double = 1) {
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
        self.velocity = velocity
        self.minimumVisibleChange = minimumVisibleChange
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let zeta = Double(Float(dampingRatio))
        let omega = Double(Float(stiffness)).squareRoot()
        let valueThreshold = minimumVisibleChange * 0.75
        let velocityThreshold = valueThreshold * 62.5
        let final = Double(Float(to))
        var value = Float(from)
        var speed = Float(velocity)
        var recorder = TrajectoryRecorder(start: Double(value))
        // Frame 1 only records its time.
        var lastFrame = schedule.wholeMilliseconds(ofFrame: 1)
        recorder.append(schedule.time(ofFrame: 1), Double(value))
        var frame = 2
        while true {
            let now = schedule.wholeMilliseconds(ofFrame: frame)
            let dt = (now - lastFrame) / 1000
            lastFrame = now
            let x0 = Double(value) - final
            let v0 = Double(speed)
            var x: Double, v: Double
            if zeta > 1 {
                let root = (zeta * zeta - 1).squareRoot()
                let plus = -zeta * omega + omega * root
                let minus = -zeta * omega - omega * root
                let b = (minus * x0 - v0) / (minus - plus)
                let a = x0 - b
                x = a * Foundation.exp(minus * dt) + b * Foundation.exp(plus * dt)
                v = a * minus * Foundation.exp(minus * dt) + b * plus * Foundation.exp(plus * dt)
            } else if zeta == 1 {
                let a = x0
                let b = v0 + omega * x0
                x = (a + b * dt) * Foundation.exp(-omega * dt)
                v = (a + b * dt) * Foundation.exp(-omega * dt) * -omega + b * Foundation.exp(-omega * dt)
            } else {
                let damped = omega * (1 - zeta * zeta).squareRoot()
                let cosine = x0
                let sine = (zeta * omega * x0 + v0) / damped
                let envelope = Foundation.exp(-zeta * omega * dt)
                x = envelope * (cosine * Foundation.cos(damped * dt) + sine * Foundation.sin(damped * dt))
                v =
                    x * -omega * zeta + envelope
                    * (-damped * cosine * Foundation.sin(damped * dt)
                        + damped * sine * Foundation.cos(damped * dt))
            }
            value = Float(x + final)
            speed = Float(v)
            let time = schedule.time(ofFrame: frame)
            if abs(Double(speed)) < velocityThreshold && abs(Double(value) - final) < valueThreshold {
                recorder.append(time, final)
                return recorder.finish(true)
            }
            recorder.append(time, Double(value))
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// Android's `SpringAnimation` with a `SpringForce`.
    public static let android = Platform(AndroidPlatform())
}

struct AndroidPlatform: PlatformDescriptor {
    let name = "android"
    let title = "Android SpringForce"
    let basis = Platform.Basis.source
    let stepping =
        "exact closed form over whole-ms frames, Float state; first frame idle; ends within 0.75 px and 46.9 px/s"
    let truncatesOnItsOwnClock = true

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        AndroidSpringForceModel(
            stiffness: spring.stiffness / spring.mass, dampingRatio: spring.dampingRatio, velocity: motion.velocity,
            minimumVisibleChange: parameters.minimumVisibleChange)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.androidCode() }
}

extension PlatformCodeRequest {
    fileprivate func androidCode() -> PlatformCode {
        var code = """
            SpringAnimation(view, DynamicAnimation.TRANSLATION_X, \(n(to))f)
                .setSpring(SpringForce(\(n(to))f).setStiffness(\(n(kPerMass))f).setDampingRatio(\(n(zeta))f))
                .setStartValue(\(n(from))f)
                .setStartVelocity(\(n(initialVelocity))f)
            """
        let change = parameters.minimumVisibleChange
        if change != 1 {
            // Android's own constant where there is one (its value is the same float).
            let names: [(Double, String)] = [
                (1.0 / 256, "DynamicAnimation.MIN_VISIBLE_CHANGE_ALPHA"),
                (1.0 / 500, "DynamicAnimation.MIN_VISIBLE_CHANGE_SCALE"),
                (1.0 / 10, "DynamicAnimation.MIN_VISIBLE_CHANGE_ROTATION_DEGREES")
            ]
            code += "\n    .setMinimumVisibleChange(\(names.first { $0.0 == change }?.1 ?? n(change) + "f"))"
        }
        let notes = [ExportRemark(.massOne, "assumes mass 1: stiffness is k/m\(m != 1 ? " (\(n(k)) / \(n(m)))" : "")")]
        let warnings = float32Warning().map { [$0] } ?? []
        return PlatformCode(
            code: code,
            parameters: [("dampingRatio", zeta), ("stiffness", kPerMass), ("startVelocity", initialVelocity)],
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }
}

// MARK: Presets

extension AndroidPlatform {
    /// `SpringForce`'s `STIFFNESS_*` × `DAMPING_RATIO_*` constants, mass 1.
    var presets: [PlatformPreset] {
        PlatformPreset.androidConstants(compose: false)
    }
}
