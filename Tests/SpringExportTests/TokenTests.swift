import Foundation
import SpringConventions
import SpringMath
import SpringTestSupport
import Testing

@testable import SpringExport

/// The rules of the Design Tokens Format Module 2025.10 that a `transition` token must meet, written
/// from the specification's text (§ token names, § duration, § cubic Bézier, § transition): each
/// broken rule as one line.
func transitionTokenProblems(name: String, _ token: [String: Any]) -> [String] {
    var problems: [String] = []
    // Token names: not starting with "$", and no "{", "}" or "." (they are reserved for references
    // and paths).
    if name.hasPrefix("$") || name.contains("{") || name.contains("}") || name.contains(".") {
        problems.append("name \(name)")
    }
    if token["$type"] as? String != "transition" { problems.append("$type must be \"transition\"") }
    if let description = token["$description"], !(description is String) {
        problems.append("$description must be a string")
    }
    if let extensions = token["$extensions"], !(extensions is [String: Any]) {
        problems.append("$extensions must be an object")
    }
    guard let value = token["$value"] as? [String: Any] else { return problems + ["$value must be an object"] }
    // A transition's value: duration, delay and timingFunction, all three required.
    for key in value.keys where !["duration", "delay", "timingFunction"].contains(key) {
        problems.append("unknown $value key \(key)")
    }
    // A duration: an object with a number `value` and a `unit` of "ms" or "s".
    for key in ["duration", "delay"] {
        guard let duration = value[key] as? [String: Any] else {
            problems.append("\(key) must be a duration object")
            continue
        }
        if Set(duration.keys) != ["value", "unit"] { problems.append("\(key) has keys \(duration.keys.sorted())") }
        if duration["value"] as? Double == nil || duration["value"] is String {
            problems.append("\(key).value must be a number")
        }
        if !["ms", "s"].contains(duration["unit"] as? String ?? "") { problems.append("\(key).unit must be ms or s") }
    }
    // A cubic Bézier: an array of four numbers [P1x, P1y, P2x, P2y], the x coordinates in [0, 1].
    if let bezier = value["timingFunction"] as? [Any], bezier.count == 4, let numbers = bezier as? [Double] {
        if !(0...1).contains(numbers[0]) || !(0...1).contains(numbers[2]) {
            problems.append("timingFunction x coordinates must lie in [0, 1]")
        }
    } else {
        problems.append("timingFunction must be an array of four numbers")
    }
    return problems
}

@Suite("The design token: SpringKit's fields, #429's shape and a DTCG transition")
struct TokenTests {
    func document(_ request: ExportRequest) throws -> [String: Any] {
        let code = try request.export(.token).code
        return try #require(try JSONSerialization.jsonObject(with: Data(code.utf8)) as? [String: Any])
    }

    @Test("The spring's $value carries #429's duration, bounce and physics, from the textbook conversions")
    func proposedShape() throws {
        let token = try document(ExportRequest(spring: Spring(dampingRatio: 0.68, response: 0.8)))
        let spring = try #require(token["spring"] as? [String: Any])
        #expect(spring["$type"] as? String == "spring")
        let value = try #require(spring["$value"] as? [String: Any])
        #expect(value["dampingRatio"] as? Double == 0.68 && value["response"] as? Double == 0.8)
        // SwiftUI's duration is the response; its bounce is 1 − ζ below critical damping.
        #expect(value["duration"] as? String == "800ms")
        #expect(abs((value["bounce"] as? Double ?? 0) - 0.32) < 1e-15)
        let physics = try #require(value["physics"] as? [String: Any])
        let omega = 2 * Double.pi / 0.8
        #expect(abs((physics["stiffness"] as? Double ?? 0) - omega * omega) < 1e-12)
        #expect(abs((physics["damping"] as? Double ?? 0) - 2 * 0.68 * omega) < 1e-12)
        #expect(physics["mass"] as? Double == 1)
        // Overdamped: SwiftUI's bounce 1/ζ − 1, negative.
        let stiff = try document(ExportRequest(spring: Spring(dampingRatio: 2, response: 0.5)))
        let bounce = ((stiff["spring"] as? [String: Any])?["$value"] as? [String: Any])?["bounce"] as? Double
        #expect(bounce == -0.5)
    }

