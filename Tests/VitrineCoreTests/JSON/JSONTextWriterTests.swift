import Foundation
import Testing
@testable import VitrineCore

/// The writer against its oracle: `JSONEncoder` with the same options, byte for byte.
@Suite struct JSONTextWriterTests {
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
        var writer = JSONTextWriter(pretty: pretty, escapesSlashes: escapesSlashes)
        writer.object { writer in
            writer.key("counts")
            writer.object(sample.counts)
            writer.key("empty")
            writer.array(sample.empty)
            writer.key("flag")
            writer.bool(sample.flag)
            writer.key("list")
            writer.array(sample.list)
            writer.key("nested")
            writer.object { writer in
                writer.key("inner")
                writer.object(["x": 1])
            }
            writer.key("none")
            writer.object(sample.none)
            writer.key("number")
            writer.int(sample.number)
            writer.key("text")
            writer.string(sample.text)
        }
        return writer.bytes
    }

    @Test(arguments: [
        "plain", "", "quote \" backslash \\ slash / </script>", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F} \u{7F}",
        "é 😀 \u{2028}\u{2029} \u{202E}", "\r\n",
    ])
    func stringsAndContainersAreWrittenAsTheEncoderWritesThem(text: String) throws {
        let sample = Sample(text: text, counts: [text: 1, "B1": 2, "b10": 3, "b9": 4, "_": 5, "é": 6, "Z": 7])
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
        var writer = JSONTextWriter()
        writer.array { writer in
            writer.element()
            writer.string(nil as String?)
            writer.element()
            writer.int(nil as Int?)
            writer.element()
            writer.int(UInt64.max)
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[null,null,18446744073709551615]")
    }
}
