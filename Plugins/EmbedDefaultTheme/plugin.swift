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
            encoded=$(base64 < "$folder/$path") || exit 1
            printf '    ("%s", "%s"),\n' "$path" "$(printf '%s' "$encoded" | tr -d '\n')"
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

    /// The theme's files, relative and sorted; a name a Swift string literal cannot hold as it is
    /// (a quote, a backslash, a control character) is refused.
    private static func files(in folder: URL) throws -> [String] {
        let root = folder.path(percentEncoded: false)
        var paths: [String] = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
            // Left out as the theme loader leaves them out: hidden files and editor leftovers.
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0.hasPrefix("#") || $0.hasSuffix("~") || $0 == "4913" }) else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            guard !path.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }) else {
                throw PluginError(description: "Themes/default/\(path): a theme file name with a quote, backslash or control character")
            }
            paths.append(path)
        }
        return paths.sorted()
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
}
