import SpringCharts
import SpringChoreography
import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringWire

/// A request the studio refuses: HTTP 400 with a one-line JSON error naming the parameter.
struct StudioInputError: Error, Equatable {
    /// What is wrong, by the same stable names the command line's spring checks use.
    var code: SpringInputError.Code
    var parameter: String?
    var message: String

    init(_ code: SpringInputError.Code, _ parameter: String?, _ message: String) {
        self.code = code
        self.parameter = parameter
        self.message = message
    }

    init(_ error: SpringInputError) {
        self.init(error.code, error.parameter, error.description)
    }

    var json: String {
        JSONWriter.text(ErrorReply(message, parameter: parameter, code: code.rawValue), pretty: false)
    }
}

/// The parameters of one studio request, checked by the same rules as the command line.
struct StudioRequest {
    /// The most springs one request may compare.
    static let maximumSprings = 4
    /// The longest query string accepted, in bytes.
    static let maximumQueryLength = 2048

    private(set) var numbers: [String: [Double]] = [:]
    private(set) var words: [String: String] = [:]

    /// Parameters that are words, not numbers.
    static let wordParameters: Set<String> = [
        "theme", "target-name", "code", "platform", "sequence", "path", "interaction"
    ]
    /// Number parameters besides the spring's.
    static let motionParameters = ["from", "to", "velocity"]
    static let otherParameters = [
        "width", "height", "tolerance", "epsilon", "span", "t", "target", "restart", "error", "fps"
    ]

