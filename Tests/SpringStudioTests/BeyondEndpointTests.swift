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
            // Issue 44: each of these once ended the server with a trap in the settle time.
            (
                "/api/chase.json", "damping=0.68&response=0.8&path=0:0,1e-300:1e10", "path",
                "faster than 1e100 per second"
            ),
            (
                "/api/chase.json", "stiffness=1&damping-coefficient=1e300&path=0:0,60:1e100", "damping-coefficient",
                "at most 1e6"
            ),
            (
                "/api/chase.json", "stiffness=5e-324&damping-coefficient=0&path=0:0,1:300", "stiffness",
                "1e-6 to 1e6 rad/s"
            ),
            (
                "/api/sequence.json",
                "sequence=%7B%22from%22:0,%22keyframes%22:%5B%7B%22to%22:1,%22to%22:2,%22spring%22:%7B%22dampingRatio%22:0.7,%22response%22:0.5%7D%7D%5D%7D",
                "sequence", "'to' appears twice"
            ),
            (
                "/api/sequence.json",
                "sequence=%7B%22from%22:0,%22keyframes%22:%5B%7B%22to%22:1,%22spring%22:%7B%22dampingRatio%22:1e101,%22response%22:1%7D%7D%5D%7D",
                "sequence", "damping ratio"
            )
        ] {
            let answer = reply(path, query)
            let body = try json(answer)
            #expect(
                answer.status == 400 && body["parameter"] as? String == parameter
                    && (body["error"] as? String ?? "").contains(words), "\(path)?\(query): \(body)")
        }
    }
}
