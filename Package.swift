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
    ],
    targets: [
        .target(name: "SpringMath", swiftSettings: settings),
        .executableTarget(
            name: "spring-benchmarks",
            dependencies: ["SpringMath"],
            path: "Benchmarks/spring-benchmarks",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "spring-tour",
            dependencies: ["SpringMath"],
            path: "Examples/spring-tour",
            swiftSettings: settings
        ),
        .testTarget(
            name: "SpringMathTests",
            dependencies: ["SpringMath"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
    ],
    swiftLanguageModes: [.v6]
)
