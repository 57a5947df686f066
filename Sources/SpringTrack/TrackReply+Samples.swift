import SpringWire

extension TrackReply.Tracking {
    /// The tracking's keys for `samples`, as `track --json` and the studio's track reply write them.
    public init(_ samples: TrackedSamples) {
        let box = samples.region
        self.init(
            trackedSamples: samples.times.count, onsetTime: samples.onsetTime, endTime: samples.endTime,
            property: samples.property.rawValue, axis: samples.axis.rawValue,
            region: TrackReply.Region(x: box.x, y: box.y, width: box.width, height: box.height),
            frames: samples.frameCount, repeatedFrames: samples.repeatedFrames,
            stillFramesSkipped: samples.stillFramesSkipped, trackingNoise: samples.noise)
    }
}
