import Foundation

/// What a theme's page templates do against the pages' Content-Security-Policy: scripts written
/// into a template, which the policy keeps from running, and a `head` partial without the
/// policy, whose pages would run any script a template or a payload's custom component holds.
enum TemplateScriptCheck {
    /// The problems of the page template `name` (`head`, `screen`, …), at byte offsets of `bytes`.
    static func problems(in bytes: [UInt8], name: String) -> [(offset: Int, message: String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [(offset: Int, message: String)] = []
        for match in matches(inlineScript, in: text) where runs(match.group) {
            found.append((match.offset, "an inline script, which the pages' Content-Security-Policy does not run: "
                          + "put it in a .js file of the theme, loaded with <script src=\"{{root}}theme/….js\" defer>"))
        }
        for match in matches(handler, in: text) {
            found.append((match.offset, "an event handler attribute (`\(match.group)`), which the pages' Content-Security-Policy does not run: "
                          + "listen for the event in a .js file of the theme"))
        }
        if name == "head", matches(policy, in: text).isEmpty {
            found.append((0, "no <meta http-equiv=\"Content-Security-Policy\" content=\"{{csp}}\">: every page would run inline scripts, "
                          + "a custom component's included, and load from anywhere; keep the default head's tag"))
        }
        return found.sorted { $0.offset < $1.offset }
    }

    /// A `<script>` element without `src`; the group is its attributes.
    private static let inlineScript = try! NSRegularExpression(pattern: #"<script\b(?![^>]*\ssrc\s*=)([^>]*)>"#, options: [.caseInsensitive])
    /// A `type` attribute's value.
    private static let type = try! NSRegularExpression(pattern: #"\stype\s*=\s*["']?([^"'\s>]*)"#, options: [.caseInsensitive])

    /// Whether a script element with these attributes is code a browser runs: one of no `type`,
    /// or of a JavaScript one, not a data block (`application/json`, as a diff page holds).
    private static func runs(_ attributes: String) -> Bool {
        guard let declared = matches(type, in: attributes).first?.group.lowercased() else { return true }
        return ["", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"].contains(declared)
    }
    /// An `on…=` attribute in a tag; the first group is its name.
    private static let handler = try! NSRegularExpression(pattern: #"<[a-z][^<>]*?\s(on[a-z]+)\s*="#, options: [.caseInsensitive])
    /// The policy's meta tag.
    private static let policy = try! NSRegularExpression(pattern: #"http-equiv\s*=\s*["']?content-security-policy"#, options: [.caseInsensitive])

    /// The UTF-8 offset of each match of `expression` in `text`, and its first group when it has one.
    private static func matches(_ expression: NSRegularExpression, in text: String) -> [(offset: Int, group: String)] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let range = Range(match.range, in: text) else { return nil }
            let group = match.numberOfRanges > 1 ? Range(match.range(at: 1), in: text).map { String(text[$0]) } ?? "" : ""
            return (text.utf8.distance(from: text.startIndex, to: range.lowerBound), group)
        }
    }
}
