extension Diagnostic {
    /// `text` as a message quotes it: its first `limit` scalars, then "…" when there are more.
    static func shortened(_ text: String, to limit: Int = 40) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(limit))) + "…"
    }

    /// The one diagnostic that stands for `count` problems of `file` not shown, `errors` of them
    /// errors (an error when there are any).
    static func notShown(_ count: Int, errors: Int, file: String) -> Diagnostic {
        Diagnostic(errors > 0 ? .error : .warning, "\(count) more problem\(count == 1 ? "" : "s") in this file not shown "
                   + "(\(errors) error\(errors == 1 ? "" : "s"))", file: file)
    }

    /// The problems of one file, at most `limit` of them (`DecodingContext.maxDiagnostics`, as for
    /// a payload), then one that counts the rest: a document of 300,000 broken links made as
    /// many warnings, a 49 MB log and a 74 MB page.
    static func capped(_ diagnostics: [Diagnostic], limit: Int = DecodingContext.maxDiagnostics) -> [Diagnostic] {
        guard diagnostics.count > limit, let file = diagnostics.first?.file else { return diagnostics }
        let rest = diagnostics[limit...]
        return Array(diagnostics[..<limit]) + [notShown(rest.count, errors: rest.count { $0.severity == .error }, file: file)]
    }
}
