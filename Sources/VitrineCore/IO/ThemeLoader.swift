import Foundation

/// Finds a theme folder and reads its files.
public enum ThemeLoader {
    /// Why a theme could not be loaded.
    public struct Failure: Error, Equatable, Sendable {
        /// What went wrong, naming the theme or its file.
        public var message: String
        /// The problem in one file of the theme, located, for workflow annotations and JSON.
        public var diagnostic: Diagnostic?

        /// A failure saying `message`, located by `diagnostic` when one file of the theme is to blame.
        public init(message: String, diagnostic: Diagnostic? = nil) {
            self.message = message
            self.diagnostic = diagnostic
        }
    }

    /// Resolves `nameOrPath`: an existing folder path, or a theme name looked up in
    /// `$VITRINE_THEMES`, `<prefix>/share/vitrine/Themes` beside the executable, the `Themes/`
    /// folder of the source checkout the executable was built in (the nearest folder above it
    /// with a `Package.swift`), and `./Themes`; failing those, and unless `orFolder` is false, a
    /// theme folder of that name in the working directory (`--theme mytheme` for `./mytheme`).
    public static func locate(_ nameOrPath: String, orFolder: Bool = true, executable: String = Executable.path) -> String? {
        var isFolder: ObjCBool = false
        if nameOrPath.contains("/"), FileManager.default.fileExists(atPath: nameOrPath, isDirectory: &isFolder), isFolder.boolValue {
            return nameOrPath
        }
        for candidate in searchFolders(executable: executable) {
            let path = candidate + "/" + nameOrPath
            if isTheme(path) { return path }
        }
        return orFolder && isTheme(nameOrPath) ? nameOrPath : nil
    }

    /// The names of the themes `locate` finds by name, each once, in byte order: what a
    /// misspelt name is compared with.
    public static func installedNames(executable: String = Executable.path) -> [String] {
        let names = searchFolders(executable: executable).flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { isTheme(folder + "/" + $0) }
        }
        return Array(Set(names)).sorted(by: DirectoryWalker.byteOrder)
    }

    /// Where themes are looked up by name, in order: `$VITRINE_THEMES`, `share/vitrine/Themes`
    /// beside the executable, the `Themes/` of the checkout it was built in, and `./Themes`.
    private static func searchFolders(executable: String) -> [String] {
        var candidates: [String] = []
        if let themes = ProcessInfo.processInfo.environment["VITRINE_THEMES"] { candidates.append(themes) }
        if let executablePath = DirectoryWalker.realPath(executable) {
            var folder = URL(fileURLWithPath: executablePath).deletingLastPathComponent()
            candidates.append(folder.deletingLastPathComponent().appendingPathComponent("share/vitrine/Themes").path)
            while folder.path != "/" {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                    candidates.append(folder.appendingPathComponent("Themes").path)
                    break
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/Themes")
        return candidates
    }

    /// The theme in `folder`, laid over the one in `base` (a theme only holds what it changes),
    /// its page templates compiled.
    /// - Throws: when a folder is not a theme, a file cannot be read or a template is broken.
    public static func theme(_ folder: String, over base: String? = nil) throws(Failure) -> Theme {
        try theme(folder == base ? nil : folder, over: try base.map(load) ?? [], named: folder)
    }

    /// The theme in `folder` laid over the files `base` (nil: `base` alone), its page templates
    /// compiled; `name` stands for the theme in messages.
    public static func theme(_ folder: String?, over base: [OutputFile], named name: String) throws(Failure) -> Theme {
        var files: [String: OutputFile] = [:]
        for file in try base + (folder.map(load) ?? []) { files[file.path] = file }
        do {
            var theme = try Theme(files: files.keys.sorted().compactMap { files[$0] })
            theme.folder = name
            return theme
        } catch {
            let file = "\(name)/\(error.file)"
            throw Failure(message: "\(file)\(error.location.map { ":\($0)" } ?? ""): \(error.message)",
                          diagnostic: Diagnostic(.error, error.message, file: file, location: error.location))
        }
    }

    /// Whether `path` is a theme folder: it has `vitrine.css` (a whole theme), `theme.css` (one
    /// laid over the default), `templates/` (pages rearranged, the default's look kept) or
    /// `components/` (custom component templates).
    public static func isTheme(_ path: String) -> Bool {
        func isFolder(_ name: String) -> Bool {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
        }
        return FileManager.default.fileExists(atPath: path + "/vitrine.css") || FileManager.default.fileExists(atPath: path + "/theme.css")
            || isFolder("templates") || isFolder("components")
    }

    /// Every file of the theme folder (hidden ones skipped), paths relative to it, sorted.
    public static func load(_ folder: String) throws(Failure) -> [OutputFile] {
        guard isTheme(folder) else { throw Failure(message: "\(folder) has no vitrine.css, theme.css, templates/ or components/; not a theme") }
        let listing = DirectoryWalker(root: folder).files()
        var reader = FileReader(root: folder)
        reader.tooLargeAdvice = "a theme's files are read up to 16 MiB, whatever the input's limits"
        var files: [OutputFile] = []
        for path in listing {
            do throws(FileReader.Failure) {
                files.append(OutputFile(path: path, bytes: try reader.read(path)))
            } catch {
                throw Failure(message: "\(folder)/\(path): \(error.message)")
            }
        }
        return files
    }
}
