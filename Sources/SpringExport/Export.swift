import Foundation
import SpringConventions
import SpringFitting
import SpringFormatting
import SpringMath
import SpringPlatforms
import SpringWire

/// A platform a spring can be handed to: one of the modelled `Platform`s, CSS, the design token, or a
/// Lottie animation.
///
/// The platforms come from the registry, `Platform.allCases`; a target's raw value is its platform's
/// (`swiftui`, `react-spring`, …). Rebound's Java port is modelled but has no code of its own:
/// Origami's code serves it, so it is not among ``allCases`` and exporting it gives Origami's code;
/// the same holds for the anime.js easing alone and `animate()`'s (`Platform.sharesCodeWith`).
public enum ExportTarget: Hashable, Sendable, CaseIterable, RawRepresentable {
    /// A platform whose stepping SpringPlatforms models.
    case platform(Platform)
    /// A CSS `linear()` easing of the exact motion.
    case css
    /// A design token (JSON).
    case token
    /// A Lottie animation (JSON) of an element moved by the spring: a file to hand over rather than
    /// code, so listings of every target (``listed``) leave it out.
    case lottie

    /// Every target: the platforms in `Platform`'s order, then CSS, the token and Lottie.
    public static let allCases: [ExportTarget] =
        Platform.allCases.filter { $0.sharesCodeWith == nil }.map(ExportTarget.platform) + [.css, .token, .lottie]

    /// The targets `springplot export` lists when none is named: every target but Lottie's animation.
    public static let listed: [ExportTarget] = allCases.filter { $0 != .lottie }

    public init?(rawValue: String) {
        switch rawValue {
        case "css": self = .css
        case "token": self = .token
        case "lottie": self = .lottie
        default:
            guard let platform = Platform(rawValue: rawValue), platform.sharesCodeWith == nil else { return nil }
            self = .platform(platform)
        }
    }

    /// The name `springplot export --target` takes.
    public var rawValue: String {
        switch self {
        case .platform(let platform): return platform.rawValue
        case .css: return "css"
        case .token: return "token"
        case .lottie: return "lottie"
        }
    }

    /// The platform model behind this target; nil for CSS (modelled by its easing) and the token
    /// (data, not motion).
    public var modelledPlatform: Platform? {
        if case .platform(let platform) = self { return platform }
        return nil
    }

    /// The name people know the target by.
    public var title: String {
        switch self {
        case .platform(let platform): return platform.descriptor.exportTitle
        case .css: return "CSS linear()"
        case .token: return "Design token (JSON)"
        case .lottie: return "Lottie animation (JSON)"
        }
    }
}

/// What to export: a spring and, optionally, the motion it runs (for velocity and the CSS easing).
public struct ExportRequest: Sendable {
    public var spring: Spring
    /// Where the motion goes, in the target's units (px for the web): `Motion.onScreen` by default.
    public var motion: Motion
    /// The CSS easing's maximum error, in the same units as the motion.
    public var cssError: Double
    /// The display rates (frames per second) at which each target's platform model is measured.
    public var frameRates: [Double]
    /// The platforms' own settings (Android's minimum visible change): written into their code when
    /// not the default, and used by their models.
    public var platformParameters: PlatformParameters = .standard
    /// What the Lottie animation moves (position by default).
    public var lottieProperties: [LottieAnimation.Property] = [.position]
    /// The Lottie composition's frame rate: the first of ``frameRates``.
    public var lottieFrameRate: Double { frameRates.first ?? 60 }

    /// - Precondition: every frame rate is finite and > 0.
    public init(spring: Spring, motion: Motion = .onScreen, cssError: Double = 0.5, frameRates: [Double] = [60, 120]) {
        precondition(frameRates.allSatisfy { $0.isFinite && $0 > 0 }, "frame rates must be finite and > 0")
        self.spring = spring
        self.motion = motion
        self.cssError = cssError
        self.frameRates = frameRates
    }

    /// The request for a spring fitted to a recording: the fitted motion, and a CSS error of 0.1 % of
    /// its travel (at least half a unit).
    public init(fitted fit: SpringFit) {
        self.init(
            spring: fit.spring, motion: Motion(from: fit.from, to: fit.to, initialVelocity: fit.initialVelocity),
            cssError: max(0.5, abs(fit.to - fit.from) * 1e-3))
    }

