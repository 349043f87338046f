/// Makes JSON text safe to place inside `<script type="application/json">`.
///
/// Foundation's encoders leave `<!--<script>` and `</script>` as they are, and either one lets
/// the script element swallow or end the page (bad-inputs.md §2.3, D06, D07). In valid JSON
/// these characters occur only inside strings, where the `\uXXXX` forms mean the same thing.
public enum ScriptJSONEscaper {
    /// Returns `json` with `<` `>` `&` U+2028 U+2029 written as `\u003c` `\u003e` `\u0026` `\u2028` `\u2029`.
    public static func escape(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        var contiguous = json
        contiguous.withUTF8 { bytes in
            var runStart = 0
            var offset = 0
            while offset < bytes.count {
                guard let replacement = replacement(in: bytes, at: offset) else {
                    offset += 1
                    continue
                }
                if runStart < offset {
                    out.append(contentsOf: json.utf8Slice(runStart..<offset))
                }
                out.append(replacement.text)
                offset += replacement.length
                runStart = offset
            }
            if runStart < bytes.count {
                out.append(contentsOf: json.utf8Slice(runStart..<bytes.count))
            }
        }
        return out
    }

    /// The escape for the scalar starting at `offset`, and its UTF-8 length, when it needs one.
    @inline(__always)
    private static func replacement(
        in bytes: UnsafeBufferPointer<UInt8>, at offset: Int
    ) -> (text: String, length: Int)? {
        switch bytes[offset] {
        case UInt8(ascii: "<"): return ("\\u003c", 1)
        case UInt8(ascii: ">"): return ("\\u003e", 1)
        case UInt8(ascii: "&"): return ("\\u0026", 1)
        // U+2028 is E2 80 A8 and U+2029 is E2 80 A9 in UTF-8.
        case 0xE2 where offset + 2 < bytes.count && bytes[offset + 1] == 0x80:
            switch bytes[offset + 2] {
            case 0xA8: return ("\\u2028", 3)
            case 0xA9: return ("\\u2029", 3)
            default: return nil
            }
        default: return nil
        }
    }
}
