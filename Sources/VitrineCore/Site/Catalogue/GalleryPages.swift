import Foundation

/// The component gallery: an overview of every component, feed template and cell type with
/// counts, and a page per name with specimens drawn in isolation and where each is used.
///
/// Specimens come from the first screens (in catalogue order) that use a component, so the
/// gallery is the same whichever screens a build had to draw again.
struct GalleryPages {
    var frame: PageFrame
    var templates: PageTemplates
    var renderer: HTMLRenderer
    /// The width of the site's first device, in points: specimens are drawn on it.
    var deviceWidth: Double

    /// Screens sampled per component, instances drawn per sampled screen, usage rows listed.
    static let sampledScreens = 6
    static let instancesPerScreen = 2
    static let usageRows = 200
    /// The longest page name before its hash (ASCII, so as many bytes).
    static let longestSlug = 120

    /// The page of a component name; names are payload text, so odd ones get a hash suffix, and
    /// long ones (a feed's `cellType` can be any length) are cut to a name file systems take.
    /// Names that differ only in their normalisation (NFC, NFD) are one name, as the gallery
    /// counts them, so they have one page.
    static func page(for name: String) -> String {
        let component = name.precomposedStringWithCanonicalMapping
        var slug = ""
        for scalar in component.unicodeScalars.prefix(Self.longestSlug) {
            let safe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
            slug.unicodeScalars.append(safe ? scalar : "-")
        }
        if slug != component || slug.isEmpty || slug == "index" {
            var hash = ContentHash()
            hash.combine(component)
            slug += "-" + hash.hexText
        }
        return "gallery/\(slug).html"
    }

    /// A warning for each gallery page whose name differs from another's only in letter case
    /// (`Promo`, `promo`): on a case-insensitive disk (macOS, Windows) one overwrites the other;
    /// and for two names whose hash suffixes agree, which share a page.
    static func caseCollisions(_ names: some Sequence<String>) -> [Diagnostic] {
        var first: [String: String] = [:]
        var warnings: [Diagnostic] = []
        for name in names.sorted(by: DirectoryWalker.byteOrder) {
            let folded = page(for: name).lowercased()
            if let other = first[folded], page(for: other) == page(for: name) {  // a crafted pair of names whose hashes agree
                warnings.append(Diagnostic(.warning, "component names `\(other)` and `\(name)` have one gallery page, \(page(for: name)): "
                                           + "only one of them is shown there", file: ""))
            } else if let other = first[folded] {
                warnings.append(Diagnostic(.warning, "component names `\(other)` and `\(name)` "
                                           + "differ only in letter case: their gallery pages, \(page(for: other)) and \(page(for: name)), are one file "
                                           + "on a case-insensitive disk (macOS, Windows), where one overwrites the other", file: ""))
            } else {
                first[folded] = name
            }
        }
        return warnings
    }

    /// Per component name, the screens that use it in catalogue order (visible screens only).
    static func usage(_ summaries: [ScreenSummary]) -> [String: [ScreenSummary]] {
        var usage: [String: [ScreenSummary]] = [:]
        for summary in summaries where !summary.hidden {
            for name in summary.componentTypes.keys { usage[name, default: []].append(summary) }
        }
        return usage
    }

    /// The overview of every component with its counts.
    func overview(usage: [String: [ScreenSummary]]) -> OutputFile {
        let names = usage.keys.sorted()
        var overview = frame.context(path: "gallery/index.html", title: "Components")
        overview["groups"] = groups(names).map { group -> [String: Any] in
            ["title": group.title, "components": group.names.map { name -> [String: Any] in
                let screens = usage[name] ?? []
                return ["name": name, "href": SitePath.href(SitePath.fileName(Self.page(for: name))),
                        "instances": screens.reduce(0) { $0 + ($1.componentTypes[name] ?? 0) }, "screens": screens.count]
            }]
        }
        return OutputFile(path: "gallery/index.html", bytes: templates.render("gallery", overview))
    }

