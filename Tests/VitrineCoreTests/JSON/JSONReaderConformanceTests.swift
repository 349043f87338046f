import Testing
@testable import VitrineCore

/// JSONTestSuite's `y_` (must accept) and `i_` (implementation-defined) files, with our verdicts.
@Suite struct JSONReaderConformanceTests {
    static let accepted: [JSONReaderCase] = [
        // Structure
        JSONReaderCase("y_array_arraysWithSpaces", "[[]   ]", "[[]]"),
        JSONReaderCase("y_array_empty", "[]", "[]"),
        JSONReaderCase("y_array_empty-string", #"[""]"#, #"[""]"#),
        JSONReaderCase("y_array_ending_with_newline", "[\"a\"]\n", #"["a"]"#),
        JSONReaderCase("y_array_false", "[false]", "[false]"),
        JSONReaderCase("y_array_heterogeneous", #"[null, 1, "1", {}]"#, #"[null,1,"1",{}]"#),
        JSONReaderCase("y_array_with_1_and_newline", "[1\n]", "[1]"),
        JSONReaderCase("y_array_with_leading_space", " [1]", "[1]"),
        JSONReaderCase("y_array_with_several_null", "[1,null,null,null,2]", "[1,null,null,null,2]"),
        JSONReaderCase("y_array_with_trailing_space", "[2] ", "[2]"),
        JSONReaderCase("y_object", #"{"asd":"sdf", "dfg":"fgh"}"#, #"{"asd":"sdf","dfg":"fgh"}"#),
        JSONReaderCase("y_object_empty", "{}", "{}"),
        JSONReaderCase("y_object_empty_key", #"{"":0}"#, #"{"":0}"#),
        JSONReaderCase("y_object_escaped_null_in_key", #"{"foo\u0000bar": 42}"#, #"{"foo\u{0}bar":42}"#),
        JSONReaderCase("y_object_extreme_numbers", #"{ "min": -1.0e+28, "max": 1.0e+28 }"#, #"{"min":-1e+28,"max":1e+28}"#),
        JSONReaderCase("y_object_simple", #"{"a":[]}"#, #"{"a":[]}"#),
        JSONReaderCase("y_object_with_newlines", "{\n\"a\": \"b\"\n}", #"{"a":"b"}"#),
        JSONReaderCase("y_object_crlf_and_tabs", "{\r\n\t\"a\":\t1\r\n}", #"{"a":1}"#),
        JSONReaderCase("y_structure_lonely_false", "false", "false"),
        JSONReaderCase("y_structure_lonely_int", "42", "42"),
        JSONReaderCase("y_structure_lonely_negative_real", "-0.1", "-0.1"),
        JSONReaderCase("y_structure_lonely_null", "null", "null"),
        JSONReaderCase("y_structure_lonely_string", #""asd""#, #""asd""#),
        JSONReaderCase("y_structure_lonely_true", "true", "true"),
        JSONReaderCase("y_structure_string_empty", #""""#, #""""#),
        JSONReaderCase("y_structure_trailing_newline", "[\"a\"]\n", #"["a"]"#),
        JSONReaderCase("y_structure_whitespace_array", " [] ", "[]"),
        JSONReaderCase("y_structure_deep_mixed", #"[{"a":[{"b":[{"c":[]}]}]}]"#, #"[{"a":[{"b":[{"c":[]}]}]}]"#),
        // Numbers
        JSONReaderCase("y_number", "[123e65]", "[1.23e+67]"),
        JSONReaderCase("y_number_0e+1", "[0e+1]", "[0.0]"),
        JSONReaderCase("y_number_0e1", "[0e1]", "[0.0]"),
        JSONReaderCase("y_number_0E1", "[0E1]", "[0.0]"),
        JSONReaderCase("y_number_after_space", "[ 4]", "[4]"),
        JSONReaderCase("y_number_double_close_to_zero", "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]", "[-1e-78]"),
        JSONReaderCase("y_number_int_with_exp", "[20e1]", "[200.0]"),
        JSONReaderCase("y_number_minus_zero", "[-0]", "[-0]"),
        JSONReaderCase("y_number_negative_int", "[-123]", "[-123]"),
        JSONReaderCase("y_number_negative_zero_real", "[-0.0]", "[-0.0]"),
        JSONReaderCase("y_number_real_capital_e", "[1E22]", "[1e+22]"),
        JSONReaderCase("y_number_real_capital_e_neg_exp", "[1E-2]", "[0.01]"),
        JSONReaderCase("y_number_real_capital_e_pos_exp", "[1E+2]", "[100.0]"),
        JSONReaderCase("y_number_real_exponent", "[123e45]", "[1.23e+47]"),
        JSONReaderCase("y_number_real_fraction_exponent", "[123.456e78]", "[1.23456e+80]"),
        JSONReaderCase("y_number_real_neg_exp", "[1e-2]", "[0.01]"),
        JSONReaderCase("y_number_simple_int", "[123]", "[123]"),
        JSONReaderCase("y_number_simple_real", "[123.456789]", "[123.456789]"),
        JSONReaderCase("y_number_largest_finite", "[1.7976931348623157e308]", "[1.7976931348623157e+308]"),
        JSONReaderCase("y_number_smallest_subnormal", "[4.9e-324]", "[5e-324]"),
        JSONReaderCase("y_number_beyond_2^53", "[9007199254740993]", "[9007199254740992]"),
        // Strings and escapes
        JSONReaderCase("y_string_1_2_3_bytes_UTF-8_sequences", #"["\u0060\u012a\u12AB"]"#, #"["`\u{12A}\u{12AB}"]"#),
        JSONReaderCase("y_string_accepted_surrogate_pair", #"["\uD801\udc37"]"#, #"["\u{10437}"]"#),
        JSONReaderCase("y_string_accepted_surrogate_pairs", #"["\ud83d\ude39\ud83d\udc8d"]"#, #"["\u{1F639}\u{1F48D}"]"#),
        JSONReaderCase("y_string_allowed_escapes", #"["\"\\\/\b\f\n\r\t"]"#, #"["\"\\/\u{8}\u{C}\u{A}\u{D}\u{9}"]"#),
        JSONReaderCase("y_string_backslash_and_u_escaped_zero", #"["\\u0000"]"#, #"["\\u0000"]"#),
        JSONReaderCase("y_string_comments", #"["a/*b*/c/*d//e"]"#, #"["a/*b*/c/*d//e"]"#),
        JSONReaderCase("y_string_double_escape_n", #"["\\n"]"#, #"["\\n"]"#),
        JSONReaderCase("y_string_escaped_control_character", #"["\u0012"]"#, #"["\u{12}"]"#),
        JSONReaderCase("y_string_escaped_noncharacter", #"["\uFFFF"]"#, #"["\u{FFFF}"]"#),
        JSONReaderCase("y_string_last_surrogates_1_and_2", #"["\uDBFF\uDFFF"]"#, #"["\u{10FFFF}"]"#),
        JSONReaderCase("y_string_nonCharacterInUTF-8_U+10FFFF", bytes: #"["\xf4\x8f\xbf\xbf"]"#, #"["\u{10FFFF}"]"#),
        JSONReaderCase("y_string_nonCharacterInUTF-8_U+FFFF", bytes: #"["\xef\xbf\xbf"]"#, #"["\u{FFFF}"]"#),
        JSONReaderCase("y_string_null_escape", #"["\u0000"]"#, #"["\u{0}"]"#),
        JSONReaderCase("y_string_pi", "[\"\u{3C0}\"]", #"["\u{3C0}"]"#),
        JSONReaderCase("y_string_escape_mixed_with_utf8", "[\"\u{E9}\\n\u{1D11E}\"]", #"["\u{E9}\u{A}\u{1D11E}"]"#),
        JSONReaderCase("y_string_surrogates_U+1D11E", #"["\uD834\uDd1e"]"#, #"["\u{1D11E}"]"#),
        JSONReaderCase("y_string_u+2028_line_sep", "[\"\u{2028}\"]", #"["\u{2028}"]"#),
        JSONReaderCase("y_string_uEscape", #"["\u0061\u30af\u30EA\u30b9"]"#, #"["a\u{30AF}\u{30EA}\u{30B9}"]"#),
        JSONReaderCase("y_string_unescaped_char_delete", "[\"a\u{7F}a\"]", #"["a\u{7F}a"]"#),
        JSONReaderCase("y_string_unicodeEscapedBackslash", #"["\u005C"]"#, #"["\\"]"#),
        JSONReaderCase("y_string_unicode_escaped_double_quote", #"["\u0022"]"#, #"["\""]"#),
        JSONReaderCase("y_string_utf8", "[\"\u{20AC}\u{1D11E}\"]", #"["\u{20AC}\u{1D11E}"]"#),
        JSONReaderCase("y_string_long_ascii", "[\"" + String(repeating: "abcdefgh", count: 40) + "\"]", "[\"" + String(repeating: "abcdefgh", count: 40) + "\"]"),
        JSONReaderCase("y_string_nfd_kept_as_written", "[\"cafe\u{301}\"]", #"["cafe\u{301}"]"#),
        // i_ files we accept
        JSONReaderCase("i_number_huge_exp", "[0.4e00669999999999999999999999999999999999999999999999999999999999999999999999]", "[inf]"),
        JSONReaderCase("i_number_neg_int_huge_exp", "[-1e+9999]", "[-inf]"),
        JSONReaderCase("i_number_real_neg_overflow", "[-123123e100000]", "[-inf]"),
        JSONReaderCase("i_number_too_big_neg_int", "[-123123123123123123123123123123]", "[-1.2312312312312312e+29]"),
        JSONReaderCase("i_number_too_big_pos_int", "[100000000000000000000]", "[1e+20]"),
        JSONReaderCase("i_number_very_big_negative_int", "[-237462374673276894279832749832423479823246327846]", "[-2.374623746732769e+47]"),
        JSONReaderCase("i_structure_UTF-8_BOM_empty_object", bytes: #"\xef\xbb\xbf{}"#, "{}"),
        JSONReaderCase("i_structure_500_nested_arrays", String(repeating: "[", count: 500) + String(repeating: "]", count: 500),
                   String(repeating: "[", count: 500) + String(repeating: "]", count: 500)),
    ]

    @Test(arguments: accepted)
    func acceptsValidJSONWithTheRightValue(_ example: JSONReaderCase) {
        let result = JSONReader.read(example.input)
        #expect(result.issues.isEmpty, "\(result.described(.error) + result.described(.warning))")
        #expect(result.root.map(dumpJSON) == example.expected)
    }

    static let acceptedWithWarning: [JSONReaderCase] = [
        JSONReaderCase("n_array_extra_comma", #"["",]"#, "1:4 trailing comma"),
        JSONReaderCase("n_array_number_and_comma", "[1,]", "1:3 trailing comma"),
        JSONReaderCase("n_object_trailing_comma", #"{"id":0,}"#, "1:8 trailing comma"),
        JSONReaderCase("trailing comma before whitespace", "[1 , \n ]", "1:4 trailing comma"),
        JSONReaderCase("y_object_duplicated_key", #"{"a":"b","a":"c"}"#, #"1:10 duplicate key "a" (first at 1:2)"#),
        JSONReaderCase("y_object_duplicated_key_and_value", #"{"a":"b","a":"b"}"#, #"1:10 duplicate key "a""#),
        JSONReaderCase("i_string_UTF-16LE_with_BOM", raw: [0xFF, 0xFE, 0x5B, 0, 0x22, 0, 0xE9, 0, 0x22, 0, 0x5D, 0], "1:1 payload is UTF-16"),
        JSONReaderCase("i_string_utf16BE_no_BOM", raw: [0, 0x5B, 0, 0x22, 0, 0xE9, 0, 0x22, 0, 0x5D], "1:1 payload is UTF-16"),
        JSONReaderCase("i_string_utf16LE_no_BOM", raw: [0x5B, 0, 0x22, 0, 0xE9, 0, 0x22, 0, 0x5D, 0], "1:1 payload is UTF-16"),
        JSONReaderCase("utf16BE_with_BOM", raw: [0xFE, 0xFF, 0, 0x5B, 0, 0x22, 0, 0xE9, 0, 0x22, 0, 0x5D], "1:1 payload is UTF-16"),
        JSONReaderCase("utf16LE_single_digit", raw: [0x31, 0], "1:1 payload is UTF-16"),
        JSONReaderCase("i_number_real_underflow", "[123e-10000000]", "1:2 number too small for a Double: read as 0, though the app's JSONDecoder rejects it where it reads a number"),
        JSONReaderCase("i_number_double_huge_neg_exp", "[123.456e-789]", "1:2 number too small for a Double"),
        JSONReaderCase("underflow past the fast path", "[-0.1e-400]", "1:2 number too small for a Double"),
    ]

    @Test(arguments: acceptedWithWarning)
    func acceptsDocumentedLeniencyWithOneWarning(_ example: JSONReaderCase) {
        let result = JSONReader.read(example.input)
        #expect(result.root != nil)
        #expect(result.issues.count == 1)
        #expect(result.issues.first?.severity == .warning)
        #expect(issueMatches(result.issues.first, in: result, example.expected), "\(result.described(.warning))")
    }

    static let implementationDefinedRejections: [JSONReaderCase] = [
        JSONReaderCase("i_object_key_lone_2nd_surrogate", #"{"\uDFAA":0}"#, #"1:3 lone surrogate \uDFAA"#),
        JSONReaderCase("i_string_1st_surrogate_but_2nd_missing", #"["\uDADA"]"#, #"1:3 lone surrogate \uDADA"#),
        JSONReaderCase("i_string_1st_valid_surrogate_2nd_invalid", #"["\uD888\u1234"]"#, #"1:3 lone surrogate \uD888"#),
        JSONReaderCase("i_string_incomplete_surrogate_and_escape_valid", #"["\uD800\n"]"#, #"1:3 lone surrogate \uD800"#),
        JSONReaderCase("i_string_incomplete_surrogate_pair", #"["\uDd1ea"]"#, #"1:3 lone surrogate \uDD1E"#),
        JSONReaderCase("i_string_incomplete_surrogates_escape_valid", #"["\uD800\uD800\n"]"#, #"1:3 lone surrogate \uD800"#),
        JSONReaderCase("i_string_invalid_lonely_surrogate", #"["\ud800"]"#, #"1:3 lone surrogate \uD800"#),
        JSONReaderCase("i_string_invalid_surrogate", #"["\ud800abc"]"#, #"1:3 lone surrogate \uD800"#),
        JSONReaderCase("i_string_inverted_surrogates_U+1D11E", #"["\uDd1e\uD834"]"#, #"1:3 lone surrogate \uDD1E"#),
        JSONReaderCase("i_string_lone_second_surrogate", #"["\uDFAA"]"#, #"1:3 lone surrogate \uDFAA"#),
        JSONReaderCase("i_string_UTF-8_invalid_sequence", bytes: "[\"\u{65E5}\u{448}\\xfa\"]", "1:5 invalid UTF-8 byte 0xFA (never valid in UTF-8)"),
        JSONReaderCase("i_string_UTF8_surrogate_U+D800", bytes: #"["\xed\xa0\x80"]"#, "1:3 invalid UTF-8 byte 0xED (encodes a UTF-16 surrogate)"),
        JSONReaderCase("i_string_invalid_utf-8", bytes: #"["\xff"]"#, "1:3 invalid UTF-8 byte 0xFF (never valid in UTF-8)"),
        JSONReaderCase("i_string_iso_latin_1", bytes: #"["\xe9"]"#, "1:3 invalid UTF-8 byte 0xE9 (truncated sequence)"),
        JSONReaderCase("i_string_lone_utf8_continuation_byte", bytes: #"["\x81"]"#, "1:3 invalid UTF-8 byte 0x81 (unexpected continuation byte)"),
        JSONReaderCase("i_string_not_in_unicode_range", bytes: #"["\xf4\xbf\xbf\xbf"]"#, "1:3 invalid UTF-8 byte 0xF4 (encodes a value above U+10FFFF)"),
        JSONReaderCase("i_string_overlong_sequence_2_bytes", bytes: #"["\xc0\xaf"]"#, "1:3 invalid UTF-8 byte 0xC0 (overlong encoding)"),
        JSONReaderCase("i_string_overlong_sequence_3_bytes", bytes: #"["\xe0\x80\xaf"]"#, "1:3 invalid UTF-8 byte 0xE0 (overlong encoding)"),
        JSONReaderCase("i_string_overlong_sequence_4_bytes", bytes: #"["\xf0\x80\x80\xaf"]"#, "1:3 invalid UTF-8 byte 0xF0 (overlong encoding)"),
        JSONReaderCase("i_string_overlong_sequence_6_bytes", bytes: #"["\xfc\x83\xbf\xbf\xbf\xbf"]"#, "1:3 invalid UTF-8 byte 0xFC"),
        JSONReaderCase("i_string_overlong_sequence_6_bytes_null", bytes: #"["\xfc\x80\x80\x80\x80\x80"]"#, "1:3 invalid UTF-8 byte 0xFC"),
        JSONReaderCase("i_string_truncated-utf-8", bytes: #"["\xe0\xff"]"#, "1:3 invalid UTF-8 byte 0xE0 (truncated sequence)"),
        JSONReaderCase("truncated UTF-8 at end of input", bytes: #"["\xe2\x82"#, "1:3 invalid UTF-8 byte 0xE2 (truncated sequence)"),
        JSONReaderCase("valid sequence then stray continuation", bytes: #"["\xc3\xa9\xa9"]"#, "1:4 invalid UTF-8 byte 0xA9 (unexpected continuation byte)"),
        JSONReaderCase("invalid UTF-8 in a key after valid text", bytes: "{\"\u{E9}t\u{E9}\\xc3\":1}", "1:6 invalid UTF-8 byte 0xC3"),
        JSONReaderCase("UTF-16 with a lone surrogate", raw: [0xFF, 0xFE, 0x22, 0, 0x00, 0xD8, 0x22, 0], "1:2 invalid UTF-16: unpaired surrogate 0xD800"),
        JSONReaderCase("UTF-16 with an odd byte count", raw: [0xFE, 0xFF, 0, 0x31, 0x20], "1:2 invalid UTF-16: odd number of bytes"),
        JSONReaderCase("UTF-32 is not sniffed as UTF-16", raw: [0x31, 0, 0, 0], "1:1 payload is UTF-32"),
        JSONReaderCase("UTF-32 LE with its BOM, which starts as UTF-16 LE's", raw: [0xFF, 0xFE, 0, 0, 0x31, 0, 0, 0], "1:1 payload is UTF-32"),
        JSONReaderCase("UTF-32 BE with its BOM", raw: [0, 0, 0xFE, 0xFF, 0, 0, 0, 0x31], "1:1 payload is UTF-32"),
        JSONReaderCase("UTF-32 BE without a BOM", raw: [0, 0, 0, 0x5B, 0, 0, 0, 0x5D], "1:1 payload is UTF-32"),
    ]

    @Test(arguments: implementationDefinedRejections)
    func rejectsWhatTheAppRejects(_ example: JSONReaderCase) {
        let result = JSONReader.read(example.input)
        #expect(result.root == nil)
        #expect(issueMatches(result.firstError, in: result, example.expected), "\(result.described(.error))")
    }

    @Test func numbersMatchTheStandardLibraryParser() {
        // A deterministic spread of literals through both the fast path and the fallback.
        var generator = SplitMix64(seed: 0x5EED)
        var literals = ["0", "-0", "1e22", "1e23", "9007199254740992", "9007199254740993", "0.1", "2.5e-22",
                        "123456789012345678", "1234567890123456789", "12345678901234567890", "4.35e-23", "8.41e21"]
        for _ in 0..<2000 {
            let digits = String(generator.next() % 100_000_000_000_000_000)
            let exponent = Int(generator.next() % 700) - 350
            let point = Int(generator.next() % UInt64(digits.count + 1))
            let mantissa = point == digits.count ? digits : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            literals.append((mantissa.hasPrefix(".") ? "0" + mantissa : mantissa) + "e\(exponent)")
            literals.append(String(digits.prefix(Int(generator.next() % 16) + 1)) + "e\(Int(generator.next() % 45) - 22)")
        }
        for literal in literals {
            let result = JSONReader.read(Array(literal.utf8))
            guard case .number(let number)? = result.root?.kind else {
                Issue.record("\(literal) was not read as a number: \(result.described(.error))")
                continue
            }
            #expect(number.value.bitPattern == Double(literal)?.bitPattern, "\(literal)")
        }
    }
}

/// A tiny deterministic generator, so number tests are reproducible.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
