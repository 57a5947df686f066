import Synchronization
import Testing

@testable import SpringStudio

/// Counts what a piece of work did, from any thread.
private final class WorkLog: Sendable {
    let steps = Atomic<Int>(0)
    let stoppedFlag = Atomic<Bool>(false)
    var started: Bool { steps.load(ordering: .relaxed) > 0 }
    var stopped: Bool { stoppedFlag.load(ordering: .sequentiallyConsistent) }
}

/// Work that runs until its task is cancelled (or for a minute at most), then says so.
private func endlessWork(_ log: WorkLog) -> @Sendable () -> StudioReply {
    {
        let start = ContinuousClock.now
        while !Task.isCancelled && ContinuousClock.now - start < .seconds(60) {
            log.steps.add(1, ordering: .relaxed)
        }
        log.stoppedFlag.store(true, ordering: .sequentiallyConsistent)
        return .json("{}")
    }
}

@Suite("Studio work: deadlines and cancellation")
struct StudioWorkTests {
    @Test("Work that finishes in time is answered as it is")
    func answersInTime() async {
        let reply = await StudioWork.reply(within: 30, on: StudioWorkPool()) { .json(#"{"ok":true}"#, status: 200) }
        #expect(reply.status == 200)
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"ok":true}"#)
    }

    @Test("Work past its deadline is stopped and answered 503 in one line")
    func deadline() async {
        let log = WorkLog()
        let reply = await StudioWork.reply(within: 0.2, on: StudioWorkPool(), endlessWork(log))
        #expect(reply.status == 503)
        let text = String(decoding: reply.body, as: UTF8.self)
        #expect(text.contains("0.2 s") && !text.contains("\n"))
        // The work had started and has returned by the time the reply is there.
        #expect(log.started)
        #expect(log.stopped)
    }

    @Test("Cancelling the request (the client went away) stops its work")
    func clientGone() async {
        let log = WorkLog()
        let request = Task { await StudioWork.reply(within: 120, on: StudioWorkPool(), endlessWork(log)) }
        while !log.started { await Task.yield() }
        request.cancel()
        let reply = await request.value
        #expect(reply.status == 503)
        #expect(log.stopped)
    }

    @Test("An export cancelled midway leaves out what it had not done")
    func exportStops() async {
        let full = await StudioWork.reply(within: 60, on: StudioWorkPool()) {
            reply("/api/export.json", "damping=0.5&response=0.5")
        }
        #expect(full.status == 200)
        let cancelled = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return reply("/api/export.json", "damping=0.5&response=0.5")
        }.value
        // Nothing is exported in a cancelled task: only the empty list of targets.
        #expect(
            String(decoding: cancelled.body, as: UTF8.self).count < String(decoding: full.body, as: UTF8.self).count
                / 10)
    }
}
