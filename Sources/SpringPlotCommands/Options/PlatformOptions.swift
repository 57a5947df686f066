import ArgumentParser
import Foundation
import SpringConventions
import SpringPlatforms

extension Platform: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// The display rates a command may simulate.
enum FrameRate {
    static let range: ClosedRange<Double> = 1...1000

    /// Checks one rate given with `option`.
    static func validate(_ fps: Double, _ option: String) throws {
        try requireFinite(fps, option)
        if !range.contains(fps) {
            throw CommandLineRefusal(
                .outOfRange, option: option, "must be between 1 and 1000 frames per second (got \(fps))")
        }
    }
}

/// A comma list of platform names, e.g. `react-spring,origami`.
struct PlatformList: ExpressibleByArgument, Hashable {
    var platforms: [Platform]

    init?(argument: String) {
        if argument.lowercased() == "all" {
            platforms = Platform.allCases
            return
        }
        var platforms: [Platform] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let platform = Platform(argument: String(part.trimmingCharacters(in: " "))) else { return nil }
            if !platforms.contains(platform) { platforms.append(platform) }
        }
        guard !platforms.isEmpty else { return nil }
        self.platforms = platforms
    }

    static var allValueStrings: [String] { Platform.allValueStrings + ["all"] }
}

/// `--minimum-visible-change`: Android's `setMinimumVisibleChange`, a number or one of its names
/// (pixels 1, alpha 1/256, scale 1/500, rotation 1/10).
struct MinimumVisibleChange: ExpressibleByArgument, Hashable {
    var value: Double

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = PlatformParameters.androidMinimumVisibleChanges.first(where: { $0.name == text }) {
            value = named.value
        } else if let number = Double(text) {
            value = number
        } else {
            return nil
        }
    }

    static let help = ArgumentHelp(
        "Android's minimum visible change: when its spring ends (pixels 1, alpha 1/256, scale 1/500, rotation 1/10, or a number). (default: pixels)",
        valueName: "value")

    /// Checks the value given with the option.
    static func validate(_ change: MinimumVisibleChange?) throws {
        guard let change else { return }
        if !(change.value.isFinite && change.value > 0 && change.value <= 1e9) {
            throw CommandLineRefusal(
                .outOfRange, option: "--minimum-visible-change",
                "must be a number > 0 and at most 1e9 (got \(change.value))")
        }
    }
}

extension Optional where Wrapped == MinimumVisibleChange {
    /// The platforms' own settings these options give.
    var parameters: PlatformParameters {
        map { PlatformParameters(minimumVisibleChange: $0.value) } ?? .standard
    }
}
