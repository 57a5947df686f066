import Foundation
import SpringChoreography
import SpringConventions
import SpringMath
import SpringTestSupport
import Testing

@testable import SpringExport

/// A Lottie property's keyframes read back from the written JSON, and evaluated as a Lottie player
/// evaluates them: each keyframe's easing is a cubic Bézier from (0, 0) through its `o` and `i`
/// handles to (1, 1), solved for the time fraction; after the last keyframe the value holds.
struct LottieTrack {
    struct Key {
        var frame: Double
        var value: [Double]
        var out: (x: Double, y: Double)?
        var into: (x: Double, y: Double)?
    }
    var keys: [Key]
    var frameRate: Double

    init(_ property: [String: Any], frameRate: Double) throws {
        self.frameRate = frameRate
        let animated = try #require(property["a"] as? Int)
        #expect(animated == 1)
        let raw = try #require(property["k"] as? [[String: Any]])
        keys = try raw.map { key in
            func handle(_ name: String) throws -> (x: Double, y: Double)? {
                guard let h = key[name] as? [String: Any] else { return nil }
                // One number per dimension, or one number for all (position).
                if let x = h["x"] as? Double, let y = h["y"] as? Double { return (x, y) }
                let x = try #require(h["x"] as? [Double]), y = try #require(h["y"] as? [Double])
                #expect(Set(x).count == 1 && Set(y).count == 1, "every dimension eases alike")
                return (x[0], y[0])
            }
            return Key(
                frame: try #require(key["t"] as? Double), value: try #require(key["s"] as? [Double]),
                out: try handle("o"), into: try handle("i"))
        }
    }

    /// The cubic Bézier's coordinate at parameter u, from 0 through a and b to 1.
    static func bezier(_ a: Double, _ b: Double, _ u: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
    }

    /// The property's first component `seconds` into the animation.
    func value(at seconds: Double) -> Double {
        let frame = seconds * frameRate
        if frame <= keys[0].frame { return keys[0].value[0] }
        for (a, b) in zip(keys, keys.dropFirst()) where frame < b.frame {
            let fraction = (frame - a.frame) / (b.frame - a.frame)
            let out = a.out!, into = a.into!
            // The Bézier's x is monotone for handles inside [0, 1]: bisect it for the fraction.
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if LottieTrack.bezier(out.x, into.x, mid) < fraction { lo = mid } else { hi = mid }
            }
            let eased = LottieTrack.bezier(out.y, into.y, (lo + hi) / 2)
            return a.value[0] + (b.value[0] - a.value[0]) * eased
        }
        return keys[keys.count - 1].value[0]
    }

    /// The slope (units per second) leaving keyframe `index` and arriving at keyframe `index + 1`,
    /// from the handles: dy/dx at the Bézier's ends times the segment's value change over its time.
    func slopes(segment index: Int) -> (leaving: Double, arriving: Double) {
        let a = keys[index], b = keys[index + 1]
        let rate = (b.value[0] - a.value[0]) / ((b.frame - a.frame) / frameRate)
        let out = a.out!, into = a.into!
        return (out.y / out.x * rate, (1 - into.y) / (1 - into.x) * rate)
    }
}

/// The written document, parsed.
struct LottieDocument {
    var root: [String: Any]
    var transform: [String: Any]
    var frameRate: Double

    init(_ json: String) throws {
        root = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        frameRate = try #require(root["fr"] as? Double)
        let layers = try #require(root["layers"] as? [[String: Any]])
        #expect(layers.count == 1)
        transform = try #require(layers[0]["ks"] as? [String: Any])
    }

