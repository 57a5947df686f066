import Foundation
import SpringConventions
import Testing

@testable import SpringPlotCommands

/// springplot's and spring-studio's refusals: the line and exit status of each as the binaries printed
/// them before refusals had codes (recorded from the build of 3af227a), now with the code and the
/// parameter every refusal carries, and `--json`'s ErrorReply line on standard output.
@Suite("Command-line refusals carry stable codes")
struct RefusalCodeTests {
    struct Refusal: CustomStringConvertible, Sendable {
        var binary: String
        var arguments: [String]
        var status: Int32
        /// Standard error, without its line end.
        var line: String
        /// The code and parameter the refusal carries (not observable for spring-studio, which has no
        /// `--json`: nil there).
        var code: String?
        var parameter: String?

        init(
            _ binary: String, _ arguments: [String], _ status: Int32, _ line: String, _ code: String?,
            _ parameter: String?
        ) {
            self.binary = binary
            self.arguments = arguments
            self.status = status
            self.line = line
            self.code = code
            self.parameter = parameter
        }

        var description: String { ([binary] + arguments).joined(separator: " ") }

        /// The same line with `--json` after the command's name, when the command takes it and the
        /// flag leaves the refusal as it was.
        var withJSON: [String]? {
            guard binary == "springplot", let command = arguments.first,
                ["info", "data", "export", "fit", "verify", "track"].contains(command),
                !arguments.contains(where: { $0.hasPrefix("--json") }),
                !(command == "data" && arguments.contains("-o"))
            else { return nil }
            return [command, "--json"] + arguments.dropFirst()
        }
    }

