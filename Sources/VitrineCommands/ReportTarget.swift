import Foundation

/// Where a report named on the command line really goes, so that writing it replaces neither
/// a symlink nor a stream of this process with a file.
enum ReportTarget {
    /// The most links followed before a path is taken as it is (the kernel's own limit).
    private static let linkLimit = 40

    /// The open descriptor a path names (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, or a
    /// link to one), if it is open.
    static func openDescriptor(_ path: String) -> Int32? {
        var current = path
        for _ in 0..<linkLimit {
            if let descriptor = descriptor(named: current) {
                return fcntl(descriptor, F_GETFD) == -1 ? nil : descriptor
            }
            guard let next = link(at: current) else { return nil }
            current = next
        }
        return nil
    }

    /// What a report path writes to, equal for two paths that write to the same place: a
    /// descriptor (`-` is standard output), else the file the path leads to.
    static func identity(_ path: String) -> String {
        if path == "-" { return "fd \(STDOUT_FILENO)" }
        if let descriptor = openDescriptor(path) { return "fd \(descriptor)" }
        return URL(fileURLWithPath: followingLinks(path)).standardizedFileURL.path
    }

    /// The path a chain of symlinks leads to (the path itself when it is no link, or when the
    /// chain loops).
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<linkLimit {
            guard let next = link(at: current) else { return current }
            current = next
        }
        return path
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
