import Foundation

/// The headless Chromium the layout checks run in, found on `PATH`.
enum Chromium {
    /// The executable, or nil when `chromium` is not on `PATH`.
    static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.lazy
            .map { String($0) + "/chromium" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// `VITRINE_REQUIRE_BROWSER=1` turns a missing browser into a failure instead of a skip.
    static let isRequired = ProcessInfo.processInfo.environment["VITRINE_REQUIRE_BROWSER"] == "1"

    /// Whether the browser suites run: the browser is there, or its absence must fail loudly.
    static let shouldRun = path != nil || isRequired

    /// How long one page may take before the browser is killed.
    static let timeout: TimeInterval = 60

    /// Loads `page` and returns the DOM once scripts have run (`--dump-dom`).
    /// - Parameters:
    ///   - scratch: a private folder for the browser profile and its output.
    ///   - virtualTimeBudget: how many milliseconds of page time (timers run fast, loads are
    ///     waited for) pass before the DOM is dumped; scripts that wait between steps need more.
    ///   - darkScheme: whether the system prefers dark (`prefers-color-scheme: dark`).
    ///   - windowWidth: the window's width in CSS pixels (headless Chromium's is at least 500).
    static func dumpDOM(of page: URL, scratch: URL, virtualTimeBudget: Int = 3000, darkScheme: Bool = false, windowWidth: Int = 1200) throws -> String {
        guard let path else { throw BrowserCheckError("chromium not found; run scripts/setup.sh --test") }
        let output = scratch.appendingPathComponent("dom.html")
        let log = scratch.appendingPathComponent("chromium.log")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw BrowserCheckError("cannot create files in \(scratch.path)")
        }
        let outputHandle = try FileHandle(forWritingTo: output)
        let logHandle = try FileHandle(forWritingTo: log)
        defer {
            try? outputHandle.close()
            try? logHandle.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--virtual-time-budget=\(virtualTimeBudget)", "--window-size=\(windowWidth),1000",
            "--user-data-dir=" + scratch.appendingPathComponent("profile").path,
            "--dump-dom", page.absoluteString,
        ] + (darkScheme ? ["--force-dark-mode"] : [])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = logHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut { kill(process.processIdentifier, SIGKILL) }
            throw BrowserCheckError("chromium did not finish within \(Int(timeout)) s loading \(page.path)")
        }
        guard process.terminationStatus == 0 else {
            let tail = (try? String(contentsOf: log, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
            throw BrowserCheckError("chromium exited with status \(process.terminationStatus):\n\(tail)")
        }
        return try String(contentsOf: output, encoding: .utf8)
    }
}

/// A failure of the harness itself (no browser, a build error, an unreadable page), not of a layout.
struct BrowserCheckError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Chromium {
    /// The text of `<pre id="…">`, its HTML entities decoded.
    static func preformatted(_ id: String, in dom: String) throws -> String {
        let opening = "<pre id=\"\(id)\">"
        guard let start = dom.range(of: opening), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw BrowserCheckError("no <pre id=\"\(id)\"> results; the page's DOM was:\n\(dom.prefix(3000))")
        }
        return String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
