import ArgumentParser
import Foundation
import SpringConventions
import SpringMath

/// A spring sequence as a JSON file:
///
/// ```json
/// {"from": 10, "velocity": 0, "keyframes": [
///   {"to": 100, "at": 0, "spring": {"dampingRatio": 0.68, "response": 0.8}},
///   {"to": 40, "at": 0.45, "spring": {"stiffness": 300, "dampingCoefficient": 20, "mass": 1}},
///   {"to": 70, "at": 1.1, "spring": {"duration": 0.5, "bounce": 0.3}}]}
/// ```
///
/// `velocity` defaults to 0 and the first keyframe's `at` to 0; a spring is `dampingRatio` and
/// `response` (with `mass`), `stiffness` and `dampingCoefficient` (with `mass`), or SwiftUI's `duration`
/// and `bounce`. Every problem is one line naming the file, the keyframe and the key.
enum SequenceFile {
    static let maximumBytes = 1 << 20
    static let maximumKeyframes = 1000
    /// The latest `at`, in seconds.
    static let maximumTime = 3600.0

    /// With `--sequence`, the file gives the springs and the motion: spring options, and motion
    /// options other than their defaults, are refused.
    static func rejectSingleSpring(_ spring: OneSpringOptions, _ motion: MotionOptions? = nil, sequence: String) throws {
        if sequence.isEmpty { throw ValidationError("--sequence must not be empty") }
        if spring.fromCode != nil || !spring.input.values.isEmpty {
            throw ValidationError("--sequence cannot be combined with \(spring.givenOptions): the file gives each keyframe's spring")
        }
        if let motion {
            let defaults = Motion()
            for (name, value, fallback) in [("--from", motion.from, defaults.from), ("--to", motion.to, defaults.to),
                                            ("--velocity", motion.velocity, defaults.initialVelocity)] where value != fallback {
                throw ValidationError("--sequence cannot be combined with \(name): the file gives from, velocity and each keyframe's to")
            }
        }
    }

    static func read(_ path: String, option: String = "--sequence") throws -> SpringSequence {
        let name = path == "-" ? "(standard input)" : path
        let bytes = try TrajectoryFile.contents(of: path, name: name, option: option, limit: maximumBytes)
        return try parse(bytes, name: name, option: option)
    }

    static func parse(_ bytes: [UInt8], name: String, option: String = "--sequence") throws -> SpringSequence {
        func fail(_ text: String) -> ValidationError { ValidationError("\(option) \(name): \(text)") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw fail("not valid JSON (or a number too large for a double)")
        }
        guard let object = root as? [String: Any] else { throw fail("expected an object with from and keyframes") }
        try onlyKeys(object, ["from", "velocity", "keyframes"], in: "the sequence", fail)
        let from = try number(object["from"], "from", fail) ?? { throw fail("from is missing") }()
        let velocity = try number(object["velocity"], "velocity", fail) ?? 0
        guard let list = object["keyframes"] as? [Any] else {
            throw fail(object["keyframes"] == nil ? "keyframes is missing" : "keyframes must be a list")
        }
        guard !list.isEmpty else { throw fail("keyframes must hold at least one keyframe") }
        guard list.count <= maximumKeyframes else { throw fail("at most \(maximumKeyframes) keyframes (got \(list.count))") }
        for (key, value) in [("from", from), ("velocity", velocity)] where abs(value) > Motion.limit {
            throw fail("\(key) must lie between -1e100 and 1e100 (got \(value))")
        }
        var keyframes: [SpringKeyframe] = []
        for (index, item) in list.enumerated() {
            let place = "keyframe \(index + 1)"
            guard let frame = item as? [String: Any] else { throw fail("\(place) must be an object with to, at and spring") }
            try onlyKeys(frame, ["to", "at", "spring"], in: place, fail)
            let to = try number(frame["to"], "\(place): to", fail) ?? { throw fail("\(place): to is missing") }()
            if abs(to) > Motion.limit { throw fail("\(place): to must lie between -1e100 and 1e100 (got \(to))") }
            let at: Double
            if let given = try number(frame["at"], "\(place): at", fail) {
                at = given
            } else if index == 0 {
                at = 0
            } else {
                throw fail("\(place): at is missing (only the first keyframe's defaults to 0)")
            }
            guard at >= 0 && at <= maximumTime else { throw fail("\(place): at must be between 0 and \(Int(maximumTime)) s (got \(at))") }
            if let previous = keyframes.last, !(at > previous.at) {
                throw fail("\(place): at must come after keyframe \(index)'s (\(shortest(previous.at)) s; got \(shortest(at)))")
            }
            guard let springObject = frame["spring"] as? [String: Any] else {
                throw fail(frame["spring"] == nil ? "\(place): spring is missing" : "\(place): spring must be an object")
            }
            keyframes.append(SpringKeyframe(to: to, at: at, spring: try spring(springObject, place: place, fail)))
        }
        return SpringSequence(from: from, velocity: velocity, keyframes: keyframes)
    }

    /// The spring of one keyframe, in one of its three forms.
    private static func spring(_ object: [String: Any], place: String, _ fail: (String) -> ValidationError) throws -> Spring {
        let forms: [[String]] = [["dampingRatio", "response", "mass"], ["stiffness", "dampingCoefficient", "mass"], ["duration", "bounce"]]
        let keys = Set(object.keys)
        let ask = "give dampingRatio and response, stiffness and dampingCoefficient (each with an optional mass), or duration and bounce"
        guard let form = forms.first(where: { keys.isSubset(of: Set($0)) && keys.isSuperset(of: Set($0.prefix(2))) }) else {
            if let stray = keys.sorted().first(where: { key in !forms.contains { $0.contains(key) } }) {
                throw fail("\(place): spring has an unknown key '\(stray)': \(ask)")
            }
            throw fail("\(place): spring: \(ask)")
        }
        var values: [String: Double] = [:]
        for key in form {
            if let value = try number(object[key], "\(place): spring \(key)", fail) { values[key] = value }
        }
        let mass = values["mass"] ?? 1
        let spring: Spring
        do {
            switch form[0] {
            case "dampingRatio": spring = try Spring.validated(dampingRatio: values["dampingRatio"]!, response: values["response"]!, mass: mass)
            case "stiffness": spring = try Spring.validated(mass: mass, stiffness: values["stiffness"]!, dampingCoefficient: values["dampingCoefficient"]!)
            default: spring = try Spring.validated(duration: values["duration"]!, bounce: values["bounce"]!)
            }
        } catch {
            throw fail("\(place): spring \(error)")
        }
        if spring.isInstantaneous { throw fail("\(place): spring needs a response > 0 (a response-0 spring is a jump)") }
        return spring
    }

    /// The number under `key`, nil when absent; a non-number or a non-finite one is an error.
    private static func number(_ value: Any?, _ key: String, _ fail: (String) -> ValidationError) throws -> Double? {
        guard let value else { return nil }
        // JSON's true and false arrive as NSNumbers too, of their own class.
        guard let number = value as? NSNumber, type(of: number) != type(of: NSNumber(value: true)) else {
            throw fail("\(key) must be a number")
        }
        let double = number.doubleValue
        guard double.isFinite else { throw fail("\(key) must be finite") }
        return double
    }

    private static func onlyKeys(_ object: [String: Any], _ allowed: Set<String>, in place: String,
                                 _ fail: (String) -> ValidationError) throws {
        if let stray = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail("\(place) has an unknown key '\(stray)' (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}
