import Foundation
import SpringMath
import Testing

/// Runs the built `springplot` executable.
struct Run {
    var status: Int32
    var standardOutput: Data
    var standardError: String
    var output: String { String(decoding: standardOutput, as: UTF8.self) }
}

func springplot(_ arguments: [String], in directory: URL? = nil, input: Data? = nil) throws -> Run {
    let binary = try #require(springplotExecutable(), "springplot executable not found beside the tests")
    return try runProcess(binary, arguments, in: directory, input: input)
}

/// Runs `binary` with `arguments` (in `directory`, with `input` on standard input).
func runProcess(_ binary: URL, _ arguments: [String], in directory: URL? = nil, input: Data? = nil) throws -> Run {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inputPipe = input.map { _ in Pipe() }
    if let inputPipe { process.standardInput = inputPipe }
    try process.run()
    if let input, let inputPipe {
        // Written from another thread so that a large input cannot deadlock against a full output pipe.
        let writer = inputPipe.fileHandleForWriting
        Thread.detachNewThread {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
        status: process.terminationStatus, standardOutput: outData,
        standardError: String(decoding: errData, as: UTF8.self))
}

func springplotExecutable() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("springplot")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("springplot-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Width and height from a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (Int, Int)? {
    let bytes = [UInt8](data)
    guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func be32(_ i: Int) -> Int {
        Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }
    return (be32(16), be32(20))
}

@Suite("springplot end to end")
struct EndToEndTests {
    @Test("The user's example writes a 1200×800 PNG")
    func usersExample() throws {
        let dir = try temporaryDirectory()
        let run = try springplot(["--damping", "0.68", "--response", "0.8", "-o", "curve.png"], in: dir)
        #expect(run.status == 0, "\(run.standardError)")
        let data = try Data(contentsOf: dir.appendingPathComponent("curve.png"))
        #expect(pngSize(data)! == (1200, 800))
        #expect(run.standardError.isEmpty)
    }

    @Test("Every subcommand in every format", arguments: ["curve", "retarget", "integrators", "phase"])
    func subcommands(name: String) throws {
        let dir = try temporaryDirectory()
        for format in ["png", "svg", "pdf"] {
            let file = "\(name).\(format)"
            let run = try springplot([name, "--damping", "0.5", "--response", "0.4", "-o", file], in: dir)
            #expect(run.status == 0, "\(name) \(format): \(run.standardError)")
            let data = try Data(contentsOf: dir.appendingPathComponent(file))
            switch format {
            case "png": #expect(pngSize(data) != nil)
            case "svg":
                let text = String(decoding: data, as: UTF8.self)
                #expect(text.contains("<svg") && text.contains("</svg>") && text.contains("<text"))
            default:
                #expect(data.starts(with: Array("%PDF".utf8)))
                #expect(String(decoding: data.suffix(16), as: UTF8.self).contains("%%EOF"))
            }
        }
    }

    @Test("HiDPI scale doubles the PNG; standard output gets the bytes; no -o writes a default file and prints it")
    func outputs() throws {
        let dir = try temporaryDirectory()
        let scaled = try springplot(["--scale", "2", "--width", "600", "--height", "400", "-o", "s.png"], in: dir)
        #expect(scaled.status == 0)
        #expect(pngSize(try Data(contentsOf: dir.appendingPathComponent("s.png")))! == (1200, 800))
        let piped = try springplot(["-o", "-", "--format", "svg"], in: dir)
        #expect(piped.status == 0 && piped.output.contains("<svg"))
        let defaulted = try springplot(["phase"], in: dir)
        #expect(defaulted.status == 0)
        #expect(defaulted.output.trimmingCharacters(in: .whitespacesAndNewlines) == "springplot-phase.png")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("springplot-phase.png").path))
    }

    @Test(
        "Bad input: one line naming the option, non-zero exit, no trap",
        arguments: [
            ["--damping", "nan"], ["--mass", "0"], ["--bounce", "2"], ["-o", "x.gif"],
            ["--damping", "0.1,0.2", "--response", "1,2,3"],
            ["--stiffness", "10", "--damping", "0.3", "--damping-coefficient", "1"], ["retarget", "--at", "-1"],
            ["--unknown-flag"],
            ["data", "--samples", "0"], ["integrators", "--fps", "inf"]
        ])
    func badInput(arguments: [String]) throws {
        let dir = try temporaryDirectory()
        let run = try springplot(arguments, in: dir)
        #expect(run.status != 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(arguments): \(run.standardError)")
        #expect(run.standardError.hasPrefix("springplot: error: "))
        #expect(run.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("A missing directory or an unwritable path fails cleanly and leaves older files intact")
    func unwritable() throws {
        let dir = try temporaryDirectory()
        let missing = try springplot(["-o", "no/such/dir/chart.png"], in: dir)
        #expect(
            missing.status != 0 && missing.standardError.contains("--output")
                && missing.standardError.split(separator: "\n").count == 1)
        let notDirectory = try springplot(["-o", "/etc/hostname/chart.png"], in: dir)
        #expect(notDirectory.status != 0 && notDirectory.standardError.contains("--output"))
        let intoDirectory = try springplot(["-o", dir.path, "--format", "png"], in: dir)
        #expect(intoDirectory.status != 0 && intoDirectory.standardError.contains("--output"))

        // An older chart survives a failed run, and a successful run replaces it whole.
        let path = dir.appendingPathComponent("keep.png")
        try Data("older".utf8).write(to: path)
        let failed = try springplot(["--damping", "-1", "-o", "keep.png"], in: dir)
        let kept = try Data(contentsOf: path)
        #expect(failed.status != 0 && kept == Data("older".utf8))
        let replaced = try springplot(["-o", "keep.png"], in: dir)
        let replacement = try Data(contentsOf: path)
        #expect(replaced.status == 0 && pngSize(replacement) != nil)
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["keep.png"])
    }

    @Test("data writes CSV with the exact header and shortest round-trip numbers matching SpringMath")
    func dataCSV() throws {
        let run = try springplot([
            "data", "--damping", "0.68", "--response", "0.8", "--samples", "11", "--time-span", "1"
        ])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "t,position,velocity" && lines.count == 12)
        // Times are the grid's short decimals (0.6, not 0.6000000000000001).
        #expect(
            lines.dropFirst().map { String($0.prefix { $0 != "," }) } == [
                "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"
            ])
        let motion = SpringMotion(spring: Spring(dampingRatio: 0.68, response: 0.8), from: 0.0, to: 1.0)
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",").map { Double($0)! }
            #expect(abs(fields[1] - motion.position(at: fields[0])) < 1e-13)
            #expect(abs(fields[2] - motion.velocity(at: fields[0])) < 1e-12)
            for field in line.split(separator: ",") {
                #expect("\(Double(field)!)" == field || String(Int64(Double(field)!)) == field)  // shortest form
            }
        }
        let listed = try springplot(["data", "--times", "0,0.25,0.5", "--json"])
        #expect(listed.status == 0)
        let object = try JSONSerialization.jsonObject(with: listed.standardOutput) as! [String: Any]
        #expect((object["t"] as! [Double]) == [0, 0.25, 0.5])
        #expect((object["position"] as! [Double]).count == 3)
    }

    @Test("info prints the derived quantities and conventions; --json is machine-readable")
    func info() throws {
        let run = try springplot(["info", "--damping", "0.68", "--response", "0.8"])
        #expect(run.status == 0)
        for text in [
            "stiffness k", "61.685", "damping coefficient c", "overshoot", "peak time", "rise time",
            "how long                  settles within 1 % of the travel at 0.832 s",
            "SwiftUI", "CASpringAnimation", "Android", "framer-motion", "react-spring", "Origami"
        ] {
            #expect(run.output.contains(text), "\(text)")
        }
        // One "how long" by default; the others only with --explain, labelled.
        #expect(!run.output.contains("settles within 0.1 %") && !run.output.contains("Wave's settle estimate"))
        let explained = try springplot(["info", "--damping", "0.68", "--response", "0.8", "--explain"])
        #expect(
            explained.output.contains("settles within 0.1 % (export's exact settle)  1.32 s"), "\(explained.output)")
        #expect(explained.output.contains("Wave's settle estimate"))
        let json = try springplot(["info", "--swiftui-duration", "0.5", "--bounce", "0.3", "--json"])
        let object = try JSONSerialization.jsonObject(with: json.standardOutput) as! [String: Any]
        let spring = object["spring"] as! [String: Double]
        #expect(abs(spring["stiffness"]! - 157.91) < 0.01 && abs(spring["dampingCoefficient"]! - 17.59) < 0.01)
        let settling = object["settleTimes"] as! [[String: Double]]
        #expect(settling.count == 3)
    }

    @Test("info explains values other tools cannot take instead of printing them bare")
    func infoNotes() throws {
        // ζ 1e200, whose SwiftUI bounce rounds to −1, is past the domain (ζ ≤ 1e6) and refused now; a
        // response-0 spring of that ζ is a jump, which every convention writes as n/a.
        let stiff = try springplot(["info", "--damping", "1e200"])
        #expect(stiff.status == 64 && stiff.standardError.contains("--damping must be at most 1e6"))
        let snapping = try springplot(["info", "--damping", "1e200", "--response", "0"])
        #expect(
            snapping.status == 0 && !snapping.output.contains("bounce: -1)") && snapping.output.contains("n/a"),
            "\(snapping.output)")

        let soft = try springplot(["info", "--damping", "0.68", "--response", "0.8"])
        let origami = try #require(soft.output.split(separator: "\n").first { $0.contains("Origami") })
        #expect(
            origami.contains("tension -6.5511")
                && origami.contains("negative tension: too soft for Origami's parameterisation"), "\(origami)")
        let limp = try springplot(["info", "--damping", "0.05", "--response", "10"])
        let both = try #require(limp.output.split(separator: "\n").first { $0.contains("Origami") })
        #expect(both.contains("negative tension") && both.contains("negative friction"), "\(both)")

        // An ordinary spring has no notes.
        let plain = try springplot(["info", "--damping", "0.5", "--response", "0.3"])
        #expect(
            plain.output.contains("Spring(duration: 0.3, bounce: 0.5)") && !plain.output.contains("negative")
                && !plain.output.contains("n/a"))
    }

    @Test("help with an unknown topic fails with one line; known topics still work")
    func helpTopics() throws {
        for arguments in [["help", "frob"], ["help", "curve", "frob"]] {
            let run = try springplot(arguments)
            #expect(run.status != 0 && run.output.isEmpty, "\(arguments)")
            #expect(
                run.standardError == "springplot: error: no subcommand 'frob' to describe: see 'springplot --help'\n",
                "\(run.standardError)")
        }
        let known = try springplot(["help", "retarget"])
        #expect(known.status == 0 && known.output.contains("--new-target"))
        let top = try springplot(["help"])
        #expect(top.status == 0 && top.output.contains("SUBCOMMANDS"))
    }

    @Test("Help exits 0 and shows the options")
    func help() throws {
        let run = try springplot(["--help"])
        #expect(run.status == 0 && run.output.contains("--damping") && run.output.contains("retarget"))
        let sub = try springplot(["retarget", "--help"])
        #expect(sub.status == 0 && sub.output.contains("--new-target"))
    }
}

