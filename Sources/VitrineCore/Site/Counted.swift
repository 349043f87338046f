/// A count with its noun, as people read it: "1 warning", "2 warnings".
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
