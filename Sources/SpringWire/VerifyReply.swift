import SpringFitting
import SpringMath

/// `verify --json`: a recording against the exact motion, and (with --platform) which platform's
/// stepping explains it.
public struct VerifyReply: Encodable, Sendable {
    /// The motion judged against, and where each of its values came from.
    public struct MotionKeys: Encodable, Sendable {
        public var from: Double
        public var to: Double
        public var velocity: Double
        /// For each of from, to and velocity: "given", "the first sample", "the last sample, at rest",
        /// "least squares", or why it was held.
        public var sources: ParametersSources

        public struct ParametersSources: Encodable, Sendable {
            public var from: String
            public var to: String
            public var velocity: String

            public init(from: String, to: String, velocity: String) {
                self.from = from
                self.to = to
                self.velocity = velocity
            }
        }

        /// `sources` says, for each of from, to and velocity, where its value came from.
        public init(from: Double, to: Double, velocity: Double, sources: ParametersSources) {
            self.from = from
            self.to = to
            self.velocity = velocity
            self.sources = sources
        }
    }

    public var spring: SpringReply
    /// Left out when the caller has no motion to report.
    public var motion: MotionKeys?
    public var samples: Int
    public var travel: Double
    public var maxError: Double
    public var maxErrorFraction: Double?
    public var maxErrorTime: Double
    public var maxErrorSigned: Double
    public var rmsError: Double
    public var rmsErrorFraction: Double?
    public var maxVelocityError: Double?
    public var rmsVelocityError: Double?
    public var medianInterval: Double
    public var frameRate: Double?
    public var shortestInterval: Double
    public var longestInterval: Double
    public var longIntervalCount: Int
    public var rmsStepErrorAfterLongIntervals: Double?
    public var rmsStepErrorAfterRegularIntervals: Double?
    public var errorGrowsWithInterval: Bool?
    public var lastTime: Double
    public var finishTime: Double
    public var finishIndex: Int
    public var finalJump: Double
    public var snapped: Bool
    public var exactSettleTime: Double
    public var finishOffset: Double
    /// The `--max-error` given.
    public var maxErrorAllowed: Double?
    public var passed: Bool?
    /// The platforms ranked, best first; `bestPlatform` and `platforms` are left out without --platform.
    public var platforms: [RecordingMatchReply]

    /// The reply for comparison `c` of a recording with `spring`'s motion; `platforms` ranked best first.
    public init(
        _ c: TrajectoryComparison, spring: Spring, motion: MotionKeys? = nil, maxError: Double?, passed: Bool?,
        platforms: [RecordingMatchReply]
    ) {
        self.spring = SpringReply(spring)
        self.motion = motion
        samples = c.sampleCount
        travel = c.travel
        self.maxError = c.maximumError
        maxErrorFraction = c.travel > 0 ? c.maximumError / c.travel : nil
        maxErrorTime = c.maximumErrorTime
        maxErrorSigned = c.maximumErrorSigned
        rmsError = c.rmsError
        rmsErrorFraction = c.travel > 0 ? c.rmsError / c.travel : nil
        maxVelocityError = c.maximumVelocityError
        rmsVelocityError = c.rmsVelocityError
        medianInterval = c.medianInterval
        frameRate = c.medianInterval > 0 ? 1 / c.medianInterval : nil
        shortestInterval = c.shortestInterval
        longestInterval = c.longestInterval
        longIntervalCount = c.longIntervalCount
        rmsStepErrorAfterLongIntervals = c.rmsStepErrorAfterLongIntervals
        rmsStepErrorAfterRegularIntervals = c.rmsStepErrorAfterRegularIntervals
        errorGrowsWithInterval = c.errorGrowsWithInterval
        lastTime = c.lastTime
        finishTime = c.finishTime
        finishIndex = c.finishIndex
        finalJump = c.finalJump
        snapped = c.snapped
        exactSettleTime = c.exactSettleTime
        finishOffset = c.finishOffset
        maxErrorAllowed = maxError
        self.passed = passed
        self.platforms = platforms
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spring, forKey: .spring)
        try container.encodeIfPresent(motion, forKey: .motion)
        try container.encode(samples, forKey: .samples)
        try container.encode(travel, forKey: .travel)
        try container.encode(maxError, forKey: .maxError)
        try container.encodeIfPresent(maxErrorFraction, forKey: .maxErrorFraction)
        try container.encode(maxErrorTime, forKey: .maxErrorTime)
        try container.encode(maxErrorSigned, forKey: .maxErrorSigned)
        try container.encode(rmsError, forKey: .rmsError)
        try container.encodeIfPresent(rmsErrorFraction, forKey: .rmsErrorFraction)
        try container.encodeIfPresent(maxVelocityError, forKey: .maxVelocityError)
        try container.encodeIfPresent(rmsVelocityError, forKey: .rmsVelocityError)
        try container.encode(medianInterval, forKey: .medianInterval)
        try container.encodeIfPresent(frameRate, forKey: .frameRate)
        try container.encode(shortestInterval, forKey: .shortestInterval)
        try container.encode(longestInterval, forKey: .longestInterval)
        try container.encode(longIntervalCount, forKey: .longIntervalCount)
        try container.encodeIfPresent(rmsStepErrorAfterLongIntervals, forKey: .rmsStepErrorAfterLongIntervals)
        try container.encodeIfPresent(rmsStepErrorAfterRegularIntervals, forKey: .rmsStepErrorAfterRegularIntervals)
        try container.encodeIfPresent(errorGrowsWithInterval, forKey: .errorGrowsWithInterval)
        try container.encode(lastTime, forKey: .lastTime)
        try container.encode(finishTime, forKey: .finishTime)
        try container.encode(finishIndex, forKey: .finishIndex)
        try container.encode(finalJump, forKey: .finalJump)
        try container.encode(snapped, forKey: .snapped)
        try container.encode(exactSettleTime, forKey: .exactSettleTime)
        try container.encode(finishOffset, forKey: .finishOffset)
        try container.encodeIfPresent(maxErrorAllowed, forKey: .maxErrorAllowed)
        try container.encodeIfPresent(passed, forKey: .passed)
        if let best = platforms.first {
            try container.encode(best.platform, forKey: .bestPlatform)
            try container.encode(platforms, forKey: .platforms)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case spring, motion, samples, travel, maxError, maxErrorFraction, maxErrorTime, maxErrorSigned, rmsError,
            rmsErrorFraction
        case maxVelocityError, rmsVelocityError, medianInterval, frameRate, shortestInterval, longestInterval,
            longIntervalCount
        case rmsStepErrorAfterLongIntervals, rmsStepErrorAfterRegularIntervals, errorGrowsWithInterval, lastTime,
            finishTime
        case finishIndex, finalJump, snapped, exactSettleTime, finishOffset, maxErrorAllowed, passed, bestPlatform,
            platforms
    }
}

