import SpringChoreography
import SpringFormatting
import SpringMath
import SpringPlatforms

/// Code for a whole spring sequence on the targets that can play keyframes: CSS (one `linear()` for
/// the whole sequence, and the same points as Web Animations keyframes), SwiftUI (`KeyframeAnimator`
/// with a `SpringKeyframe` per keyframe) and Motion (keyframes with `times`).
///
/// Each target states its error against the exact sequence, or says why it cannot carry it exactly.
public struct SequenceExport: Sendable {
    /// The sequence to export.
    public let sequence: SpringSequence
    /// The CSS easing's largest error, in value units.
    public let cssError: Double

    /// An export of `sequence` whose CSS easing stays within `cssError` (value units).
    /// - Precondition: `cssError` finite and > 0.
    public init(sequence: SpringSequence, cssError: Double) {
        precondition(cssError.isFinite && cssError > 0, "cssError must be finite and > 0")
        self.sequence = sequence
        self.cssError = cssError
    }

    /// Why `sequence` cannot be exported (one sentence naming the keyframe), or nil when it can: each
    /// keyframe's spring must lie within what the targets carry (``ExportRequest/exportableProblem(_:)``).
    public static func problem(_ sequence: SpringSequence) -> String? {
        for (index, keyframe) in sequence.keyframes.enumerated() {
            if let problem = ExportRequest.exportableProblem(keyframe.spring) {
                return "keyframe \(index + 1): \(problem)"
            }
        }
        return nil
    }

    /// The targets a sequence exports to, in the order they are listed.
    public static let targets: [ExportTarget] = [.css, .platform(.swiftUI), .platform(.framerPhysics)]

    /// Whether `target` can play a sequence: CSS, SwiftUI, and Motion in any of its conventions.
    public static func supports(_ target: ExportTarget) -> Bool {
        switch target {
        case .css, .platform(.swiftUI), .platform(.framerPhysics), .platform(.framerDuration),
            .platform(.framerVisualDuration):
            return true
        default:
            return false
        }
    }

    /// One target's code for the sequence.
    public struct Result: Sendable {
        /// The target the code is for.
        public var target: ExportTarget
        /// The code to paste.
        public var code: String
        /// Code beside the main code (CSS: the Web Animations keyframes).
        public var moreCode: String?
        /// The largest error against the exact sequence, in value units, when the code carries it to a
        /// stated error; nil when it depends on what the platform does (see the notes).
        public var error: Double?
        /// The one line under the code: what the code displays against the exact sequence.
        public var summary: String
        /// What a user would see go wrong.
        public var warnings: [ExportRemark]
        /// How the code was made, and what it leaves to the platform.
        public var notes: [ExportRemark]
    }

    /// The smallest error a user would see: 1 % of the larger of the net travel and the keyframes'
    /// span, and never more than 1 unit.
    public var visibleError: Double {
        let scale = max(abs(sequence.travel), sequence.span)
        return scale > 0 ? min(0.01 * scale, 1) : 1
    }

    /// The sequence as one `linear()` easing within ``cssError``, relative to `from` and the final value.
    /// - Throws: ``ExportError/css(_:)`` when the sequence ends where it starts, never settles, or
    ///   settles too late.
    public func cssEasing() throws -> LinearEasing {
        do {
            return try LinearEasing(
                sequence: sequence, tolerance: cssError / abs(sequence.travel == 0 ? 1 : sequence.travel))
        } catch let error as LinearEasingError {
            throw ExportError.css(error)
        }
    }

    /// The code for `target`.
    /// - Throws: ``ExportError/unsupportedSequenceTarget(_:)`` for a target without keyframes;
    ///   ``ExportError/css(_:)`` when CSS or Motion cannot ease the sequence (see ``cssEasing()``).
    public func export(_ target: ExportTarget) throws -> Result {
        switch target {
        case .css: return try css()
        case .platform(.swiftUI): return swiftUI()
        case .platform(.framerPhysics), .platform(.framerDuration), .platform(.framerVisualDuration):
            return try motion(target)
        default: throw ExportError.unsupportedSequenceTarget(target)
        }
    }