    /// Each refusal's status and line are the 3af227a binaries' output for the same line, run in a
    /// folder holding ``files``.
    static let refusals: [Refusal] = [
        Refusal(
            "springplot", ["--time-span", "0"], 64, "springplot: error: --time-span must be > 0 (got 0.0)",
            "out-of-range", "time-span"),
        Refusal(
            "springplot", ["--time-span", "nan"], 64, "springplot: error: --time-span must be a number (got nan)",
            "not-a-number", "time-span"),
        Refusal(
            "springplot", ["--time-span", "inf"], 64, "springplot: error: --time-span must be finite (got inf)",
            "not-finite", "time-span"),
        Refusal(
            "springplot", ["--tolerance", "0.1", "--epsilon", "0.1"], 64,
            "springplot: error: --epsilon is the old spelling of --tolerance: give --tolerance alone",
            "conflicting-parameters", "epsilon"),
        Refusal(
            "springplot", ["--width", "10000", "--height", "10000", "--scale", "2"], 64,
            "springplot: error: --width × --height × --scale² must stay under 100 megapixels", "over-limit", "scale"),
        Refusal(
            "springplot", ["--format", "png", "-o", "x.svg"], 64,
            "springplot: error: --format png conflicts with the --output extension '.svg'", "conflicting-parameters",
            "format"),
        Refusal(
            "springplot", ["-o", "x.bmp"], 64,
            "springplot: error: --output extension '.bmp' is not supported: use .png, .svg or .pdf, or give --format",
            "unknown-name", "output"),
        Refusal(
            "springplot", ["--platform", "swiftui", "--response", "0"], 64,
            "springplot: error: --response must be > 0 for --platform: a response-0 spring is an instant jump",
            "instantaneous-spring", "response"),
        Refusal(
            "springplot", ["--minimum-visible-change", "0.5"], 64,
            "springplot: error: --minimum-visible-change is Android's setting: it needs --platform with android",
            "missing-parameter", "minimum-visible-change"),
        Refusal(
            "springplot", ["--from-code", "garbage"], 64,
            "springplot: error: --from-code: no spring found in the code (no named numbers): expected, for example, .spring(response:dampingFraction:), spring(dampingRatio = …, stiffness = …), { stiffness, damping, mass } or { tension, friction }",
            "malformed", "from-code"),
        Refusal(
            "springplot", ["--stiffness", "100"], 64, "springplot: error: --stiffness needs --damping-coefficient",
            "missing-parameter", "stiffness"),
        Refusal(
            "springplot", ["--damping", "0.5", "--framer-duration", "0.4"], 64,
            "springplot: error: --damping cannot be combined with --framer-duration", "conflicting-parameters",
            "damping"),
        Refusal(
            "springplot", ["--damping", "0.1,0.2,0.3", "--response", "0.1,0.2"], 64,
            "springplot: error: --damping has 3 values but --response has 2: give lists of the same length, or one value to share",
            "value-count", "damping"),
        Refusal(
            "springplot", ["--from", "1e200"], 64,
            "springplot: error: --from must lie between -1e100 and 1e100 (got 1e+200)", "out-of-range", "from"),
        Refusal(
            "springplot", ["--velocity", "inf"], 64, "springplot: error: --velocity must be finite (got inf)",
            "not-finite", "velocity"),
        Refusal(
            "springplot", ["phase", "--damping", "-1"], 64, "springplot: error: --damping must be ≥ 0 (got -1.0)",
            "out-of-range", "damping"),
        Refusal(
            "springplot", ["info", "--damping", "-1"], 64, "springplot: error: --damping must be ≥ 0 (got -1.0)",
            "out-of-range", "damping"),
        Refusal(
            "springplot", ["data", "--frame-times", "t.txt"], 64, "springplot: error: --frame-times needs --platform",
            "missing-parameter", "frame-times"),
        Refusal(
            "springplot", ["data", "--target-velocity", "1", "--response", "0"], 64,
            "springplot: error: --response must be > 0 to chase: a response-0 spring is the target itself",
            "instantaneous-spring", "response"),
        Refusal(
            "springplot", ["data", "--samples", "10", "--times", "0,1"], 64,
            "springplot: error: --samples and --times cannot be combined", "conflicting-parameters", "samples"),
        Refusal(
            "springplot", ["data", "--sequence", "seq.json", "--to", "2"], 64,
            "springplot: error: --sequence cannot be combined with --to: the file gives from, velocity and each keyframe's to",
            "conflicting-parameters", "sequence"),
        Refusal(
            "springplot", ["data", "-o", "x.json"], 64, "springplot: error: --output 'x.json' is JSON: add --json",
            "missing-parameter", "output"),
        Refusal(
            "springplot", ["data", "--times-file", "missing.txt"], 64,
            "springplot: error: --times-file 'missing.txt': No such file or directory", "unreadable-file", "times-file"),
        Refusal(
            "springplot", ["data", "--times-file", "dir"], 64, "springplot: error: --times-file 'dir': Is a directory",
            "unreadable-file", "times-file"),
        Refusal(
            "springplot", ["data", "--times-file", "times-bad.txt"], 64,
            "springplot: error: --times-file 'times-bad.txt' line 2: 'abc' is not a number", "not-a-number",
            "times-file"),
        Refusal(
            "springplot", ["data", "--times-file", "times-neg.txt"], 64,
            "springplot: error: --times-file 'times-neg.txt' line 2: times must lie between 0 and 1000000 s (got -1)",
            "out-of-range", "times-file"),
        Refusal(
            "springplot", ["data", "--platform", "swiftui", "--frame-times", "frames-dec.txt"], 64,
            "springplot: error: --frame-times must increase strictly (frames-dec.txt)", "malformed", "frame-times"),
        Refusal(
            "springplot", ["data", "--sequence", "seq-bad.json"], 64,
            "springplot: error: --sequence seq-bad.json: not valid JSON (or a number too large for a double)",
            "malformed", "sequence"),
        Refusal(
            "springplot", ["export", "--target", "nope"], 64,
            "springplot: error: The value 'nope' is invalid for '--target <name[,name…]>': no target 'nope' (choose from swiftui, uikit, core-animation, wave, compose, android, flutter, framer-physics, framer-duration, framer-visual-duration, react-spring, reanimated, origami, figma, libadwaita, qt-quick, react-native, svelte, animejs, css, token, lottie)",
            "unknown-name", "target"),
        Refusal(
            "springplot", ["export", "--target", "css", "--all"], 64,
            "springplot: error: --target and --all cannot be combined", "conflicting-parameters", "target"),
        Refusal(
            "springplot", ["export", "--fps", "1,2,3,4,5,6,7,8,9"], 64,
            "springplot: error: --fps takes at most 8 rates", "value-count", "fps"),
        Refusal(
            "springplot", ["export", "--response", "1e9"], 64,
            "springplot: error: --response must be between 6.28e-6 s and 6.28e6 s, a natural frequency of 1e-6 to 1e6 rad/s (got 1000000000)",
            "out-of-range", "response"),
        Refusal(
            "springplot", ["export", "--target", "css", "--to", "0"], 64,
            "springplot: error: --to must differ from --from for CSS, Lottie and --preview (no travel to ease)",
            "not-exportable", "to"),
        Refusal(
            "springplot", ["export", "--target", "lottie"], 64,
            "springplot: error: --target lottie writes an animation file: give -o FILE.json (or -o - for standard output)",
            "missing-parameter", "output"),
        Refusal(
            "springplot", ["export", "--sequence", "seq.json", "--target", "android"], 64,
            "springplot: error: --target android has no spring keyframes: with --sequence choose from swiftui, framer-physics, framer-duration, framer-visual-duration, css",
            "not-exportable", "target"),
        Refusal(
            "springplot", ["export", "--sequence", "seq2.json", "--error", "1000"], 64,
            "springplot: error: --error must be smaller than the sequence's travel |final to − from| = 300 (got 1000.0)",
            "out-of-range", "error"),
        Refusal(
            "springplot", ["export", "--sequence", "seq-far.json"], 64,
            "springplot: error: --sequence seq-far.json: keyframe 1: the spring's response is 1e+09 s; springs have a response between 6.28e-6 s and 6.28e6 s (a natural frequency of 1e-6 to 1e6 rad/s)",
            "malformed", "sequence"),
        Refusal(
            "springplot", ["export", "--sequence", "seq-undamped.json", "--target", "css"], 64,
            "springplot: error: --sequence seq-undamped.json: the spring never settles (damping ratio 0), so no duration ends it",
            "not-exportable", "sequence"),
        Refusal(
            "springplot", ["export", "--target", "lottie", "-o", "-", "--to", "1e7", "--error", "100"], 64,
            "springplot: error: Lottie: the element's path spans 10459879 px, wider than the 16384 px a Lottie composition takes here (choose a shorter --from/--to)",
            "not-exportable", nil),
        Refusal(
            "springplot", ["fit", "missing.csv"], 64, "springplot: error: fit 'missing.csv': No such file or directory",
            "unreadable-file", "file.csv"),
        Refusal(
            "springplot", ["fit", "dir"], 64, "springplot: error: fit 'dir' is a directory", "unreadable-file",
            "file.csv"),
        Refusal(
            "springplot", ["fit", "empty.csv"], 64,
            "springplot: error: fit 'empty.csv' is empty: expected a header 't,position[,velocity]'", "malformed",
            "file.csv"),
        Refusal(
            "springplot", ["fit", "nan.csv"], 64,
            "springplot: error: fit 'nan.csv' line 2: position is NaN ('nan'); every value must be a finite number",
            "not-a-number", "file.csv"),
        Refusal(
            "springplot", ["fit", "ramp.csv"], 64,
            "springplot: error: fit 'ramp.csv': no spring explains this data better than a straight line (line RMS 1.51e-14, best spring RMS 1.42e-05): a linear ramp, or too short a piece of the motion",
            "unfittable", "file.csv"),
        Refusal(
            "springplot", ["fit", "few.csv"], 64,
            "springplot: error: fit 'few.csv': a fit needs at least 8 samples (got 3)", "unfittable", "file.csv"),
        Refusal(
            "springplot", ["fit", "x.csv", "--target", "css", "--all-targets"], 64,
            "springplot: error: --target and --all-targets cannot be combined", "conflicting-parameters", "target"),
        Refusal(
            "springplot", ["verify", "x.csv", "--max-error", "1", "--tolerance", "1"], 64,
            "springplot: error: --tolerance is the old spelling of --max-error: give --max-error alone",
            "conflicting-parameters", "tolerance"),
        Refusal(
            "springplot", ["verify", "bad.csv"], 64,
            "springplot: error: verify 'bad.csv' line 2: position 'abc' is not a number", "not-a-number", "file.csv"),
        Refusal(
            "springplot", ["track", "x.mp4", "--roi", "1,2,3"], 64,
            "springplot: error: --roi must be four whole numbers x,y,w,h (got '1,2,3')", "malformed", "roi"),
        Refusal(
            "springplot", ["track", "x.mp4", "--start", "2", "--end", "1"], 64,
            "springplot: error: --end (1.0) must be later than --start (2.0)", "out-of-range", "end"),
        Refusal(
            "springplot", ["track", "missing.mp4"], 64,
            "springplot: error: track 'missing.mp4': 'missing.mp4' does not exist", "unreadable-file", "video"),
        Refusal(
            "springplot", ["track", "dir"], 64, "springplot: error: track 'dir': the folder 'dir' holds no .png frames",
            "unreadable-file", "video"),
        Refusal(
            "springplot", ["animate", "--at", "0.1", "--sequence", "seq.json"], 64,
            "springplot: error: --at/--new-target and --sequence are different clips: give one of them",
            "conflicting-parameters", "sequence"),
        Refusal(
            "springplot", ["animate", "--loop", "2", "-o", "x.webm"], 64,
            "springplot: error: --loop is for GIF and animated PNG: a WEBM file leaves looping to its player",
            "conflicting-parameters", "loop"),
        Refusal(
            "springplot", ["animate", "--height", "10"], 64,
            "springplot: error: --height must be at least 86 for 1 lane (got 10)", "out-of-range", "height"),
        Refusal(
            "springplot", ["animate", "--response", "1e5"], 64,
            "springplot: error: the motion takes 165718 s to rest, more than a clip's 60 s: give --duration",
            "over-limit", "duration"),
        Refusal(
            "springplot", ["animate", "--scale", "4", "--width", "4000"], 64,
            "springplot: error: --width × --scale and the height × --scale must each be at most 4096 px", "over-limit",
            "scale"),
        Refusal(
            "springplot", ["chase", "--target-velocity", "1e101"], 64,
            "springplot: error: --target-velocity must lie between -1e100 and 1e100 (got 1e+101)", "out-of-range",
            "target-velocity"),
        Refusal(
            "springplot", ["chase", "--target-velocity", "1", "--response", "0"], 64,
            "springplot: error: --response must be > 0 to chase: a response-0 spring is the target itself",
            "instantaneous-spring", "response"),
        Refusal(
            "springplot", ["chase", "--target-velocity", "1", "--time-span", "1000000", "--fps", "1000"], 64,
            "springplot: error: --time-span: 1000000 s at 1000 Hz is 1e+09 frames, more than 100000: give a --time-span of at most 100 s or lower --fps",
            "over-limit", "time-span"),
        Refusal(
            "springplot", ["chase", "--target-velocity", "1", "--response", "1e5", "--fps", "1000"], 64,
            "springplot: error: the chase needs a span of 150000 s to settle: 150000 s at 1000 Hz is 150000000 frames, more than 100000: give a --time-span of at most 100 s or lower --fps",
            "over-limit", "time-span"),
        Refusal(
            "springplot", ["sequence", "missing.json"], 64,
            "springplot: error: sequence file missing.json: No such file or directory", "unreadable-file", "file"),
        Refusal(
            "springplot", ["sequence", "seq-bad.json"], 64,
            "springplot: error: sequence file seq-bad.json: not valid JSON (or a number too large for a double)",
            "malformed", "file"),
        Refusal(
            "springplot", ["grid", "--damping", "1:2"], 64,
            "springplot: error: --damping '1:2' is not start:end:count (for example 0.2:1.2:6) or a comma list",
            "malformed", "damping"),
        Refusal(
            "springplot", ["grid", "--presets", "x", "--damping", "0.1:0.5:3"], 64,
            "springplot: error: --damping cannot be combined with --presets: give ranges or presets",
            "conflicting-parameters", "damping"),
        Refusal(
            "springplot", ["integrators", "--rates", "1,2,3,4,5,6"], 64,
            "springplot: error: --rates takes at most 5 values", "value-count", "rates"),
        Refusal(
            "springplot", ["retarget", "--at", "5", "--time-span", "1"], 64,
            "springplot: error: --at (5.0 s) must lie within --time-span (1.0 s)", "out-of-range", "at"),
        Refusal(
            "springplot", ["help", "nope"], 64,
            "springplot: error: no subcommand 'nope' to describe: see 'springplot --help'", "unknown-name", nil),
        Refusal(
            "springplot", ["--nope"], 64, "springplot: error: Unknown option '--nope'. Did you mean '--to'?",
            "unknown-parameter", "nope"),
        Refusal("springplot", ["-x"], 64, "springplot: error: Unknown option '-x'", "unknown-parameter", "x"),
        Refusal(
            "springplot", ["extra"], 64, "springplot: error: Unexpected argument 'extra'", "unknown-parameter", nil),
        Refusal(
            "springplot", ["--damping"], 64, "springplot: error: Missing value for '--damping <ratio[,ratio…]>'",
            "missing-parameter", "damping"),
        Refusal(
            "springplot", ["--damping", "abc"], 64,
            "springplot: error: The value 'abc' is invalid for '--damping <ratio[,ratio…]>'", "not-a-number", "damping"),
        Refusal(
            "springplot", ["--theme", "sepia"], 64,
            "springplot: error: The value 'sepia' is invalid for '--theme <theme>'. Please provide one of 'light' and 'dark'.",
            "unknown-name", "theme"),
        Refusal(
            "springplot", ["data", "--samples", "1.5"], 64,
            "springplot: error: The value '1.5' is invalid for '--samples <n>'", "malformed", "samples"),
        Refusal(
            "springplot", ["data", "--json=1"], 64,
            "springplot: error: The option '--json' does not take any value, but '1' was specified.", "malformed",
            "json"),
        Refusal(
            "springplot", ["fit"], 64, "springplot: error: Missing expected argument '<file.csv>'", "missing-parameter",
            "file.csv"),
        Refusal(
            "springplot", ["data", "--platform", "amiga"], 64,
            "springplot: error: The value 'amiga' is invalid for '--platform <name>'. Please provide one of the following: swiftui, uikit, core-animation, wave, compose, android, flutter, framer-physics, framer-duration, framer-visual-duration, react-spring, reanimated, origami, rebound-java, figma, libadwaita, qt-quick, react-native, svelte, animejs, animejs-easing",
            "unknown-name", "platform"),
        Refusal(
            "springplot", ["-o", "/nonexistent/x.png"], 1,
            "springplot: error: --output: directory '/nonexistent' does not exist", "output-failed", "output"),
        Refusal(
            "springplot", ["data", "-o", "/nonexistent/x.csv"], 1,
            "springplot: error: --output: directory '/nonexistent' does not exist", "output-failed", "output"),
        Refusal(
            "spring-studio", ["--port", "70000"], 64, "spring-studio: error: --port must be in 0…65535 (got 70000)",
            nil, nil),
        Refusal(
            "spring-studio", ["--request-timeout", "nan"], 64,
            "spring-studio: error: --request-timeout must be between 0.1 and 3600 seconds (got nan)", nil, nil),
        Refusal(
            "spring-studio", ["--max-connections", "0"], 64,
            "spring-studio: error: --max-connections must be in 1…100000 (got 0)", nil, nil),
        Refusal(
            "spring-studio", ["--host", "a b"], 64, "spring-studio: error: --host must be an address (got 'a b')", nil,
            nil),
        Refusal(
            "spring-studio", ["--nope"], 64, "spring-studio: error: Unknown option '--nope'. Did you mean '--port'?",
            nil, nil),
        Refusal(
            "spring-studio", ["--port", "abc"], 64,
            "spring-studio: error: The value 'abc' is invalid for '--port <port>'", nil, nil)
    ]

