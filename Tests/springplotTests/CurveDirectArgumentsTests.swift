import ArgumentParser
import SpringTestSupport
import Testing
@testable import SpringPlotCommands

/// `CurvePlot(directArguments:)` reads the common curve lines without ArgumentParser. Whatever it
/// takes, ArgumentParser must read to the same plot; whatever ArgumentParser refuses, it must leave
/// to ArgumentParser (nil), so the error is worded as before.
@Suite("The curve command read directly")
struct CurveDirectArgumentsTests {
    /// The plot ArgumentParser reads from `line` (with every check it makes), or nil when it refuses
    /// the line or reads another command.
    func parsedPlot(_ line: [String]) -> CurvePlot? {
        guard let command = try? SpringPlot.parseAsRoot(line), let curve = command as? Curve, curve.platform == nil else {
            return nil
        }
        return try? curve.plot
    }

    @Test("Lines it takes read as ArgumentParser reads them", arguments: [
        ["--damping", "0.68", "--response", "0.8", "-o", "curve.png"],
        ["curve", "--damping", "0.68", "--response", "0.8", "-o", "curve.svg"],
        ["--damping=0.3,0.7,1", "--response", "0.5", "--output", "compare.pdf"],
        ["--stiffness", "200", "--damping-coefficient", "10", "--mass", "2", "-o", "k.png"],
        ["--swiftui-duration", "0.5", "--bounce", "0.2", "-o", "s.png"],
        ["--react-spring-tension", "170", "--friction", "26", "-o", "r.png"],
        ["--pop-bounciness", "10", "--pop-speed", "12", "-o", "p.png"],
        ["--from", "-40", "--to", "300", "--velocity", "-1200", "-o", "m.png"],
        ["--time-span", "2.5", "--tolerance", "0.001", "--width", "800", "--height", "600", "--scale", "2",
         "--theme", "dark", "--title", "-a title that starts with a dash", "-o", "t.png"],
        ["--format", "svg", "-o", "-"],
        ["--format", "pdf"],
        [],
    ])
    func taken(_ line: [String]) throws {
        let direct = try #require(CurvePlot(directArguments: line))
        let parsed = try #require(parsedPlot(line))
        #expect(direct == parsed)
    }

    @Test("The README's line is read directly (the speed-up is not lost to a silent fallback)")
    func readme() throws {
        let plot = try #require(CurvePlot(directArguments: ["--damping", "0.68", "--response", "0.8", "-o", "curve.png"]))
        #expect(try plot.canvas.destination(defaultName: "x") == .file(path: "curve.png", format: .png, announce: false))
        #expect(plot.springs.count == 1 && plot.springs[0].spring.dampingRatio == 0.68)
    }

    @Test("Anything else is left to ArgumentParser", arguments: [
        ["--help"], ["-h"], ["--version"], ["help"], ["phase", "--damping", "0.5"],
        ["--platform", "react-spring", "--to", "100"], ["--fps", "120"], ["--epsilon", "0.01"],
        ["--from-code", ".spring(duration: 0.5, bounce: 0.2)"],
        ["--damping", "0.5", "--damping", "0.6"], ["-o", "a.png", "--output", "b.png"],
        ["--damping"], ["--damping", ""], ["--damping", "abc"], ["--mass", "1,2"], ["--theme", "blue"], ["--format", "gif"],
        ["--damping", "-1"], ["--width", "10"], ["-o", "curve.txt"], ["--tolerance", "2"], ["--time-span", "0"],
        ["--stiffness", "100"], ["--damping", "0.5", "--stiffness", "100", "--damping-coefficient", "3"],
        ["-o", "--damping"], ["-o=curve.png"], ["-ocurve.png"], ["--", "x"], ["x.png"], ["--Damping", "0.5"],
    ])
    func declined(_ line: [String]) {
        #expect(CurvePlot(directArguments: line) == nil)
    }

    /// Random lines from a pool of options with good and bad values, in both spellings: wherever
    /// the direct reader reads one, ArgumentParser reads the same plot; wherever ArgumentParser
    /// refuses one, the direct reader declines it.
    @Test("Random lines: the two readers agree", arguments: [20_261_127 as UInt64])
    func randomLines(seed: UInt64) {
        let pool: [(String, [String])] = [
            ("damping", ["0.68", "0.3,0.7", "0", "-1", "x", "1e400"]), ("response", ["0.8", "0", "0.05", "nan"]),
            ("mass", ["2", "0", "1,2"]), ("stiffness", ["200"]), ("damping-coefficient", ["10", "-3"]),
            ("swiftui-duration", ["0.5"]), ("bounce", ["0.3", "1.5"]), ("from", ["-40", "5"]), ("to", ["300", "0", "inf"]),
            ("velocity", ["-1200", "7"]), ("time-span", ["2", "0", "2e6"]), ("tolerance", ["0.001", "1.5", "1e-12"]),
            ("width", ["800", "10", "12000"]), ("height", ["600"]), ("scale", ["2", "9", "0.5"]), ("theme", ["dark", "blue"]),
            ("format", ["svg", "gif", "png"]), ("output", ["c.png", "c.txt", "-", "noext"]), ("title", ["Hi", "-dash"]),
            ("platform", ["react-spring"]), ("fps", ["120"]),
        ]
        var random = SeededGenerator(seed: seed)
        var readDirectly = 0
        for _ in 0..<120 {
            var line: [String] = random.next() % 4 == 0 ? ["curve"] : []
            var names = Set<String>()
            for _ in 0..<Int(random.next() % 5) {
                let (name, values) = pool[Int(random.next() % UInt64(pool.count))]
                guard names.insert(name).inserted else { continue }
                let value = values[Int(random.next() % UInt64(values.count))]
                let spelled = name == "output" && random.next() % 2 == 0 ? "-o" : "--" + name
                if spelled != "-o" && random.next() % 3 == 0 { line.append("\(spelled)=\(value)") } else { line += [spelled, value] }
            }
            let direct = CurvePlot(directArguments: line)
            if let direct {
                readDirectly += 1
                #expect(direct == parsedPlot(line), "line \(line) (seed \(seed))")
            } else if parsedPlot(line) == nil {
                continue  // refused by both, worded by ArgumentParser
            }
        }
        // The property says something only if many lines are read directly.
        #expect(readDirectly > 15, "only \(readDirectly) of 120 lines read directly (seed \(seed))")
    }
}
