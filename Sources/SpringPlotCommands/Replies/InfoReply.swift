import SpringConventions
import SpringMath
import SpringPlatforms
import SpringWire

extension InfoReply {
    /// `info --json` for `named`, its motion measured as `m`.
    init(_ named: NamedSpring, metrics m: SpringCurveMetrics) {
        self.init(
            name: named.name, spring: SpringReply(named.spring),
            metrics: MetricsReply(named.spring, metrics: m, waveSettleEstimate: named.spring.waveSettleEstimate),
            conventions: ConventionsReply(named.spring))
    }
}

extension ConventionsReply {
    /// `s` in other tools' conventions: SwiftUI, Wave and Core Animation always, the others only when
    /// it moves.
    init(_ s: Spring) {
        var moving: Moving?
        if !s.isInstantaneous {
            moving = Moving(
                android: Android(stiffness: s.android.stiffness, dampingRatio: s.android.dampingRatio),
                framerMotion: Framer(
                    stiffness: s.framerMotion.stiffness, damping: s.framerMotion.damping, mass: s.framerMotion.mass),
                framerMotionDuration: DurationBounce(
                    duration: s.framerMotionDuration.duration, bounce: s.framerMotionDuration.bounce),
                reactSpring: ReactSpring(
                    tension: s.reactSpring.tension, friction: s.reactSpring.friction, mass: s.reactSpring.mass),
                origami: Note(
                    values: Origami(tension: s.origami.tension, friction: s.origami.friction),
                    note: Info.origamiNote(s)),
                waveEffective: SpringReply(s.waveEffective))
        }
        self.init(
            swiftUI: Note(values: DurationBounce(duration: s.duration, bounce: s.bounce), note: Info.swiftUINote(s)),
            wave: Wave(dampingRatio: s.dampingRatio, response: s.response),
            coreAnimation: CoreAnimation(mass: s.mass, stiffness: s.stiffness, damping: s.dampingCoefficient),
            moving: moving)
    }
}
