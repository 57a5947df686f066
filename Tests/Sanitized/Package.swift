// swift-tools-version:6.2
import PackageDescription

// SpringMath's, SpringFitting's, WaveRuntime's and SpringCharts' own tests, run under AddressSanitizer and
// ThreadSanitizer by scripts/test-sanitizers.sh. A package of its own so that a sanitized build
// compiles only those libraries (SpringKit with its `Tools` trait off: no server, no command lines),
// not the whole package. The folders are links to the tests in ../ and to the repository (SpringKit).
let springKit = "SpringKit"

let package = Package(
    name: "SpringKitSanitized",
    dependencies: [.package(path: springKit, traits: [])],
    targets: [
        .target(name: "SpringTestSupport", path: "Support"),
        .testTarget(
            name: "SpringMathTests",
            dependencies: [
                .product(name: "SpringMath", package: springKit), .product(name: "SpringPlatforms", package: springKit),
                .product(name: "SpringChoreography", package: springKit), "SpringTestSupport"
            ],
            path: "SpringMathTests", exclude: ["Fixtures"]),
        .testTarget(
            name: "SpringFittingTests",
            dependencies: [
                .product(name: "SpringFitting", package: springKit), .product(name: "SpringMath", package: springKit),
                .product(name: "SpringFormatting", package: springKit), "SpringTestSupport"
            ],
            path: "SpringFittingTests", exclude: ["Fixtures"]),
        .testTarget(
            name: "WaveRuntimeTests",
            dependencies: [
                .product(name: "WaveRuntime", package: springKit), .product(name: "SpringMath", package: springKit),
                .product(name: "SpringChoreography", package: springKit),
                .product(name: "SpringPlatforms", package: springKit), "SpringTestSupport"
            ],
            path: "WaveRuntimeTests"),
        .testTarget(
            name: "SpringChartsTests",
            dependencies: [.product(name: "SpringCharts", package: springKit), "SpringTestSupport"],
            path: "SpringChartsTests")
    ]
)
