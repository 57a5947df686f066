import SpringFitting
import SpringFormatting
import SpringMath
import Testing

/// The getting-started articles of SpringFitting and SpringFormatting, line for line, with their
/// comments asserted, so that the documentation stays true.
@Suite("Getting started")
struct GettingStartedTests {
    @Test("SpringFitting: a whole-pixel recording gives back its spring; the error is the rounding")
    func fitting() throws {
        let truth = SpringMotion(spring: Spring(dampingRatio: 0.68, response: 0.8), from: 0.0, to: 100.0)
        let times = (0...90).map { Double($0) / 60 }
        let positions = times.map { truth.position(at: $0).rounded() }

        let fit = try SpringFitter.fit(times: times, positions: positions)
        #expect(abs(fit.dampingRatio - 0.68) < 3 * fit.dampingRatioUncertainty + 1e-3)
        #expect(abs(fit.response - 0.8) < 3 * fit.responseUncertainty + 1e-3)

        let comparison = truth.compare(times: times, positions: positions)
        #expect(comparison.maximumError <= 0.5 && comparison.maximumError > 0.4)
    }

    @Test("SpringFormatting: data reads back, people get significant digits")
    func formatting() {
        let stiffness = 61.68502750680849
        #expect(NumberFormat.data(stiffness) == "61.68502750680849")
        #expect(Double(NumberFormat.data(stiffness)) == stiffness)
        #expect(NumberFormat.people(stiffness) == "61.7")
        #expect(NumberFormat.people(0.000_12, digits: 2) == "0.00012")
        #expect(NumberFormat.percent(0.0543) == "5.43 %")
        #expect(NumberFormat.significant(3).text(stiffness) == NumberFormat.people(stiffness, digits: 3))
        #expect(NumberFormat.roundTrip.text(stiffness) == NumberFormat.data(stiffness))
    }
}
