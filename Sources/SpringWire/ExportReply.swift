/// `export --json` and the studio's `GET /api/export.json`: the spring, the motion, and each target's
/// code with its numbers at full precision. SpringExport builds it from an export request.
public struct ExportReply: Encodable, Sendable {
    /// The motion's keys: from, to, velocity, then the CSS easing's largest error.
    public struct Motion: Encodable, Sendable {
        public var from: Double
        public var to: Double
        public var velocity: Double
        public var cssError: Double

        public init(from: Double, to: Double, velocity: Double, cssError: Double) {
            self.from = from
            self.to = to
            self.velocity = velocity
            self.cssError = cssError
        }
    }

    public var spring: SpringReply
    public var motion: Motion
    public var targets: [TargetReply]

    public init(spring: SpringReply, motion: Motion, targets: [TargetReply]) {
        self.spring = spring
        self.motion = motion
        self.targets = targets
    }
}

/// One target of an ``ExportReply``.
public struct TargetReply: Encodable, Sendable {
    public var target: String
    public var title: String
    public var code: String
    public var parameters: ParametersReply
    /// What a user would see: clamps, a dropped velocity, a visible error.
    public var warnings: [RemarkReply]
    /// How the code was converted and how the target behaves, where a user would not see it.
    public var notes: [RemarkReply]
    /// The spring the target really runs, when it differs from the one asked for.
    public var effectiveSpring: SpringReply?
    public var platforms: [PlatformReportReply]
    /// Left out when no compensation was asked for (or none applies to the target).
    public var compensated: [CompensationReply]

    public init(
        target: String, title: String, code: String, parameters: ParametersReply, warnings: [RemarkReply],
        notes: [RemarkReply], effectiveSpring: SpringReply?, platforms: [PlatformReportReply],
        compensated: [CompensationReply]
    ) {
        self.target = target
        self.title = title
        self.code = code
        self.parameters = parameters
        self.warnings = warnings
        self.notes = notes
        self.effectiveSpring = effectiveSpring
        self.platforms = platforms
        self.compensated = compensated
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target, forKey: .target)
        try container.encode(title, forKey: .title)
        try container.encode(code, forKey: .code)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(notes, forKey: .notes)
        try container.encodeIfPresent(effectiveSpring, forKey: .effectiveSpring)
        try container.encode(platforms, forKey: .platforms)
        if !compensated.isEmpty { try container.encode(compensated, forKey: .compensated) }
    }

    private enum CodingKeys: String, CodingKey {
        case target, title, code, parameters, warnings, notes, effectiveSpring, platforms, compensated
    }
}

/// What a platform displays at one frame rate, against the exact motion.
public struct PlatformReportReply: Encodable, Sendable {
    public var fps: Double
    public var maxError: Double
    public var maxErrorFraction: Double?
    public var maxErrorTime: Double
    public var finishTime: Double?
    /// Null when the exact motion never settles.
    public var exactSettleTime: Double
    public var velocityKept: Bool

    public init(
        fps: Double, maxError: Double, maxErrorFraction: Double?, maxErrorTime: Double, finishTime: Double?,
        exactSettleTime: Double, velocityKept: Bool
    ) {
        self.fps = fps
        self.maxError = maxError
        self.maxErrorFraction = maxErrorFraction
        self.maxErrorTime = maxErrorTime
        self.finishTime = finishTime
        self.exactSettleTime = exactSettleTime
        self.velocityKept = velocityKept
    }
}

/// `--compensate-for`: parameters retuned for one frame rate, and the largest error before and after.
public struct CompensationReply: Encodable, Sendable {
    public var fps: Double
    public var parameters: ParametersReply
    public var maxErrorBefore: Double
    public var maxErrorAfter: Double

    public init(fps: Double, parameters: ParametersReply, maxErrorBefore: Double, maxErrorAfter: Double) {
        self.fps = fps
        self.parameters = parameters
        self.maxErrorBefore = maxErrorBefore
        self.maxErrorAfter = maxErrorAfter
    }
}
