import ArgumentParser
import SpringTestSupport
import Testing

@testable import SpringPlotCommands

/// `commonCurve(_:)` reads lines of the default command through ArgumentParser from `Curve` alone.
/// It must read every such line exactly as the root does, and leave every other line to the root
/// (nil), so the root words any error.
@Suite("The default command read from Curve")
struct CommonCurveTests {
    /// The plot the root reads from `line` (with every check it makes), or nil when it refuses the
    /// line or reads another command.
    func rootPlot(_ line: [String]) -> CurvePlot? {
        guard let command = try? SpringPlot.parseAsRoot(line), let curve = command as? Curve, curve.platform == nil
        else {
            return nil
        }
        return try? curve.plot
    }

    func commonPlot(_ line: [String]) -> CurvePlot? {
        guard let curve = commonCurve(line), curve.platform == nil else { return nil }
        return try? curve.plot
    }

    @Test(
        "Lines of the default command read as the root reads them",
        arguments: [
            ["--damping", "0.68", "--response", "0.8", "-o", "curve.png"],
            ["--damping=0.3,0.7,1", "--response", "0.5", "--output", "compare.pdf"],
            ["--stiffness", "200", "--damping-coefficient", "10", "--mass", "2", "-o", "k.png"],
            ["--swiftui-duration", "0.5", "--bounce", "0.2", "-o", "s.png"],
            ["--pop-bounciness", "10", "--pop-speed", "12", "-o", "p.png"],
            ["--from", "-40", "--to", "300", "--velocity", "-1200", "-o", "m.png"],
            [
                "--time-span", "2.5", "--tolerance", "0.001", "--width", "800", "--height", "600", "--scale", "2",
                "--theme", "dark", "--title", "-a title that starts with a dash", "-o", "t.png"
            ],
            ["--format", "svg", "-o", "-"],
            []
        ])
    func read(_ line: [String]) throws {
        let common = try #require(commonPlot(line))
        #expect(common == rootPlot(line))
    }

    @Test(
        "Help, versions, subcommands and refused lines go to the root",
        arguments: [
            ["--help"], ["-h"], ["--version"], ["help"], ["phase", "--damping", "0.5"], ["curve", "--damping", "0.5"],
            ["--generate-completion-script", "bash"], ["--damping"], ["--damping", "abc"], ["--theme", "blue"],
            ["--damping", "-1"], ["-o", "curve.txt"], ["--tolerance", "2"], ["--Damping", "0.5"]
        ])
    func leftToRoot(_ line: [String]) {
        #expect(commonCurve(line) == nil)
    }

    /// Random lines from a pool of options with good and bad values, in both spellings: the two
    /// readings agree on every line, and the common one reads every line the root reads as a curve.
    @Test("Random lines: both readings agree", arguments: [20_261_127 as UInt64])
    func randomLines(seed: UInt64) {
        let pool: [(String, [String])] = [
            ("damping", ["0.68", "0.3,0.7", "0", "-1", "x", "1e400"]), ("response", ["0.8", "0", "0.05", "nan"]),
            ("mass", ["2", "0", "1,2"]), ("stiffness", ["200"]), ("damping-coefficient", ["10", "-3"]),
            ("swiftui-duration", ["0.5"]), ("bounce", ["0.3", "1.5"]), ("from", ["-40", "5"]),
            ("to", ["300", "0", "inf"]),
            ("velocity", ["-1200", "7"]), ("time-span", ["2", "0", "2e6"]), ("tolerance", ["0.001", "1.5", "1e-12"]),
            ("width", ["800", "10", "12000"]), ("height", ["600"]), ("scale", ["2", "9", "0.5"]),
            ("theme", ["dark", "blue"]),
            ("format", ["svg", "gif", "png"]), ("output", ["c.png", "c.txt", "-", "noext"]), ("title", ["Hi", "-dash"])
        ]
        var random = SeededGenerator(seed: seed)
        var read = 0
        for _ in 0..<120 {
            var line: [String] = []
            var names = Set<String>()
            for _ in 0..<Int(random.next() % 5) {
                let (name, values) = pool[Int(random.next() % UInt64(pool.count))]
                guard names.insert(name).inserted else { continue }
                let value = values[Int(random.next() % UInt64(values.count))]
                let spelled = name == "output" && random.next() % 2 == 0 ? "-o" : "--" + name
                if spelled != "-o" && random.next() % 3 == 0 {
                    line.append("\(spelled)=\(value)")
                } else {
                    line += [spelled, value]
                }
            }
            let common = commonPlot(line), root = rootPlot(line)
            #expect(common == root, "line \(line) (seed \(seed))")
            if common != nil { read += 1 }
        }
        // The property says something only if many lines are read.
        #expect(read > 15, "only \(read) of 120 lines read (seed \(seed))")
    }
}
