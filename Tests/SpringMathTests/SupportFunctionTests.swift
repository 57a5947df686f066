import Foundation
import SpringTestSupport
import Testing

@testable import SpringMath

@Suite("Projection, rubber-banding and helpers")
struct ProjectionTests {
    @Test("Projection is value + (v/1000)·r/(1 − r)")
    func projection() {
        #expect(abs(project(value: 10, velocity: 1000) - (10 + 0.998 / 0.002)) < 1e-9)
        #expect(abs(project(value: 0, velocity: -500, decelerationRate: 0.99) - (-0.5 * 99)) < 1e-9)
    }

    @Test("The decay motion matches the per-millisecond model and ends at the projection")
    func decay() {
        let d = DecayMotion(value: 5, velocity: 2000)
        // After n whole milliseconds: x₀ + (v/1000)·Σ_{i=1..n} rᶦ.
        var x = 5.0, v = 2000.0 / 1000
        for _ in 0..<250 {
            v *= 0.998
            x += v
        }
        #expect(abs(d.position(at: 0.25) - x) < 1e-9)
        #expect(abs(d.position(at: 100) - d.destination) < 1e-9)
        // Velocity is the derivative of position.
        let h = 1e-6
        #expect(abs((d.position(at: 0.1 + h) - d.position(at: 0.1 - h)) / (2 * h) - d.velocity(at: 0.1)) < 1e-4)
        let until = d.duration(untilSpeedBelow: 1)
        #expect(abs(abs(d.velocity(at: until)) - 1) < 1e-9)
    }

    @Test("Rubber-banding follows the scroll-view formula and approaches the interval")
    func rubberbanding() {
        #expect(rubberband(value: 5, range: 0...10, interval: 20) == 5)
        let over = rubberband(value: 14, range: 0...10, interval: 20)
        #expect(abs(over - (10 + (1 - 1 / (4 * 0.55 / 20 + 1)) * 20)) < 1e-12)
        let under = rubberband(value: -4, range: 0...10, interval: 20)
        #expect(abs(under - (0 - (1 - 1 / (4 * 0.55 / 20 + 1)) * 20)) < 1e-12)
        #expect(rubberband(value: 1e12, range: 0...10, interval: 20) < 30)
    }

    @Test("mapRange, clip and clipUnit")
    func helpers() {
        #expect(mapRange(value: 5, inMin: 0, inMax: 10, outMin: 100, outMax: 200) == 150)
        // Wave's default: not clipped; clipped into the output range (either way round) when asked.
        #expect(mapRange(value: 15, inMin: 0, inMax: 10, outMin: 100, outMax: 200) == 250)
        #expect(mapRange(value: 15, inMin: 0, inMax: 10, outMin: 100, outMax: 200, clip: true) == 200)
        #expect(mapRange(value: 15, inMin: 0, inMax: 10, outMin: 200, outMax: 100, clip: true) == 100)
        #expect(mapRange(value: 15, inMin: 0, inMax: 10, outMin: 200, outMax: 100) == 50)
        #expect(clip(value: 3, lower: 0, upper: 2) == 2 && clip(value: -3, lower: 0, upper: 2) == 0)
        #expect(clipUnit(1.5) == 1 && clipUnit(value: -0.5) == 0 && clipUnit(0.25) == 0.25)
    }
}

