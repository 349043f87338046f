import Foundation
import Testing

/// `vitrine serve` end to end: the built executable on port 0, a browser's requests made by hand.
@Suite(.serialized) struct ServeCommandTests {
    /// The page's live-reload token and build number, as the injected `<meta>` shows them.
    private func liveMeta(_ page: String) -> (token: String, build: Int)? {
        guard let start = page.range(of: #"<meta name="vitrine-live" content=""#) else { return nil }
        let rest = page[start.upperBound...]
        guard let quote = rest.firstIndex(of: "\""), let buildStart = rest.range(of: #"data-build=""#) else { return nil }
        let build = rest[buildStart.upperBound...].prefix { $0.isNumber }
        return (String(rest[..<quote]), Int(build) ?? 0)
    }

    static let pagePath = "/screens/payloads/scenes/typography.html"

    /// `serve` started over a fresh copy of the demo, and the events address of `pagePath` as the
    /// served page names it (token and build).
    private func serving(_ input: LiveInput, fileSizeLimit: Int? = nil) throws -> (server: ServeProcess, events: String, build: Int) {
        let server = try ServeProcess([input.input, "-o", input.output, "--port", "0", "-q"], fileSizeLimit: fileSizeLimit)
        try #require(server.port > 0, "serve did not start: \(server.stderr)")
        let page = try #require(RawHTTP.get(Self.pagePath, port: server.port))
        let meta = try #require(liveMeta(page.text))
        return (server, "/_vitrine/events?token=\(meta.token)&since=\(meta.build)", meta.build)
    }

    @Test func editReloadBreakOverlayFix() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let (server, target, build) = try serving(input)
        let pagePath = Self.pagePath
        let events = try #require(EventStream(port: server.port, target: target))
        #expect(events.next()?["build"] as? Int == build, "the stream opens with the current state")

        // Edit: the event names the page, and the page has the new text.
        let text = try input.read("payloads/scenes/typography.json")
        try input.write("payloads/scenes/typography.json", text.replacingOccurrences(of: "Typography", with: "Edited live"))
        let edited = try #require(events.next())
        #expect((edited["changed"] as? [String])?.contains(String(pagePath.dropFirst())) == true)
        #expect((edited["errors"] as? [Any])?.isEmpty == true)
        #expect(RawHTTP.get(pagePath, port: server.port)?.text.contains("Edited live") == true)

        // Break it: the errors come with file, line and column; the payload's page is failed.
        try input.write("payloads/scenes/typography.json", "{\"container\": <img src=x onerror=alert(1)>")
        let broken = try #require(events.next())
        let errors = try #require(broken["errors"] as? [[String: Any]])
        let first = try #require(errors.first)
        #expect(first["file"] as? String == "payloads/scenes/typography.json")
        #expect(first["line"] as? Int == 1)
        #expect(first["column"] as? Int != nil)
        #expect((broken["failed"] as? [String])?.contains(String(pagePath.dropFirst())) == true)
        // SV26: opened afresh, the page is its last good render, a build old, so it hears the
        // errors for its overlay (it was the error page the output folder holds).
        let reopened = RawHTTP.get(pagePath, port: server.port)?.text ?? ""
        let brokenBuild = try #require(broken["build"] as? Int)
        #expect(reopened.contains("Edited live") && reopened.contains(#"data-build="\#(brokenBuild - 1)""#), "\(reopened.prefix(300))")
        let onDisk = try String(contentsOfFile: input.output + pagePath, encoding: .utf8)
        #expect(onDisk.contains("could not be read") && !onDisk.contains("Edited live"), "on disk, the page a clean build writes")
        // Its standalone page too, which the kept page links to (on disk it is gone).
        let standalone = pagePath.replacingOccurrences(of: ".html", with: ".frame.html")
        #expect(RawHTTP.get(standalone, port: server.port)?.text.contains("Edited live") == true)
        #expect(!FileManager.default.fileExists(atPath: input.output + standalone))

        // Mended but for an error that still lets it draw: each edit shows at once (a kept page hid them).
        var mended = text.replacingOccurrences(of: "Typography", with: "Mended")
        mended.replaceSubrange(try #require(mended.range(of: #""type": "text""#)), with: #""type": "txt""#)
        try input.write("payloads/scenes/typography.json", mended)
        _ = try #require(events.next())
        let mendedPage = RawHTTP.get(pagePath, port: server.port)?.text ?? ""
        #expect(mendedPage.contains("Mended") && !mendedPage.contains("Edited live"), "\(mendedPage.prefix(300))")

        // Fix it: no errors, nothing failed.
        try input.write("payloads/scenes/typography.json", text)
        let fixed = try #require(events.next())
        #expect((fixed["errors"] as? [Any])?.isEmpty == true)
        #expect((fixed["failed"] as? [Any])?.isEmpty == true)
        let fixedPage = RawHTTP.get(pagePath, port: server.port)?.text ?? ""
        #expect(fixedPage.contains("Typography") && !fixedPage.contains("Mended") && !fixedPage.contains("Edited live"), "\(fixedPage.prefix(300))")

        // A payload drawn in spite of an error (an unknown type) is served as drawn: a kept page
        // would hide every later edit of it.
        var partly = text.replacingOccurrences(of: "Typography", with: "Partly broken")
        partly.replaceSubrange(try #require(partly.range(of: #""type": "text""#)), with: #""type": "txt""#)
        try input.write("payloads/scenes/typography.json", partly)
        _ = try #require(events.next())
        try input.write("payloads/scenes/typography.json", partly.replacingOccurrences(of: "Partly broken", with: "Edited again"))
        let again = try #require(events.next())
        #expect((again["failed"] as? [String])?.contains(String(pagePath.dropFirst())) == true)
        #expect(RawHTTP.get(pagePath, port: server.port)?.text.contains("Edited again") == true)

        let stopped = server.stop()
        #expect(stopped.status == 130)
    }

    /// SV24: the event stream is one way. Whatever a client sends on it (a megabyte of bytes
    /// that are not UTF-8, thousands of tiny writes) is never taken as a command: the server stays
    /// up, and pages keep being served and told about builds.
    @Test func bytesSentOnTheEventStreamChangeNothing() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let (server, target, build) = try serving(input)
        let pagePath = Self.pagePath
        let abused = try #require(EventStream(port: server.port, target: target))
        #expect(abused.next()?["build"] as? Int == build)
        var generator = SystemRandomNumberGenerator()
        abused.send((0..<1_000_000).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) })
        for _ in 0..<10_000 { if abused.send([0x81, 0x00]) == 0 { break } }

        #expect(RawHTTP.get(pagePath, port: server.port)?.status == 200)
        let fresh = try #require(EventStream(port: server.port, target: target))
        #expect(fresh.next()?["build"] as? Int == build)
        let text = try input.read("payloads/scenes/typography.json")
        try input.write("payloads/scenes/typography.json", text.replacingOccurrences(of: "Typography", with: "Still live"))
        #expect((fresh.next()?["changed"] as? [String])?.contains(String(pagePath.dropFirst())) == true)
        #expect(server.stop().status == 130)
    }

