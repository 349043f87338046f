import ArgumentParser
import Foundation
import VitrineCore
import VitrineDefaultTheme

/// The options `build`, `check` and `serve` share: what to read, with which theme, how much to print.
struct InputOptions: ParsableArguments {
    /// INPUT when none is given: the demo of a checkout.
    static let defaultInput = "Site"

    @Argument(help: "The folder of payloads (with optional assets/, fonts/, components/, docs/ of Markdown and vitrine.json).")
    var input: String = InputOptions.defaultInput

    @Option(help: "A theme name (looked up in $VITRINE_THEMES, share/vitrine/Themes beside vitrine, the Themes/ of the checkout it was built in and ./Themes) or a theme folder; default: vitrine.json's theme, else default.")
    var theme: String?

    @Option(parsing: .unconditional, help: "Largest input file read (a payload, an asset, a font), in MiB (default: vitrine.json's limits.fileSizeMiB, else 16).")
    var maxFileSize: Int?

    @Flag(name: .shortAndLong, help: "Print only diagnostics: no progress, no summary.")
    var quiet = false

    func validate() throws {
        try Self.validate(maxFileSize: maxFileSize)
    }

    static func validate(maxFileSize: Int?) throws {
        let range = Limits.fileSizeMiBRange
        guard range.contains(maxFileSize ?? range.lowerBound) else {
            throw ValidationError("--max-file-size must be between \(range.lowerBound) and \(range.upperBound) (MiB)")
        }
    }

    /// The console printing diagnostics in `format`.
    func console(format: DiagnosticPrinter.Format = .text) -> Console {
        Console(quiet: quiet, format: format, input: input)
    }

    var reader: FileReader {
        FileReader(root: input, maxBytes: Self.maxBytes(maxFileSize, input: input))
    }

    /// The largest input file read (a payload, an asset, a font): `--max-file-size`, else the input's `limits.fileSizeMiB`, else 16 MiB.
    static func maxBytes(_ maxFileSize: Int?, input: String) -> Int {
        (maxFileSize ?? configuration(input: input)?.limits.fileSizeMiB ?? Limits().fileSizeMiB) << 20
    }

