import Foundation
import Testing

/// libadwaita and Qt Quick as export targets. The reference figures are the shared recordings'
/// published comparison (../shared/platforms/linux/README.md, measured on the real Debian libraries
/// against a 40-digit exact solution), not this code's output.
@Suite("springplot export: libadwaita and Qt Quick")
struct LinuxTargetTests {
    private func target(_ name: String, _ arguments: [String]) throws -> [String: Any] {
        let run = try springplot(["export"] + arguments + ["--target", name, "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        return try #require((object["targets"] as? [[String: Any]])?.first)
    }

    private func platform(_ target: [String: Any], fps: Double) throws -> [String: Any] {
        try #require((target["platforms"] as? [[String: Any]])?.first { $0["fps"] as? Double == fps })
    }

    @Test("Spring A (ζ 0.68, response 0.8 s): the stated errors and finishes are the recordings' published ones")
    func springA() throws {
        let a = ["--damping", "0.68", "--response", "0.8"]
        // Published: libadwaita max err 0.240 % (60 Hz), 0.244 % (120 Hz), finish 1.3000 s; Qt 2.68 %, 4.25 %, 1.6167 s.
        for (name, fps, error, finish) in [
            ("libadwaita", 60.0, 0.00240, 1.3), ("libadwaita", 120, 0.00244, 1.3),
            ("qt-quick", 60, 0.0268, 1.6167), ("qt-quick", 120, 0.0425, 1.6167)
        ] {
            let p = try platform(try target(name, a), fps: fps)
            let measured = try #require(p["maxErrorFraction"] as? Double)
            #expect(abs(measured - error) < 0.00006, "\(name) at \(fps) Hz: \(measured)")
            #expect(abs((p["finishTime"] as? Double ?? 0) - finish) < 1e-3, "\(name) at \(fps) Hz")
        }
        let qt = try target("qt-quick", a)
        // The recordings passed spring = 0.016·k and damping = 0.016·c: 0.986960, 0.170903.
        let parameters = try #require(qt["parameters"] as? [String: Double])
        #expect(abs(parameters["spring"]! - 0.986960) < 1e-6 && abs(parameters["damping"]! - 0.170903) < 1e-6)
        #expect(
            (try target("libadwaita", a)["code"] as? String ?? "").contains("adw_spring_params_new (0.68, 1, 61.685)"))
    }

    @Test("Qt cannot carry more damping than 1 per step nor an initial velocity: export warns of both")
    func qtWarnings() throws {
        // Spring H of the recordings' brief: c·0.016 = 2.01 > 1.
        let h = try target("qt-quick", ["--damping", "2", "--response", "0.25", "--velocity", "300"])
        let warnings = try #require(h["warnings"] as? [[String: String]])
        #expect(Set(warnings.compactMap { $0["code"] }).isSuperset(of: ["damping-clamped", "velocity-dropped"]))
        #expect(
            warnings.contains { $0["text"]?.contains("clamped to 1") == true }
                && warnings.contains { $0["text"]?.contains("no initial velocity") == true })
        #expect((h["code"] as? String ?? "").contains("damping: 1;"))
    }

    @Test("--from-code reads libadwaita's C and Qt's QML")
    func fromCode() throws {
        let adw = try springplot(["info", "--from-code", "adw_spring_params_new (0.5, 2, 100)", "--json"])
        #expect(adw.status == 0, "\(adw.standardError)")
        let spring = try #require(
            (try JSONSerialization.jsonObject(with: adw.standardOutput) as? [String: Any])?["spring"] as? [String: Any])
        #expect(
            abs((spring["dampingRatio"] as? Double ?? 0) - 0.5) < 1e-12 && spring["stiffness"] as? Double == 100
                && spring["mass"] as? Double == 2)
        let qml = try springplot([
            "info", "--from-code", "SpringAnimation { spring: 0.98696; damping: 0.170903 }", "--json"
        ])
        let qtSpring = try #require(
            (try JSONSerialization.jsonObject(with: qml.standardOutput) as? [String: Any])?["spring"] as? [String: Any])
        // Per 16 ms step: k = spring / 0.016 = 61.685, c = damping / 0.016 = 10.681.
        #expect(
            abs((qtSpring["stiffness"] as? Double ?? 0) - 61.685) < 1e-9
                && abs((qtSpring["dampingCoefficient"] as? Double ?? 0) - 10.6814375) < 1e-9)
    }
}
