extension PageTemplate {
    /// Reads a template's bytes into parts.
    ///
    /// A line holding only whitespace and one section, inverted section, closing, comment,
    /// partial or delimiter tag is "standalone" and leaves no trace in the output (Mustache
    /// spec); a standalone partial is drawn with the whitespace before its tag on every line.
    struct Parser {
        let bytes: [UInt8]
        var position = 0
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Parses up to the end of the template, or of the section `section` opened before;
        /// says whether the section's closing tag stood alone on its line.
        mutating func parse(section: (name: String, offset: Int)?, atLineStart: Bool = true,
                            depth: Int = 0) throws(SyntaxError) -> (parts: [Part], closedAlone: Bool) {
            var parts: [Part] = []
            var atLineStart = atLineStart
            // Blanks that start the line, kept until the line shows whether they are output.
            var indentation: ArraySlice<UInt8> = []
            while position < bytes.count {
                if atLineStart { indentation = readBlanks() }
                let text = readText()
                if let newline = readNewline() {
                    parts.append(.text(Array(indentation + text + newline)))
                    indentation = []
                    atLineStart = true
                    continue
                }
                if !text.isEmpty {
                    parts.append(.text(Array(indentation + text)))
                    indentation = []
                    atLineStart = false
                }
                guard position < bytes.count else { break }
                let tagStart = position
                position += open.count
                let sigil = position < bytes.count ? bytes[position] : 0
                // Whether the tag stood alone on its line, which it then took whole, newline and all.
                var alone = false
                switch sigil {
                case UInt8(ascii: "#"), UInt8(ascii: "^"):
                    guard depth < PageTemplate.nestingLimit else {
                        throw SyntaxError(message: "sections nest more than \(PageTemplate.nestingLimit) deep", offset: tagStart)
                    }
                    position += 1
                    let name = try readName(tagStart: tagStart)
                    let openedAlone = atLineStart && finishLine()
                    if openedAlone { indentation = [] } else { flush(&indentation, into: &parts) }
                    let (inner, closedAlone) = try parse(section: (name, tagStart), atLineStart: openedAlone, depth: depth + 1)
                    parts.append(.section(Name(name), inner, inverted: sigil == UInt8(ascii: "^")))
                    alone = closedAlone
                case UInt8(ascii: "/"):
                    position += 1
                    let name = try readName(tagStart: tagStart)
                    guard let section, section.name == name else {
                        throw SyntaxError(message: section.map { "`\(name)` closes section `\($0.name)`" } ?? "`\(name)` closes no open section", offset: tagStart)
                    }
                    let closedAlone = atLineStart && finishLine()
                    if !closedAlone { flush(&indentation, into: &parts) }
                    return (parts, closedAlone)
                case UInt8(ascii: "!"):
                    guard let end = find(close, from: position) else { throw SyntaxError(message: "comment is not closed", offset: tagStart) }
                    position = end + close.count
                    alone = atLineStart && finishLine()
                case UInt8(ascii: "{"):
                    flush(&indentation, into: &parts)
                    position += 1
                    let name = try readName(tagStart: tagStart, closing: [UInt8(ascii: "}")] + close)
                    parts.append(.value(Name(name), escaped: false))
                case UInt8(ascii: "&"):
                    flush(&indentation, into: &parts)
                    position += 1
                    parts.append(.value(Name(try readName(tagStart: tagStart)), escaped: false))
                case UInt8(ascii: ">"):
                    position += 1
                    let name = try readName(tagStart: tagStart, allowingSlash: true)
                    alone = atLineStart && finishLine()
                    if alone {
                        parts.append(.partial(Include(name, indentation: Array(indentation), offset: tagStart)))
                    } else {
                        flush(&indentation, into: &parts)
                        parts.append(.partial(Include(name, indentation: [], offset: tagStart)))
                    }
                case UInt8(ascii: "="):
                    position += 1
                    try setDelimiters(tagStart: tagStart)
                    alone = atLineStart && finishLine()
                case UInt8(ascii: "%"):
                    throw SyntaxError(message: "pragmas (`{{%…}}`) are not supported in page templates", offset: tagStart, isUnsupported: true)
                case UInt8(ascii: "<"), UInt8(ascii: "$"):
                    throw SyntaxError(message: "template inheritance (`{{<…}}`, `{{$…}}`) is not supported in page templates", offset: tagStart, isUnsupported: true)
                default:
                    flush(&indentation, into: &parts)
                    parts.append(.value(Name(try readName(tagStart: tagStart)), escaped: true))
                }
                if alone { indentation = [] }
                atLineStart = alone
            }
            if let section {
                throw SyntaxError(message: "section `\(section.name)` is not closed", offset: section.offset)
            }
            flush(&indentation, into: &parts)
            return (parts, false)
        }

