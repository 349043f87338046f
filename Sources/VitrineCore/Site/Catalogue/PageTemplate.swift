/// A page template compiled once per build: Mustache's tags (variables, sections, inverted
/// sections, partials, comments, set delimiters) with the whitespace rules of the Mustache spec,
/// rendered straight into bytes.
///
/// Vitrine renders its page templates itself rather than through swift-mustache, which looks up
/// every `{{name}}` through dynamic protocol casts: a fifth of a clean build's CPU time for the
/// pages. Component templates (payload data, `components/*.mustache`) use swift-mustache.
struct PageTemplate: Sendable {
    /// A name as written in a tag: `.` is the current value; `a.b` looks `a` up through the
    /// context stack, then `b` inside it; `.a` looks only in the current value.
    struct Name: Sendable, Equatable {
        var parts: [String]
        /// Whether the first part is looked up only in the current value.
        var anchored: Bool

        init(_ text: String) {
            anchored = text.first == "." && text != "."
            parts = text.split(separator: ".").map(String.init)
        }
    }

    /// A `{{> name}}` tag. A standalone one is indented: the whitespace before its tag starts
    /// every line of the partial, which the theme compiles as a template of its own (`key`).
    struct Include: Sendable, Equatable {
        var name: String
        var indentation: [UInt8]
        /// Byte offset of the tag in its template.
        var offset: Int
        /// The library's name for the partial, indented as this include needs it.
        let key: String

        init(_ name: String, indentation: [UInt8], offset: Int) {
            self.name = name
            self.indentation = indentation
            self.offset = offset
            key = indentation.isEmpty ? name : name + "\u{1F}" + String(decoding: indentation, as: UTF8.self)
        }
    }

    // Not `indirect`: the array holds a section's parts, and boxes reached through an enum's tagged
    // pointer are reported as leaks by LeakSanitizer.
    enum Part: Sendable {
        case text([UInt8])
        case value(Name, escaped: Bool)
        case section(Name, [Part], inverted: Bool)
        case partial(Include)
    }

    /// Sections nest at most this deep in one template.
    static let nestingLimit = 32

    var parts: [Part]

    /// Why a template cannot be compiled.
    struct SyntaxError: Error, Equatable {
        var message: String
        /// Byte offset in the template.
        var offset: Int
        /// Whether the tag is Mustache that page templates leave out (transforms, pragmas, inheritance).
        var isUnsupported = false
    }

    /// Compiles `text`.
    /// - Throws: the first tag that is malformed, unclosed or of a kind page templates do not support.
    init(_ text: [UInt8]) throws(SyntaxError) {
        var parser = Parser(bytes: text)
        parts = try parser.parse(section: nil).parts
    }

    /// The partials the template includes, at any depth, in order.
    var includes: [Include] {
        var includes: [Include] = []
        func collect(_ parts: [Part]) {
            for part in parts {
                switch part {
                case .partial(let include): includes.append(include)
                case .section(_, let inner, _): collect(inner)
                case .text, .value: break
                }
            }
        }
        collect(parts)
        return includes
    }

    /// `text` with `indentation` before each of its lines, as a standalone partial is drawn.
    static func indented(_ text: [UInt8], by indentation: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count + indentation.count * 16)
        var atLineStart = true
        for byte in text {
            if atLineStart { out.append(contentsOf: indentation) }
            out.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        return out
    }
}
