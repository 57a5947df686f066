import ArgumentParser
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
            throw ValidationError("\(option) must be between 1 and 1000 frames per second (got \(fps))")
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
