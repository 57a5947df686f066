import ArgumentParser
import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

/// A table of derived quantities and the same spring in other tools' conventions.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Derived quantities of a spring and the same spring in other tools' conventions.",
        discussion: """
            Stiffness, damping coefficient, frequencies, period, overshoot, peak and rise times and how long \
            the spring takes (when it settles within 1 % of the travel; --explain adds the 0.1 % and 0.01 % \
            settle times and Wave's settle estimate); then SwiftUI, Core Animation, Android, framer-motion, \
            react-spring and Origami parameters. --json for machines (every settle time).

            Example: springplot info --damping 0.68 --response 0.8
            """)

    @OptionGroup(title: "Spring") var spring: SpringOptionsOf<ListedSprings>
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @Flag(help: "Write JSON instead of a table.")
    var json = false

    @Flag(
        help:
            "Also print the other settle times, each labelled: within 0.1 % (export's exact settle), within 0.01 %, and Wave's estimate."
    )
    var explain = false

    static let tolerances = [0.01, 0.001, 0.0001]

    func run() throws {
        let springs = try spring.springs()
        if json {
            let replies = springs.map { reply(for: $0) }
            let text = replies.count == 1 ? JSONWriter.text(replies[0]) : JSONWriter.text(replies)
            try OutputWriter.writeStandardOutput(Array((text + "\n").utf8))
            return
        }
        var text = ""
        for (index, named) in springs.enumerated() {
            if index > 0 { text += "\n" }
            text += table(for: named)
        }
        try OutputWriter.writeStandardOutput(Array(text.utf8))
    }

    struct Row {
        var name: String
        var value: String
    }

    func rows(for named: NamedSpring) -> [(section: String, rows: [Row])] {
        let s = named.spring
        let m = s.metrics(
            from: motion.from, to: motion.to, initialVelocity: motion.velocity, tolerances: Info.tolerances)
        func seconds(_ t: Double?) -> String { t.map { $0.isFinite ? "\(label($0, digits: 4)) s" : "never" } ?? "—" }
        var physics: [Row] = [
            Row(name: "damping ratio ζ", value: label(s.dampingRatio, digits: 6)),
            Row(name: "response", value: seconds(s.response)),
            Row(name: "mass", value: label(s.mass, digits: 6)),
            Row(name: "stiffness k", value: label(s.stiffness, digits: 6)),
            Row(name: "damping coefficient c", value: label(s.dampingCoefficient, digits: 6)),
            Row(name: "natural frequency ω", value: "\(label(s.naturalFrequency, digits: 5)) rad/s"),
            Row(name: "damped frequency ω_d", value: "\(label(s.dampedFrequency, digits: 5)) rad/s"),
            Row(name: "damped period", value: seconds(s.dampedPeriod)),
            Row(name: "time constant", value: seconds(s.timeConstant))
        ]
        physics.append(
            Row(
                name: "overshoot",
                value: m.overshoot > 0
                    ? "\(label(m.overshoot * 100, digits: 4)) % (\(label(m.overshootAmount, digits: 4)))" : "none"))
        physics.append(Row(name: "peak time", value: seconds(m.peakTime)))
        physics.append(Row(name: "rise time 10–90 %", value: seconds(m.riseTime)))
        physics.append(
            Row(name: "turning points above 1 %", value: m.turningPointCount.map(String.init) ?? "unbounded"))
        if let first = m.settleTimes.first {
            let analysis = SpringAnalysis(named, motion: motion.motion, tolerance: first.tolerance)
            physics.append(Row(name: "how long", value: analysis.howLong))
        }
        if explain {
            for settle in m.settleTimes.dropFirst() {
                let what = settle.tolerance == 0.001 ? " (export's exact settle)" : ""
                physics.append(
                    Row(name: "settles within \(label(settle.tolerance * 100)) %\(what)", value: seconds(settle.time)))
            }
            physics.append(
                Row(
                    name: "Wave's settle estimate",
                    value: "\(seconds(s.waveSettleEstimate)) (when Wave's animator stops)"))
        }

        var conventions: [Row] = [
            Row(
                name: "SwiftUI",
                value: Info.swiftUINote(s).map { "n/a (\($0))" }
                    ?? "Spring(duration: \(label(s.duration, digits: 6)), bounce: \(label(s.bounce, digits: 6)))"),
            Row(
                name: "Wave",
                value:
                    "Spring(dampingRatio: \(label(s.dampingRatio, digits: 6)), response: \(label(s.response, digits: 6)))"
            ),
            Row(
                name: "CASpringAnimation",
                value:
                    "mass \(label(s.mass, digits: 6)), stiffness \(label(s.stiffness, digits: 6)), damping \(label(s.dampingCoefficient, digits: 6))"
            )
        ]
        if !s.isInstantaneous {
            let android = s.android
            let framer = s.framerMotion
            let framerDuration = s.framerMotionDuration
            let react = s.reactSpring
            let origami = s.origami
            conventions += [
                Row(
                    name: "Android SpringForce",
                    value:
                        "stiffness \(label(android.stiffness, digits: 6)), dampingRatio \(label(android.dampingRatio, digits: 6))"
                ),
                Row(
                    name: "framer-motion",
                    value:
                        "stiffness \(label(framer.stiffness, digits: 6)), damping \(label(framer.damping, digits: 6)), mass \(label(framer.mass, digits: 6))"
                ),
                Row(
                    name: "framer-motion duration",
                    value:
                        "duration \(label(framerDuration.duration, digits: 5)) s, bounce \(label(framerDuration.bounce, digits: 5))"
                        + (s.dampingRatio > 1 || s.dampingRatio < 0.05 ? " (ratio clamped to 0.05…1)" : "")),
                Row(
                    name: "react-spring",
                    value:
                        "tension \(label(react.tension, digits: 6)), friction \(label(react.friction, digits: 6)), mass \(label(react.mass, digits: 6))"
                ),
                Row(
                    name: "Origami / POP",
                    value:
                        "tension \(label(origami.tension, digits: 6)), friction \(label(origami.friction, digits: 6))"
                        + (Info.origamiNote(s).map { " (\($0))" } ?? ""))
            ]
            let wave = s.waveEffective
            if wave.dampingCoefficient != s.dampingCoefficient {
                conventions.append(
                    Row(
                        name: "what Wave animates",
                        value:
                            "damping coefficient \(label(wave.dampingCoefficient, digits: 6)) (ζ \(label(wave.dampingRatio, digits: 4))): rubber-banded below 75"
                    ))
            }
        }
        return [("Spring: \(named.name)", physics), ("In other tools", conventions)]
    }

    /// Why SwiftUI cannot take this spring, if it cannot: for an enormous damping ratio the bounce
    /// 1/ζ − 1 rounds to −1, which `Spring(duration:bounce:)` (and --bounce) rejects.
    static func swiftUINote(_ s: Spring) -> String? {
        guard !(s.bounce > -1) else { return nil }
        return
            "ζ = \(label(s.dampingRatio, digits: 4)) needs bounce 1/ζ − 1, which rounds to −1; SwiftUI takes bounce > −1"
    }

    /// Why the Origami values are out of Origami's range, if they are. Origami maps tension and
    /// friction linearly onto a mass-1 spring, from stiffness 85.4 at tension 0 and damping 1 at
    /// friction 0 (see `Spring.Origami`); a softer or less damped spring comes out negative.
    static func origamiNote(_ s: Spring) -> String? {
        let origami = s.origami
        var notes: [String] = []
        if origami.tension < 0 {
            notes.append(
                "negative tension: too soft for Origami's parameterisation, whose scale starts at stiffness 85.4 per unit mass"
            )
        }
        if origami.friction < 0 {
            notes.append(
                "negative friction: too little damping for Origami's parameterisation, whose scale starts at damping coefficient 1 per unit mass"
            )
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    func table(for named: NamedSpring) -> String {
        var text = ""
        for section in rows(for: named) {
            text += section.section + "\n"
            let width = section.rows.map { $0.name.count }.max() ?? 0
            for row in section.rows {
                text +=
                    "  " + row.name + String(repeating: " ", count: width - row.name.count) + "  " + row.value + "\n"
            }
        }
        return text
    }

    func reply(for named: NamedSpring) -> InfoReply {
        InfoReply(
            named,
            metrics: named.spring.metrics(
                from: motion.from, to: motion.to, initialVelocity: motion.velocity,
                tolerances: Info.tolerances))
    }
}
