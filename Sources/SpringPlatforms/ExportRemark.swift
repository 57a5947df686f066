/// One thing an export says about its code: a warning (`TargetExport.warnings` in SpringExport: what a user would
/// see go wrong) or a note (`TargetExport.notes`: how the code was made and how the target behaves).
///
/// Its ``code`` is stable: a program tells one remark from another by it, never by the text, which
/// carries the numbers of the request and may be reworded. `export --json` and the studio write both.
public struct ExportRemark: Sendable, Hashable, CustomStringConvertible {
    /// What the remark is about, as a stable kebab-case name (`"velocity-dropped"`).
    public var code: Code
    /// The remark in words, with the request's numbers: what `springplot export` prints.
    public var text: String

    public init(_ code: Code, _ text: String) {
        self.code = code
        self.text = text
    }

    public var description: String { text }

    /// A remark's stable name. New codes may come in a minor release; a code keeps its meaning for as
    /// long as it is written.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    /// The target takes the velocity as a share of the travel, and the motion has none.
    static let velocityWithoutTravel = ExportRemark(
        .velocityWithoutTravel, "cannot carry velocity without travel (from equals to)")
}

extension ExportRemark.Code {
    // Warnings: what a user would see.

    /// The target takes the velocity as a share of the travel, and the motion has none to share.
    public static let velocityWithoutTravel = Self(rawValue: "velocity-without-travel")
    /// The target has no initial velocity, or starts this kind of spring at rest: the velocity is lost.
    public static let velocityDropped = Self(rawValue: "velocity-dropped")
    /// The target's documentation does not say what its velocity means: none is written.
    public static let velocityUndocumented = Self(rawValue: "velocity-undocumented")
    /// The target runs an overdamped spring only when told to.
    public static let overdampingNeedsOptIn = Self(rawValue: "overdamping-needs-opt-in")
    /// The target runs every overdamped spring critically damped, faster than asked.
    public static let runsCriticallyDamped = Self(rawValue: "runs-critically-damped")
    /// The target clamps the bounce, so a spring this lightly damped runs more damped.
    public static let bounceClamped = Self(rawValue: "bounce-clamped")
    /// The target clamps the duration, so the spring runs faster or slower.
    public static let durationClamped = Self(rawValue: "duration-clamped")
    /// The target caps or clamps the damping, so the spring runs less damped.
    public static let dampingClamped = Self(rawValue: "damping-clamped")
    /// The target caps the natural frequency, so the spring runs slower.
    public static let frequencyCapped = Self(rawValue: "frequency-capped")
    /// The target clamps its parameters, so the spring it runs differs.
    public static let parametersClamped = Self(rawValue: "parameters-clamped")
    /// The parameters do not fit in the target's 32-bit floats.
    public static let floatOverflow = Self(rawValue: "float-overflow")
    /// Rounding the parameters to 32-bit floats moves the motion visibly.
    public static let floatRounding = Self(rawValue: "float-rounding")
    /// Origami's tension or friction comes out negative: the spring is beyond Origami's scale.
    public static let origamiNegative = Self(rawValue: "origami-negative")
    /// The damping per frame is 1 or more: each frame reverses the velocity.
    public static let frameDampingReverses = Self(rawValue: "frame-damping-reverses")
    /// CSS's cubic-bezier fallback strays visibly from the spring.
    public static let bezierFallbackOff = Self(rawValue: "bezier-fallback-off")
    /// What the platform displays strays visibly from the spring at some frame rate.
    public static let offTheSpring = Self(rawValue: "off-the-spring")
    /// A sequence keyframe is cut short before it settles (a warning when the jump would be visible).
    public static let keyframeCutShort = Self(rawValue: "keyframe-cut-short")

    // Notes: how the code was made and how the target behaves.

