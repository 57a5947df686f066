import SpringConventions
import SpringPlatforms
import SpringWire

extension VerifyReply.MotionKeys {
    /// The motion judged against, with where each of its values came from ("given" when not said).
    init(_ motion: Motion, sources: Verify.MotionSources) {
        func source(_ name: String) -> String { sources.first { $0.name == name }?.source ?? "given" }
        self.init(
            from: motion.from, to: motion.to, velocity: motion.initialVelocity,
            sources: ParametersSources(from: source("from"), to: source("to"), velocity: source("velocity")))
    }
}

extension RecordingMatchReply {
    /// How closely one platform's stepping reproduces the recording.
    init(_ m: RecordingMatch) {
        self.init(
            platform: m.platform.rawValue, maxDifference: m.maxDifference,
            maxDifferenceFraction: m.maxDifferenceFraction, maxDifferenceTime: m.maxDifferenceTime,
            recordedFrames: m.recordedFrames, modelFrames: m.modelFrames, modelFinishTime: m.modelFinishTime,
            reproduced: m.reproduces())
    }
}
