import Testing
@testable import VitrineCore

/// A component template may print payload values only escaped: every tag that would print
/// them raw, or could switch the escaping off, is refused where it stands, saying why.
@Suite struct ComponentTemplatesTests {
    @Test(arguments: [
        ("<b>{{{title}}}</b>", "template uses `{{{`, which would write payload text unescaped; use {{name}}", 4),
        ("<b>\n{{& title}}</b>", "template uses `{{&`, which would write payload text unescaped; use {{name}}", 1),
        ("{{=<% %>=}}<%{title}%>", "template uses `{{=`, which changes the delimiters, which would hide an unescaped tag; use {{name}}", 1),
        ("x {{%CONTENT_TYPE: TEXT}}", "template uses `{{%`, which is a pragma, which could switch the escaping off; use {{name}}", 3),
    ])
    func aTagThatCouldPrintRawTextIsRefusedWithItsReason(_ text: String, _ message: String, _ column: Int) {
        let (templates, problems) = ComponentTemplates.compile(["card": text])
        #expect(!templates.has("card"))
        #expect(problems["card"]?.first?.message == message)
        #expect(problems["card"]?.first?.location?.column == column)
    }

    /// A template with several kinds of problem names them all in one build, in the order they
    /// stand: a review found three rebuilds to learn of three.
    @Test func everyKindOfRefusalIsNamedAtOnce() {
        let (_, problems) = ComponentTemplates.compile(["card": "<div class={{kind}} onclick=\"alert(1)\">{{{label}}}</div>"])
        #expect(problems["card"]?.map { String($0.message.prefix(25)) } == ["template prints a value i", "template holds `onclick=`", "template uses `{{{`, whic"])
        #expect(problems["card"]?.map { $0.location?.column } == [12, 21, 40])
    }

    /// A template that could run script or take the reader away is refused where it does so:
    /// the CSP lets scripts of the site's own files run, and an input's files are such (a
    /// `<script src>` of a copied asset ran on every page, and in a pull request's diff report).
    @Test(arguments: [
        ("<div>{{title}}</div>\n<SCRIPT src=\"../../assets/x.txt\"></SCRIPT>", "<SCRIPT", 2, 1),
        ("<iframe srcdoc=\"x\"></iframe>", "<iframe", 1, 1),
        ("<b>a</b><meta http-equiv=refresh content=\"0;url=https://example.com\">", "<meta", 1, 9),
        ("<img src=x\nonError = \"go()\">", "onError=", 2, 1),
        ("<a href=\"#\"/onclick=\"x\">", "onclick=", 1, 13),
        ("<object data=x></object>", "<object", 1, 1),
        // Mustache tags are read past, as the page will not have them: a section or a comment
        // splitting a name let a script run, and a refresh leave the page.
        ("<{{#x}}script{{/x}} src=\"../components/evil.css\"></script>", "<script", 1, 1),
        ("<scr{{!}}ipt>", "<script", 1, 1),
        ("<p>\n<{{#x}}meta{{/x}} http-equiv=refresh content=\"0;url=x\">", "<meta", 2, 1),
        ("<b {{#x}}onclick=\"go()\"{{/x}}>", "onclick=", 1, 10),
        ("<b {{^x}}onmouseover=go(){{/x}}>", "onmouseover=", 1, 10),
        // A second review: script URLs (the pages' policy stops them, a theme's head without it would not), spelt as a
        // browser reads them; an element that turns the rest of the page into text.
        ("<b>x</b>\n<a href=\"javascript:go()\">x</a>", "javascript:", 2, 1),
        ("<a href=\"java\tscript:go()\">x</a>", "javascript:", 1, 1),
        ("<a href=\"&#106;ava&#x73;cript&colon;go()\">x</a>", "javascript:", 1, 1),
        ("<svg><a xlink:href=\"VBScript:go\"><text>t</text></a></svg>", "vbscript:", 1, 6),
        ("<p>{{title}}</p><PLAINTEXT>", "<PLAINTEXT", 1, 17),
    ])
    func activeContentIsRefusedWhereItIs(_ text: String, _ found: String, _ line: Int, _ column: Int) {
        let (templates, problems) = ComponentTemplates.compile(["card": text])
        #expect(!templates.has("card"))
        #expect(problems["card"]?.first?.message.hasPrefix("template holds `\(found)`, which could run script or leave the page") == true, "\(problems)")
        #expect(problems["card"]?.first?.location == SourceLocation(line: line, column: column))
    }