    func track(_ name: String) throws -> LottieTrack {
        if name == "x" {
            // Position: a point [x, y, 0] on one easing, its y fixed, without spatial tangents (so
            // the players ease it as a vector, on the straight line between keyframes).
            let position = try #require(transform["p"] as? [String: Any])
            let track = try LottieTrack(position, frameRate: frameRate)
            let keys = try #require(position["k"] as? [[String: Any]])
            #expect(keys.allSatisfy { $0["to"] == nil && $0["ti"] == nil })
            #expect(Set(track.keys.map { $0.value[1] }).count == 1, "y stays put")
            return track
        }
        return try LottieTrack(try #require(transform[name] as? [String: Any]), frameRate: frameRate)
    }
}

@Suite("Lottie export: the spring baked into Bézier keyframes")
struct LottieTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var zeta: Double, response: Double, velocity: Double, travel: Double, errorPx: Double, fps: Double
        var testDescription: String { "ζ \(zeta), \(response) s, v \(velocity), travel \(travel), \(errorPx) px" }
    }

    static let cases: [Case] = [
        Case(zeta: 0.68, response: 0.8, velocity: 0, travel: 100, errorPx: 0.5, fps: 60),
        Case(zeta: 0.3, response: 0.5, velocity: 0, travel: 100, errorPx: 0.5, fps: 30),
        Case(zeta: 0.15, response: 0.9, velocity: 0, travel: 300, errorPx: 0.25, fps: 120),
        Case(zeta: 1, response: 0.4, velocity: 0, travel: 100, errorPx: 0.5, fps: 60),
        Case(zeta: 3, response: 0.3, velocity: 0, travel: 100, errorPx: 0.5, fps: 60),
        Case(zeta: 0.5, response: 0.5, velocity: 1500, travel: 100, errorPx: 0.5, fps: 60),
        Case(zeta: 0.8, response: 0.5, velocity: -900, travel: -250, errorPx: 1, fps: 24),
        Case(zeta: 0.68, response: 0.8, velocity: -800, travel: 300, errorPx: 0.1, fps: 60)
    ]

    @Test(
        "The keyframes, played as a Lottie player plays them, stay within the error of the textbook motion",
        arguments: cases)
    func withinBudget(_ c: Case) throws {
        let request = ExportRequest(
            spring: Spring(dampingRatio: c.zeta, response: c.response),
            motion: Motion(from: 0, to: c.travel, initialVelocity: c.velocity), cssError: c.errorPx,
            frameRates: [c.fps])
        let export = try request.export(.lottie)
        let document = try LottieDocument(export.code)
        #expect(document.frameRate == c.fps)
        let x = try document.track("x")
        let origin = x.keys[0].value[0]
        let animation = try request.lottieAnimation()
        #expect(x.keys.count == animation.keyframeCount)
        // The composition lasts to the last keyframe's frame, and the element starts inside it.
        let outPoint = try #require(document.root["op"] as? Double)
        #expect(outPoint >= x.keys[x.keys.count - 1].frame)
        let width = try #require(document.root["w"] as? Double)
        #expect(origin > 0 && origin < width)

        func exact(_ t: Double) -> Double {
            TextbookSpring(dampingRatio: c.zeta, response: c.response).position(
                from: 0, to: c.travel, velocity: c.velocity, at: t)
        }
        let end = animation.duration
        var worst = 0.0
        let n = 40_000
        for i in 0...n {
            let t = end * Double(i) / Double(n)
            worst = max(worst, abs(x.value(at: t) - origin - exact(t)))
        }
        #expect(worst <= c.errorPx * (1 + 1e-9), "worst \(worst) px with \(x.keys.count) keyframes")
        #expect(
            abs(worst - animation.measuredError * abs(c.travel)) < 0.05 * c.errorPx,
            "reported \(animation.measuredError * abs(c.travel)) px, found \(worst)")
        // After the last keyframe the element rests on the target; the exact motion stays within the error.
        #expect(abs(x.keys[x.keys.count - 1].value[0] - origin - c.travel) < 1e-9 * abs(c.travel))
        var t = end
        while t < end + 20 {
            #expect(abs(exact(t) - c.travel) <= c.errorPx * (1 + 1e-9), "t \(t)")
            t += 0.002
        }

        // The velocity is continuous across keyframes, equal to the exact velocity there, and the
        // first keyframe leaves with the initial velocity.
        func exactVelocity(_ t: Double) -> Double {
            let h = 1e-6
            return (exact(t + h) - exact(max(0, t - h))) / (t + h - max(0, t - h))
        }
        let scale = max(abs(c.velocity), abs(c.travel) / c.response)
        let first = x.slopes(segment: 0).leaving
        #expect(abs(first - c.velocity) < 1e-6 * scale, "leaves at \(first), asked \(c.velocity)")
        for index in 1..<(x.keys.count - 1) {
            let arriving = x.slopes(segment: index - 1).arriving
            let leaving = x.slopes(segment: index).leaving
            let time = x.keys[index].frame / c.fps
            #expect(abs(arriving - leaving) < 1e-6 * scale, "kink at keyframe \(index): \(arriving) vs \(leaving)")
            #expect(abs(leaving - exactVelocity(time)) < 1e-4 * scale, "keyframe \(index)")
        }
        // Every handle's time coordinate lies in [0, 1], as the format requires.
        for key in x.keys.dropLast() {
            #expect((0...1).contains(key.out!.x) && (0...1).contains(key.into!.x))
        }
    }

    @Test(
        "Few keyframes: the user's spring at half a pixel needs no more than CSS linear()'s points, an eighth of a frame-by-frame bake"
    )
    func fewKeyframes() throws {
        let request = ExportRequest(spring: Spring(dampingRatio: 0.68, response: 0.8))
        let lottie = try request.lottieAnimation()
        let css = try request.cssEasing()
        let stops = try parseLinear(css.css)
        #expect(lottie.keyframeCount <= 10, "\(lottie.keyframeCount) keyframes")
        #expect(lottie.keyframeCount <= stops.count, "\(lottie.keyframeCount) keyframes, \(stops.count) stops")
        #expect(Double(lottie.keyframeCount * 8) <= lottie.duration * 60, "\(lottie.keyframeCount) keyframes")
        // The same settle time as the CSS easing: both end where the motion stays within half the error.
        #expect(abs(lottie.duration - css.duration) < 1e-9)
    }

    @Test("Scale, opacity and rotation follow the same progress over their ranges, opacity clamped to 0…100 %")
    func otherProperties() throws {
        var request = ExportRequest(spring: Spring(dampingRatio: 0.4, response: 0.6))
        request.lottieProperties = [.scale, .opacity, .rotation]
        let document = try LottieDocument(try request.export(.lottie).code)
        let scale = try document.track("s"), opacity = try document.track("o"), rotation = try document.track("r")
        // Position is fixed when not asked for.
        let position = try #require(document.transform["p"] as? [String: Any])
        #expect(position["a"] as? Int == 0)
        let animation = try request.lottieAnimation()
        for i in 0...2000 {
            let t = animation.duration * Double(i) / 2000
            let p = TextbookSpring(dampingRatio: 0.4, response: 0.6).position(from: 0, to: 1, velocity: 0, at: t)
            let budget = 0.5 / 100 * (1 + 1e-9)
            #expect(abs(scale.value(at: t) / 100 - p) <= budget)
            // Opacity follows the progress clamped to the format's 0…100 %.
            let shown = opacity.value(at: t)
            #expect(shown >= -1e-9 && shown <= 100 + 1e-9, "opacity \(shown) % at \(t) s")
            #expect(abs(shown / 100 - min(max(p, 0), 1)) <= budget)
            #expect(abs(rotation.value(at: t) / 90 - p) <= budget)
        }
        // The clamped track needs few more keyframes than the motion's (a knot where it crosses 100 %).
        #expect(animation.clampedKnots.count <= animation.knots.count + 6, "\(animation.clampedKnots.count)")
        // Scale keeps z at 100 %.
        #expect(scale.keys.allSatisfy { $0.value.count == 3 && $0.value[2] == 100 })
        // An overshooting scale gets room in the composition: the element fits at its largest.
        let height = try #require(document.root["h"] as? Double)
        let diagonal: Double = (48.0 * 48.0 + 32.0 * 32.0).squareRoot()
        let peak: Double = 1 + exp(-Double.pi * 0.4 / (1 - 0.16).squareRoot())  // ζ 0.4's overshoot
        #expect(height >= peak * diagonal)
    }

    @Test("A sequence is one animation, with a kink where each keyframe retargets")
    func sequence() throws {
        let spring = Spring(dampingRatio: 0.7, response: 0.5)
        let sequence = SpringSequence(
            from: 0,
            keyframes: [
                SpringKeyframe(to: 100, at: 0, spring: spring),
                SpringKeyframe(to: 40, at: 0.3, spring: Spring(dampingRatio: 0.5, response: 0.4))
            ])
        let animation = try LottieAnimation(sequence: sequence, tolerance: 0.5 / 40, frameRate: 60)
        #expect(animation.knots.contains { abs($0.time - 0.3) < 1e-12 })
        let x = try LottieDocument(animation.json(name: "s")).track("x")
        let origin = x.keys[0].value[0]
        // The exact sequence: the first spring to 0.3 s, then the second from the state there.
        let h = 1e-7
        let p3 = TextbookSpring(dampingRatio: 0.7, response: 0.5).position(from: 0, to: 100, velocity: 0, at: 0.3)
        let v3 =
            (p3 - TextbookSpring(dampingRatio: 0.7, response: 0.5).position(from: 0, to: 100, velocity: 0, at: 0.3 - h))
            / h
        func exact(_ t: Double) -> Double {
            t <= 0.3
                ? TextbookSpring(dampingRatio: 0.7, response: 0.5).position(from: 0, to: 100, velocity: 0, at: t)
                : TextbookSpring(dampingRatio: 0.5, response: 0.4).position(from: p3, to: 40, velocity: v3, at: t - 0.3)
        }
        var worst = 0.0
        for i in 0...20_000 {
            let t = animation.duration * Double(i) / 20_000
            worst = max(worst, abs(x.value(at: t) - origin - exact(t)))
        }
        #expect(worst <= 0.5 + 1e-4, "worst \(worst) px")
        #expect(abs(x.keys[x.keys.count - 1].value[0] - origin - 40) < 1e-9)
    }

    @Test("Motions that cannot be baked are refused before the work, with a reason")
    func refusals() throws {
        // Nearly undamped and fine: about 2 × 10⁵ turning points, refused from the estimate alone.
        let ringing = ExportRequest(spring: Spring(dampingRatio: 0.0005, response: 0.05), cssError: 0.01)
        do {
            _ = try ringing.lottieAnimation()
            Issue.record("a ringing spring was baked")
        } catch ExportError.lottie(.tooManyKeyframes(let estimate)) {
            #expect(estimate > LottieAnimation.largestKeyframeCount)
        }
        #expect(throws: ExportError.lottie(.motion(.noTravel))) {
            try ExportRequest(spring: .smooth, motion: Motion(from: 5, to: 5)).lottieAnimation()
        }
        #expect(throws: ExportError.lottie(.motion(.neverSettles))) {
            try ExportRequest(spring: Spring(dampingRatio: 0, response: 0.5)).lottieAnimation()
        }
        do {
            _ = try ExportRequest(spring: .smooth, motion: Motion(from: 0, to: 40_000)).lottieAnimation()
            Issue.record("a 40 000 px path was written")
        } catch ExportError.lottie(.tooWide(let px)) {
            #expect(px >= 40_000)
        }
        let message = "\(ExportError.lottie(.tooManyKeyframes(estimate: 30_000)))"
        #expect(message.contains("30000") && message.contains("20000"))
    }

    @Test("The document has the fields the format requires, and one line of JSON")
    func document() throws {
        let code = try ExportRequest(spring: .smooth).export(.lottie).code
        #expect(!code.contains("\n"))
        let root = try LottieDocument(code).root
        for key in ["v", "fr", "ip", "op", "w", "h", "layers"] { #expect(root[key] != nil, "\(key)") }
        let layer = try #require((root["layers"] as? [[String: Any]])?.first)
        #expect(layer["ty"] as? Int == 4)
        let group = try #require((layer["shapes"] as? [[String: Any]])?.first)
        let items = try #require(group["it"] as? [[String: Any]])
        #expect(items.map { $0["ty"] as? String } == ["rc", "fl", "tr"])
    }
}
