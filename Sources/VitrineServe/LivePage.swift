/// Adds live reload to a served HTML page: the run's token and build number in a `<meta>`, the
/// script before `</head>`, and `connect-src 'self'` in the page's Content-Security-Policy so
/// the script may open its event stream (and nothing else may).
enum LivePage {
    static func inject(into page: [UInt8], token: String, build: Int) -> [UInt8] {
        var bytes = page
        let policy = Array(#"http-equiv="Content-Security-Policy" content=""#.utf8)
        if let start = firstRange(of: policy, in: bytes) {
            bytes.insert(contentsOf: Array("connect-src 'self'; ".utf8), at: start.upperBound)
        }
        let tags = Array(("<meta name=\"vitrine-live\" content=\"\(token)\" data-build=\"\(build)\">\n"
            + "<script src=\"/\(LiveScript.path)\" defer></script>\n").utf8)
        let end = firstRange(of: Array("</head>".utf8), in: bytes)?.lowerBound ?? bytes.endIndex
        bytes.insert(contentsOf: tags, at: end)
        return bytes
    }

    private static func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard needle.count <= bytes.count, let first = needle.first else { return nil }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
    }
}