    /// SV30: a rebuild that cannot write (a full disk; here `ulimit -f`) reports the file in the
    /// event, keeps serving the last good page, and recovers when the edit is undone.
    @Test func aRebuildThatCannotWriteKeepsTheLastGoodPage() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let (server, target, _) = try serving(input, fileSizeLimit: 4096)  // 2 MB (dash's 512-byte blocks) or 4 MB
        let events = try #require(EventStream(port: server.port, target: target))
        _ = events.next()
        let text = try input.read("payloads/scenes/typography.json")
        // 25 texts of 198 KB: each is drawn whole (under the 256 KiB cut), so the page is 5 MB.
        let huge = String(repeating: "Too big to write. ", count: 11_000)
        let views = (0..<25).map { #"{"type":"text","component":{"componentId":"t\#($0)","text":"\#(huge)"}}"# }
        try input.write("payloads/scenes/typography.json", #"{"hasNavigationBar":false,"container":{"componentId":"root","#
                        + #""layout":{"type":"v","alignment":"leading"},"views":[\#(views.joined(separator: ","))]}}"#)
        let failed = try #require(events.next(within: 30))
        let errors = try #require(failed["errors"] as? [[String: Any]])
        #expect(errors.contains {
            $0["file"] as? String == "payloads/scenes/typography.json"
                && ($0["message"] as? String)?.hasPrefix("output file screens/payloads/scenes/typography.html: cannot write: File too large") == true
        }, "\(errors)")
        let kept = try #require(RawHTTP.get(Self.pagePath, port: server.port))
        #expect(kept.status == 200 && kept.text.contains("Typography") && !kept.text.contains("Too big to write"))

