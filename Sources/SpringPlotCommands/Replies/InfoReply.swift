import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

/// `info --json`: one spring's derived quantities and the same spring in other tools' conventions.
struct InfoReply: Encodable {
    var name: String
    var spring: SpringReply
    /// Written beside the spring, not under a key of its own.
    var metrics: MetricsReply
    var conventions: ConventionsReply

    init(_ named: NamedSpring, metrics m: SpringCurveMetrics) {
        name = named.name
        spring = SpringReply(named.spring)
        metrics = MetricsReply(named.spring, metrics: m, waveSettleEstimate: named.spring.waveSettleEstimate)
        conventions = ConventionsReply(named.spring)
    }

    func encode(to encoder: any Encoder) throws {
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
struct ConventionsReply: Encodable {
    struct Note<Values: Encodable>: Encodable {
        var values: Values
        var note: String?

        func encode(to encoder: any Encoder) throws {
            try values.encode(to: encoder)
            if let note {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(note, forKey: .note)
            }
        }

        private enum CodingKeys: String, CodingKey { case note }
    }

    struct DurationBounce: Encodable {
        var duration: Double
        var bounce: Double
    }
    struct Wave: Encodable {
        var dampingRatio: Double
        var response: Double
    }
    struct CoreAnimation: Encodable {
        var mass: Double
        var stiffness: Double
        var damping: Double
    }
    struct Android: Encodable {
        var stiffness: Double
        var dampingRatio: Double
    }
    struct Framer: Encodable {
        var stiffness: Double
        var damping: Double
        var mass: Double
    }
    struct ReactSpring: Encodable {
        var tension: Double
        var friction: Double
        var mass: Double
    }
    struct Origami: Encodable {
        var tension: Double
        var friction: Double
    }

    /// The conventions that only a moving spring has.
    struct Moving: Encodable {
        var android: Android
        var framerMotion: Framer
        var framerMotionDuration: DurationBounce
        var reactSpring: ReactSpring
        var origami: Note<Origami>
        var waveEffective: SpringReply
    }

    var swiftUI: Note<DurationBounce>
    var wave: Wave
    var coreAnimation: CoreAnimation
    var moving: Moving?

    init(_ s: Spring) {
        swiftUI = Note(values: DurationBounce(duration: s.duration, bounce: s.bounce), note: Info.swiftUINote(s))
        wave = Wave(dampingRatio: s.dampingRatio, response: s.response)
        coreAnimation = CoreAnimation(mass: s.mass, stiffness: s.stiffness, damping: s.dampingCoefficient)
        guard !s.isInstantaneous else { return }
        moving = Moving(
            android: Android(stiffness: s.android.stiffness, dampingRatio: s.android.dampingRatio),
            framerMotion: Framer(
                stiffness: s.framerMotion.stiffness, damping: s.framerMotion.damping, mass: s.framerMotion.mass),
            framerMotionDuration: DurationBounce(
                duration: s.framerMotionDuration.duration, bounce: s.framerMotionDuration.bounce),
            reactSpring: ReactSpring(
                tension: s.reactSpring.tension, friction: s.reactSpring.friction, mass: s.reactSpring.mass),
            origami: Note(
                values: Origami(tension: s.origami.tension, friction: s.origami.friction), note: Info.origamiNote(s)),
            waveEffective: SpringReply(s.waveEffective))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(swiftUI, forKey: .swiftUI)
        try container.encode(wave, forKey: .wave)
        try container.encode(coreAnimation, forKey: .coreAnimation)
        try moving?.encode(to: encoder)
    }

    private enum CodingKeys: String, CodingKey { case swiftUI, wave, coreAnimation }
}
