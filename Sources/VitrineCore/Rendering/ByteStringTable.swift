#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers distinct byte strings in the order they are first seen: the generated classes of a
/// render, the words a search finds a screen by.
///
/// Both look up a string for almost every item they see, so the strings live one after another
/// in one buffer and are found through a small open-addressing table with a fast hash, rather
/// than as `Dictionary` or `Set` keys, whose keyed hashing and one allocation per key cost more
/// than the rest of the work on each item.
struct ByteStringTable {
    /// Every string's bytes, one after another.
    private var storage: [UInt8] = []
    /// Where each string ends in `storage`, by number.
    private var ends: [Int] = []
    /// Each string's hash, by number.
    private var hashes: [UInt64] = []
    /// Numbers by hash (a power-of-two count of slots, at most half full); -1 is empty.
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { ends.count }

    /// The number of `bytes`, and whether it was new (then it is the next number).
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) -> (number: Int, inserted: Bool) {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash, equals(number, bytes) { return (number, false) }
            slot = (slot + 1) & mask
        }
        let number = ends.count
        storage.append(contentsOf: bytes)
        ends.append(storage.count)
        hashes.append(hash)
        slots[slot] = Int32(number)
        if ends.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// Calls `body` with each string, by number.
    func forEach(_ body: (Int, ArraySlice<UInt8>) -> Void) {
        var start = 0
        for (number, end) in ends.enumerated() {
            body(number, storage[start..<end])
            start = end
        }
    }

    private func equals(_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1]
        guard ends[number] - start == bytes.count else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return storage.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, base, bytes.count) == 0 }
    }

    /// Doubles the table and places every string again.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }

    /// A fast hash of the bytes, eight at a time; the table checks equality, so a collision
    /// costs only time, and no number depends on it.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        var hash = UInt64(raw.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= raw.count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<raw.count { tail |= UInt64(raw[index]) << UInt64(8 * (index - offset)) }
        return mix(hash ^ tail)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
        return value &* 0x94D0_49BB_1331_11EB
    }
}
