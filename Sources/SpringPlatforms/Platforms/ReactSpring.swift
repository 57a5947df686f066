import SpringMath

/// react-spring: `SpringValue.advance` driven by the `rafz` frame loop.
///
/// Following react-spring at commit 3d2523d (`packages/core/src/SpringValue.ts`,
/// `packages/rafz/src/index.ts`):
/// - Each frame advances by `dt` milliseconds: 16.667 on the first frame after the loop starts,
///   then the time since the previous frame, capped at 64.
/// - A frame runs `ceil(dt)` semi-implicit Euler steps of exactly 1 ms (the velocity first, then the position from it): `a = (−tension·10⁻⁶·(x − to) −
///   friction·10⁻³·v)/mass`, `v += a`, `x += v` (v in units per ms). So a 16.67 ms frame runs
///   17 ms of motion (2 % fast at 60 Hz) and an 8.33 ms frame 9 ms (8 % fast at 120 Hz).
/// - Before each step, once the speed is at most `restVelocity` (default `precision / 10`), the
///   spring finishes if it is within `precision` of the target (default 0.1 % of the travel, at most
///   1; 0.005 with no travel); the finishing frame shows the target.
public struct ReactSpringModel: PlatformModel, Hashable {
    public var tension: Double
    public var friction: Double
    public var mass: Double
    /// `config.velocity`: units per millisecond.
    public var velocity: Double
    /// `config.precision`; nil (or 0) for the default.
    public var precision: Double?
    /// `config.restVelocity` in units per ms; nil (or 0) for the default.
    public var restVelocity: Double?

    public init(
        tension: Double, friction: Double, mass: Double = 1, velocity: Double = 0,
        precision: Double? = nil, restVelocity: Double? = nil
    ) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
        self.velocity = velocity
        self.precision = precision
        self.restVelocity = restVelocity
    }

    /// The frame interval rafz hands the first update after the loop starts, in ms.
    static let firstFrameMilliseconds = 16.667
    /// rafz's cap on one frame's interval, in ms.
    static let maximumFrameMilliseconds = 64.0

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        var recorder = TrajectoryRecorder(start: from)
        // Loose springs never move: react-spring marks them done on the first frame.
        if tension <= 0 {
            recorder.append(schedule.time(ofFrame: 1), to)
            return recorder.finish(true)
        }
        let precision =
            (self.precision ?? 0) != 0 ? self.precision! : (from == to ? 0.005 : min(1, abs(to - from) * 0.001))
        let restVelocity = (self.restVelocity ?? 0) != 0 ? self.restVelocity! : precision / 10
        var position = from
        var velocity = self.velocity
        var previous = schedule.milliseconds(ofFrame: 0)
        var frame = 1
        while true {
            let now = schedule.milliseconds(ofFrame: frame)
            let dt =
                frame == 1
                ? ReactSpringModel.firstFrameMilliseconds
                : min(ReactSpringModel.maximumFrameMilliseconds, now - previous)
            previous = now
            var finished = false
            let steps = Int(dt.rounded(.up))
            for _ in 0..<max(steps, 0) {
                if !(abs(velocity) > restVelocity) {
                    finished = abs(to - position) <= precision
                    if finished { break }
                }
                let springForce = -tension * 0.000001 * (position - to)
                let dampingForce = -friction * 0.001 * velocity
                let acceleration = (springForce + dampingForce) / mass
                velocity = velocity + acceleration * 1
                position = position + velocity * 1
            }
            if position.isNaN { finished = true }
            let time = schedule.time(ofFrame: frame)
            if finished {
                recorder.append(time, to)
                return recorder.finish(true)
            }
            recorder.append(time, position)
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// react-spring's `config` (tension, friction, mass).
    public static let reactSpring = Platform(ReactSpringPlatform())
}

