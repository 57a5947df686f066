import SpringCharts
import SpringMath
import SpringPlotCore

/// The curve command read straight from the command line, without ArgumentParser, for the command
/// lines people type most.
///
/// ArgumentParser learns a command's options by reflecting over their property wrappers, which has
/// the Swift runtime look up generic types and protocol conformances by name the first time each is
/// used: about 10 of the 28 ms that `springplot --damping 0.68 --response 0.8 -o curve.png` took
/// as a whole process on the 2-core development machine, more than drawing the chart. Most command
/// lines are of one shape: options of the default command, each given once, that take a number, a
/// path or a name. This reader takes exactly those and steps aside (nil) for anything else: another
/// subcommand, `--help`, an option it does not know (`--platform`, `--from-code`, …), a value it
/// cannot read, an option given twice, a value that starts with `-` where ArgumentParser would read
/// an option, or values that fail any check the command makes. ArgumentParser then reads the line as
/// before and words any error itself. `CurveDirectArgumentsTests` checks that both readers give the
/// same ``CurvePlot`` for the lines this one takes.
extension CurvePlot {
    /// Options whose value is one number, besides the spring's (``SpringInput/names``).
    private static let numberOptions: Set<String> = ["from", "to", "velocity", "time-span", "tolerance", "width", "height", "scale"]

    init?(directArguments arguments: [String]) {
        guard let given = Self.options(in: arguments) else { return nil }
        var springValues: [String: [Double]] = [:]
        var numbers: [String: Double] = [:]
        for (name, text) in given {
            switch name {
            case "damping", "response":
                guard let list = DoubleList(argument: text) else { return nil }
                springValues[name] = list.values
            case _ where SpringInput.names.contains(name):
                guard let value = Double(text) else { return nil }
                springValues[name] = [value]
            case _ where Self.numberOptions.contains(name):
                guard let value = Double(text) else { return nil }
                numbers[name] = value
            case "output", "format", "theme":
                // ArgumentParser reads a value that looks like an option as one; "-" is standard output.
                guard !text.hasPrefix("-") || (name == "output" && text == "-") else { return nil }
            case "title":
                break
            default:
                return nil
            }
        }
        var format: OutputFormat?
        if let text = given["format"] {
            guard let named = OutputFormat(rawValue: text) else { return nil }
            format = named
        }
        var theme = ThemeName.light
        if let text = given["theme"] {
            guard let named = ThemeName(rawValue: text) else { return nil }
            theme = named
        }
        let canvas = CanvasSettings(output: given["output"], format: format,
                                    width: numbers["width"] ?? StandardChartSize.width,
                                    height: numbers["height"] ?? StandardChartSize.height,
                                    scale: numbers["scale"] ?? 1, theme: theme, title: given["title"])
        let span = ChartSpan(timeSpan: numbers["time-span"], givenTolerance: numbers["tolerance"], epsilon: nil)
        let motion = Motion(from: numbers["from"] ?? 0, to: numbers["to"] ?? 1, initialVelocity: numbers["velocity"] ?? 0)
        // Every check `Curve` and its option groups make; the first that fails sends the line to
        // ArgumentParser, which makes them again and says what is wrong.
        guard motion.problem == nil,
              let springs = try? SpringInput(values: springValues).springs(maximum: OverlaidSprings.maximum),
              (try? span.validate()) != nil, (try? canvas.validate()) != nil
        else { return nil }
        self.init(springs: springs, motion: motion, span: span, canvas: canvas)
    }

    /// The options of a line of the form `[curve] (--name value | --name=value | -o path)…`, by name
    /// without dashes; nil for any other form, an empty value or an option given twice.
    private static func options(in arguments: [String]) -> [String: String]? {
        var rest = arguments[...]
        if rest.first == "curve" { rest = rest.dropFirst() }
        var given: [String: String] = [:]
        while let token = rest.popFirst() {
            let name: String, value: String
            if token == "-o" {
                guard let next = rest.popFirst() else { return nil }
                (name, value) = ("output", next)
            } else if token.hasPrefix("--") {
                let body = token.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    (name, value) = (String(body[..<equals]), String(body[body.index(after: equals)...]))
                } else {
                    guard let next = rest.popFirst() else { return nil }
                    (name, value) = (String(body), next)
                }
            } else {
                return nil
            }
            guard !name.isEmpty, !value.isEmpty, given.updateValue(value, forKey: name) == nil else { return nil }
        }
        return given
    }
}