    /// Each target's code, in order. A target that cannot ease the sequence (CSS and Motion, when the
    /// sequence ends where it starts, never settles or settles too late) throws when `strict`, and is
    /// otherwise left out with why.
    public func export(_ targets: [ExportTarget], strict: Bool) throws -> (
        results: [Result], leftOut: [(target: ExportTarget, why: String)]
    ) {
        var results: [Result] = [], leftOut: [(target: ExportTarget, why: String)] = []
        for target in targets {
            do {
                results.append(try export(target))
            } catch ExportError.css(let reason) where !strict {
                leftOut.append((target, whyNot(reason)))
            }
        }
        return (results, leftOut)
    }

    /// Why the sequence has no easing, in words for its user.
    public func whyNot(_ reason: LinearEasingError) -> String {
        reason == .noTravel
            ? "the sequence ends where it starts (\(n(sequence.from))), so an easing has no travel to scale: export it to swiftui"
            : "\(reason)"
    }

    private func n(_ x: Double) -> String { NumberFormat.people(x, digits: 6) }

    private var header: String {
        "\(sequence.keyframes.count) keyframe\(sequence.keyframes.count == 1 ? "" : "s"), \(n(sequence.from)) → \(n(sequence.finalValue))"
    }

    private func css() throws -> Result {
        let easing = try cssEasing()
        let travel = sequence.travel
        let ms = (easing.duration * 1000).rounded()
        let code = """
            /* spring sequence: \(header), within \(n(cssError)) of the exact motion */
            .spring-sequence { animation: spring-sequence \(n(ms))ms \(easing.css) both; }
            @keyframes spring-sequence {
              from { transform: translateX(\(n(sequence.from))px); }
              to { transform: translateX(\(n(sequence.finalValue))px); }
            }
            """
        let keyframes = easing.points.map { point in
            "  { offset: \(LinearEasing.decimal(point.input, places: easing.inputDecimals + 2)), transform: \"translateX(\(n(sequence.from + point.output * travel))px)\" }"
        }.joined(separator: ",\n")
        let more = """
            /* Web Animations: the same points as keyframes */
            element.animate([
            \(keyframes)
            ], { duration: \(n(ms)), easing: "linear", fill: "both" });
            """
        let measured = easing.measuredError * abs(travel)
        let summary =
            "off by ≤ \(NumberFormat.people(measured, digits: 3)) everywhere (asked ≤ \(n(cssError))), "
            + "\(n(ms)) ms, \(easing.points.count) points"
        var notes = [
            ExportRemark(
                .sequenceKeyframes,
                "one linear() for the whole sequence: progress 0 is \(n(sequence.from)) and 1 is \(n(sequence.finalValue)); "
                    + "outputs beyond 0…1 are the keyframes past them")
        ]
        if sequence.keyframes[0].at > 0 {
            notes.append(
                ExportRemark(
                    .sequenceKeyframes,
                    "the easing holds at \(n(sequence.from)) until the first keyframe at \(n(sequence.keyframes[0].at)) s"
                ))
        }
        notes.append(
            ExportRemark(
                .noRetargetVelocity,
                "a CSS animation cannot be retargeted mid-flight with its velocity: interrupting it restarts from rest")
        )
        return Result(
            target: .css, code: code, moreCode: more, error: measured, summary: summary, warnings: [], notes: notes)
    }

