#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a `LocalSiteWriter` removes: stale pages (but a new page under another letter case) and
/// a killed build's temporary files.
extension LocalSiteWriter {
    /// The files the last build listed and this one does not, less any that is one of this
    /// build's files under another spelling: on a case-insensitive disk (macOS, Windows) the
    /// page of `Home.json` renamed `home.json` is the new page, and removing its old name would
    /// remove it.
    static func stale(last: [String], current: [String], isSameFile: (String, String) -> Bool) -> [String] {
        let kept = Set(current.map(PathKey.init))
        let gone = last.filter { !kept.contains(PathKey($0)) }
        guard !gone.isEmpty else { return [] }
        // Here `café` in NFC and in NFD are one key too (String compares them canonically): one
        // file on a disk that ignores normalisation (macOS), two on Linux, as `isSameFile` tells.
        let goneKeys = Set(gone.map { $0.lowercased() })
        var namesakes: [String: [String]] = [:]
        for path in current where goneKeys.contains(path.lowercased()) { namesakes[path.lowercased(), default: []].append(path) }
        return gone.filter { path in !(namesakes[path.lowercased()] ?? []).contains { isSameFile(path, $0) } }
    }

    /// Whether two paths under `root` name one file (neither a symlink followed).
    static func isSameFile(_ first: String, _ second: String, in root: String) -> Bool {
        var one = stat(), other = stat()
        return lstat(root + "/" + first, &one) == 0 && lstat(root + "/" + second, &other) == 0
            && one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// The files the manifest lists: each path ends with a NUL, as a payload's name may hold a
    /// line break; a manifest of an earlier Vitrine, without a NUL, has a path a line.
    func listedLast() -> [String] {
        // Not the payloads' limit: a site of a million pages lists about 90 MB.
        guard let bytes = try? FileReader(root: root, maxBytes: 1 << 40).read(Self.manifestName) else { return [] }
        let separator: UInt8 = bytes.contains(0) ? 0 : UInt8(ascii: "\n")
        return bytes.split(separator: separator).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Removes a listed file if its path is relative and stays inside the output, with the
    /// folders that leaves empty.
    /// - Returns: why a file that is there could not be removed (a folder without write
    ///   permission), or nil.
    @discardableResult
    func remove(_ path: String) -> String? {
        guard (try? Self.checkRelative(path)) != nil, lock.withLock({ mayWrite }) else { return nil }
        switch removeFile(path) {
        case .removed: lock.withLock { _ = changes.insert(PathKey(path)) }
        case .absent: break
        case .refused(let problem): return problem
        }
        return nil
    }

    /// What became of a file to remove.
    enum Removal: Equatable {
        case removed
        /// Nothing was at its path (or a symlink was on the way, never followed).
        case absent
        /// It is there, and could not be removed: why.
        case refused(String)
    }

    /// Unlinks the file at `path` if every folder on the way is a folder, not a symlink; then
    /// removes the folders that leaves empty, up to the root.
    @discardableResult
    func removeFile(_ path: String) -> Removal {
        folders.using { () -> Removal in
            let components = SitePath.folder(of: path).split(separator: "/")
            let above = [""] + components.indices.map { components[...$0].joined(separator: "/") }
            var chain: [OutputFolders.Handle] = []
            defer { for index in chain.indices { chain[index].release() } }
            for folder in above {
                do throws(SiteWriterError) { chain.append(try folders.handle(folder, create: false)) } catch {
                    return error.folder == nil ? .refused(error.message) : .absent
                }
            }
            let folder = chain[chain.count - 1].descriptor, name = SitePath.fileName(path)
            guard unlinkat(folder, name, 0) == 0 else {
                let problem = errno
                // A folder where the file was is not Vitrine's file (unlink says EISDIR, or EPERM on macOS).
                var info = stat()
                let isFolder = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
                return problem == ENOENT || problem == ENOTDIR || isFolder ? .absent : .refused(String(cString: strerror(problem)))
            }
            removeFoldersLeftEmpty(SitePath.folder(of: path))
            return .removed
        }
    }

    /// Removes `folder` and the folders above it while they are empty; never the output itself.
    func removeFoldersLeftEmpty(_ folder: String) {
        folders.using {
            var path = folder
            while !path.isEmpty {
                let parent = SitePath.folder(of: path)
                guard var handle = try? folders.handle(parent, create: false) else { return }
                defer { handle.release() }
                // Not empty, so neither are its parents.
                guard unlinkat(handle.descriptor, SitePath.fileName(path), AT_REMOVEDIR) == 0 else { return }
                folders.forget(path)
                path = parent
            }
        }
    }

    /// Deletes temporary files a killed build left behind, and the folders made for them alone:
    /// only Vitrine's own prefix, only regular files, only in folders of the output (never
    /// following links).
    func removeLeftoverTemporaryFiles() {
        for path in paths(startingWith: Array(Self.temporaryPrefix.utf8)) {
            let leaf = SitePath.fileName(path)
            folders.using {
                guard var handle = try? folders.handle(SitePath.folder(of: path), create: false) else { return }
                defer { handle.release() }
                if OutputFolders.isRegularFile(leaf, in: handle.descriptor), unlinkat(handle.descriptor, leaf, 0) == 0 {
                    removeFoldersLeftEmpty(SitePath.folder(of: path))
                }
            }
        }
    }

    /// The paths under the output of entries whose name starts with `prefix`: one `readdir` walk
    /// that follows no link (FileManager's enumerator takes 7 % of a rebuild with nothing changed at 10k).
    private func paths(startingWith prefix: [UInt8]) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            guard let handle = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = DirectoryWalker.name(of: entry)
                guard name != Array(".".utf8), name != Array("..".utf8) else { continue }
                let path = (relative.isEmpty ? "" : relative + "/") + String(decoding: name, as: UTF8.self)
                if name.starts(with: prefix) {
                    found.append(path)
                } else if DirectoryWalker.isDirectory(entry, at: root + "/" + path) {
                    walk(path)
                }
            }
        }
        walk("")
        return found
    }
}
