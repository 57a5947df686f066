import SpringFitting
import SpringMath

/// `fit --json`: the spring recovered from a recording, each estimate with its uncertainty, and the
/// spring in every convention. `track --json` and the studio's `POST /api/track` write the same keys,
/// then the tracking's (``TrackReply``).
public struct FitReply: Encodable, Sendable {
    /// One target's code and numbers (the same as `export --json` writes, without the platform models).
    public struct Target: Encodable, Sendable {
        public var target: String
        public var code: String
        public var parameters: ParametersReply
        public var warnings: [RemarkReply]
        public var notes: [RemarkReply]

        public init(
            target: String, code: String, parameters: ParametersReply, warnings: [RemarkReply], notes: [RemarkReply]
        ) {
            self.target = target
            self.code = code
            self.parameters = parameters
            self.warnings = warnings
            self.notes = notes
        }
    }

    public var samples: Int
    /// The samples in the recording: more than `samples` when a long one was thinned for the fit.
    public var recordedSamples: Int
    public var residualRMS: Double
    public var dampingRatio: EstimateReply
    public var response: EstimateReply
    public var from: EstimateReply
    public var to: EstimateReply
    public var initialVelocity: EstimateReply
    public var startTime: Double
    public var stillSamples: Int
    /// The fitted spring, written as `info`, `export` and the studio write a spring.
    public var spring: SpringReply
    /// The named spring nearest to the fit, across every platform's constants and presets.
    public var nearestPreset: NearestPresetReply?
    public var targets: [Target]

    /// The reply for `fit`, with each target's code for its spring (SpringExport builds these from a
    /// `TargetExport`).
    public init(_ fit: SpringFit, targets: [Target]) {
        samples = fit.sampleCount
        recordedSamples = fit.recordedSampleCount
        residualRMS = fit.residualRMS
        dampingRatio = EstimateReply(fit.dampingRatio, fit.dampingRatioUncertainty)
        response = EstimateReply(fit.response, fit.responseUncertainty)
        from = EstimateReply(fit.from, fit.fromUncertainty)
        to = EstimateReply(fit.to, fit.toUncertainty)
        initialVelocity = EstimateReply(fit.initialVelocity, fit.initialVelocityUncertainty)
        startTime = fit.startTime
        stillSamples = fit.stillSampleCount
        spring = SpringReply(fit.spring)
        self.targets = targets
    }
}

/// A named spring near a fitted one: its name, its platform's spelling, its ζ and response, and the
/// distance (damping ratios' difference and the responses' symmetric relative difference, combined).
public struct NearestPresetReply: Encodable, Sendable, Equatable {
    public var name: String
    public var title: String
    public var family: String
    public var dampingRatio: Double
    public var response: Double
    public var distance: Double

    public init(name: String, title: String, family: String, dampingRatio: Double, response: Double, distance: Double) {
        self.name = name
        self.title = title
        self.family = family
        self.dampingRatio = dampingRatio
        self.response = response
        self.distance = distance
    }
}

/// `track --json` and the studio's `POST /api/track`: fit's keys, then the tracking's, in one object.
public struct TrackReply: Encodable, Sendable {
    /// The tracked element's box in the first frame, in pixels.
    public struct Region: Encodable, Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The tracking's own keys, after fit's (SpringTrack builds these from its tracked samples).
    public struct Tracking: Encodable, Sendable {
        public var trackedSamples: Int
        public var onsetTime: Double
        public var endTime: Double
        public var property: String
        public var axis: String
        public var region: Region
        public var frames: Int
        public var repeatedFrames: Int
        public var stillFramesSkipped: Int
        public var trackingNoise: Double

        public init(
            trackedSamples: Int, onsetTime: Double, endTime: Double, property: String, axis: String,
            region: Region, frames: Int, repeatedFrames: Int, stillFramesSkipped: Int, trackingNoise: Double
        ) {
            self.trackedSamples = trackedSamples
            self.onsetTime = onsetTime
            self.endTime = endTime
            self.property = property
            self.axis = axis
            self.region = region
            self.frames = frames
            self.repeatedFrames = repeatedFrames
            self.stillFramesSkipped = stillFramesSkipped
            self.trackingNoise = trackingNoise
        }
    }

    public var fit: FitReply
    public var tracking: Tracking

    public init(fit: FitReply, tracking: Tracking) {
        self.fit = fit
        self.tracking = tracking
    }

    /// One object: fit's keys and the tracking's side by side.
    public func encode(to encoder: any Encoder) throws {
        try fit.encode(to: encoder)
        try tracking.encode(to: encoder)
    }
}
