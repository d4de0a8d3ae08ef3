import Foundation
import FoodPinBase

/// Watches a guide's sources and reports changed paths, relative to the guide root.
public protocol FileWatcher: AnyObject, Sendable {
    func start() throws
    func stop()
}

public enum FileWatchers {
    /// inotify on Linux; polling elsewhere or when asked (network shares, some VMs).
    public static func make(root: URL, filter: ChangeFilter, poll: Bool, pollInterval: Double = 0.3,
                            onChange: @escaping @Sendable ([String]) -> Void) -> any FileWatcher {
        #if os(Linux)
        if !poll { return InotifyWatcher(root: root, filter: filter, onChange: onChange) }
        #endif
        return PollingWatcher(root: root, filter: filter, interval: pollInterval, onChange: onChange)
    }

    /// The folders whose contents are sources.
    static func watchedFolders(_ root: URL) -> [URL] {
        ["Content", "Templates"].map { root.appending(path: $0, directoryHint: .isDirectory) }
    }
}
