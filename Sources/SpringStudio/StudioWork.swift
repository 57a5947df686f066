import Dispatch
import SpringConventions
import SpringFigures
import SpringFormatting
import SpringMath
import SpringWire

/// Where the studio's CPU work runs (rendering, exports and their platform models, fitting,
/// tracking): a concurrent Dispatch queue, so that neither NIO's event loops nor Swift's cooperative
/// pool, which runs the deadlines' timers, waits behind a long computation.
///
/// Work started here is an ordinary task: it sees `Task.isCancelled`, which the long loops below it
/// read (platform models every 1024 frames, exports between targets) to stop early.
final class StudioWorkPool: TaskExecutor {
    private let queue = DispatchQueue(label: "spring-studio.work", qos: .userInitiated, attributes: .concurrent)
    /// Where deadlines fire: a serial queue has a thread of its own even while the work and the
    /// cooperative pool keep every core busy.
    let deadlines = DispatchQueue(label: "spring-studio.deadlines", qos: .userInitiated)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Runs one request's work within its deadline.
enum StudioWork {
    /// `work`'s reply, computed on `pool`. When `limit` seconds pass first, or the task awaiting the reply
    /// is cancelled (its client went away), the work's task is cancelled, the work stops at its next
    /// check, and the reply is 503. The reply comes when the work has returned, so nothing of a
    /// request outlives it.
    static func reply(
        within limit: Double, on pool: StudioWorkPool,
        _ work: @escaping @Sendable () -> StudioReply
    ) async -> StudioReply {
        let task = Task(executorPreference: pool) { () -> StudioReply? in
            let reply = work()
            return Task.isCancelled ? nil : reply
        }
        // Cancelling a task that has finished does nothing, so the timer is left to fire.
        pool.deadlines.asyncAfter(deadline: .now() + limit) { task.cancel() }
        let reply = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        return reply
            ?? .encoded(
                ErrorReply("the studio stopped this request after \(NumberFormat.data(limit)) s: try smaller values"),
                status: 503)
    }
}