@Suite("Validation of untrusted input")
struct ValidationTests {
    @Test("Each bad value gives a typed error naming the parameter")
    func errors() {
        func error(_ body: () throws -> Spring) -> SpringParameterError? {
            do {
                _ = try body()
                return nil
            } catch { return error as? SpringParameterError }
        }
        #expect(error { try Spring.validated(dampingRatio: .nan, response: 1) }?.parameter == .dampingRatio)
        #expect(error { try Spring.validated(dampingRatio: .nan, response: 1) }?.reason == .notANumber)
        #expect(error { try Spring.validated(dampingRatio: -0.1, response: 1) }?.reason == .negative)
        #expect(error { try Spring.validated(dampingRatio: 0.5, response: .infinity) }?.reason == .infinite)
        #expect(error { try Spring.validated(dampingRatio: 0.5, response: -1) }?.parameter == .response)
        #expect(error { try Spring.validated(dampingRatio: 0.5, response: 1, mass: 0) }?.reason == .notPositive)
        #expect(error { try Spring.validated(dampingRatio: 0.5, response: 1, mass: -.infinity) }?.parameter == .mass)
        #expect(error { try Spring.validated(mass: 1, stiffness: 0, dampingCoefficient: 1) }?.parameter == .stiffness)
        #expect(
            error { try Spring.validated(mass: 1, stiffness: 10, dampingCoefficient: -1) }?.parameter
                == .dampingCoefficient)
        #expect(error { try Spring.validated(dampingRatio: 1, stiffness: .nan) }?.parameter == .stiffness)
        #expect(error { try Spring.validated(duration: 0.5, bounce: -1) }?.reason == .outOfRange("(-1, 1]"))
        #expect(error { try Spring.validated(duration: -0.5, bounce: 0) }?.parameter == .duration)
        #expect(error { try Spring.validated(settlingDuration: 1, dampingRatio: 0) }?.parameter == .dampingRatio)
        #expect(
            error { try Spring.validated(settlingDuration: 1, dampingRatio: 0.5, epsilon: 2) }?.parameter == .tolerance)
        #expect(error { try Spring.validated(dampingRatio: 0.5, response: 0) } == nil)
        // Each value is fine on its own, but the derived stiffness would overflow.
        #expect(error { try Spring.validated(dampingRatio: 0.5, response: 1e-9, mass: 1e300) }?.parameter == .mass)
        #expect(
            error { try Spring.validated(mass: 1e300, stiffness: 1e-300, dampingCoefficient: 1) }?.parameter
                == .stiffness)
        #expect(
            error { try Spring.validated(dampingRatio: 1, stiffness: 1e-300, mass: 1e300) }?.parameter == .stiffness)
        let message = error { try Spring.validated(dampingRatio: 0.5, response: -2) }!.description
        #expect(message == "response must be ≥ 0 (got -2.0)")
    }

    @Test(
        "An overflow blames the parameter that causes it, not an innocent one",
        arguments: [
            // (what to build, the parameter at fault)
            ("ζ 1e308, response 0.5", SpringParameter.dampingRatio),
            ("ζ 1e300, response 1e-9", .dampingRatio),
            ("ζ 1e200, response 1e-120, mass 1e-100", .dampingRatio),
            ("ζ 0.5, response 1e-160", .response),
            ("ζ 1e308, response 1e300", .response),
            ("ζ 0.5, response 1e-320", .response),
            ("ζ 0.5, response 1e-9, mass 1e300", .mass),
            ("ζ 1e308, stiffness 1", .dampingRatio),
            ("ζ 1, stiffness 1e-300, mass 1e300", .stiffness),
            ("ζ 1, stiffness 1, mass 1e-320", .mass),
            ("stiffness 1e308, c 1e308, mass 1e-10", .stiffness),
            ("stiffness 1, c 1e308, mass 1e-300", .dampingCoefficient),
            ("stiffness 1e-300, c 1, mass 1e300", .stiffness),
            ("stiffness 1e300, c 0, mass 1e-20", .stiffness),
            ("duration 1e-200, bounce 0.3", .duration)
        ] as [(String, SpringParameter)])
    func blame(description: String, parameter: SpringParameter) throws {
        var numbers: [String: Double] = [:]
        for part in description.split(separator: ", ") {
            let words = part.split(separator: " ")
            numbers[String(words[0])] = Double(words[1])!
        }
        func build() throws(SpringParameterError) -> Spring {
            if let zeta = numbers["ζ"], let response = numbers["response"] {
                return try Spring.validated(dampingRatio: zeta, response: response, mass: numbers["mass"] ?? 1)
            }
            if let zeta = numbers["ζ"], let stiffness = numbers["stiffness"] {
                return try Spring.validated(dampingRatio: zeta, stiffness: stiffness, mass: numbers["mass"] ?? 1)
            }
            if let stiffness = numbers["stiffness"], let c = numbers["c"] {
                return try Spring.validated(mass: numbers["mass"] ?? 1, stiffness: stiffness, dampingCoefficient: c)
            }
            return try Spring.validated(duration: numbers["duration"]!, bounce: numbers["bounce"]!)
        }
        let error = try #require(throws: SpringParameterError.self, "\(description)") { try build() }
        #expect(error.parameter == parameter, "\(description): blamed \(error.parameter)")
    }

    @Test(
        "Extreme but representable springs still validate",
        arguments: [
            (0.0, 0.0, 1.0), (1e300, 0.0, 1.0), (0.7, 1e-100, 1.0), (1e9, 1e-9, 1.0), (0.5, 1e9, 1e-100)
        ])
    func extremeButValid(zeta: Double, response: Double, mass: Double) throws {
        let spring = try Spring.validated(dampingRatio: zeta, response: response, mass: mass)
        #expect(spring.dampingRatio == zeta && spring.response == response)
    }
}

