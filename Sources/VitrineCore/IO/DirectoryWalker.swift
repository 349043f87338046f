#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists an input tree with `lstat`, in byte-wise order, never leaving the root.
///
/// Hidden entries, editor leftovers and folders holding Vitrine's output marker (a site or a
/// report written there before) are skipped; a symlink is followed only to a regular file
/// inside the root, and then reported as an alias of that file, which is listed once under its
/// own name. Directory links are never followed. Names that are not UTF-8 are reported by bytes.
public struct DirectoryWalker: Sendable {
    /// The input folder walked.
    public let root: String
    /// A directory whose contents are never listed (the output directory, when inside the input).
    public let excluded: String?

    /// A walker of `root` that never lists `excluded` (a real path) or what is in it.
    public init(root: String, excluding excluded: String? = nil) {
        self.root = root
        self.excluded = excluded
    }

    /// Walks the tree and sorts what it finds into payloads and resources.
    public func list() -> InputListing {
        snapshot().listing
    }

    /// The listing, and what `lstat` said of every regular file in it, so a watcher can tell
    /// what changed since the last walk without reading a byte.
    public func snapshot() -> (listing: InputListing, signatures: [String: FileSignature], folders: [String]) {
        var walk = Walk(interesting: Self.isListable)
        walk.excludedID = excludedID
        let realRoot = Self.realPath(root) ?? root
        self.walk(directory: "", realRoot: realRoot, into: &walk)
        var listing = InputListing()
        var seen: [String: String] = [:]  // String keys compare canonically: NFC and NFD meet here
        var folded: [String: String] = [:]
        for path in walk.files {
            if let first = seen[path] {
                walk.diagnostics.append(Diagnostic(.error, "name differs from \(Self.shown(first)) only in Unicode normalisation (NFC/NFD); "
                                                   + "both would make the same page, so this one is skipped: rename one", file: path))
                continue
            }
            seen[path] = path
            let key = path.folding(options: .caseInsensitive, locale: nil)
            if let first = folded[key] {
                // Two payloads of one page (`home.JSON`, `home.json`) are the listing's error, not this warning.
                let onePage = SitePath.pathExtension(path) == "json" && SitePath.screenPage(for: first) == SitePath.screenPage(for: path)
                if !onePage {
                    walk.diagnostics.append(Diagnostic(.warning, "name differs from \(Self.shown(first)) only in letter case; on a "
                                                       + "case-insensitive file system (macOS, Windows) one output would overwrite the other", file: path))
                }
            } else {
                folded[key] = path
            }
            if path.utf8.contains(UInt8(ascii: "\\")) {
                walk.diagnostics.append(Diagnostic(.warning, "name holds a `\\`: its page is built, but `vitrine serve` refuses a `\\` in an address "
                                                   + "(Windows reads it as a folder separator), and Windows cannot hold the file", file: path))
            } else if let problem = Self.windowsProblem(path) {
                walk.diagnostics.append(Diagnostic(.warning, "\(problem): its page is built, but Windows cannot hold the file, so a copy of the site "
                                                   + "there (a zip unpacked) would lack it", file: path))
            }
            listing.add(path)
        }
        listing.diagnostics = walk.diagnostics + listing.diagnostics
        (listing.rootUnreadable, listing.partlyUnread) = (walk.rootUnreadable, walk.partlyUnread)
        return (listing, walk.signatures, walk.folders)
    }

    /// What in `path` a Windows file system refuses: a character of `<>:"|?*` or a control one,
    /// a device's name (`CON`, `com1.json`), or a name that ends in a dot or a space.
    static func windowsProblem(_ path: String) -> String? {
        for name in path.split(separator: "/") {
            if let refused = name.unicodeScalars.first(where: { "<>:\"|?*".unicodeScalars.contains($0) || $0.value < 0x20 }) {
                return "name holds " + (refused.value < 0x20 ? "a control character" : "a `\(refused)`")
            }
            let device = name.prefix { $0 != "." }.uppercased()
            if ["CON", "PRN", "AUX", "NUL"].contains(device) || (device.count == 4 && ["COM", "LPT"].contains(device.prefix(3))
                                                                   && device.last.map { "123456789".contains($0) } == true) {
                return "name `\(name)` is a Windows device's"
            }
            if name.hasSuffix(".") || name.hasSuffix(" ") { return "name `\(name)` ends in a \(name.hasSuffix(".") ? "dot" : "space")" }
        }
        return nil
    }

