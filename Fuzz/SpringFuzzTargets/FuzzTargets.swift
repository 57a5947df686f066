import SpringChoreography
import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringPlotCommands
import SpringStudio
import SpringWire

/// The fuzz targets: each takes arbitrary bytes through one of SpringKit's untrusted-input paths and
/// checks what a user is promised of it. A target returns normally for every input; a crash, a trap,
/// a hang (libFuzzer's `-timeout`) or an oversized allocation (`-rss_limit_mb`, `-malloc_limit_mb`)
/// is the finding. Broken promises that are not crashes (a refusal longer than one line) trap with
/// `precondition`, so that libFuzzer saves the input too.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A trajectory file, as `verify` and `fit` read it.
    case trajectory
    /// Pasted platform code, as `--from-code` and the studio's code box read it.
    case fromCode = "from-code"
    /// A studio request: the first line is the `Host` header, the second the path and query.
    case studioRequest = "studio-request"
    /// Spring parameters in every convention, with a motion, through the maths and every export.
    case springInput = "spring-input"
    /// A springplot command line (arguments separated by NUL bytes), parsed and validated.
    case commandLine = "command-line"
    /// A spring sequence file, as `--sequence` and the studio read it, sampled and exported.
    case sequence
    /// A chase of a moving target: the spring, the motion, the target's velocity, the time span and
    /// rates as `springplot chase` takes them (its chart built), and a drawn path as the studio's
    /// `/api/chase.json` takes it, from the same numbers.
    case chase
    /// A query string, as the studio's chase and sequence endpoints read it.
    case studioQuery = "studio-query"
    /// `springplot animate`'s options (its mode, spring, motion, timing and size), planned against
    /// the caps and its frames laid out, nothing encoded.
    case animate

    /// Runs the target on one input.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .trajectory: FuzzTargets.trajectory(bytes)
        case .fromCode: FuzzTargets.fromCode(bytes)
        case .studioRequest: FuzzTargets.studioRequest(bytes)
        case .springInput: FuzzTargets.springInput(bytes)
        case .commandLine: FuzzTargets.commandLine(bytes)
        case .sequence: FuzzTargets.sequence(bytes)
        case .chase: FuzzTargets.chase(bytes)
        case .studioQuery: FuzzTargets.studioQuery(bytes)
        case .animate: FuzzTargets.animate(bytes)
        }
    }
}

enum FuzzTargets {
    /// A refusal is one line with something in it.
    static func checkOneLine(_ message: String, _ context: @autoclosure () -> String) {
        let trimmed = message.hasSuffix("\n") ? String(message.dropLast()) : message
        precondition(!trimmed.isEmpty, "empty refusal for \(context())")
        precondition(!trimmed.contains("\n"), "a refusal of more than one line for \(context()): \(trimmed)")
    }

    static func trajectory(_ bytes: [UInt8]) {
        switch FuzzEntryPoints.readTrajectory(bytes) {
        case .success(let count): precondition(count >= 1, "a trajectory with no samples was accepted")
        case .failure(let refusal): checkOneLine(refusal.message, "a trajectory file")
        }
    }

