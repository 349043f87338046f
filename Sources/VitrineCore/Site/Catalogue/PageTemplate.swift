/// A page template compiled once per build: Mustache's tags (variables, sections, inverted
/// sections, partials, comments, set delimiters) with the whitespace rules of the Mustache spec,
/// rendered straight into bytes.
///
/// Vitrine renders its page templates itself rather than through swift-mustache, which looks up
/// every `{{name}}` through dynamic protocol casts: that was a fifth of a clean build's CPU time.
/// Component templates (payload data, `components/*.mustache`) still use swift-mustache.
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

    indirect enum Part: Sendable {
        case text([UInt8])
        case value(Name, escaped: Bool)
        case section(Name, [Part], inverted: Bool)
        /// A partial; a standalone one is indented by the whitespace before its tag.
        case partial(String, indentation: [UInt8])
    }

    var parts: [Part]

    /// Why a template cannot be compiled.
    struct SyntaxError: Error, Equatable {
        var message: String
        /// Byte offset in the template.
        var offset: Int
    }

    /// Compiles `text`.
    /// - Throws: the first tag that is malformed, unclosed or of a kind page templates do not support.
    init(_ text: [UInt8]) throws(SyntaxError) {
        var parser = Parser(bytes: text)
        parts = try parser.parse(section: nil)
    }

    /// The names of the partials the template includes, at any depth.
    var partialNames: [String] {
        var names: [String] = []
        func collect(_ parts: [Part]) {
            for part in parts {
                switch part {
                case .partial(let name, _): names.append(name)
                case .section(_, let inner, _): collect(inner)
                case .text, .value: break
                }
            }
        }
        collect(parts)
        return names
    }
}
