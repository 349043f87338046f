/// The theme files a page template links (`{{root}}theme/logo.svg`) that the theme does not
/// have: every page would show a broken image or miss its script, without a word.
enum TemplateLinkCheck {
    /// Each `{{root}}theme/PATH` of `bytes` whose PATH is not among `files` (paths in the theme
    /// folder), at its byte offset. A path made by a template (`{{icon}}.svg`) is not checked.
    static func missing(in bytes: [UInt8], files: Set<String>) -> [(offset: Int, path: String)] {
        let marker = Array("{{root}}theme/".utf8)
        var found: [(offset: Int, path: String)] = []
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index..<index + marker.count].elementsEqual(marker) else { index += 1; continue }
            var end = index + marker.count
            while end < bytes.count, !"\"' \t\n\r>)#?".utf8.contains(bytes[end]) { end += 1 }
            let path = String(decoding: bytes[(index + marker.count)..<end], as: UTF8.self)
            if !path.isEmpty, !path.contains("{{"), !files.contains(path) { found.append((index, path)) }
            index = end
        }
        return found
    }
}
