import ArgumentParser
import VitrineCore

/// Formats diagnostics compiler-style for a terminal or a CI log.
struct DiagnosticPrinter {
    /// How diagnostics are written.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// `path:line:col: error: message (at /pointer)`
        case text
        /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
        case github
        /// One JSON document on stdout (see `DiagnosticReport`).
        case json
    }

    var format: Format
    var colored: Bool

    /// One line for a diagnostic, without a trailing newline.
    func line(for diagnostic: Diagnostic) -> String {
        let file = Self.escaped(diagnostic.file)
        // The whole document's pointer is empty: its position says all (`/` would be the key "").
        let pointer = diagnostic.pointer.map(\.description).flatMap { $0.isEmpty ? nil : $0 }
        let message = Self.escaped(diagnostic.message) + (pointer.map { " (at \(Self.escaped(Self.shortened($0))))" } ?? "")
        switch format {
        case .text:
            let position = diagnostic.location.map { ":\($0.line):\($0.column)" } ?? ""
            let severity = diagnostic.severity.rawValue
            let label = colored ? (diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;35m") + severity + ":\u{1B}[0m" : severity + ":"
            // A problem of no input file (the output's) is the tool's, as other tool messages.
            // A name starting `::` would start a line of a CI log with a workflow command (`::notice…`).
            let place = file.isEmpty ? "vitrine" : (file.first.map { $0 == ":" || $0.isWhitespace } == true ? "./" : "") + file + position
            let location = colored ? "\u{1B}[1m\(place):\u{1B}[0m" : "\(place):"
            return "\(location) \(label) \(message)"
        case .json:
            return message  // `Console` writes JSON as one document; a line is only for logs
        case .github:
            guard !file.isEmpty else { return "::\(diagnostic.severity.rawValue)::" + Self.githubData(message) }
            // The name as GitHub reads it back: a line break or bidi control stays in it (escaped
            // for the workflow command first), or the annotation would not find the file; only
            // the controls that could drive a terminal are shown escaped.
            var properties = "file=" + Self.escaped(Self.githubProperty(diagnostic.file), bidi: false)
            if let location = diagnostic.location { properties += ",line=\(location.line),col=\(location.column)" }
            return "::\(diagnostic.severity.rawValue) \(properties)::" + Self.githubData(message)
        }
    }

    /// A pointer of at most `pointerLength` scalars, longer ones cut in the middle (`/a/0/…/0/b`):
    /// the line and column already say where, and a 512-level pointer would fill a screen.
    /// `--format json` keeps the whole pointer.
    static func shortened(_ pointer: String) -> String {
        guard pointer.utf8.count > pointerLength else { return pointer }  // no more scalars than bytes
        let scalars = pointer.unicodeScalars
        guard scalars.count > pointerLength else { return pointer }
        let half = pointerLength / 2
        var head = Array(scalars.prefix(half)), tail = Array(scalars.suffix(half))
        // Whole reference tokens where there are any: `/a/b/…/y/z`.
        if let slash = head.lastIndex(of: "/"), slash > 0 { head.removeSubrange(slash...) }
        if let slash = tail.firstIndex(of: "/") { tail.removeSubrange(..<slash) }
        return String(String.UnicodeScalarView(head)) + "/…" + String(String.UnicodeScalarView(tail))
    }

    static let pointerLength = 160

    /// Control characters shown as `\u{1B}` so a payload or file name cannot drive the terminal,
    /// and the line and paragraph separators (U+2028, U+2029), which a terminal may break a line at.
    static func escaped(_ text: String, bidi: Bool = true) -> String {
        // Every escaped scalar's UTF-8 is below 0x20, 0x7F, or starts with C2 (C1), E2 (bidi,
        // separators) or D8 (the Arabic letter mark): most texts are passed by that byte scan alone.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == 0xD8 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
                || bidi && ((0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                            || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Percent-escapes what GitHub's workflow-command parser reads as syntax, scalar by scalar.
    static func githubData(_ text: String, property: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func githubProperty(_ text: String) -> String {
        githubData(text, property: true)
    }
}