    /// A value printed inside a tag but outside quotes could add attributes of its own
    /// (`x onmouseover=…`) or choose the element: refused where it stands.
    @Test(arguments: [
        ("<div class={{kind}}>x</div>", 1, 12),
        ("<p>{{a}}</p>\n<div title=\"{{a}}\" {{attrs}}>", 2, 20),
        ("<{{element}} class=\"a\">", 1, 2),
        ("<img alt='{{a}}'\n  data-x={{b}}>", 2, 10),
    ])
    func anUnquotedValueInATagIsRefusedWhereItIs(_ text: String, _ line: Int, _ column: Int) {
        let (templates, problems) = ComponentTemplates.compile(["card": text])
        #expect(!templates.has("card"))
        #expect(problems["card"]?.first?.message.hasPrefix("template prints a value inside a tag but outside a quoted attribute value") == true, "\(problems)")
        #expect(problems["card"]?.first?.location == SourceLocation(line: line, column: column))
    }

    /// A comment in a tag holding a quote or `>` is one tag still: the value after it was missed.
    @Test func aCommentInATagHidesNoValue() {
        #expect(ComponentTemplates.unquotedValue(in: "<div {{! it's > }} {{attrs}}>") == SourceLocation(line: 1, column: 20))
    }

    /// Values in quoted attributes and in text, and sections choosing whole attributes, are drawn.
    @Test func quotedValuesAndSectionsInTagsAreKept() {
        let text = "<div class=\"a {{kind}}\" title='{{t}} > x' {{#on}}data-on=\"1\"{{/on}} {{! note }}>{{text}} 1 < {{n}}</div>"
        let (templates, problems) = ComponentTemplates.compile(["card": text])
        #expect(problems.isEmpty && templates.has("card"), "\(problems)")
    }

    /// Words and attributes that only look like it are drawn.
    @Test func harmlessLookalikesAreKept() {
        let text = "<div class=\"on\" data-one=\"1\" title=\"turn on = off\">Scripts <b>online</b> scripted, <scripture>, metadata {{onclick}}</div>"
            + "<p class=\"promo\">Buy one = get one free: {{title}}</p><link-card>{{x}}</link-card>"
            + "<p title=\"Tom &amp; Jerry\">Learn javascript: the basics</p>"
        let (templates, problems) = ComponentTemplates.compile(["card": text])
        #expect(problems.isEmpty && templates.has("card"), "\(problems)")
    }

    /// The words of a comment are no tag (a comment warning against `{{{` was refused); a tag
    /// after one, or on a later line, is still found where it stands.
    @Test func aCommentMayNameARefusedTag() {
        let (templates, problems) = ComponentTemplates.compile(["card": "{{! never write {{{ or {{& in these }}\n<b>{{title}}</b>"])
        #expect(problems.isEmpty && templates.has("card"))
        let after = ComponentTemplates.compile(["card": "{{! {{{ }}\n<i>\n  x {{{title}}}"]).1["card"]
        #expect(after?.map(\.location) == [SourceLocation(line: 3, column: 5)])
    }

