import Foundation
import SpringChoreography
import SpringMath
import Testing

/// Fixtures/chase.csv: the chase ODE integrated with mpmath at 40 digits
/// (scripts/reference/chase/make_chase_fixture.py), not the closed form under test.
private struct ChaseRow {
    var name: String
    var zeta, response, mass, from, to: Double
    var targetVelocity: Double?  // nil for the path case
    var v0, t, x, v: Double
}

private func chaseRows() throws -> [ChaseRow] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/chase.csv")
    let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
    return try lines.map { line in
        let f = line.split(separator: ",").map(String.init)
        guard f.count == 11 else { throw FixtureError.malformed(String(line)) }
        func d(_ i: Int) throws -> Double {
            guard let value = Double(f[i]) else { throw FixtureError.malformed(String(line)) }
            return value
        }
        return ChaseRow(
            name: f[0], zeta: try d(1), response: try d(2), mass: try d(3), from: try d(4), to: try d(5),
            targetVelocity: f[6] == "path" ? nil : try d(6), v0: try d(7), t: try d(8), x: try d(9), v: try d(10))
    }
}

@Suite("Chasing a moving target")
struct ChaseTests {
    /// The path of the fixture's path case (scripts/reference/chase/make_chase_fixture.py, PATHS).
    static let path = TargetPath([(0, 0), (0.3, 120), (0.6, 120), (1.0, -40)])

    @Test("The exact chase matches the integrated ODE to 1e-12 of the scale, in every damping regime and along a path")
    func matchesReference() throws {
        let rows = try chaseRows()
        #expect(rows.count == 76)
        var worst = 0.0
        for row in rows {
            let spring = Spring(dampingRatio: row.zeta, response: row.response, mass: row.mass)
            let state: SpringState<Double>
            let scale: Double
            if let velocity = row.targetVelocity {
                state = SpringChase(
                    spring: spring, from: row.from, to: row.to, targetVelocity: velocity,
                    initialVelocity: row.v0
                ).state(at: row.t)
                scale = max(abs(row.from), abs(row.to), abs(row.to + velocity * 3), 1)
            } else {
                state = spring.chase(ChaseTests.path, from: row.from, initialVelocity: row.v0, at: row.t)
                scale = 120
            }
            let position = abs(state.position - row.x) / scale
            let velocity = abs(state.velocity - row.v) / (scale * 2 * Double.pi / row.response)
            worst = max(worst, position, velocity)
            #expect(position <= 1e-12 && velocity <= 1e-12, "\(row.name) t = \(row.t): \(state) vs \(row.x), \(row.v)")
        }
        print("chase.csv: worst error \(worst) of scale")
    }

    @Test("The steady lag is c·V/k, and a settled chase moves at the target's velocity")
    func lag() {
        for (zeta, response) in [(0.3, 0.4), (1.0, 0.3), (2.5, 0.8)] {
            let spring = Spring(dampingRatio: zeta, response: response, mass: 2)
            let chase = SpringChase(spring: spring, from: 0.0, to: 0.0, targetVelocity: 500.0)
            // c·V/k from the spring's own coefficients, a different route to the same number.
            #expect(abs(chase.lag - spring.dampingCoefficient * 500 / spring.stiffness) <= 1e-12 * chase.lag)
            let late = chase.settleTime(within: SettleBand(distance: 1e-9)) + 1
            #expect(abs(chase.position(at: late) - (500 * late - chase.lag)) <= 1e-6)
            #expect(abs(chase.velocity(at: late) - 500) <= 1e-6)
        }
        // A response-0 spring follows the target exactly.
        let instant = SpringChase(
            spring: Spring(dampingRatio: 1, response: 0), from: 3.0, to: 0.0, targetVelocity: 10.0)
        #expect(instant.lag == 0 && instant.position(at: 0.5) == 5)
    }

    @Test("A target at rest is the ordinary spring motion; a path with one point is a target at rest")
    func reducesToSpringMotion() {
        let spring = Spring(dampingRatio: 0.6, response: 0.5)
        let motion = SpringMotion(spring: spring, from: 10.0, to: 100.0, initialVelocity: -40.0)
        let chase = SpringChase(spring: spring, from: 10.0, to: 100.0, targetVelocity: 0.0, initialVelocity: -40.0)
        let path = TargetPath([(0.2, 100)])
        for t in stride(from: 0.0, through: 2.0, by: 0.125) {
            #expect(abs(chase.position(at: t) - motion.position(at: t)) <= 1e-12 * 100)
            #expect(
                abs(spring.chase(path, from: 10, initialVelocity: -40, at: t).position - motion.position(at: t))
                    <= 1e-12 * 100)
        }
    }

    @Test("Retargeting every frame tends to the exact chase as frames get shorter")
    func retargetingConverges() {
        let spring = Spring(dampingRatio: 0.7, response: 0.4)
        let chase = SpringChase(spring: spring, from: 0.0, to: 0.0, targetVelocity: 300.0)
        var errors: [Double] = []
        for rate in [30.0, 60.0, 120.0, 240.0] {
            // Each frame: the exact spring step toward where the target is at the frame's start.
            var state = SpringState(position: 0.0, velocity: 0.0)
            let dt = 1 / rate
            for frame in 0..<Int(rate) {
                let target = 300 * Double(frame) * dt
                state = SpringMotion(spring: spring, from: state.position, to: target, initialVelocity: state.velocity)
                    .state(at: dt)
            }
            errors.append(abs(state.position - chase.position(at: 1)))
        }
        // First order in the frame interval: halving it halves the error.
        for (a, b) in zip(errors, errors.dropFirst()) { #expect(b < a * 0.6 && b > a * 0.4, "\(errors)") }
    }
}