    /// The velocity is written as a share of the travel per second.
    public static let velocityAsTravelShare = Self(rawValue: "velocity-as-travel-share")
    /// The velocity is written in the target's own units (per millisecond).
    public static let velocityUnits = Self(rawValue: "velocity-units")
    /// The initial velocity is part of the curve: another velocity needs another export.
    public static let velocityBaked = Self(rawValue: "velocity-baked")
    /// The code cannot carry velocity into a retarget: an interruption starts from rest.
    public static let noRetargetVelocity = Self(rawValue: "no-retarget-velocity")
    /// The target assumes mass 1: its numbers are per unit of mass.
    public static let massOne = Self(rawValue: "mass-one")
    /// The target's numbers are per frame or per step, not per second.
    public static let perFrameNumbers = Self(rawValue: "per-frame-numbers")
    /// The same numbers run another spring at another frame rate.
    public static let frameRateDependent = Self(rawValue: "frame-rate-dependent")
    /// The target steps the spring numerically (Euler) rather than following the exact motion.
    public static let stepsEuler = Self(rawValue: "steps-euler")
    /// The target evaluates the exact motion at its clock's times.
    public static let samplesExactMotion = Self(rawValue: "samples-exact-motion")
    /// How long the target's animation lasts (its settling duration).
    public static let settlingDuration = Self(rawValue: "settling-duration")
    /// The target ends the motion near rest, by its own thresholds, and snaps.
    public static let endsNearRest = Self(rawValue: "ends-near-rest")
    /// The target ends the motion at a duration, where some travel can remain.
    public static let endsAtDuration = Self(rawValue: "ends-at-duration")
    /// The target's end estimate is early for this spring, so it ends with a jump.
    public static let endsEarly = Self(rawValue: "ends-early")
    /// At some frame rate the platform finishes a frame or more away from the exact settle time.
    public static let finishOffSettle = Self(rawValue: "finish-off-settle")
    /// Another spelling of the code would mean other numbers, or drop one.
    public static let otherSpelling = Self(rawValue: "other-spelling")
    /// The figures are those of one of the target's drivers or variants.
    public static let modelledVariant = Self(rawValue: "modelled-variant")
    /// A parameter lies beyond the target's documented useful range; it still runs.
    public static let beyondDocumentedRange = Self(rawValue: "beyond-documented-range")
    /// The curve's size and measured error (CSS `linear()` points, Lottie keyframes).
    public static let curveSize = Self(rawValue: "curve-size")
    /// How the curve joins its points (Lottie's Hermite keyframes).
    public static let curveShape = Self(rawValue: "curve-shape")
    /// Properties other than position follow the spring's progress.
    public static let propertiesFollowProgress = Self(rawValue: "properties-follow-progress")
    /// There is no travel, so the code leaves out what needs one.
    public static let noTravel = Self(rawValue: "no-travel")
    /// A sequence's keyframes as the target plays them (one easing, held start, durations, samples).
    public static let sequenceKeyframes = Self(rawValue: "sequence-keyframes")
    /// A negative bounce is an overdamped spring, as the target takes it.
    public static let negativeBounce = Self(rawValue: "negative-bounce")

    /// Every code an export writes, warnings first: what docs/export-remarks.md lists.
    public static let all: [Self] = [
        .velocityWithoutTravel, .velocityDropped, .velocityUndocumented, .overdampingNeedsOptIn,
        .runsCriticallyDamped, .bounceClamped, .durationClamped, .dampingClamped, .frequencyCapped,
        .parametersClamped, .floatOverflow, .floatRounding, .origamiNegative, .frameDampingReverses,
        .bezierFallbackOff, .offTheSpring, .keyframeCutShort,
        .velocityAsTravelShare, .velocityUnits, .velocityBaked, .noRetargetVelocity, .massOne, .perFrameNumbers,
        .frameRateDependent, .stepsEuler, .samplesExactMotion, .settlingDuration, .endsNearRest, .endsAtDuration,
        .endsEarly, .finishOffSettle, .otherSpelling, .modelledVariant, .beyondDocumentedRange, .curveSize,
        .curveShape, .propertiesFollowProgress, .noTravel, .sequenceKeyframes, .negativeBounce
    ]
}
