import SpringCharts
import SpringChoreography
import SpringConventions
import SpringExport
import SpringFigures
import SpringFormatting
import SpringMath
import SpringPlatforms
import SpringWire
import Synchronization
import WaveRuntime

/// What an endpoint answers: a status, a content type and the body.
struct StudioReply: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]

    static func json(_ text: String, status: Int = 200) -> StudioReply {
        StudioReply(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }

    static func error(_ error: StudioInputError) -> StudioReply {
        .json(error.json, status: 400)
    }
}

/// The studio's endpoints as plain functions of their parameters, so they are tested without HTTP.
enum StudioEndpoints {
    /// One path, what it takes, and what it answers.
    struct Endpoint: Sendable {
        let path: String
        let parameters: Set<String>
        let handler: @Sendable (StudioRequest) throws(StudioInputError) -> StudioReply
    }

    static let springParameters = Set(SpringInput.names)
    static let motionParameters: Set<String> = ["from", "to", "velocity"]
    static let chartParameters = springParameters.union(motionParameters)
        .union(["width", "height", "theme", "tolerance", "epsilon", "span", "text", "interaction"])

    static let endpoints: [Endpoint] = [
        Endpoint(
            path: "/api/chart.svg", parameters: chartParameters,
            handler: { request throws(StudioInputError) in
                try chart(request, format: .svg)
            }),
        Endpoint(
            path: "/api/chart.png", parameters: chartParameters.union(["scale"]),
            handler: { request throws(StudioInputError) in
                try chart(request, format: .png)
            }),
        Endpoint(
            path: "/api/spring.json",
            parameters: springParameters.union(motionParameters).union(["tolerance", "epsilon"]),
            handler: spring),
        Endpoint(
            path: "/api/export.json", parameters: springParameters.union(motionParameters).union(["error"]),
            handler: export),
        Endpoint(path: "/api/studio.json", parameters: [], handler: { _ throws(StudioInputError) in definitions }),
        Endpoint(path: "/api/code.json", parameters: ["code"], handler: code),
        Endpoint(
            path: "/api/platform.json", parameters: springParameters.union(motionParameters).union(["platform", "fps"]),
            handler: platform),
        Endpoint(path: "/api/sequence.json", parameters: ["sequence"], handler: sequence),
        Endpoint(
            path: "/api/sequence.svg", parameters: ["sequence", "width", "height", "theme", "tolerance", "text"],
            handler: sequenceChart),
        Endpoint(path: "/api/sequence-export.json", parameters: ["sequence", "error"], handler: sequenceExport),
        Endpoint(
            path: "/api/chase.json", parameters: springParameters.union(["from", "velocity", "path"]), handler: chase),
        Endpoint(
            path: "/api/clip.gif", parameters: clipParameters,
            handler: { request throws(StudioInputError) in try clip(request, format: .gif) }),
        Endpoint(
            path: "/api/clip.webm", parameters: clipParameters,
            handler: { request throws(StudioInputError) in try clip(request, format: .webm) }),
        Endpoint(
            path: "/api/lottie.json", parameters: springParameters.union(motionParameters).union(["error"]),
            handler: lottie),
        Endpoint(
            path: "/api/segment.json",
            parameters: springParameters.union(motionParameters).union(["t", "target", "restart"]),
            handler: segment)
    ]

    /// Answers `path` with the raw query pairs: 404 for an unknown path, 400 for bad parameters.
    static func reply(path: String, query: [(String, String)], queryLength: Int) -> StudioReply {
        if let file = WebFiles.files[path == "/" ? "index.html" : String(path.dropFirst())] {
            return StudioReply(status: 200, contentType: file.contentType, body: Array(file.text.utf8))
        }
        if path == "/spring.js" {
            return StudioReply(
                status: 200, contentType: "text/javascript; charset=utf-8", body: Array(PreviewPage.springScript.utf8))
        }
        if path == "/favicon.ico" { return StudioReply(status: 204, contentType: "image/x-icon", body: []) }
        guard let endpoint = endpoints.first(where: { $0.path == path }) else {
            return .encoded(ErrorReply("no such page or endpoint"), status: 404)
        }
        guard queryLength <= StudioRequest.maximumQueryLength else {
            return .error(
                StudioInputError(.overLimit, nil, "the query is longer than \(StudioRequest.maximumQueryLength) bytes"))
        }
        do {
            let request = try StudioRequest(pairs: query, allowed: endpoint.parameters)
            return try endpoint.handler(request)
        } catch {
            return .error(error)
        }
    }

