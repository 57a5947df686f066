import SpringConventions
import SpringExport
import SpringFitting
import SpringMath
import SpringPlatforms
import SpringWire

/// `verify --json`: a recording against the exact motion, and (with --platform) which platform's
/// stepping explains it.
struct VerifyReply: Encodable {
    /// The motion judged against, and where each of its values came from.
    struct MotionKeys: Encodable {
        var from: Double
        var to: Double
        var velocity: Double
        /// For each of from, to and velocity: "given", "the first sample", "the last sample, at rest",
        /// "least squares", or why it was held.
        var sources: ParametersSources

        struct ParametersSources: Encodable {
            var from: String
            var to: String
            var velocity: String
        }

        init(_ motion: Motion, sources: Verify.MotionSources) {
            from = motion.from
            to = motion.to
            velocity = motion.initialVelocity
            func source(_ name: String) -> String { sources.first { $0.name == name }?.source ?? "given" }
            self.sources = ParametersSources(from: source("from"), to: source("to"), velocity: source("velocity"))
        }
    }

    var spring: SpringReply
    /// Left out when the caller has no motion to report.
    var motion: MotionKeys?
    var samples: Int
    var travel: Double
    var maxError: Double
    var maxErrorFraction: Double?
    var maxErrorTime: Double
    var maxErrorSigned: Double
    var rmsError: Double
    var rmsErrorFraction: Double?
    var maxVelocityError: Double?
    var rmsVelocityError: Double?
    var medianInterval: Double
    var frameRate: Double?
    var shortestInterval: Double
    var longestInterval: Double
    var longIntervalCount: Int
    var rmsStepErrorAfterLongIntervals: Double?
    var rmsStepErrorAfterRegularIntervals: Double?
    var errorGrowsWithInterval: Bool?
    var lastTime: Double
    var finishTime: Double
    var finishIndex: Int
    var finalJump: Double
    var snapped: Bool
    var exactSettleTime: Double
    var finishOffset: Double
    /// The `--max-error` given.
    var maxErrorAllowed: Double?
    var passed: Bool?
    /// The platforms ranked, best first; `bestPlatform` and `platforms` are left out without --platform.
    var platforms: [RecordingMatchReply]

    init(
        _ c: TrajectoryComparison, spring: Spring, motion: MotionKeys? = nil, maxError: Double?, passed: Bool?,
        platforms: [RecordingMatch]
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
        self.platforms = platforms.map(RecordingMatchReply.init)
    }

    func encode(to encoder: any Encoder) throws {
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
struct RecordingMatchReply: Encodable {
    var platform: String
    var maxDifference: Double
    var maxDifferenceFraction: Double?
    var maxDifferenceTime: Double
    var recordedFrames: Int
    var modelFrames: Int
    var modelFinishTime: Double?
    var reproduced: Bool

    init(_ m: RecordingMatch) {
        platform = m.platform.rawValue
        maxDifference = m.maxDifference
        maxDifferenceFraction = m.maxDifferenceFraction
        maxDifferenceTime = m.maxDifferenceTime
        recordedFrames = m.recordedFrames
        modelFrames = m.modelFrames
        modelFinishTime = m.modelFinishTime
        reproduced = m.reproduces()
    }
}

/// `data --json`: the spring, the motion, and the samples as three columns.
struct DataReply: Encodable {
    var spring: SpringReply
    var from: Double
    var to: Double
    var initialVelocity: Double
    var t: [Double]
    var position: [Double]
    var velocity: [Double]
}

/// `data --target-velocity --json`: the exact chase of a moving target, with the target and the lag.
struct ChaseDataReply: Encodable {
    var spring: SpringReply
    var from: Double
    var to: Double
    var targetVelocity: Double
    var initialVelocity: Double
    /// How far the value trails the target once the start has died out: c·V/k.
    var lag: Double
    var t: [Double]
    var position: [Double]
    var velocity: [Double]
    var target: [Double]
}

/// `data --platform --json`: what a platform displays, one entry a frame.
struct PlatformDataReply: Encodable {
    var spring: SpringReply
    var platform: String
    var fps: Double
    var from: Double
    var to: Double
    var initialVelocity: Double
    var finished: Bool
    var finishTime: Double?
    var t: [Double]
    var position: [Double]
}
