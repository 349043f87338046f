import HTTPTypes
import Hummingbird
import VitrineCore

/// Answers every request of `vitrine serve`: the output folder's files, the live-reload script
/// and its event stream. GET and HEAD only; only `Host` names the allow-list takes (loopback,
/// `--allow-host`, any IP address when listening beyond loopback); another site's requests
/// refused unless they are navigations; no CORS headers, no ranges. HTML gets the live-reload
/// script (in the response only, never on disk).
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let folder: OutputFolder
    let hosts: HostAllowList
    /// The live channel, its per-run token and the last good pages of failing payloads; nil
    /// with `--no-watch` (no script injected).
    let live: (channel: LiveChannel, token: String, lastGood: LastGoodPages)?

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let host = request.head.authority else { return Self.plain(.badRequest, "Bad request: no Host header.\n") }
        // A second `Host` (the first is the authority) is a request two hosts could read two ways (RFC 9112 §3.2).
        guard request.headers[HTTPField.Name("Host")!] == nil else { return Self.plain(.badRequest, "Bad request: more than one Host header.\n") }
        guard hosts.allows(host) else {
            return Self.plain(.forbidden, "This preview answers only to its own address (localhost); see --allow-host.\n")
        }
        // Another site may link here (a navigation), but not load pages or data into itself. What
        // is let through is listed: two headers joined ("same-origin, cross-site") are refused.
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site != "same-origin" && site != "none",
           request.headers[HTTPField.Name("Sec-Fetch-Mode")!] != "navigate" {
            return Self.plain(.forbidden, "Cross-site requests are refused.\n")
        }
        let isHead = request.method == .head
        guard request.method == .get || isHead else {
            var response = Self.plain(.methodNotAllowed, "Only GET and HEAD.\n")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        switch RequestTarget(request.head.path ?? "") {
        case .tooLong:
            return Self.plain(.uriTooLong, "Request target too long.\n")
        case .badRequest:
            return Self.plain(.badRequest, "Bad request target.\n")
        case .notFound:
            return livePage(.notFound, Self.notFoundPage, head: isHead)
        case .path(let path, let trailingSlash):
            if let live, path == LiveScript.eventsPath, !trailingSlash {
                return events(request, live: (live.channel, live.token))
            }
            if live != nil, path == LiveScript.path, !trailingSlash {
                return Self.file(path, bytes: Array(LiveScript.source.utf8), request: request)
            }
            // The build number is read before the file: a page is never labelled newer than its bytes.
            let build = live?.channel.build ?? 0
            // A failing payload's page as it last built without errors, labelled a build old, so
            // that it hears the last build's errors for its overlay, as an open page did.
            if let live, !trailingSlash, ContentType.of(path).hasPrefix("text/html"), let kept = live.lastGood.bytes(for: path) {
                return Self.file(path, bytes: LivePage.inject(into: kept, token: live.token, build: max(build - 1, 0)), request: request)
            }
            switch folder.lookup(path, trailingSlash: trailingSlash) {
            case .file(let served, var bytes):
                if let live, ContentType.of(served).hasPrefix("text/html") {
                    bytes = LivePage.inject(into: bytes, token: live.token, build: build)
                }
                return Self.file(served, bytes: bytes, request: request)
            case .redirect(let location):
                let query = request.uri.query.map { "?" + $0 } ?? ""  // a folder's page keeps what the address asked of it
                var response = Self.plain(.movedPermanently, "Moved to \(location)\n", head: isHead)
                response.headers[.location] = location + query
                return response
            case .notFound:
                return livePage(.notFound, Self.notFoundPage, head: isHead)
            case .unavailable:
                return livePage(.serviceUnavailable, Self.unavailablePage, head: isHead)
            }
        }
    }

    /// The event stream, for a page that shows the run's token.
    private func events(_ request: Request, live: (channel: LiveChannel, token: String)) -> Response {
        let query = request.uri.queryParameters
        guard query["token"].map(String.init) == live.token else { return Self.plain(.forbidden, "Wrong or missing token.\n") }
        // A page of another origin (another port too) that learnt the token is refused all the same
        // (`null` is a sandbox or a file): only the pages of this address, host and port, may listen.
        if let origin = request.headers[HTTPField.Name("Origin")!], origin.lowercased() != "http://" + (request.head.authority ?? "").lowercased() {
            return Self.plain(.forbidden, "Cross-origin requests are refused.\n")
        }
        var headers = Self.commonHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // HEAD gets the headers alone, or its connection would stay open for events it never reads.
        guard request.method == .get else { return Response(status: .ok, headers: headers, body: ResponseBody()) }
        let since = query["since"].flatMap { Int($0) } ?? live.channel.build
        let stream = live.channel.subscribe(since: since)
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            for await frame in stream {
                try await writer.write(ByteBuffer(string: frame))
            }
            try await writer.finish(nil)
        })
    }

    /// Headers on every response: no sniffing, no caching without revalidation, no referrer, no
    /// embedding of any response (a script or image) by another site, nor framing of a page by
    /// one (the index frames its own miniatures).
    static let commonHeaders: HTTPFields = [
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("X-Frame-Options")!: "SAMEORIGIN",
        HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin",
        .cacheControl: "no-cache",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]

    /// A file with its type and an ETag over the bytes sent; 304 when the client has them.
    private static func file(_ path: String, bytes: [UInt8], request: Request) -> Response {
        var headers = commonHeaders
        let type = ContentType.of(path)
        headers[.contentType] = type
        if type == "image/svg+xml" { headers[.contentSecurityPolicy] = "sandbox; script-src 'none'" }
        let tag = "\"" + String(ContentHash(bytes).value, radix: 16) + "\""
        headers[.eTag] = tag
        // If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"…"` matches the same tag.
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || (trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed) == tag
        }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(bytes.count)
        if request.method == .head { return Response(status: .ok, headers: headers, body: ResponseBody()) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A page of the server's own (404, 503); with live reload, it reloads when a build writes
    /// the page it stands for (a tab left on a page whose file was renamed away and back, or
    /// opened while the output folder was gone).
    private func livePage(_ status: HTTPResponse.Status, _ html: String, head: Bool) -> Response {
        let page = live.map { String(decoding: LivePage.inject(into: Array(html.utf8), token: $0.token, build: $0.channel.build), as: UTF8.self) }
        var response = Self.plain(status, page ?? html, head: head)
        response.headers[.contentType] = "text/html; charset=utf-8"
        return response
    }

    /// The 404 page: fixed text, the request is never echoed.
    static let notFoundPage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
        <body><main><h1>Not found</h1><p>No page of this preview has that address. <a href="/">Back to the index</a>.</p></main></body></html>

        """

    /// The page while the output folder is missing (deleted by hand): the watcher builds it again.
    static let unavailablePage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Building</title></head>
        <body><main><h1>The site is being built again</h1><p>The output folder is missing; the next build, within a few seconds, writes it again and this page reloads.</p></main></body></html>

        """

    private static func plain(_ status: HTTPResponse.Status, _ text: String, head: Bool = false) -> Response {
        var headers = commonHeaders
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.contentLength] = String(text.utf8.count)
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
