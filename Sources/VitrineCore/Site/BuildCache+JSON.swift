import Foundation

extension BuildCache {
    /// The cache as a file of the output folder: JSON with sorted keys, so identical builds write
    /// identical bytes; each entry's JSON comes from the memo when the entry is unchanged.
    func file(memo: BuildMemo) -> OutputFile {
        var json = JSONText(escapesSlashes: true)
        json.object { json in
            json.key("entries")
            json.array(entries) { entry, json in
                json.append(memo.encoded(entry) { entry in
                    var json = JSONText(escapesSlashes: true)
                    entry.writeJSON(to: &json)
                    return json.bytes
                })
            }
            json.key("fingerprint")
            fingerprint.writeJSON(to: &json)
        }
        return OutputFile(path: BuildCache.fileName, bytes: json.bytes)
    }

    /// Reads a cache file; nil when it is missing or unreadable (then everything is built).
    public static func read(_ bytes: [UInt8]) -> BuildCache? {
        try? JSONDecoder().decode(BuildCache.self, from: Data(bytes))
    }
}

extension BuildCache.Entry {
    /// Writes the entry as its `Codable` form does, members sorted.
    func writeJSON(to json: inout JSONText) {
        json.object { json in
            json.key("content")
            content.writeJSON(to: &json)
            json.key("diagnostics")
            json.array(diagnostics) { diagnostic, json in diagnostic.writeJSON(to: &json) }
            json.key("pages")
            json.array(pages)
            json.key("payload")
            json.string(payload)
            json.key("summary")
            summary.writeJSON(to: &json)
        }
    }
}

extension ContentHash {
    /// Writes the hash as its `Codable` form does.
    func writeJSON(to json: inout JSONText) {
        json.object { json in
            json.key("value")
            json.int(value)
        }
    }
}
