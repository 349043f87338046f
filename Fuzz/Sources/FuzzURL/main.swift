import VitrineCore

/// The URL sanitiser: an allowed URL has an allowed scheme, is ASCII, and sanitising it again
/// gives the same URL without a warning.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for context in [URLContext.image, .link] {
        guard case .allowed(let url, _) = URLSanitizer.sanitize(raw, for: context) else { continue }
        precondition(url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "not printable ASCII: \(url)")
        let scheme = url.prefix { $0 != ":" }.lowercased()
        let allowed: Set<String> = context == .image ? ["http", "https", "data"] : ["http", "https", "mailto", "tel"]
        precondition(allowed.contains(scheme), "scheme \(scheme) allowed in \(context)")
        precondition(URLSanitizer.sanitize(url, for: context) == .allowed(url, warning: nil), "not idempotent: \(url)")
    }
    return 0
}
