import Foundation

/// Names the running boot of the system: it changes when the machine restarts, and with it what
/// was in the page cache and not yet on disk may be gone.
package enum BootSession {
    /// Unknown, it is new in every process: a state is then never taken to outlive a restart.
    package static let current: String = {
        #if os(Linux)
        let known = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #else
        var bootTime = timeval()
        var size = MemoryLayout<timeval>.size
        let known = sysctlbyname("kern.boottime", &bootTime, &size, nil, 0) == 0 ? "\(bootTime.tv_sec).\(bootTime.tv_usec)" : nil
        #endif
        guard let known, !known.isEmpty else { return "unknown-" + UUID().uuidString }
        return known
    }()
}
