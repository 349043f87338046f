// @testable only for `FileReader.Failure`'s initialiser, which is internal.
@testable import VitrineCore

/// An input tree held in memory: one feed payload, `feed.json`, and optionally a `vitrine.json`.
struct FeedInput: InputSource {
    static let payloadPath = "feed.json"

    let payload: [UInt8]
    let configuration: [UInt8]?

    init(payload: String, configuration: String? = nil) {
        self.payload = Array(payload.utf8)
        self.configuration = configuration.map { Array($0.utf8) }
    }

    var listing: InputListing {
        var listing = InputListing()
        listing.payloads = [Self.payloadPath]
        listing.hasConfiguration = configuration != nil
        return listing
    }

    func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        if path == Self.payloadPath { return payload }
        if path == InputListing.configFile, let configuration { return configuration }
        throw FileReader.Failure(message: "no such file in memory: \(path)")
    }
}