    /// The excluded folder's device and inode, when it exists.
    private var excludedID: (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard let excluded, stat(excluded, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Every regular file below the root, sorted byte-wise; links and special files are skipped.
    public func files() -> [String] {
        signatures().keys.sorted(by: Self.byteOrder)
    }

    /// Every regular file below the root with what `lstat` said of it.
    public func signatures() -> [String: FileSignature] {
        var walk = Walk(interesting: { _ in false })
        walk.excludedID = excludedID
        self.walk(directory: "", realRoot: Self.realPath(root) ?? root, into: &walk)
        return walk.signatures
    }

    /// What a walk collects: files in byte-wise order (folders are read sorted), and problems.
    private struct Walk {
        let interesting: (String) -> Bool
        var files: [String] = []
        var signatures: [String: FileSignature] = [:]
        /// The excluded folder's device and inode: a folder that is the same is not listed.
        var excludedID: (device: UInt64, inode: UInt64)?
        /// Every folder read, "" for the root.
        var folders: [String] = []
        var diagnostics: [Diagnostic] = []
        /// Whether the root itself could not be read.
        var rootUnreadable = false
        /// Whether a folder or an entry could not be read (not one that went away meanwhile).
        var partlyUnread = false
    }

    private func walk(directory relative: String, realRoot: String, into listing: inout Walk) {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        if let excludedID = listing.excludedID {
            var info = stat()
            if stat(absolute, &info) == 0, UInt64(info.st_dev) == excludedID.device, UInt64(info.st_ino) == excludedID.inode { return }
        }
        guard let handle = opendir(absolute) else {
            listing.partlyUnread = listing.partlyUnread || errno != ENOENT
            listing.diagnostics.append(Diagnostic(.error, "cannot read directory: " + String(cString: strerror(errno)), file: relative.isEmpty ? "." : relative))
            listing.rootUnreadable = relative.isEmpty
            return
        }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = Self.name(of: entry)
            // A folder Vitrine writes (a site or a report, built here before) is never input.
            if !relative.isEmpty, name == Self.outputMarker { return }
            if Self.isIgnored(name) { continue }
            names.append(name)
        }
        listing.folders.append(relative)
        names.sort { $0.lexicographicallyPrecedes($1) }
        for nameBytes in names {
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                let shown = nameBytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                listing.diagnostics.append(Diagnostic(.error, "file name is not UTF-8; skipped", file: (relative.isEmpty ? "" : relative + "/") + shown))
                continue
            }
            let path = relative.isEmpty ? name : relative + "/" + name
            visit(path, realRoot: realRoot, into: &listing)
        }
    }

    private static let outputMarker = Array(LocalSiteWriter.markerName.utf8)

    /// An entry's name, read in place up to its NUL: a `dirent` is only as long as its name, so
    /// loading the whole struct (`entry.pointee`) reads past the last entry of the buffer.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let start = UnsafeRawPointer(entry) + (MemoryLayout<dirent>.offset(of: \.d_name) ?? 0)
        return Array(UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
    }

