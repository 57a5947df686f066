import ArgumentParser
import SpringExport
import SpringMath
import SpringPlotCore

extension ExportTarget: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Copy-ready code for one spring on every platform, with what each platform cannot say.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy-ready code for the spring on SwiftUI, UIKit, Core Animation, Wave, Compose, Android, Flutter, the web, Figma and CSS.",
        discussion: """
            Prints each target's code with one-line warnings where the target cannot express the spring \
            (clamps, caps, ignored velocity, missing mass) and the spring it really runs. CSS gets a \
            linear() easing whose error against the exact motion is at most --error everywhere, with the \
            duration, point count, size and measured error, Web Animations keyframes and a cubic-bezier \
            fallback. --json carries every number at full precision.

            Targets: \(ExportTarget.allCases.map(\.rawValue).joined(separator: ", ")).

            Examples:
              springplot export --damping 0.68 --response 0.8
              springplot export --swiftui-duration 0.5 --bounce 0.3 --target css --to 300 --error 0.5
              springplot export --damping 0.5 --response 0.6 --velocity -800 --preview preview.html
            """)

    @OptionGroup(title: "Spring") var spring: OneSpringOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Start of the motion, in px or your units.", valueName: "value"))
    var from: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("End of the motion; the travel is to − from.", valueName: "value"))
    var to: Double = 100

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial velocity in units per second.", valueName: "units/s"))
    var velocity: Double = 0

    @Option(name: .customLong("error"), parsing: .unconditional,
            help: ArgumentHelp("The CSS easing's largest error, in the same units (0 < error < travel).", valueName: "units"))
    var cssError: Double = 0.5

    @Option(help: ArgumentHelp("Print one target only.", valueName: "name"))
    var target: ExportTarget?

    @Flag(help: "Print every target (the default when --target is not given).")
    var all = false

    @Flag(help: "Write JSON instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Also write a self-contained HTML page playing the exact motion beside the CSS easing.",
                               valueName: "file.html"))
    var preview: String?

    func validate() throws {
        if target != nil && all { throw ValidationError("--target and --all cannot be combined") }
        try MotionOptions.with(from: from, to: to, velocity: velocity).validate()
        try requireFinite(cssError, "--error")
        let travel = abs(to - from)
        if !(cssError > 0) { throw ValidationError("--error must be > 0 (got \(cssError))") }
        if travel > 0 && !(cssError < travel) {
            throw ValidationError("--error must be smaller than the travel |to − from| = \(shortest(travel)) (got \(cssError))")
        }
        if let preview, !preview.lowercased().hasSuffix(".html") && !preview.lowercased().hasSuffix(".htm") {
            throw ValidationError("--preview must name an .html file (got \(preview))")
        }
        let springs = try spring.springs()
        if springs[0].spring.isInstantaneous {
            throw ValidationError("--response must be > 0 to export: a response-0 spring is an instant jump")
        }
        let needsTravel = (target == .css || preview != nil)
        if needsTravel && to == from { throw ValidationError("--to must differ from --from for CSS and --preview (no travel to ease)") }
        if (needsTravel || target == nil || target == .token) && springs[0].spring.dampingRatio == 0 && to != from {
            throw ValidationError("--damping must be > 0 for CSS: an undamped spring never settles")
        }
    }

    func run() throws {
        let named = try spring.springs()[0]
        let request = ExportRequest(spring: named.spring, from: from, to: to, velocity: velocity, cssError: cssError)
        let targets = target.map { [$0] } ?? ExportTarget.allCases.filter { $0 != .css || to != from }
        let exports = try targets.map { try request.export($0) }
        if let preview {
            try OutputWriter.writeFile(Array(try PreviewPage.html(for: request).utf8), to: preview)
        }
        let text = json ? Export.json(named: named, request: request, exports: exports) + "\n"
            : Export.text(named: named, exports: exports)
        try OutputWriter.writeStandardOutput(Array(text.utf8))
    }

    static func text(named: NamedSpring, exports: [TargetExport]) -> String {
        var out = exports.count > 1 ? "Spring: \(named.name)\n" : ""
        for export in exports {
            if exports.count > 1 { out += "\n== \(export.target.title) (\(export.target.rawValue)) ==\n" }
            out += export.code + "\n"
            for warning in export.warnings { out += "  ! \(warning)\n" }
            if let effective = export.effectiveSpring {
                out += "  ! runs: ζ \(label(effective.dampingRatio, digits: 4)), response \(label(effective.response, digits: 4)) s"
                    + " (asked: ζ \(label(named.spring.dampingRatio, digits: 4)), response \(label(named.spring.response, digits: 4)) s)\n"
            }
        }
        return out
    }

    static func json(named: NamedSpring, request: ExportRequest, exports: [TargetExport]) -> String {
        func springValue(_ s: Spring) -> JSONValue {
            .object([("dampingRatio", .number(s.dampingRatio)), ("response", .number(s.response)), ("mass", .number(s.mass)),
                     ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping))])
        }
        let targets: [JSONValue] = exports.map { export in
            .object([
                ("target", .string(export.target.rawValue)),
                ("title", .string(export.target.title)),
                ("code", .string(export.code)),
                ("parameters", .object(export.parameters.map { ($0.name, .number($0.value)) })),
                ("warnings", .array(export.warnings.map { .string($0) })),
                ("effectiveSpring", export.effectiveSpring.map(springValue) ?? .null),
            ])
        }
        let value = JSONValue.object([
            ("spring", springValue(named.spring)),
            ("motion", .object([("from", .number(request.from)), ("to", .number(request.to)),
                                ("velocity", .number(request.velocity)), ("cssError", .number(request.cssError))])),
            ("targets", .array(targets)),
        ])
        return value.render()
    }
}
