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
