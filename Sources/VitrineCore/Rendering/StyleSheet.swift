/// Generated CSS rules, one class per distinct declaration block, numbered in first-use order.
///
/// Values reach it only as typed numbers and colours formatted by `CSSNumber` and `RGBAColor`,
/// or strings escaped by `CSSEscaper`, so no payload byte can end the `<style>` element.
struct StyleSheet {
    /// The declaration blocks as UTF-8, numbered by class.
    private var blocks = ByteStringTable()
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
        let number = scratch.withUnsafeBufferPointer { blocks.insert($0).number }
        out += prefix
        out.appendDecimal(number)
    }

    /// All rules, one per line.
    var css: String {
        var out: [UInt8] = []
        blocks.forEach { number, block in
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