    static func fromCode(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let code = try SpringCode(text)
            exercise(code.spring.spring, motion: .onScreen)
        } catch {
            checkOneLine(error.description, "pasted code")
        }
    }

    static func studioRequest(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let host = String(lines[0])
        _ = StudioServer.answersHost(host, boundTo: "127.0.0.1")
        _ = StudioServer.answersHost(host, boundTo: "localhost")
        guard lines.count > 1 else { return }
        let target = lines[1]
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let reply = StudioServer.respond(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : "")
        precondition((200..<600).contains(reply.status), "status \(reply.status)")
        precondition(
            reply.status < 500 || reply.status == 503, "a server error (\(reply.status)) for \(target.prefix(200))")
    }

    /// The parameter names of every convention, in a fixed order: the input picks them by index.
    static let names = SpringInput.names

    static func springInput(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        var values: [String: [Double]] = [:]
        let motion = Motion(from: reader.double(), to: reader.double(), initialVelocity: reader.double())
        while let selector = reader.byte() {
            let name = names[Int(selector) % names.count]
            values[name, default: []].append(reader.double())
        }
        let springs: [NamedSpring]
        do {
            springs = try SpringInput(values: values).springs(maximum: 4)
        } catch {
            checkOneLine(error.description, "spring input \(values)")
            return
        }
        if let problem = motion.problem {
            checkOneLine(problem.message, "motion \(motion)")
            return
        }
        for named in springs { exercise(named.spring, motion: motion) }
    }

    static func commandLine(_ bytes: [UInt8]) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if let refusal = FuzzEntryPoints.validateCommandLine(arguments) {
            // Help and usage texts are many lines by design; a refusal's first line is what is printed.
            _ = refusal.message.split(separator: "\n").first
        }
    }

    /// A sequence file: refused in one sentence, or sampled, charted in spans and exported to every
    /// sequence target (or refused by the export's own checks, in one sentence).
    static func sequence(_ bytes: [UInt8]) {
        let sequence: SpringSequence
        do {
            sequence = try SequenceInput.parse(bytes)
        } catch {
            checkOneLine(error.description, "a sequence file")
            return
        }
        let span = SequenceChart.suggestedSpan(sequence, tolerance: 0.01)
        precondition(span.isFinite && span > 0, "span \(span) for \(sequence)")
        for i in 0...16 { _ = sequence.state(at: span * Double(i) / 16) }
        if let problem = SequenceExport.problem(sequence) {
            checkOneLine(problem, "an unexportable sequence")
            return
        }
        let travel = abs(sequence.travel)
        let export = SequenceExport(sequence: sequence, cssError: travel > 0 ? travel / 100 : 0.5)
        _ = try? export.export(SequenceExport.targets, strict: false)
    }

    /// The first byte picks the mode (springs, retarget, platforms, chase) and which timing and size
    /// options follow; the doubles are the spring's damping ratio and response, from, to, the
    /// velocity, the mode's number (the switch time, the platforms' rate, the target's velocity),
    /// then --fps, --duration, --hold, --width, --height and --scale where the byte says so. A
    /// planned clip stays within the caps; a refusal is one line.
    static func animate(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        let form = reader.byte() ?? 0
        let a = reader.double(), b = reader.double()
        let from = reader.double(), to = reader.double(), velocity = reader.double(), mode = reader.double()
        var arguments = [
            "--damping", "\(a)", "--response", "\(b)", "--from", "\(from)", "--to", "\(to)", "--velocity",
            "\(velocity)"
        ]
        switch form % 4 {
        case 1: arguments += ["--at", "\(mode)", "--new-target", "\(reader.double())"]
        case 2: arguments += ["--platform", "react-spring,android", "--platform-fps", "\(mode)"]
        case 3: arguments += ["--target-velocity", "\(mode)"]
        default: break
        }
        for (bit, option) in [
            (4, "--fps"), (8, "--duration"), (16, "--hold"), (32, "--width"), (64, "--height"), (128, "--scale")
        ] where Int(form) & bit != 0 {
            arguments += [option, "\(reader.double())"]
        }
        switch FuzzEntryPoints.animatePlan(arguments) {
        case .success(let frames):
            precondition(
                frames >= 1 && frames <= MotionClip.maximumFrames,
                "a clip of \(frames) frames was planned for \(arguments)")
        case .failure(let refusal):
            checkOneLine(refusal.message, "animate \(arguments)")
        }
    }

    /// The first byte picks how the spring is given (damping and response, stiffness and damping
    /// coefficient, or pasted code built from the numbers); the doubles that follow are its two
    /// parameters, from, to, the velocity, the target's velocity and (when the byte says so) the time
    /// span and one frame rate, then up to eight path points.
    static func chase(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        let form = reader.byte() ?? 0
        let a = reader.double(), b = reader.double()
        let from = reader.double(), to = reader.double(), velocity = reader.double(), targetVelocity = reader.double()
        var arguments: [String]
        switch form % 3 {
        case 0: arguments = ["--damping", "\(a)", "--response", "\(b)"]
        case 1: arguments = ["--stiffness", "\(a)", "--damping-coefficient", "\(b)"]
        default: arguments = ["--from-code", "spring(dampingRatio = \(a)f, stiffness = \(b)f)"]
        }
        arguments += [
            "--from", "\(from)", "--to", "\(to)", "--velocity", "\(velocity)", "--target-velocity", "\(targetVelocity)"
        ]
        if form & 4 != 0 { arguments += ["--time-span", "\(reader.double())"] }
        if form & 8 != 0 { arguments += ["--fps", "\(reader.double())"] }
        if let refusal = FuzzEntryPoints.chaseChart(arguments) {
            checkOneLine(refusal.message, "chase \(arguments)")
        }
        var points: [String] = []
        while points.count < 8, let _ = reader.byte() { points.append("\(reader.double()):\(reader.double())") }
        let names = form % 3 == 1 ? ("stiffness", "damping-coefficient") : ("damping", "response")
        var query = "\(names.0)=\(a)&\(names.1)=\(b)&from=\(from)&velocity=\(velocity)"
        if !points.isEmpty { query += "&path=" + points.joined(separator: ",") }
        // "1e+100" would read as "1e 100" ('+' is a space in a query): sent escaped, as a page sends it.
        let reply = StudioServer.respond(
            path: "/api/chase.json", query: query.replacingOccurrences(of: "+", with: "%2B"))
        precondition((200..<600).contains(reply.status), "status \(reply.status)")
        precondition(
            reply.status < 500 || reply.status == 503, "a server error (\(reply.status)) for \(query.prefix(300))")
    }

    /// The studio's endpoints that read a drawn path or a sequence.
    static let queriedPaths = [
        "/api/chase.json", "/api/sequence.json", "/api/sequence.svg", "/api/sequence-export.json"
    ]

    /// `bytes` as the query of each endpoint that reads a path or a sequence: every answer is a reply,
    /// never a server error.
    static func studioQuery(_ bytes: [UInt8]) {
        let query = String(decoding: bytes, as: UTF8.self)
        for path in queriedPaths {
            let reply = StudioServer.respond(path: path, query: query)
            precondition((200..<600).contains(reply.status), "status \(reply.status)")
            precondition(
                reply.status < 500 || reply.status == 503,
                "a server error (\(reply.status)) for \(path)?\(query.prefix(300))")
        }
    }

    /// What every command does with an accepted spring and motion: settle times, metrics and every
    /// export with its platform measurements. All of it must finish for every accepted input.
    static func exercise(_ spring: Spring, motion: Motion) {
        guard !spring.isInstantaneous else { return }
        let analysis = SpringAnalysis(NamedSpring(spring: spring, name: "fuzz"), motion: motion, tolerance: 0.01)
        _ = analysis.settleTime
        _ = analysis.suggestedSpan
        _ = analysis.metrics
        let travel = abs(motion.to - motion.from)
        let error = travel > 0 ? travel / 100 : 0.5
        let request = ExportRequest(spring: spring, motion: motion, cssError: error, frameRates: [60])
        _ = try? request.exportAll()
    }
}

/// Reads bytes as small integers and doubles, yielding zeros once they run out.
struct ByteReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    mutating func byte() -> UInt8? {
        bytes.popFirst()
    }

    /// Eight bytes as a double's bit pattern (every double, NaN and infinities included, is reachable).
    mutating func double() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(bytes.popFirst() ?? 0) }
        return Double(bitPattern: bits)
    }
}
