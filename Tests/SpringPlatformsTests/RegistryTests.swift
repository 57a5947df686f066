import Foundation
import SpringMath
import Testing

@testable import SpringPlatforms

/// The registry (`Platform.allCases`) and the descriptors it lists.
@Suite struct RegistryTests {
    @Test("Each platform has its own name, in lowercase words joined by dashes, and is found by it")
    func names() {
        let names = Platform.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for platform in Platform.allCases {
            #expect(platform.rawValue.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(platform)")
            #expect(Platform(rawValue: platform.rawValue) == platform)
            #expect(!platform.title.isEmpty && !platform.stepping.isEmpty)
        }
        #expect(Platform(rawValue: "SwiftUI") == nil)
        #expect(Platform(rawValue: "") == nil)
    }

    @Test("A platform writes code of its own, or shares a registered platform's that does")
    func everyPlatformHasCode() throws {
        let request = PlatformCodeRequest(
            spring: Spring(dampingRatio: 0.6, response: 0.4), motion: PlatformMotion(from: 0, to: 100, velocity: 50))
        for platform in Platform.allCases {
            if let owner = platform.sharesCodeWith {
                #expect(platform.code(for: request) == nil, "\(platform) shares \(owner)'s code")
                #expect(Platform.allCases.contains(owner) && owner.sharesCodeWith == nil)
                #expect(owner.code(for: request) != nil)
            } else {
                let code = try #require(platform.code(for: request), "\(platform) writes no code")
                #expect(!code.code.isEmpty)
                #expect(!code.parameters.isEmpty && code.parameters.allSatisfy { $0.value.isFinite })
                #expect(Set(code.parameters.map(\.name)).count == code.parameters.count, "\(platform)")
            }
        }
    }

    @Test("Exactly the compensable platforms give a retimed model, and retiming by 1 changes nothing")
    func retiming() {
        let spring = Spring(dampingRatio: 0.5, response: 0.3)
        let motion = PlatformMotion(from: 0, to: 100, velocity: 0)
        for platform in Platform.allCases {
            let retimed = platform.descriptor.retimedModel(for: spring, motion: motion, timeScale: 1, dampingScale: 1)
            #expect((retimed != nil) == platform.isCompensable, "\(platform)")
            guard let retimed else { continue }
            let plain = platform.model(for: spring, from: 0, to: 100, velocity: 0)
            let a = retimed.trajectory(from: 0, to: 100, frameRate: 60)
            let b = plain.trajectory(from: 0, to: 100, frameRate: 60)
            #expect(a.positions == b.positions, "\(platform)")
        }
        #expect(Set(Platform.allCases.filter(\.isCompensable)) == [.reactSpring, .origami, .reboundJava])
    }

    /// A platform described outside SpringKit: it models as its descriptor says, and is not registered.
    struct Instant: PlatformDescriptor {
        let name = "instant"
        let title = "Instant"
        let basis = Platform.Basis.documentation
        let stepping = "exact closed form"
        func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel {
            ExactPlatformModel(spring: spring, velocity: motion.velocity, finish: .settled(tolerance: 1e-3))
        }
    }

    @Test("A descriptor made outside the registry is a platform of its own, and not found by name")
    func outsideDescriptor() {
        let platform = Platform(Instant())
        #expect(platform.rawValue == "instant" && platform.title == "Instant")
        #expect(!Platform.allCases.contains(platform))
        #expect(Platform(rawValue: "instant") == nil)
        #expect(
            platform.code(
                for: PlatformCodeRequest(
                    spring: Spring(dampingRatio: 1, response: 0.2), motion: .init(from: 0, to: 1, velocity: 0))) == nil)
        let run = platform.model(for: Spring(dampingRatio: 1, response: 0.2), from: 0, to: 1, velocity: 0)
            .trajectory(from: 0, to: 1, frameRate: 60)
        #expect(run.finished && run.positions.last == 1)
    }
}

/// docs/platforms.md's table of what each model rests on, held to the registry.
@Suite struct PlatformDocsTableTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/platforms.md")

    /// The table's rows: the platforms each names (the first words of its first cell) and its basis cell.
    static func rows() throws -> [(platforms: [String], basis: String)] {
        let text = try String(contentsOf: page, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## What each model rests on").dropFirst().first)
        return section.components(separatedBy: "\n## ")[0].split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| platform |") }
            .map { line in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                let names = cells[0].split(separator: ",").map {
                    String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " })
                }
                return (names, cells[1])
            }
    }

    @Test("Every registered platform has one row, every row names registered platforms, and its basis is the model's")
    func tableFollowsTheRegistry() throws {
        let rows = try Self.rows()
        let named = rows.flatMap(\.platforms)
        #expect(named.sorted() == Platform.allCases.map(\.rawValue).sorted())
        for row in rows {
            for name in row.platforms {
                let platform = try #require(Platform(rawValue: name), "docs/platforms.md names '\(name)'")
                let basis: Platform.Basis =
                    row.basis.contains("recording")
                    ? .recordings : row.basis.hasPrefix("source") ? .source : .documentation
                #expect(platform.basis == basis, "\(name): the table says '\(row.basis.prefix(40))'")
            }
        }
    }
}
