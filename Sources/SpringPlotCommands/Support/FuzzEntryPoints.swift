import ArgumentParser
import SpringCharts

/// The command line's untrusted-input readers, for the fuzzers in `Fuzz/` (package access: not part
/// of any product's API). Each takes bytes or words as a user would hand them over and answers what
/// the command would: a value, or the one-line message it would print.
package enum FuzzEntryPoints {
    /// `bytes` read as a trajectory file (`verify`, `fit`): the number of samples, or the message.
    package static func readTrajectory(_ bytes: [UInt8]) -> Result<Int, FuzzRefusal> {
        var copy = bytes
        do {
            let file = try TrajectoryFile.parse(&copy, name: "'fuzz.csv'", option: "verify")
            return .success(file.times.count)
        } catch {
            return .failure(FuzzRefusal(SpringPlot.message(for: error)))
        }
    }

    /// `arguments` parsed and validated as springplot's command line, without running the command:
    /// nil when they are accepted, or the first line of the message.
    package static func validateCommandLine(_ arguments: [String]) -> FuzzRefusal? {
        do {
            _ = try SpringPlot.parseAsRoot(arguments)
            return nil
        } catch {
            return FuzzRefusal(SpringPlot.message(for: error))
        }
    }

    /// `arguments` (after `chase`) parsed and validated as `springplot chase`, and its chart built
    /// (every frame of every retargeted trace stepped, nothing drawn): nil when it was built, or the
    /// first line of the message.
    package static func chaseChart(_ arguments: [String]) -> FuzzRefusal? {
        do {
            guard let command = try SpringPlot.parseAsRoot(["chase"] + arguments) as? Chase else {
                return FuzzRefusal("not chase")
            }
            _ = try command.chaseChart()
            return nil
        } catch {
            return FuzzRefusal(SpringPlot.message(for: error))
        }
    }

    /// `arguments` (after `animate`) parsed and validated as `springplot animate`, its clip laid out
    /// and planned against the caps, and the display list of its first, middle and last frames built
    /// (nothing rasterised or encoded): the planned frame count, or the first line of the message.
    package static func animatePlan(_ arguments: [String]) -> Result<Int, FuzzRefusal> {
        do {
            guard let command = try SpringPlot.parseAsRoot(["animate"] + arguments) as? Animate else {
                return .failure(FuzzRefusal("not animate"))
            }
            let clip = try command.motionClip()
            let plan = try command.clip.plan(for: clip)
            let drawing = clip.drawing(measurer: ApproximateTextMeasurer())
            for index in [0, plan.frameCount / 2, plan.frameCount - 1] {
                _ = drawing.frame(at: plan.rate.time(ofFrame: index))
            }
            return .success(plan.frameCount)
        } catch {
            return .failure(FuzzRefusal(SpringPlot.message(for: error)))
        }
    }
}

/// Why an input was refused, as the command would print it.
package struct FuzzRefusal: Error, Equatable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
