import Foundation

/// Where a report named on the command line really goes, so that writing it replaces neither
/// a symlink nor a stream with a file.
enum ReportTarget {
    /// The most links followed (the kernel's own limit).
    private static let linkLimit = 40

    /// What a path names.
    enum Place: Equatable {
        /// A descriptor of this process (`-`, `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, or
        /// a link to one): written where it stands, so its offset and `>>` are the shell's.
        case descriptor(Int32)
        /// One of those descriptors, closed.
        case closed(Int32)
        /// Something that is not a regular file (a pipe, a device), or a stream of another
        /// process (`/proc/PID/fd/N`): written into through the path as given.
        case stream
        /// A regular file, or none yet, at the end of any symlinks: replaced whole.
        case file(String)
        /// Symlinks that lead round in a loop.
        case loop
    }

    /// What `path` names.
    static func place(_ path: String) -> Place {
        var current = path
        for _ in 0..<linkLimit {
            if let descriptor = current == "-" ? STDOUT_FILENO : descriptor(named: current) {
                let isClosed = StandardStreams.closed.contains(descriptor) || fcntl(descriptor, F_GETFD) == -1
                return isClosed ? .closed(descriptor) : .descriptor(descriptor)
            }
            // A link of `/proc` may name no path (`pipe:[12]`), and a file there cannot be replaced.
            if current.hasPrefix("/proc/") { return .stream }
            guard let next = link(at: current) else { break }
            current = next
        }
        if link(at: current) != nil { return .loop }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR { return .stream }
        return .file(current)
    }

    /// What a report path writes to, equal for two paths that write to the same file: its
    /// device and inode when it exists (a descriptor's too), else the path it leads to.
    static func identity(_ path: String) -> String {
        var status = stat()
        switch place(path) {
        case .descriptor(let descriptor):
            if fstat(descriptor, &status) == 0 { return "\(status.st_dev):\(status.st_ino)" }
            return "fd \(descriptor)"
        case .file(let file):
            if stat(file, &status) == 0 { return "\(status.st_dev):\(status.st_ino)" }
            return URL(fileURLWithPath: file).standardizedFileURL.path
        case .closed, .stream, .loop:
            if stat(path, &status) == 0 { return "\(status.st_dev):\(status.st_ino)" }
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
    }

    /// Where the symlink at `path` points, as a path from here; nil when `path` is no symlink.
    private static func link(at path: String) -> String? {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
        if destination.hasPrefix("/") { return destination }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? destination : folder + "/" + destination
    }

    /// The descriptor number a path of this process's own streams names.
    private static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }
}
