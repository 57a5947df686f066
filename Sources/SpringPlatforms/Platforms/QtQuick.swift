import SpringMath

/// Qt Quick's `SpringAnimation` (QML), as Qt 6.4.2 steps it.
///
/// Following qtdeclarative v6.4.2 (`src/quick/util/qquickspringanimation.cpp`), checked against
/// recordings of the Debian library:
/// - The animation time is whole milliseconds from the animation driver. An update less than 16 ms
///   after the last step writes nothing ("capped at 62fps"); otherwise it takes ⌊elapsed/16⌋ steps of
///   exactly 16 ms and carries the remainder.
/// - Each step is semi-implicit Euler with per-step coefficients: v += spring·(to − x) − damping·v
///   (both divided by `mass` when it is not 1), |v| capped at `velocity` when that is > 0 (a speed
///   limit, not an initial velocity: every run starts at rest), x += v·0.016.
/// - `damping` is clamped to at most 1 by its setter, and a mass ≤ 0 is ignored.
/// - After an update's steps, when |v| < ε and |to − x| < ε (ε = `epsilon`, default 0.01, absolute),
///   the value is set to the target and the animation stops.
///
/// So `spring` = k·0.016/m and `damping` = c·0.016/m give the spring k, c, m (as far as a 16 ms
/// semi-implicit Euler step can), not k and c themselves.
public struct QtQuickSpringModel: PlatformModel, Hashable {
    /// `spring`: the per-step stiffness.
    public var spring: Double
    /// `damping`: the per-step damping, as set (the model clamps it to 1 as Qt does).
    public var damping: Double
    public var mass: Double
    public var epsilon: Double
    /// `velocity`: the speed limit in units per second (0: none).
    public var maximumVelocity: Double

    /// The step Qt takes, in seconds.
    public static let step = 0.016

    public init(spring: Double, damping: Double, mass: Double = 1, epsilon: Double = 0.01, maximumVelocity: Double = 0)
    {
        self.spring = spring
        self.damping = damping
        self.mass = mass
        self.epsilon = epsilon
        self.maximumVelocity = maximumVelocity
    }

    /// The per-step parameters that stand for a spring of stiffness `stiffness`, damping coefficient
    /// `dampingCoefficient` and mass `mass` (before Qt's clamp of `damping` to 1).
    public init(stiffness: Double, dampingCoefficient: Double, mass: Double = 1) {
        self.init(spring: stiffness * Self.step / mass, damping: dampingCoefficient * Self.step / mass)
    }

    /// The damping Qt runs: at most 1.
    public var effectiveDamping: Double { min(damping, 1) }

    /// Qt Quick has no initial velocity: every run starts at rest.
    public var carriesVelocity: Bool { false }

    /// The driver's time of `frame`, in whole milliseconds.
    static func milliseconds(ofFrame frame: Int, _ schedule: FrameSchedule) -> Int {
        Int(((schedule.nanoseconds(ofFrame: frame) - schedule.nanoseconds(ofFrame: 0)) / 1e6).rounded(.down))
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let damping = effectiveDamping
        let useMass = mass > 0 && mass != 1
        var recorder = TrajectoryRecorder(start: from)
        var x = from, v = 0.0
        var lastTime = 0
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            let now = Self.milliseconds(ofFrame: frame, schedule)
            let elapsed = now - lastTime
            if elapsed >= 16 {
                let count = elapsed / 16
                lastTime = now - (elapsed - count * 16)
                for _ in 0..<count {
                    let diff = to - x
                    v = useMass ? v + (spring * diff - damping * v) / mass : v + spring * diff - damping * v
                    if maximumVelocity > 0 { v = min(max(v, -maximumVelocity), maximumVelocity) }
                    x += v * 16.0 / 1000.0
                }
                if abs(v) < epsilon && abs(to - x) < epsilon {
                    recorder.append(time, to)
                    return recorder.finish(true)
                }
            }
            recorder.append(time, x)
            if !x.isFinite || recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// Qt Quick's `SpringAnimation`.
    public static let qtQuick = Platform(QtQuickPlatform())
}

struct QtQuickPlatform: PlatformDescriptor {
    let name = "qt-quick"
    let title = "Qt Quick"
    let basis = Platform.Basis.recordings
    let stepping =
        "semi-implicit Euler in fixed 16 ms steps, per-step spring and damping (≤ 1); no initial velocity; ends within 0.01"

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        QtQuickSpringModel(
            stiffness: spring.stiffness, dampingCoefficient: spring.dampingCoefficient, mass: spring.mass)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.qtQuickCode() }
}

extension PlatformCodeRequest {
    fileprivate func qtQuickCode() -> PlatformCode {
        let qt = QtQuickSpringModel(stiffness: k, dampingCoefficient: c, mass: m)
        let code =
            "SpringAnimation { spring: \(n(qt.spring)); damping: \(n(min(qt.damping, 1))); mass: 1; epsilon: 0.01 }"
            + (qt.damping > 1 ? "  // c·0.016/m = \(n(qt.damping)): Qt's limit is 1" : "")
        var warnings: [ExportRemark] = []
        var notes = [
            ExportRemark(
                .perFrameNumbers,
                "Qt's spring and damping are per-16-ms-step numbers: spring = k·0.016/m, damping = c·0.016/m "
                    + "(passing k and c themselves makes the spring 62.5 times too stiff)"),
            ExportRemark(
                .stepsEuler,
                "Qt steps semi-implicit Euler in fixed 16 ms steps, so even the right numbers stray from the spring")
        ]
        var effective: Spring?
        if qt.damping > 1 {
            warnings.append(
                ExportRemark(
                    .dampingClamped,
                    "damping \(n(qt.damping)) is clamped to 1 by Qt: the spring cannot be more damped than ζ ≈ \(n(spring.response / (0.064 * Double.pi)))"
                ))
            effective = Spring(mass: 1, stiffness: qt.spring / 0.016, dampingCoefficient: 1 / 0.016)
        }
        if initialVelocity != 0 {
            warnings.append(
                ExportRemark(
                    .velocityDropped,
                    "Qt Quick has no initial velocity (its velocity property is a speed limit): the \(n(initialVelocity)) units/s are dropped"
                ))
        }
        if qt.spring > 5 {
            notes.append(
                ExportRemark(
                    .beyondDocumentedRange,
                    "spring \(n(qt.spring)) is above Qt's documented useful range (0–5); it runs and is stable"))
        }
        return PlatformCode(
            code: code,
            parameters: [("spring", qt.spring), ("damping", min(qt.damping, 1)), ("mass", 1), ("epsilon", 0.01)],
            warnings: warnings, notes: notes, effectiveSpring: effective)
    }
}

// MARK: Reading pasted code

extension QtQuickPlatform {
    /// `SpringAnimation`'s spring and damping per 16 ms step (damping clamped to 1, as Qt does).
    var codeReaders: [PlatformCodeReader] {
        [
            PlatformCodeReader(precedence: 70) { code in
                guard code.has("SpringAnimation"), let perStep = code.value("spring") else { return nil }
                let damping = code.value("damping") ?? 0, mass = code.value("mass") ?? 1
                let clamped = damping > 1 ? " (Qt clamps it to 1)" : ""
                return .spring(
                    ["stiffness": perStep / 0.016, "damping-coefficient": min(damping, 1) / 0.016, "mass": mass],
                    reading: "Qt Quick SpringAnimation spring \(perStep), damping \(damping)\(clamped) per 16 ms step")
            }
        ]
    }
}
