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
