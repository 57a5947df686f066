import Foundation
// swift-tools-version:6.2
import PackageDescription

// CI (and anyone who sets SPRINGKIT_STRICT) builds our own targets with warnings as errors.
// Dependencies are not affected.
let environment = ProcessInfo.processInfo.environment
let strict = environment["CI"] != nil || environment["SPRINGKIT_STRICT"] != nil
let settings: [SwiftSetting] = strict ? [.treatAllWarnings(as: .error)] : []

// Whether a product needs the `Tools` trait's dependencies (ArgumentParser for the command lines,
// Hummingbird and SwiftNIO for the studio's server).
let tools: TargetDependencyCondition? = .when(traits: ["Tools"])
// Whether WaveGTK gets GTK 4 (the `GTK` trait).
let gtk: TargetDependencyCondition? = .when(traits: ["GTK"])

// A target's `Web` folder (the studio's page, spring.js), embedded in its code by SwiftPM as
// `PackageResources.<name>` byte arrays: no build plugin, so a package that depends on SpringKit
// compiles none (a plugin's tool would be built for every dependent, whatever products it uses).
func webFiles(of target: String) -> [Resource] {
    let folder = Context.packageDirectory + "/Sources/" + target + "/Web"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { .embedInCode("Web/" + $0) }
}

