import Foundation
import Testing

@testable import SpringPlatforms

/// Every shared recording of a real library is reproduced by its model: the same number of frames,
/// every frame within 10⁻⁶ of the travel (the recordings keep 8 significant digits).
@Suite struct RecordingTests {
    static let names: [String] = (try? Recording.all().map(\.name)) ?? []

    @Test func everyRecordingIsHere() throws {
        #expect(RecordingTests.names.count == 79)
    }

    @Test(arguments: RecordingTests.names)
    func modelReproducesRecording(_ name: String) throws {
        let recording = try Recording(name: name)
        let model = recording.model.trajectory(from: recording.from, to: recording.to, schedule: recording.schedule)
        #expect(model.finished)
        #expect(model.positions.count == recording.positions.count, "\(name): frames")
        var worst = 0.0
        for (index, (a, b)) in zip(model.positions, recording.positions).enumerated() {
            worst = max(worst, abs(a - b) / recording.travel)
            if ProcessInfo.processInfo.environment["DEBUG_RECORDING"] == name {
                print("frame \(index) model \(a) recorded \(b) diff \((a - b) / recording.travel)")
            }
            #expect(abs(model.times[index] - recording.times[index]) < 1e-6, "\(name) frame \(index): time")
        }
        print(
            "recording \(name): \(recording.positions.count) frames, model \(model.positions.count), largest difference \(worst) of the travel"
        )
        #expect(worst <= 1e-6, "\(name): largest difference \(worst) of the travel")
    }
}
