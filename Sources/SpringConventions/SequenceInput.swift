import FoundationEssentials
import SpringChoreography
import SpringFormatting
import SpringMath

/// A spring sequence as a person writes it, in JSON: the one grammar `springplot data --sequence`,
/// `springplot sequence`, `springplot export --sequence` and the studio read.
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
/// and `bounce`. Unknown keys are refused (a typo would otherwise be ignored), and every problem is
/// one sentence naming the keyframe and the key.
public enum SequenceInput {
    /// The longest text read, in bytes.
    public static let maximumBytes = 1 << 20
    public static let maximumKeyframes = 1000
    /// The latest `at`, in seconds.
    public static let maximumTime = 3600.0

    /// Why a sequence could not be read: one sentence, e.g. "keyframe 2: at must come after keyframe 1's".
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
        /// Control characters (a key may hold an escaped line break) are written as Swift escapes them,
        /// so that every problem is one line.
        init(_ description: String) {
            self.description = description.unicodeScalars.map {
                $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
            }.joined()
        }
    }

    /// The sequence in `bytes` (UTF-8 JSON).
    public static func parse(_ bytes: [UInt8]) throws(Problem) -> SpringSequence {
        guard bytes.count <= maximumBytes else { throw Problem("longer than \(maximumBytes >> 20) MiB") }
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw Problem("not valid JSON (or a number too large for a double)")
        }
        // The decoder keeps one of two equal keys without a word, and which one differs between
        // readers (the page's JSON.parse keeps the last): a key given twice is refused instead.
        if let key = duplicateKey(in: bytes) {
            throw Problem("the key '\(key.prefix(40))' appears twice in one object: give each key once")
        }
        guard case .object(let object) = root else { throw Problem("expected an object with from and keyframes") }
        try onlyKeys(object, ["from", "velocity", "keyframes"], in: "the sequence")
        guard let from = try number(object["from"], "from") else { throw Problem("from is missing") }
        let velocity = try number(object["velocity"], "velocity") ?? 0
        guard case .array(let list)? = object["keyframes"] else {
            throw Problem(object["keyframes"] == nil ? "keyframes is missing" : "keyframes must be a list")
        }
        guard !list.isEmpty else { throw Problem("keyframes must hold at least one keyframe") }
        guard list.count <= maximumKeyframes else {
            throw Problem("at most \(maximumKeyframes) keyframes (got \(list.count))")
        }
        for (key, value) in [("from", from), ("velocity", velocity)] where abs(value) > Motion.limit {
            throw Problem("\(key) must lie between -1e100 and 1e100 (got \(value))")
        }
        var keyframes: [SpringKeyframe] = []
        for (index, item) in list.enumerated() {
            let place = "keyframe \(index + 1)"
            guard case .object(let frame) = item else {
                throw Problem("\(place) must be an object with to, at and spring")
            }
            try onlyKeys(frame, ["to", "at", "spring"], in: place)
            guard let to = try number(frame["to"], "\(place): to") else { throw Problem("\(place): to is missing") }
            if abs(to) > Motion.limit { throw Problem("\(place): to must lie between -1e100 and 1e100 (got \(to))") }
            let at: Double
            if let given = try number(frame["at"], "\(place): at") {
                at = given
            } else if index == 0 {
                at = 0
            } else {
                throw Problem("\(place): at is missing (only the first keyframe's defaults to 0)")
            }
            guard at >= 0 && at <= maximumTime else {
                throw Problem("\(place): at must be between 0 and \(Int(maximumTime)) s (got \(at))")
            }
            if let previous = keyframes.last, !(at > previous.at) {
                throw Problem(
                    "\(place): at must come after keyframe \(index)'s (\(NumberFormat.data(previous.at)) s; got \(NumberFormat.data(at)))"
                )
            }
            guard case .object(let springObject)? = frame["spring"] else {
                throw Problem(
                    frame["spring"] == nil ? "\(place): spring is missing" : "\(place): spring must be an object")
            }
            keyframes.append(SpringKeyframe(to: to, at: at, spring: try spring(springObject, place: place)))
        }
        return SpringSequence(from: from, velocity: velocity, keyframes: keyframes)
    }

    /// The spring of one keyframe, in one of its three forms.
    private static func spring(_ object: [String: JSONValue], place: String) throws(Problem) -> Spring {
        let forms: [[String]] = [
            ["dampingRatio", "response", "mass"], ["stiffness", "dampingCoefficient", "mass"], ["duration", "bounce"]
        ]
        let keys = Set(object.keys)
        let ask =
            "give dampingRatio and response, stiffness and dampingCoefficient (each with an optional mass), or duration and bounce"
        guard let form = forms.first(where: { keys.isSubset(of: Set($0)) && keys.isSuperset(of: Set($0.prefix(2))) })
        else {
            if let stray = keys.sorted().first(where: { key in !forms.contains { $0.contains(key) } }) {
                throw Problem("\(place): spring has an unknown key '\(stray)': \(ask)")
            }
            throw Problem("\(place): spring: \(ask)")
        }
        var values: [String: Double] = [:]
        for key in form {
            if let value = try number(object[key], "\(place): spring \(key)") { values[key] = value }
        }
        let mass = values["mass"] ?? 1
        let spring: Spring
        do {
            switch form[0] {
            case "dampingRatio":
                spring = try Spring.validated(
                    dampingRatio: values["dampingRatio"] ?? 0, response: values["response"] ?? 0, mass: mass)
            case "stiffness":
                spring = try Spring.validated(
                    mass: mass, stiffness: values["stiffness"] ?? 0,
                    dampingCoefficient: values["dampingCoefficient"] ?? 0)
            default:
                spring = try Spring.validated(duration: values["duration"] ?? 0, bounce: values["bounce"] ?? 0)
            }
        } catch {
            throw Problem("\(place): spring \(error)")
        }
        if spring.isInstantaneous {
            throw Problem("\(place): spring needs a response > 0 (a response-0 spring is a jump)")
        }
        if let violation = SpringDomain.violation(spring) { throw Problem("\(place): \(violation.sentence(spring))") }
        return spring
    }

    /// The first key that appears twice in one object of `bytes`, which must be valid JSON (it is
    /// decoded first): a scan of strings and brackets only, keys compared after their escapes are read.
    package static func duplicateKey(in bytes: [UInt8]) -> String? {
        // One entry per open bracket: the keys seen so far for an object, nil for an array.
        var open: [Set<String>?] = []
        var expectingKey = false
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                let start = i + 1
                var end = start, escaped = false
                while end < bytes.count {
                    if escaped {
                        escaped = false
                    } else if bytes[end] == UInt8(ascii: "\\") {
                        escaped = true
                    } else if bytes[end] == UInt8(ascii: "\"") {
                        break
                    }
                    end += 1
                }
                if expectingKey, let last = open.indices.last, open[last] != nil {
                    let raw = bytes[start..<min(end, bytes.count)]
                    let key =
                        raw.contains(UInt8(ascii: "\\"))
                        ? (try? JSONDecoder().decode(
                            String.self, from: Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])))
                            ?? String(decoding: raw, as: UTF8.self)
                        : String(decoding: raw, as: UTF8.self)
                    if open[last]!.contains(key) { return key }
                    open[last]!.insert(key)
                    expectingKey = false
                }
                i = end + 1
                continue
            case UInt8(ascii: "{"):
                open.append([])
                expectingKey = true
            case UInt8(ascii: "["):
                open.append(nil)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = open.popLast()
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = open.last.map { $0 != nil } ?? false
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// The number under `key`, nil when absent; anything else (a string, true, null) is a problem.
    private static func number(_ value: JSONValue?, _ key: String) throws(Problem) -> Double? {
        guard let value else { return nil }
        guard case .number(let number) = value else { throw Problem("\(key) must be a number") }
        guard number.isFinite else { throw Problem("\(key) must be finite") }
        return number
    }

    private static func onlyKeys(_ object: [String: JSONValue], _ allowed: Set<String>, in place: String)
        throws(Problem)
    {
        if let stray = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Problem(
                "\(place) has an unknown key '\(stray)' (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}

/// Any JSON value, as the sequence grammar reads it (numbers apart from true and false).
private enum JSONValue: Decodable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
