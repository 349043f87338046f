/// A 64-bit FNV-1a hash of bytes: stable across runs and machines (unlike `Hasher`), for the
/// build cache's "has this input changed" question. Not for security.
public struct ContentHash: Sendable, Hashable, Codable {
    /// The hash so far (FNV-1a's offset basis before anything is combined).
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of nothing.
    public init() {}

    /// A hash as `value` holds it (read back from the build cache).
    init(value: UInt64) {
        self.value = value
    }

    /// The hash of `bytes` alone.
    public init(_ bytes: [UInt8]) {
        combine(bytes)
    }

    /// Mixes `bytes` in, preceded by their length so that boundaries count.
    public mutating func combine(_ bytes: [UInt8]) {
        mix(UInt64(bytes.count))
        var hash = value
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        value = hash
    }

    /// Mixes a string's UTF-8 bytes in.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            mix(UInt64(buffer.count))
            var hash = value
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            value = hash
        }
    }

    /// Mixes a number in, as its eight bytes.
    public mutating func combine(_ number: UInt64) {
        mix(number)
    }

    /// The 64 bits in hex (16 digits), for names that must differ when their inputs do.
    public var hexText: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    private mutating func mix(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            value = (value ^ ((number >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3
        }
    }
}
