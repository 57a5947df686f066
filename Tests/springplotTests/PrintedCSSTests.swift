import Foundation
import SpringTestSupport
import Testing

/// The printed CSS, read back as a browser reads it: the transition's duration in milliseconds and
/// the `linear()` stops (a stop without a position is 0 % first and 100 % last). Written here from
/// the CSS Easing specification, without SpringExport's types.
private struct PrintedTransition {
    var duration: Double
    var stops: [(input: Double, output: Double)]

    init?(_ text: String) {
        guard let line = text.split(separator: "\n").first(where: { $0.contains("transition: transform ") }),
            let open = line.range(of: "transition: transform "),
            let ms = line[open.upperBound...].split(separator: "m").first,
            let milliseconds = Double(ms),
            let start = line.range(of: "linear("),
            let end = line.range(of: ")", range: start.upperBound..<line.endIndex)
        else { return nil }
        duration = milliseconds / 1000
        let items = line[start.upperBound..<end.lowerBound].split(separator: ",")
        var stops: [(Double, Double)] = []
        for (index, item) in items.enumerated() {
            let parts = item.split(separator: " ")
            guard let output = Double(parts[0]) else { return nil }
            if parts.count > 1 {
                guard parts[1].hasSuffix("%"), let percent = Double(parts[1].dropLast()) else { return nil }
                stops.append((percent / 100, output))
            } else if index == 0 || index == items.count - 1 {
                stops.append((index == 0 ? 0 : 1, output))
            } else {
                return nil
            }
        }
        self.stops = stops
    }

    /// The eased progress at `s` in [0, 1].
    func progress(_ s: Double) -> Double {
        var i = 0
        while i + 2 < stops.count && stops[i + 1].input <= s { i += 1 }
        let a = stops[i], b = stops[i + 1]
        return a.output + (b.output - a.output) * (s - a.input) / (b.input - a.input)
    }
}

/// Textbook damped oscillator displacement, mass 1, ω₀ = 2π / response (the tests' textbook spring).
private func displacement(_ t: Double, zeta z: Double, response: Double, x0: Double, v0: Double) -> Double {
    TextbookSpring(dampingRatio: z, response: response).displacement(x0, velocity: v0, at: t)
}

@Suite("The printed CSS transition keeps the stated error")
struct PrintedCSSTests {
    @Test(
        "Read back with its printed duration, the linear() stays within the stated error, which is within the budget",
        arguments: [
            (0.68, 0.8, 0.0, 100.0, 0.5), (0.5, 0.6, -800.0, 100.0, 0.5), (1.5, 0.4, 0.0, 100.0, 0.5),
            (0.15, 0.3, 0.0, 300.0, 0.5), (0.3, 0.5, 0.0, 100.0, 0.5), (0.8, 0.5, -900.0, -250.0, 1.0)
        ])
    func printedErrorWithinBudget(zeta: Double, response: Double, velocity: Double, to: Double, budget: Double) throws {
        let run = try springplot([
            "export", "--target", "css", "--damping", "\(zeta)", "--response", "\(response)",
            "--velocity", "\(velocity)", "--to", "\(to)", "--error", "\(budget)", "--explain"
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let printed = try #require(PrintedTransition(run.output), "\(run.output)")
        var worst = 0.0
        let n = 100_000
        for i in 0...n {
            let s = Double(i) / Double(n)
            let exact = to + displacement(s * printed.duration, zeta: zeta, response: response, x0: -to, v0: velocity)
            worst = max(worst, abs(printed.progress(s) * to - exact))
        }
        #expect(worst <= budget, "worst \(worst) over a \(budget) budget")
        // The stated figure is the printed text's error (to the 6 digits printed).
        let stated = try #require(run.output.split(separator: "\n").first { $0.contains("measured error") })
        let figure = try #require(
            stated.split(separator: " ").firstIndex(of: "error").map { Double(stated.split(separator: " ")[$0 + 1]) }
                ?? nil)
        #expect(abs(figure - worst) <= 1e-5 * budget + 1e-6, "stated \(figure), read back \(worst)")
        // After the printed duration the element rests on the target; the motion stays within the budget.
        var t = printed.duration
        while t < printed.duration + 20 {
            #expect(abs(displacement(t, zeta: zeta, response: response, x0: -to, v0: velocity)) <= budget)
            t += 0.002
        }
    }
}
