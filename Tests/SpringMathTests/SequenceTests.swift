import Foundation
import SpringChoreography
import SpringMath
import Testing

/// Fixtures/sequences.csv: each sequence's ODE integrated keyframe by keyframe with mpmath at 40
/// digits (scripts/reference/sequence/make_sequence_fixture.py), not the closed form under test.
func sequenceFixture() throws -> [String: [(t: Double, x: Double, v: Double)]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/sequences.csv")
    var rows: [String: [(t: Double, x: Double, v: Double)]] = [:]
    for line in try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst() {
        let f = line.split(separator: ",").map(String.init)
        guard f.count == 4, let t = Double(f[1]), let x = Double(f[2]), let v = Double(f[3]) else {
            throw FixtureError.malformed(String(line))
        }
        rows[f[0], default: []].append((t, x, v))
    }
    return rows
}

@Suite("Spring sequences")
struct SequenceTests {
    /// The fixture's "three-forms" and "delayed-flung" sequences, written out here (the command-line
    /// tests read the same sequences from their JSON files).
    static let threeForms = SpringSequence(
        from: 10, velocity: 0,
        keyframes: [
            SpringKeyframe(to: 100, at: 0, spring: Spring(dampingRatio: 0.68, response: 0.8)),
            SpringKeyframe(to: 40, at: 0.45, spring: Spring(mass: 1, stiffness: 300, dampingCoefficient: 20)),
            SpringKeyframe(to: 70, at: 1.1, spring: Spring(duration: 0.5, bounce: 0.3))
        ])
    static let delayedFlung = SpringSequence(
        from: 0, velocity: -600,
        keyframes: [
            SpringKeyframe(to: 200, at: 0.2, spring: Spring(dampingRatio: 1, response: 0.4, mass: 2)),
            SpringKeyframe(to: -50, at: 0.5, spring: Spring(dampingRatio: 2.2, response: 0.3)),
            SpringKeyframe(to: 0, at: 0.9, spring: Spring(duration: 0.6, bounce: -0.4))
        ])

    @Test("Exact against the 40-digit ODE solution: within 1e-12 of the span, velocity too")
    func matchesReference() throws {
        let fixture = try sequenceFixture()
        for (name, sequence) in [("three-forms", Self.threeForms), ("delayed-flung", Self.delayedFlung)] {
            let rows = try #require(fixture[name])
            #expect(rows.count == 19)
            let span = sequence.span
            for row in rows {
                let state = sequence.state(at: row.t)
                #expect(
                    abs(state.position - row.x) <= 1e-12 * span, "\(name) at \(row.t): \(state.position) vs \(row.x)")
                #expect(abs(state.velocity - row.v) <= 1e-12 * span * 20, "\(name) velocity at \(row.t)")
            }
        }
    }

    @Test("Position and velocity are handed over: continuous across every keyframe")
    func handover() {
        let sequence = Self.threeForms
        for (keyframe, handover) in zip(sequence.keyframes.dropFirst(), sequence.handovers.dropFirst()) {
            let before = sequence.state(at: keyframe.at.nextDown)
            #expect(abs(before.position - handover.position) < 1e-9 && abs(before.velocity - handover.velocity) < 1e-6)
            let after = sequence.state(at: keyframe.at)
            #expect(after.position == handover.position && after.velocity == handover.velocity)
        }
        // Before a delayed first keyframe the value rests at from; the first spring starts with the velocity.
        #expect(Self.delayedFlung.state(at: 0.1) == SpringState(position: 0, velocity: 0))
        #expect(Self.delayedFlung.state(at: 0.2) == SpringState(position: 0, velocity: -600))
        #expect(Self.delayedFlung.keyframeIndex(at: 0.1) == nil && Self.delayedFlung.keyframeIndex(at: 0.5) == 1)
    }

    @Test("The settle time is the last time the motion is a band away from the final value, by a dense scan")
    func settleTime() {
        let sequence = Self.threeForms
        let band = 0.01 * sequence.span
        let settle = sequence.settleTime(within: SettleBand(distance: band))
        let scan = (0...50_000).map { Double($0) * 1e-4 }.last { abs(sequence.position(at: $0) - 70) > band } ?? 0
        #expect(abs(settle - scan) < 2e-4, "\(settle) vs scan \(scan)")
    }
}