    // MARK: Definitions

    /// `GET /api/studio.json`: what the page shows from the Swift definitions, so that nothing is
    /// copied into the page: the presets (as the query that loads each), the chart palettes (the
    /// preview and the legend use the same colour per spring as the chart), the export targets and
    /// the rules of every field (SpringInput's and Motion's, with the studio's own: it plays and
    /// exports the spring, so a response or duration of 0, an instant jump, is refused up front).
    static let definitions: StudioReply = {
        let families = [
            "wave": "Wave", "swiftui": "SwiftUI", "m3": "Material 3", "figma": "Figma", "react-spring": "react-spring"
        ]
        let presets = SpringPreset.all.map { preset in
            let s = preset.spring
            var query = "damping=\(s.dampingRatio)&response=\(s.response)"
            if s.mass != 1 { query += "&mass=\(s.mass)" }
            return StudioReplies.Definitions.Preset(
                name: preset.name, family: families[preset.family] ?? preset.family,
                title: preset.title, query: query)
        }
        return .encoded(
            StudioReplies.Definitions(
                presets: presets,
                palettes: .init(light: Theme.light.palette.map(\.hexString), dark: Theme.dark.palette.map(\.hexString)),
                targets: ExportTarget.allCases.map { .init(target: $0.rawValue, title: $0.title) },
                fields: fieldRules, sequence: .init(maximumTime: SequenceInput.maximumTime),
                defaults: .init(
                    damping: SpringInput.defaultDamping, response: SpringInput.defaultResponse,
                    mass: SpringInput.defaultMass,
                    from: Motion.onScreen.from, to: Motion.onScreen.to, velocity: Motion.onScreen.initialVelocity),
                limits: .init(
                    compared: StudioRequest.maximumSprings - 1,
                    span: .init(lower: spanRange.lowerBound, upper: spanRange.upperBound),
                    frameRates: pageFrameRates)))
    }()

    /// The chart's time axis a request may fix, in seconds.
    static let spanRange: ClosedRange<Double> = 0.001...600
    /// The frame rates the page offers for a platform's steps (`/api/platform.json` takes 10–240).
    static let pageFrameRates: [Double] = [60, 120]

    /// Each parameter's rule as the page's fields apply it.
    static var fieldRules: [String: StudioReplies.Definitions.Field] {
        var rules = SpringInput.rules
        for name in ["from", "to", "velocity"] { rules[name] = Motion.rule }
        return rules.reduce(into: [:]) { fields, entry in
            let (name, given) = entry
            let playsAndExports = name == "response" || name == "swiftui-duration"
            let rule = playsAndExports ? ValueRule.positive : given
            let message =
                "\(name) \(rule.requirement)"
                + (playsAndExports ? " (0 is an instant jump: nothing to play or export)" : "")
            fields[name] = .init(
                lower: rule.lower, lowerInclusive: rule.lowerInclusive, upper: rule.upper,
                upperInclusive: rule.upperInclusive, message: message)
        }
    }

    // MARK: Platform

