// @testable only for `FileReader.Failure`'s initialiser, which is internal.
@testable import VitrineCore

/// An input tree of one payload, `screen.json`, held in memory.
struct MemoryInput: InputSource {
    static let payloadPath = "screen.json"

    let payload: [UInt8]

    init(payload: String) {
        self.payload = Array(payload.utf8)
    }

    var listing: InputListing {
        var listing = InputListing()
        listing.payloads = [Self.payloadPath]
        return listing
    }

    func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        guard path == Self.payloadPath else { throw FileReader.Failure(message: "no such file in memory: \(path)") }
        return payload
    }
}
