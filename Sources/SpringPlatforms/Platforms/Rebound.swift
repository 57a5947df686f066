import SpringMath

/// Rebound (Facebook's spring library behind Origami and POP's web and Android ports): a `Spring` in
/// a `SpringSystem`, looped once a frame.
///
/// Following rebound-js at 6e6e9a9 (`src/Spring.js`, `src/SpringSystem.js`) and Rebound for Java at
/// 65f155c (`Spring.java`, `BaseSpringSystem.java`):
/// - The spring runs from 0 to 1 and is mapped onto the travel, as Rebound's examples do, so its
///   rest thresholds are fractions of the travel (JavaScript 0.001, Java 0.005). Its velocity is in
///   travels per second (`setVelocity(v0 / travel)`).
/// - Each loop adds the elapsed time (capped at 64 ms) to an accumulator and integrates whole 1 ms
///   RK4 steps; the first stage of each step uses the position left in a scratch state by the
///   previous step's last stage, as Rebound does. A remainder under 1 ms blends the state back
///   toward the state before the last step and writes the blend into the spring, so fractional-ms
///   frames lose time (2 % slow at 60 Hz, 7.6 % at 120 Hz).
/// - JavaScript: the first loop after the system wakes advances only 1 ms, so motion starts a
///   frame late. Java: the looper hands the first loop a full frame.
/// - At rest (speed below the threshold and within it of the end) the spring snaps to the end and
///   the system stops: that frame shows the target.
public struct ReboundModel: PlatformModel, Hashable {
    /// Which port's loop to follow.
    public enum Port: String, Hashable, Sendable {
        case javaScript
        case java
    }

    /// Rebound's `SpringConfig` tension (k/m).
    public var tension: Double
    /// Rebound's `SpringConfig` friction (c/m).
    public var friction: Double
    /// `setVelocity`'s argument: travels per second.
    public var velocity: Double
    public var port: Port

    public init(tension: Double, friction: Double, velocity: Double = 0, port: Port = .javaScript) {
        self.tension = tension
        self.friction = friction
        self.velocity = velocity
        self.port = port
    }

    /// `SpringConfig.fromOrigamiTensionAndFriction`.
    public init(origamiTension: Double, origamiFriction: Double, velocity: Double = 0, port: Port = .javaScript) {
        self.init(
            tension: origamiTension == 0 ? 0 : (origamiTension - 30.0) * 3.62 + 194.0,
            friction: origamiFriction == 0 ? 0 : (origamiFriction - 8.0) * 3.0 + 25.0,
            velocity: velocity, port: port)
    }

    static let solverTimestep = 0.001
    static let maximumDeltaTime = 0.064

    var restThreshold: Double { port == .javaScript ? 0.001 : 0.005 }

    /// The state of one spring between loops.
    struct Simulation {
        var position = 0.0
        var velocity = 0.0
        var previousPosition = 0.0
        var previousVelocity = 0.0
        var tempPosition = 0.0
        var tempVelocity = 0.0
        var accumulator = 0.0
        var wasAtRest = true
        let end = 1.0
        let tension: Double
        let friction: Double
        let threshold: Double
        let port: Port

        func isAtRest() -> Bool {
            let slow = port == .javaScript ? abs(velocity) < threshold : abs(velocity) <= threshold
            return slow && (abs(end - position) <= threshold || tension == 0)
        }