@Suite("springplot extreme but valid input")
struct ExtremeInputTests {
    // The edges of the domain every command accepts (docs/limits.md): ω₀ = 2π/response or √(k/m)
    // from 1e-6 to 1e6 rad/s, ζ at most 1e6 (k = 1e12, c = 2e6 is ζ = c/(2√k) = 1).
    @Test(
        "Extreme springs and motions render without trapping or hanging",
        arguments: [
            ["--response", "6.3e-6"], ["--response", "6.2e6"], ["--damping", "1e6"], ["--damping", "0"],
            ["--response", "0"],
            ["--stiffness", "1e12", "--damping-coefficient", "2e6"],
            ["--stiffness", "1e-12", "--damping-coefficient", "0"],
            ["--from", "1e99", "--to", "-1e99"], ["--to", "1000", "--velocity", "-5000"], ["--velocity", "1e99"]
        ])
    func extremes(arguments: [String]) throws {
        let dir = try temporaryDirectory()
        for command in ["curve", "retarget", "integrators", "phase"] {
            let run = try springplot([command] + arguments + ["-o", "x.svg"], in: dir)
            #expect(run.status == 0, "\(command) \(arguments): \(run.standardError)")
            // A whole chart came out: a complete SVG with drawn paths and its labels as text.
            let svg = try String(decoding: Data(contentsOf: dir.appendingPathComponent("x.svg")), as: UTF8.self)
            #expect(
                svg.contains("</svg>") && svg.components(separatedBy: "<path").count > 10
                    && svg.components(separatedBy: "<text").count > 5, "\(command) \(arguments)")
            try FileManager.default.removeItem(at: dir.appendingPathComponent("x.svg"))
        }
        let info = try springplot(["info"] + arguments)
        #expect(info.status == 0, "info \(arguments): \(info.standardError)")
        let data = try springplot(["data", "--samples", "5"] + arguments)
        #expect(
            data.status == 0 && data.output.hasPrefix("t,position,velocity\n"),
            "data \(arguments): \(data.standardError)")
    }

    @Test(
        "Springs past the domain's edges are refused by every command with one line naming the option",
        arguments: [
            (["--response", "1e-9"], "--response"), (["--response", "1e9"], "--response"),
            (["--damping", "1e9"], "--damping"),
            (["--stiffness", "1e300", "--damping-coefficient", "1e300"], "--stiffness"),
            (["--stiffness", "1e-300", "--damping-coefficient", "0"], "--stiffness")
        ])
    func beyondTheDomain(arguments: [String], option: String) throws {
        for command in ["curve", "retarget", "integrators", "phase", "info", "data"] {
            let run = try springplot(
                [command] + arguments + (command == "info" || command == "data" ? [] : ["-o", "x.svg"]))
            #expect(
                run.status == 64 && run.standardError.hasPrefix("springplot: error: \(option) ")
                    && run.standardError.filter { $0 == "\n" }.count == 1,
                "\(command) \(arguments): \(run.standardError)")
        }
    }

    @Test(
        "Values that would overflow are refused with the option named",
        arguments: [
            (["--from", "1e308", "--to", "-1e308"], "--from"),
            (["--mass", "1e300", "--response", "1e-9"], "--mass"),
            (["--tolerance", "1e-300"], "--tolerance"),
            (["--epsilon", "1e-300"], "--epsilon"),  // the old spelling, still accepted
            // The option blamed is the one whose value is out of range.
            (["--damping", "1e308", "--response", "0.5"], "--damping"),
            (["--damping", "1e300", "--response", "1e-9"], "--damping"),
            (["--damping", "0.5", "--response", "1e-160"], "--response"),
            (["--damping", "1e308", "--response", "1e300"], "--response"),
            (["--response", "1e-320"], "--response"),
            (["--damping", "1e200", "--response", "1e-120", "--mass", "1e-100"], "--damping"),
            (["--stiffness", "1e308", "--damping-coefficient", "1e308", "--mass", "1e-10"], "--stiffness"),
            (["--stiffness", "1", "--damping-coefficient", "1e308", "--mass", "1e-300"], "--damping-coefficient"),
            (["--stiffness", "1e-300", "--damping-coefficient", "1", "--mass", "1e300"], "--stiffness"),
            (["--swiftui-duration", "1e-200", "--bounce", "0.3"], "--swiftui-duration")
        ] as [([String], String)])
    func overflow(arguments: [String], option: String) throws {
        let run = try springplot(arguments + ["-o", "-"])
        #expect(
            run.status != 0 && run.standardError.split(separator: "\n").count == 1, "\(arguments): \(run.standardError)"
        )
        #expect(run.standardError.hasPrefix("springplot: error: \(option) "), "\(arguments): \(run.standardError)")
    }
}