    /// Every target's code but CSS's, for a summary: the CSS `linear()` easing is a curve rather
    /// than parameters, and takes most of a second to build (`export --target css` gives it).
    /// A target that cannot take the spring is left out.
    public func conventionExports() -> [TargetExport] {
        ExportTarget.listed.filter { $0 != .css }.compactMap { try? export($0) }
    }

    var from: Double { motion.from }
    var to: Double { motion.to }
    var initialVelocity: Double { motion.initialVelocity }
    var travel: Double { to - from }
}

/// One target's copy-ready code, its parameters, and what it cannot say.
public struct TargetExport: Sendable {
    /// The target the code is for.
    public var target: ExportTarget
    /// Code to paste (several lines).
    public var code: String
    /// The numbers in the code at full precision, typed by target.
    public var values: TargetParameters
    /// One line each: what a user would see: the target clamps or drops something (a nonzero initial
    /// velocity, a parameter out of its range), or what it displays strays visibly (see
    /// ``ExportRequest/visibleError``).
    public var warnings: [ExportRemark]
    /// One line each: how the code was converted and how the target behaves, where it does not change
    /// what a user sees (`springplot export --explain` prints them).
    public var notes: [ExportRemark]
    /// More code for the same motion, shown only on request (CSS's Web Animations keyframes).
    public var moreCode: String?
    /// ``code`` on one line, where it spans many only for reading (the design token's JSON): what a
    /// listing of several targets shows.
    public var oneLineCode: String?
    /// The spring the target really runs, when it differs from the one asked for.
    public var effectiveSpring: Spring?
    /// What the platform really displays at each of the request's frame rates (empty for the token).
    public var platforms: [PlatformReport] = []

    init(
        code: String, moreCode: String? = nil, values: TargetParameters, warnings: [ExportRemark],
        notes: [ExportRemark],
        effectiveSpring: Spring?
    ) {
        self.target = values.target
        self.code = code
        self.moreCode = moreCode
        self.values = values
        self.warnings = warnings
        self.notes = notes
        self.effectiveSpring = effectiveSpring
    }

    /// ``code`` followed by ``moreCode``: everything there is to paste.
    public var fullCode: String { moreCode.map { code + "\n" + $0 } ?? code }

    /// The numbers in the code at full precision, in order, by the target's own parameter names
    /// (``values`` as ``TargetParameters/namedValues`` writes them).
    public var parameters: [(name: String, value: Double)] { values.namedValues }

}

/// Why a spring cannot be exported at all.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case instantaneous
    case css(LinearEasingError)
    /// The spring lies outside what the targets carry (see ``ExportRequest/exportableProblem(_:)``).
    case outsideExportableRange(String)
    /// The target has no keyframes a spring sequence can go to (see ``SequenceExport/supports(_:)``).
    case unsupportedSequenceTarget(ExportTarget)
    /// The motion cannot become a Lottie animation.
    case lottie(LottieAnimation.Failure)
    /// The platform is modelled but SpringExport writes no code for it (a platform made outside the
    /// registry, `Platform.allCases`).
    case noExportCode(Platform)

    public var description: String {
        switch self {
        case .unsupportedSequenceTarget(let target):
            return
                "\(target.rawValue) has no spring keyframes: a sequence exports to css, swiftui and the Motion targets"
        case .instantaneous: return "a response-0 spring is an instant jump: there is no spring to export"
        case .outsideExportableRange(let problem): return problem
        case .css(let error): return "CSS: \(error)"
        case .lottie(let failure): return "Lottie: \(failure)"
        case .noExportCode(let platform): return "\(platform.title) is modelled, but there is no code to export for it"
        }
    }
}

extension ExportRequest {
    /// The natural frequencies ω₀ every target carries, in rad/s (a response from 6.3 µs to 73
    /// days): past them the platforms' own numbers (Android's 32-bit floats, frame-based steppers,
    /// millisecond CSS durations) overflow, underflow or hold nothing of the motion.
    public static let exportableNaturalFrequencies: ClosedRange<Double> = SpringDomain.naturalFrequencies
    /// The largest damping ratio every target carries.
    public static let exportableDampingRatio = SpringDomain.maximumDampingRatio