    /// Fails with exit code `failure`, saying why on `console`, unless the input folder exists,
    /// can be listed, and is not a site Vitrine wrote.
    func checkInput(failure: Int32, console: Console, builtSiteHint: String = "give the folder of payloads it was built from") throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
            console.fail(FileManager.default.fileExists(atPath: input)
                ? "\(input) is a file; give the folder that holds the payloads (\(Self.inputFolder(holding: input)))"
                : "input folder \(input) does not exist" + (input == Self.defaultInput ? " (the default INPUT, the demo of a checkout): give the folder of payloads" : ""))
            throw ExitCode(failure)
        }
        // A folder that cannot be listed would build as an empty input, and the last site's pages would go.
        guard let listing = opendir(input) else {
            console.fail("input folder \(input) cannot be read: " + String(cString: strerror(errno)))
            throw ExitCode(failure)
        }
        closedir(listing)
        guard !FileManager.default.fileExists(atPath: input + "/" + LocalSiteWriter.markerName) else {
            let what = LocalSiteWriter.Content.held(in: input) == .report ? "a changes report" : "a site"
            console.fail("\(input) is \(what) Vitrine wrote (it holds \(LocalSiteWriter.markerName)); \(builtSiteHint)")
            throw ExitCode(failure)
        }
        // `payloads/` given for the folder that holds it: its settings, assets and templates go unread, one warning each.
        let parent = URL(fileURLWithPath: input).standardizedFileURL.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: input + "/" + InputListing.configFile),
           FileManager.default.fileExists(atPath: parent + "/" + InputListing.configFile) {
            console.warn("\(input) has no \(InputListing.configFile), but the folder above it has: give that folder to build with its settings, "
                         + "assets/, fonts/, components/ and docs/")
        }
    }

    /// The folder to build for `file`, spelt as it is given: the nearest folder on its path
    /// that holds `vitrine.json` (`site` for `site/payloads/home.json`, `.` for
    /// `payloads/home.json` in the folder that holds it), else the file's own.
    static func inputFolder(holding file: String) -> String {
        let own = (file as NSString).deletingLastPathComponent
        var folder = own
        while true {
            let shown = folder.isEmpty ? "." : folder
            if FileManager.default.fileExists(atPath: shown + "/" + InputListing.configFile) { return shown }
            if folder.isEmpty || folder == "/" || folder.hasPrefix("..") && !folder.contains("/") { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return own.isEmpty ? "." : own
    }

    /// The theme named by `--theme`, else by `vitrine.json`, else `default`, laid over the
    /// default theme (a theme only holds what it changes); exit code `failure` with a message
    /// when it cannot be used.
    func loadTheme(failure: Int32, console: Console) throws -> Theme {
        try Self.loadTheme(theme, input: input, console: console, failure: failure)
    }

    /// `loadTheme(failure:)` for commands without these options (`diff`).
    static func loadTheme(_ name: String?, input: String, console: Console, failure code: Int32) throws -> Theme {
        try loadedTheme(name, input: input, console: console, failure: code).theme
    }

    /// The theme and the folders it was read from (`serve` watches them); exit code `failure`
    /// with a message when it cannot be used. (Its unused templates are the build's warnings.)
    static func loadedTheme(_ name: String?, input: String, console: Console, failure code: Int32) throws -> (theme: Theme, folders: [String]) {
        switch resolveTheme(name, input: input) {
        case .success(let loaded):
            return loaded
        case .failure(let failure):
            console.fail(failure.message, at: failure.diagnostic)
            throw ExitCode(code)
        }
    }

    /// The theme and the folders it was read from (the named one, then the default under it).
    static func resolveTheme(_ name: String?, input: String) -> Result<(theme: Theme, folders: [String]), ThemeLoader.Failure> {
        resolveTheme(name, configured: configuredTheme(input: input), input: input)
    }

    /// `resolveTheme(_:input:)` with the theme `vitrine.json` names given (`serve` keeps the last
    /// good one while the file is half typed); `--theme` (`option`) goes before it.
    static func resolveTheme(_ option: String?, configured: String?, input: String) -> Result<(theme: Theme, folders: [String]), ThemeLoader.Failure> {
        // A default theme found on disk (a checkout's, whose edits serve watches) is laid over
        // the copy built into vitrine.
        let base = ThemeLoader.locate("default")
        let folder: String?
        switch (option ?? configured ?? "default", option) {
        case ("default", _):
            folder = base
        case (let name, nil):
            switch inputTheme(name, input: input) {
            case .success(let found): folder = found
            case .failure(let failure): return .failure(located(failure, input: input))
            }
        case (let name, _):
            folder = ThemeLoader.locate(name)
            guard folder != nil else {
                return .failure(ThemeLoader.Failure(message: "theme \(name) not found: no theme of that name in \(installedThemes), "
                                                    + "and no theme folder (with vitrine.css, theme.css, templates/ or components/) at \(name) "
                                                    + "(themes by name: \(themeNames))" + meant(name, in: nil)))
            }
        }
        do throws(ThemeLoader.Failure) {
            // The built-in default lies beneath a default folder too: one holding a theme.css, or
            // an older install's, still has every template.
            let named = folder == base ? nil : folder
            // A theme inside the input is named from it, as its payloads are (index.json then holds
            // no path of this machine's), and a template that stops the build from the working
            // directory, as the input is; another theme by its folder, as given or found.
            var inputFolder: String?
            if let named, let real = DirectoryWalker.realPath(named), let root = DirectoryWalker.realPath(input),
               let inside = DirectoryWalker.relativePath(of: real, inside: root), !inside.isEmpty {
                inputFolder = inside
            }
            var theme = try ThemeLoader.theme(named, over: builtInDefault + (try base.map(ThemeLoader.load) ?? []),
                                              named: inputFolder.map { Console.pathPrefix(input: input) + $0 } ?? folder ?? "default")
            if let inputFolder { (theme.folder, theme.inputFolder) = (inputFolder, inputFolder) }
            return .success((theme, [named, base].compactMap { $0 }))
        } catch {
            return .failure(error)
        }
    }

    /// "; did you mean …?" with the installed theme, or the theme folder beside the one named
    /// (inside `input` when given), that `name` most likely misspells; "" when none is close.
    private static func meant(_ name: String, in input: String?) -> String {
        let parent = SitePath.folder(of: name)
        let base = input.map { $0 + "/" + parent } ?? (parent.isEmpty ? "." : parent)
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [])
            .filter { ThemeLoader.isTheme(base + "/" + $0) }
            .map { parent.isEmpty ? $0 : parent + "/" + $0 }
        let names = (parent.isEmpty ? ["default"] + ThemeLoader.installedNames() : []) + siblings  // default is built in
        return Misspelling.likelyMeant(name, among: names).map { "; did you mean \($0)?" } ?? ""
    }

    /// The themes `--theme` takes by name, for a message: the built-in default, then those installed.
    private static var themeNames: String {
        (["default (built into vitrine)"] + ThemeLoader.installedNames().filter { $0 != "default" }).joined(separator: ", ")
    }

    /// Where `--theme` looks a theme's name up, but for the working directory; with what
    /// `$VITRINE_THEMES` holds, and a word when it names a theme rather than a folder of them.
    private static var installedThemes: String {
        let variable = ProcessInfo.processInfo.environment["VITRINE_THEMES"].flatMap { $0.isEmpty ? nil : $0 }
        let value = variable.map { ThemeLoader.isTheme($0) ? " (\($0), itself a theme: it names the folder that holds themes)" : " (\($0))" } ?? " (unset)"
        return "$VITRINE_THEMES\(value), share/vitrine/Themes beside vitrine, the Themes/ of the checkout vitrine was built in or ./Themes"
    }

    /// The folder of the theme `vitrine.json` names: an installed theme's name (looked up as
    /// `--theme` does, but for the working directory), else a theme folder inside the input; a
    /// path is the input's. As for every other file a payload tree names, nothing outside the
    /// input is read: a theme there is given with `--theme`.
    private static func inputTheme(_ name: String, input: String) -> Result<String, ThemeLoader.Failure> {
        if !name.contains("/"), let installed = ThemeLoader.locate(name, orFolder: false) { return .success(installed) }
        let folder = input + "/" + name
        let found = name.hasPrefix("/") ? nil : DirectoryWalker.realPath(folder)
        guard let real = found, let root = DirectoryWalker.realPath(input), DirectoryWalker.relativePath(of: real, inside: root)?.isEmpty == false else {
            let missing = !name.hasPrefix("/") && found == nil
            return .failure(ThemeLoader.Failure(message: missing
                ? "theme \(name) not found: vitrine.json names no theme installed (in \(installedThemes)) and no theme folder at \(folder)"
                  + meant(name, in: input)
                : "theme \(name) is not inside the input folder: vitrine.json may name an installed theme or a theme folder inside the input; "
                  + "give --theme for any other folder"))
        }
        guard ThemeLoader.isTheme(real) else {
            return .failure(ThemeLoader.Failure(message: "theme \(name) not found: vitrine.json names no theme installed (in \(installedThemes)), "
                                                + "and \(folder) has no vitrine.css, theme.css, templates/ or components/"))
        }
        return .success(real)  // what was checked is what is read, whatever a link does later
    }

    /// `failure` at the `theme` value of the input's `vitrine.json`, which named the theme: its
    /// message starts with the file's line and column, and its diagnostic points there.
    private static func located(_ failure: ThemeLoader.Failure, input: String) -> ThemeLoader.Failure {
        guard let bytes = try? FileReader(root: input).read(InputListing.configFile) else { return failure }
        let parsed = JSONReader.read(bytes)
        guard let value = parsed.root?["theme"] else { return failure }
        let location = parsed.text.location(of: value.offset)
        let file = Console.pathPrefix(input: input) + InputListing.configFile
        return ThemeLoader.Failure(message: "\(file):\(location): \(failure.message)",
                                   diagnostic: Diagnostic(.error, failure.message, file: file, location: location, pointer: .root.appending("theme")))
    }

    /// The default theme as built into the binary (`Themes/default` when it was compiled), beneath
    /// every theme and any `default` folder found on disk.
    static var builtInDefault: [OutputFile] {
        DefaultTheme.files.map { OutputFile(path: $0.path, bytes: $0.bytes) }
    }

    /// The `theme` of the input's `vitrine.json`, if it names one (its problems are reported by the build).
    private static func configuredTheme(input: String) -> String? {
        configuration(input: input)?.theme
    }

    /// The input's `vitrine.json`, when it has one (its problems are reported by the build).
    private static func configuration(input: String) -> SiteConfiguration? {
        SiteConfiguration.read(from: FileReader(root: input))?.0
    }

}
