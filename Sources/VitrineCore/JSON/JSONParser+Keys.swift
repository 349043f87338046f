// Duplicate keys are matched by canonical equivalence (Swift `String` equality), the way the app's
// `JSONDecoder` merges them, so NFC and NFD spellings of a key count as the same key.
extension JSONParser {
    /// Objects with more members than this look up duplicate keys in a dictionary, not by scanning.
    static let linearKeySearchLimit = 12

    /// The index of a member whose key is canonically equivalent to `key`, if there is one.
    /// - Parameter memberIndex: The object's key index, once it has outgrown a linear scan.
    static func earlierMember(matching key: String, in members: [JSONMember], _ memberIndex: [String: Int]?) -> Int? {
        if let memberIndex { return memberIndex[key] }
        for position in members.indices where members[position].key == key {
            return position
        }
        return nil
    }

    /// Adds the member just appended to the key index, building the index when the object gets large.
    static func index(_ members: [JSONMember], in memberIndex: inout [String: Int]?) {
        if memberIndex != nil, let last = members.last {
            // `String` hashing is consistent with canonical equivalence, like `==`.
            memberIndex?[last.key] = members.count - 1
        } else if members.count > linearKeySearchLimit {
            memberIndex = Dictionary(members.indices.map { (members[$0].key, $0) }) { first, _ in first }
        }
    }
}