        /// `Spring.advance`; returns true when the spring came to rest in this call.
        mutating func advance(_ realDeltaTime: Double) -> Bool {
            if isAtRest() && wasAtRest { return true }
            let delta = min(realDeltaTime, ReboundModel.maximumDeltaTime)
            accumulator += delta
            let h = ReboundModel.solverTimestep
            var x = position, v = velocity
            var tx = tempPosition, tv = tempVelocity
            while accumulator >= h {
                accumulator -= h
                if accumulator < h {
                    previousPosition = x
                    previousVelocity = v
                }
                let aVelocity = v
                let aAcceleration = tension * (end - tx) - friction * v
                tx = x + aVelocity * h * 0.5
                tv = v + aAcceleration * h * 0.5
                let bVelocity = tv
                let bAcceleration = tension * (end - tx) - friction * tv
                tx = x + bVelocity * h * 0.5
                tv = v + bAcceleration * h * 0.5
                let cVelocity = tv
                let cAcceleration = tension * (end - tx) - friction * tv
                tx = x + cVelocity * h
                tv = v + cAcceleration * h
                let dVelocity = tv
                let dAcceleration = tension * (end - tx) - friction * tv
                let dxdt = 1.0 / 6.0 * (aVelocity + 2.0 * (bVelocity + cVelocity) + dVelocity)
                let dvdt = 1.0 / 6.0 * (aAcceleration + 2.0 * (bAcceleration + cAcceleration) + dAcceleration)
                x += dxdt * h
                v += dvdt * h
            }
            tempPosition = tx
            tempVelocity = tv
            position = x
            velocity = v
            if accumulator > 0 {
                let alpha = accumulator / h
                position = position * alpha + previousPosition * (1 - alpha)
                velocity = velocity * alpha + previousVelocity * (1 - alpha)
            }
            var atRest = false
            if isAtRest() {
                if tension > 0 {
                    position = end
                }
                velocity = 0
                atRest = true
            }
            wasAtRest = atRest
            return atRest
        }
    }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        let travel = to - from
        var recorder = TrajectoryRecorder(start: from)
        // Without travel there is nothing to map the 0…1 spring onto: Rebound never wakes.
        if travel == 0 { return recorder.finish(true) }
        var spring = Simulation(tension: tension, friction: friction, threshold: restThreshold, port: port)
        spring.velocity = velocity
        var lastTime = -1.0
        var frame = 1
        while true {
            let clock = schedule.milliseconds(ofFrame: frame)
            let elapsed: Double
            switch port {
            case .javaScript:
                // SpringSystem.loop: the first loop after waking counts 1 ms.
                if lastTime == -1 { lastTime = clock - 1 }
                elapsed = clock - lastTime
                lastTime = clock
            case .java:
                // BaseSpringSystem.loop(elapsedMillis): the looper hands each loop the time since the
                // last frame, the difference of the two frame times (the accumulator is sensitive to
                // their last bit; a constant 1000/rate differs at 120 and 144 Hz).
                elapsed = clock - schedule.milliseconds(ofFrame: frame - 1)
            }
            let atRest = spring.advance(elapsed / 1000.0)
            let time = schedule.time(ofFrame: frame)
            recorder.append(time, atRest ? to : from + travel * spring.position)
            if atRest { return recorder.finish(true) }
            if recorder.reached(limit, at: time) { return recorder.finish(false) }
            frame += 1
        }
    }
}

extension Platform {
    /// Origami's springs as Rebound's JavaScript port (and POP) runs them.
    public static let origami = Platform(ReboundPlatform.javaScript)
    /// Rebound's Android/Java port: Origami's code, stepped as Java Rebound steps it.
    public static let reboundJava = Platform(ReboundPlatform.java)
}

/// Rebound's two ports, one platform each: they share ``ReboundModel`` and Origami's code.
enum ReboundPlatform: PlatformDescriptor {
    case javaScript, java

    var name: String { self == .javaScript ? "origami" : "rebound-java" }
    var title: String { self == .javaScript ? "Origami / Rebound JS" : "Rebound (Java)" }
    var exportTitle: String { self == .javaScript ? "Origami / Rebound / POP" : title }
    var basis: Platform.Basis { .recordings }
    var sharesCodeWith: Platform? { self == .java ? .origami : nil }
    var isCompensable: Bool { true }

    var stepping: String {
        switch self {
        case .javaScript:
            return
                "1 ms RK4 steps with a blend that loses the fractional ms; first loop 1 ms; ends at 0.1 % of the travel"
        case .java:
            return "1 ms RK4 steps with a blend that loses the fractional ms; ends at 0.5 % of the travel"
        }
    }

    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
        switch self {
        case .javaScript:
            let origami = spring.origami
            return ReboundModel(
                origamiTension: origami.tension, origamiFriction: origami.friction,
                velocity: motion.travelsPerSecond)
        case .java:
            return ReboundModel(
                tension: spring.stiffness / spring.mass, friction: spring.dampingCoefficient / spring.mass,
                velocity: motion.travelsPerSecond, port: .java)
        }
    }

    func retimedModel(
        for spring: Spring, motion: PlatformMotion, timeScale: Double, dampingScale: Double
    ) -> (any PlatformModel)? {
        ReboundModel(
            tension: spring.stiffness / spring.mass / (timeScale * timeScale),
            friction: spring.dampingCoefficient / spring.mass * dampingScale / timeScale,
            velocity: motion.travelsPerSecond / timeScale, port: self == .javaScript ? .javaScript : .java)
    }

    func code(for request: PlatformCodeRequest) -> PlatformCode? {
        self == .javaScript ? request.origamiCode() : nil
    }

    func compensatedCode(_ compensation: Compensation, for request: PlatformCodeRequest) -> String? {
        let n = request.n, hz = request.n(compensation.frameRate)
        switch compensation.values {
        case let .reboundJavaScript(tension, friction, velocity, origamiTension, origamiFriction):
            var code = """
                // Rebound JS SpringConfig (tension, friction; mass 1), for \(hz) Hz
                new SpringConfig(\(n(tension)), \(n(friction)))
                // Origami / Quartz Composer values, for \(hz) Hz
                SpringConfig.fromOrigamiTensionAndFriction(\(n(origamiTension)), \(n(origamiFriction)))
                """
            if velocity != 0 { code += "\nspring.setVelocity(\(n(velocity)))" }
            return code
        case let .reboundJava(tension, friction, velocity):
            var code = """
                // Rebound (Java) SpringConfig (tension, friction; mass 1), for \(hz) Hz
                new SpringConfig(\(n(tension)), \(n(friction)))
                """
            if velocity != 0 { code += "\nspring.setVelocity(\(n(velocity)))" }
            return code
        case .reactSpring:
            return nil
        }
    }
}

