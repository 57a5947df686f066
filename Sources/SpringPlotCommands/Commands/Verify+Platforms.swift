import ArgumentParser
import SpringConventions
import SpringExport
import SpringFigures
import SpringFormatting
import SpringMath
import SpringPlatforms
import SpringWire

/// `verify --platform NAME|auto`: which platform's stepping a recording shows.
enum PlatformChoice: ExpressibleByArgument, Hashable {
    case one(Platform)
    case auto

    init?(argument: String) {
        if argument.lowercased() == "auto" {
            self = .auto
            return
        }
        guard let platform = Platform(argument: argument) else { return nil }
        self = .one(platform)
    }

    static var allValueStrings: [String] { ["auto"] + Platform.allValueStrings }

    var platforms: [Platform] {
        switch self {
        case .one(let platform): return [platform]
        case .auto: return Platform.allCases
        }
    }
}

extension Verify {
    /// The rate a recording's median frame interval stands for: a whole number of frames per second
    /// when it is within 0.01 of one (recordings round their times), otherwise as measured.
    static func frameRate(medianInterval: Double) -> Double {
        guard medianInterval > 0 else { return 60 }
        let rate = Swift.min(Swift.max(1 / medianInterval, FrameRate.range.lowerBound), FrameRate.range.upperBound)
        return abs(rate - rate.rounded()) < 0.01 ? rate.rounded() : rate
    }

    /// Runs each chosen platform on the recording's frame times and ranks them by how closely they
    /// reproduce it (the best first).
    static func platformMatches(
        _ choice: PlatformChoice, recording: TrajectoryFile, spring: Spring, motion: Motion,
        fps: Double, parameters: PlatformParameters = .standard
    ) -> [RecordingMatch] {
        let matches = choice.platforms.map {
            $0.match(
                times: recording.times, positions: recording.positions, spring: spring, from: motion.from,
                to: motion.to,
                velocity: motion.initialVelocity, frameRate: fps, parameters: parameters)
        }
        return matches.sorted {
            ($0.maxDifference, abs($0.modelFrames - $0.recordedFrames)) < (
                $1.maxDifference, abs($1.modelFrames - $1.recordedFrames)
            )
        }
    }

    static func platformText(_ matches: [RecordingMatch], auto: Bool) -> String {
        func row(_ m: RecordingMatch) -> String {
            let share = m.maxDifferenceFraction.map { " (\(NumberFormat.people($0, digits: 2)) of the travel)" } ?? ""
            let verdict =
                m.reproduces()
                ? "reproduced frame for frame" : "largest difference at t = \(label(m.maxDifferenceTime, digits: 4)) s"
            return "\(m.platform.rawValue): max difference \(NumberFormat.people(m.maxDifference, digits: 3))\(share), "
                + "\(m.modelFrames) frames modelled for \(m.recordedFrames) recorded; \(verdict)"
        }
        guard let best = matches.first else { return "" }
        if !auto { return "  platform    " + row(best) + "\n" }
        var lines = ["  platform    best explained by \(best.platform.rawValue) (\(best.platform.title))"]
        lines += matches.map { "              " + row($0) }
        return lines.joined(separator: "\n") + "\n"
    }
}