/// How closely one platform's stepping reproduces a recording.
public struct RecordingMatchReply: Encodable, Sendable {
    public var platform: String
    public var maxDifference: Double
    public var maxDifferenceFraction: Double?
    public var maxDifferenceTime: Double
    public var recordedFrames: Int
    public var modelFrames: Int
    public var modelFinishTime: Double?
    public var reproduced: Bool

    public init(
        platform: String, maxDifference: Double, maxDifferenceFraction: Double?, maxDifferenceTime: Double,
        recordedFrames: Int, modelFrames: Int, modelFinishTime: Double?, reproduced: Bool
    ) {
        self.platform = platform
        self.maxDifference = maxDifference
        self.maxDifferenceFraction = maxDifferenceFraction
        self.maxDifferenceTime = maxDifferenceTime
        self.recordedFrames = recordedFrames
        self.modelFrames = modelFrames
        self.modelFinishTime = modelFinishTime
        self.reproduced = reproduced
    }
}

/// `data --json`: the spring, the motion, and the samples as three columns.
public struct DataReply: Encodable, Sendable {
    public var spring: SpringReply
    public var from: Double
    public var to: Double
    public var initialVelocity: Double
    public var t: [Double]
    public var position: [Double]
    public var velocity: [Double]

    public init(
        spring: SpringReply, from: Double, to: Double, initialVelocity: Double, t: [Double], position: [Double],
        velocity: [Double]
    ) {
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.t = t
        self.position = position
        self.velocity = velocity
    }
}

/// `data --target-velocity --json`: the exact chase of a moving target, with the target and the lag.
public struct ChaseDataReply: Encodable, Sendable {
    public var spring: SpringReply
    public var from: Double
    public var to: Double
    public var targetVelocity: Double
    public var initialVelocity: Double
    /// How far the value trails the target once the start has died out: c·V/k.
    public var lag: Double
    public var t: [Double]
    public var position: [Double]
    public var velocity: [Double]
    public var target: [Double]

    public init(
        spring: SpringReply, from: Double, to: Double, targetVelocity: Double, initialVelocity: Double, lag: Double,
        t: [Double], position: [Double], velocity: [Double], target: [Double]
    ) {
        self.spring = spring
        self.from = from
        self.to = to
        self.targetVelocity = targetVelocity
        self.initialVelocity = initialVelocity
        self.lag = lag
        self.t = t
        self.position = position
        self.velocity = velocity
        self.target = target
    }
}

/// `data --platform --json`: what a platform displays, one entry a frame.
public struct PlatformDataReply: Encodable, Sendable {
    public var spring: SpringReply
    public var platform: String
    public var fps: Double
    public var from: Double
    public var to: Double
    public var initialVelocity: Double
    public var finished: Bool
    public var finishTime: Double?
    public var t: [Double]
    public var position: [Double]

    public init(
        spring: SpringReply, platform: String, fps: Double, from: Double, to: Double, initialVelocity: Double,
        finished: Bool, finishTime: Double?, t: [Double], position: [Double]
    ) {
        self.spring = spring
        self.platform = platform
        self.fps = fps
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.finished = finished
        self.finishTime = finishTime
        self.t = t
        self.position = position
    }
}