extension PlatformCodeRequest {
    fileprivate func origamiCode() -> PlatformCode {
        let qc = spring.origami
        // Rebound runs the spring from 0 to 1: its velocity is in travels per second.
        let travelsPerSecond = self.travelsPerSecond ?? 0
        var code = """
            // Rebound SpringConfig (tension, friction; mass 1)
            new SpringConfig(\(n(kPerMass)), \(n(cPerMass)))
            // Origami / Quartz Composer values
            SpringConfig.fromOrigamiTensionAndFriction(\(n(qc.tension)), \(n(qc.friction)))
            """
        if initialVelocity != 0 {
            code += "\n// Rebound runs 0 → 1: the velocity in travels per second (\(n(initialVelocity)) / \(n(travel)))"
            code += "\nspring.setVelocity(\(n(travelsPerSecond)))"
        }
        code += "\n// POP"
        code +=
            "\nanimation.dynamicsTension = \(n(k)); animation.dynamicsFriction = \(n(c)); animation.dynamicsMass = \(n(m));"
        if initialVelocity != 0 { code += "\nanimation.velocity = @(\(n(initialVelocity)));" }
        var warnings: [ExportRemark] = []
        if initialVelocity != 0 && self.travelsPerSecond == nil {
            warnings.append(.velocityWithoutTravel)
        }
        if qc.tension < 0 {
            warnings.append(
                ExportRemark(
                    .origamiNegative,
                    "Origami tension is negative (\(n(qc.tension))): the spring is softer than Origami's scale reaches (k/m < 85.4)"
                ))
        }
        if qc.friction < 0 {
            warnings.append(
                ExportRemark(
                    .origamiNegative,
                    "Origami friction is negative (\(n(qc.friction))): too little damping for Origami's scale"))
        }
        let notes =
            m != 1
            ? [ExportRemark(.massOne, "Rebound and Origami assume mass 1: tension and friction are k/m and c/m")] : []
        return PlatformCode(
            code: code,
            parameters: [
                ("tension", kPerMass), ("friction", cPerMass), ("origamiTension", qc.tension),
                ("origamiFriction", qc.friction), ("velocity", travelsPerSecond),
                ("dynamicsTension", k), ("dynamicsFriction", c), ("dynamicsMass", m),
                ("dynamicsVelocity", initialVelocity)
            ],
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }
}

// MARK: Reading pasted code

extension ReboundPlatform {
    /// Origami's and POP's `SpringConfig` factories, kept on the JavaScript port (the Java port takes
    /// the same code).
    var codeReaders: [PlatformCodeReader] {
        guard self == .javaScript else { return [] }
        return [
            PlatformCodeReader(precedence: 50) { code in
                guard let args = code.call("fromOrigamiTensionAndFriction"), args.count >= 2 else { return nil }
                return .spring(
                    ["origami-tension": args[0], "origami-friction": args[1]],
                    reading: "Origami tension \(args[0]), friction \(args[1])")
            },
            PlatformCodeReader(precedence: 51) { code in
                guard let args = code.call("fromBouncinessAndSpeed"), args.count >= 2 else { return nil }
                return .spring(
                    ["pop-bounciness": args[0], "pop-speed": args[1]],
                    reading: "POP bounciness \(args[0]), speed \(args[1])")
            }
        ]
    }
}
