import ArgumentParser
import Foundation
import VitrineCore
import VitrineDefaultTheme

/// The options `build`, `check` and `serve` share: what to read, with which theme, how much to print.
struct InputOptions: ParsableArguments {
    /// INPUT when none is given: the demo of a checkout.
    static let defaultInput = "Site"

    @Argument(help: "The folder of payloads (with optional assets/, fonts/, components/ and vitrine.json).")
    var input: String = InputOptions.defaultInput

    @Option(help: "A theme name (looked up in $VITRINE_THEMES, share/vitrine/Themes beside vitrine, the Themes/ of the checkout it was built in and ./Themes) or a theme folder; default: vitrine.json's theme, else default.")
    var theme: String?

    @Option(parsing: .unconditional, help: "Largest payload file read, in MiB (default: vitrine.json's limits.fileSizeMiB, else 16).")
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

    /// The largest payload read: `--max-file-size`, else the input's `limits.fileSizeMiB`, else 16 MiB.
    static func maxBytes(_ maxFileSize: Int?, input: String) -> Int {
        (maxFileSize ?? configuration(input: input)?.limits.fileSizeMiB ?? Limits().fileSizeMiB) << 20
    }

    /// Fails with exit code `failure`, saying why on `console`, unless the input folder exists
    /// and is not a site Vitrine wrote.
    func checkInput(failure: Int32, console: Console, builtSiteHint: String = "give the folder of payloads it was built from") throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
            let folder = (input as NSString).deletingLastPathComponent
            console.fail(FileManager.default.fileExists(atPath: input)
                ? "\(input) is a file; give the folder that holds the payloads (\(folder.isEmpty ? "." : folder))"
                : "input folder \(input) does not exist" + (input == Self.defaultInput ? " (the default INPUT, the demo of a checkout): give the folder of payloads" : ""))
            throw ExitCode(failure)
        }
        guard !FileManager.default.fileExists(atPath: input + "/" + LocalSiteWriter.markerName) else {
            let what = LocalSiteWriter.Content.held(in: input) == .report ? "a changes report" : "a site"
            console.fail("\(input) is \(what) Vitrine wrote (it holds \(LocalSiteWriter.markerName)); \(builtSiteHint)")
            throw ExitCode(failure)
        }
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
    /// good one while the file is half typed). A relative folder path there is the input's, as
    /// every other path in the file is; the working directory's is tried after it. A bare name
    /// is a theme's name, else a theme folder of that name in the input, then in the working
    /// directory.
    static func resolveTheme(_ option: String?, configured: String?, input: String) -> Result<(theme: Theme, folders: [String]), ThemeLoader.Failure> {
        let fromInput = configured.flatMap { configured -> String? in
            guard !configured.hasPrefix("/") else { return nil }
            let folder = input + "/" + configured
            if configured.contains("/") { return ThemeLoader.locate(folder) }
            return ThemeLoader.locate(configured, orFolder: false) == nil && ThemeLoader.isTheme(folder) ? folder : nil
        }
        let name = option ?? fromInput ?? configured ?? "default"
        // A default theme found on disk (a checkout's, whose edits serve watches) is laid over
        // the copy built into vitrine.
        let base = ThemeLoader.locate("default")
        let folder = name == "default" ? base : ThemeLoader.locate(name)
        guard name == "default" || folder != nil else {
            return .failure(ThemeLoader.Failure(message: "theme \(name) not found: no theme of that name in $VITRINE_THEMES, share/vitrine/Themes beside vitrine, "
                                                + "the Themes/ of the checkout vitrine was built in or ./Themes, and no theme folder (with vitrine.css, theme.css or templates/) at \(name) "
                                                + "(only default is built into vitrine)"
                                                + (option == nil && configured != nil ? "; vitrine.json's theme names it, and no theme folder is at \(input)/\(name) either" : "")))
        }
        do throws(ThemeLoader.Failure) {
            // The built-in default lies beneath a default folder too: one holding a theme.css, or
            // an older install's, still has every template.
            let named = folder == base ? nil : folder
            let theme = try ThemeLoader.theme(named, over: builtInDefault + (try base.map(ThemeLoader.load) ?? []), named: folder ?? "default")
            return .success((theme, [named, base].compactMap { $0 }))
        } catch {
            return .failure(error)
        }
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
        guard let bytes = try? FileReader(root: input).read(InputListing.configFile) else { return nil }
        return SiteConfiguration.read(bytes).0
    }

}
