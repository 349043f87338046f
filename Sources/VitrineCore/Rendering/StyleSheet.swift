#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Generated CSS rules, one class per distinct declaration block, numbered in first-use order.
///
/// Values reach it only as typed numbers and colours formatted by `CSSNumber` and `RGBAColor`,
/// or strings escaped by `CSSEscaper`, so no payload byte can end the `<style>` element.
///
/// Every element with declarations looks its block up here, so the blocks are found through a
/// small open-addressing table of their own rather than a `Dictionary`, whose keyed hashing of
/// each block cost more than the rest of drawing the element.
struct StyleSheet {
    /// The declaration blocks as UTF-8, by class number.
    private var blocks: [[UInt8]] = []
    /// Each block's hash, by class number.
    private var hashes: [UInt64] = []
    /// Class numbers by hash (a power-of-two count of slots, at most half full); -1 is empty.
    private var slots = [Int32](repeating: -1, count: 64)
    /// The block being looked up, kept to reuse its storage.
    private var scratch: [UInt8] = []
    /// Starts every class name, so renders that share a page keep their rules apart.
    var prefix = "s"

    /// Appends the name of the class that applies `declarations` (`width:120px;height:180px`)
    /// followed by those of `padding`.
    mutating func appendClassName(for declarations: [UInt8], padding: EdgeInsets, to out: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        scratch += declarations
        padding.appendDeclarations(to: &scratch)
        out += prefix
        out.appendDecimal(number(of: scratch))
    }

    /// The class number of `block`, a new one when it is new.
    private mutating func number(of block: [UInt8]) -> Int {
        let hash = Self.hash(block)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash, Self.equal(blocks[number], block) { return number }
            slot = (slot + 1) & mask
        }
        let number = blocks.count
        blocks.append(block)
        hashes.append(hash)
        slots[slot] = Int32(number)
        if blocks.count * 2 > slots.count { grow() }
        return number
    }

    /// Doubles the table and places every block again.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }

    private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && (a.isEmpty || a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } })
    }

    /// A fast hash of the bytes, eight at a time; the table checks equality, so collisions cost
    /// only time, and class names do not depend on it.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
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
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
        return value &* 0x94D0_49BB_1331_11EB
    }

    /// All rules, one per line.
    var css: String {
        var out: [UInt8] = []
        for (number, block) in blocks.enumerated() {
            if number > 0 { out.append(UInt8(ascii: "\n")) }
            out.append(UInt8(ascii: "."))
            out += prefix
            out.appendDecimal(number)
            out.append(UInt8(ascii: "{"))
            out += block
            out.append(UInt8(ascii: "}"))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
