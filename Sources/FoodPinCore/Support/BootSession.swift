import Foundation

/// Names the running boot of the system: it changes when the machine restarts, and with it what
/// was in the page cache and not yet on disk may be gone.
enum BootSession {
    static let current: String = {
        #if os(Linux)
        return (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        #else
        var bootTime = timeval()
        var size = MemoryLayout<timeval>.size
        return sysctlbyname("kern.boottime", &bootTime, &size, nil, 0) == 0 ? "\(bootTime.tv_sec).\(bootTime.tv_usec)" : ""
        #endif
    }()
}
