import SpringMath

/// Svelte's `spring` store (`svelte/motion`), stepped once a frame.
///
/// Following svelte at 15720b16 (5.56.10: `src/motion/spring.js`, `src/internal/client/loop.js`),
/// checked against recordings of that code:
/// - `set()` records the time; each animation frame then takes dt = (elapsed ms)·60/1000 (1 at
///   60 Hz, ½ at 120 Hz), the velocity v = (x − x_prev)/dt, and moves x by
///   (v + stiffness·(to − x) − damping·v)·dt.
/// - It finishes, showing the target, on the first frame whose move and whose distance to the
///   target are both under `precision` (absolute, 0.01 by default).
/// - There is no initial velocity: every run starts at rest.
///
/// The acceleration is added to the velocity once a frame, whatever the frame's length, so the
/// spring depends on the frame rate r: it is the spring of stiffness `stiffness`·60·r and damping
/// coefficient `damping`·r (mass 1) stepped by semi-implicit Euler at 1/r s. The same numbers are a
/// spring √(r/60) times faster, and √(r/60) times more damped, at r than at 60 Hz
/// (``spring(atFrameRate:)``); ``init(stiffness:dampingCoefficient:mass:frameRate:precision:)`` gives the
/// numbers that run a wanted spring at one rate.
public struct SvelteSpringModel: PlatformModel, Hashable {
    public var stiffness: Double
    public var damping: Double
    public var precision: Double

    public init(stiffness: Double = 0.15, damping: Double = 0.8, precision: Double = 0.01) {
        self.stiffness = stiffness
        self.damping = damping
        self.precision = precision
    }

    /// The numbers that run the spring of stiffness `stiffness`, damping coefficient
    /// `dampingCoefficient` and mass `mass` at `frameRate` frames per second (as far as its Euler step
    /// can): stiffness k/(60·r·m), damping c/(r·m).
    public init(
        stiffness: Double, dampingCoefficient: Double, mass: Double = 1, frameRate: Double = 60,
        precision: Double = 0.01
    ) {
        self.init(
            stiffness: stiffness / (60 * frameRate * mass), damping: dampingCoefficient / (frameRate * mass),
            precision: precision)
    }

    /// The continuous spring these numbers stand for at `frameRate` (mass 1): stiffness
    /// `stiffness`·60·r, damping coefficient `damping`·r.
    public func spring(atFrameRate frameRate: Double) -> (stiffness: Double, dampingCoefficient: Double) {
        (stiffness * 60 * frameRate, damping * frameRate)
    }

