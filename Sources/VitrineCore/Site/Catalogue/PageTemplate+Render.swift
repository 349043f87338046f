extension PageTemplate {
    /// Renders parts into bytes, looking names up through a stack of context values.
    ///
    /// Values are what the site builder passes: `[String: Any]` objects, arrays, strings,
    /// `Markup`, numbers and booleans. A section over an array repeats for each element, over
    /// `false` or a missing name is skipped, and over anything else pushes it; an inverted
    /// section is drawn only when its section would not be. `{{name}}` is escaped with bidi
    /// controls marked; `Markup` is written as it is by `{{{name}}}`.
    struct Renderer {
        let library: [String: PageTemplate]
        var out: [UInt8] = []
        private var stack: [Any]
        private var depth = 0

        /// Sections and partials inside each other deeper than this are not drawn: a theme's
        /// partials cannot loop, but a long chain of them must not exhaust a thread's stack.
        static let depthLimit = 128

        init(library: [String: PageTemplate], context: Any) {
            self.library = library
            self.stack = [context]
            out.reserveCapacity(64 * 1024)
        }

        mutating func render(_ parts: [Part]) {
            guard depth < Self.depthLimit else { return }
            depth += 1
            defer { depth -= 1 }
            for part in parts {
                switch part {
                case .text(let bytes):
                    out.append(contentsOf: bytes)
                case .value(let name, let escaped):
                    guard let value = lookup(name) else { break }
                    append(value, escaped: escaped)
                case .section(let name, let inner, let inverted):
                    let value = lookup(name)
                    if inverted {
                        if case .skipped = Self.occurrence(of: value) { render(inner) }
                    } else {
                        section(value, inner)
                    }
                case .partial(let include):
                    if let template = library[include.key] { render(template.parts) }
                }
            }
        }

        private mutating func section(_ value: Any?, _ inner: [Part]) {
            switch Self.occurrence(of: value) {
            case .skipped: break
            case .current: render(inner)
            case .each(let values): for element in values { pushed(element, inner) }
            case .pushed(let value): pushed(value, inner)
            }
        }

        private mutating func pushed(_ value: Any, _ inner: [Part]) {
            stack.append(value)
            render(inner)
            stack.removeLast()
        }

        /// How a section draws its content: not at all (`false`, nil, an empty list), once in the
        /// current context (`true`), once per element of a list, or once with the value pushed.
        private enum Occurrence {
            case skipped, current
            case each([Any])
            case pushed(Any)
        }

        private static func occurrence(of value: Any?) -> Occurrence {
            switch value {
            case nil: .skipped
            case let flag as Bool: flag ? .current : .skipped
            case let values as [Any]: values.isEmpty ? .skipped : .each(values)
            case let value? where value is String || value is [String: Any] || value is Int || value is Markup: .pushed(value)
            case let optional as any OptionalValue: occurrence(of: optional.wrappedValue)
            case let value?: .pushed(value)
            }
        }

        private func lookup(_ name: Name) -> Any? {
            guard let first = name.parts.first else { return stack.last }
            var value: Any?
            if name.anchored {
                value = stack.last.flatMap { Self.child(first, of: $0) }
            } else {
                for object in stack.reversed() {
                    if let found = Self.child(first, of: object) {
                        value = found
                        break
                    }
                }
            }
            for part in name.parts.dropFirst() {
                guard let object = value else { return nil }
                value = Self.child(part, of: object)
            }
            return value
        }

        private static func child(_ key: String, of object: Any) -> Any? {
            (object as? [String: Any])?[key]
        }

        private mutating func append(_ value: Any, escaped: Bool) {
            let text: String
            switch value {
            case let string as String: text = string
            case let markup as Markup:
                guard escaped else { return out.append(contentsOf: markup.bytes) }
                text = markup.text
            case let number as Int: text = String(number)
            case let flag as Bool: text = flag ? "true" : "false"
            case let optional as any OptionalValue:
                if let wrapped = optional.wrappedValue { append(wrapped, escaped: escaped) }
                return
            default: text = String(describing: value)
            }
            if escaped {
                HTMLEscaper.appendAttribute(HTMLEscaper.markingControls(text), to: &out)
            } else {
                out.append(contentsOf: text.utf8)
            }
        }
    }
}

/// An `Optional` stored in `Any` (a dictionary literal's `String?`): it counts as its value.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.flatMap { $0 } }
}
