import FoodPinCore
#if os(Linux)
import Foundation
import Glibc
import FoodPinBase

/// Linux inotify, recursive: a watch per folder, and new folders are watched as they appear
/// (their files are reported too, since they may have been written before the watch existed).
public final class InotifyWatcher: FileWatcher, @unchecked Sendable {
    private let root: URL
    private let filter: ChangeFilter
    private let onChange: @Sendable ([String]) -> Void
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var folders: [Int32: String] = [:]
    private var running = false

    private static let mask: UInt32 = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM
        | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB) | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)

    init(root: URL, filter: ChangeFilter, onChange: @escaping @Sendable ([String]) -> Void) {
        self.root = root.standardizedFileURL
        self.filter = filter
        self.onChange = onChange
    }

    public func start() throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FoodPinError(.io, at: GuideLayout.displayPath(root), "cannot watch files: \(String(cString: strerror(errno)))",
                               hint: "use --poll to watch by polling instead")
        }
        // The root itself, so a Templates/ or Content/ made later is noticed.
        _ = addWatch(root.path, relative: "", recursive: false)
        for folder in FileWatchers.watchedFolders(root) {
            _ = addWatch(folder.path, relative: folder.lastPathComponent, recursive: true)
        }
        running = true
        let thread = Thread { [weak self] in self?.readLoop() }
        thread.name = "foodpin.inotify"
        thread.start()
    }

    public func stop() {
        lock.lock()
        running = false
        lock.unlock()
    }

    /// Watches a folder (and, if asked, every folder below it); returns the files found inside.
    private func addWatch(_ path: String, relative: String, recursive: Bool) -> [String] {
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        guard watch >= 0 else { return [] }
        lock.lock()
        folders[watch] = relative
        lock.unlock()
        guard recursive, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var files: [String] = []
        for name in names.sorted() {
            let child = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if !name.hasPrefix(".") { files += addWatch(path + "/" + name, relative: child, recursive: true) }
            } else {
                files.append(child)
            }
        }
        return files
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    private func readLoop() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer {
            buffer.deallocate()
            close(descriptor)
        }
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while isRunning {
            // Wake up now and then to notice stop().
            guard poll(&pollDescriptor, 1, 200) > 0 else { continue }
            let count = read(descriptor, buffer, size)
            guard count > 0 else { continue }
            var changed: [String] = []
            var offset = 0
            while offset < count {
                let event = buffer.advanced(by: offset).assumingMemoryBound(to: inotify_event.self).pointee
                let nameLength = Int(event.len)
                var name = ""
                if nameLength > 0 {
                    let namePointer = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                    name = String(cString: namePointer)
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
                changed += handle(event, name: name)
            }
            let sources = changed.filter(filter.isSource)
            if !sources.isEmpty { onChange(Array(Set(sources)).sorted()) }
        }
    }

    private func handle(_ event: inotify_event, name: String) -> [String] {
        // Events were lost: every source is looked at again.
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return ["Content", "Templates"] }
        lock.lock()
        let folder = folders[event.wd]
        if event.mask & UInt32(IN_IGNORED) != 0 { folders[event.wd] = nil }
        lock.unlock()
        guard let folder else { return [] }
        if name.isEmpty { return folder.isEmpty ? [] : [folder] }
        let relative = folder.isEmpty ? name : folder + "/" + name
        // At the root only Content/ and Templates/ matter.
        if folder.isEmpty && name != "Content" && name != "Templates" { return [] }
        let isFolder = event.mask & UInt32(IN_ISDIR) != 0
        if isFolder && event.mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 && !name.hasPrefix(".") {
            return [relative] + addWatch(root.path + "/" + relative, relative: relative, recursive: true)
        }
        return [relative]
    }
}
#endif