        try input.write("payloads/scenes/typography.json", text.replacingOccurrences(of: "Typography", with: "Fits again"))
        let fixed = try #require(events.next(within: 30))
        #expect((fixed["errors"] as? [Any])?.isEmpty == true)
        #expect(RawHTTP.get(Self.pagePath, port: server.port)?.text.contains("Fits again") == true)
        #expect(server.stop().status == 130)
    }

    /// K07: a thousand saves of one file in ten seconds leave the server's memory flat (at most
    /// 10 % and 2 MiB more at the end than after the first 200) and its page current.
    @Test func aThousandSavesInTenSecondsKeepMemoryFlat() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let (server, _, _) = try serving(input)
        let text = try input.read("payloads/scenes/typography.json")
        var warm = 0
        for save in 1...1_000 {
            try input.write("payloads/scenes/typography.json", text.replacingOccurrences(of: "Typography", with: "Save \(save)"))
            Thread.sleep(forTimeInterval: 0.01)
            if save == 200 { warm = Self.residentKiB(server.process.processIdentifier) }
        }
        var page = ""
        for _ in 0..<100 where !page.contains("Save 1000<") {
            Thread.sleep(forTimeInterval: 0.1)
            page = RawHTTP.get(Self.pagePath, port: server.port)?.text ?? ""
        }
        #expect(page.contains("Save 1000<"), "the page shows the last save")
        let end = Self.residentKiB(server.process.processIdentifier)
        #expect(warm > 0 && end <= warm + warm / 10 + 2048, "RSS \(warm) KiB after 200 saves, \(end) KiB at the end")
        #expect(server.stop().status == 130)
    }

    /// SV16: a 200 KB header line and 5 000 headers, sent a hundred times each, are refused every
    /// time, and the server's memory stays flat (at most 10 % and 2 MiB more than after the first 20).
    @Test func hugeHeadersSentAgainAndAgainKeepMemoryFlat() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let (server, _, _) = try serving(input)
        let huge = ["X-Big: " + String(repeating: "b", count: 200_000) + "\r\n", (0..<5_000).map { "X-H\($0): v\r\n" }.joined()]
        var warm = 0
        for round in 1...100 {
            for extra in huge {
                // Refused with an error status, or the connection closed: never served.
                if let answer = RawHTTP.get(Self.pagePath, port: server.port, extra: extra) { #expect(answer.status >= 400) }
            }
            if round == 10 { warm = Self.residentKiB(server.process.processIdentifier) }
        }
        #expect(RawHTTP.get(Self.pagePath, port: server.port)?.status == 200)
        let end = Self.residentKiB(server.process.processIdentifier)
        #expect(warm > 0 && end <= warm + warm / 10 + 2048, "RSS \(warm) KiB after 20 requests, \(end) KiB after 200")
        #expect(server.stop().status == 130)
    }

    private static func residentKiB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func sigintDuringABuildExitsWithinTwoSecondsAndLeavesNoTemporaryFiles() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let checkout = try input.read("payloads/scenes/checkout.json")
        for index in 0..<300 { try input.write("payloads/many/screen-\(index).json", checkout) }
        let server = try ServeProcess([input.input, "-o", input.output, "--port", "0", "-q"])
        try #require(server.port > 0, "serve did not start: \(server.stderr)")
        // Change every screen, wait until the rebuild writes its first temporary file, then interrupt it.
        let again = checkout.replacingOccurrences(of: #""text": "Cart""#, with: #""text": "Again""#)
        try #require(again != checkout)
        for index in 0..<300 { try input.write("payloads/many/screen-\(index).json", again) }
        let temporaryFiles = { (FileManager.default.enumerator(atPath: input.output)?.allObjects as? [String] ?? []).filter { $0.contains(".vitrine-tmp-") } }
        let writing = Date().addingTimeInterval(10)
        var temporary = false
        while !temporary, Date() < writing {
            temporary = !temporaryFiles().isEmpty
            if !temporary { Thread.sleep(forTimeInterval: 0.01) }
        }
        let stopped = server.stop()
        try #require(temporary, "the rebuild never began writing")
        #expect(stopped.status == 130)
        #expect(stopped.seconds < 2)
        #expect(temporaryFiles().isEmpty)
        #expect(RawHTTP.get("/", port: server.port) == nil, "the port is released")
        // The rebuild was cut: every page is still the first build's.
        let pages = (0..<300).map { (try? String(contentsOfFile: input.output + "/screens/payloads/many/screen-\($0).html", encoding: .utf8)) ?? "" }
        let rebuilt = pages.filter { $0.contains("Again") }.count
        #expect(rebuilt == 0 && pages.allSatisfy { $0.contains("Cart") }, "\(rebuilt) pages rebuilt before the signal")
    }

    /// The input's path on the first lines is escaped for the terminal, as in diagnostics: a
    /// folder named with an escape sequence does not clear the screen.
    @Test func theWatchingLineEscapesTheInputPath() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let odd = input.base.appendingPathComponent("in\u{1B}[2Jput").path
        try FileManager.default.moveItem(atPath: input.input, toPath: odd)
        let server = try ServeProcess([odd, "-o", input.output, "--port", "0"])
        try #require(server.port > 0, "serve did not start: \(server.stderr)")
        Thread.sleep(forTimeInterval: 0.5)  // the line follows the port's at once; stderr is read once serve has ended
        _ = server.stop()
        let stderr = server.stderr  // read once: the pipe is drained
        #expect(stderr.contains("Watching " + input.base.path + "/in\\u{1B}[2Jput; Ctrl-C stops.\n"), "\(stderr.suffix(300))")
        #expect(!stderr.contains("\u{1B}"))
    }

    /// Closing the terminal (SIGHUP) stops it as Ctrl-C does, writes removed, without a word.
    @Test func aClosedTerminalStopsItCleanly() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let server = try ServeProcess([input.input, "-o", input.output, "--port", "0"])
        try #require(server.port > 0, "serve did not start: \(server.stderr)")
        let stopped = server.stop(with: SIGHUP)
        #expect(stopped.status == 129 && stopped.seconds < 2)
        #expect(!server.stderr.contains("Stopped."))
        #expect(RawHTTP.get("/", port: server.port) == nil, "the port is released")
    }

    /// `--open` with no browser opener on the PATH says so (it failed without a word).
    @Test func openWithoutABrowserSaysSo() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let server = try ServeProcess([input.input, "-o", input.output, "--port", "0", "--open"], path: input.base.path)
        try #require(server.port > 0, "serve did not start: \(server.stderr)")
        _ = server.stop()
        #expect(server.stderr.contains("vitrine: could not open a browser; open http://127.0.0.1:\(server.port)/ yourself"), "\(server.stderr)")
    }

    @Test func aPortInUseIsAOneLineError() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let first = try ServeProcess([input.input, "-o", input.output, "--port", "0", "-q"])
        try #require(first.port > 0)
        let second = try ServeProcess([input.input, "-o", input.base.appendingPathComponent("other").path, "--port", String(first.port), "-q"])
        second.process.waitUntilExit()
        #expect(second.process.terminationStatus == 2)
        #expect(second.stderr == "vitrine: error: port \(first.port) is in use (try --port 0 for any free port)\n", "said before building anything")
        #expect(!FileManager.default.fileExists(atPath: input.base.appendingPathComponent("other").path))
        let unknown = try ServeProcess([input.input, "-o", input.base.appendingPathComponent("other").path, "--host", "999.1.1.1"])
        unknown.process.waitUntilExit()
        #expect(unknown.process.terminationStatus == 2)
        #expect(unknown.stderr == "vitrine: error: cannot listen on 999.1.1.1: not an address or name of this machine\n", "no warning about the network first")
        // An address of no interface here, with any port: refused before the build as well.
        let foreign = try ServeProcess([input.input, "-o", input.base.appendingPathComponent("other").path, "--host", "192.0.2.77", "--port", "0"])
        foreign.process.waitUntilExit()
        #expect(foreign.process.terminationStatus == 2)
        #expect(foreign.stderr == "vitrine: error: cannot listen on 192.0.2.77:0: Cannot assign requested address\n", "\(foreign.stderr)")
        #expect(!FileManager.default.fileExists(atPath: input.base.appendingPathComponent("other").path))
        _ = first.stop(with: SIGTERM)
        #expect(first.process.terminationStatus == 143)
    }

    /// A theme template no page uses is a warning when serve starts, as it is for build.
    @Test func anUnusedThemeTemplateIsAWarningAtStart() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let brand = input.base.appendingPathComponent("brand").path
        try FileManager.default.createDirectory(atPath: brand + "/templates", withIntermediateDirectories: true)
        try Data("a misspelt screen page".utf8).write(to: URL(fileURLWithPath: brand + "/templates/screne.mustache"))
        let server = try ServeProcess([input.input, "-o", input.output, "--port", "0", "-q", "--theme", brand])
        try #require(server.port > 0, "serve did not start: \(server.stderr)")
        _ = server.stop()
        #expect(server.stderr.contains("\(brand)/templates/screne.mustache: warning: no page uses this template and no template includes it\n"), "\(server.stderr)")
    }

    @Test func listeningOnEveryAddressPrintsALocalURLAndAcceptsIPAddresses() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let server = try ServeProcess([input.input, "-o", input.output, "--port", "0", "--host", "0.0.0.0", "-q"])
        try #require(server.port > 0, "serve printed no http://127.0.0.1 URL")
        #expect(RawHTTP.get("/", port: server.port, host: "192.0.2.10:\(server.port)")?.status == 200)
        #expect(RawHTTP.get("/", port: server.port, host: "[2001:db8::1]:\(server.port)")?.status == 200)
        #expect(RawHTTP.get("/", port: server.port, host: "attacker.example")?.status == 403)
        _ = server.stop()
        #expect(server.stderr.contains("the preview is reachable from the network"))
    }

    /// A mistyped folder with `--no-watch` is an error, not the `--output` folder served instead.
    @Test func noWatchRefusesAFolderThatIsNotThere() throws {
        let input = try LiveInput()
        defer { input.remove() }
        try FileManager.default.createDirectory(atPath: input.output, withIntermediateDirectories: true)
        try Data("<html><head></head><body>as it is</body></html>".utf8).write(to: URL(fileURLWithPath: input.output + "/index.html"))
        let typo = input.base.appendingPathComponent("publci").path
        let server = try ServeProcess([typo, "--no-watch", "-o", input.output, "--port", "0"])
        let deadline = Date().addingTimeInterval(10)
        while server.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if server.process.isRunning { _ = server.stop() }  // it served the other folder
        #expect(server.process.terminationStatus == 2)
        #expect(server.stderr == "vitrine: error: folder \(typo) does not exist; give a built site, or the input whose --output to serve\n")
    }

    @Test func noWatchServesAnExistingFolderWithoutTheLiveScript() throws {
        let input = try LiveInput()
        defer { input.remove() }
        try FileManager.default.createDirectory(atPath: input.output, withIntermediateDirectories: true)
        try Data("<html><head></head><body>as it is</body></html>".utf8).write(to: URL(fileURLWithPath: input.output + "/index.html"))
        let server = try ServeProcess(["--no-watch", "-o", input.output, "--port", "0", "-q"])
        try #require(server.port > 0)
        let page = try #require(RawHTTP.get("/", port: server.port))
        #expect(page.text == "<html><head></head><body>as it is</body></html>")
        _ = server.stop()
        // A site given as INPUT is the one served: one Vitrine wrote, or one without the marker
        // (a downloaded CI artifact) that has an index.html and the theme's stylesheet.
        try FileManager.default.createDirectory(atPath: input.output + "/theme", withIntermediateDirectories: true)
        try Data("body{}".utf8).write(to: URL(fileURLWithPath: input.output + "/theme/vitrine.css"))
        for marked in [false, true] {
            if marked { try Data("built".utf8).write(to: URL(fileURLWithPath: input.output + "/.vitrine-output")) }
            let named = try ServeProcess([input.output, "--no-watch", "--port", "0", "-q"])
            try #require(named.port > 0)
            #expect(RawHTTP.get("/", port: named.port)?.text == "<html><head></head><body>as it is</body></html>", "marked: \(marked)")
            _ = named.stop()
        }
        let missing = try ServeProcess(["--no-watch", "-o", input.base.appendingPathComponent("nothing").path, "--port", "0"])
        missing.process.waitUntilExit()
        #expect(missing.process.terminationStatus == 2)
        #expect(missing.stderr.contains("does not exist"))
    }
}
