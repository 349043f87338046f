extension FeedDecoder {
    /// A section on the home screen: its header over its items laid out by the template.
    func node(for section: FeedSection, allListKey: String?) -> ViewNode {
        let direction = section.scrollDirection ?? section.template.direction
        let lines = direction == .horizontal ? (section.groupOrientation == .vertical ? 2 : 1) : section.template.columns
        // Down the page, vertical groups stack their items: one to a row, each as wide as in a row of several.
        let stacked = direction == .vertical && section.groupOrientation == .vertical && section.scrollDirection != nil
        return layout(section, direction: direction, lines: lines, stacked: stacked, template: section.template,
                      buttons: section.buttons.map { ($0.text, SourceRef(pointer: $0.pointer, offset: $0.value.offset)) }, allListKey: allListKey)
    }

    /// The all-list page of a section (formats.md §2.7): vertical flow, groups side by side;
    /// restaurants as `featured_01` with a `View` button, other sections with their own buttons
    /// (an "All List" there leads nowhere further: drawn, not linked).
    func allListNode(for section: FeedSection) -> ViewNode {
        if section.isRestaurantList {
            let template = settings.templates["featured_01"] ?? FeedTemplate.fallback
            // The all-list response names them so too (formats.md §2.7): the gallery and the tree say what is drawn.
            return layout(section, direction: .vertical, lines: template.columns, template: template,
                          buttons: [("View", member("buttonTypes", of: section))], allListKey: nil,
                          names: (template: "featured_01", cell: "featured_01_info"))
        }
        let buttons = section.buttons.map { ($0.text, SourceRef(pointer: $0.pointer, offset: $0.value.offset)) }
        return layout(section, direction: .vertical, lines: section.template.columns, template: section.template,
                      buttons: buttons, allListKey: nil)
    }

    /// Where member `key` of the section is: its value, or the section itself when it has none.
    private func member(_ key: String, of section: FeedSection) -> SourceRef {
        SourceRef(pointer: section.pointer.appending(key), offset: (section.value[key] ?? section.value).offset)
    }

    /// - Parameter buttons: each header button's text and where it was read (a button the
    ///   app adds itself, the all-list page's `View`, stands at `buttonTypes`).
    /// - Parameter names: the template's and cell type's names the section is drawn with, when
    ///   they are not its own (an all-list page of restaurants).
    private func layout(_ section: FeedSection, direction: Axis, lines: Int, stacked: Bool = false, template: FeedTemplate,
                        buttons: [(text: String, source: SourceRef)], allListKey: String?,
                        names: (template: String, cell: String)? = nil) -> ViewNode {
        let source = context.source(of: section.value, at: section.pointer)
        var children = [header(section, buttons: buttons, allListKey: allListKey)]
        let cells = section.items.map {
            var cell = $0.node(template: template, settings: settings)
            cell.component = "cell." + (names?.cell ?? section.cellType ?? "none")
            return cell
        }
        let grid = ViewKind.Grid(direction: direction, lines: lines, itemWidth: template.itemWidth, spacing: template.spacing,
                                 insets: EdgeInsets(all: template.inset), paging: template.paging && direction == .horizontal, stacked: stacked,
                                 label: section.title.isEmpty ? nil : section.title, children: cells)
        children.append(ViewNode(.grid(grid), source: member("data", of: section)))
        let stack = ViewKind.Stack(axis: .vertical, spacing: 0, alignment: Alignment(horizontal: .leading, vertical: .center), children: children)
        return ViewNode(.stack(stack), id: section.id.map(String.init), source: source, component: "section." + (names?.template ?? section.templateName))
    }

    /// The kit's header button colours (`CHeaderView`, formats.md §2.8): `.black`, `UIColor(white: 0.8)`.
    static let buttonTitle = RGBAColor(red: 0, green: 0, blue: 0)
    static let buttonSeparator = RGBAColor(red: 0xcc, green: 0xcc, blue: 0xcc)

    /// The 40 pt header: icon, title, then the buttons at the trailing edge. Without a title or
    /// buttons the kit hides it, but its 40 pt stay in the layout: an empty band.
    private func header(_ section: FeedSection, buttons: [(text: String, source: SourceRef)], allListKey: String?) -> ViewNode {
        let titleSource = member("title", of: section)
        guard !section.title.isEmpty || !buttons.isEmpty else {
            return ViewNode(.stack(.init(axis: .horizontal, spacing: 0, alignment: .center, children: [])),
                            modifiers: [.frame(width: nil, height: 40)], source: titleSource)
        }
        var children: [ViewNode] = []
        if let icon = section.icon {
            let iconSource = context.source(of: icon.value, at: icon.pointer)
            var modifiers: [Modifier] = [.frame(width: 20, height: 20)]
            if let tint = icon.tint { modifiers.insert(.foreground(tint), at: 0) }
            children.append(ViewNode(.image(.init(icon.source)), modifiers: modifiers, source: iconSource))
        }
        // UIStackView stretches the title: a title and a spacer of no minimum, with no spacing
        // between them, take what the icon and buttons leave, and a cut title ends 8 pt before the buttons.
        // The kit's `boldSystemFont(ofSize: 20)` and `systemFont(ofSize: 18, weight: .semibold)` keep their size whatever the text size.
        let title = ViewNode(.text(.init(section.title, font: Font(name: nil, family: nil, weight: 700, size: 20, scalesWithTextSize: false), lineLimit: 1)),
                             source: titleSource)
        children.append(ViewNode(.stack(.init(axis: .horizontal, spacing: 0, alignment: .center,
                                              children: [title, ViewNode(.spacer(minLength: 0), source: titleSource)])),
                                 source: titleSource))
        if !buttons.isEmpty {
            // Each button's title is black in both schemes, and a 1 × 18 pt line of white 0.8 follows it.
            let buttonNodes = buttons.flatMap { text, source in
                let isAllList = text.lowercased() == "alllist"
                let label = ViewNode(.text(.init(isAllList ? "All List" : text, font: Font(name: nil, family: nil, weight: 600, size: 18, scalesWithTextSize: false))),
                                     modifiers: [.foreground(Self.buttonTitle)], source: source)
                let separator = ViewNode(.shape(.rectangle), modifiers: [.foreground(Self.buttonSeparator), .frame(width: 1, height: 18)], source: source)
                return [ViewNode(.button(.init(title: text, label: label, action: nil, subpage: isAllList ? allListKey : nil, style: .plain)),
                                 source: label.source), separator]
            }
            // Only the title gives way in a crowded header: the buttons keep their size (formats.md §2.8).
            children.append(ViewNode(.stack(.init(axis: .horizontal, spacing: 3, alignment: .center, children: buttonNodes)),
                                     modifiers: [.fixedSize],
                                     source: member("buttonTypes", of: section)))
        }
        let row = ViewKind.Stack(axis: .horizontal, spacing: 8, alignment: .center, children: children)
        return ViewNode(.stack(row), modifiers: [.frame(width: nil, height: 40), .padding(.horizontal, 10)], source: titleSource)
    }
}
