#include "grammar/diagnostic.hpp"

#include <catch2/catch.hpp>

using namespace arbiter;

TEST_CASE("a diagnostic renders GCC style with the line and a caret", "[diagnostic]") {
  Diagnostic d{{"orders.txt", 3, 11}, "unknown action 'Chrage'", "  1: Chrage -> closest enemy",
               {"did you mean 'Charge'?"}};
  CHECK(render(d) ==
        "orders.txt:3:11: error: unknown action 'Chrage'\n"
        "    1: Chrage -> closest enemy\n"
        "            ^\n"
        "  did you mean 'Charge'?");
}

TEST_CASE("the caret stands under its column after wide characters, each two columns in a terminal",
          "[diagnostic]") {
  // 李 and 가 are East Asian Wide, Ａ Fullwidth: each shows two columns wide; é one.
  Diagnostic d{{"orders.txt", 2, 14}, "unknown action 'Chrage'", "李가Ａé: Chrage", {}};  // byte 14: C
  CHECK(render(d) ==
        "orders.txt:2:14: error: unknown action 'Chrage'\n"
        "  李가Ａé: Chrage\n"
        "           ^");  // 2 + 2 + 2 + 1 + 2 columns
}

TEST_CASE("a diagnostic without a position is just the message", "[diagnostic]") {
  CHECK(render(Diagnostic{{}, "no packs given", {}, {}}) == "error: no packs given");
  CHECK(std::string(Error("no packs given").what()) == "error: no packs given");
}

TEST_CASE("an error carries every diagnostic, one per line group", "[diagnostic]") {
  Error e({Diagnostic{{"a.txt", 1, 0}, "first", {}, {}}, Diagnostic{{"a.txt", 2, 0}, "second", {}, {}}});
  CHECK(e.diagnostics().size() == 2);
  CHECK(std::string(e.what()) == "a.txt:1: error: first\na.txt:2: error: second");
}

TEST_CASE("line_at finds the line around an offset, without CR", "[diagnostic]") {
  const std::string text = "first\r\nsecond\nthird";
  CHECK(line_at(text, 0) == "first");
  CHECK(line_at(text, 9) == "second");
  CHECK(line_at(text, text.size()) == "third");
}

TEST_CASE("lone carriage returns become newlines but Windows' CRLF is kept and the length never changes",
          "[diagnostic]") {
  CHECK(with_newline_line_ends("a\rb\r\rc\r") == "a\nb\n\nc\n");
  CHECK(with_newline_line_ends("a\r\nb\r\n") == "a\r\nb\r\n");
  CHECK(with_newline_line_ends("a\n\rb") == "a\n\rb");  // LF CR is one line end to Lua's lexer too
}

TEST_CASE("control characters in a quoted line are shown escaped, the caret still under its column",
          "[diagnostic][security]") {
  // ESC ] 0 ; title BEL would retitle the terminal; C1 CSI (U+009B) and a stray byte likewise.
  const std::string line = "  1: Melee \x1b]0;pwned\x07 \xc2\x9b \x9b Atack";
  Diagnostic d{{"x\x1b.txt", 2, line.find("Atack") + 1}, "unknown action 'Melee \x1b'", line, {"note \x7f"}};
  CHECK(render(d) ==
        "x\\x1b.txt:2:" + std::to_string(line.find("Atack") + 1) +
            ": error: unknown action 'Melee \\x1b'\n"
            "    1: Melee \\x1b]0;pwned\\x07 \\xc2\\x9b \\x9b Atack\n"
            "  " + std::string(42, ' ') + "^\n"
            "  note \\x7f");
  CHECK(printable("tab\tand é stay; a new\nline is shown") == "tab\tand é stay; a new\\x0aline is shown");
  CHECK(printable("kept\nline", true) == "kept\nline");
}

