import Foundation
import PackagePlugin

/// Builds `Themes/default` into the target it is applied to (`VitrineDefaultTheme`), so a
/// `vitrine` binary copied anywhere still has its default theme. The files become base64 string
/// literals, which the compiler reads as fast as any string. The work is a few lines of POSIX
/// shell rather than a tool target: a tool would be compiled with whatever flags a build passes,
/// and the fuzz build's libFuzzer flags cannot link an executable of its own.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
    /// `sh -c SCRIPT sh OUTPUT THEME_FOLDER PATH…`: writes the Swift file, replaced whole.
    static let script = #"""
        set -e
        output=$1; folder=$2; shift 2
        {
          echo "// Generated from Themes/default at build time by the EmbedDefaultTheme plugin; do not edit."
          echo "let embeddedFiles: [(path: String, base64: String)] = ["
          for path in "$@"; do
            printf '    ("%s", "%s"),\n' "$path" "$(base64 < "$folder/$path" | tr -d '\n')"
          done
          echo "]"
        } > "$output.tmp"
        mv "$output.tmp" "$output"
        """#

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "Themes/default")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        let paths = try Self.files(in: theme)
        return [
            .buildCommand(displayName: "Embedding Themes/default", executable: URL(fileURLWithPath: "/bin/sh"),
                          arguments: ["-c", Self.script, "sh", output.path(percentEncoded: false), theme.path(percentEncoded: false)] + paths,
                          inputFiles: paths.map { theme.appending(path: $0) }, outputFiles: [output]),
        ]
    }

    /// The theme's files, relative and sorted, hidden ones left out as the theme loader leaves
    /// them; a name a Swift string literal cannot hold as it is (a quote, a backslash) is refused.
    private static func files(in folder: URL) throws -> [String] {
        let root = folder.standardizedFileURL.path(percentEncoded: false)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var paths: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path(percentEncoded: false).dropFirst(root.count + 1))
            guard !path.contains("\"") && !path.contains("\\") else { throw PluginError(description: "Themes/default/\(path): a theme file name with a quote or backslash") }
            paths.append(path)
        }
        return paths.sorted()
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
}
