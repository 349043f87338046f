extension ScreenSummary {
    /// Writes the summary as its `Codable` form does: members sorted, absent optionals left out.
    func writeJSON(to json: inout JSONText) {
        json.object { json in
            json.key("componentTypes")
            json.object(componentTypes)
            json.key("components")
            json.int(components)
            if let dialect {
                json.key("dialect")
                json.string(dialect)
            }
            json.key("errors")
            json.int(errors)
            json.key("hidden")
            json.bool(hidden)
            if let page {
                json.key("page")
                json.string(page)
            }
            json.key("payload")
            json.string(payload)
            json.key("searchText")
            json.string(searchText)
            if let standalone {
                json.key("standalone")
                json.string(standalone)
            }
            json.key("status")
            json.string(status.rawValue)
            json.key("subpages")
            json.array(subpages)
            json.key("title")
            json.string(title)
            json.key("warnings")
            json.int(warnings)
        }
    }
}