    /// Parses `query` (already split into name/value pairs, percent-decoded), allowing `allowed` names.
    init(pairs: [(String, String)], allowed: Set<String>) throws(StudioInputError) {
        var seen: Set<String> = []
        for (name, value) in pairs {
            guard allowed.contains(name) else {
                throw StudioInputError(.unknownParameter, name, "\(name) is not a parameter of this endpoint")
            }
            guard seen.insert(name).inserted else {
                throw StudioInputError(.repeatedParameter, name, "\(name) is given more than once")
            }
            if StudioRequest.wordParameters.contains(name) {
                words[name] = value
                continue
            }
            let listed = name == "damping" || name == "response"
            let parts =
                listed ? value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value]
            if parts.count > StudioRequest.maximumSprings {
                throw StudioInputError(
                    .valueCount, name,
                    "\(name) takes at most \(StudioRequest.maximumSprings) values (got \(parts.count))")
            }
            var list: [Double] = []
            for part in parts {
                let trimmed = part.trimmingSpaces
                guard !trimmed.isEmpty, trimmed.count <= 32, let number = Double(trimmed) else {
                    throw StudioInputError(.notANumber, name, "\(name) must be a number (got '\(part.prefix(32))')")
                }
                list.append(number)
            }
            numbers[name] = list
        }
    }

    func number(_ name: String) -> Double? { numbers[name]?.first }
    func word(_ name: String) -> String? { words[name] }

    /// The most points a drawn target path may have.
    static let maximumPathPoints = 64

    /// The target path in `path`: `t:x` pairs separated by commas, times in seconds (0…60, increasing).
    func path() throws(StudioInputError) -> TargetPath {
        guard let text = words["path"], !text.isEmpty else {
            throw StudioInputError(.missingParameter, "path", "path is missing: give t:x pairs")
        }
        let pairs = text.split(separator: ",", omittingEmptySubsequences: false)
        guard pairs.count <= StudioRequest.maximumPathPoints else {
            throw StudioInputError(
                .overLimit, "path", "path takes at most \(StudioRequest.maximumPathPoints) points (got \(pairs.count))")
        }
        var points: [(time: Double, position: Double)] = []
        for pair in pairs {
            let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count <= 32 }),
                let t = Double(String(parts[0]).trimmingSpaces), let x = Double(String(parts[1]).trimmingSpaces)
            else {
                throw StudioInputError(
                    .malformed, "path", "path must be t:x pairs separated by commas (got '\(pair.prefix(40))')")
            }
            guard t.isFinite, (0...60).contains(t) else {
                throw StudioInputError(.outOfRange, "path", "path times must be between 0 and 60 s (got \(t))")
            }
            guard x.isFinite, abs(x) <= Motion.limit else {
                throw StudioInputError(
                    .outOfRange, "path", "path positions must lie between -1e100 and 1e100 (got \(x))")
            }
            if let last = points.last, !(t > last.time) {
                throw StudioInputError(.malformed, "path", "path times must increase (\(last.time) then \(t))")
            }
            points.append((t, x))
        }
        if let problem = ChaseInput.pathProblem(points) { throw StudioInputError(.outOfRange, "path", problem) }
        return TargetPath(points)
    }

    /// The most pieces a preview interaction may have.
    static let maximumInteractionPieces = 64

    /// The preview's last interaction in `interaction`, for the chart: pieces separated by commas,
    /// each `start:from:to:velocity` (a free motion of the first spring from `start` seconds on) or
    /// `start:drag` (the box held by the pointer from `start` until the next piece). Starts in 0…600 s,
    /// not decreasing; values within ±1e100. nil when the parameter is absent.
    func interaction() throws(StudioInputError) -> [InteractionPiece]? {
        guard let text = words["interaction"] else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= StudioRequest.maximumInteractionPieces else {
            throw StudioInputError(
                .overLimit, "interaction",
                "interaction takes at most \(StudioRequest.maximumInteractionPieces) pieces (got \(parts.count))")
        }
        var pieces: [InteractionPiece] = []
        for part in parts {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            let numbers = fields.map { $0.count <= 32 ? Double($0) : nil }
            let piece: InteractionPiece
            if fields.count == 2, fields[1] == "drag", let start = numbers[0] {
                piece = InteractionPiece(start: start, motion: nil)
            } else if fields.count == 4, let start = numbers[0], let from = numbers[1], let to = numbers[2],
                let velocity = numbers[3]
            {
                guard [from, to, velocity].allSatisfy({ $0.isFinite && abs($0) <= Motion.limit }) else {
                    throw StudioInputError(
                        .outOfRange, "interaction",
                        "interaction values must lie between -1e100 and 1e100 (got '\(part.prefix(40))')"
                    )
                }
                piece = InteractionPiece(start: start, motion: Motion(from: from, to: to, initialVelocity: velocity))
            } else {
                throw StudioInputError(
                    .malformed, "interaction",
                    "interaction must be start:from:to:velocity or start:drag pieces separated by commas (got '\(part.prefix(40))')"
                )
            }
            guard piece.start.isFinite, (0...600).contains(piece.start) else {
                throw StudioInputError(
                    .outOfRange, "interaction", "interaction starts must be between 0 and 600 s (got \(piece.start))")
            }
            if let last = pieces.last, piece.start < last.start {
                throw StudioInputError(
                    .malformed, "interaction",
                    "interaction starts must not decrease (\(last.start) then \(piece.start))")
            }
            pieces.append(piece)
        }
        return pieces
    }

    /// The spring sequence in `sequence` (JSON, the grammar `springplot --sequence` reads).
    func sequence() throws(StudioInputError) -> SpringSequence {
        guard let text = words["sequence"], !text.isEmpty else {
            throw StudioInputError(.missingParameter, "sequence", "sequence is missing: give the keyframes as JSON")
        }
        do {
            return try SequenceInput.parse(Array(text.utf8))
        } catch {
            throw StudioInputError(.malformed, "sequence", "sequence: \(error)")
        }
    }

    /// The spring parameters given, sorted by name.
    var springParameterNames: [String] {
        SpringInput.names.filter { numbers[$0] != nil }.sorted()
    }

    /// The springs described (up to ``maximumSprings``).
    func springs(maximum: Int = StudioRequest.maximumSprings) throws(StudioInputError) -> [NamedSpring] {
        var values: [String: [Double]] = [:]
        for name in SpringInput.names { if let list = numbers[name] { values[name] = list } }
        do {
            return try SpringInput(values: values).springs(maximum: maximum)
        } catch {
            throw StudioInputError(error)
        }
    }

    /// from, to and velocity; each one not given is `Motion.onScreen`'s (the preview's pixels).
    func motion() throws(StudioInputError) -> Motion {
        let given = Motion.onScreen
        let motion = Motion(
            from: number("from") ?? given.from, to: number("to") ?? given.to,
            initialVelocity: number("velocity") ?? given.initialVelocity)
        if let problem = motion.problem {
            throw StudioInputError(.outOfRange, problem.parameter, "\(problem.parameter) \(problem.message)")
        }
        return motion
    }

    /// A number within `range`, or the default.
    func bounded(_ name: String, _ range: ClosedRange<Double>, default value: Double) throws(StudioInputError) -> Double
    {
        guard let x = number(name) else { return value }
        guard x.isFinite, range.contains(x) else {
            throw StudioInputError(
                .outOfRange, name,
                "\(name) must be in \(label(range.lowerBound, digits: 6))…\(label(range.upperBound, digits: 6)) (got \(x))"
            )
        }
        return x
    }

    /// The settle tolerance, a fraction of the travel, in 10⁻⁶…0.5 (default 0.01): `tolerance`, or
    /// `epsilon`, its old name, still accepted.
    func tolerance() throws(StudioInputError) -> Double {
        if number("tolerance") != nil && number("epsilon") != nil {
            throw StudioInputError(
                .conflictingParameters, "epsilon", "epsilon is the old name of tolerance: give tolerance alone")
        }
        return try bounded(number("epsilon") != nil ? "epsilon" : "tolerance", 1e-6...0.5, default: 0.01)
    }

    /// `light` (default) or `dark`.
    func theme() throws(StudioInputError) -> Theme {
        switch words["theme"] {
        case nil, "light": return .light
        case "dark": return .dark
        case let other?:
            throw StudioInputError(.unknownName, "theme", "theme must be light or dark (got '\(other.prefix(32))')")
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// One piece of the preview's last interaction: the first spring's free motion from `start` (a
/// replay, a retarget, a fling's release), or, with `motion` nil, the box held by the pointer.
struct InteractionPiece: Sendable {
    var start: Double
    var motion: Motion?
}