TEST_CASE("a very long line is shown around its column, cut with an ellipsis", "[diagnostic]") {
  const std::string line = std::string(1 << 20, 'a') + "Chrage" + std::string(1 << 20, 'b');
  Diagnostic d{{"big.txt", 1, (1u << 20) + 1}, "unknown action 'Chrage'", line, {}};
  const std::string out = render(d);
  CHECK(out.size() < 400);
  CHECK(out == "big.txt:1:" + std::to_string((1 << 20) + 1) +
                   ": error: unknown action 'Chrage'\n"
                   "  …" + std::string(60, 'a') + "Chrage" + std::string(54, 'b') + "…\n"
                   "   " + std::string(60, ' ') + "^");
}

TEST_CASE("a message quoting a huge phrase is shown as its beginning and its end", "[diagnostic]") {
  const std::string phrase(1 << 20, 'x');
  const std::string out = render(Diagnostic{{}, "'" + phrase + "' is not a target the rules declare", {}, {}});
  CHECK(out.size() < 700);
  CHECK_THAT(out, Catch::Matchers::StartsWith("error: 'xxx"));
  CHECK_THAT(out, Catch::Matchers::Contains("x…x"));
  CHECK_THAT(out, Catch::Matchers::EndsWith("x' is not a target the rules declare"));
}

TEST_CASE("a character that shows as a space or as nothing is shown as its code point", "[diagnostic]") {
  // Pasted from a chat, "Aldric" and a zero-width space is not in the fight: the message must not
  // look the same as the name it suggests.
  const std::string line = "Aldric\u200B:";
  Diagnostic d{{"zwsp.txt", 2, 1}, "'Aldric\u200B' is not in the fight", line, {"did you mean 'Aldric'?"}};
  CHECK(render(d) == "zwsp.txt:2:1: error: 'Aldric\\u{200b}' is not in the fight\n"
                     "  Aldric\\u{200b}:\n"
                     "  ^\n"
                     "  did you mean 'Aldric'?");
  CHECK(printable("no\u00A0break, soft\u00ADhyphen, \u202Eright-to-left, \uFEFF, tag \U000E0041") ==
        "no\\u{a0}break, soft\\u{ad}hyphen, \\u{202e}right-to-left, \\u{feff}, tag \\u{e0041}");
  // Visible characters beyond ASCII stay as they are.
  CHECK(printable("Brienne → Orc, −3, 12×8, é") == "Brienne → Orc, −3, 12×8, é");
}

TEST_CASE("text is UTF-8 without a NUL byte: what is not is told with its byte, and shown escaped", "[diagnostic][text]") {
  using namespace std::string_literals;
  CHECK(text_fault("").empty());
  CHECK(text_fault("café ⚔ 𝔄").empty());
  CHECK(text_fault("caf\xe9") == "is not UTF-8 text: byte 4 is 0xE9");
  CHECK(text_fault("Sir\0Knight"s) == "holds a NUL byte (byte 4), where a text would be cut short");
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either.
  CHECK(text_fault("\xc0\xaf") == "is not UTF-8 text: byte 1 is 0xC0");
  CHECK(text_fault("\xe0\x80\xaf") == "is not UTF-8 text: byte 1 is 0xE0");
  CHECK(text_fault("\xed\xa0\x80") == "is not UTF-8 text: byte 1 is 0xED");
  CHECK(text_fault("\xf4\x90\x80\x80") == "is not UTF-8 text: byte 1 is 0xF4");
  CHECK(text_fault("ab\xe2\x82") == "is not UTF-8 text: byte 3 is 0xE2");  // cut short
  CHECK_THROWS_WITH(check_text("caf\xe9", "the stat name"),
                    "error: the stat name \"caf\\xe9\" is not UTF-8 text: byte 4 is 0xE9");
  CHECK_NOTHROW(check_text("Ilse", "the stat name"));
  // Shown, an overlong form is escaped as the bytes it is, not passed to the terminal.
  CHECK(printable("a\xc0\xafz") == "a\\xc0\\xafz");
}
