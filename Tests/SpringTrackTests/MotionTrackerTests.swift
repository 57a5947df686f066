import Foundation
import SpringMath
import SpringTestSupport
import Testing

@testable import SpringTrack

/// Frames drawn here, without a codec: a card with exactly anti-aliased edges (each pixel gets the
/// fraction of its area the card covers) over a busy, seeded background. The motions come from the
/// textbook damped-oscillator formulas written out below, not from SpringMath.
struct Scene {
    var width = 320, height = 120
    var cardWidth = 40.0, cardHeight = 24.0
    var card: (Double, Double, Double) = (235, 70, 90)
    var background: [UInt8]

    init(width: Int = 320, height: Int = 120, seed: UInt64 = 7) {
        self.width = width
        self.height = height
        var state = seed
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        // 6 × 6 blocks of random colours: busy, and never moving.
        var blocks: [[UInt8]] = []
        for _ in 0..<((width / 6 + 1) * (height / 6 + 1)) { blocks.append([next(), next(), next()]) }
        var pixels = [UInt8](repeating: 0, count: 3 * width * height)
        for y in 0..<height {
            for x in 0..<width {
                let block = blocks[(y / 6) * (width / 6 + 1) + x / 6]
                for c in 0..<3 { pixels[3 * (y * width + x) + c] = block[c] }
            }
        }
        background = pixels
    }

    /// A frame with `cards` (centre x, centre y, scale) drawn over the background.
    func frame(time: Double, cards: [(x: Double, y: Double, scale: Double)]) -> VideoFrame {
        var pixels = background
        for card in cards {
            let w = cardWidth * card.scale, h = cardHeight * card.scale
            let left = card.x - w / 2, right = card.x + w / 2, top = card.y - h / 2, bottom = card.y + h / 2
            for y in Swift.max(0, Int(top.rounded(.down)))..<Swift.min(height, Int(bottom.rounded(.up))) {
                let cy = Swift.min(Double(y + 1), bottom) - Swift.max(Double(y), top)
                guard cy > 0 else { continue }
                for x in Swift.max(0, Int(left.rounded(.down)))..<Swift.min(width, Int(right.rounded(.up))) {
                    let cx = Swift.min(Double(x + 1), right) - Swift.max(Double(x), left)
                    guard cx > 0 else { continue }
                    let alpha = cx * cy
                    let index = 3 * (y * width + x)
                    let colour = [self.card.0, self.card.1, self.card.2]
                    for c in 0..<3 {
                        let value = alpha * colour[c] + (1 - alpha) * Double(pixels[index + c])
                        pixels[index + c] = UInt8(value.rounded())
                    }
                }
            }
        }
        return VideoFrame(width: width, height: height, time: time, pixels: pixels)
    }
}

extension Scene {
    /// The scene of the size tests: an 80 × 56 card in the middle of a 200 × 140 frame.
    static func sizing() -> Scene {
        var scene = Scene(width: 200, height: 140, seed: 5)
        scene.cardWidth = 80
        scene.cardHeight = 56
        return scene
    }
}

/// x(t) of a spring released at `onset` from `from` towards `to` at rest, by the tests' textbook
/// spring.
func textbookSpring(zeta: Double, response: Double, from: Double, to: Double, onset: Double) -> (Double) -> Double {
    let spring = TextbookSpring(dampingRatio: zeta, response: response)
    return { t in t - onset > 0 ? spring.position(from: from, to: to, at: t - onset) : from }
}

func rms(_ errors: [Double]) -> (bias: Double, spread: Double) {
    let mean = errors.reduce(0, +) / Double(errors.count)
    let spread = (errors.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(errors.count)).squareRoot()
    return (mean, spread)
}

@Suite("MotionTracker on drawn frames")
struct MotionTrackerTests {
    @Test("a card moving in x is tracked to a few hundredths of a pixel and its spring recovered")
    func horizontal() throws {
        let scene = Scene()
        let motion = textbookSpring(zeta: 0.45, response: 0.4, from: 60, to: 230, onset: 0.1)
        let times = (0..<72).map { Double($0) / 60 }
        let frames = times.map { scene.frame(time: $0, cards: [(motion($0), 60, 1)]) }
        let samples = try MotionTracker.track(frames)
        #expect(samples.axis == .x && samples.property == .position)
        let errors = zip(samples.times, samples.values).map { $1 - motion($0) }
        let (bias, spread) = rms(errors)
        #expect(abs(bias) < 0.05, "centre offset \(bias)")
        #expect(spread < 0.05, "tracking error \(spread) px RMS")
        #expect(abs(samples.onsetTime - 0.1) < 1e-9)
        let fit = try TrackFit.fit(samples)
        #expect(abs(fit.dampingRatio / 0.45 - 1) < 0.005, "ζ \(fit.dampingRatio)")
        #expect(abs(fit.response / 0.4 - 1) < 0.005, "response \(fit.response)")
        #expect(abs(fit.startTime - 0.1) < 0.002, "start \(fit.startTime)")
    }

