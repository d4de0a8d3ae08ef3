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

    /// Threads a `.disk` map runs on at most, the caller's included.
    static let diskThreads = max(32, ProcessInfo.processInfo.activeProcessorCount)

    /// `oneByOne`: each thread takes one input at a time, for inputs that cost very different
    /// amounts (pages: a list of 50 cards next to a detail page); otherwise in chunks of a quarter of
    /// an even share, for many cheap ones.
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], width: Width = .cores, oneByOne: Bool = false, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threads = width == .disk ? diskThreads : cores
        let chunk = oneByOne ? 1 : max(1, inputs.count / (threads * 4))
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

    /// Runs `work` for every index below `count`, each thread taking the next index as it finishes
    /// one. On one thread per core at first: reads the page cache holds cost no more there, and
    /// making the other threads does cost (bench/HISTORY.md). Once a thread has spent `waitLimit` of
    /// one item off the processor (waiting on the disk, or ready with no core free), the job grows
    /// to up to `threads` threads (Dispatch keeps to one per core, however long they wait).
    /// Returns once every index is done and no thread holds `work`.
    private static func spread(_ count: Int, over threads: Int, _ work: (Int) -> Void) {
        withoutActuallyEscaping(work) { work in
            let job = SharedJob(count: count, work: work, threads: threads)
            let done = DispatchGroup()
            @Sendable func startThreads(_ number: Int) {
                for _ in 0..<number {
                    Thread.detachNewThread {
                        job.run()
                        done.leave()
                    }
                }
            }
            let first = SharedJob.canWatch ? min(threads, ProcessInfo.processInfo.activeProcessorCount) : threads
            for _ in 1..<first { done.enter() }
            startThreads(first - 1)
            if threads > first {
                watch(job, upTo: threads - first, reserve: { more in for _ in 0..<more { done.enter() } }, start: startThreads)
            }
            job.run()
            done.wait()
            job.release()
        }
    }

    /// How long a thread may wait within one item (nanoseconds) before the job grows.
    static let waitLimit: Int64 = 2_000_000

    /// Looks every millisecond until no item is left to start or a thread waits, then grows the job
    /// by up to `more` threads. On a thread of its own: Dispatch's may all be held by the maps this
    /// one runs inside.
    private static func watch(_ job: SharedJob, upTo more: Int, reserve: @escaping @Sendable (Int) -> Void,
                              start: @escaping @Sendable (Int) -> Void) {
        Thread.detachNewThread {
            while true {
                usleep(1_000)
                switch job.reserveIfWaiting(longerThan: waitLimit, upTo: more, reserve) {
                case .watching: continue
                case .grow(let threads): start(threads); return
                case .done: return
                }
            }
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
    /// By thread, while it is on an item: its processor clock, and when it took the item by that
    /// clock and by the wall's.
    private var onItem: [(clock: clockid_t, processor: Int64, wall: Int64)?]
    private var joined = 0

    /// Another thread's processor clock, which tells waiting from working: Linux's `pthread_getcpuclockid`.
    #if os(Linux)
    static let canWatch = true
    #else
    static let canWatch = false
    #endif

    enum Watch { case watching, grow(Int), done }

    init(count: Int, work: @escaping (Int) -> Void, threads: Int) {
        self.count = count
        self.work = work
        onItem = Array(repeating: nil, count: threads)
    }

    func run() {
        #if os(Linux)
        var clock = clockid_t()
        if pthread_getcpuclockid(pthread_self(), &clock) == 0 {
            let slot = join()
            while let index = take(slot, clock) { work?(index) }
            return
        }
        #endif
        while let index = take(nil, nil) { work?(index) }
    }

    func release() { work = nil }

    /// `.grow(n)` if a thread has spent more than `limit` of its item off the processor: n threads
    /// more, no more than `more` nor than the items not started, after `reserve(n)` (under the lock,
    /// while that thread is still on its item: the threads started next join a job whose caller is
    /// still waiting for it). `.done` once every item is started: a thread more would find none.
    func reserveIfWaiting(longerThan limit: Int64, upTo more: Int, _ reserve: (Int) -> Void) -> Watch {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return .done }
        let now = Self.nanoseconds(CLOCK_MONOTONIC)
        let waiting = onItem.contains { item in
            guard let item else { return false }
            return (now - item.wall) - (Self.nanoseconds(item.clock) - item.processor) > limit
        }
        guard waiting else { return .watching }
        let threads = min(more, count - next)
        reserve(threads)
        return .grow(threads)
    }

    private func join() -> Int {
        lock.lock()
        defer { lock.unlock() }
        joined += 1
        return joined - 1
    }

    private func take(_ slot: Int?, _ clock: clockid_t?) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else {
            if let slot { onItem[slot] = nil }
            return nil
        }
        if let slot, let clock {
            onItem[slot] = (clock, Self.nanoseconds(clock), Self.nanoseconds(CLOCK_MONOTONIC))
        }
        next += 1
        return next - 1
    }

    private static func nanoseconds(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