    /// `null` prints nothing and skips its section, as a missing key does (it printed "false").
    @Test func nullPrintsNothing() {
        let (templates, _) = ComponentTemplates.compile(["card": "[{{z}}]{{#z}}yes{{/z}}{{^z}}no{{/z}}{{#list}}<i>{{.}}</i>{{/list}}"])
        let payload = JSONReader.read(Array(#"{"z":null,"list":["a",null]}"#.utf8)).root
        #expect(templates.render(keys: ["card"], payload: payload!)?.html == "[]no<i>a</i><i></i>")
    }

    /// A template that does not parse says what is wrong and where, as a page template does.
    @Test func aTemplateThatDoesNotParseSaysWhy() {
        let (templates, problems) = ComponentTemplates.compile(["tag": "<div>\n  {{#badges}}{{text}}</div>\n"])
        #expect(!templates.has("tag"))
        #expect(problems["tag"] == [.init(message: "template does not parse: section `badges` is not closed", location: SourceLocation(line: 2, column: 3))])
    }

    /// Where Vitrine's own parser stops short (transforms), swift-mustache's error is put in
    /// words: it was its case name, `(unfinishedName)`.
    @Test func aTransformThatDoesNotParseSaysWhyInWords() {
        let (_, problems) = ComponentTemplates.compile(["tag": "<b>{{count(}}</b>"])
        #expect(problems["tag"]?.first?.message == "template does not parse: a tag is not closed with `}}`, or its name has a character names cannot have, "
                + "or a transform's brackets do not close")
        #expect(problems["tag"]?.first?.location == SourceLocation(line: 1, column: 14))
    }

    @Test func valuesAreEscaped() {
        let (templates, problems) = ComponentTemplates.compile(["card": "<b title=\"{{title}}\">{{title}}</b>"])
        #expect(problems.isEmpty)
        let payload = JSONReader.read(Array(#"{"title":"<i>\"x\"</i>"}"#.utf8)).root
        #expect(templates.render(keys: ["card"], payload: payload!)?.html == "<b title=\"&lt;i&gt;&quot;x&quot;&lt;/i&gt;\">&lt;i&gt;&quot;x&quot;&lt;/i&gt;</b>")
    }

    /// I10: an object printed whole is its JSON text in payload order (Swift printed a
    /// dictionary in hash order, so two builds differed); lists still repeat sections, and
    /// dotted names still reach members.
    @Test func objectsAndListsPrintAsJSONAndStillNest() {
        let template = "{{#title}}[{{.}}]{{/title}} {{title.b}} {{#items}}({{name}}){{/items}}{{^none}}none{{/none}} {{items}}"
        let (templates, problems) = ComponentTemplates.compile(["card": template])
        #expect(problems.isEmpty)
        let payload = JSONReader.read(Array(#"{"title":{"z":1,"b":"x\"y","a":[true,null]},"items":[{"name":"p"},{"name":"q"}],"none":[]}"#.utf8)).root
        let expected = #"[{&quot;z&quot;: 1, &quot;b&quot;: &quot;x\&quot;y&quot;, &quot;a&quot;: [true, null]}] x&quot;y (p)(q)none "#
            + #"[{&quot;name&quot;: &quot;p&quot;}, {&quot;name&quot;: &quot;q&quot;}]"#
        #expect(templates.render(keys: ["card"], payload: payload!)?.html == expected)
        // swift-mustache's transforms work as on arrays and dictionaries (in payload order), and
        // no field of the wrappers shows through as a name.
        let transforms = "{{count(items)}} {{#first(items)}}{{name}}{{/first(items)}} {{#enumerated(title)}}{{key}};{{/enumerated(title)}} "
            + "{{#sorted(title)}}{{key}};{{/sorted(title)}} {{count(title)}} {{^none}}[{{elements}}{{renderText}}{{members}}]{{/none}}"
        let (transforming, _) = ComponentTemplates.compile(["card": transforms])
        #expect(transforming.render(keys: ["card"], payload: payload!)?.html == "2 p z;b;a; a;b;z; 3 []")
        // What the transforms give prints as JSON text too (it printed Swift's description, in hash order).
        let printed = "{{enumerated(title)}} | {{reversed(items)}} | {{#sorted(title)}}{{.}};{{/sorted(title)}}"
        let (printing, _) = ComponentTemplates.compile(["card": printed])
        #expect(printing.render(keys: ["card"], payload: payload!)?.html
                == #"[&quot;z&quot;: 1, &quot;b&quot;: &quot;x\&quot;y&quot;, &quot;a&quot;: [true, null]] | "#
                + #"[{&quot;name&quot;: &quot;q&quot;}, {&quot;name&quot;: &quot;p&quot;}] | "#
                + #"&quot;a&quot;: [true, null];&quot;b&quot;: &quot;x\&quot;y&quot;;&quot;z&quot;: 1;"#)
    }

    /// A payload string's transforms still work, and make payload strings (which the budget counts).
    @Test func aStringsTransformsWork() {
        let (templates, _) = ComponentTemplates.compile(["card": "{{uppercased(name)}} {{reversed(name)}} {{#empty(none)}}empty{{/empty(none)}} {{price}}"])
        let payload = JSONReader.read(Array(#"{"name":"Kiwi","none":"","price":4.50}"#.utf8)).root!
        #expect(templates.render(keys: ["card"], payload: payload)?.html == "KIWI iwiK empty 4.5")
    }

    /// `price` writes a number as a feed's card writes a price: whole once rounded to cents,
    /// else two decimals, in the locale's separator, the currency on its side; not a number, nothing.
    @Test func aPriceIsWrittenAsTheFeedsCardsWriteIt() {
        let (templates, _) = ComponentTemplates.compile(["card": "{{price(a)}}|{{price(b)}}|{{price(c)}}|{{price(d)}}|{{price(e)}}"])
        let payload = JSONReader.read(Array(#"{"a":50,"b":1250.5,"c":49.999,"d":"12.25","e":"free"}"#.utf8)).root!
        #expect(templates.render(keys: ["card"], payload: payload)?.html == "50 TL|1250.50 TL|50 TL|12.25 TL|")
        #expect(templates.render(keys: ["card"], payload: JSONReader.read(Array(#"{"a":1e308}"#.utf8)).root!)?.html == "1000000000000 TL||||",
                "a number past the cards' bound is written as that bound, whole")
        var euro = AmountFormat()
        (euro.currency, euro.currencyBeforeAmount, euro.decimalSeparator) = ("€", true, ",")
        #expect(templates.render(keys: ["card"], payload: payload, prices: euro)?.html == "€50|€1250,50|€50|€12,25|")
    }

    /// A whole number, and a list's count, take the integer transforms (they printed nothing):
    /// `equalzero` hides a section for 0, which `{{#reviews}}` shows.
    @Test func aWholeNumbersTransformsWork() {
        let template = "{{plusone(n)}} {{minusone(count(items))}} {{#even(n)}}even{{/even(n)}}{{^equalzero(zero)}}shown{{/equalzero(zero)}}"
            + "{{#equalzero(zero)}}none{{/equalzero(zero)}} {{plusone(price)}}{{reversed(n)}}"
        let (templates, _) = ComponentTemplates.compile(["card": template])
        let payload = JSONReader.read(Array(#"{"n":12,"zero":0,"items":["a","b"],"price":4.5}"#.utf8)).root!
        #expect(templates.render(keys: ["card"], payload: payload)?.html == "13 1 evennone 21")
        // A string beyond ±2⁵³ is no whole number for them: `plusone` of Int.max trapped, ending the build.
        let (edge, _) = ComponentTemplates.compile(["card": "[{{plusone(big)}}][{{minusone(small)}}][{{plusone(fits)}}]"])
        let big = JSONReader.read(Array(#"{"big":"9223372036854775807","small":"-9223372036854775808","fits":"9007199254740990"}"#.utf8)).root!
        #expect(edge.render(keys: ["card"], payload: big)?.html == "[][][9007199254740991]")
    }

    /// Sections nested eight deep over a list of 30 (under a kilobyte of template and payload)
    /// drew 30⁸ copies: the build never finished. A template draws at most `outputLimit` bytes
    /// for a component, whichever way it gets there; what it draws within it is whole.
    @Test func aTemplateDrawsNoMoreThanTheLimit() {
        let nested = String(repeating: "{{#a}}", count: 8) + "{{x}}" + String(repeating: "{{/a}}", count: 8)
        let list = "[" + (0..<30).map(String.init).joined(separator: ",") + "]"
        let long = String(repeating: "x", count: 100_000)
        let payload = JSONReader.read(Array(#"{"a":\#(list),"x":"\#(String(repeating: "y", count: 100))","long":"\#(long)"}"#.utf8)).root!
        let (templates, problems) = ComponentTemplates.compile([
            "nested": nested,
            // A long value printed for each of 30 × 30 items: 90 MB.
            "printed": "{{#a}}{{#a}}{{long}}{{/a}}{{/a}}",
            // Static text repeated: 30 × 30 × 30 copies of 5 KB.
            "static": "{{#a}}{{#a}}{{#a}}" + String(repeating: "<b>x</b>", count: 640) + "{{/a}}{{/a}}{{/a}}",
            // Within the limit: the long value for each of the 30 items, 3 MB.
            "fits": "{{#a}}{{long}}{{/a}}",
        ])
        #expect(problems.isEmpty)
        for key in ["nested", "printed", "static"] {
            let drawing = templates.render(keys: [key], payload: payload)
            #expect(drawing?.key == key && drawing?.html == nil, "\(key) drew \(drawing?.html?.utf8.count ?? 0) bytes")
        }
        #expect(templates.render(keys: ["fits"], payload: payload)?.html?.utf8.count == 30 * 100_000)
    }

    // MARK: - Values printed into CSS

    /// Inside a declaration, HTML escaping stops nothing: `#f00;position:fixed;inset:0` covered
    /// the page and `red}body{display:none` blanked it. Only values that cannot end a declaration pass.
    @Test(arguments: [
        ("#ff0000", true), ("12.5", true), ("rgb(0 0 0 / 50%)", true), ("calc(100% - 8px)", true), ("Noto Sans KR", true),
        ("-2", true), ("", true), ("êtes_1", true), ("16/9", true), ("url(a.png)", true),
        ("#f00;position:fixed", false), ("red}body{display:none", false), ("a:b", false), ("\\66", false), ("x/*", false),
        ("\"Font\"", false), ("red !important", false), ("@import", false), ("&lt;", false), ("a\nb", false), ("url(//evil.example/px.png)", false),
    ])
    func aPlainCSSValueIsOneThatCannotEndItsDeclaration(_ text: String, _ plain: Bool) {
        #expect(ComponentTemplates.isPlainCSS(Substring(text).unicodeScalars) == plain)
    }

    /// Value tags in a `style` attribute or a `<style>` element are marked, found as the page
    /// will have them (a review found one after a section or a comment missed); sections,
    /// comments, values elsewhere, a commented-out or look-alike `<style>` are left as written.
    @Test(arguments: [
        (#"<b style="color: {{tint}}" title="{{tint}}">{{tint}}</b>"#, #"<b style="color: «{{tint}}»" title="{{tint}}">{{tint}}</b>"#),
        ("<i data-style='{{a}}' STYLE = 'width:{{ w }}px;{{#big}}font-size:2em{{/big}}{{! note's }}'>",
         "<i data-style='{{a}}' STYLE = 'width:«{{ w }}»px;{{#big}}font-size:2em{{/big}}{{! note's }}'>"),
        ("<style>.x{color:{{uppercased(c)}}}</style><p>{{c}}</p><style media=\"print\">{{.}}</style>",
         "<style>.x{color:«{{uppercased(c)}}»}</style><p>{{c}}</p><style media=\"print\">«{{.}}»</style>"),
        (#"<b {{#tint}}style="color: {{tint}}"{{/tint}}>x</b>"#, #"<b {{#tint}}style="color: «{{tint}}»"{{/tint}}>x</b>"#),
        (#"<div {{! c }}style="{{tint}}">"#, #"<div {{! c }}style="«{{tint}}»">"#),
        ("<{{#a}}style{{/a}}>.x{color:{{tint}}}</style>", "<{{#a}}style{{/a}}>.x{color:«{{tint}}»}</style>"),
        (#"<svg><circle r="2" fill="{{color}}" stroke='{{line}}'/></svg>"#, #"<svg><circle r="2" fill="«{{color}}»" stroke='«{{line}}»'/></svg>"#),
        ("<p class=\"{{kind}}\">{{style}}</p><style-card>{{name}}</style-card><!-- <style> -->{{x}}", nil),
    ] as [(String, String?)])
    func valuesInCSSAreMarked(_ text: String, _ marked: String?) {
        let shown = ComponentTemplates.cssGuarded(text)?.replacing("\u{E000}", with: "«").replacing("\u{E001}", with: "»")
        #expect(shown == marked)
    }

    /// A plain value is printed into CSS as it is, whatever made it (a number, a count, a flag,
    /// a list's index); any other is left out, the first kept for the warning as the payload
    /// wrote it; an object or a list printed whole (its JSON) too.
    @Test func onlyPlainValuesArePrintedIntoCSS() {
        let template = #"<b style="background:{{tint}};--n:{{count(items)}};width:{{w}}px;--on:{{on}}">{{tint}}</b>"#
            + #"{{#items}}<i style="--i:{{index()}}"></i>{{/items}}<style>.x{color:{{other}}}</style>"#
        let (templates, problems) = ComponentTemplates.compile(["card": template, "whole": "<b style=\"--x:{{items}}\"></b>"])
        #expect(problems.isEmpty)
        let plain = JSONReader.read(Array(##"{"tint":"#ff0000","items":[1,2],"w":12.5,"on":true,"other":"rgb(0 0 0 / 50%)"}"##.utf8)).root!
        let drawn = templates.render(keys: ["card"], payload: plain)
        #expect(drawn?.html == ##"<b style="background:#ff0000;--n:2;width:12.5px;--on:true">#ff0000</b><i style="--i:0"></i><i style="--i:1"></i>"##
                + ##"<style>.x{color:rgb(0 0 0 / 50%)}</style>"##)
        #expect(drawn?.refusedCSS == nil)
        let hostile = JSONReader.read(Array(##"{"tint":"#f00;position:fixed","items":[],"w":"it's","other":"red}body{display:none"}"##.utf8)).root!
        let refused = templates.render(keys: ["card"], payload: hostile)
        #expect(refused?.html == ##"<b style="background:;--n:0;width:px;--on:">#f00;position:fixed</b><style>.x{color:}</style>"##)
        #expect(refused?.refusedCSS == "#f00;position:fixed", "the first refused")
        #expect(templates.render(keys: ["whole"], payload: plain)?.refusedCSS == "[1, 2]")
        // The marks cannot be forged by a payload value.
        let forged = JSONReader.read(Array("{\"tint\":\"\u{E001}x;y:z\u{E000}\",\"items\":[]}".utf8)).root!
        #expect(templates.render(keys: ["card"], payload: forged)?.html?.contains("x;y:z") == true, "printed as text, in the <b>")
        #expect(templates.render(keys: ["card"], payload: forged)?.html?.hasPrefix(#"<b style="background:;"#) == true)
    }

    /// In a `<style>` element's selector even a plain value chooses the page's elements (`x, body`).
    @Test func aValueInASelectorIsRefused() {
        let (_, problems) = ComponentTemplates.compile(["card": "<style>\n.vc-{{id}} b { color: red }</style>"])
        #expect(problems["card"]?.first?.message.hasPrefix("template prints a value into a selector (or an at-rule) of a <style> element") == true)
        #expect(problems["card"]?.first?.location == SourceLocation(line: 2, column: 5))
        let (_, declaration) = ComponentTemplates.compile(["card": "<style>.vc b { color: {{tint}} } .vc i { width: {{w}}px; }</style>"])
        #expect(declaration.isEmpty)
        // An at-rule's prelude too, an `@import` (a statement with no block) among them.
        for atRule in ["<style>@import url({{x}});</style>", "<style>.a{color:red}\n  @media (min-width: {{w}}px) { .b { color: red } }</style>"] {
            #expect(ComponentTemplates.compile(["card": atRule]).1["card"]?.first?.message.hasPrefix("template prints a value into a selector") == true, "\(atRule)")
        }
    }

    // MARK: - Balance

    /// A stray end tag closed the page's own elements (the rest of the screen left the device),
    /// and an element, a comment or a tag left open took in the rest of the screen: the
    /// drawing is mended, and says how.
    @Test(arguments: [
        ("<div class=\"x\"><span>{{label}}</span></div></div>", #"<div class="x"><span>L</span></div>"#,
         "draws `</div>`, which closes nothing it opened (it would close one of the page's elements); left out"),
        ("<div><span>{{label}}</div></span>", "<div><span>L</div>", "draws `</span>`, which closes nothing it opened (it would close one of the page's elements); left out"),
        ("<p>a</p>\n<section>\n  <b>{{label}}</b>", "<p>a</p>\n<section>\n  <b>L</b></section>",
         "leaves `<section>` open (the rest of the screen would be drawn inside it); closed at its end"),
        ("<DIV><i>{{label}}</I></em><li>x", "<DIV><i>L</I><li>x</div>", "draws `</em>`, which closes nothing it opened (it would close one of the page's elements); left out"),
        ("<div class=\"spacer\"/>{{label}}", "<div class=\"spacer\"/>L</div>", "leaves `<div>` open (the rest of the screen would be drawn inside it); closed at its end"),
        ("<b>{{label}}</b><!-- note", "<b>L</b><!-- note-->", "leaves a comment (`<!--`) open (the rest of the screen would be commented out); closed at its end"),
        ("<i>{{label}}</i><b title=\"x>", "<i>L</i>", "leaves the tag `<b` unfinished (the rest of the screen would be read as its attributes); left out"),
    ])
    func anUnbalancedDrawingIsMendedAndSaysHow(_ text: String, _ html: String, _ problem: String) {
        let (templates, problems) = ComponentTemplates.compile(["card": text])
        #expect(problems.isEmpty)
        let drawing = templates.render(keys: ["card"], payload: JSONReader.read(Array(#"{"label":"L"}"#.utf8)).root!)
        #expect(drawing?.html == html)
        #expect(drawing?.unbalanced == problem)
    }

    /// Void elements, `</br>` (drawn as a `<br>`), self-closed SVG, end tags HTML lets a writer
    /// leave out, comments, quoted `>`s, a style element's or a textarea's text and an element
    /// opened in either branch of a section are balanced.
    @Test func balancedLookalikesAreLeftAsDrawn() {
        let text = """
            <ul><li>{{a}}<li>b</ul><p>one<p>two<br></br><img alt="x > y" src="a.png">
            <svg viewBox="0 0 1 1"><path d="M0 0"/></svg><!-- </div> --><textarea></div></textarea>
            <style>.x > b { color: red } </div></style><table><tr><td>1<td>2</table>
            {{#big}}<b>{{/big}}{{^big}}<b class="small">{{/big}}x</b>
            """
        let (templates, _) = ComponentTemplates.compile(["card": text])
        for big in [true, false] {
            let drawing = templates.render(keys: ["card"], payload: JSONReader.read(Array(#"{"a":"A","big":\#(big)}"#.utf8)).root!)
            #expect(drawing?.unbalanced == nil && drawing?.html?.hasSuffix("x</b>") == true, "\(String(describing: drawing))")
        }
    }

    /// Tags without their end are read once: a regular expression read each to the end of the
    /// drawing (32 KB of `x<b ` took 36 s), and a drawing may be 4 MiB. So are list items left
    /// open, as HTML allows (each start tag searched them all: 100,000 took 131 s), with stray
    /// end tags among them.
    @Test func aDrawingIsReadOnce() {
        let (html, problem) = ComponentTemplates.balanced(String(repeating: "x<b ", count: 250_000))
        #expect(html == "x" && problem?.hasPrefix("leaves the tag `<b` unfinished") == true)
        let items = "<ol>" + String(repeating: "<li>1</em>", count: 100_000) + "</ol>"
        let (listed, stray) = ComponentTemplates.balanced(items)
        #expect(listed == "<ol>" + String(repeating: "<li>1", count: 100_000) + "</ol>")
        #expect(stray?.hasPrefix("draws `</em>`, which closes nothing it opened") == true)
    }
}
