import Foundation

/// What a theme's page templates do against the pages' Content-Security-Policy: scripts written
/// into a template, which the policy keeps from running, and a `head` partial without the
/// policy, whose pages would run any script a template or a payload's custom component holds.
enum TemplateScriptCheck {
    /// The problems of the page template `name` (`head`, `screen`, …), at byte offsets of its
    /// `bytes`; `templates` are the theme's page templates by name, which `head` may hold the
    /// policy's tag through (`{{> csp}}`).
    static func problems(in bytes: [UInt8], name: String, templates: [String: [UInt8]]) -> [(offset: Int, message: String)] {
        var found: [(offset: Int, message: String)] = []
        for tag in tags(in: withoutComments(bytes)) {
            if tag.name == "script", tag.attribute("src") == nil, runs(type: tag.attribute("type")) {
                found.append((tag.offset, "an inline script, which the pages' Content-Security-Policy does not run: "
                              + "put it in a .js file of the theme, loaded with <script src=\"{{root}}theme/….js\" defer>"))
            }
            for attribute in tag.attributes where attribute.name.count > 2 && attribute.name.hasPrefix("on") && attribute.name.allSatisfy(\.isLetter) {
                found.append((attribute.offset, "an event handler attribute (`\(attribute.name)`), which the pages' Content-Security-Policy "
                              + "does not run: listen for the event in a .js file of the theme"))
            }
        }
        if name == "head", !holdsPolicy(bytes, templates: templates, seen: [name]) {
            found.append((0, "no <meta http-equiv=\"Content-Security-Policy\" content=\"{{csp}}\">: every page would run inline scripts, "
                          + "a custom component's included, and load from anywhere; keep the default head's tag"))
        }
        return found.sorted { $0.offset < $1.offset }
    }

    /// An element's start tag: its lowercased name, and its attributes with the offsets of their names.
    struct Tag {
        var name: String
        var offset: Int
        var attributes: [(name: String, value: String, offset: Int)] = []

        /// The value of the attribute `name` (lowercased), nil when the tag has none.
        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// Whether a script element of this `type` is code a browser runs, not a data block
    /// (`application/json`, as a diff page holds).
    private static func runs(type: String?) -> Bool {
        guard let type = type?.lowercased().trimmingCharacters(in: .whitespaces), !type.isEmpty else { return true }
        return type == "module" || ["javascript", "ecmascript", "jscript", "livescript"].contains { type.contains($0) }
    }

    /// Whether `bytes`, or a template they include, has the policy's `<meta http-equiv>` tag.
    private static func holdsPolicy(_ bytes: [UInt8], templates: [String: [UInt8]], seen: Set<String>) -> Bool {
        let text = withoutComments(bytes)
        if tags(in: text).contains(where: { $0.name == "meta" && $0.attribute("http-equiv")?.lowercased() == "content-security-policy" }) { return true }
        // The partials it includes, as the page renderer reads them (comments, set delimiters).
        let partials = ((try? PageTemplate(bytes))?.includes ?? []).map(\.name)
        return partials.contains { name in
            !seen.contains(name) && templates[name].map { holdsPolicy($0, templates: templates, seen: seen.union([name])) } == true
        }
    }

    /// `bytes` with each Mustache comment (`{{! … }}`) blanked out, offsets kept.
    private static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes, index = 0
        while index + 2 < out.count {
            guard out[index] == UInt8(ascii: "{"), out[index + 1] == UInt8(ascii: "{"), out[index + 2] == UInt8(ascii: "!") else { index += 1; continue }
            var end = index + 3
            while end + 1 < out.count, !(out[end] == UInt8(ascii: "}") && out[end + 1] == UInt8(ascii: "}")) { end += 1 }
            let stop = min(end + 2, out.count)
            for blank in index..<stop where out[blank] != UInt8(ascii: "\n") { out[blank] = UInt8(ascii: " ") }
            index = stop
        }
        return out
    }

    /// The start tags of `bytes`, read as a browser splits attributes: a name, then `=` and a
    /// value, quoted or not. Text, end tags and comments are passed over.
    static func tags(in bytes: [UInt8]) -> [Tag] {
        var found: [Tag] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, isLetter(bytes[index + 1]) else { index += 1; continue }
            var tag = Tag(name: "", offset: index)
            index += 1
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { index += 1 }
            tag.name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1; continue }
                let attributeStart = index
                while index < bytes.count, !isSpace(bytes[index]), !"=>/".utf8.contains(bytes[index]) { index += 1 }
                let name = String(decoding: bytes[attributeStart..<index], as: UTF8.self).lowercased()
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                var value = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        let quote = bytes[index], valueStart = index + 1
                        index = valueStart
                        while index < bytes.count, bytes[index] != quote { index += 1 }
                        value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
                        index += 1
                    } else {
                        let valueStart = index
                        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                        value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                    }
                }
                if !name.isEmpty { tag.attributes.append((name, value, attributeStart)) }
            }
            found.append(tag)
        }
        return found
    }
}