    /// SwiftUI: a `SpringKeyframe` per keyframe, each lasting until the next one's `at`.
    private func swiftUI() -> Result {
        var lines: [String] = []
        let first = sequence.keyframes[0]
        if first.at > 0 { lines.append("LinearKeyframe(\(n(sequence.from)), duration: \(n(first.at)))") }
        var jumps: [(index: Int, jump: Double)] = []
        for (index, keyframe) in sequence.keyframes.enumerated() {
            let spring = "Spring(duration: \(n(keyframe.spring.response)), bounce: \(n(keyframe.spring.bounce)))"
            var arguments = [n(keyframe.to)]
            if index + 1 < sequence.keyframes.count {
                arguments.append("duration: \(n(sequence.keyframes[index + 1].at - keyframe.at))")
            }
            arguments.append("spring: \(spring)")
            if index == 0 && sequence.velocity != 0 { arguments.append("startVelocity: \(n(sequence.velocity))") }
            lines.append("SpringKeyframe(\(arguments.joined(separator: ", ")))")
            if index > 0 {
                jumps.append((index, sequence.handovers[index].position - sequence.keyframes[index - 1].to))
            }
        }
        let code = """
            // spring sequence: \(header)
            KeyframeAnimator(initialValue: \(n(sequence.from)), trigger: trigger) { x in
                content.offset(x: x)
            } keyframes: { _ in
                KeyframeTrack {
            \(lines.map { "        " + $0 }.joined(separator: "\n"))
                }
            }
            """
        let largest = jumps.map { abs($0.jump) }.max() ?? 0
        var warnings: [ExportRemark] = []
        var notes = [
            ExportRemark(
                .sequenceKeyframes,
                "each SpringKeyframe lasts until the next keyframe's at; the last one runs for its spring's settling duration"
            ),
            ExportRemark(
                .negativeBounce, "bounce < 0 is an overdamped spring, as SwiftUI's Spring(duration:bounce:) takes it")
        ]
        let summary: String
        if jumps.isEmpty {
            summary = "exact: one spring keyframe"
        } else {
            summary =
                "exact if SwiftUI hands position and velocity over at each keyframe (undocumented); "
                + "if it starts each segment at the previous keyframe's value, it jumps by up to \(NumberFormat.people(largest, digits: 3))"
            let detail = jumps.map {
                "keyframe \($0.index + 1) at \(n(sequence.keyframes[$0.index].at)) s: \(NumberFormat.people($0.jump, digits: 3))"
            }
            let text = ExportRemark(
                .keyframeCutShort,
                "a SpringKeyframe cut short before it settles: value reached minus the previous keyframe's value, "
                    + detail.joined(separator: ", "))
            if largest >= visibleError { warnings.append(text) } else { notes.append(text) }
        }
        return Result(
            target: .platform(.swiftUI), code: code, moreCode: nil, error: jumps.isEmpty ? 0 : nil, summary: summary,
            warnings: warnings, notes: notes)
    }

    /// Motion: its spring transitions take two keyframes each and start from rest at the previous
    /// keyframe's value, so the sequence goes as keyframes sampled within the CSS error, eased
    /// linearly between them.
    private func motion(_ target: ExportTarget) throws -> Result {
        let easing = try cssEasing()
        let travel = sequence.travel
        let values = easing.points.map { n(sequence.from + $0.output * travel) }
        let times = easing.points.map { LinearEasing.decimal($0.input, places: easing.inputDecimals + 2) }
        let code = """
            // spring sequence: \(header), within \(n(cssError)) of the exact motion
            animate(element, { x: [\(values.joined(separator: ", "))] },
                    { duration: \(n(easing.duration)), times: [\(times.joined(separator: ", "))], ease: "linear" })
            """
        let measured = easing.measuredError * abs(travel)
        let summary =
            "off by ≤ \(NumberFormat.people(measured, digits: 3)) everywhere (asked ≤ \(n(cssError))), "
            + "\(n(easing.duration)) s, \(easing.points.count) keyframes"
        let notes = [
            ExportRemark(
                .sequenceKeyframes,
                "Motion's spring transitions run between two keyframes and start each segment from rest at the "
                    + "previous keyframe's value, so they cannot hand velocity over: the sequence is sampled as keyframes instead"
            )
        ]
        return Result(
            target: target, code: code, moreCode: nil, error: measured, summary: summary, warnings: [], notes: notes)
    }
}
