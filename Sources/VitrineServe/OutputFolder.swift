#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder as the server reads it: each path walked one folder at a time with
/// `openat` and `O_NOFOLLOW`, so no symlink is ever followed (one planted after the server
/// started included) and nothing outside the folder can be named.
struct OutputFolder: Sendable {
    /// The folder's real path when the server started.
    let root: String

    /// What a site path names.
    enum Lookup: Equatable {
        /// A regular file's bytes, read through one open descriptor: whole, from one build.
        case file(path: String, bytes: [UInt8])
        /// A folder with an index page asked for without its trailing slash: where to send the client.
        case redirect(String)
        case notFound
        /// The output folder itself is gone (deleted under the running server).
        case unavailable
    }

    /// Largest file served.
    static let maxBytes = 1 << 30

    func lookup(_ path: String, trailingSlash: Bool) -> Lookup {
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return .unavailable }
        defer { close(folder) }
        let segments = path.split(separator: "/").map(String.init)
        for segment in segments.dropLast() {
            let next = openat(folder, segment, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return .notFound }
            close(folder)
            folder = next
        }
        var name = segments.last ?? ""
        var served = path
        var descriptor = name.isEmpty ? dup(folder) : openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .notFound }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return .notFound
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard trailingSlash || path.isEmpty else {
                // Sent on only to a folder with an index page: `/screens` would lead to a 404.
                var index = stat()
                let hasIndex = fstatat(descriptor, "index.html", &index, AT_SYMLINK_NOFOLLOW) == 0 && index.st_mode & S_IFMT == S_IFREG
                close(descriptor)
                return hasIndex ? .redirect(RequestTarget.encoded(path) + "/") : .notFound
            }
            name = "index.html"
            served = path.isEmpty ? name : path + "/" + name
            let index = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            close(descriptor)
            descriptor = index
            guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
                if descriptor >= 0 { close(descriptor) }
                return .notFound
            }
        } else if trailingSlash {
            close(descriptor)
            return .notFound
        }
        defer { close(descriptor) }
        guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= Self.maxBytes else { return .notFound }
        guard let bytes = Self.readAll(descriptor, expected: Int(info.st_size)) else { return .notFound }
        return .file(path: served, bytes: bytes)
    }

    /// Every byte of an open file.
    private static func readAll(_ descriptor: Int32, expected: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: expected)
        var total = 0
        while true {
            if total == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            total += count
            if total > maxBytes { return nil }
        }
        bytes.removeSubrange(total...)
        return bytes
    }
}
