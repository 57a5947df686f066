import SpringConventions
import SpringFitting
import SpringMath
import SpringPlatforms
import SpringWire

extension FitReply.Target {
    /// One target's code and parameters, as `fit --json`, `track --json` and the studio's track
    /// reply list them.
    public init(_ export: TargetExport) {
        self.init(
            target: export.target.rawValue, code: export.fullCode, parameters: ParametersReply(export.parameters),
            warnings: export.warnings.map(RemarkReply.init), notes: export.notes.map(RemarkReply.init))
    }
}

extension RemarkReply {
    public init(_ remark: ExportRemark) {
        self.init(code: remark.code.rawValue, text: remark.text)
    }
}

extension FitReply {
    /// The reply for `fit`, with every target's code for the fitted spring and motion
    /// (``ExportRequest/conventionExports()``).
    public init(_ fit: SpringFit) {
        self.init(fit, targets: ExportRequest(fitted: fit).conventionExports().map(Target.init))
        if let (preset, distance) = SpringConventions.nearestPreset(to: fit.spring) {
            nearestPreset = NearestPresetReply(
                name: preset.name, title: preset.title, family: preset.family,
                dampingRatio: preset.spring.dampingRatio, response: preset.spring.response,
                distance: distance)
        }
    }
}

extension ExportReply {
    /// The reply for `request`: its spring and motion, and each export with the compensations asked
    /// for its target.
    public init(_ request: ExportRequest, exports: [TargetExport], compensations: [(ExportTarget, Compensation)] = []) {
        let motion = Motion(
            from: request.motion.from, to: request.motion.to, velocity: request.motion.initialVelocity,
            cssError: request.cssError)
        self.init(
            spring: SpringReply(request.spring), motion: motion,
            targets: exports.map { export in
                TargetReply(
                    export, compensated: compensations.filter { $0.0 == export.target }.map { CompensationReply($0.1) })
            })
    }
}

extension TargetReply {
    public init(_ export: TargetExport, compensated: [CompensationReply] = []) {
        self.init(
            target: export.target.rawValue, title: export.target.title, code: export.fullCode,
            parameters: ParametersReply(export.parameters), warnings: export.warnings.map(RemarkReply.init),
            notes: export.notes.map(RemarkReply.init),
            effectiveSpring: export.effectiveSpring.map(SpringReply.init),
            platforms: export.platforms.map(PlatformReportReply.init), compensated: compensated)
    }
}

extension PlatformReportReply {
    public init(_ report: PlatformReport) {
        self.init(
            fps: report.frameRate, maxError: report.maxError, maxErrorFraction: report.maxErrorFraction,
            maxErrorTime: report.maxErrorTime, finishTime: report.finishTime,
            exactSettleTime: report.exactSettleTime, velocityKept: report.velocityKept)
    }
}

extension CompensationReply {
    public init(_ c: Compensation) {
        self.init(
            fps: c.frameRate, parameters: ParametersReply(c.parameters.map { (name: $0.name, value: $0.value) }),
            maxErrorBefore: c.before.maxError, maxErrorAfter: c.after.maxError)
    }
}

extension SequenceExportReply.Target {
    /// The reply for one target's sequence code.
    public init(_ result: SequenceExport.Result) {
        self.init(
            target: result.target.rawValue, title: result.target.title, code: result.code, moreCode: result.moreCode,
            error: result.error, summary: result.summary,
            warnings: result.warnings.map(RemarkReply.init), notes: result.notes.map(RemarkReply.init))
    }
}

extension SequenceExportReply {
    /// The reply for an export's results and the targets it left out.
    public init(
        _ export: SequenceExport, results: [SequenceExport.Result], leftOut: [(target: ExportTarget, why: String)] = []
    ) {
        self.init(
            export.sequence, targets: results.map(Target.init),
            leftOut: leftOut.map { "\($0.target.rawValue): \($0.why)" })
    }
}
