#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The folders of an output directory, each opened from its parent without following a
/// symlink and kept open for a build, so that files are made, renamed and removed relative to
/// an open folder: a symlink planted after the folder was opened leads nowhere.
final class OutputFolders: @unchecked Sendable {
    /// The output directory's real path.
    let root: String
    private let lock = NSLock()
    /// Open folders by path ("" is the root), byte for byte: `café` in NFC and NFD are two folders.
    private var opened: [PathKey: Int32] = [:]
    /// Descriptors of forgotten folders, closed once no one uses any (`using`).
    private var retired: [Int32] = []
    private var users = 0
    /// How many folders stay open at once; more are opened for each use (a site of 10,000
    /// screens has about 450 folders: opening each file's folder again costs a tenth of a build).
    let limit: Int

    /// - Parameter limit: by default a quarter of the process's descriptors (the CLI raises
    ///   their soft limit to the hard one: `DescriptorLimit`), at most 4,096.
    init(root: String, limit: Int? = nil) {
        self.root = root
        self.limit = limit ?? Self.defaultLimit
    }

    static var defaultLimit: Int {
        var limits = rlimit()
        #if canImport(Glibc)
        let known = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0
        #else
        let known = getrlimit(RLIMIT_NOFILE, &limits) == 0
        #endif
        return known ? max(8, Int(min(limits.rlim_cur / 4, 4096))) : 64
    }

    deinit {
        for descriptor in opened.values + retired { close(descriptor) }
    }

    /// An open folder: kept open for the build, or `owned` and closed on release.
    struct Handle {
        let descriptor: Int32
        var owned: Bool

        mutating func release() {
            if owned { close(descriptor) }
            owned = false
        }
    }

    /// Runs `body` using open folders: a descriptor forgotten meanwhile is closed only once no
    /// one is using any.
    func using<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        lock.withLock { users += 1 }
        defer {
            lock.withLock {
                users -= 1
                closeRetiredIfUnused()
            }
        }
        return try body()
    }

    /// `folder` ("" is the output itself) opened from its parent without following a symlink.
    /// `create` makes missing folders and removes a symlink where one goes: never followed.
    /// Only inside `using`.
    func handle(_ folder: String, create: Bool) throws(SiteWriterError) -> Handle {
        if let descriptor = lock.withLock({ opened[PathKey(folder)] }) { return Handle(descriptor: descriptor, owned: false) }
        let descriptor: Int32
        if folder.isEmpty {
            // The output itself may have been deleted under a running `serve`, with folders above
            // it (`rm -rf build` of `build/site`): make them again.
            var info = stat()
            if create, lstat(root, &info) != 0, let problem = Self.makeFolders(root) {
                throw SiteWriterError(path: root, message: "cannot create the output directory: \(problem)")
            }
            descriptor = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw SiteWriterError(path: root, message: "the output directory was replaced by something that is not a folder")
            }
        } else {
            var parent = try handle(SitePath.folder(of: folder), create: create)
            defer { parent.release() }
            descriptor = try Self.openChild(SitePath.fileName(folder), of: parent.descriptor, create: create, path: folder)
        }
        return lock.withLock {
            if let first = opened[PathKey(folder)] {  // another thread opened it meanwhile
                close(descriptor)
                return Handle(descriptor: first, owned: false)
            }
            guard opened.count < limit else { return Handle(descriptor: descriptor, owned: true) }
            opened[PathKey(folder)] = descriptor
            return Handle(descriptor: descriptor, owned: false)
        }
    }

    /// How many descriptors are open: folders kept and forgotten ones not yet closed.
    var descriptorCount: Int {
        lock.withLock { opened.count + retired.count }
    }

    /// Forgets every open folder: each may have been removed or replaced since it was opened.
    func forgetAll() {
        lock.withLock {
            retired += opened.values
            opened = [:]
            closeRetiredIfUnused()
        }
    }

    /// Forgets one removed folder.
    func forget(_ folder: String) {
        lock.withLock {
            if let descriptor = opened.removeValue(forKey: PathKey(folder)) { retired.append(descriptor) }
            closeRetiredIfUnused()
        }
    }

    /// The open folders no longer found at their path, opened afresh from the root: moved away,
    /// removed, or swapped for a symlink or another folder since they were opened.
    func replaced() -> [String] {
        let open = lock.withLock { opened }
        return open.sorted { DirectoryWalker.byteOrder($0.key.path, $1.key.path) }.filter { !isStill($0.key.path, $0.value) }.map(\.key.path)
    }

    /// Whether `path`, walked from the root without following links, is the folder `descriptor` has open.
    private func isStill(_ path: String, _ descriptor: Int32) -> Bool {
        var (kept, found) = (stat(), stat())
        var current = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        for name in path.split(separator: "/") where current >= 0 {
            let next = openat(current, String(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(current)
            current = next
        }
        guard current >= 0 else { return false }
        defer { close(current) }
        return fstat(descriptor, &kept) == 0 && fstat(current, &found) == 0 && kept.st_dev == found.st_dev && kept.st_ino == found.st_ino
    }

    /// Whether `name` in the open `folder` is a regular file (a symlink is not followed).
    static func isRegularFile(_ name: String, in folder: Int32) -> Bool {
        var info = stat()
        return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// With the lock held.
    private func closeRetiredIfUnused() {
        guard users == 0 else { return }
        for descriptor in retired { close(descriptor) }
        retired = []
    }

    /// Makes `path` and the folders above it that are missing; why it could not, or nil.
    static func makeFolders(_ path: String) -> String? {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0, errno != EEXIST { return String(cString: strerror(errno)) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        return info.st_mode & S_IFMT == S_IFDIR ? nil : "it is a file"
    }

    /// Opens the folder `name` in `parent`, making it first if `create` and it is missing or a symlink.
    private static func openChild(_ name: String, of parent: Int32, create: Bool, path: String) throws(SiteWriterError) -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var descriptor = openat(parent, name, flags)
        if descriptor < 0, create {
            var info = stat()
            if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK,
               unlinkat(parent, name, 0) != 0, errno != ENOENT {
                // Another thread may have replaced it already: then the folder is there.
                let problem = errno
                guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                    throw SiteWriterError(path: path, message: "cannot remove the symlink where a folder goes: \(String(cString: strerror(problem)))")
                }
            }
            if mkdirat(parent, name, 0o755) != 0, errno != EEXIST {
                throw SiteWriterError(path: path, message: "cannot create folder: \(String(cString: strerror(errno)))")
            }
            descriptor = openat(parent, name, flags)
        }
        guard descriptor >= 0 else {
            switch errno {
            case ENOTDIR, ELOOP: throw SiteWriterError(path: path, message: "exists in the output and is not a folder", folder: .notAFolder)
            case ENOENT: throw SiteWriterError(path: path, message: "is not in the output", folder: .missing)
            default: throw SiteWriterError(path: path, message: "cannot open folder: \(String(cString: strerror(errno)))")
            }
        }
        return descriptor
    }
}
