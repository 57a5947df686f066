import SpringMath
import SpringWire
import Testing

/// SpringWire's getting-started article, line for line, with its comments asserted, so that the
/// documentation stays true.
@Suite("SpringWire: getting started")
struct WireGettingStartedTests {
    @Test("A spring, a refusal and a non-finite number, as JSON")
    func gettingStarted() {
        let spring = Spring(dampingRatio: 0.5, response: 1)
        #expect(
            JSONWriter.text(SpringReply(spring), pretty: false)
                == #"{"dampingRatio":0.5,"response":1,"mass":1,"stiffness":39.47841760435743,"dampingCoefficient":6.283185307179586}"#
        )
        #expect(JSONWriter.text(SpringReply(spring)).hasPrefix("{\n  \"dampingRatio\": 0.5,\n"))

        let refusal = ErrorReply("damping must be ≥ 0 (got -1.0)", parameter: "damping", code: "out-of-range")
        #expect(
            JSONWriter.text(refusal, pretty: false)
                == #"{"error":"damping must be ≥ 0 (got -1.0)","parameter":"damping","code":"out-of-range"}"#)

        #expect(JSONWriter.text([1.0, .infinity, 0.1], pretty: false) == "[1,null,0.1]")
    }
}