    /// Why `spring` cannot be exported (one sentence), or nil when it can: the window every command
    /// accepts (`SpringDomain`). Instantaneous springs are refused separately
    /// (``ExportError/instantaneous``).
    public static func exportableProblem(_ spring: Spring) -> String? {
        SpringDomain.problem(spring)
    }

    /// The code for `target`.
    /// - Throws: ``ExportError`` when the spring is instantaneous or outside the exportable range,
    ///   or (CSS and token only) the motion cannot be eased.
    public func export(_ target: ExportTarget) throws -> TargetExport {
        try export(target, easing: nil)
    }

    /// Every target that can express this request (CSS and the token need travel and damping), with the
    /// CSS easing computed once.
    ///
    /// When the calling task is cancelled, the targets not yet exported are left out (and a platform
    /// model running then stops unfinished): a caller that cancels discards the result.
    public func exportAll() throws -> [TargetExport] {
        guard !spring.isInstantaneous else { throw ExportError.instantaneous }
        if let problem = ExportRequest.exportableProblem(spring) { throw ExportError.outsideExportableRange(problem) }
        let easing = try? cssEasing()
        // The closest cubic Bézier, fitted once for CSS's fallback and the token's transition.
        let bezier = easing.map { bezierFit($0) }
        return ExportTarget.listed.compactMap { target in
            if Task.isCancelled { return nil }
            if (target == .css) && easing == nil { return nil }
            return try? export(target, easing: easing, bezier: bezier)
        }
    }

    private func export(
        _ target: ExportTarget, easing: LinearEasing?, bezier: CubicBezierFit? = nil
    ) throws -> TargetExport {
        guard !spring.isInstantaneous else { throw ExportError.instantaneous }
        if let problem = ExportRequest.exportableProblem(spring) { throw ExportError.outsideExportableRange(problem) }
        var easing = easing
        if target == .css && easing == nil { easing = try cssEasing() }
        var export = try code(target, easing: easing, bezier: bezier)
        export.platforms = platformReports(target, easing: easing)
        let platformLines = platformWarnings(export.platforms)
        export.warnings += platformLines.warnings
        export.notes += platformLines.notes
        return export
    }

    private func code(_ target: ExportTarget, easing: LinearEasing?, bezier: CubicBezierFit?) throws -> TargetExport {
        switch target {
        case .platform(let platform):
            let owner = platform.sharesCodeWith ?? platform
            guard let code = owner.code(for: platformCodeRequest) else { throw ExportError.noExportCode(platform) }
            return TargetExport(
                code: code.code, values: .platform(owner, code.parameters.map(TargetParameters.Value.init)),
                warnings: code.warnings, notes: code.notes, effectiveSpring: code.effectiveSpring)
        case .css: return try css(easing ?? cssEasing(), bezier: bezier)
        case .token: return try token(travel != 0 ? (easing ?? cssEasing()) : nil, bezier: bezier)
        case .lottie: return try lottie()
        }
    }

    // MARK: Shared pieces

    var zeta: Double { spring.dampingRatio }
    var m: Double { spring.mass }

    /// A number in code: six significant digits; JavaScript's words for the non-finite.
    func n(_ x: Double) -> String { PlatformCodeRequest.codeNumber(x) }

    /// What the platform writers are handed: the spring, the motion and the platforms' settings.
    var platformCodeRequest: PlatformCodeRequest {
        PlatformCodeRequest(
            spring: spring, motion: PlatformMotion(from: from, to: to, velocity: initialVelocity),
            parameters: platformParameters)
    }

    // MARK: CSS and token

    /// The CSS easing for this request's motion and error.
    public func cssEasing() throws -> LinearEasing {
        do {
            let motion = SpringMotion(spring: spring, from: from, to: to, initialVelocity: initialVelocity)
            return try LinearEasing(motion: motion, tolerance: cssError / abs(travel))
        } catch let error as LinearEasingError {
            throw ExportError.css(error)
        }
    }

