import SpringMath
import Testing

@testable import SpringConventions
@testable import SpringPlatforms

/// The readers for pasted code that the descriptors own (`PlatformDescriptor.codeReaders`), in the
/// cascade `SpringCode` asks.
@Suite struct CodeReaderTests {
    @Test("Every reader has a precedence of its own, so the order of the cascade is stated, not incidental")
    func precedencesAreUnique() {
        let precedences = SpringCode.readers.map(\.precedence)
        #expect(Set(precedences).count == precedences.count)
        #expect(precedences == precedences.sorted())
        // The descriptors' readers are all in the cascade, beside SpringKit's own conventions.
        let owned = Platform.allCases.flatMap { $0.descriptor.codeReaders }.count
        #expect(owned > 0)
        #expect(SpringCode.readers.count == owned + SpringCode.conventionReaders.count)
    }

    /// What `export` writes for a platform, pasted back, is the exported spring: each platform's code
    /// is read (by its own reader or a shared convention) as the spring it runs.
    @Test(
        "Each platform's exported code, pasted back, reads as the spring the platform runs",
        arguments: Platform.allCases.filter { $0.sharesCodeWith == nil })
    func exportedCodeReadsBack(platform: Platform) throws {
        let spring = Spring(dampingRatio: 0.6, response: 0.4)
        let request = PlatformCodeRequest(spring: spring, motion: PlatformMotion(from: 0, to: 1, velocity: 0))
        let code = try #require(platform.code(for: request))
        // A platform's code may hold several spellings of the spring, one per line or block; each
        // whole snippet must read as the spring the platform really runs.
        let pasted = try SpringCode(code.code)
        let runs = code.effectiveSpring ?? spring
        let read = pasted.spring.spring
        #expect(
            abs(read.dampingRatio - runs.dampingRatio) <= 1e-3 * runs.dampingRatio,
            "\(platform): \(pasted.reading) from \(code.code)")
        #expect(
            abs(read.response - runs.response) <= 1e-3 * runs.response,
            "\(platform): \(pasted.reading) from \(code.code)")
    }

    @Test("A declined reading stops the cascade: Reanimated's duration config is not read as SwiftUI's")
    func declinedStops() {
        #expect(throws: SpringCode.Failure.self) { try SpringCode("withSpring(1, { duration: 300 })") }
        // Without withSpring, the same numbers are SwiftUI's duration.
        #expect((try? SpringCode(".spring(duration: 0.3)"))?.reading == "SwiftUI duration 0.3 s, bounce 0.0")
    }

    @Test("A descriptor made outside the registry adds no reader")
    func outsideTheRegistry() {
        struct Private: PlatformDescriptor {
            let name = "private"
            let title = "Private"
            let basis = Platform.Basis.source
            let stepping = "exact"
            var codeReaders: [PlatformCodeReader] {
                [PlatformCodeReader(precedence: 1) { _ in .spring(["damping": 1, "response": 1], reading: "private") }]
            }
            func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel
            {
                ExactPlatformModel(spring: spring, velocity: 0, finish: .settled(tolerance: 1e-3))
            }
        }
        #expect(!SpringCode.readers.contains { $0.precedence == 1 })
        #expect((try? SpringCode(".spring(response: 0.5, dampingFraction: 0.8)"))?.reading != "private")
    }
}

/// The presets the descriptors hold (`PlatformDescriptor.presets`), as `grid --presets` lists them.
@Suite struct PresetRegistryTests {
    @Test("Preset names are unique, families are words, and the listing order is stated, not incidental")
    func uniqueAndOrdered() {
        let presets = PlatformPreset.all
        #expect(Set(presets.map(\.name)).count == presets.count)
        #expect(Set(presets.map(\.order)).count == presets.count)
        for preset in presets {
            #expect(preset.name.hasPrefix(preset.family + "-"), "\(preset.name)")
            #expect(preset.family.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" })
        }
        // The --presets families come in blocks: a family's presets are listed together.
        var seen: [String] = []
        for family in presets.filter({ !$0.isConstant }).map(\.family) where seen.last != family {
            #expect(!seen.contains(family), "\(family) is listed in two places")
            seen.append(family)
        }
        #expect(seen == ["wave", "swiftui", "m3", "figma", "react-spring"])
        // The constants follow them, Android's and Compose's by stiffness (stiffest first) and then
        // damping ratio (bounciest first), Motion's default last.
        let constants = presets.filter(\.isConstant)
        #expect(presets.filter { !$0.isConstant }.count + constants.count == presets.count)
        #expect(presets.prefix(presets.count - constants.count).allSatisfy { !$0.isConstant })
        let android = constants.filter { $0.family != "motion" }.map { ($0.spring.stiffness, $0.spring.dampingRatio) }
        #expect(zip(android, android.dropFirst()).allSatisfy { $0.0 > $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) })
        #expect(constants.last?.name == "motion-default")
    }

    @Test("The presets SpringConventions lists are the descriptors', constants apart")
    func conventionsListTheDescriptors() {
        #expect(SpringPreset.all.map(\.name) == PlatformPreset.all.filter { !$0.isConstant }.map(\.name))
        #expect(SpringPreset.platformConstants.map(\.name) == PlatformPreset.all.filter(\.isConstant).map(\.name))
        // Android's 16 SpringForce constants, Compose's 4 with StiffnessMediumLow, Motion's default.
        #expect(SpringPreset.platformConstants.count == 21)
        let compose = SpringPreset.platformConstants.filter { $0.family == "compose" }
        #expect(compose.allSatisfy { abs($0.spring.stiffness - 400) < 1e-9 })
    }
}
