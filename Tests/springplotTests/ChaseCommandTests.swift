import Foundation
import Testing

@Suite("springplot data --target-velocity")
struct ChaseCommandTests {
    @Test("data samples the exact chase: the integrated ODE's values (SpringMathTests/Fixtures/chase.csv) to 1e-12")
    func matchesReference() throws {
        // The fixture's "under" case: ζ 0.5, response 0.6 s, 0 → a target at 100 moving at 250/s.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SpringMathTests/Fixtures/chase.csv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("under,") }.map { $0.split(separator: ",").map(String.init) }
        let reference = Dictionary(
            uniqueKeysWithValues: rows.map { (Double($0[8])!, (Double($0[9])!, Double($0[10])!)) })
        let run = try springplot([
            "data", "--damping", "0.5", "--response", "0.6", "--to", "100", "--target-velocity", "250",
            "--times", "0.5,1,3"
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first == "t,position,velocity,target")
        for line in lines.dropFirst() {
            let f = line.split(separator: ",").compactMap { Double($0) }
            let (x, v) = try #require(reference[f[0]])
            #expect(abs(f[1] - x) <= 1e-12 * 850 && abs(f[2] - v) <= 1e-12 * 850 * 11, "\(line)")
            #expect(f[3] == 100 + 250 * f[0])
        }
    }

    @Test("The JSON carries the lag c·V/k; bad values are refused in one line")
    func jsonAndErrors() throws {
        let run = try springplot([
            "data", "--damping", "1", "--response", "0.3", "--target-velocity", "500", "--samples", "3", "--json"
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        // Critically damped: c/k = 2/ω₀ = response/π.
        #expect(abs((json["lag"] as? Double ?? 0) - 500 * 0.3 / Double.pi) < 1e-12 * 50)
        for (arguments, option) in [
            (["--target-velocity", "nan"], "--target-velocity"),
            (["--target-velocity", "1", "--platform", "wave"], "--target-velocity")
        ] {
            let bad = try springplot(["data", "--damping", "0.5", "--response", "0.5"] + arguments)
            #expect(
                bad.status != 0 && bad.standardError.split(separator: "\n").count == 1
                    && bad.standardError.contains(option),
                "\(bad.standardError)")
        }
    }
}
