import ArgumentParser
import Foundation
import SpringConventions
import SpringFitting
import SpringMath
import SpringTestSupport
import Testing

@testable import SpringPlotCommands

/// Issue 44: every derived quantity checked before use, every kind of work capped before it starts,
/// and the one domain of docs/limits.md (ω₀ from 1e-6 to 1e6 rad/s, ζ ≤ 1e6) accepted by every command.
@Suite("Bounds: the domain, the caps and the messages")
struct BoundsTests {
    /// A new empty folder for one test; the test removes it.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "Springs outside the domain are refused by every command, naming the option that moves the bad quantity",
        arguments: [
            // ω₀ = √(k/m): k = 1e13 gives 3.2e6 rad/s, k = 1e-13 gives 3.2e-7 rad/s.
            (["data", "--stiffness", "1e13", "--damping-coefficient", "1"], "--stiffness gives a response of"),
            (["data", "--stiffness", "1e-13", "--damping-coefficient", "0"], "--stiffness gives a response of"),
            // ζ = c / (2√(km)) = 1e300 / 2.
            (
                [
                    "data", "--stiffness", "1", "--damping-coefficient", "1e300", "--target-velocity", "1e100",
                    "--samples", "5"
                ],
                "--damping-coefficient gives a damping ratio of 5e+299"
            ),
            (["data", "--damping", "1e101", "--response", "1"], "--damping must be at most 1e6 (got 1e+101)"),
            // ω₀ = 2π / response: a response of 1e7 s is 6.3e-7 rad/s.
            (
                ["curve", "--response", "1e7"],
                "--response must be between 6.28e-6 s and 6.28e6 s, a natural frequency of 1e-6 to 1e6 rad/s (got 10000000)"
            ),
            (["info", "--damping", "2e6"], "--damping must be at most 1e6 (got 2000000)"),
            (
                ["chase", "--stiffness", "5e-324", "--damping-coefficient", "0", "--target-velocity", "300"],
                "--stiffness gives a response of"
            ),
            (
                ["chase", "--from-code", "spring(dampingRatio = 0.5f, stiffness = 1e-30f)", "--target-velocity", "300"],
                "--from-code: damping ratio 0.5, stiffness 1e-30"
            )
        ] as [([String], String)])
    func domain(arguments: [String], message: String) {
        let error = parseError(arguments)
        #expect(error?.contains(message) == true, "\(arguments): \(error ?? "accepted")")
    }

    @Test("The domain's edges are accepted: ω₀ of exactly 1e6 and 1e-6 rad/s, ζ of exactly 1e6")
    func domainEdges() throws {
        // k = ω₀² with m = 1.
        for arguments in [
            ["info", "--stiffness", "1e12", "--damping-coefficient", "1"],
            ["info", "--stiffness", "1e-12", "--damping-coefficient", "0"],
            ["info", "--damping", "1e6", "--response", "1"]
        ] {
            #expect(parseError(arguments) == nil, "\(arguments)")
        }
    }

    @Test("A sequence file's spring outside the domain is refused, naming the keyframe")
    func sequenceDomain() {
        let text =
            #"{"from": 0, "keyframes": [{"to": 1, "spring": {"dampingRatio": 0.7, "response": 0.5}}, "#
            + #"{"to": 2, "at": 1, "spring": {"stiffness": 1e300, "dampingCoefficient": 1}}]}"#
        #expect(throws: SequenceInput.Problem.self) { try SequenceInput.parse(Array(text.utf8)) }
        let problem = try? SequenceInput.parse(Array(text.utf8))
        #expect(problem == nil)
        do {
            _ = try SequenceInput.parse(Array(text.utf8))
        } catch {
            #expect(error.description.hasPrefix("keyframe 2: the spring's response is"), "\(error)")
        }
    }

    @Test(
        "A key given twice in one object of a sequence file is refused, naming the key",
        arguments: [
            (
                #"{"from": 0, "keyframes": [{"to": 1, "to": 2, "spring": {"dampingRatio": 0.7, "response": 0.5}}]}"#,
                "to"
            ),
            (
                #"{"from": 0, "from": 1, "keyframes": [{"to": 1, "spring": {"dampingRatio": 0.7, "response": 0.5}}]}"#,
                "from"
            ),
            (
                #"{"from": 0, "keyframes": [{"to": 1, "spring": {"dampingRatio": 0.7, "dampingRatio": 0.9, "response": 0.5}}]}"#,
                "dampingRatio"
            ),
            // The same key spelled with an escape.
            (
                #"{"from": 0, "keyframes": [{"to": 1, "\u0074o": 2, "spring": {"dampingRatio": 0.7, "response": 0.5}}]}"#,
                "to"
            )
        ])
    func duplicateKeys(text: String, key: String) {
        do {
            _ = try SequenceInput.parse(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == "the key '\(key)' appears twice in one object: give each key once")
        }
    }

    @Test("A duplicate key with a line break in it is shown escaped, on one line")
    func duplicateKeyOneLine() {
        let text = #"{"from": 0, "a\nb": 1, "a\nb": 2, "keyframes": []}"#
        do {
            _ = try SequenceInput.parse(Array(text.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description == #"the key 'a\nb' appears twice in one object: give each key once"#)
        }
    }

    @Test("Equal keys in different objects, and strings that look like keys, are not duplicates")
    func notDuplicates() throws {
        let text =
            #"{"from": 0, "keyframes": [{"to": 1, "spring": {"dampingRatio": 0.7, "response": 0.5}}, "#
            + #"{"to": 2, "at": 1, "spring": {"dampingRatio": 0.7, "response": 0.5}}]}"#
        #expect(try SequenceInput.parse(Array(text.utf8)).keyframes.count == 2)
        #expect(SequenceInput.duplicateKey(in: Array(#"{"a": "b,\"a\": 1", "c": ["a", "a"]}"#.utf8)) == nil)
        #expect(SequenceInput.duplicateKey(in: Array(#"{"a": {"b": 1}, "b": 2}"#.utf8)) == nil)
        #expect(SequenceInput.duplicateKey(in: Array(#"[{"a": 1}, {"a": 2, "a": 3}]"#.utf8)) == "a")
    }

    @Test("chase refuses a span whose frames exceed the cap, before any frame is stepped, and draws one at the cap")
    func chaseFrames() throws {
        let refused = parseError(["chase", "--target-velocity", "300", "--time-span", "1e6"])
        #expect(
            refused == "--time-span: 1000000 s at 120 Hz is 120000000 frames, more than 100000: "
                + "give a --time-span of at most 833 s or lower --fps", "\(refused ?? "accepted")")
        let slow = parseError([
            "chase", "--damping", "1e6", "--response", "0.5", "--target-velocity", "300", "-o", "/dev/null"
        ])
        #expect(slow == nil)  // the default span is checked when the chart is made (see chaseDefaultSpan)
        // 100 000 frames at 120 Hz is 833.33 s.
        #expect(parseError(["chase", "--target-velocity", "300", "--time-span", "833"]) == nil)
        #expect(
            parseError(["chase", "--target-velocity", "300", "--time-span", "834"])?.contains("more than 100000")
                == true)
    }

    @Test("chase's default span past a slow spring's settling is refused with one line naming what to give")
    func chaseDefaultSpan() throws {
        let run = try springplot([
            "chase", "--damping", "1e6", "--response", "0.5", "--target-velocity", "300", "-o", "-"
        ])
        #expect(run.status != 0)
        #expect(run.standardError.hasPrefix("springplot: error: the chase needs a span of"))
        #expect(run.standardError.contains("give a --time-span of at most 833 s or lower --fps"))
        #expect(run.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test("The lag c·V/k stays finite at the domain's corner (ζ 1e6, ω₀ 1e-6 rad/s, V 1e100): the chase is computable")
    func lagAtTheCorner() {
        // ζ = c / (2√(km)) = 2 / (2·1e-6) = 1e6; ω₀ = √(k/m) = 1e-6; the lag 2ζ/ω₀ · V = 2e12 · 1e100.
        let spring = Spring(mass: 1, stiffness: 1e-12, dampingCoefficient: 2)
        #expect(ChaseInput.problem(spring: spring, motion: Motion(from: 0, to: 0), targetVelocity: 1e100) == nil)
        #expect(
            ChaseInput.problem(spring: spring, motion: Motion(from: 0, to: 0), targetVelocity: .infinity)?.parameter
                == "target-velocity")
    }

    @Test("A path steeper than 1e100 per second is refused; every other path of finite points is a path")
    func pathSlopes() {
        #expect(
            ChaseInput.pathProblem([(0, 0), (1e-300, 1e10)])
                == "path moves faster than 1e100 per second between t = 0 and 1e-300 s")
        #expect(ChaseInput.pathProblem([(0, -1e100), (1e-300, 1e100)])?.contains("faster than 1e100") == true)
        #expect(ChaseInput.pathProblem([(0, 0), (1, 1e100)]) == nil)
        #expect(ChaseInput.pathProblem([(0, 0), (0, 1)]) == "path times must increase (0 then 0)")
        #expect(ChaseInput.pathProblem([]) != nil)
    }

    @Test("Pasted code reads hexadecimal literals as numbers and refuses one too large for a double, naming the text")
    func pastedNumbers() throws {
        let hex = try SpringCode(".spring(response: 0x1p-3, dampingFraction: 0.5)")
        #expect(hex.spring.spring.response == 0.125)
        #expect(try SpringCode("spring(dampingRatio = 0.5f, stiffness = 0x190)").spring.spring.stiffness == 400)
        do {
            _ = try SpringCode(".spring(response: 1e400, dampingFraction: 0.5)")
            Issue.record("accepted 1e400")
        } catch {
            #expect(error.description == "'response: 1e400' holds a number too large for a double")
        }
        let run = parseError([
            "chase", "--from-code", ".spring(response: 0, dampingFraction: 0.5)", "--target-velocity", "3"
        ])
        #expect(
            run?.hasPrefix("--from-code: the spring's response must be > 0 to chase") == true, "\(run ?? "accepted")")
    }

    @Test("A long recording is fitted on 2000 evenly thinned samples, and the spring is still recovered")
    func fitThinning() throws {
        // The textbook step response of an underdamped spring, ζ = 0.5, ω₀ = 2π/0.4.
        let spring = TextbookSpring(dampingRatio: 0.5, response: 0.4)
        let times = (0..<50_000).map { Double($0) / 10_000 }
        let positions = times.map { t in spring.position(from: 0, to: 100, at: t) }
        let fit = try SpringFitter.fit(times: times, positions: positions, initialVelocity: 0)
        #expect(fit.sampleCount == SpringFitter.maximumFittedSamples && fit.recordedSampleCount == 50_000)
        #expect(abs(fit.dampingRatio - 0.5) < 1e-6 && abs(fit.response - 0.4) < 1e-6)
    }

    @Test("Errors about --preview and --csv paths name those options")
    func outputOptionNames() throws {
        let folder = try BoundsTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no/such/place.html").path
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter.writeFile([1], to: missing, option: "--preview") }
        do {
            try OutputWriter.writeFile([1], to: missing, option: "--csv")
        } catch {
            #expect("\(error)".hasPrefix("--csv: directory"), "\(error)")
        }
        do {
            try OutputWriter.writeFile([1], to: folder.path, option: "--preview")
        } catch {
            #expect("\(error)" == "--preview: '\(folder.path)' is a directory")
        }
    }

    @Test("A file written whole leaves no temporary file beside it, new or replaced")
    func noTemporaryLeft() throws {
        let folder = try BoundsTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.csv").path
        try OutputWriter.writeFile(Array("one\n".utf8), to: path)
        try OutputWriter.writeFile(Array("two\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
    }
}
