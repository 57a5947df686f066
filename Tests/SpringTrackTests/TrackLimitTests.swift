import Foundation
import Testing

@testable import SpringTrack

/// Issue 44: track's limits come from the stream itself, and its messages stay one line.
@Suite("Track: limits and names")
struct TrackLimitTests {
    @Test("Messages stay on one line whatever the files are called; a frame name with a line break is refused by name")
    func trackNames() throws {
        #expect(TrackError.shown("a\nb.mp4") == #"'a\nb.mp4'"#)
        #expect(
            TrackError.unlistableFrameName("frame\n2.png").description
                == #"the frame file "frame\n2.png" has a line break in its name: rename it"#)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["frame1.png", "frame\n2.png"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([0]))
        }
        let decoder = VideoDecoder(ffmpeg: "/bin/false", ffprobe: "/bin/false")
        #expect(throws: TrackError.self) { try decoder.pngFrames(in: folder.path) }
        #expect(
            VideoDecoder.oversizedFrame(
                in: "[png @ 0x1] [IMGUTILS @ 0x2] Picture size 16000x16000 exceeds specified max pixel count 40000000")?
                .width == 16000)
        // A zero size is a broken stream's complaint, and a size within the limit is not too large.
        #expect(VideoDecoder.oversizedFrame(in: "[IMGUTILS @ 0x2] Picture size 0x0 is invalid") == nil)
        #expect(VideoDecoder.oversizedFrame(in: "[IMGUTILS @ 0x2] Picture size 640x480 is invalid") == nil)
    }
}
