import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

/// `export --json`: the spring, the motion, and each target's code with its numbers at full precision.
struct ExportReply: Encodable {
    /// The motion's keys: from, to, velocity, then the CSS easing's error.
    struct MotionKeys: Encodable {
        var from: Double
        var to: Double
        var velocity: Double
        var cssError: Double

        init(_ motion: Motion, cssError: Double) {
            from = motion.from
            to = motion.to
            velocity = motion.initialVelocity
            self.cssError = cssError
        }
    }

    var spring: SpringReply
    var motion: MotionKeys
    var targets: [TargetReply]

    init(named: NamedSpring, request: ExportRequest, exports: [TargetExport], compensations: [(ExportTarget, Compensation)]) {
        spring = SpringReply(named.spring)
        motion = MotionKeys(request.motion, cssError: request.cssError)
        targets = exports.map { export in
            TargetReply(export, compensated: compensations.filter { $0.0 == export.target }.map { CompensationReply($0.1) })
        }
    }
}

/// One target in `export --json`.
struct TargetReply: Encodable {
    var target: String
    var title: String
    var code: String
    var parameters: ParametersReply
    var warnings: [String]
    var effectiveSpring: SpringReply?
    var platforms: [PlatformReportReply]
    /// Left out when no compensation was asked for (or none applies to the target).
    var compensated: [CompensationReply]

    init(_ export: TargetExport, compensated: [CompensationReply]) {
        target = export.target.rawValue
        title = export.target.title
        code = export.code
        parameters = ParametersReply(export.parameters)
        warnings = export.warnings
        effectiveSpring = export.effectiveSpring.map(SpringReply.init)
        platforms = export.platforms.map(PlatformReportReply.init)
        self.compensated = compensated
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target, forKey: .target)
        try container.encode(title, forKey: .title)
        try container.encode(code, forKey: .code)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(warnings, forKey: .warnings)
        try container.encodeIfPresent(effectiveSpring, forKey: .effectiveSpring)
        try container.encode(platforms, forKey: .platforms)
        if !compensated.isEmpty { try container.encode(compensated, forKey: .compensated) }
    }

    private enum CodingKeys: String, CodingKey {
        case target, title, code, parameters, warnings, effectiveSpring, platforms, compensated
    }
}

/// What a platform displays at one frame rate, against the exact motion.
struct PlatformReportReply: Encodable {
    var fps: Double
    var maxError: Double
    var maxErrorFraction: Double?
    var maxErrorTime: Double
    var finishTime: Double?
    /// Null when the exact motion never settles.
    var exactSettleTime: Double
    var velocityKept: Bool

    init(_ report: PlatformReport) {
        fps = report.frameRate
        maxError = report.maxError
        maxErrorFraction = report.maxErrorFraction
        maxErrorTime = report.maxErrorTime
        finishTime = report.finishTime
        exactSettleTime = report.exactSettleTime
        velocityKept = report.velocityKept
    }
}

/// `--compensate-for`: parameters retuned for one frame rate, and the largest error before and after.
struct CompensationReply: Encodable {
    var fps: Double
    var parameters: ParametersReply
    var maxErrorBefore: Double
    var maxErrorAfter: Double

    init(_ c: Compensation) {
        fps = c.frameRate
        parameters = ParametersReply(c.parameters.map { (name: $0.name, value: $0.value) })
        maxErrorBefore = c.before.maxError
        maxErrorAfter = c.after.maxError
    }
}
