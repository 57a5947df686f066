import Foundation
import Testing

@testable import SpringTrack

/// An encoded clip from scripts/track/make_fixtures.sh (kept with the springplot tests).
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("springplotTests/Fixtures/track").appendingPathComponent(name).path
}

@Suite("Decoding and tracking a clip")
struct ClipTrackingTests {
    let decoder: VideoDecoder? = try? VideoDecoder.locate()

    @Test("a first, small look at the picture changes no sample, and the values stay in the video's pixels")
    func firstLook() throws {
        let decoder = try #require(decoder, "ffmpeg is needed (scripts/setup.sh --tests installs it)")
        let request = VideoDecoder.Request(path: fixture("x-h264-60.mp4"))
        let whole = try decoder.track(request, firstLookAbove: .max)
        let looked = try decoder.track(request, firstLookAbove: 0)
        // The first look cut the picture down (480 × 270 here) to about the card's sweep.
        #expect(looked.region.width * looked.region.height < 480 * 270 / 2)
        #expect(
            looked.region.x >= whole.region.x - 8
                && looked.region.x + looked.region.width <= whole.region.x + whole.region.width + 8)
        #expect(looked.times == whole.times)
        let worst = zip(looked.values, whole.values).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 0.02, "largest difference \(worst) px")
    }

    @Test("a region of interest cuts the picture but the values are still the video's pixels")
    func regionOfInterest() throws {
        let decoder = try #require(decoder, "ffmpeg is needed (scripts/setup.sh --tests installs it)")
        let whole = try decoder.track(.init(path: fixture("x-h264-60.mp4")))
        // An odd corner: cut after the conversion to RGB.
        let cut = try decoder.track(
            .init(path: fixture("x-h264-60.mp4"), region: PixelBox(x: 11, y: 61, width: 467, height: 150)))
        #expect(cut.region.x >= 11 && cut.region.y >= 61)
        #expect(cut.times == whole.times)
        let worst = zip(cut.values, whole.values).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 0.02, "largest difference \(worst) px")
        #expect(throws: TrackError.self) {
            try decoder.track(
                .init(path: fixture("x-h264-60.mp4"), region: PixelBox(x: 400, y: 0, width: 100, height: 50)))
        }
    }
}
