/// Generated CSS rules, one class per distinct declaration block, numbered in first-use order.
///
/// Values reach it only as typed numbers and colours formatted by `CSSNumber` and `RGBAColor`,
/// or strings escaped by `CSSEscaper`, so no payload byte can end the `<style>` element.
struct StyleSheet {
    /// Declaration block → class number.
    private var classes: [String: Int] = [:]
    /// The declaration blocks, by class number.
    private var blocks: [String] = []
    /// Starts every class name, so renders that share a page keep their rules apart.
    var prefix = "s"

    /// Appends the name of the class that applies `declarations` (`width:120px;height:180px`).
    mutating func appendClassName(for declarations: String, to out: inout [UInt8]) {
        let number: Int
        if let existing = classes[declarations] {
            number = existing
        } else {
            number = blocks.count
            classes[declarations] = number
            blocks.append(declarations)
        }
        out += prefix
        out.appendDecimal(number)
    }

    /// All rules, one per line.
    var css: String {
        blocks.enumerated().map { ".\(prefix)\($0.offset){\($0.element)}" }.joined(separator: "\n")
    }
}