let package = Package(
    name: "SpringKit",
    products: [
        .library(name: "SpringMath", targets: ["SpringMath"]),
        .library(name: "WaveRuntime", targets: ["WaveRuntime"]),
        // Motions made of springs: keyframe sequences, and chases of a moving target.
        .library(name: "SpringChoreography", targets: ["SpringChoreography"]),
        // How SpringKit writes numbers: round-trip digits for data, significant digits for people.
        .library(name: "SpringFormatting", targets: ["SpringFormatting"]),
        // Fitting a spring to a recording and comparing a recording with a spring's exact motion.
        .library(name: "SpringFitting", targets: ["SpringFitting"]),
        .library(name: "SpringCharts", targets: ["SpringCharts"]),
        .library(name: "SpringPlatforms", targets: ["SpringPlatforms"]),
        .library(name: "SpringExport", targets: ["SpringExport"]),
        // What SpringExport's API takes and gives: the motion and the spring conventions people type,
        // and the JSON replies.
        .library(name: "SpringConventions", targets: ["SpringConventions"]),
        .library(name: "SpringWire", targets: ["SpringWire"]),
        .library(name: "WaveGTK", targets: ["WaveGTK"]),
        .executable(name: "pip-demo", targets: ["pip-demo"]),
        .executable(name: "springplot", targets: ["springplot"]),
        .executable(name: "spring-studio", targets: ["spring-studio"])
    ],
    // `Tools` (on by default) brings the executables' dependencies. A package that uses only the
    // libraries turns it off (`.package(url: …, from: …, traits: [])`) and then resolves swift-numerics
    // alone: no server, networking or crypto package (scripts/check-consumer.sh builds such a package).
    traits: [
        .trait(
            name: "Tools",
            description: "springplot's and spring-studio's dependencies: ArgumentParser, Hummingbird, SwiftNIO"),
        // WaveGTK's GTK 4 headers and libraries (pkg-config gtk4). Off, WaveGTK is an empty module and
        // SwiftPM never reads gtk4's flags (whose -pthread and -msse it would warn about in a dependent).
        .trait(name: "GTK", description: "WaveGTK: WaveRuntime on a GTK 4 window's frame clock (needs libgtk-4-dev)"),
        .default(enabledTraits: ["Tools", "GTK"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // RealModule: the elementary functions for SpringMath without Foundation (on Linux, the C library's).
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Already in the graph through Hummingbird; named for the studio's request-deadline handler.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // `swift package generate-documentation` (the DocC catalogs; CI builds them with warnings as errors).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // Libraries
        .target(
            name: "SpringMath", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: settings),
        // Sequences of targets and targets in motion, each solved exactly from SpringMath's spring.
        .target(name: "SpringChoreography", dependencies: ["SpringMath"], swiftSettings: settings),
        // Numbers as text, for data and for people (no dependencies: only the C library's printf).
        .target(name: "SpringFormatting", swiftSettings: settings),
        // Spring fitting (least squares with honest intervals) and recording comparison.
        .target(
            name: "SpringFitting",
            dependencies: ["SpringMath", "SpringFormatting", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: settings),
        .target(
            name: "WaveRuntime",
            dependencies: ["SpringMath", "SpringChoreography", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: settings),
        // One descriptor per platform (Platforms/): how it really steps a spring (models checked against
        // recordings), the code an export writes for it, and each tool's own spring convention
        // (Spring.ReactSpring, .Origami, .Android, …, Wave's effective spring).
        .target(
            name: "SpringPlatforms",
            dependencies: ["SpringMath", "SpringFormatting", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: settings),
        // The JSON wire format: the one writer and the reply types every JSON answer is made of
        // (code generation, springplot's --json and the studio's endpoints).
        .target(
            name: "SpringWire",
            dependencies: ["SpringMath", "SpringChoreography", "SpringFitting", "SpringFormatting"],
            swiftSettings: settings),
        // What a person types: a spring in any tool's convention, a motion, presets, pasted code.
        .target(
            name: "SpringConventions",
            dependencies: ["SpringMath", "SpringChoreography", "SpringPlatforms", "SpringFormatting"],
            swiftSettings: settings),
        // Code for each platform, with what each platform really displays.
        // Its Web folder holds spring.js, the closed form that web pages evaluate between frames: the
        // export's preview page inlines it and the studio serves it.
        .target(
            name: "SpringExport",
            dependencies: [
                "SpringMath", "SpringChoreography", "SpringPlatforms", "SpringConventions", "SpringWire",
                "SpringFitting",
                "SpringFormatting"
            ],
            resources: webFiles(of: "SpringExport"), swiftSettings: settings),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "libisal-dev"])]
        ),
        .target(name: "SpringCharts", dependencies: ["CCairo"], swiftSettings: settings),
        // WaveRuntime on a GTK 4 window's frame clock (its own product: users of SpringMath and
        // WaveRuntime alone never need GTK).
        .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(
            name: "WaveGTK", dependencies: [.target(name: "CGtk4", condition: gtk), "WaveRuntime"],
            swiftSettings: settings),

        // From a screen recording to tracked samples (ffmpeg as a subprocess) and a fitted spring.
        .target(
            name: "SpringTrack", dependencies: ["SpringMath", "SpringWire", "SpringFitting", "SpringFormatting"],
            swiftSettings: settings),

        // The figures springplot and the studio draw: curves, grids, platforms frame by frame.
        .target(
            name: "SpringFigures",
            dependencies: [
                "SpringMath", "SpringChoreography", "SpringCharts", "SpringConventions", "SpringPlatforms",
                "SpringFormatting"
            ],
            swiftSettings: settings
        ),

        // The studio: a local web page on a Hummingbird server (its own product, so springplot's
        // build does not pay for the server framework).
        // The studio's page is ordinary web files (Sources/SpringStudio/Web), embedded at build time.
        .target(
            name: "SpringStudio",
            dependencies: [
                "SpringConventions", "SpringFigures", "SpringWire", "SpringMath", "WaveRuntime", "SpringCharts",
                "SpringExport", "SpringPlatforms", "SpringTrack", "SpringFitting", "SpringFormatting",
                "SpringChoreography",
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: tools),
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: tools)
            ],
            resources: webFiles(of: "SpringStudio"),
            swiftSettings: settings
        ),
        .executableTarget(
            name: "spring-studio",
            dependencies: [
                "SpringStudio", "SpringConventions",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools)
            ],
            swiftSettings: settings
        ),

        // The command-line tool: its commands, and the executable that runs them.
        .target(
            name: "SpringPlotCommands",
            dependencies: [
                "SpringMath", "WaveRuntime", "SpringCharts", "SpringExport", "SpringPlatforms", "SpringConventions",
                "SpringFigures",
                "SpringWire", "SpringTrack", "SpringFitting", "SpringFormatting", "SpringChoreography",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools)
            ],
            swiftSettings: settings
        ),
        // The tests depend on SpringPlotCommands and run this binary from the build directory. Static
        // linking of the Swift runtime is the builder's choice (`--static-swift-stdlib`), not the
        // manifest's.
        .executableTarget(
            name: "springplot",
            dependencies: ["SpringPlotCommands"],
            swiftSettings: settings
        ),

        // Examples and benchmarks
        .executableTarget(
            name: "spring-tour",
            dependencies: ["SpringMath", "SpringPlatforms"],
            path: "Examples/spring-tour",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "wave-demo",
            dependencies: ["SpringMath", "WaveRuntime"],
            path: "Examples/wave-demo",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "pip-demo",
            dependencies: ["SpringMath", "WaveRuntime", "WaveGTK", .target(name: "CGtk4", condition: gtk)],
            path: "Examples/pip",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "field-grid",
            dependencies: ["SpringMath", "WaveRuntime"],
            path: "Examples/field-grid",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "spring-benchmarks",
            dependencies: ["SpringMath", "SpringPlatforms"],
            path: "Benchmarks/spring-benchmarks",
            swiftSettings: settings
        ),

        .executableTarget(
            name: "export-benchmarks",
            dependencies: ["SpringMath", "SpringExport", "SpringPlatforms"],
            path: "Benchmarks/export-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "studio-benchmarks",
            dependencies: ["SpringStudio"],
            path: "Benchmarks/studio-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "analysis-benchmarks",
            dependencies: ["SpringMath", "SpringFitting"],
            path: "Benchmarks/analysis-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "field-benchmarks",
            dependencies: ["SpringMath", "WaveRuntime"],
            path: "Benchmarks/field-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "track-benchmarks",
            dependencies: ["SpringMath", "SpringTrack", "SpringFitting"],
            path: "Benchmarks/track-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "wave-benchmarks",
            dependencies: ["SpringMath", "WaveRuntime"],
            path: "Benchmarks/wave-benchmarks",
            swiftSettings: settings
        ),

        // Fuzzing: the targets (each an untrusted-input path), and one executable that is either
        // libFuzzer's entry point (scripts/fuzz.sh builds it with -sanitize=fuzzer) or a replay tool.
        .target(
            name: "SpringFuzzTargets",
            dependencies: [
                "SpringMath", "SpringPlatforms", "SpringExport", "SpringConventions", "SpringWire",
                "SpringChoreography", "SpringPlotCommands", "SpringStudio"
            ],
            path: "Fuzz/SpringFuzzTargets",
            swiftSettings: settings
        ),
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "springkit-fuzz",
            dependencies: ["SpringFuzzTargets", "CLibFuzzer"],
            path: "Fuzz/springkit-fuzz",
            swiftSettings: settings
        ),

        // Tests
        .target(name: "SpringTestSupport", path: "Tests/Support", swiftSettings: settings),
        .testTarget(
            name: "SpringMathTests",
            dependencies: ["SpringMath", "SpringChoreography", "SpringPlatforms", "SpringTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "SpringFittingTests",
            dependencies: ["SpringFitting", "SpringFormatting", "SpringMath", "SpringTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "SpringPlatformsTests",
            dependencies: ["SpringPlatforms", "SpringMath", "SpringExport", "SpringConventions", "SpringTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "WaveRuntimeTests",
            dependencies: ["WaveRuntime", "SpringChoreography", "SpringPlatforms", "SpringTestSupport"],
            swiftSettings: settings),
        .testTarget(
            name: "SpringChartsTests", dependencies: ["SpringCharts", "SpringTestSupport"], swiftSettings: settings),
        .testTarget(
            name: "SpringExportTests",
            dependencies: ["SpringExport", "SpringConventions", "SpringWire", "SpringPlatforms", "SpringTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "SpringStudioTests",
            dependencies: ["SpringStudio", "SpringTestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "SpringTrackTests",
            dependencies: ["SpringTrack", "SpringMath", "SpringTestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: ["SpringFuzzTargets"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "springplotTests",
            dependencies: ["SpringPlotCommands", "SpringTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        )
    ],
    swiftLanguageModes: [.v6]
)
