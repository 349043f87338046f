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

    /// Reads a cache file with the payload reader (a quarter of `JSONDecoder`'s time on a large
    /// one); nil when it is missing or unreadable, or any value is not what `file` writes (then
    /// everything is built).
    public static func read(_ bytes: [UInt8]) -> BuildCache? {
        let parsed = JSONReader.read(bytes)
        guard let root = parsed.root, !parsed.issues.contains(where: { $0.severity == .error }) else { return nil }
        let reader = CacheReader(text: parsed.text)
        guard let entries = root["entries"].flatMap({ reader.array($0, reader.entry) }),
              let fingerprint = root["fingerprint"].flatMap(reader.hash) else { return nil }
        return BuildCache(fingerprint: fingerprint, entries: entries)
    }
}

/// Reads the values `BuildCache.file` writes back from the JSON document; nil for anything else.
private struct CacheReader {
    /// The file, for integers past a `Double`'s precision (hashes are 64-bit).
    let text: SourceText

    func entry(_ value: JSONValue) -> BuildCache.Entry? {
        guard let payload = value["payload"].flatMap(string), let content = value["content"].flatMap(hash),
              let summary = value["summary"].flatMap(summary), let diagnostics = value["diagnostics"].flatMap({ array($0, diagnostic) }),
              let pages = value["pages"].flatMap({ array($0, string) }) else { return nil }
        return BuildCache.Entry(payload: payload, content: content, summary: summary, diagnostics: diagnostics, pages: pages)
    }

    func summary(_ value: JSONValue) -> ScreenSummary? {
        guard let payload = value["payload"].flatMap(string), let title = value["title"].flatMap(string),
              let status = value["status"].flatMap(string).flatMap(ScreenSummary.Status.init(rawValue:)),
              let components = value["components"].flatMap(int), let warnings = value["warnings"].flatMap(int),
              let errors = value["errors"].flatMap(int), let subpages = value["subpages"].flatMap({ array($0, string) }),
              let searchText = value["searchText"].flatMap(string), let hidden = value["hidden"].flatMap(bool),
              case .object(let typeMembers)? = value["componentTypes"]?.kind,
              let dialect = optional(value["dialect"], string), let page = optional(value["page"], string),
              let standalone = optional(value["standalone"], string) else { return nil }
        var types: [String: Int] = [:]
        for member in typeMembers {
            guard let count = int(member.value) else { return nil }
            types[member.key] = count
        }
        var summary = ScreenSummary(payload: payload, title: title, dialect: dialect, status: status, page: page,
                                    components: components, warnings: warnings, errors: errors)
        (summary.subpages, summary.standalone, summary.componentTypes) = (subpages, standalone, types)
        (summary.searchText, summary.hidden) = (searchText, hidden)
        return summary
    }

    func diagnostic(_ value: JSONValue) -> Diagnostic? {
        guard let severity = value["severity"].flatMap(string).flatMap(Severity.init(rawValue:)),
              let message = value["message"].flatMap(string), let file = value["file"].flatMap(string),
              let pointer = optional(value["pointer"], { self.string($0).flatMap(JSONPointer.init) }),
              let location = optional(value["location"], { location in
                  location["line"].flatMap(int).flatMap { line in location["column"].flatMap(int).map { SourceLocation(line: line, column: $0) } }
              }) else { return nil }
        return Diagnostic(severity, message, file: file, location: location, pointer: pointer)
    }

    func hash(_ value: JSONValue) -> ContentHash? {
        guard let hash = value["value"].flatMap(text.integerDigits).flatMap({ UInt64($0) }) else { return nil }
        return ContentHash(value: hash)
    }

    func array<Element>(_ value: JSONValue, _ element: (JSONValue) -> Element?) -> [Element]? {
        guard case .array(let values) = value.kind else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            guard let read = element(value) else { return nil }
            elements.append(read)
        }
        return elements
    }

    /// A member that may be left out: `.some(nil)` when it is, nil when it is there but unreadable.
    func optional<Value>(_ value: JSONValue?, _ read: (JSONValue) -> Value?) -> Value?? {
        guard let value else { return .some(nil) }
        return read(value).map { .some($0) }
    }

    func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value.kind { text } else { nil }
    }

    func bool(_ value: JSONValue) -> Bool? {
        if case .bool(let flag) = value.kind { flag } else { nil }
    }

    func int(_ value: JSONValue) -> Int? {
        text.integerDigits(value).flatMap { Int($0) }
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
