extension Diagnostic {
    /// Writes the diagnostic as its `Codable` form does: members sorted, absent optionals left out.
    func writeJSON(to json: inout JSONText) {
        json.object { json in
            json.key("file")
            json.string(file)
            if let location {
                json.key("location")
                json.object { json in
                    json.key("column")
                    json.int(location.column)
                    json.key("line")
                    json.int(location.line)
                }
            }
            json.key("message")
            json.string(message)
            if let pointer {
                json.key("pointer")
                json.string(pointer.description)
            }
            json.key("severity")
            json.string(severity.rawValue)
        }
    }
}
