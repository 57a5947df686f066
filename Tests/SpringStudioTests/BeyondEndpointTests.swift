import Foundation
import Testing
@testable import SpringStudio

@Suite("Studio: sequences and chases")
struct BeyondEndpointTests {
    @Test("A chase of a straight path trails the target by ζ·response/π × its velocity, as the textbook says")
    func chaseTrails() throws {
        // Critically damped, response 0.4 s: after the start has died out, the value trails a 100/s
        // target by 2ζ/ω₀ · V = 0.4/π · 100.
        let answer = reply("/api/chase.json", "damping=1&response=0.4&path=0:0,20:2000")
        #expect(answer.status == 200)
        let body = try json(answer)
        let t = try #require(body["t"] as? [Double]), x = try #require(body["position"] as? [Double])
        let target = try #require(body["target"] as? [Double])
        let index = try #require(t.firstIndex { $0 >= 10 })
        #expect(abs((target[index] - x[index]) - 0.4 / Double.pi * 100) < 1e-9)
        #expect((body["code"] as? String ?? "").contains("animator.targetVelocity = piece.velocity"))
    }

    @Test("Bad paths and sequences are refused with 400 naming the parameter")
    func refusals() throws {
        for (path, query, parameter, words) in [
            ("/api/chase.json", "damping=0.5&response=0.5&path=0:0,0:1", "path", "increase"),
            ("/api/chase.json", "damping=0.5&response=0.5&path=0:0,x", "path", "t:x pairs"),
            ("/api/chase.json", "damping=0.5&response=0.5&path=0:0,99:1", "path", "between 0 and 60"),
            ("/api/chase.json", "damping=0.5&response=0&path=0:0,1:1", "response", "nothing to chase"),
            ("/api/sequence.json", "sequence=%7B%7D", "sequence", "from is missing"),
            ("/api/sequence-export.json", "sequence=", "sequence", "missing"),
        ] {
            let answer = reply(path, query)
            let body = try json(answer)
            #expect(answer.status == 400 && body["parameter"] as? String == parameter
                    && (body["error"] as? String ?? "").contains(words), "\(path)?\(query): \(body)")
        }
    }
}
