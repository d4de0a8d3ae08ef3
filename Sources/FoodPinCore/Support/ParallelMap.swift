import Foundation

/// `map` side by side, keeping order: on every core, or on the disk's many threads.
public enum ParallelMap {
    /// How work is spread.
    public enum Width: Sendable {
        /// One thread per core: work that computes.
        case cores
        /// Work that mostly waits on the disk (reading files the page cache no longer holds, listing
        /// folders): many reads in flight keep the disk's queue full, where one per core leaves it
        /// idle between requests. A 10,000-restaurant build from a cold page cache took 5.2 s so, not 7.3 s.
        case disk
    }

    /// Threads a `.disk` map runs on, the caller's included.
    static let diskThreads = max(32, ProcessInfo.processInfo.activeProcessorCount)

    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], width: Width = .cores, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threads = width == .disk ? diskThreads : cores
        let chunk = max(1, inputs.count / (threads * 4))
        let chunks = (inputs.count + chunk - 1) / chunk
        return [Output](unsafeUninitializedCapacity: inputs.count) { buffer, initialized in
            // Each slot is written by exactly one thread, so no lock is needed.
            let slots = Slots(base: buffer.baseAddress!)
            @Sendable func fill(_ index: Int) {
                for position in (index * chunk)..<min(inputs.count, (index + 1) * chunk) {
                    (slots.base + position).initialize(to: transform(inputs[position]))
                }
            }
            if threads <= cores {
                DispatchQueue.concurrentPerform(iterations: chunks, execute: fill)
            } else {
                spread(chunks, over: min(threads, chunks), fill)
            }
            initialized = inputs.count
        }
    }

    /// Runs `work` for every index below `count` on `threads` threads (Dispatch keeps to one per
    /// core, however long they wait), each taking the next index as it finishes one. Returns once
    /// every index is done and no thread holds `work` any more.
    private static func spread(_ count: Int, over threads: Int, _ work: (Int) -> Void) {
        withoutActuallyEscaping(work) { work in
            let job = SharedJob(count: count, work: work)
            DiskThreads.shared.run(job, helpers: threads - 1)
            job.release()
        }
    }
}

/// Threads kept for `.disk` work: started when first needed, then waiting for the next job (a build
/// maps a dozen lists this way; starting thirty threads for each took milliseconds of the caller's time).
private final class DiskThreads: @unchecked Sendable {
    static let shared = DiskThreads()

    private let condition = NSCondition()
    /// Jobs that still want helpers, oldest first, with how many more.
    private var open: [(job: SharedJob, seats: Int)] = []
    private var threads = 0
    /// Threads running a job: the others are free, or about to wake for a seat.
    private var running = 0

    /// Runs `job` here and on up to `helpers` kept threads; returns once no thread holds it.
    func run(_ job: SharedJob, helpers: Int) {
        condition.lock()
        open.append((job, helpers))
        // Enough threads for every open seat: a job never waits for another's to finish.
        let missing = max(0, open.reduce(0) { $0 + $1.seats } - (threads - running))
        threads += missing
        condition.unlock()
        for _ in 0..<missing { Thread.detachNewThread { [self] in serve() } }
        condition.lock()
        for _ in 0..<helpers { condition.signal() }
        condition.unlock()
        job.run()
        condition.lock()
        open.removeAll { $0.job === job }
        condition.unlock()
        // No helper joins once the job is withdrawn; those that joined are waited for.
        job.helpers.wait()
    }

    private func serve() {
        condition.lock()
        while true {
            guard let index = open.firstIndex(where: { $0.seats > 0 }) else {
                condition.wait()
                continue
            }
            open[index].seats -= 1
            let job = open[index].job
            job.helpers.enter()
            running += 1
            condition.unlock()
            job.run()
            condition.lock()
            // Counted free before the caller may return: its next job must not start threads for this one.
            running -= 1
            job.helpers.leave()
        }
    }
}

/// The result array's storage, handed to the threads that fill it (each its own range of slots).
private struct Slots<Value>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Value>
}

/// Indices handed out to threads, the next one to whoever asks first.
private final class SharedJob: @unchecked Sendable {
    private let count: Int
    private let lock = NSLock()
    private var next = 0
    /// Let go once every thread is done: the threads themselves may outlive the job a moment.
    private var work: ((Int) -> Void)?
    /// The kept threads running it (each joins under `DiskThreads`' lock).
    let helpers = DispatchGroup()

    init(count: Int, work: @escaping (Int) -> Void) {
        self.count = count
        self.work = work
    }

    func run() {
        while let index = take() { work?(index) }
    }

    func release() { work = nil }

    private func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}