    /// Whether an entry at `absolute` is a directory (not a link to one): its type as `readdir`
    /// gives it, read in place, or `lstat` when the file system does not say.
    static func isDirectory(_ entry: UnsafeMutablePointer<dirent>, at absolute: String) -> Bool {
        let type = (UnsafeRawPointer(entry) + (MemoryLayout<dirent>.offset(of: \.d_type) ?? 0)).load(as: UInt8.self)
        guard Int(type) == Int(DT_UNKNOWN) else { return Int(type) == Int(DT_DIR) }
        var info = stat()
        return lstat(absolute, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private func visit(_ path: String, realRoot: String, into listing: inout Walk) {
        let absolute = root + "/" + path
        var info = stat()
        guard lstat(absolute, &info) == 0 else {
            listing.partlyUnread = listing.partlyUnread || errno != ENOENT
            listing.diagnostics.append(Diagnostic(.error, "cannot stat: \(String(cString: strerror(errno)))", file: path))
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            walk(directory: path, realRoot: realRoot, into: &listing)
        case S_IFREG:
            listing.files.append(path)
            // Keys compare canonically: an NFD twin of an NFC name (reported later) must not replace it.
            if listing.signatures[path] == nil { listing.signatures[path] = FileSignature(info) }
        case S_IFLNK:
            let target = Self.realPath(absolute)
            var targetInfo = stat()
            let targetType = target.flatMap { stat($0, &targetInfo) == 0 ? targetInfo.st_mode & S_IFMT : nil }
            // A link to a folder may stand for payloads whatever its name; any other link matters
            // only under a name that would be listed.
            // (Without an output folder to leave out, `excluded` is nil, as a broken link's target is.)
            guard targetType == S_IFDIR || listing.interesting(path), target == nil || target != excluded else { return }
            guard let target else {
                listing.diagnostics.append(Diagnostic(.warning, "broken or looping symlink; skipped", file: path))
                return
            }
            guard target.hasPrefix(realRoot + "/") || target == realRoot else {
                listing.diagnostics.append(Diagnostic(.warning, "symlink leads outside the input root; skipped", file: path))
                return
            }
            let isFile = targetType == S_IFREG
            let message = isFile
                ? "symlink to \(target.dropFirst(realRoot.count + 1)) inside the input; that file is rendered once, under its own name"
                : "symlink to a directory or special file; not followed"
            listing.diagnostics.append(Diagnostic(.warning, message, file: path))
        default:
            if listing.interesting(path) {
                listing.diagnostics.append(Diagnostic(.error, "not a regular file; skipped", file: path))
            }
        }
    }

    /// Whether a path would be listed if it were a regular file (so special files there are reported).
    private static func isListable(_ path: String) -> Bool {
        var probe = InputListing()
        probe.add(path)
        return probe != InputListing()
    }

    /// Whether a file or folder of this name is never input: a hidden one, or an editor's swap
    /// or backup file. (A folder holding `LocalSiteWriter.markerName` is not either.)
    public static func isIgnored(_ name: some BidirectionalCollection<UInt8>) -> Bool {
        name.first == UInt8(ascii: ".") || name.first == UInt8(ascii: "#") || name.last == UInt8(ascii: "~") || name.elementsEqual("4913".utf8)
    }

    /// A path with its non-ASCII scalars as `\u{…}`, so names that look alike read differently.
    static func shown(_ path: String) -> String {
        path.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }

    /// Byte-wise order of UTF-8 paths, the order Vitrine lists and writes everything in.
    public static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// The canonical absolute path, resolving every link; nil when it does not resolve.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` from `folder`, both canonical absolute paths: "" for the folder itself, nil for a
    /// path outside it (`/` holds every path).
    public static func relativePath(of path: String, inside folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}

/// What `lstat` says of a file: size, inode and both timestamps, so an edit, a rename over it or
/// a replacement of the same size and time still counts as a change.
public struct FileSignature: Sendable, Hashable {
    /// Size in bytes.
    public var size: Int64
    /// Inode number: a file renamed over another has a new one.
    public var inode: UInt64
    /// Last content change (mtime), in nanoseconds.
    public var modified: Int64
    /// Last status change (ctime), in nanoseconds: moved by a rename that keeps the mtime.
    public var changed: Int64

    init(_ info: stat) {
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
#if canImport(Glibc)
        (modified, changed) = (Self.nanoseconds(info.st_mtim), Self.nanoseconds(info.st_ctim))
#else
        (modified, changed) = (Self.nanoseconds(info.st_mtimespec), Self.nanoseconds(info.st_ctimespec))
#endif
    }

    /// A time as one number; past the year 2262 it wraps around, which still tells times apart.
    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