        private func flush(_ indentation: inout ArraySlice<UInt8>, into parts: inout [Part]) {
            guard !indentation.isEmpty else { return }
            parts.append(.text(Array(indentation)))
            indentation = []
        }

        private mutating func readBlanks() -> ArraySlice<UInt8> {
            let start = position
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
            return bytes[start..<position]
        }

        /// Text up to the next opening delimiter (left unread) or newline (left unread).
        private mutating func readText() -> ArraySlice<UInt8> {
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n")) { break }
                if byte == open[0], matches(open, at: position) { break }
                position += 1
            }
            return bytes[start..<position]
        }

        private mutating func readNewline() -> ArraySlice<UInt8>? {
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: "\n") {
                position += 1
                return bytes[(position - 1)..<position]
            }
            if bytes[position] == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n") {
                position += 2
                return bytes[(position - 2)..<position]
            }
            return nil
        }

        /// Whether only blanks follow up to the end of the line; if so, reads through the newline.
        private mutating func finishLine() -> Bool {
            var probe = position
            while probe < bytes.count, bytes[probe] == UInt8(ascii: " ") || bytes[probe] == UInt8(ascii: "\t") { probe += 1 }
            let saved = position
            position = probe
            if position == bytes.count || readNewline() != nil { return true }
            position = saved
            return false
        }

        private static let nameBytes = Set(Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*".utf8))

        /// Reads a tag's name and its closing delimiter.
        private mutating func readName(tagStart: Int, closing: [UInt8]? = nil, allowingSlash: Bool = false) throws(SyntaxError) -> String {
            _ = readBlanks()
            let start = position
            while position < bytes.count, Self.nameBytes.contains(bytes[position]) || (allowingSlash && bytes[position] == UInt8(ascii: "/")) {
                position += 1
            }
            let name = String(decoding: bytes[start..<position], as: UTF8.self)
            _ = readBlanks()
            let closing = closing ?? close
            if position < bytes.count, bytes[position] == UInt8(ascii: "(") {
                throw SyntaxError(message: "transforms (`name(value)`) are not supported in page templates", offset: tagStart, isUnsupported: true)
            }
            guard matches(closing, at: position) else {
                throw SyntaxError(message: "tag is not closed with `\(String(decoding: closing, as: UTF8.self))`, or its name has a character names cannot have", offset: tagStart)
            }
            guard !name.isEmpty, name == "." || !name.hasSuffix(".") && !name.contains("..") else {
                throw SyntaxError(message: name.isEmpty ? "tag has no name" : "`\(name)` is not a name", offset: tagStart)
            }
            position += closing.count
            return name
        }

        /// `{{=<% %>=}}`: two delimiters without blanks or `=`, then `=` and the current closing delimiter.
        private mutating func setDelimiters(tagStart: Int) throws(SyntaxError) {
            func word() -> [UInt8] {
                _ = readBlanks()
                let start = position
                while position < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "="), UInt8(ascii: "\n")].contains(bytes[position]) { position += 1 }
                return Array(bytes[start..<position])
            }
            let newOpen = word()
            let newClose = word()
            _ = readBlanks()
            guard !newOpen.isEmpty, !newClose.isEmpty, position < bytes.count, bytes[position] == UInt8(ascii: "="),
                  matches(close, at: position + 1) else {
                throw SyntaxError(message: "set-delimiter tag is malformed (write `{{=<% %>=}}`)", offset: tagStart)
            }
            position += 1 + close.count
            (open, close) = (newOpen, newClose)
        }

        private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
            guard offset + pattern.count <= bytes.count else { return false }
            for index in pattern.indices where bytes[offset + index] != pattern[index] { return false }
            return true
        }

        private func find(_ pattern: [UInt8], from offset: Int) -> Int? {
            var probe = offset
            while probe + pattern.count <= bytes.count {
                if matches(pattern, at: probe) { return probe }
                probe += 1
            }
            return nil
        }
    }
}