    /// The cubic Bézier closest to the motion over the easing's duration.
    private func bezierFit(_ easing: LinearEasing) -> CubicBezierFit {
        CubicBezierFit(
            easing: easing, motion: SpringMotion(spring: spring, from: from, to: to, initialVelocity: initialVelocity))
    }

    private func css(_ easing: LinearEasing, bezier: CubicBezierFit?) throws -> TargetExport {
        if travel == 0 { throw ExportError.css(.noTravel) }
        let bezier = bezier ?? bezierFit(easing)
        let ms = (easing.duration * 1000).rounded()
        let css = easing.css
        let keyframes = easing.points.map { point in
            "  { offset: \(LinearEasing.decimal(point.input, places: easing.inputDecimals + 2)), transform: \"translateX(\(n(from + point.output * travel))px)\" }"
        }.joined(separator: ",\n")
        let code = """
            .spring { transition: transform \(n(ms))ms \(css); }
            @supports not (animation-timing-function: linear(0, 1)) {
              .spring { transition-timing-function: \(bezier.css); } /* error \(n(bezier.error * abs(travel))) px */
            }
            """
        let keyframeCode = """
            /* Web Animations */
            element.animate([
            \(keyframes)
            ], { duration: \(n(ms)), easing: "linear" });
            """
        var notes = [
            ExportRemark(
                .curveSize,
                "\(easing.points.count) points, \(css.utf8.count) bytes, measured error \(n(easing.measuredError * abs(travel))) px (budget \(n(cssError)) px on \(n(abs(travel))) px)"
            ),
            ExportRemark(
                .noRetargetVelocity,
                "a CSS transition cannot carry velocity into a retarget: an interrupted transition restarts from rest")
        ]
        if initialVelocity != 0 {
            notes.append(
                ExportRemark(
                    .velocityBaked,
                    "the initial velocity is baked into this curve; a different start velocity needs a new export"))
        }
        var warnings: [ExportRemark] = []
        let bezierError = bezier.error * abs(travel)
        if bezierError >= visibleError {
            warnings.append(
                ExportRemark(
                    .bezierFallbackOff,
                    "the cubic-bezier fallback (browsers without linear()) is off by up to \(n(bezierError)) px "
                        + "(\(NumberFormat.percent(bezier.error, digits: 2)) of the travel)"))
        }
        return TargetExport(
            code: code, moreCode: keyframeCode,
            values: .css(
                duration: easing.duration, points: easing.points.count, bytes: css.utf8.count,
                maxErrorPx: easing.measuredError * abs(travel), bezierErrorPx: bezier.error * abs(travel)),
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }

    /// The design token's document: the spring in its `$value` (SpringKit's fields, and the shape
    /// proposed in design-tokens/community-group#429: `duration`, `bounce`, `physics`), the CSS easing
    /// in `$extensions`; and, for tools that know no springs, a DTCG 2025.10 `transition` token whose
    /// `timingFunction` is the closest cubic Bézier, its error stated in its `$extensions`.
    private struct Token: Encodable {
        struct Entry: Encodable {
            var type = "spring"
            var value: SpringValue
            var extensions: Extensions?

            enum CodingKeys: String, CodingKey {
                case type = "$type", value = "$value", extensions = "$extensions"
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(type, forKey: .type)
                try container.encode(value, forKey: .value)
                // Without travel there is no easing, and no `$extensions`.
                if let extensions { try container.encode(extensions, forKey: .extensions) }
            }
        }

        /// The spring: SpringKit's fields, then #429's (`duration` is SwiftUI's and Figma's, the
        /// response; `bounce` as SwiftUI's; `physics` the mass, stiffness and damping coefficient).
        struct SpringValue: Encodable {
            var spring: SpringReply
            var duration: String
            var bounce: Double
            var physics: Physics

            struct Physics: Encodable {
                var stiffness: Double, damping: Double, mass: Double
            }

            enum CodingKeys: String, CodingKey {
                case dampingRatio, response, mass, stiffness, dampingCoefficient, duration, bounce, physics
            }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(spring.dampingRatio, forKey: .dampingRatio)
                try c.encode(spring.response, forKey: .response)
                try c.encode(spring.mass, forKey: .mass)
                try c.encode(spring.stiffness, forKey: .stiffness)
                try c.encode(spring.dampingCoefficient, forKey: .dampingCoefficient)
                try c.encode(duration, forKey: .duration)
                try c.encode(bounce, forKey: .bounce)
                try c.encode(physics, forKey: .physics)
            }
        }

        struct Extensions: Encodable {
            var css: CSS
        }

        struct CSS: Encodable {
            var easing: String
            var duration: String
            var travelPx: Double
            var maxErrorPx: Double
        }

        /// DTCG 2025.10's duration: `{ "value": number, "unit": "ms" }`.
        struct Duration: Encodable {
            var value: Double
            var unit = "ms"
        }

        /// DTCG 2025.10's `transition` token.
        struct Transition: Encodable {
            struct Value: Encodable {
                var duration: Duration
                var delay: Duration
                var timingFunction: [Double]
            }
            struct Fit: Encodable {
                var travelPx: Double
                var maxErrorPx: Double
                var spring: String
            }
            var value: Value
            var description: String
            var fit: Fit

            enum CodingKeys: String, CodingKey {
                case type = "$type", value = "$value", description = "$description", extensions = "$extensions"
            }
            enum ExtensionKeys: String, CodingKey { case fit = "org.springkit.fit" }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode("transition", forKey: .type)
                try c.encode(value, forKey: .value)
                try c.encode(description, forKey: .description)
                var extensions = c.nestedContainer(keyedBy: ExtensionKeys.self, forKey: .extensions)
                try extensions.encode(fit, forKey: .fit)
            }
        }

