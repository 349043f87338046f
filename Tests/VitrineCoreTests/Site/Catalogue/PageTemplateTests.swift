import Testing
@testable import VitrineCore

/// Vitrine's own Mustache for page templates: tags, lookups, the spec's standalone-line rules,
/// escaping, and located errors for what it refuses.
@Suite struct PageTemplateTests {
    /// Renders `template` (as `page`) with `partials` beside it, compiled as a theme's are.
    static func render(_ template: String, _ context: [String: Any] = [:], partials: [String: String] = [:]) throws -> String {
        var sources = ["page": OutputFile(path: "templates/page.mustache", text: template)]
        for (name, text) in partials { sources[name] = OutputFile(path: "templates/\(name).mustache", text: text) }
        return String(decoding: try PageTemplates(sources: sources, required: []).render("page", context), as: UTF8.self)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var template: String
        var expected: String
        var testDescription: String { name }
    }

    static var context: [String: Any] { [
        "name": "Ada", "count": 3, "yes": true, "no": false, "empty": [[String: Any]](),
        "items": [["label": "a"], ["label": "b"]] as [[String: Any]], "words": ["x", "y"],
        "person": ["name": "Grace", "role": ["title": "admiral"] as [String: Any]] as [String: Any],
        "html": "<b>bold</b>", "quote": "\"'&<>", "bidi": "invoice\u{202E}fdp",
        "maybe": Optional<String>.none as Any, "some": Optional("here") as Any, "fragment": Markup(Array("<b>x</b>".utf8)),
    ] }

    static let cases: [Case] = [
        Case(name: "text is copied", template: "plain <b>text</b>\n", expected: "plain <b>text</b>\n"),
        Case(name: "a variable is escaped", template: "{{html}} {{quote}}", expected: "&lt;b&gt;bold&lt;/b&gt; &quot;&#39;&amp;&lt;&gt;"),
        Case(name: "triple and ampersand are not", template: "{{{html}}}{{& html}}", expected: "<b>bold</b><b>bold</b>"),
        Case(name: "markup bytes are written as they are, or escaped", template: "{{{fragment}}} {{fragment}} {{#fragment}}shown{{/fragment}}",
             expected: "<b>x</b> &lt;b&gt;x&lt;/b&gt; shown"),
        Case(name: "bidi controls are marked", template: "{{bidi}}", expected: "invoice⟨U+202E⟩fdp"),
        Case(name: "numbers and booleans print", template: "{{count}} {{yes}}", expected: "3 true"),
        Case(name: "a missing name prints nothing", template: "[{{nothing}}][{{person.nothing}}]", expected: "[][]"),
        Case(name: "spaces inside a tag", template: "{{  name  }}", expected: "Ada"),
        Case(name: "dotted names", template: "{{person.name}} {{person.role.title}}", expected: "Grace admiral"),
        Case(name: "a section over a list repeats", template: "{{#items}}<{{label}}>{{/items}}", expected: "<a><b>"),
        Case(name: "the current value", template: "{{#words}}{{.}},{{/words}}", expected: "x,y,"),
        Case(name: "an empty list, false or a missing name skip", template: "{{#empty}}E{{/empty}}{{#no}}N{{/no}}{{#nothing}}M{{/nothing}}.", expected: "."),
        Case(name: "inverted sections draw what sections skip", template: "{{^empty}}E{{/empty}}{{^no}}N{{/no}}{{^nothing}}M{{/nothing}}{{^yes}}Y{{/yes}}{{^items}}I{{/items}}", expected: "ENM"),
        Case(name: "a section over an object pushes it", template: "{{#person}}{{name}} and {{count}}{{/person}}", expected: "Grace and 3"),
        Case(name: "names climb the stack; anchored ones do not", template: "{{#person}}[{{name}}][{{.count}}]{{/person}}", expected: "[Grace][]"),
        Case(name: "a section over a string pushes it", template: "{{#name}}[{{name}}]{{/name}}", expected: "[Ada]"),
        Case(name: "an optional in Any counts as its value", template: "{{#maybe}}M{{/maybe}}{{^maybe}}none{{/maybe}} {{some}}{{#some}}!{{/some}}", expected: "none here!"),
        Case(name: "standalone section lines leave nothing", template: "a\n  {{#yes}}  \nb\n  {{/yes}}\nc\n", expected: "a\nb\nc\n"),
        Case(name: "standalone lines at the very start", template: "{{#yes}}\nfirst\n{{/yes}}\n", expected: "first\n"),
        Case(name: "a tag beside text is not standalone", template: "a {{#yes}}\nb\n{{/yes}} c\n", expected: "a \nb\n c\n"),
        Case(name: "standalone comments vanish, inline ones leave their text", template: "x\n{{! note }}\ny {{! inline }}z\n", expected: "x\ny z\n"),
        Case(name: "an inline section's standalone closing line lets the next line stand alone",
             template: "{{#yes}}x\n{{/yes}}\n  {{#yes}}\ny\n{{/yes}}\n  {{! c }}\nend", expected: "x\ny\nend"),
        Case(name: "a standalone section's inline closing tag makes the next tag inline",
             template: "{{#yes}}\n{{#yes}}\n<li>x</li>{{/yes}}{{/yes}}\n<p>{{#yes}}\nA{{/yes}}{{! c }}\nB", expected: "<li>x</li>\n<p>\nA\nB"),
        Case(name: "blanks before inline tags at the end are kept", template: "x\n  {{!c}}{{!d}}", expected: "x\n  "),
        Case(name: "CRLF ends a line", template: "{{#yes}}\r\nline\r\n{{/yes}}\r\n", expected: "line\r\n"),
        Case(name: "set delimiters", template: "{{=<% %>=}}\n<% name %> {{name}}\n<%={{ }}=%>{{name}}", expected: "Ada {{name}}\nAda"),
    ]