    /// The page of one component: specimens from the first sampled screens' trees, and where it is used.
    func page(_ name: String, screens: [ScreenSummary], trees: [String: ViewNode]) -> OutputFile {
        let path = Self.page(for: name)
        var css: [String] = []
        var specimens: [[String: Any]] = []
        // What each specimen drawn looks like, its class prefix and pointers left out: an
        // instance drawn the same as one before it is not drawn again.
        var looks: Set<[UInt8]> = []
        // A screen's root (the whole screen) only when the sample has no other instance.
        let sampled = screens.prefix(Self.sampledScreens).compactMap { screen in trees[screen.payload].map { (screen, $0) } }
        let found = { (roots: Bool) in sampled.map { screen, tree in
            (screen, Self.specimens(of: name, in: tree, limit: Self.instancesPerScreen, deviceWidth: self.deviceWidth, roots: roots, name: self.renderer.resources.templates.catalogueName))
        } }
        var picked = found(false)
        if picked.allSatisfy(\.1.isEmpty) { picked = found(true) }
        for (screen, instances) in picked {
            for specimen in instances {
                let prefix = "g\(specimens.count)s"
                let (shown, itemsLeftOut, viewsLeftOut) = Self.capped(specimen.drawn)
                let drawn = renderer.render(shown, rootPrefix: "../", classPrefix: prefix, unboundedWidth: specimen.unboundedWidth)
                var specimenCSS = [drawn.css]
                var (screenClasses, contentClasses) = ("v-screen v-specimen-screen", "v-content v-cell")
                if specimen.inStack { screenClasses += " v-specimen-spacers" }
                // As wide as its place on its screen offers it.
                if let room = specimen.room {
                    screenClasses += " \(prefix)-room"
                    specimenCSS.append(".v-specimen-screen.\(prefix)-room{width:\(CSSNumber.format(room))px}")
                }
                // The stage paints what lies under it and gives the colour it inherits.
                let stage = [specimen.background.map { "background:" + $0.css }, specimen.foreground.map { "color:\($0);--v-tint:\($0)" }].compactMap { $0 }
                if !stage.isEmpty {
                    screenClasses += " \(prefix)-stage"
                    specimenCSS.append(".\(prefix)-stage{\(stage.joined(separator: ";"))}")
                }
                // Inside a horizontal scroll it is as wide as it likes, and the stage scrolls, as there.
                if specimen.unboundedWidth { screenClasses += " v-specimen-scroll-x" }
                if let width = specimen.cellWidth {
                    contentClasses += " v-specimen-item \(prefix)-cell"
                    specimenCSS.append(".\(prefix)-cell{width:\(width)}")
                }
                let renderHTML = "<div class=\"\(screenClasses)\"><div class=\"\(contentClasses)\">" + drawn.html + "</div></div>"
                guard looks.insert(Self.look(of: renderHTML + specimenCSS.joined(), prefix: prefix)).inserted else { continue }
                css += specimenCSS
                let pointer = specimen.node.source.pointer.description
                specimens.append([
                    "renderHTML": renderHTML,
                    "screen": screen.title, "href": "../" + SitePath.href(screen.page ?? ""),
                    "pointer": pointer.isEmpty ? "/" : pointer, "layered": specimen.beneath != nil && !specimen.inStack && !specimen.sizedByStack, "inStack": specimen.inStack,
                    "sizedByStack": specimen.sizedByStack,
                    "instanceHref": "../" + SitePath.href(screen.page ?? "") + SitePath.selecting(pointer),
                    "itemsLeftOut": Self.leftOutText(items: itemsLeftOut, views: viewsLeftOut) ?? false,
                    // A cell looks as its section's template makes it: that section is named, with its page.
                    "inSection": specimen.section.map { ["name": $0, "href": SitePath.href(SitePath.fileName(Self.page(for: $0)))] } ?? false,
                ])
            }
        }
        // The stage is the site's first device: a rail's items are a share of its width.
        css.insert(".v-specimen-stage{--v-device-width:\(CSSNumber.format(deviceWidth))px}", at: 0)
        var context = frame.context(path: path, title: name, css: css.joined(separator: "\n"))
        context["name"] = name
        (context["specimens"], context["drawsSpecimens"]) = (specimens, !specimens.isEmpty)
        // Said when the sample draws none: spacers whose stacks are too large to draw apart.
        context["noSpecimens"] = name == "spacer"
            ? "None is drawn here: a spacer is drawn in its stack, and these stacks are too large to draw apart; the screens below show it where it is used."
            : "None is drawn here; the screens below show it where it is used."
        let instances = screens.reduce(0) { $0 + ($1.componentTypes[name] ?? 0) }
        (context["instances"], context["screenCount"]) = (instances, screens.count)
        context["countText"] = counted(instances, "instance") + " on " + counted(screens.count, "screen")
        context["usage"] = screens.prefix(Self.usageRows).map { screen -> [String: Any] in
            // The screen opens with its first instance selected.
            ["title": screen.title, "payload": screen.payload, "href": "../" + SitePath.href(screen.page ?? "") + SitePath.selectingFirst(name),
             "count": screen.componentTypes[name] ?? 0]
        }
        if screens.count > Self.usageRows {
            context["moreUsage"] = screens.count - Self.usageRows
            context["moreUsageText"] = counted(screens.count - Self.usageRows, "more screen")
            // The index lists them all, filtered by this component.
            context["allUsageHref"] = "../index.html#component=" + SitePath.fragmentValue(name)
        }
        return OutputFile(path: path, bytes: templates.render("component", context))
    }

    private func groups(_ names: [String]) -> [(title: String, names: [String])] {
        let sections = names.filter { $0.hasPrefix("section.") }
        let cells = names.filter { $0.hasPrefix("cell.") }
        // `custom` (a custom view no template draws, in the generic box) beside `custom.promo-banner`.
        let isCustom = { (name: String) in name == "custom" || name.hasPrefix("custom.") }
        let customs = names.filter(isCustom)
        let components = names.filter { !$0.hasPrefix("section.") && !$0.hasPrefix("cell.") && !isCustom($0) }
        return [("Scene components", components), ("Custom components", customs), ("Feed templates", sections), ("Feed cell types", cells)]
            .filter { !$0.names.isEmpty }
    }
}
