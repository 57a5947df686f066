import SpringChoreography
import SpringMath

/// A spring sequence as every JSON reply writes it: where it starts, and each keyframe with the state
/// handed over when it takes over.
public struct SequenceReply: Encodable, Sendable, Equatable {
    /// One keyframe: its target, when it takes over, its spring, and the position and velocity it
    /// takes over with.
    public struct Keyframe: Encodable, Sendable, Equatable {
        public var to: Double
        public var at: Double
        public var spring: SpringReply
        public var position: Double
        public var velocity: Double
    }
    public var from: Double
    public var initialVelocity: Double
    /// The last keyframe's `to`.
    public var finalValue: Double
    public var keyframes: [Keyframe]

    /// The reply for `sequence`.
    public init(_ sequence: SpringSequence) {
        from = sequence.from
        initialVelocity = sequence.velocity
        finalValue = sequence.finalValue
        keyframes = zip(sequence.keyframes, sequence.handovers).map {
            Keyframe(to: $0.to, at: $0.at, spring: SpringReply($0.spring), position: $1.position, velocity: $1.velocity)
        }
    }
}

/// `springplot data --sequence --json` and the studio's `/api/sequence.json`: the sequence and its
/// exact motion, with the keyframe in charge at each sample (1 for the first; 0 before the first
/// keyframe's `at`).
public struct SequenceDataReply: Encodable, Sendable {
    public var sequence: SequenceReply
    public var t: [Double]
    public var position: [Double]
    public var velocity: [Double]
    public var keyframe: [Int]

    /// `sequence` sampled at `times`.
    public init(_ sequence: SpringSequence, times: [Double]) {
        self.sequence = SequenceReply(sequence)
        let states = times.map { sequence.state(at: $0) }
        t = times
        position = states.map(\.position)
        velocity = states.map(\.velocity)
        keyframe = times.map { (sequence.keyframeIndex(at: $0) ?? -1) + 1 }
    }
}

/// `springplot export --sequence --json` and the studio's `/api/sequence-export.json`: the sequence
/// and each target's code, error, warnings and notes.
public struct SequenceExportReply: Encodable, Sendable {
    /// One target's code.
    public struct Target: Encodable, Sendable {
        public var target: String
        public var title: String
        public var code: String
        public var moreCode: String?
        /// The largest error against the exact sequence, in value units; null when it depends on the
        /// platform (see the warnings and notes).
        public var error: Double?
        public var summary: String
        public var warnings: [RemarkReply]
        public var notes: [RemarkReply]

        public init(
            target: String, title: String, code: String, moreCode: String?, error: Double?, summary: String,
            warnings: [RemarkReply], notes: [RemarkReply]
        ) {
            self.target = target
            self.title = title
            self.code = code
            self.moreCode = moreCode
            self.error = error
            self.summary = summary
            self.warnings = warnings
            self.notes = notes
        }
    }
    public var sequence: SequenceReply
    public var targets: [Target]
    /// Targets left out, each with why (a sequence that ends where it starts has no CSS easing).
    public var leftOut: [String]

    public init(_ sequence: SpringSequence, targets: [Target], leftOut: [String] = []) {
        self.sequence = SequenceReply(sequence)
        self.targets = targets
        self.leftOut = leftOut
    }
}

/// `export --sequence … --target lottie --json`'s reply: what the animation holds.
public struct LottieReply: Encodable, Sendable {
    public var target = "lottie"
    public var duration: Double
    public var frameRate: Double
    public var keyframes: Int
    public var maxErrorPx: Double

    public init(duration: Double, frameRate: Double, keyframes: Int, maxErrorPx: Double) {
        self.duration = duration
        self.frameRate = frameRate
        self.keyframes = keyframes
        self.maxErrorPx = maxErrorPx
    }
}
