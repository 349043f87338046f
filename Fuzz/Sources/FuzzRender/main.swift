import VitrineCore

/// Decode and draw any bytes end to end, twice: no trap, the same bytes both times, and the
/// elements balanced (payload text cannot open or close one).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let screen = PayloadDecoder().decode("fuzz.json", bytes: bytes).screen else { return 0 }
    let renderer = HTMLRenderer(resources: RenderResources())
    let first = renderer.render(screen.root, rootPrefix: "../")
    let second = renderer.render(screen.root, rootPrefix: "../")
    precondition(first.html == second.html && first.css == second.css, "two renders differ")
    for tag in ["div", "span", "button", "a"] {
        let opened = first.html.components(separatedBy: "<\(tag) ").count + first.html.components(separatedBy: "<\(tag)>").count - 2
        let closed = first.html.components(separatedBy: "</\(tag)>").count - 1
        precondition(opened == closed, "<\(tag)> opened \(opened), closed \(closed)")
    }
    precondition(!first.css.contains("</"), "CSS can end the style element")
    return 0
}
