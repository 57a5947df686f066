// swift-tools-version:6.2
import PackageDescription
import Foundation

// CI (and anyone who sets SPRINGKIT_STRICT) builds our own targets with warnings as errors.
// Dependencies are not affected.
let environment = ProcessInfo.processInfo.environment
let strict = environment["CI"] != nil || environment["SPRINGKIT_STRICT"] != nil
let settings: [SwiftSetting] = strict ? [.treatAllWarnings(as: .error)] : []

let package = Package(
    name: "SpringKit",
    products: [
        .library(name: "SpringMath", targets: ["SpringMath"]),
        .library(name: "WaveRuntime", targets: ["WaveRuntime"]),
        .library(name: "SpringCharts", targets: ["SpringCharts"]),
        .library(name: "SpringExport", targets: ["SpringExport"]),
        .executable(name: "springplot", targets: ["springplot"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Libraries
        .target(name: "SpringMath", swiftSettings: settings),
        .target(name: "WaveRuntime", dependencies: ["SpringMath"], swiftSettings: settings),
        .target(name: "SpringExport", dependencies: ["SpringMath"], swiftSettings: settings),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .target(name: "SpringCharts", dependencies: ["CCairo"], swiftSettings: settings),

        // The command-line tool
        .executableTarget(
            name: "springplot",
            dependencies: [
                "SpringMath", "WaveRuntime", "SpringCharts", "SpringExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings
        ),

        // Examples and benchmarks
        .executableTarget(
            name: "spring-tour",
            dependencies: ["SpringMath"],
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
            name: "spring-benchmarks",
            dependencies: ["SpringMath"],
            path: "Benchmarks/spring-benchmarks",
            swiftSettings: settings
        ),

        .executableTarget(
            name: "export-benchmarks",
            dependencies: ["SpringMath", "SpringExport"],
            path: "Benchmarks/export-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "analysis-benchmarks",
            dependencies: ["SpringMath"],
            path: "Benchmarks/analysis-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "wave-benchmarks",
            dependencies: ["SpringMath", "WaveRuntime"],
            path: "Benchmarks/wave-benchmarks",
            swiftSettings: settings
        ),

        // Tests
        .testTarget(
            name: "SpringMathTests",
            dependencies: ["SpringMath"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(name: "WaveRuntimeTests", dependencies: ["WaveRuntime"], swiftSettings: settings),
        .testTarget(name: "SpringChartsTests", dependencies: ["SpringCharts"], swiftSettings: settings),
        .testTarget(
            name: "SpringExportTests",
            dependencies: ["SpringExport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "springplotTests",
            dependencies: ["springplot"],
            swiftSettings: settings
        ),
    ],
    swiftLanguageModes: [.v6]
)
