import Foundation
import Testing
@testable import VitrineCore

/// What makes a folder a theme (`vitrine.css`, `theme.css` or `templates/`): the rule that
/// looks a theme up by name is the one that loads it.
@Suite struct ThemeLoaderTests {
    static let defaultTheme = Repository.path("Themes/default")

    private func folder(_ files: [String: String], folders: [String] = []) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-theme-\(UUID().uuidString)").path
        for folder in folders + [""] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        for (path, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path)) }
        return root
    }

    @Test func aFolderWithoutStylesheetsOrTemplatesIsNoTheme() throws {
        let root = try folder(["notes.txt": "x"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect {
            _ = try ThemeLoader.theme(root, over: Self.defaultTheme)
        } throws: { error in
            (error as? ThemeLoader.Failure)?.message == "\(root) has no vitrine.css, theme.css, templates/ or components/; not a theme"
        }
    }

    /// A template outside `templates/` and `components/` (a misspelt `template/`) is read by
    /// nothing: a warning says so, and it is not published (it was copied into the site as it is).
    /// So is a file of `templates/` misspelt otherwise (`index.mustach`), which was left out silently.
    @Test func aMisplacedTemplateIsAWarningAndNotPublished() throws {
        var theme = try Theme(files: BuildPipelineTests.themeFiles + [OutputFile(path: "template/screen.mustache", text: "<p>mine</p>"),
                                                                      OutputFile(path: "component/stars.mustache", text: "*"),
                                                                      OutputFile(path: "templates/index.mustach", text: "<p>mine</p>"),
                                                                      OutputFile(path: "templates/README.md", text: "Notes")])
        theme.folder = "brand"
        #expect(theme.templateWarnings.map { "\($0.file): \($0.message)" } == [
            "brand/component/stars.mustache: not read: a page template goes in templates/, a component's in components/",
            "brand/template/screen.mustache: not read: a page template goes in templates/, a component's in components/",
            "brand/templates/index.mustach: not read: page templates are the .mustache files of templates/",
        ])
        #expect(!theme.copiedFiles.contains { $0.path.hasSuffix(".mustache") })
        #expect(BuildPipelineTests.theme.templateWarnings.isEmpty, "the default theme has none")
    }

    /// Scripts written into a page template do nothing under the pages' policy, and a `head`
    /// without the policy runs every script: each is a warning at its line and column (they
    /// failed without a word, or ran).
    @Test func scriptsThePolicyStopsAndAHeadWithoutItAreWarnings() throws {
        let mine = [OutputFile(path: "templates/head.mustache", text: "<!doctype html>\n<html>\n<head>\n<title>{{pageTitle}}</title>\n"),
                    OutputFile(path: "templates/nav.mustache",
                               text: "<nav>\n  <a href=\"{{root}}\" onclick=\"go()\">Home</a> <b>on=1</b>\n  <SCRIPT>track()</SCRIPT>\n"
                                   + "  <script src=\"{{root}}theme/shop.js\" defer></script>\n"
                                   + "  <script type=\"application/json\" id=\"data\">{}</script> <script type='module'>go()</script>\n"
                                   + "  {{! <script>old()</script> }}<a title=\"Turn onboarding= off\" data-x='onload=1'>x</a>\n</nav>\n")]
        var theme = try Theme(files: BuildPipelineTests.themeFiles.filter { file in !mine.contains { $0.path == file.path } } + mine
                                  + [OutputFile(path: "shop.js", text: "go()")])
        theme.folder = "brand"
        // A head that has the tag through a partial of its own is fine.
        let split = [OutputFile(path: "templates/head.mustache", text: "<head>\n{{> policy}}\n"),
                     OutputFile(path: "templates/policy.mustache", text: "<META HTTP-EQUIV=Content-Security-Policy content=\"{{csp}}\">\n")]
        let partial = try Theme(files: BuildPipelineTests.themeFiles.filter { file in !split.contains { $0.path == file.path } } + split)
        #expect(partial.templateWarnings.isEmpty, "\(partial.templateWarnings.map(\.message))")
        #expect(theme.templateWarnings.map { "\($0.file):\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message.prefix(60))" } == [
            "brand/templates/head.mustache:1:1: no <meta http-equiv=\"Content-Security-Policy\" content=\"{{csp",
            "brand/templates/nav.mustache:2:22: an event handler attribute (`onclick`), which the pages' Con",
            "brand/templates/nav.mustache:3:3: an inline script, which the pages' Content-Security-Policy d",
            "brand/templates/nav.mustache:5:57: an inline script, which the pages' Content-Security-Policy d",
        ])
    }

    /// A theme file a page template links that the theme lacks (its logo) is a warning at the
    /// link; one it has, and a path the template makes, are not.
    @Test func aThemeFileATemplateLinksAndTheThemeLacksIsAWarning() throws {
        let nav = OutputFile(path: "templates/nav.mustache", text: "<nav>\n  <img src=\"{{root}}theme/logo.svg\" alt=\"\"> <img src=\"{{root}}theme/photo.svg\" alt=\"\">"
                                                                  + " <img src=\"{{root}}theme/{{icon}}.svg\" alt=\"\">\n</nav>\n")
        var theme = try Theme(files: BuildPipelineTests.themeFiles.filter { $0.path != nav.path } + [nav])
        theme.folder = "brand"
        #expect(theme.templateWarnings.map { "\($0.file):\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)" } == [
            "brand/templates/nav.mustache:2:13: links theme/logo.svg, which the theme does not have: every page that uses this template shows it missing",
        ])
        let withLogo = try Theme(files: BuildPipelineTests.themeFiles.filter { $0.path != nav.path } + [nav, OutputFile(path: "logo.svg", text: "<svg/>")])
        #expect(withLogo.templateWarnings.isEmpty, "\(withLogo.templateWarnings.map(\.message))")
    }

    /// A theme file over the reader's limit says so without sending the user to the input's
    /// limits (`--max-file-size`, which never applied to a theme).
    @Test func aThemeFileTooLargeSaysTheThemesLimit() throws {
        let root = try folder(["theme.css": String(repeating: "a", count: (16 << 20) + 1)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect {
            _ = try ThemeLoader.load(root)
        } throws: { error in
            (error as? ThemeLoader.Failure)?.message
                == "\(root)/theme.css: file larger than 16 MiB (16777217 bytes); a theme's files are read up to 16 MiB, whatever the input's limits"
        }
    }

    /// An empty `templates/` is a theme that changes nothing, wherever it is asked for.
    @Test func anEmptyTemplatesFolderIsAThemeThatChangesNothing() throws {
        let root = try folder([:], folders: ["templates"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let theme = try ThemeLoader.theme(root, over: Self.defaultTheme)
        #expect(theme.fingerprint == (try ThemeLoader.theme(Self.defaultTheme)).fingerprint)
    }

    /// A folder of custom component templates alone is a theme: the default's pages and look
    /// with its components.
    @Test func aFolderOfComponentsAloneIsATheme() throws {
        let root = try folder(["components/stars.mustache": "<i>{{rating}}</i>"], folders: ["components"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let theme = try ThemeLoader.theme(root, over: Self.defaultTheme)
        #expect(theme.files.contains { $0.path == "components/stars.mustache" })
    }
}
