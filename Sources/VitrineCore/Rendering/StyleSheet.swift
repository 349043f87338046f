/// Generated CSS rules, one class per distinct declaration block, numbered in first-use order.
///
/// Values reach it only as typed numbers and colours formatted by `CSSNumber` and `RGBAColor`,
/// or strings escaped by `CSSEscaper`, so no payload byte can end the `<style>` element.
struct StyleSheet {
    private var classes: [String: String] = [:]
    private(set) var rules: [String] = []
    /// Starts every class name, so renders that share a page keep their rules apart.
    var prefix = "s"

    /// The class that applies `declarations` (`width:120px;height:180px`).
    mutating func className(for declarations: String) -> String {
        if let existing = classes[declarations] { return existing }
        let name = "\(prefix)\(rules.count)"
        classes[declarations] = name
        rules.append(".\(name){\(declarations)}")
        return name
    }

    /// All rules, one per line.
    var css: String { rules.joined(separator: "\n") }
}
