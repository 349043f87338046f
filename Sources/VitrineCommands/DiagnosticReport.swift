import Foundation
import VitrineCore

/// The machine-readable diagnostics of `--format json`.
///
/// Schema (stable; keys sorted): `{"diagnostics": [{"file", "line", "column", "pointer",
/// "severity", "message"}], "errors": Int, "warnings": Int, "payloadFiles": Int}` (0 payload
/// files when the command could not run). `line`,
/// `column` and `pointer` are absent when unknown; lines and columns are 1-based, columns count
/// Unicode scalars. `file` is the path as the terminal prints it (the input folder as given,
/// then the path inside it; an absolute input folder is left out), and empty for a problem of
/// no input file (an output file that could not be written, or a command that could not run).
struct DiagnosticReport: Encodable {
    struct Entry: Encodable {
        var file: String
        var line: Int?
        var column: Int?
        var pointer: String?
        var severity: String
        var message: String
    }

    var diagnostics: [Entry]
    var errors: Int
    var warnings: Int
    var payloadFiles: Int

    init(_ diagnostics: [Diagnostic], screens: Int) {
        self.diagnostics = diagnostics.map {
            Entry(file: $0.file, line: $0.location?.line, column: $0.location?.column, pointer: $0.pointer?.description,
                  severity: $0.severity.rawValue, message: $0.message)
        }
        errors = diagnostics.count { $0.severity == .error }
        warnings = diagnostics.count - errors
        payloadFiles = screens
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
