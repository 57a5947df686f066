import SpringMath
import SpringWire

extension FitReply.Target {
    /// One target's code and parameters, as `fit --json`, `track --json` and the studio's track
    /// reply list them.
    public init(_ export: TargetExport) {
        self.init(target: export.target.rawValue, code: export.code, parameters: ParametersReply(export.parameters),
                  warnings: export.warnings)
    }
}

extension FitReply {
    /// The reply for `fit`, with every target's code for the fitted spring and motion
    /// (``ExportRequest/conventionExports()``).
    public init(_ fit: SpringFit) {
        self.init(fit, targets: ExportRequest(fitted: fit).conventionExports().map(Target.init))
    }
}