    public var carriesVelocity: Bool { false }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        var recorder = TrajectoryRecorder(start: from)
        var lastTime = schedule.milliseconds(ofFrame: 0)
        var last = from, value = from
        var frame = 1
        while true {
            let time = schedule.time(ofFrame: frame)
            let now = schedule.milliseconds(ofFrame: frame)
            let dt = (now - lastTime) * 60 / 1000
            let delta = to - value
            let velocity = (value - last) / (dt != 0 ? dt : 1.0 / 60)
            let acceleration = stiffness * delta - damping * velocity
            let move = (velocity + acceleration) * dt
            lastTime = now
            last = value
            if abs(move) < precision && abs(delta) < precision {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            value += move
            recorder.append(time, value)
            if !value.isFinite || recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// Svelte's `spring` store.
    public static let svelte = Platform(SveltePlatform())
}

struct SveltePlatform: PlatformDescriptor {
    let name = "svelte"
    let title = "Svelte spring"
    let basis = Platform.Basis.recordings
    let stepping =
        "semi-implicit Euler once a frame in 60 Hz frame units, so the spring depends on the frame rate; no initial velocity; ends within 0.01"

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        SvelteSpringModel(
            stiffness: spring.stiffness, dampingCoefficient: spring.dampingCoefficient, mass: spring.mass,
            frameRate: 60)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.svelteCode() }
}

extension PlatformCodeRequest {
    /// Svelte's `spring` store: stiffness and damping per 60 Hz frame (Svelte adds the acceleration
    /// once a frame, so the same numbers are another spring at another rate).
    fileprivate func svelteCode() -> PlatformCode {
        let at60 = SvelteSpringModel(stiffness: k, dampingCoefficient: c, mass: m, frameRate: 60)
        let at120 = SvelteSpringModel(stiffness: k, dampingCoefficient: c, mass: m, frameRate: 120)
        let code = """
            import { spring } from 'svelte/motion';
            // stiffness and damping are per frame at 60 Hz; on a 120 Hz display use { stiffness: \(n(at120.stiffness)), \
            damping: \(n(at120.damping)) }
            const x = spring(\(n(from)), { stiffness: \(n(at60.stiffness)), damping: \(n(at60.damping)), precision: \(n(at60.precision)) }); \
            x.set(\(n(to)));
            """
        var warnings: [ExportRemark] = []
        if initialVelocity != 0 {
            warnings.append(
                ExportRemark(
                    .velocityDropped,
                    "Svelte's spring has no initial velocity: the \(n(initialVelocity)) units/s are dropped"))
        }
        if at60.damping >= 1 {
            warnings.append(
                ExportRemark(
                    .frameDampingReverses,
                    "damping \(n(at60.damping)) per frame is 1 or more: Svelte's step reverses the velocity each frame "
                        + "at 60 Hz (the spring is too fast or too damped for its frames)"))
        }
        let notes = [
            ExportRemark(
                .perFrameNumbers,
                "Svelte's stiffness and damping are per frame: stiffness = k/(60·r·m), damping = c/(r·m) at r frames per second"
            ),
            ExportRemark(
                .frameRateDependent,
                "the same numbers run √(r/60) times faster and √(r/60) times more damped at r Hz: at 120 Hz ζ × 1.41 and the response ÷ 1.41"
            ),
            ExportRemark(
                .endsNearRest,
                "it stops when a frame's move and the distance to the target are both under precision (absolute units)")
        ]
        return PlatformCode(
            code: code,
            parameters: [
                ("stiffness", at60.stiffness), ("damping", at60.damping), ("precision", at60.precision),
                ("stiffnessAt120Hz", at120.stiffness), ("dampingAt120Hz", at120.damping)
            ],
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }
}

// MARK: Reading pasted code

extension SveltePlatform {
    var codeReaders: [PlatformCodeReader] { [PlatformCodeReader(precedence: 30, read: Self.read)] }

    /// The `spring(value, { stiffness, damping })` store (and the `Spring` class): numbers per frame,
    /// read as the spring they run at 60 Hz (stiffness·3600, damping·60, mass 1).
    static func read(_ code: PlatformSource) -> PlatformCodeReading? {
        // A first argument that is a value (not Compose's `spring(dampingRatio = …)`), then the options
        // or nothing.
        let call = code.text.firstRange(
            of:
                /(\bnew\s+Spring|\bSpring\.of|(^|[^A-Za-z0-9_.$])spring)\s*\(\s*(-?[0-9.]+|[A-Za-z_$][A-Za-z0-9_$.]*|\[[^\]]*\])\s*(,\s*\{|\))/
        )
        guard call != nil || code.has("svelte/motion") else { return nil }
        // The call's own options first, then the rest of the code (options named elsewhere): a number
        // named before the call, in a comment such as the one `export` writes with the 120 Hz
        // numbers, is not the spring it runs.
        let options = call.map { PlatformSource(String(code.text[$0.lowerBound...])) }
        func value(_ name: String) -> Double? { options?.value(name) ?? code.value(name) }
        let s = value("stiffness") ?? 0.15, d = value("damping") ?? 0.8
        return .spring(
            ["stiffness": s * 3600, "damping-coefficient": d * 60, "mass": 1],
            reading: "Svelte spring stiffness \(s), damping \(d) per frame (the spring it runs at 60 Hz)")
    }
}
