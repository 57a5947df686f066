import SpringExport
import SpringMath
import SpringPlotCore
import SpringTrack

/// `fit --json`: the spring recovered from a recording, each estimate with its uncertainty, and the
/// spring in every convention (`track --json` writes the same keys, then its own).
struct FitReply: Encodable {
    /// One target's code and numbers (the same as `export --json` writes, without the platform models).
    struct Target: Encodable {
        var target: String
        var code: String
        var parameters: ParametersReply
        var warnings: [String]
    }

    var samples: Int
    var residualRMS: Double
    var dampingRatio: EstimateReply
    var response: EstimateReply
    var from: EstimateReply
    var to: EstimateReply
    var initialVelocity: EstimateReply
    var startTime: Double
    var stillSamples: Int
    /// The fitted spring, written as `info`, `export` and the studio write a spring.
    var spring: SpringReply
    var targets: [Target]

    init(_ fit: SpringFit, exports: [TargetExport]) {
        samples = fit.sampleCount
        residualRMS = fit.residualRMS
        dampingRatio = EstimateReply(fit.dampingRatio, fit.dampingRatioUncertainty)
        response = EstimateReply(fit.response, fit.responseUncertainty)
        from = EstimateReply(fit.from, fit.fromUncertainty)
        to = EstimateReply(fit.to, fit.toUncertainty)
        initialVelocity = EstimateReply(fit.initialVelocity, fit.initialVelocityUncertainty)
        startTime = fit.startTime
        stillSamples = fit.stillSampleCount
        spring = SpringReply(fit.spring)
        targets = exports.map {
            Target(target: $0.target.rawValue, code: $0.code, parameters: ParametersReply($0.parameters), warnings: $0.warnings)
        }
    }
}

/// `track --json`: fit's keys, then the tracking's.
struct TrackReply: Encodable {
    /// The tracking's own keys, after fit's.
    struct Tracking: Encodable {
        var trackedSamples: Int
        var onsetTime: Double
        var endTime: Double
        var property: String
        var axis: String
        var region: PixelBox
        var frames: Int
        var repeatedFrames: Int
        var stillFramesSkipped: Int
        var trackingNoise: Double
    }

    var fit: FitReply
    var tracking: Tracking

    init(_ fit: SpringFit, exports: [TargetExport], samples: TrackedSamples) {
        self.fit = FitReply(fit, exports: exports)
        tracking = Tracking(trackedSamples: samples.times.count, onsetTime: samples.onsetTime, endTime: samples.endTime,
                            property: samples.property.rawValue, axis: samples.axis.rawValue,
                            region: samples.region,
                            frames: samples.frameCount, repeatedFrames: samples.repeatedFrames,
                            stillFramesSkipped: samples.stillFramesSkipped, trackingNoise: samples.noise)
    }

    /// One object: fit's keys and the tracking's side by side.
    func encode(to encoder: any Encoder) throws {
        try fit.encode(to: encoder)
        try tracking.encode(to: encoder)
    }
}