    @Test(arguments: cases) func rendersAsMustacheSays(_ test: Case) throws {
        #expect(try Self.render(test.template, Self.context) == test.expected)
    }

    @Test func aStandalonePartialIsIndentedLineByLine() throws {
        let partial = "<li>{{name}}</li>\n{{#yes}}\n<li>{{bidi}}</li>\n{{/yes}}\n"
        #expect(try Self.render("<ul>\n  {{> item}}\n</ul>\n", Self.context, partials: ["item": partial])
                == "<ul>\n  <li>Ada</li>\n  <li>invoice⟨U+202E⟩fdp</li>\n</ul>\n")
        // Nested standalone partials add up their indentation; a value's own lines are not indented.
        #expect(try Self.render("\t{{> outer}}\n", ["text": "a\nb"], partials: ["outer": "[\n  {{> inner}}\n]\n", "inner": "{{text}}\n"])
                == "\t[\n\t  a\nb\n\t]\n")
        #expect(try Self.render("<p>{{> item}}</p>", Self.context, partials: ["item": "x\ny"]) == "<p>x\ny</p>")
        #expect(try Self.render("<\n  {{> empty}}\n>", partials: ["empty": ""]) == "<\n>")
    }

    @Test func aPartialSeesTheContextWhereItIsIncluded() throws {
        #expect(try Self.render("{{#items}}{{> item}}{{/items}}", Self.context, partials: ["item": "({{label}})"]) == "(a)(b)")
    }

    @Test func templatesNoPageUsesAreListed() throws {
        let sources = ["screen": "{{> badge}}", "badge": "b", "screne": "misspelt"].mapValues { OutputFile(path: "", text: $0) }
        #expect(try PageTemplates(sources: sources, required: ["screen"]).unused == ["screne"])
    }

    @Test func partialsThatIncludeEachOtherAreRefused() {
        #expect(throws: PageTemplates.Problem(file: "templates/a.mustache", message: "partials include each other in a loop (a → b → a)", location: nil)) {
            try Self.render("{{> a}}", partials: ["a": "{{> b}}", "b": "x{{> a}}"])
        }
        #expect(throws: PageTemplates.Problem(file: "templates/loop.mustache", message: "partials include each other in a loop (loop → loop)", location: nil)) {
            try Self.render("{{> loop}}", partials: ["loop": "x{{> loop}}{{> loop}}"])
        }
    }

    /// A chain of partials deeper than pages are drawn is refused where it starts (past 126 the
    /// page stopped there, silently); one as deep as the limit draws to its end.
    @Test func partialsNestedPastTheDepthLimitAreRefused() throws {
        func chain(_ count: Int) -> [String: String] {
            Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0)", $0 == count - 1 ? "END" : "{{> p\($0 + 1)}}") })
        }
        let limit = PageTemplate.Renderer.depthLimit
        #expect(try Self.render("{{> p0}}", partials: chain(limit - 1)) == "END")
        #expect(throws: PageTemplates.Problem(file: "templates/page.mustache", message: "sections and partials nest \(limit + 1) deep from here, past the \(limit) "
                                              + "levels pages are drawn to: include fewer partials within each other", location: nil)) {
            try Self.render("{{> p0}}", partials: chain(limit))
        }
    }

    @Test func drawingStopsAtTheDepthLimit() throws {
        // A library that skipped the theme's loop check: the renderer still ends.
        let loop = try PageTemplate(Array("x{{> loop}}".utf8))
        var renderer = PageTemplate.Renderer(library: ["loop": loop], context: [String: Any]())
        renderer.render(loop.parts)
        #expect(renderer.out == Array(String(repeating: "x", count: PageTemplate.Renderer.depthLimit).utf8))
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var template: String
        var message: String
        var offset: Int
        var testDescription: String { template }
    }

    static let refusals: [Refusal] = [
        Refusal(template: "a\n{{#open}}\nb", message: "section `open` is not closed", offset: 2),
        Refusal(template: "{{#a}}{{/b}}", message: "`b` closes section `a`", offset: 6),
        Refusal(template: "x{{/a}}", message: "`a` closes no open section", offset: 1),
        Refusal(template: "{{name", message: "tag is not closed with `}}`, or its name has a character names cannot have", offset: 0),
        Refusal(template: "{{na me}}", message: "tag is not closed with `}}`, or its name has a character names cannot have", offset: 0),
        Refusal(template: "{{{html}}", message: "tag is not closed with `}}}`, or its name has a character names cannot have", offset: 0),
        Refusal(template: "{{}}", message: "tag has no name", offset: 0),
        Refusal(template: "{{a..b}}", message: "`a..b` is not a name", offset: 0),
        Refusal(template: "{{! never closed", message: "comment is not closed", offset: 0),
        Refusal(template: "{{uppercased(name)}}", message: "transforms (`name(value)`) are not supported in page templates", offset: 0),
        Refusal(template: "{{% CONTENT_TYPE: TEXT}}", message: "pragmas (`{{%…}}`) are not supported in page templates", offset: 0),
        Refusal(template: "{{<base}}{{/base}}", message: "template inheritance (`{{<…}}`, `{{$…}}`) is not supported in page templates", offset: 0),
        Refusal(template: "{{=<%>=}}", message: "set-delimiter tag is malformed (write `{{=<% %>=}}`)", offset: 0),
        Refusal(template: String(repeating: "{{#a}}", count: 3000), message: "sections nest more than 32 deep", offset: 32 * 6),
    ]

    @Test(arguments: refusals) func malformedTemplatesAreRefusedWithTheirPosition(_ refusal: Refusal) {
        // Mustache that page templates leave out is marked so: a component template may use it.
        let unsupported = refusal.message.hasSuffix("not supported in page templates")
        #expect(throws: PageTemplate.SyntaxError(message: refusal.message, offset: refusal.offset, isUnsupported: unsupported)) {
            try PageTemplate(Array(refusal.template.utf8))
        }
    }

    /// The default theme's files with `file` in place of the one at its path.
    static func defaultTheme(replacing file: OutputFile) -> [OutputFile] {
        BuildPipelineTests.themeFiles.filter { $0.path != file.path } + [file]
    }

    @Test func aThemeTemplateErrorNamesTheFileLineAndColumn() throws {
        let files = Self.defaultTheme(replacing: OutputFile(path: "templates/screen.mustache", text: "<main>\n  <p>é {{#open}}</p>\n</main>\n"))
        #expect(throws: PageTemplates.Problem(file: "templates/screen.mustache", message: "template does not parse: section `open` is not closed",
                                              location: SourceLocation(line: 2, column: 8))) {
            try PageTemplates(theme: files)
        }
    }

    @Test func aPartialNoTemplateProvidesIsRefused() throws {
        let files = Self.defaultTheme(replacing: OutputFile(path: "templates/nav.mustache", text: "<nav>\n  {{> sidebar}}\n</nav>\n"))
        #expect(throws: PageTemplates.Problem(file: "templates/nav.mustache", message: "the partial `sidebar` is not a template of the theme",
                                              location: SourceLocation(line: 2, column: 3))) {
            try PageTemplates(theme: files)
        }
    }
}