    @Test("uneven frame times with drops, moving in y, overdamped: the real times are used")
    func verticalUneven() throws {
        let scene = Scene(width: 160, height: 300, seed: 11)
        let motion = textbookSpring(zeta: 1.4, response: 0.35, from: 250, to: 60, onset: 0.05)
        var times: [Double] = []
        var generator: UInt64 = 99
        for index in 0..<80 {
            generator = generator &* 2862933555777941757 &+ 3037000493
            if index % 7 == 3 { continue }  // dropped
            let jitter = (Double(generator >> 40) / Double(1 << 24) - 0.5) * 0.006
            times.append(Double(index) / 60 + (index == 0 ? 0 : jitter))
        }
        let frames = times.map { scene.frame(time: $0, cards: [(80, motion($0), 1)]) }
        let samples = try MotionTracker.track(frames)
        #expect(samples.axis == .y)
        let (_, spread) = rms(zip(samples.times, samples.values).map { $1 - motion($0) })
        #expect(spread < 0.05, "tracking error \(spread) px RMS")
        let fit = try TrackFit.fit(samples)
        #expect(abs(fit.dampingRatio / 1.4 - 1) < 0.01, "ζ \(fit.dampingRatio)")
        #expect(abs(fit.response / 0.35 - 1) < 0.01, "response \(fit.response)")
    }

    @Test("a card growing in place: its width is tracked and the spring recovered")
    func scale() throws {
        let scene = Scene.sizing()
        let motion = textbookSpring(zeta: 0.6, response: 0.5, from: 0.6, to: 1.0, onset: 0.1)
        let times = (0..<72).map { Double($0) / 60 }
        let frames = times.map { scene.frame(time: $0, cards: [(100, 70, motion($0))]) }
        let samples = try MotionTracker.track(frames, property: .scale)
        #expect(samples.axis == .x)
        let errors = zip(samples.times, samples.values).map { $1 - 80 * motion($0) }
        let (_, spread) = rms(errors)
        #expect(spread < 0.1, "width error \(spread) px RMS")
        let fit = try TrackFit.fit(samples)
        #expect(abs(fit.dampingRatio / 0.6 - 1) < 0.02, "ζ \(fit.dampingRatio)")
        #expect(abs(fit.response / 0.5 - 1) < 0.02, "response \(fit.response)")
    }

    @Test("a card shrinking in place is refused for its size, with the reason")
    func shrinking() throws {
        let scene = Scene.sizing()
        let motion = textbookSpring(zeta: 1.2, response: 0.4, from: 1.0, to: 0.6, onset: 0.1)
        let frames = (0..<72).map { scene.frame(time: Double($0) / 60, cards: [(100, 70, motion(Double($0) / 60))]) }
        #expect(throws: TrackError.self) { try MotionTracker.track(frames, property: .scale) }
        do {
            _ = try MotionTracker.track(frames, property: .scale)
        } catch {
            #expect(error.description.hasPrefix("the element shrinks"))
        }
    }

    @Test("a frame repeated while the card moves is left out")
    func repeatedFrames() throws {
        let scene = Scene()
        let motion = textbookSpring(zeta: 0.7, response: 0.5, from: 60, to: 240, onset: 0.1)
        var frames: [VideoFrame] = []
        for index in 0..<80 {
            let time = Double(index) / 60
            // Frames 12 and 20 show the picture of the frame before (a screen recorder's duplicate).
            let shown = index == 12 || index == 20 ? Double(index - 1) / 60 : time
            frames.append(scene.frame(time: time, cards: [(motion(shown), 60, 1)]))
        }
        let samples = try MotionTracker.track(frames)
        #expect(samples.repeatedFrames == 2)
        #expect(!samples.times.contains { abs($0 - 12.0 / 60) < 1e-9 || abs($0 - 20.0 / 60) < 1e-9 })
        let fit = try TrackFit.fit(samples)
        #expect(abs(fit.dampingRatio / 0.7 - 1) < 0.005 && abs(fit.response / 0.5 - 1) < 0.005)
    }

