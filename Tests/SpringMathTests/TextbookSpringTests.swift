import Foundation
import SpringTestSupport
import Testing

/// The tests' one exact spring (SpringTestSupport's `TextbookSpring`, the oracle of the other
/// suites) against the same 50-digit reference SpringMath is held to, so that an oracle that drifts
/// fails here and not as a puzzle elsewhere.
@Suite("The tests' textbook spring against the 50-digit reference")
struct TextbookSpringTests {
    /// Within 1e-9 of the motion's scale everywhere, and 1e-12 away from critical damping. The
    /// textbook branches lose digits just above ζ = 1 (c₂ divides by s₂ − s₁ ∝ √(ζ² − 1)), which is
    /// why SpringMath does not use them there; for an oracle a few lost digits are fine.
    @Test func ratioResponseFixture() throws {
        let rows = try loadFixture("exact_solution.csv")
        #expect(rows.count > 1000)
        var worstAwayFromCritical = 0.0, worstNearCritical = 0.0
        for row in rows {
            let zeta = row["dampingRatio"]!, response = row["response"]!
            let x0 = row["x0"]!, v0 = row["v0"]!, t = row["t"]!
            let state = TextbookSpring(dampingRatio: zeta, response: response).state(
                displacement: x0, velocity: v0, at: t)
            let scale = max(abs(x0), abs(v0) * response)
            let velocityScale = scale * 2 * Double.pi / response
            // The phase error of any double evaluation grows with ω·t (the fixture's README).
            let phase = 1 + 2 * Double.pi / response * t * 1e-4
            let error = max(
                abs(state.displacement - row["x"]!) / scale, abs(state.velocity - row["v"]!) / velocityScale)
            let nearCritical = abs(zeta - 1) < 1e-3
            if nearCritical {
                worstNearCritical = max(worstNearCritical, error / phase)
            } else {
                worstAwayFromCritical = max(worstAwayFromCritical, error / phase)
            }
            #expect(
                error <= (nearCritical ? 1e-9 : 1e-12) * phase,
                "ζ=\(zeta) response=\(response) x0=\(x0) v0=\(v0) t=\(t)")
        }
        print(
            "TextbookSpring: worst error \(worstAwayFromCritical) of scale away from ζ = 1, \(worstNearCritical) near it"
        )
    }

    @Test func stiffnessDampingFixture() throws {
        let rows = try loadFixture("stiffness_damping.csv")
        #expect(rows.count > 100)
        for row in rows {
            let spring = TextbookSpring(mass: row["mass"]!, stiffness: row["stiffness"]!, damping: row["damping"]!)
            let x0 = row["x0"]!, v0 = row["v0"]!, t = row["t"]!
            let state = spring.state(displacement: x0, velocity: v0, at: t)
            let scale = max(abs(x0), abs(v0) / spring.naturalFrequency)
            #expect(abs(state.displacement - row["x"]!) <= 1e-9 * scale, "\(row)")
            #expect(abs(state.velocity - row["v"]!) <= 1e-9 * scale * spring.naturalFrequency, "\(row)")
        }
    }
}