@Suite("Value types")
struct VectorTests {
    let spring = Spring(dampingRatio: 0.4, response: 0.5)

    func scalar(_ from: Double, _ to: Double, _ t: Double) -> Double {
        SpringMotion(spring: spring, from: from, to: to).position(at: t)
    }

    @Test("Every value type SpringMath ships moves like its scalar components")
    func conformances() {
        let t = 0.17
        #expect(
            abs(Double(SpringMotion(spring: spring, from: Float(1), to: Float(3)).position(at: t)) - scalar(1, 3, t))
                < 1e-6)
        let v2 = SpringMotion(spring: spring, from: SIMD2<Double>(1, 2), to: SIMD2<Double>(3, 4)).position(at: t)
        #expect(abs(v2.y - scalar(2, 4, t)) < 1e-14)
        let v4 = SpringMotion(spring: spring, from: SIMD4<Double>(repeating: 0), to: SIMD4<Double>(1, 2, 3, 4))
            .position(at: t)
        #expect(abs(v4.w - scalar(0, 4, t)) < 1e-14)
    }
}

@Suite("Sine and cosine kernel")
struct SineCosineTests {
    @Test("Within 2 ulp of the C library over the reduced range and beyond")
    func againstLibm() {
        let seed = SeededGenerator.seed
        var generator = SeededGenerator(seed: seed)
        var worst = 0.0
        for _ in 0..<propertyCaseCount(200_000) {
            let magnitude = pow(10, Double.random(in: -8...6.2, using: &generator))
            let y = Bool.random(using: &generator) ? magnitude : -magnitude
            let (s, c) = sineCosine(y)
            // Absolute error relative to an ulp of 1 (the values are at most 1 in magnitude).
            worst = max(worst, abs(s - sin(y)) / Double.ulpOfOne, abs(c - cos(y)) / Double.ulpOfOne)
            #expect(
                abs(s - sin(y)) <= 2 * max(abs(sin(y)).ulp, Double.leastNormalMagnitude)
                    || abs(s - sin(y)) <= Double.ulpOfOne,
                "sin(\(y)), seed \(seed)")
            #expect(
                abs(c - cos(y)) <= 2 * max(abs(cos(y)).ulp, Double.leastNormalMagnitude)
                    || abs(c - cos(y)) <= Double.ulpOfOne,
                "cos(\(y)), seed \(seed)")
        }
        #expect(worst <= 1, "seed \(seed)")
        #expect(sineCosine(.infinity).sin.isNaN)
        #expect(sineCosine(0) == (0, 1))
    }
}
