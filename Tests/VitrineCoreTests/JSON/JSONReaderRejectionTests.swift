import Testing
@testable import VitrineCore

/// JSONTestSuite's `n_` files (must reject), each with the exact position and message we report.
@Suite struct JSONReaderRejectionTests {
    static let structure: [JSONReaderCase] = [
        JSONReaderCase("n_array_1_true_without_comma", "[1 true]", "1:4 expected ',' or ']', found 't'"),
        JSONReaderCase("n_array_a_invalid_utf8", bytes: #"[a\xe5]"#, "1:2 invalid literal 'a'"),
        JSONReaderCase("n_literal_other_script", "[aå, 1]", "1:2 invalid literal 'aå'; expected true, false or null"),
        JSONReaderCase("n_literal_before_no_break_space", "[True\u{A0}]", "1:2 invalid literal 'True'; expected true, false or null"),
        JSONReaderCase("n_array_colon_instead_of_comma", #"["": 1]"#, "1:4 expected ',' or ']', found ':'"),
        JSONReaderCase("n_array_comma_after_close", #"[""],"#, "1:5 unexpected content after the top-level value"),
        JSONReaderCase("n_array_comma_and_number", "[,1]", "1:2 expected a value, found ','"),
        JSONReaderCase("n_array_double_comma", "[1,,2]", "1:4 expected a value, found ','"),
        JSONReaderCase("n_array_double_extra_comma", #"["x",,]"#, "1:6 expected a value, found ','"),
        JSONReaderCase("n_array_extra_close", #"["x"]]"#, "1:6 unexpected content after the top-level value"),
        JSONReaderCase("n_array_incomplete", #"["x""#, "1:5 unterminated array opened at 1:1"),
        JSONReaderCase("n_array_inner_array_no_comma", "[3[4]]", "1:3 expected ',' or ']', found '['"),
        JSONReaderCase("n_array_invalid_utf8", bytes: #"[\xff]"#, "1:2 invalid UTF-8 byte 0xFF"),
        JSONReaderCase("n_array_items_separated_by_semicolon", "[1:2]", "1:3 expected ',' or ']', found ':'"),
        JSONReaderCase("n_array_just_comma", "[,]", "1:2 expected a value, found ','"),
        JSONReaderCase("n_array_missing_value", #"[   , ""]"#, "1:5 expected a value, found ','"),
        JSONReaderCase("n_array_newlines_unclosed", "[\"a\",\n4\n,1,", "3:4 unterminated array opened at 1:1"),
        JSONReaderCase("n_array_number_and_several_commas", "[1,,]", "1:4 expected a value, found ','"),
        JSONReaderCase("n_array_star_inside", "[*]", "1:2 expected a value, found '*'"),
        JSONReaderCase("n_array_unclosed_trailing_comma", "[1,", "1:4 unterminated array opened at 1:1"),
        JSONReaderCase("n_array_unclosed_with_new_lines", "[1,\n1\n,1", "3:3 unterminated array opened at 1:1"),
        JSONReaderCase("n_array_unclosed_with_object_inside", "[{}", "1:4 unterminated array opened at 1:1"),
        JSONReaderCase("n_incomplete_false", "[fals]", "1:2 invalid literal 'fals'"),
        JSONReaderCase("n_incomplete_null", "[nul]", "1:2 invalid literal 'nul'"),
        JSONReaderCase("n_incomplete_true", "[tru]", "1:2 invalid literal 'tru'"),
        JSONReaderCase("n_literal_run_on", "[truex]", "1:2 invalid literal 'truex'"),
        JSONReaderCase("n_object_bad_value", #"["x", truth]"#, "1:7 invalid literal 'truth'"),
        JSONReaderCase("n_object_bracket_key", #"{[: "x"}"#, "1:2 expected a string key, found '['"),
        JSONReaderCase("n_object_comma_instead_of_colon", #"{"x", null}"#, "1:5 expected ':' after the key, found ','"),
        JSONReaderCase("n_object_double_colon", #"{"x"::"b"}"#, "1:6 expected a value, found ':'"),
        JSONReaderCase("n_object_emoji", "{\u{1F1E8}\u{1F1ED}}", "1:2 expected a string key, found U+1F1E8"),
        JSONReaderCase("n_object_garbage_at_end", #"{"a":"a" 123}"#, "1:10 expected ',' or '}', found '1'"),
        JSONReaderCase("n_object_lone_continuation_byte_in_key_and_trailing_comma", bytes: #"{"\xb9":"0",}"#, "1:3 invalid UTF-8 byte 0xB9"),
        JSONReaderCase("n_object_missing_colon", #"{"a" b}"#, "1:6 expected ':' after the key, found 'b'"),
        JSONReaderCase("n_object_missing_key", #"{:"b"}"#, "1:2 expected a string key, found ':'"),
        JSONReaderCase("n_object_missing_value", #"{"a":"#, "1:6 unterminated object opened at 1:1"),
        JSONReaderCase("n_object_no-colon", #"{"a""#, "1:5 unterminated object opened at 1:1"),
        JSONReaderCase("n_object_non_string_key", "{1:1}", "1:2 expected a string key, found '1'"),
        JSONReaderCase("n_object_repeated_null_null", "{null:null,null:null}", "1:2 object keys must be double-quoted strings"),
        JSONReaderCase("n_object_several_trailing_commas", #"{"id":0,,,,,}"#, "1:9 expected a string key, found ','"),
        JSONReaderCase("n_object_single_quote", "{'a':0}", "1:2 single-quoted strings are not allowed"),
        JSONReaderCase("n_object_trailing_comment", #"{"a":"b"}/**/"#, "1:10 comments are not allowed"),
        JSONReaderCase("n_object_trailing_comment_slash_open", #"{"a":"b"}//"#, "1:10 comments are not allowed"),
        JSONReaderCase("n_object_trailing_comment_slash_open_incomplete", #"{"a":"b"}/"#, "1:10 unexpected content after the top-level value"),
        JSONReaderCase("n_object_two_commas_in_a_row", #"{"a":"b",,"c":"d"}"#, "1:10 expected a string key, found ','"),
        JSONReaderCase("n_object_unterminated-value", #"{"a":"a"#, "1:8 unterminated string opened at 1:6"),
        JSONReaderCase("n_object_with_single_string", #"{ "foo" : "bar", "a" }"#, "1:22 expected ':' after the key, found '}'"),
        JSONReaderCase("n_structure_U+2060_word_joined", "[\u{2060}]", "1:2 expected a value, found U+2060"),
        JSONReaderCase("n_structure_UTF8_BOM_no_data", raw: [0xEF, 0xBB, 0xBF], "1:1 no JSON value"),
        JSONReaderCase("n_structure_angle_bracket_.", "<.>", "1:1 expected a value, found '<'"),
        JSONReaderCase("n_structure_array_with_extra_array_close", "[1]]", "1:4 unexpected content after the top-level value"),
        JSONReaderCase("n_structure_array_with_unclosed_string", #"["asd]"#, "1:7 unterminated string opened at 1:2"),
        JSONReaderCase("n_structure_capitalized_True", "[True]", "1:2 invalid literal 'True'"),
        JSONReaderCase("n_structure_close_unopened_array", "1]", "1:2 unexpected content after the top-level value"),
        JSONReaderCase("n_structure_comma_instead_of_closing_brace", #"{"x": true,"#, "1:12 unterminated object opened at 1:1"),
        JSONReaderCase("n_structure_double_array", "[][]", "1:3 unexpected content after the top-level value"),
        JSONReaderCase("n_structure_end_array", "]", "1:1 expected a value, found ']'"),
        JSONReaderCase("n_structure_incomplete_UTF8_BOM", bytes: #"\xef\xbb{}"#, "1:1 invalid UTF-8 byte 0xEF"),
        JSONReaderCase("n_structure_lone-invalid-utf-8", bytes: #"\xe5"#, "1:1 invalid UTF-8 byte 0xE5 (truncated sequence)"),
        JSONReaderCase("n_structure_lone-open-bracket", "[", "1:2 unterminated array opened at 1:1"),
        JSONReaderCase("n_structure_number_with_trailing_garbage", "2@", "1:2 unexpected content after the top-level value"),
        JSONReaderCase("n_structure_object_followed_by_closing_object", "{}}", "1:3 unexpected content after the top-level value"),
        JSONReaderCase("n_structure_object_unclosed_no_value", #"{"":"#, "1:5 unterminated object opened at 1:1"),
        JSONReaderCase("n_structure_object_with_comment", #"{"a":/*comment*/"b"}"#, "1:6 comments are not allowed"),
        JSONReaderCase("n_structure_object_with_trailing_garbage", #"{"a": true} "x""#, "1:13 unexpected content after the top-level value"),
        JSONReaderCase("n_structure_open_array_apostrophe", "['", "1:2 single-quoted strings are not allowed"),
        JSONReaderCase("n_structure_open_array_comma", "[,", "1:2 expected a value, found ','"),
        JSONReaderCase("n_structure_open_array_open_object", "[{", "1:3 unterminated object opened at 1:2"),
        JSONReaderCase("n_structure_open_array_open_string", #"["a"#, "1:4 unterminated string opened at 1:2"),
        JSONReaderCase("n_structure_open_object_close_array", "{]", "1:2 expected a string key, found ']'"),
        JSONReaderCase("n_structure_open_object_open_array", "{[", "1:2 expected a string key, found '['"),
        JSONReaderCase("n_structure_open_open", #"["\{["\{["\{["\{"#, #"1:3 invalid escape '\{'"#),
        JSONReaderCase("n_structure_single_star", "*", "1:1 expected a value, found '*'"),
        JSONReaderCase("n_structure_trailing_#", #"{"a":"b"}#{}"#, "1:10 unexpected content after the top-level value"),
        JSONReaderCase("n_structure_uescaped_LF_before_string", #"[\u000A""]"#, #"1:2 expected a value, found '\'"#),
        JSONReaderCase("n_structure_unclosed_array_partial_null", "[ false, nul", "1:10 invalid literal 'nul'"),
        JSONReaderCase("n_structure_unicode-identifier", "\u{E5}", "1:1 expected a value, found U+00E5"),
        JSONReaderCase("n_structure_whitespace_formfeed", "[\u{C}]", "1:2 expected a value, found control character U+000C"),
        JSONReaderCase("n_multidigit_number_then_00", bytes: #"123\x00"#, "1:4 unexpected content after the top-level value"),
    ]

    static let numbers: [JSONReaderCase] = [
        JSONReaderCase("n_number_++", "[++1234]", "1:2 a number cannot start with '+'"),
        JSONReaderCase("n_number_+Inf", "[+Inf]", "1:2 invalid literal '+Inf'"),
        JSONReaderCase("n_number_-01", "[-01]", "1:2 leading zeros are not allowed"),
        JSONReaderCase("n_number_-1.0.", "[-1.0.]", "1:6 expected ',' or ']', found '.'"),
        JSONReaderCase("n_number_-2.", "[-2.]", "1:5 expected a digit after the decimal point"),
        JSONReaderCase("n_number_-NaN", "[-NaN]", "1:2 -NaN is not valid JSON"),
        JSONReaderCase("n_number_.-1", "[.-1]", "1:2 a number cannot start with '.'"),
        JSONReaderCase("n_number_0.1.2", "[0.1.2]", "1:5 expected ',' or ']', found '.'"),
        JSONReaderCase("n_number_0.3e+", "[0.3e+]", "1:7 expected a digit in the exponent"),
        JSONReaderCase("n_number_0.3e", "[0.3e]", "1:6 expected a digit in the exponent"),
        JSONReaderCase("n_number_0.e1", "[0.e1]", "1:4 expected a digit after the decimal point"),
        JSONReaderCase("n_number_0_capital_E+", "[0E+]", "1:5 expected a digit in the exponent"),
        JSONReaderCase("n_number_1_000", "[1 000.0]", "1:4 expected ',' or ']', found '0'"),
        JSONReaderCase("n_number_1eE2", "[1eE2]", "1:4 expected a digit in the exponent"),
        JSONReaderCase("n_number_2.e-3", "[2.e-3]", "1:4 expected a digit after the decimal point"),
        JSONReaderCase("n_number_Inf", "[Inf]", "1:2 invalid literal 'Inf'"),
        JSONReaderCase("n_number_NaN", "[NaN]", "1:2 NaN is not valid JSON"),
        JSONReaderCase("n_number_U+FF11_fullwidth_digit_one", "[\u{FF11}]", "1:2 expected a value, found U+FF11"),
        JSONReaderCase("n_number_hex_2_digits", "[0x42]", "1:2 hexadecimal numbers are not allowed"),
        JSONReaderCase("n_number_infinity", "[Infinity]", "1:2 Infinity is not valid JSON"),
        JSONReaderCase("n_number_invalid-utf-8-in-exponent", bytes: #"[1e1\xe5]"#, "1:5 invalid UTF-8 byte 0xE5"),
        JSONReaderCase("n_number_minus_infinity", "[-Infinity]", "1:2 -Infinity is not valid JSON"),
        JSONReaderCase("n_number_minus_sign_with_trailing_garbage", "[-foo]", "1:2 invalid literal '-foo'"),
        JSONReaderCase("n_number_minus_space_1", "[- 1]", "1:3 expected a digit after '-'"),
        JSONReaderCase("n_number_neg_int_starting_with_zero", "[-012]", "1:2 leading zeros are not allowed"),
        JSONReaderCase("n_number_real_with_invalid_utf8_after_e", bytes: #"[1e\xe5]"#, "1:4 expected a digit in the exponent"),
        JSONReaderCase("n_number_with_alpha", "[1.2a-3]", "1:2 invalid number '1.2a-3'"),
        JSONReaderCase("n_number_with_alpha_char", "[1.8011670033376514H-308]", "1:2 invalid number '1.8011670033376514H-308'"),
        JSONReaderCase("a letter after the digits", "[1f]", "1:2 invalid number '1f'"),
        JSONReaderCase("a binary literal", "[0b1]", "1:2 invalid number '0b1'"),
        JSONReaderCase("an underscore between digits", #"{"a":1_000}"#, "1:6 invalid number '1_000'"),
        JSONReaderCase("n_number_just_minus_at_end", "-", "1:2 expected a digit after '-'"),
    ]

    static let strings: [JSONReaderCase] = [
        JSONReaderCase("n_string_1_surrogate_then_escape", #"["\uD800\"]"#, #"1:3 lone surrogate \uD800"#),
        JSONReaderCase("n_string_1_surrogate_then_escape_u", #"["\uD800\u"]"#, #"1:9 invalid \u escape"#),
        JSONReaderCase("n_string_1_surrogate_then_escape_u1x", #"["\uD800\u1x"]"#, #"1:9 invalid \u escape"#),
        JSONReaderCase("n_string_accentuated_char_no_quotes", "[\u{E9}]", "1:2 expected a value, found U+00E9"),
        JSONReaderCase("n_string_backslash_00", bytes: #"["\\x00"]"#, "1:3 invalid escape in a string"),
        JSONReaderCase("n_string_escape_x", #"["\x00"]"#, #"1:3 invalid escape '\x'"#),
        JSONReaderCase("n_string_escaped_backslash_bad", #"["\\\"]"#, "1:8 unterminated string opened at 1:2"),
        JSONReaderCase("n_string_escaped_ctrl_char_tab", "[\"\\\t\"]", "1:3 invalid escape in a string"),
        JSONReaderCase("n_string_escaped_emoji", "[\"\\\u{1F300}\"]", "1:3 invalid escape in a string"),
        JSONReaderCase("n_string_incomplete_escape", #"["\"]"#, "1:6 unterminated string opened at 1:2"),
        JSONReaderCase("n_string_incomplete_escaped_character", #"["\u00A"]"#, #"1:3 invalid \u escape; expected four hex digits"#),
        JSONReaderCase("n_string_incomplete_surrogate", #"["\uD834\uDd"]"#, #"1:9 invalid \u escape"#),
        JSONReaderCase("n_string_incomplete_surrogate_escape_invalid", #"["\uD800\uD800\x"]"#, #"1:3 lone surrogate \uD800"#),
        JSONReaderCase("n_string_invalid-utf-8-in-escape", bytes: #"["\u\xe5"]"#, #"1:3 invalid \u escape"#),
        JSONReaderCase("n_string_invalid_backslash_esc", #"["\a"]"#, #"1:3 invalid escape '\a'"#),
        JSONReaderCase("n_string_invalid_unicode_escape", #"["\uqqqq"]"#, #"1:3 invalid \u escape"#),
        JSONReaderCase("n_string_invalid_utf8_after_escape", bytes: #"["\\xe5"]"#, "1:3 invalid escape in a string"),
        JSONReaderCase("n_string_no_quotes_with_bad_escape", #"[\n]"#, #"1:2 expected a value, found '\'"#),
        JSONReaderCase("n_string_single_doublequote", "\"", "1:2 unterminated string opened at 1:1"),
        JSONReaderCase("n_string_single_quote", "['single quote']", "1:2 single-quoted strings are not allowed"),
        JSONReaderCase("n_string_single_string_no_double_quotes", "abc", "1:1 invalid literal 'abc'"),
        JSONReaderCase("n_string_start_escape_unclosed", #"["\"#, "1:4 unterminated string opened at 1:2"),
        JSONReaderCase("n_string_unescaped_ctrl_char", bytes: #"["a\x00a"]"#, "1:4 raw control character U+0000 in a string; escape it as \\u0000"),
        JSONReaderCase("n_string_unescaped_newline", "[\"new\nline\"]", "1:6 raw control character U+000A in a string; escape it as \\n (or is the string's closing quote missing?)"),
        JSONReaderCase("n_string_unescaped_tab", "[\"\t\"]", "1:3 raw control character U+0009"),
        JSONReaderCase("n_string_unicode_CapitalU", #""\UA66D""#, #"1:2 invalid escape '\U'"#),
        JSONReaderCase("n_string_with_trailing_garbage", #"""x"#, "1:3 unexpected content after the top-level value"),
        JSONReaderCase("n_string_unterminated_after_multibyte", "\"\u{E9}\u{1F600}", "1:4 unterminated string opened at 1:1"),
    ]

    @Test(arguments: structure + numbers + strings)
    func rejectsInvalidJSONAtTheOffendingByte(_ example: JSONReaderCase) {
        let result = JSONReader.read(example.input)
        #expect(result.root == nil)
        #expect(result.issues.filter { $0.severity == .error }.count == 1)
        #expect(issueMatches(result.firstError, in: result, example.expected), "\(result.described(.error))")
    }

    @Test func everyPrefixOfAValidDocumentIsRejectedWithoutTrapping() {
        let document = Array(#"{"a":[1,-2.5e3,true,false,null,"\u00e9\n",{"b":{}}],"c":"\#u{1F600}"}"#.utf8)
        for length in 0..<document.count {
            let result = JSONReader.read(Array(document.prefix(length)))
            #expect(result.root == nil)
            #expect(result.firstError != nil, "prefix of \(length) bytes")
            if let error = result.firstError { #expect(error.offset <= length) }
        }
        #expect(JSONReader.read(document).issues.isEmpty)
    }

    @Test func everySingleByteCorruptionIsHandledWithoutTrapping() {
        let document = Array(#"{"a":[1,2.5,"x\ty\u00e9",true,null],"b":{"c":"\#u{E9}"}}"#.utf8)
        for position in document.indices {
            for replacement: UInt8 in [0x00, 0x22, 0x2C, 0x5C, 0x5D, 0x7D, 0x80, 0xC3, 0xED, 0xFF] {
                var corrupted = document
                corrupted[position] = replacement
                let result = JSONReader.read(corrupted)
                #expect((result.root == nil) == (result.firstError != nil))
                for issue in result.issues { #expect(issue.offset <= result.text.bytes.count) }
            }
        }
    }
}