    /// The files the refusals read (x.csv, x.mp4, missing.* and t.txt do not exist).
    static let files: [String: String] = [
        "seq.json":
            #"{"from": 0, "keyframes": [{"to": 300, "spring": {"dampingRatio": 0.5, "response": 0.5}}, {"to": 0, "at": 0.35, "spring": {"dampingRatio": 0.9, "response": 0.4}}]}"#,
        "seq2.json": #"{"from": 0, "keyframes": [{"to": 300, "spring": {"dampingRatio": 0.5, "response": 0.5}}]}"#,
        "seq-far.json": #"{"from": 0, "keyframes": [{"to": 300, "spring": {"dampingRatio": 0.5, "response": 1e9}}]}"#,
        "seq-undamped.json":
            #"{"from": 0, "keyframes": [{"to": 300, "spring": {"dampingRatio": 0, "response": 0.5}}]}"#,
        "seq-bad.json": "{not json",
        "empty.csv": "",
        "bad.csv": "t,position\n0,abc\n",
        "nan.csv": "t,position\n0,nan\n0.1,1\n",
        "few.csv": "t,position\n0,0\n0.1,1\n0.2,2\n",
        "ramp.csv": "t,position\n" + (0...20).map { "\(rampTimes[$0]),\($0 * 5)\n" }.joined(),
        "times-bad.txt": "0\nabc\n",
        "times-neg.txt": "0\n-1\n",
        "frames-dec.txt": "0\n0.2\n0.1\n"
    ]
    static let rampTimes = [
        "0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "0.35", "0.4", "0.45", "0.5", "0.55", "0.6", "0.65", "0.7",
        "0.75", "0.8", "0.85", "0.9", "0.95", "1"
    ]