struct ReactSpringPlatform: PlatformDescriptor {
    let name = "react-spring"
    let title = "react-spring"
    let basis = Platform.Basis.recordings
    let stepping =
        "1 ms Euler steps, ceil(frame ms) per frame (17 at 60 Hz); first frame 17 steps; ends on its rest test"
    let isCompensable = true

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        ReactSpringModel(
            tension: spring.stiffness, friction: spring.dampingCoefficient, mass: spring.mass,
            velocity: motion.velocity / 1000)
    }

    func retimedModel(
        for spring: Spring, motion: PlatformMotion, timeScale: Double, dampingScale: Double
    ) -> (any PlatformModel)? {
        ReactSpringModel(
            tension: spring.stiffness / (timeScale * timeScale),
            friction: spring.dampingCoefficient * dampingScale / timeScale,
            mass: spring.mass, velocity: motion.velocity / 1000 / timeScale)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? { request.reactSpringCode() }

    func compensatedCode(_ compensation: Compensation, for request: PlatformCodeRequest) -> String? {
        guard case let .reactSpring(tension, friction, mass, velocity) = compensation.values else { return nil }
        let n = request.n
        return
            "useSpring({ from: { x: \(n(request.from)) }, to: { x: \(n(request.to)) }, config: { tension: \(n(tension)), "
            + "friction: \(n(friction)), mass: \(n(mass)), velocity: \(n(velocity)) } })  // for \(n(compensation.frameRate)) Hz"
    }
}

extension PlatformCodeRequest {
    fileprivate func reactSpringCode() -> PlatformCode {
        let code =
            "useSpring({ from: { x: \(n(from)) }, to: { x: \(n(to)) }, config: { tension: \(n(k)), friction: \(n(c)), mass: \(n(m)), velocity: \(n(initialVelocity / 1000)) } })"
        let notes = [
            ExportRemark(.velocityUnits, "velocity is in units per millisecond (\(n(initialVelocity)) / 1000)"),
            ExportRemark(.stepsEuler, "integrates in 1 ms Euler steps: close to, not exactly, this motion")
        ]
        return PlatformCode(
            code: code,
            parameters: [("tension", k), ("friction", c), ("mass", m), ("velocity", initialVelocity / 1000)],
            warnings: [], notes: notes, effectiveSpring: nil)
    }
}

// MARK: Reading pasted code

extension ReactSpringPlatform {
    /// `config: { tension, friction, mass }`, then the named configs (`config.wobbly`, …).
    var codeReaders: [PlatformCodeReader] {
        [
            PlatformCodeReader(precedence: 140) { code in
                guard let tension = code.value("tension"), let friction = code.value("friction") else { return nil }
                return .spring(
                    ["react-spring-tension": tension, "friction": friction, "mass": code.value("mass") ?? 1],
                    reading: "react-spring tension \(tension), friction \(friction)")
            },
            PlatformCodeReader(precedence: 141) { code in
                let presets: [(String, Spring.ReactSpring)] = [
                    ("molasses", .molasses), ("default", .default), ("gentle", .gentle),
                    ("wobbly", .wobbly), ("stiff", .stiff), ("slow", .slow)
                ]
                guard let (name, config) = presets.first(where: { code.text.contains("config." + $0.0) }) else {
                    return nil
                }
                return .spring(
                    ["react-spring-tension": config.tension, "friction": config.friction],
                    reading: "react-spring config.\(name)")
            }
        ]
    }
}

// MARK: Presets

extension ReactSpringPlatform {
    /// react-spring's named configs (`config.default`, …), as tension and friction with mass 1.
    var presets: [PlatformPreset] {
        let configs: [(String, Spring.ReactSpring)] = [
            ("default", .default), ("gentle", .gentle), ("wobbly", .wobbly), ("stiff", .stiff), ("slow", .slow),
            ("molasses", .molasses)
        ]
        return configs.enumerated().map { i, config in
            PlatformPreset(
                name: "react-spring-" + config.0, family: "react-spring", title: "react-spring " + config.0,
                spring: Spring(reactSpring: config.1), order: 500 + i)
        }
    }
}
