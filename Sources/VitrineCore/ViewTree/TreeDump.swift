/// An indented text outline of a view tree, for tests and `--dump-tree`.
public enum TreeDump {
    /// One line per node and modifier: kind, id, pointer and the line:column in `source`.
    public static func text(of node: ViewNode, in source: SourceText) -> String {
        var lines: [String] = []
        append(node, indent: 0, source: source, to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func append(_ node: ViewNode, indent: Int, source: SourceText, to lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        var line = pad + describe(node.kind)
        if let id = node.id { line += " #" + shown(id) }
        line += " @" + shown(node.source.pointer.description) + " \(source.location(of: node.source.offset))"
        lines.append(line)
        for modifier in node.modifiers {
            if case .overlay(let overlay) = modifier {
                lines.append(pad + "  .overlay")
                append(overlay, indent: indent + 2, source: source, to: &lines)
            } else {
                lines.append(pad + "  ." + describe(modifier))
            }
        }
        switch node.kind {
        case .stack(let stack):
            for child in stack.children { append(child, indent: indent + 1, source: source, to: &lines) }
        case .button(let button):
            if let label = button.label { append(label, indent: indent + 1, source: source, to: &lines) }
        case .scroll(let scroll):
            append(scroll.content, indent: indent + 1, source: source, to: &lines)
        case .grid(let grid):
            for child in grid.children { append(child, indent: indent + 1, source: source, to: &lines) }
        case .text, .image, .shape, .spacer, .custom, .placeholder:
            break
        }
    }

    private static func describe(_ kind: ViewKind) -> String {
        switch kind {
        case .stack(let stack):
            let spacing = stack.spacing.map { " spacing=\(number($0))" } ?? ""
            return "\(stack.isLazy ? "lazy-" : "")\(stack.axis.rawValue)-stack align=\(stack.alignment)\(spacing)"
        case .text(let text):
            let font = text.font.map {
                " font=\(shown($0.family ?? "system"))/\($0.weight.map(String.init) ?? "-")/\(number($0.size))" + ($0.scalesWithTextSize ? "" : " fixed")
            } ?? ""
            let limit = text.lineLimit.map { " lineLimit=\($0)" } ?? ""
            return "text \(quoted(text.string))\(font)\(limit)"
        case .image(let image):
            let mode = image.contentMode == .fill ? " fill" : ""
            switch image.source {
            case .remote(let url): return "image remote \(quoted(url))\(mode)"
            case .asset(let name, _): return "image asset \(quoted(name))\(mode)"
            case .symbol(let name): return "image symbol \(quoted(name))\(mode)"
            case .unavailable(let reason): return "image unavailable \(quoted(reason))"
            }
        case .button(let button):
            let action = button.action.map { " action=\(shown($0.type))→\(shown($0.destination))" } ?? ""
            let subpage = button.subpage.map { " opens=\(shown($0))" } ?? ""
            let style = button.style == .plain ? " plain" : ""
            return "button \(quoted(button.title))\(action)\(subpage)\(style)"
        case .grid(let grid):
            let width: String
            switch grid.itemWidth {
            case .fraction(let fraction): width = number(fraction * 100) + "%"
            case .points(let points): width = number(points)
            }
            let insets = [grid.insets.top, grid.insets.leading, grid.insets.bottom, grid.insets.trailing].map(number).joined(separator: "/")
            let label = grid.label.map { " label=\(quoted($0))" } ?? ""
            return "grid \(grid.direction.rawValue) lines=\(grid.lines) item=\(width) spacing=\(number(grid.spacing)) insets=\(insets)\(grid.paging ? " paging" : "")\(grid.stacked ? " stacked" : "")\(label)"
        case .shape(.rectangle):
            return "rectangle"
        case .shape(.roundedRectangle(let radius, let stroke)):
            let strokeText = stroke.map { " stroke=\($0.color?.css ?? "default")/\(number($0.lineWidth))" } ?? ""
            return "roundedRectangle radius=\(number(radius))\(strokeText)"
        case .spacer(let minLength):
            return minLength == 8 ? "spacer" : "spacer min=\(number(minLength))"
        case .scroll(let scroll):
            return "scroll \(scroll.axis.rawValue) indicators=\(scroll.showsIndicators)"
        case .custom(let custom):
            return "custom templates=\(shown(custom.templateKeys.joined(separator: ",")))"
        case .placeholder(let placeholder):
            return "placeholder[\(placeholder.severity.rawValue)] \(quoted(placeholder.label))"
        }
    }

    private static func describe(_ modifier: Modifier) -> String {
        switch modifier {
        case .foreground(let color): return "foreground \(color.css)"
        case .systemForeground(let color): return "foreground system \(color)"
        case .systemBackground(let color): return "background system \(color)"
        case .frame(let width, let height):
            return "frame width=\(width.map(number) ?? "-") height=\(height.map(number) ?? "-")"
        case .flexibleFrame(let frame):
            let parts: [(String, FrameLength?)] = [
                ("minWidth", frame.minWidth), ("idealWidth", frame.idealWidth), ("maxWidth", frame.maxWidth),
                ("minHeight", frame.minHeight), ("idealHeight", frame.idealHeight), ("maxHeight", frame.maxHeight),
            ]
            return "flexibleFrame" + parts.compactMap { name, length in length.map { " \(name)=\(describe($0))" } }.joined()
        case .background(let color): return "background \(color.css)"
        case .cornerRadius(let radius): return "cornerRadius \(number(radius))"
        case .overlay: return "overlay"
        case .aspectRatio(let ratio): return "aspectRatio \(number(ratio))"
        case .fixedSize: return "fixedSize"
        case .padding(let edges, let amount):
            let names: [(Edges, String)] = [(.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing")]
            return "padding \(names.filter { edges.contains($0.0) }.map(\.1).joined(separator: "+")) \(amount.map(number) ?? "default")"
        }
    }

    private static func describe(_ length: FrameLength) -> String {
        switch length {
        case .points(let value): number(value)
        case .infinity: "∞"
        }
    }

    private static func number(_ value: Double) -> String {
        JSONNumber(value: value, isIntegerLiteral: false).displayText
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(60) {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out += shown(scalar)
            }
        }
        return out + (text.unicodeScalars.count > 60 ? "…\"" : "\"")
    }

    /// Payload text as a terminal should show it: controls and bidi overrides as `\u{202E}`,
    /// so an id or key cannot break a line or reorder it.
    private static func shown(_ text: String) -> String {
        text.unicodeScalars.map(shown).joined()
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case ..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: String(scalar)
        }
    }
}