    /// A fresh folder holding ``files`` and an empty folder `dir`.
    static func folder() throws -> URL {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("dir"), withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    @Test("Each refusal prints the line and exits with the status it did, and nothing on standard output")
    func printed() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        for refusal in Self.refusals {
            let run = try runBinary(refusal.binary, refusal.arguments, in: directory)
            #expect(run.status == refusal.status, "\(refusal)")
            #expect(run.standardError == refusal.line + "\n", "\(refusal)")
            #expect(run.standardOutput.isEmpty, "\(refusal): \(run.output)")
        }
    }

    @Test("Each springplot refusal carries its code and parameter, and the line is rendered from it")
    func coded() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        for refusal in Self.refusals where refusal.binary == "springplot" && refusal.arguments.first != "help" {
            // In this process, with the files' paths made absolute (the code does not depend on them).
            let arguments = refusal.arguments.map { word in
                FileManager.default.fileExists(atPath: directory.appendingPathComponent(word).path)
                    ? directory.appendingPathComponent(word).path : word
            }
            var thrown: (any Error)?
            do {
                var command = try SpringPlot.parseAsRoot(arguments)
                try command.run()
            } catch {
                thrown = error
            }
            let error = try #require(thrown, "\(refusal) was accepted")
            let (found, status) = try #require(Main.refusal(for: error), "\(refusal)")
            #expect(found.code.rawValue == refusal.code, "\(refusal)")
            #expect(found.parameter == refusal.parameter, "\(refusal)")
            #expect(status == refusal.status, "\(refusal)")
            if arguments == refusal.arguments {
                #expect("springplot: error: " + oneLineMessage(found.message) == refusal.line, "\(refusal)")
            }
        }
    }

    @Test("With --json, a refusal is also one ErrorReply line on standard output, and nothing else")
    func json() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        var checked = 0
        for refusal in Self.refusals {
            guard let arguments = refusal.withJSON else { continue }
            let run = try runBinary("springplot", arguments, in: directory)
            #expect(run.status == refusal.status, "\(arguments)")
            #expect(run.standardError == refusal.line + "\n", "\(arguments)")
            let reply = try Self.reply(run, arguments)
            #expect(reply["error"] as? String == String(refusal.line.dropFirst("springplot: error: ".count)))
            #expect(reply["code"] as? String == refusal.code, "\(arguments)")
            #expect(reply["parameter"] as? String == refusal.parameter, "\(arguments)")
            #expect(Set(reply.keys) == Set(["error", "code"] + (refusal.parameter == nil ? [] : ["parameter"])))
            checked += 1
        }
        #expect(checked >= 30)
    }

    /// Standard output as the one JSON object it must be, on one line.
    static func reply(_ run: Run, _ arguments: [String]) throws -> [String: Any] {
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 2 && lines[1].isEmpty, "\(arguments): \(run.output)")
        let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8))
        return try #require(object as? [String: Any], "\(arguments): \(run.output)")
    }

    @Test(
        "--json's reply for lines the table has no --json variant of: a curve line, help, a failure, ArgumentParser's refusal",
        arguments: [
            (["--json"], "Unknown option '--json'. Did you mean '--from'?", "unknown-parameter", "json", 64),
            (
                ["help", "nope", "--json"], "no subcommand 'nope' to describe: see 'springplot --help'", "unknown-name",
                nil, 64
            ),
            (
                ["data", "--json", "-o", "/nonexistent/x.json"], "--output: directory '/nonexistent' does not exist",
                "output-failed", "output", 1
            ),
            (
                ["data", "--json", "--samples", "x"], "The value 'x' is invalid for '--samples <n>'", "not-a-number",
                "samples", 64
            ),
            (["fit", "--json"], "Missing expected argument '<file.csv>'", "missing-parameter", "file.csv", 64),
            (
                ["export", "--json", "--target", "lottie", "-o", "x.json", "--to", "1e7", "--error", "100"],
                "Lottie: the element's path spans 10459879 px, wider than the 16384 px a Lottie composition takes here (choose a shorter --from/--to)",
                "not-exportable", nil, 64
            )
        ] as [([String], String, String, String?, Int32)])
    func jsonReplies(arguments: [String], line: String, code: String, parameter: String?, status: Int32) throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runBinary("springplot", arguments, in: directory)
        #expect(run.status == status)
        #expect(run.standardError == "springplot: error: \(line)\n")
        let reply = try Self.reply(run, arguments)
        #expect(reply["error"] as? String == line)
        #expect(reply["code"] as? String == code)
        #expect(reply["parameter"] as? String == parameter)
        // No file is left behind: the refusal comes before any output.
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(left) == Set(Self.files.keys).union(["dir"]), "\(left)")
    }

    @Test("A --json after -- is an argument, not a request for JSON")
    func jsonAfterDashes() throws {
        let run = try runBinary("springplot", ["info", "--", "--json"], in: nil)
        #expect(run.status == 64)
        #expect(run.standardError == "springplot: error: Unexpected argument '--json'\n")
        #expect(run.standardOutput.isEmpty)
    }

    @Test("Every code written is a refusal code or a documented failure code")
    func codesKnown() throws {
        let known = Set(SpringInputError.Code.all.map(\.rawValue))
        let failures = CommandLineRefusal.failureCodes.map(\.rawValue)
        #expect(Set(failures).isDisjoint(with: known))
        for refusal in Self.refusals {
            guard let code = refusal.code else { continue }
            #expect(known.contains(code) || failures.contains(code), "\(refusal): \(code)")
        }
        let page = try String(contentsOf: packageRoot().appendingPathComponent("docs/limits.md"), encoding: .utf8)
        for code in failures { #expect(page.contains("- `\(code)`: "), "docs/limits.md does not list \(code)") }
    }

    @Test("No ValidationError is made in Sources: every refusal has a code")
    func noValidationError() throws {
        let sources = packageRoot().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var swiftFiles = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            swiftFiles += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(!text.contains("ValidationError("), "\(url.path) makes a ValidationError")
        }
        #expect(swiftFiles > 100)
    }

    /// ArgumentParser wraps a refusal thrown from validate() in its internal types: this fails when a
    /// new version wraps it differently, before the binaries would report it with status 1.
    @Test(
        "A refusal from validate() is found inside ArgumentParser's wrapper",
        arguments: [
            (["--time-span", "0"], "out-of-range", "time-span"),  // an option group's validate()
            (["data", "--samples", "1"], "out-of-range", "samples"),  // a command's validate()
            (["chase", "--target-velocity", "1", "--response", "0"], "instantaneous-spring", "response")
        ])
    func unwrapped(arguments: [String], code: String, parameter: String) throws {
        let error = try #require(throws: (any Error).self) { try SpringPlot.parseAsRoot(arguments) }
        #expect(!(error is CommandLineRefusal), "ArgumentParser no longer wraps: simplify Main")
        let refusal = try #require(CommandLineRefusal.thrown(by: error))
        #expect(refusal.code.rawValue == code)
        #expect(refusal.parameter == parameter)
        #expect(SpringPlot.exitCode(for: error).rawValue == 1, "ArgumentParser would give status 1 to the refusal")
    }

    @Test("A value an option's reader refuses keeps the reader's code inside ArgumentParser's message")
    func readerCode() throws {
        let error = try #require(throws: (any Error).self) {
            try SpringPlot.parseAsRoot(["export", "--target", "nope"])
        }
        #expect(CommandLineRefusal.thrown(by: error) == nil)
        let line = oneLineMessage(SpringPlot.message(for: error))
        let refusal = CommandLineRefusal.parseError(error, line: line)
        #expect(refusal.code == .unknownName)
        #expect(refusal.parameter == "target")
        #expect(
            refusal.message.hasPrefix("The value 'nope' is invalid for '--target <name[,name…]>': no target 'nope'"))
    }

    @Test("The initialisers render the sentence from the parts")
    func rendered() {
        let ranged = CommandLineRefusal(.outOfRange, option: "--time-span", "must be > 0 (got 0.0)")
        #expect(ranged.description == "--time-span must be > 0 (got 0.0)")
        #expect(ranged.parameter == "time-span")
        let spring = CommandLineRefusal(SpringInputError(.missingParameter, "stiffness", "needs {damping-coefficient}"))
        #expect(
            spring
                == CommandLineRefusal(
                    .missingParameter, parameter: "stiffness", sentence: "--stiffness needs --damping-coefficient"))
        #expect(CommandLineRefusal(.malformed, parameter: nil, sentence: "x").parameter == nil)
    }
}

/// The package's root folder.
private func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Runs the built `name` (springplot or spring-studio, found beside the tests) with `arguments`.
private func runBinary(_ name: String, _ arguments: [String], in directory: URL?) throws -> Run {
    if name == "springplot" { return try springplot(arguments, in: directory) }
    let springplotBinary = try #require(springplotExecutable(), "springplot executable not found beside the tests")
    let binary = springplotBinary.deletingLastPathComponent().appendingPathComponent(name)
    return try runProcess(binary, arguments, in: directory)
}
