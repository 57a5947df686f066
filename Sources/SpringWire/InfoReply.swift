import SpringMath

/// `info --json`: one spring's derived quantities and the same spring in other tools' conventions.
public struct InfoReply: Encodable, Sendable {
    public var name: String
    public var spring: SpringReply
    /// Written beside the spring, not under a key of its own.
    public var metrics: MetricsReply
    public var conventions: ConventionsReply

    public init(name: String, spring: SpringReply, metrics: MetricsReply, conventions: ConventionsReply) {
        self.name = name
        self.spring = spring
        self.metrics = metrics
        self.conventions = conventions
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(spring, forKey: .spring)
        try metrics.encode(to: encoder)
        try container.encode(conventions, forKey: .conventions)
    }

    private enum CodingKeys: String, CodingKey { case name, spring, conventions }
}

/// The spring in other tools' conventions, as `info --json` writes them: SwiftUI, Wave and Core
/// Animation always; the others only for a spring that moves (response > 0). A `note` says why a
/// convention cannot take the spring, and is left out when it can.
public struct ConventionsReply: Encodable, Sendable {
    public struct Note<Values: Encodable & Sendable>: Encodable, Sendable {
        public var values: Values
        public var note: String?

        public func encode(to encoder: any Encoder) throws {
            try values.encode(to: encoder)
            if let note {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(note, forKey: .note)
            }
        }

        private enum CodingKeys: String, CodingKey { case note }

        public init(values: Values, note: String?) {
            self.values = values
            self.note = note
        }
    }

    public struct DurationBounce: Encodable, Sendable {
        public var duration: Double
        public var bounce: Double

        public init(duration: Double, bounce: Double) {
            self.duration = duration
            self.bounce = bounce
        }
    }
    public struct Wave: Encodable, Sendable {
        public var dampingRatio: Double
        public var response: Double

        public init(dampingRatio: Double, response: Double) {
            self.dampingRatio = dampingRatio
            self.response = response
        }
    }
    public struct CoreAnimation: Encodable, Sendable {
        public var mass: Double
        public var stiffness: Double
        public var damping: Double

        public init(mass: Double, stiffness: Double, damping: Double) {
            self.mass = mass
            self.stiffness = stiffness
            self.damping = damping
        }
    }
    public struct Android: Encodable, Sendable {
        public var stiffness: Double
        public var dampingRatio: Double

        public init(stiffness: Double, dampingRatio: Double) {
            self.stiffness = stiffness
            self.dampingRatio = dampingRatio
        }
    }
    public struct Framer: Encodable, Sendable {
        public var stiffness: Double
        public var damping: Double
        public var mass: Double

        public init(stiffness: Double, damping: Double, mass: Double) {
            self.stiffness = stiffness
            self.damping = damping
            self.mass = mass
        }
    }
    public struct ReactSpring: Encodable, Sendable {
        public var tension: Double
        public var friction: Double
        public var mass: Double

        public init(tension: Double, friction: Double, mass: Double) {
            self.tension = tension
            self.friction = friction
            self.mass = mass
        }
    }
    public struct Origami: Encodable, Sendable {
        public var tension: Double
        public var friction: Double

        public init(tension: Double, friction: Double) {
            self.tension = tension
            self.friction = friction
        }
    }

    /// The conventions that only a moving spring has.
    public struct Moving: Encodable, Sendable {
        public var android: Android
        public var framerMotion: Framer
        public var framerMotionDuration: DurationBounce
        public var reactSpring: ReactSpring
        public var origami: Note<Origami>
        public var waveEffective: SpringReply

        public init(
            android: Android, framerMotion: Framer, framerMotionDuration: DurationBounce, reactSpring: ReactSpring,
            origami: Note<Origami>, waveEffective: SpringReply
        ) {
            self.android = android
            self.framerMotion = framerMotion
            self.framerMotionDuration = framerMotionDuration
            self.reactSpring = reactSpring
            self.origami = origami
            self.waveEffective = waveEffective
        }
    }

    public var swiftUI: Note<DurationBounce>
    public var wave: Wave
    public var coreAnimation: CoreAnimation
    public var moving: Moving?

    public init(swiftUI: Note<DurationBounce>, wave: Wave, coreAnimation: CoreAnimation, moving: Moving?) {
        self.swiftUI = swiftUI
        self.wave = wave
        self.coreAnimation = coreAnimation
        self.moving = moving
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(swiftUI, forKey: .swiftUI)
        try container.encode(wave, forKey: .wave)
        try container.encode(coreAnimation, forKey: .coreAnimation)
        try moving?.encode(to: encoder)
    }

    private enum CodingKeys: String, CodingKey { case swiftUI, wave, coreAnimation }
}
