#if canImport(Glibc)
import Glibc

/// Wakes the watcher when something changes in the watched folders (Linux inotify), so an
/// idle preview walks the tree only for the safety walk and an edit is seen at once. It says only *that* something
/// changed: the walk that follows says what. New folders are added after each walk.
final class ChangeNotifier {
    private let descriptor: Int32
    /// Adds one watch (`inotify_add_watch`); a test stands in a kernel whose watch limit is reached.
    private let addWatch: (Int32, String, UInt32) -> Int32

    /// Why watching stopped working, once: the caller falls back to polling.
    private(set) var failure: String?

    /// nil when inotify is not available.
    init?(addWatch: @escaping (Int32, String, UInt32) -> Int32 = { inotify_add_watch($0, $1, $2) }) {
        self.addWatch = addWatch
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Watches each folder (absolute paths); one already watched keeps its watch, one deleted
    /// and made again gets a new one. False when the kernel's limit is hit.
    func watch(_ folders: [String]) -> Bool {
        let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
                           | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW | IN_ONLYDIR)
        for folder in folders {
            if addWatch(descriptor, folder, mask) < 0 {
                if errno == ENOSPC {
                    failure = "the inotify watch limit is reached (sysctl fs.inotify.max_user_watches); watching by polling instead"
                    return false
                }
                continue  // gone already: the next walk will tell
            }
        }
        return true
    }

    /// Waits up to `seconds` for a change; true when one came (events are drained).
    func wait(_ seconds: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32(seconds * 1000))
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
        return true
    }
}
#endif
