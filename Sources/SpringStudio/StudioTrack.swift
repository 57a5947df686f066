import Foundation
import SpringConventions
import SpringExport
import SpringFitting
import SpringMath
import SpringTrack
import SpringWire
import Synchronization

/// `POST /api/track`: a recording dropped on the page, tracked and fitted as `springplot track`
/// does. The upload is written to a private scratch folder, tracked, and deleted before the reply
/// goes out, whatever happens. One recording is tracked at a time per studio; a second one meanwhile
/// gets 503.
final class StudioTrack: Sendable {
    /// Whether a recording is being tracked now.
    private let busy = Mutex(false)

    func reply(
        video: [UInt8], property: String?, axis: String?,
        deadline: ContinuousClock.Instant? = nil
    ) -> StudioReply {
        func failure(_ message: String, _ status: Int) -> StudioReply {
            .encoded(ErrorReply(message), status: status)
        }
        guard !video.isEmpty else { return failure("the upload is empty: drop a video file", 400) }
        guard let property = TrackProperty(rawValue: property ?? "position") else {
            return failure("property must be position or scale", 400)
        }
        guard let axis = TrackAxis(rawValue: axis ?? "auto") else { return failure("axis must be x, y or auto", 400) }
        let claimed = busy.withLock { busy in
            if busy { return false }
            busy = true
            return true
        }
        guard claimed else { return failure("another recording is being tracked: try again in a moment", 503) }
        defer { busy.withLock { $0 = false } }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spring-studio-upload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("recording")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
            guard
                FileManager.default.createFile(
                    atPath: file.path, contents: Data(video), attributes: [.posixPermissions: 0o600])
            else {
                return failure("cannot store the upload for tracking", 500)
            }
        } catch {
            return failure("cannot store the upload for tracking", 500)
        }
        do {
            var request = VideoDecoder.Request(path: file.path)
            request.deadline = deadline
            let samples = try VideoDecoder.locate().track(request, property: property, axis: axis)
            let fit = try TrackFit.fit(samples)
            return .encoded(StudioTrack.reply(fit, samples))
        } catch {
            // The scratch path means nothing to the page.
            let message = error.description.replacingOccurrences(of: "'\(file.path)'", with: "the upload")
                .replacingOccurrences(of: file.path, with: "the upload")
            switch error {
            case .timedOut: return failure(message, 503)
            // Beyond what one track decodes (docs/limits.md): the upload is too large to process.
            case .tooManyFrames, .frameTooLarge, .tooLarge: return failure(message, 413)
            default: break
            }
            // The clip was received but holds no spring to read: an answer (see StudioReplies.Problem).
            return .encoded(StudioReplies.Problem(problem: message))
        }
    }

    /// What `springplot track --json` writes for the same recording: one reply type for both.
    static func reply(_ fit: SpringFit, _ samples: TrackedSamples) -> TrackReply {
        TrackReply(fit: FitReply(fit), tracking: .init(samples))
    }
}
