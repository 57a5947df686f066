import Foundation
import Testing

/// `--from-code`: a spring pasted from any supported platform's code, checked against each
/// convention's formula evaluated here (ζ = c / (2√(km)), response = 2π√(m/k), and the platforms'
/// published constants).
@Suite("springplot --from-code")
struct FromCodeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let code: String, zeta: Double, response: Double?
        var testDescription: String { code }
    }

    static func ratio(k: Double, c: Double, m: Double = 1) -> (Double, Double) {
        (c / (2 * (k * m).squareRoot()), 2 * Double.pi * (m / k).squareRoot())
    }

    static let cases: [Case] = {
        func physics(_ code: String, k: Double, c: Double, m: Double = 1) -> Case {
            let (z, r) = ratio(k: k, c: c, m: m)
            return Case(code: code, zeta: z, response: r)
        }
        let origamiK = (40 - 30) * 3.62 + 194, origamiC = (7 - 8) * 3.0 + 25
        return [
            Case(code: ".spring(response: 0.5, dampingFraction: 0.8)", zeta: 0.8, response: 0.5),
            Case(code: "Spring(dampingRatio: 0.7, response: 0.35)", zeta: 0.7, response: 0.35),
            Case(code: "withAnimation(.spring(duration: 0.6, bounce: 0.25)) { }", zeta: 0.75, response: 0.6),
            Case(code: ".bouncy(duration: 0.4, extraBounce: 0.1)", zeta: 0.6, response: 0.4),
            Case(code: ".snappy", zeta: 0.85, response: 0.5),
            physics(".interpolatingSpring(mass: 1, stiffness: 170, damping: 15)", k: 170, c: 15),
            physics(
                "UISpringTimingParameters(mass: 2, stiffness: 300, damping: 20, initialVelocity: .zero)", k: 300, c: 20,
                m: 2),
            physics(
                "let a = CASpringAnimation(keyPath: \"position\")\na.mass = 1\na.stiffness = 250\na.damping = 18",
                k: 250, c: 18),
            Case(
                code: "spring(dampingRatio = Spring.DampingRatioMediumBouncy, stiffness = Spring.StiffnessLow)",
                zeta: 0.5, response: 2 * Double.pi / 200.0.squareRoot()),
            Case(
                code: "spring<Float>(dampingRatio = 0.6f, stiffness = 800f)", zeta: 0.6,
                response: 2 * Double.pi / 800.0.squareRoot()),
            Case(
                code: "SpringForce(1f).setDampingRatio(0.75f).setStiffness(SpringForce.STIFFNESS_MEDIUM)",
                zeta: 0.75, response: 2 * Double.pi / 1500.0.squareRoot()),
            physics("SpringDescription(mass: 1, stiffness: 500, damping: 30)", k: 500, c: 30),
            Case(
                code: "SpringDescription.withDampingRatio(mass: 2, stiffness: 200, ratio: 0.3)", zeta: 0.3,
                response: 2 * Double.pi / 10),
            physics("transition={{ type: \"spring\", stiffness: 100, damping: 10, mass: 1 }}", k: 100, c: 10),
            Case(code: "{ type: \"spring\", visualDuration: 0.5, bounce: 0.2 }", zeta: 0.8, response: 0.6),
            physics("useSpring({ x: 1, config: { tension: 170, friction: 26 } })", k: 170, c: 26),
            physics("config: config.wobbly", k: 180, c: 12),
            physics("withSpring(100, { stiffness: 90, damping: 12, mass: 1 })", k: 90, c: 12),
            physics("SpringConfig.fromOrigamiTensionAndFriction(40, 7)", k: origamiK, c: origamiC),
            // React Native: { tension, friction } are Origami's numbers; its defaults are Origami's 40 and 7.
            physics("Animated.spring(value, { toValue: 100, tension: 40, friction: 7 })", k: origamiK, c: origamiC),
            physics(
                "Animated.spring(this.x, { toValue: 1, stiffness: 200, damping: 20, useNativeDriver: true }).start()",
                k: 200, c: 20),
            physics("Animated.spring(value, { toValue: 1, friction: 4 })", k: origamiK, c: (4 - 8) * 3.0 + 25),
            // Svelte: per-frame numbers, read as the spring they run at 60 Hz (k = 3600·s, c = 60·d).
            physics("const x = spring(0, { stiffness: 0.1, damping: 0.25 });", k: 360, c: 15),
            physics("const x = new Spring(0, { stiffness: 0.2, damping: 0.5 });", k: 720, c: 30),
            physics("import { spring } from 'svelte/motion'; const size = spring(10);", k: 0.15 * 3600, c: 0.8 * 60),
            // anime.js: { bounce, duration } by its documented rule, stiffness (2π/duration)² and damping
            // (1 − bounce)·4π/duration, each rounded to 3 decimals; the physical form as written.
            physics(
                "animate(el, { x: 100, ease: spring({ bounce: 0.3, duration: 500 }) })",
                k: ((2 * Double.pi / 0.5) * (2 * Double.pi / 0.5) * 1000).rounded() / 1000,
                c: (0.7 * 4 * Double.pi / 0.5 * 1000).rounded() / 1000),
            physics("ease: spring({ mass: 1, stiffness: 100, damping: 10, velocity: 0 })", k: 100, c: 10),
            physics("createSpring({ mass: 2, stiffness: 300, damping: 12 })", k: 300, c: 12, m: 2)
        ]
    }()

    @Test("Every convention reads as its formula says", arguments: cases)
    func reads(_ c: Case) throws {
        let run = try springplot(["info", "--from-code", c.code, "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let spring = try #require(json["spring"] as? [String: Any])
        let zeta = try #require(spring["dampingRatio"] as? Double),
            response = try #require(spring["response"] as? Double)
        #expect(abs(zeta - c.zeta) < 1e-9, "ζ \(zeta), expected \(c.zeta)")
        if let expected = c.response {
            #expect(abs(response - expected) < 1e-9, "response \(response), expected \(expected)")
        }
    }

    @Test(
        "What cannot be read is one line naming --from-code and what was missing",
        arguments: [
            ("hello world", "no spring found"),
            ("withSpring(1, { duration: 800, dampingRatio: 0.5 })", "no spring found"),
            (".spring(response: -1, dampingFraction: 0.5)", "response must be"),
            (String(repeating: "x", count: 5000), "longer than 4096 bytes")
        ])
    func refuses(code: String, message: String) throws {
        let run = try springplot(["info", "--from-code", code])
        #expect(run.status != 0)
        #expect(
            run.standardError.contains("--from-code") && run.standardError.contains(message), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1)
    }

    @Test("--from-code and the spring options are one or the other")
    func exclusive() throws {
        let run = try springplot(["info", "--from-code", ".snappy", "--damping", "0.5"])
        #expect(
            run.status != 0 && run.standardError.contains("cannot be combined with --damping"), "\(run.standardError)")
        let curve = try springplot(["--from-code", ".spring(response: 0.5, dampingFraction: 0.8)", "-o", "-"])
        #expect(curve.status == 0, "\(curve.standardError)")
        #expect(pngSize(curve.standardOutput).map { $0 == (1200, 800) } == true)
    }
}