    @Test("The transition token meets the 2025.10 format's rules, and the rules catch a broken one")
    func transitionFormat() throws {
        let token = try document(ExportRequest(spring: Spring(dampingRatio: 0.68, response: 0.8)))
        let transition = try #require(token["springTransition"] as? [String: Any])
        #expect(transitionTokenProblems(name: "springTransition", transition) == [])
        var broken = transition
        var value = try #require(broken["$value"] as? [String: Any])
        value["duration"] = "1173ms"  // the drafts' string form, not 2025.10's object
        value["timingFunction"] = [1.5, 0, 0.5, 1]
        broken["$value"] = value
        #expect(transitionTokenProblems(name: "spring.transition", broken).count == 3)
        // Without travel there is no easing to fit: no transition.
        let still = try document(ExportRequest(spring: .smooth, motion: Motion(from: 3, to: 3)))
        #expect(still["springTransition"] == nil)
    }

    @Test("The transition's Bézier, played as CSS plays a cubic-bezier(), is within its stated error")
    func transitionError() throws {
        let token = try document(ExportRequest(spring: Spring(dampingRatio: 0.68, response: 0.8)))
        let transition = try #require(token["springTransition"] as? [String: Any])
        let value = try #require(transition["$value"] as? [String: Any])
        let p = try #require(value["timingFunction"] as? [Double])
        let duration = try #require((value["duration"] as? [String: Any])?["value"] as? Double) / 1000
        let fit = try #require((transition["$extensions"] as? [String: Any])?["org.springkit.fit"] as? [String: Any])
        let stated = try #require(fit["maxErrorPx"] as? Double)
        func bezier(_ a: Double, _ b: Double, _ u: Double) -> Double {
            3 * (1 - u) * (1 - u) * u * a + 3 * (1 - u) * u * u * b + u * u * u
        }
        var worst = 0.0
        for i in 0...2000 {
            let x = Double(i) / 2000
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if bezier(p[0], p[2], mid) < x { lo = mid } else { hi = mid }
            }
            let shown = 100 * bezier(p[1], p[3], (lo + hi) / 2)
            let exact = TextbookSpring(dampingRatio: 0.68, response: 0.8).position(
                from: 0, to: 100, velocity: 0, at: x * duration)
            worst = max(worst, abs(shown - exact))
        }
        // The fit is measured on its own 120 samples; between them it may stray a little further.
        #expect(worst <= stated * 1.05 + 0.05, "played \(worst) px, stated \(stated) px")
        #expect(worst >= stated * 0.9, "played \(worst) px, stated \(stated) px")
    }

    @Test(
        "Every form of the token reads back as the same spring",
        arguments: [(0.68, 0.8, 1.0), (0.3, 0.45, 1.0), (1.6, 0.6, 2.5)])
    func readsBack(zeta: Double, response: Double, mass: Double) throws {
        let spring = Spring(dampingRatio: zeta, response: response, mass: mass)
        let code = try ExportRequest(spring: spring).export(.token).code
        let whole = try #require(try JSONSerialization.jsonObject(with: Data(code.utf8)) as? [String: Any])
        let value = try #require((whole["spring"] as? [String: Any])?["$value"] as? [String: Any])
        func text(_ object: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        // #429's shape alone: physics, then duration and bounce.
        let proposed = try text([
            "$type": "spring",
            "$value": ["duration": value["duration"]!, "bounce": value["bounce"]!, "physics": value["physics"]!]
        ])
        let durationOnly = try text([
            "$type": "spring", "$value": ["duration": value["duration"]!, "bounce": value["bounce"]!]
        ])
        for (form, pasted) in [("the whole token", code), ("#429 with physics", proposed)] {
            let read = try SpringCode(pasted).spring.spring
            #expect(abs(read.dampingRatio - zeta) < 1e-12 * zeta, "\(form)")
            #expect(abs(read.response - response) < 1e-12 * response, "\(form)")
            #expect(abs(read.mass - mass) < 1e-12 * mass, "\(form)")
        }
        // A transition token alone is a Bézier: refused with a reason.
        let transition = try #require(whole["springTransition"])
        do {
            _ = try SpringCode(try text(["springTransition": transition]))
            Issue.record("a transition token was read as a spring")
        } catch {
            #expect("\(error)".contains("transition token"), "\(error)")
        }
        // Duration and bounce say nothing of the mass: the same motion, at mass 1.
        let read = try SpringCode(durationOnly).spring.spring
        #expect(abs(read.dampingRatio - zeta) < 1e-9 && abs(read.response - response) < 1e-12)
    }
}