    /// `GET /api/platform.json?platform=react-spring&fps=60&…`: what that platform displays for the
    /// spring and motion, frame by frame (SpringPlatforms' model), for the page to play beside the
    /// exact motion.
    static func platform(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        guard let name = request.word("platform"), let platform = Platform(rawValue: name) else {
            throw StudioInputError(
                .unknownName, "platform",
                "platform must be one of \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let spring = try request.springs()[0].spring
        guard !spring.isInstantaneous else {
            throw StudioInputError(
                .instantaneousSpring, "response", "a response-0 spring is an instant jump: nothing to step")
        }
        let motion = try request.motion()
        let fps = try request.bounded("fps", 10...240, default: 60)
        let trajectory = platform.model(for: spring, from: motion.from, to: motion.to, velocity: motion.initialVelocity)
            .trajectory(from: motion.from, to: motion.to, schedule: FrameSchedule(frameRate: fps), limit: 30)
        return .encoded(
            StudioReplies.PlatformFrames(
                platform: platform.rawValue, title: platform.title, fps: fps,
                positions: trajectory.positions, finished: trajectory.finished))
    }

    // MARK: Code

    /// `GET /api/code.json?code=…`: the spring in a piece of pasted platform code (the parser behind
    /// `springplot --from-code`); code with no spring in it gets `{"problem": …}` naming what could not
    /// be read (an answer, see ``StudioReplies/Problem``); no code at all is a bad request (400).
    static func code(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        guard let text = request.word("code"), !text.isEmpty else {
            throw StudioInputError(.missingParameter, "code", "code is missing: paste a spring")
        }
        let parsed: SpringCode
        do {
            parsed = try SpringCode(text)
        } catch {
            return .encoded(StudioReplies.Problem(problem: error.description))
        }
        return .encoded(StudioReplies.Code(reading: parsed.reading, spring: SpringReply(parsed.spring.spring)))
    }

    // MARK: Chart

    /// Cairo and FreeType state is shared per process; renders take turns.
    private static let renderLock = Mutex(())
    /// One clip is encoded at a time: each already runs ffmpeg beside the drawing, on two cores.
    static let clipLock = Mutex(())

    /// The most pixels a PNG chart may have (64 MB of image surface while it is drawn).
    static let maximumChartPixels = 16_000_000.0

    /// `GET /api/chart.svg` and `GET /api/chart.png`: the position and velocity chart springplot's
    /// `curve` draws. The PNG is the same chart drawn `scale` device pixels per CSS px (1…3, default 1,
    /// at most ``maximumChartPixels`` in all):
    /// the page shows it while a slider moves, since a browser paints an image in a fraction of the
    /// time it lays out and paints the SVG's text.
    static func chart(_ request: StudioRequest, format: OutputFormat) throws(StudioInputError) -> StudioReply {
        render(try curveChart(request, format: format), format: format)
    }

    /// The chart `/api/chart.svg` and `/api/chart.png` draw for `request`.
    static func curveChart(_ request: StudioRequest, format: OutputFormat = .svg) throws(StudioInputError) -> Chart {
        let springs = try request.springs()
        let motion = try request.motion()
        let width = try request.bounded("width", 400...2400, default: 900)
        let height = try request.bounded("height", 300...1600, default: 560)
        let tolerance = try request.tolerance()
        let span = try request.number("span").map { _ throws(StudioInputError) in
            try request.bounded("span", spanRange, default: 1)
        }
        // `text` enlarges every font (1 to 2): a page that shows the chart narrower than its canvas
        // keeps the text readable.
        let textScale = try request.bounded("text", 1...2, default: 1)
        let scale = format == .png ? try request.bounded("scale", 1...3, default: 1) : 1
        let pixels = (width * scale).rounded(.up) * (height * scale).rounded(.up)
        guard pixels <= maximumChartPixels else {
            throw StudioInputError(
                .overLimit, "scale",
                "scale \(label(scale, digits: 4)) makes the \(Int(width)) × \(Int(height)) chart \(Int(pixels)) pixels: at most \(Int(maximumChartPixels))"
            )
        }
        let frame = ChartFrame(
            width: width, height: height, scale: scale, theme: try request.theme().scalingText(by: textScale))
        var chart = CurveChart.chart(
            springs: springs, motion: motion, tolerance: tolerance, timeSpan: span, frame: frame, samples: 400)
        if let pieces = try request.interaction(), !pieces.isEmpty, !chart.panels.isEmpty,
            let spring = springs.first?.spring
        {
            chart.panels[0].series += interactionSeries(
                pieces, spring: spring, until: chart.panels[0].series.first?.xs.last ?? 1)
            // The legend tells the two apart (a single spring's chart has none of its own).
            chart.panels[0].showsLegend = true
            if springs.count == 1 { chart.panels[0].series[0].name = "the spring" }
        }
        return chart
    }

    /// The preview's last interaction as the chart draws it beside the spring's own curve: each run
    /// of free motions, exact (sampled from each piece's closed form until the next piece), dashed in
    /// the text colour; the first named "last interaction", the runs after a drag unnamed.
    static func interactionSeries(_ pieces: [InteractionPiece], spring: Spring, until end: Double) -> [Series] {
        var runs: [Series] = [], xs: [Double] = [], ys: [Double] = []
        func close() {
            if xs.count >= 2 {
                runs.append(
                    Series(
                        name: runs.isEmpty ? "last interaction" : nil, xs: xs, ys: ys, color: .foreground,
                        lineWidth: 1.75, dash: .dashed))
            }
            xs = []
            ys = []
        }
        for (index, piece) in pieces.enumerated() {
            let stop = Swift.min(index + 1 < pieces.count ? pieces[index + 1].start : end, end)
            guard let motion = piece.motion else {
                close()
                continue
            }
            guard stop > piece.start else { continue }
            let exact = SpringMotion(
                spring: spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity)
            let count = 120
            for i in 0...count {
                let t = piece.start + (stop - piece.start) * Double(i) / Double(count)
                xs.append(t)
                ys.append(exact.position(at: t - piece.start))
            }
        }
        close()
        return runs
    }

    /// `chart` as SVG or PNG, or 500 when Cairo fails.
    private static func render(_ chart: Chart, format: OutputFormat) -> StudioReply {
        do {
            let bytes = try renderLock.withLock { _ in try CairoRenderer().render(chart, format: format) }
            return StudioReply(status: 200, contentType: format == .png ? "image/png" : "image/svg+xml", body: bytes)
        } catch {
            return .encoded(ErrorReply("cannot render the chart: \(error)"), status: 500)
        }
    }

    // MARK: Spring

    /// `GET /api/spring.json`: each spring in every convention, with its metrics for the motion.
    static func spring(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let springs = try request.springs()
        let motion = try request.motion()
        let tolerance = try request.tolerance()
        let items = springs.map { named in
            let analysis = SpringAnalysis(named, motion: motion, tolerance: tolerance)
            let s = named.spring
            var conventions = StudioReplies.Item.Conventions(spring: SpringReply(s))
            if !s.isInstantaneous {
                let framer = s.framerMotionDuration
                let react = s.reactSpring
                let origami = s.origami
                conventions.moving = .init(
                    swiftUIDuration: s.response, swiftUIBounce: s.bounce,
                    framerDuration: framer.duration, framerBounce: framer.bounce,
                    framerVisualDuration: s.framerVisualDuration,
                    reactSpringTension: react.tension, reactSpringFriction: react.friction,
                    composeStiffness: s.stiffness / s.mass, origamiTension: origami.tension,
                    origamiFriction: origami.friction)
            }
            return StudioReplies.Item(
                name: named.name, spring: conventions, settleTime: analysis.settleTime,
                metrics: MetricsReply(s, metrics: analysis.metrics, waveSettleEstimate: s.waveSettleEstimate))
        }
        return .encoded(StudioReplies.Springs(springs: items))
    }

    // MARK: Export

    /// `GET /api/export.json`: copy-ready code for every target (one spring), as `springplot export --json`
    /// writes it.
    static func export(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let exportRequest = try exportRequest(request, springs: try request.springs(maximum: 1))
        let exports = (try? exportRequest.exportAll()) ?? []
        // The reply is `springplot export --json`'s for the same spring and motion.
        return .encoded(ExportReply(exportRequest, exports: exports))
    }

    /// `GET /api/lottie.json?…`: the Lottie animation `springplot export --target lottie -o FILE`
    /// writes for the same spring (the first, when the link compares several), motion and `error`:
    /// the same bytes.
    static func lottie(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let exportRequest = try exportRequest(request, springs: try request.springs(maximum: 6))
        do {
            let export = try exportRequest.export(.lottie)
            return StudioReply(status: 200, contentType: "application/json", body: Array((export.code + "\n").utf8))
        } catch let ExportError.lottie(failure) {
            let parameter: String? =
                switch failure {
                case .tooWide: "to"
                case .tooManyKeyframes: "error"
                case .motion(.noTravel): "to"
                case .motion(.invalidTolerance): "error"
                case .motion: request.springParameterNames.first ?? "damping"
                }
            throw StudioInputError(.notExportable, parameter, "Lottie: \(failure)")
        } catch {
            throw StudioInputError(.notExportable, nil, "\(error)")
        }
    }

    /// The export request for a link: its first spring and its motion, with `error` checked as the
    /// CSS easing and the Lottie fit take it.
    static func exportRequest(
        _ request: StudioRequest, springs: [NamedSpring]
    ) throws(StudioInputError) -> ExportRequest {
        let motion = try request.motion()
        let travel = abs(motion.to - motion.from)
        let error = try request.bounded("error", 1e-9...1e9, default: travel > 0 ? min(0.5, travel / 10) : 0.5)
        if travel > 0 && error >= travel {
            throw StudioInputError(
                .outOfRange, "error", "error must be smaller than the travel \(label(travel)) (got \(error))")
        }
        if travel > 0 && error < LinearEasing.smallestTolerance * travel {
            throw StudioInputError(
                .outOfRange, "error",
                "error must be at least 1e-6 of the travel, \(label(LinearEasing.smallestTolerance * travel)) here (got \(error))"
            )
        }
        let spring = springs[0].spring
        if spring.isInstantaneous {
            throw StudioInputError(.instantaneousSpring, "response", "response must be > 0 to export")
        }
        if let problem = ExportRequest.exportableProblem(spring) {
            let given = request.springParameterNames
            throw StudioInputError(
                .outOfRange, given.first,
                "\((given.isEmpty ? ["damping", "response"] : given).joined(separator: "/")): \(problem)")
        }
        return ExportRequest(spring: spring, motion: motion, cssError: error)
    }

    // MARK: Sequences

    /// `GET /api/sequence.json?sequence=…`: the sequence with the state each keyframe takes over with
    /// (the page plays each keyframe's free motion from it with spring.js), sampled over the span the
    /// chart shows, as `springplot data --sequence --json` writes it.
    static func sequence(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let sequence = try request.sequence()
        let span = SequenceChart.suggestedSpan(sequence, tolerance: 0.01)
        return .encoded(SequenceDataReply(sequence, times: (0...200).map { span * Double($0) / 200 }))
    }

    /// `GET /api/sequence.svg?sequence=…`: the chart `springplot sequence` draws.
    static func sequenceChart(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let sequence = try request.sequence()
        let width = try request.bounded("width", 400...2400, default: 900)
        let height = try request.bounded("height", 300...1600, default: 560)
        let textScale = try request.bounded("text", 1...2, default: 1)
        let frame = ChartFrame(
            width: width, height: height, scale: 1, theme: try request.theme().scalingText(by: textScale))
        let chart = SequenceChart.chart(
            sequence: sequence, tolerance: try request.tolerance(), timeSpan: nil, frame: frame,
            samples: 400)
        return render(chart, format: .svg)
    }

    /// `GET /api/sequence-export.json?sequence=…&error=0.5`: the sequence's code for CSS, SwiftUI and
    /// Motion, as `springplot export --sequence --json` writes it (a target that cannot ease it is
    /// listed in `leftOut`).
    static func sequenceExport(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let sequence = try request.sequence()
        let travel = abs(sequence.travel)
        let error = try request.bounded("error", 1e-9...1e9, default: travel > 0 ? min(0.5, travel / 10) : 0.5)
        if travel > 0 && error >= travel {
            throw StudioInputError(
                .outOfRange, "error", "error must be smaller than the travel \(label(travel)) (got \(error))")
        }
        if travel > 0 && error < LinearEasing.smallestTolerance * travel {
            throw StudioInputError(
                .outOfRange, "error",
                "error must be at least 1e-6 of the travel, \(label(LinearEasing.smallestTolerance * travel)) here (got \(error))"
            )
        }
        if let problem = SequenceExport.problem(sequence) {
            throw StudioInputError(.outOfRange, "sequence", "sequence: \(problem)")
        }
        let export = SequenceExport(sequence: sequence, cssError: error)
        guard let (results, leftOut) = try? export.export(SequenceExport.targets, strict: false) else {
            throw StudioInputError(.notExportable, "sequence", "the sequence cannot be exported")
        }
        return .encoded(SequenceExportReply(export, results: results, leftOut: leftOut))
    }

    // MARK: Chase

    /// `GET /api/chase.json?damping=…&response=…&from=0&path=0:0,0.5:80,1:20`: the exact motion of
    /// the spring chasing the drawn path (straight between its points, at rest after the last),
    /// sampled 240 times up to its settling, and the WaveRuntime code that follows the same path.
    static func chase(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let spring = try request.springs(maximum: 1)[0].spring
        guard !spring.isInstantaneous else {
            throw StudioInputError(
                .instantaneousSpring, "response", "a response-0 spring is the target itself: nothing to chase")
        }
        let path = try request.path()
        let from = try request.bounded("from", -Motion.limit...Motion.limit, default: path.points[0].position)
        let velocity = try request.bounded("velocity", -Motion.limit...Motion.limit, default: 0)
        let start = Motion(from: from, to: path.points[0].position, initialVelocity: velocity)
        let steepest =
            zip(path.points, path.points.dropFirst()).map { abs(($1.position - $0.position) / ($1.time - $0.time)) }
            .max() ?? 0
        if let problem = ChaseInput.problem(spring: spring, motion: start, targetVelocity: steepest) {
            throw StudioInputError(
                .outOfRange, problem.parameter == "target-velocity" ? "path" : problem.parameter,
                "\(problem.parameter == "target-velocity" ? "the path's steepest piece" : problem.parameter) \(problem.message)"
            )
        }
        let end = path.points[path.points.count - 1]
        let positions = path.points.map(\.position) + [from]
        let scale = max((positions.max() ?? 0) - (positions.min() ?? 0), 1e-300)
        let last = spring.chase(path, from: from, initialVelocity: velocity, at: end.time)
        guard (last.position - end.position).isFinite, last.velocity.isFinite else {
            throw StudioInputError(.overLimit, "path", "the spring's motion along this path is too large to compute")
        }
        let settle = spring.settleTime(
            displacement: last.position - end.position, velocity: last.velocity,
            within: SettleBand(distance: 1e-3 * scale))
        let span = min(60, end.time + (settle.isFinite ? settle * 1.2 : 5))
        let times = (0...240).map { span * Double($0) / 240 }
        let states = times.map { spring.chase(path, from: from, initialVelocity: velocity, at: $0) }
        return .encoded(
            StudioReplies.Chase(
                spring: SpringReply(spring), lagTime: spring.dampingRatio * spring.response / Double.pi,
                t: times, position: states.map(\.position), target: times.map { path.position(at: $0) },
                code: chaseCode(spring: spring, path: path, from: from, velocity: velocity)))
    }

    /// WaveRuntime code that follows `path`: at each point's time the target is set there and given
    /// the velocity of the straight piece that starts there.
    static func chaseCode(spring: Spring, path: TargetPath, from: Double, velocity: Double) -> String {
        func n(_ x: Double) -> String { NumberFormat.people(x, digits: 6) }
        let points = path.points
        let pieces = points.indices.map { i -> String in
            let v =
                i + 1 < points.count
                ? (points[i + 1].position - points[i].position) / (points[i + 1].time - points[i].time) : 0
            return "(at: \(n(points[i].time)), position: \(n(points[i].position)), velocity: \(n(v)))"
        }
        return """
            // Chase a moving target: each straight piece of the path is followed exactly (SpringAnimator.targetVelocity),
            // the same at every frame rate. Feed a finger or a scroll position the same way as its events arrive.
            let animator = SpringAnimator(spring: Spring(dampingRatio: \(n(spring.dampingRatio)), response: \(n(spring.response))),
                                          value: \(n(from)), target: \(n(points[0].position)))
            \(velocity != 0 ? "animator.velocity = \(n(velocity))\n" : "")let pieces: [(at: Double, position: Double, velocity: Double)] = [
                \(pieces.joined(separator: ",\n    "))
            ]
            animator.start()
            for piece in pieces {
                // On your clock (here, the main queue): a piece that starts between frames is off by the
                // target's movement over the part of a frame.
                DispatchQueue.main.asyncAfter(deadline: .now() + piece.at) {
                    animator.target = piece.position
                    animator.targetVelocity = piece.velocity
                }
            }
            """
    }

    // MARK: Segment

    /// `GET /api/segment.json`: interrupts the motion (from, to, velocity) `t` seconds in, retargeting to
    /// `target` through WaveRuntime's animator state machine: the position and velocity at that moment
    /// are kept (or, with `restart=1`, the velocity is reset), and the new segment is returned.
    static func segment(_ request: StudioRequest) throws(StudioInputError) -> StudioReply {
        let spring = try request.springs(maximum: 1)[0].spring
        let motion = try request.motion()
        let t = try request.bounded("t", 0...3600, default: 0)
        let target = try request.bounded("target", -Motion.limit...Motion.limit, default: motion.to)
        let restart = try request.bounded("restart", 0...1, default: 0) >= 0.5
        var animation = SpringAnimation(
            spring: spring, value: motion.from, target: motion.to, velocity: motion.initialVelocity)
        animation.start()
        _ = animation.advance(by: t)
        // A run that has already come to rest is at its target with no velocity.
        let position = animation.value, velocity = animation.velocity
        animation.retarget(to: target)
        if restart { animation.velocity = 0 }
        let next = Motion(from: position, to: target, initialVelocity: animation.velocity)
        let settle = SpringAnalysis(NamedSpring(spring: spring, name: ""), motion: next, tolerance: 0.001).settleTime
        return .encoded(
            StudioReplies.Segment(
                at: .init(t: t, position: position, velocity: velocity),
                segment: .init(from: next.from, to: next.to, velocity: next.initialVelocity, settleTime: settle),
                restart: restart))
    }
}
