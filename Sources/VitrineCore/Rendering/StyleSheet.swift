/// Generated CSS rules, one class per distinct declaration block, numbered in first-use order.
///
/// Values reach it only as typed numbers and colours formatted by `CSSNumber` and `RGBAColor`,
/// or strings escaped by `CSSEscaper`, so no payload byte can end the `<style>` element.
struct StyleSheet {
    /// A declaration block's UTF-8 bytes, hashed whole rather than byte by byte.
    private struct Block: Hashable {
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Declaration block → class number.
    private var classes: [Block: Int] = [:]
    /// The declaration blocks, by class number.
    private var blocks: [[UInt8]] = []
    /// The block being looked up, kept to reuse its storage.
    private var scratch = Block(bytes: [])
    /// Starts every class name, so renders that share a page keep their rules apart.
    var prefix = "s"

    /// Appends the name of the class that applies `declarations` (`width:120px;height:180px`)
    /// followed by those of `padding`.
    mutating func appendClassName(for declarations: [UInt8], padding: EdgeInsets, to out: inout [UInt8]) {
        scratch.bytes.removeAll(keepingCapacity: true)
        scratch.bytes += declarations
        padding.appendDeclarations(to: &scratch.bytes)
        let number: Int
        if let existing = classes[scratch] {
            number = existing
        } else {
            number = blocks.count
            classes[scratch] = number
            blocks.append(scratch.bytes)
        }
        out += prefix
        out.appendDecimal(number)
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
