import ArgumentParser
import SpringChoreography
import SpringConventions
import SpringMath

/// A spring sequence file (SpringConventions' ``SequenceInput`` grammar) read from a path or standard
/// input; every problem is one line naming the option, the file, the keyframe and the key.
enum SequenceFile {
    static let maximumBytes = SequenceInput.maximumBytes

    /// With `--sequence`, the file gives the springs and the motion: spring options, and motion
    /// options other than their defaults, are refused.
    static func rejectSingleSpring<Count: SpringCount>(
        _ spring: SpringOptionsOf<Count>, _ motion: MotionOptions? = nil, sequence: String
    ) throws {
        if sequence.isEmpty { throw CommandLineRefusal(.malformed, option: "--sequence", "must not be empty") }
        if spring.fromCode != nil || !spring.input.values.isEmpty {
            throw CommandLineRefusal(
                .conflictingParameters, option: "--sequence",
                "cannot be combined with \(spring.givenOptions): the file gives each keyframe's spring")
        }
        if let motion {
            let defaults = Motion()
            for (name, value, fallback) in [
                ("--from", motion.from, defaults.from), ("--to", motion.to, defaults.to),
                ("--velocity", motion.velocity, defaults.initialVelocity)
            ] where value != fallback {
                throw CommandLineRefusal(
                    .conflictingParameters, option: "--sequence",
                    "cannot be combined with \(name): the file gives from, velocity and each keyframe's to")
            }
        }
    }

    static func read(_ path: String, option: String = "--sequence") throws -> SpringSequence {
        let name = path == "-" ? "(standard input)" : path
        let bytes = try TrajectoryFile.contents(of: path, name: name, option: option, limit: maximumBytes)
        return try parse(bytes, name: name, option: option)
    }

    static func parse(_ bytes: [UInt8], name: String, option: String = "--sequence") throws -> SpringSequence {
        do {
            return try SequenceInput.parse(bytes)
        } catch {
            throw fileRefusal(.malformed, option, "\(name): \(error)")
        }
    }
}