    @Test("a held frame that a codec did not copy exactly is found by its value; turning points are not")
    func heldSamples() {
        // ζ 0.15 turns six times in the 1.5 s shown; frames 9 and 30 hold the frame before, with 0.1 px
        // of coding noise on top.
        let motion = textbookSpring(zeta: 0.15, response: 0.3, from: 100, to: 400, onset: 0.05)
        var times = (0..<90).map { Double($0) / 60 }
        var values = times.map(motion)
        let clean = (times, values)
        #expect(MotionTracker.dropHeldSamples(times: &times, values: &values) == 0)
        #expect(times == clean.0 && values == clean.1)
        values[9] = values[8] + 0.1
        values[30] = values[29] - 0.1
        #expect(MotionTracker.dropHeldSamples(times: &times, values: &values) == 2)
        #expect(!times.contains(9.0 / 60) && !times.contains(30.0 / 60) && times.count == 88)
        // Still frames (steps under 1 px) are never held frames.
        var still = (0..<10).map { Double($0) / 60 }, flat = [Double](repeating: 5, count: 10)
        #expect(MotionTracker.dropHeldSamples(times: &still, values: &flat) == 0)
    }

    @Test("an easing curve is not taken for a spring")
    func easing() throws {
        let scene = Scene()
        // CSS `ease` (cubic-bezier(0.25, 0.1, 0.25, 1)) over 0.6 s: solve x(s) = progress for s, return y(s).
        func ease(_ progress: Double) -> Double {
            func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
            }
            var low = 0.0, high = 1.0
            for _ in 0..<60 {
                let mid = (low + high) / 2
                if bezier(mid, 0.25, 0.25) < progress { low = mid } else { high = mid }
            }
            return bezier((low + high) / 2, 0.1, 1)
        }
        let times = (0..<60).map { Double($0) / 60 }
        let frames = times.map { t in
            scene.frame(time: t, cards: [(60 + 170 * ease(Swift.min(1, Swift.max(0, (t - 0.1) / 0.6))), 60, 1)])
        }
        let samples = try MotionTracker.track(frames)
        #expect(throws: TrackError.self) { try TrackFit.fit(samples) }
        do {
            _ = try TrackFit.fit(samples)
        } catch {
            #expect(error.description.contains("no spring explains"), "\(error.description)")
        }
    }

    @Test("two cards moving at once, nothing moving, too few frames: each refused with its reason")
    func refusals() throws {
        let scene = Scene(width: 320, height: 200)
        let motion = textbookSpring(zeta: 0.7, response: 0.5, from: 60, to: 240, onset: 0.1)
        let times = (0..<40).map { Double($0) / 60 }
        let two = times.map { scene.frame(time: $0, cards: [(motion($0), 40, 1), (300 - motion($0), 160, 1)]) }
        #expect {
            try MotionTracker.track(two)
        } throws: { error in
            guard case TrackError.severalElements(let boxes) = error else { return false }
            return boxes.count == 2 && (error as? TrackError)?.description.contains("--roi") == true
        }
        let still = times.map { scene.frame(time: $0, cards: [(100, 100, 1)]) }
        #expect {
            try MotionTracker.track(still)
        } throws: { error in
            if case TrackError.noMotion = error { return true }
            return false
        }
        #expect {
            try MotionTracker.track(Array(two.prefix(5)))
        } throws: { error in
            if case TrackError.tooShort(5, _) = error { return true }
            return false
        }
    }
}

@Suite("VideoDecoder without ffmpeg")
struct VideoDecoderParsingTests {
    @Test("timestamps come from showinfo's pts_time, one per frame line")
    func showinfo() {
        let log = """
            [Parsed_showinfo_2 @ 0x5581] config in time_base: 1/1000000, frame_rate: 60/1
            [Parsed_showinfo_2 @ 0x5581] n:   0 pts:      0 pts_time:0       duration: 16667 fmt:rgb24 s:480x270
            [Parsed_showinfo_2 @ 0x5581] n:   1 pts:  16667 pts_time:0.016667 duration: 16667 fmt:rgb24
            [Parsed_showinfo_2 @ 0x5581] color_range:tv color_space:unknown
            [Parsed_showinfo_2 @ 0x5581] n:   2 pts:  35100 pts_time:0.0351  duration: 16667 fmt:rgb24
            """
        #expect(VideoDecoder.presentationTimes(in: log) == [0, 0.016667, 0.0351])
    }

    @Test("folder frames are ordered with numbers compared as numbers")
    func naturalOrder() {
        let names = ["frame10.png", "frame9.png", "frame1.png", "frame010.png", "a.png", "frame2b.png", "frame2a.png"]
        #expect(
            names.sorted(by: VideoDecoder.naturalOrder)
                == ["a.png", "frame1.png", "frame2a.png", "frame2b.png", "frame9.png", "frame10.png", "frame010.png"])
    }

    @Test("a missing decoder is named")
    func missingDecoder() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-ffmpeg-\(UUID().uuidString)")
        #expect {
            try VideoDecoder.locate(path: empty.path)
        } throws: { error in
            (error as? TrackError)?.description.contains("ffmpeg was not found") == true
        }
    }
}