        var spring: Entry
        var transition: Transition?

        /// Seconds as "800ms", at full precision (so that it reads back as the same duration).
        static func milliseconds(_ seconds: Double) -> String {
            let ms = seconds * 1000
            return ms == ms.rounded() && abs(ms) < 1e15 ? "\(Int(ms))ms" : "\(ms)ms"
        }

        enum CodingKeys: String, CodingKey { case spring, transition = "springTransition" }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(spring, forKey: .spring)
            if let transition { try c.encode(transition, forKey: .transition) }
        }
    }

    private func token(_ easing: LinearEasing?, bezier: CubicBezierFit?) throws -> TargetExport {
        let css = easing.map { easing in
            Token.CSS(
                easing: easing.css, duration: "\(n((easing.duration * 1000).rounded()))ms", travelPx: abs(travel),
                maxErrorPx: easing.measuredError * abs(travel))
        }
        let value = Token.SpringValue(
            spring: SpringReply(spring), duration: Token.milliseconds(spring.duration), bounce: spring.bounce,
            physics: .init(stiffness: spring.stiffness, damping: spring.dampingCoefficient, mass: spring.mass))
        let transition = easing.map { easing in
            let bezier = bezier ?? bezierFit(easing)
            return Token.Transition(
                value: .init(
                    duration: .init(value: (easing.duration * 1000).rounded()), delay: .init(value: 0),
                    timingFunction: [bezier.x1, bezier.y1, bezier.x2, bezier.y2]),
                description:
                    "the spring's closest cubic Bézier, for tools without springs: off by up to "
                    + "\(n(bezier.error * abs(travel))) px on a \(n(abs(travel))) px travel",
                fit: .init(
                    travelPx: abs(travel), maxErrorPx: bezier.error * abs(travel),
                    spring: "ζ \(n(zeta)), response \(n(spring.response)) s, mass \(n(m))"))
        }
        let token = Token(
            spring: .init(value: value, extensions: css.map { Token.Extensions(css: $0) }), transition: transition)
        var export = TargetExport(
            code: JSONWriter.text(token), values: .token(dampingRatio: zeta, response: spring.response, mass: m),
            warnings: [],
            notes: easing == nil
                ? [ExportRemark(.noTravel, "no travel: the token carries no CSS easing and no transition")] : [],
            effectiveSpring: nil)
        export.oneLineCode = JSONWriter.text(token, pretty: false)
        return export
    }
}

extension ExportRequest {
    /// The code for a compensation's retuned parameters, written as the plain target's code is: what
    /// `springplot export --compensate-for` prints beside the plain code.
    public func compensatedCode(_ compensation: Compensation) -> String {
        compensation.platform.descriptor.compensatedCode(compensation, for: platformCodeRequest) ?? ""
    }
}
