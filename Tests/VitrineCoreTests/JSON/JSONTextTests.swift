import Foundation
import Testing
@testable import VitrineCore

/// The json against its oracle: `JSONEncoder` with the same options, byte for byte.
@Suite struct JSONTextTests {
    private struct Sample: Encodable {
        var text: String
        var empty: [String] = []
        var none: [String: Int] = [:]
        var counts: [String: Int]
        var list = ["a/b", "c"]
        var flag = false
        var number = -42
        var nested = ["inner": ["x": 1]]
    }

    private func written(_ sample: Sample, pretty: Bool, escapesSlashes: Bool) -> [UInt8] {
        var json = JSONText(pretty: pretty, escapesSlashes: escapesSlashes)
        json.object { json in
            json.key("counts")
            json.object(sample.counts)
            json.key("empty")
            json.array(sample.empty)
            json.key("flag")
            json.bool(sample.flag)
            json.key("list")
            json.array(sample.list)
            json.key("nested")
            json.object { json in
                json.key("inner")
                json.object(["x": 1])
            }
            json.key("none")
            json.object(sample.none)
            json.key("number")
            json.int(sample.number)
            json.key("text")
            json.string(sample.text)
        }
        return json.bytes
    }

    @Test(arguments: [
        "plain", "", "quote \" backslash \\ slash / </script>", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F} \u{7F}",
        "é 😀 \u{2028}\u{2029} \u{202E}", "\r\n",
    ])
    func stringsAndContainersAreWrittenAsTheEncoderWritesThem(text: String) throws {
        let sample = Sample(text: text, counts: [text: 1, "B1": 2, "b10": 3, "b9": 4, "_": 5, "e\u{301}": 6, "Z": 7, "f": 8, "\u{FB01}": 9])
        for pretty in [false, true] {
            for escapesSlashes in [false, true] {
                let encoder = JSONEncoder()
                encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
                if !escapesSlashes { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
                let expected = Array(try encoder.encode(sample))
                #expect(written(sample, pretty: pretty, escapesSlashes: escapesSlashes) == expected, "pretty \(pretty), escapes slashes \(escapesSlashes)")
            }
        }
    }

    @Test func nullsAndUnsignedNumbers() {
        var json = JSONText()
        json.array { json in
            json.element()
            json.string(nil as String?)
            json.element()
            json.int(nil as Int?)
            json.element()
            json.int(UInt64.max)
        }
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[null,null,18446744073709551615]")
    }
}
