// Packs stacked in one sandbox: resolution, load order, the registry's provenance and conflicts,
// and every bad pack from the Foundation issue's list reported with its file and line.
#include "interpreter/packs/pack_stack.hpp"

#include <sys/stat.h>

#include <fstream>
#include <map>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "interpreter/core/narration.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/packs/order_vocabulary.hpp"
#include "interpreter/packs/source_text.hpp"
#include "tests/support/temp_dir.hpp"

using namespace arbiter;
using namespace arbiter::packs;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const std::filesystem::path source(ARBITER_SOURCE_DIR);

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

struct Stack {
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({source / "tests/packs", source / "examples/packs"})};

  std::string error(const std::vector<std::string>& packs) {
    try {
      stack.load(packs);
    } catch (const Error& e) {
      return e.what();
    }
    FAIL("expected loading to fail");
    return {};
  }
  std::vector<std::string> order() const {
    std::vector<std::string> names;
    for (const auto& m : stack.load_order()) names.push_back(m.name);
    return names;
  }
  // Runs code as a snippet on top of the loaded packs and returns its result, described.
  std::string eval(const std::string& code) {
    if (!sandbox.has_pack("(test)")) sandbox.add_pack({"(test)", {}, "test", {}});
    sandbox.run_string("(test)", "local arbiter = require 'arbiter'\n" + code, "test.lua", 1);
    std::string text = lua::describe(sandbox.state(), -1);
    lua_pop(sandbox.state(), 1);
    return text;
  }
  // The error the code raises, or "no error".
  std::string eval_error(const std::string& code) {
    try {
      eval(code);
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  }
};

// What loading the pack `name`, found in `root`, tells: its error, or "no error".
std::string load_error(const std::filesystem::path& root, const std::string& name) {
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({root})};
  try {
    stack.load({name});
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

// The problems loading the pack `name` tells, whose pack.lua is `manifest`, alone in a folder.
std::vector<Diagnostic> manifest_problems(const std::string& name, const std::string& manifest) {
  TempDir dir;
  std::filesystem::create_directories(dir.path / name);
  std::ofstream(dir / (name + "/pack.lua")) << manifest;
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({dir.path})};
  try {
    stack.load({name});
  } catch (const Error& e) {
    return e.diagnostics();
  }
  FAIL("expected loading to fail");
  return {};
}

}  // namespace

TEST_CASE("dependencies load before the packs that need them, each once", "[packs]") {
  Stack s;
  s.stack.load({"demo-house", "rival-house"});
  CHECK(s.order() == std::vector<std::string>{"demo-base", "demo-house", "rival-house"});
  CHECK(s.stack.depends_on("demo-house", "demo-base"));
  CHECK_FALSE(s.stack.depends_on("demo-base", "demo-house"));
  CHECK_FALSE(s.stack.depends_on("rival-house", "demo-house"));
}

TEST_CASE("packs are searched in --pack-path, ARBITER_PATH, ./rules, the user's folder, then the built-in rules",
          "[packs]") {
  setenv("ARBITER_PATH", "/first:/second", 1);
  setenv("XDG_DATA_HOME", "/data", 1);
  const auto roots = SearchPath::standard({"/given"}).roots();
  unsetenv("ARBITER_PATH");
  unsetenv("XDG_DATA_HOME");
  REQUIRE(roots.size() >= 5);
  CHECK(roots[0] == "/given");
  CHECK(roots[1] == "/first");
  CHECK(roots[2] == "/second");
  CHECK(roots[3] == "rules");
  CHECK(roots[4] == "/data/arbiter/packs");
}

TEST_CASE("the first pack of a name wins and later ones are marked hidden", "[packs]") {
  const SearchPath path({source / "examples/packs", source / "examples/packs/../packs"});
  CHECK(path.roots().size() == 1);  // the same folder twice counts once
  const SearchPath two({source / "tests/packs-shadowing", source / "examples/packs"});
  CHECK(two.find("demo-base") == source / "tests/packs-shadowing" / "demo-base");
  std::vector<std::pair<std::filesystem::path, bool>> found;
  for (const auto& pack : two.all())
    if (pack.name == "demo-base") found.emplace_back(pack.folder, pack.shadowed);
  CHECK(found == std::vector<std::pair<std::filesystem::path, bool>>{
                     {source / "tests/packs-shadowing/demo-base", false}, {source / "examples/packs/demo-base", true}});
}

TEST_CASE("a pack may be named by its folder", "[packs]") {
  Stack s;
  s.stack.load({(source / "examples/packs/demo-base").string()});
  CHECK(s.order() == std::vector<std::string>{"demo-base"});
}

namespace {

// Writes a pack of `name` in `folder`/`name`: its manifest requires `requirements` (a Lua list's
// items), and its init.lua runs `init`.
void write_pack(const std::filesystem::path& folder, const std::string& name, const std::string& requirements,
                const std::string& init = "") {
  std::filesystem::create_directories(folder / name);
  std::ofstream(folder / name / "pack.lua")
      << fmt::format("return {{ name = \"{}\", version = \"1.0\", requires = {{ {} }} }}\n", name, requirements);
  std::ofstream(folder / name / "init.lua") << "local arbiter = require \"arbiter\"\n" << init << "\n";
}

}  // namespace

TEST_CASE("a folder named for a pack stands for it where another named pack requires it, in either order",
          "[packs]") {
  TempDir dir;
  write_pack(dir.path / "found", "folded-base", "", "arbiter.define.table('origin', { at = 'search path' })");
  write_pack(dir.path / "found", "folded-house", "'folded-base'");
  write_pack(dir.path / "mine", "folded-base", "", "arbiter.define.table('origin', { at = 'named folder' })");
  const std::string mine = (dir.path / "mine/folded-base").string();
  for (const auto& order :
       {std::vector<std::string>{"folded-house", mine}, std::vector<std::string>{mine, "folded-house"}}) {
    INFO(order.front());
    lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
    PackStack stack{sandbox, SearchPath({dir.path / "found"})};
    stack.load(order);
    REQUIRE(stack.load_order().size() == 2);
    CHECK(stack.load_order()[0].folder == mine);
    CHECK(stack.registry().find(Kind::table, "origin")->history[0].location.find("mine/folded-base/init.lua") !=
          std::string::npos);
    CHECK(stack.named() == std::vector<std::string>{order.front() == mine ? "folded-base" : "folded-house",
                                                    order.front() == mine ? "folded-house" : "folded-base"});
  }
  // Two folders of one name, or one already loaded from elsewhere, are refused naming both.
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({dir.path / "found"})};
  const std::string found = (dir.path / "found/folded-base").string();
  CHECK_THROWS_WITH(stack.load({found, mine}), Contains("pack 'folded-base' is named twice, by the folders " + found +
                                                        " and " + mine + ": name one"));
  lua::Sandbox later_sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack later{later_sandbox, SearchPath({dir.path / "found"})};
  later.load({"folded-house"});
  CHECK_THROWS_WITH(later.load({mine}), Contains("pack 'folded-base' is already loaded from " + found +
                                                 ", so the one in " + mine + " cannot be"));
}

TEST_CASE("a patch changes one field and records it, and explain's chain is the history", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base", "demo-house"});
  const Definition* wounds = s.stack.registry().find(Kind::table, "wounds");
  REQUIRE(wounds);
  REQUIRE(wounds->history.size() == 2);
  CHECK(wounds->history[0].pack == "demo-base");
  CHECK(wounds->history[0].operation == Operation::define);
  CHECK_THAT(wounds->history[0].location, Contains("examples/packs/demo-base/init.lua:3"));
  CHECK(wounds->history[1].pack == "demo-house");
  CHECK(wounds->history[1].operation == Operation::patch);
  CHECK_THAT(wounds->history[1].location, Contains("examples/packs/demo-house/init.lua:4"));
  REQUIRE(wounds->history[1].fields.size() == 1);
  CHECK(wounds->history[1].fields[0].field == "max");
  CHECK(wounds->history[1].fields[0].before == "3");
  CHECK(wounds->history[1].fields[0].after == "4");
  CHECK(s.eval("return arbiter.tables.wounds.max") == "4");
  CHECK(s.eval("return arbiter.tables.wounds.penalty_per_wound") == "1");  // untouched fields stay
  CHECK(s.stack.registry().conflicts().empty());
}

TEST_CASE("a patch's fields and a definition's copy are made in a fixed order, the same every run",
          "[packs][registry][determinism]") {
  // Lua's own order of a table's keys changes from run to run (its string hash is seeded afresh):
  // the history (`arbiter.history`, `explain`) lists a patch's fields sorted, as `pairs` visits
  // them, and the pack functions of a copied definition are made, and numbered, in that order.
  Stack s;
  s.stack.load({"demo-base"});
  std::string defined, patched, functions, expected;
  for (char c = 'a'; c <= 'z'; ++c) {
    defined += fmt::format("{} = 1, ", c);
    patched += fmt::format("{} = 2, ", c);
    functions += fmt::format("{} = function() end, ", c);
    expected += c;
  }
  s.eval("arbiter.define.table('letters', { " + defined + "})\n"
         "arbiter.patch.table('letters', { " + patched + "})\n"
         "arbiter.define.table('functions', { " + functions + "}) return true");
  const Definition* letters = s.stack.registry().find(Kind::table, "letters");
  REQUIRE(letters);
  std::string order;
  for (const FieldChange& field : letters->history.back().fields) order += field.field;
  CHECK(order == expected);
  CHECK(s.eval("local seen = '' for _, f in ipairs(arbiter.history('table', 'letters')[2].fields) do "
               "seen = seen .. f.field end return seen") == "\"" + expected + "\"");
  // Each function's number in the order of making (tostring) grows with its key.
  CHECK(s.eval("local last, sorted = 0, true\n"
               "for c in ('" + expected + "'):gmatch('.') do\n"
               "  local made = tonumber(tostring(arbiter.tables.functions[c]):match('#(%d+)'))\n"
               "  sorted = sorted and made > last last = made\n"
               "end return sorted") == "true");
}

TEST_CASE("a narration template with a bad brace is refused at the line that gives it, naming the field",
          "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  s.eval("arbiter.define.table('narration', { attack = '{attacker} hits' }) return true");
  // When the packs load, at the pack's line: not when a fight first narrates the event.
  CHECK_THROWS_WITH(s.eval("arbiter.patch.table('narration', { exchange = '{text}{' })"),
                    StartsWith("test.lua:2: error: table 'narration': 'exchange': the template \"{text}{\" has an "
                               "unclosed or empty '{' at column 7 (write {{ for a brace)"));
  CHECK(s.eval("return arbiter.exists('table', 'narration') and arbiter.tables.narration.exchange") == "nil");
  CHECK_THROWS_WITH(s.eval("arbiter.patch.table('narration', { attack = 3 })"),
                    StartsWith("test.lua:2: error: table 'narration': 'attack' must be a template, a string like "
                               "\"{character} moves\", not 3"));
  CHECK_THROWS_WITH(s.eval("arbiter.override.table('narration', { attack = 'ouch}' })"),
                    Contains("table 'narration': 'attack': the template \"ouch}\" has a '}' without its '{'"));
  CHECK(s.eval("return arbiter.tables.narration.attack") == "\"{attacker} hits\"");
  // Other tables are the packs' own: any string is fine there.
  CHECK(s.eval("arbiter.define.table('notes', { exchange = '{text}{' }) return true") == "true");
}

TEST_CASE("an overriding function receives the one it replaces", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-house"});
  CHECK(s.eval("return arbiter.hooks.attack_bonus({ skill = 1 })") == "1");
  CHECK(s.eval("return arbiter.hooks.attack_bonus({ skill = 1, charging = true })") == "3");
  // The base action calls the hook through the registry, so it sees the house rule too.
  CHECK(s.eval("return arbiter.actions.Attack.resolve({ skill = 0, charging = true }, { defence = 11 }, 10)") ==
        "true");
  CHECK(s.eval("return arbiter.actions.Attack.resolve({ skill = 0 }, { defence = 11 }, 10)") == "false");
}

TEST_CASE("a patch gives a list of plain values whole, and merges a list of tables item by item",
          "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK(s.eval("arbiter.define.table('lists', { names = { 'a', 'b', 'c' }, rows = { { x = 1 }, { x = 2 } } })\n"
               "arbiter.patch.table('lists', { names = { 'z' }, rows = { { x = 9 } } })\n"
               "local t = arbiter.tables.lists\n"
               "return #t.names .. t.names[1] .. t.rows[1].x .. t.rows[2].x") == "\"1z92\"");
}

TEST_CASE("arbiter.nearest gives a pack the runtime's own did-you-mean", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK(s.eval("return table.concat(arbiter.nearest('Evde', { 'Parry', 'Evader', 'Evade' }), ',')") ==
        "\"Evade,Evader\"");
  CHECK(s.eval("return #arbiter.nearest('Zzz', { 'Parry' })") == "0");
  CHECK_THROWS_WITH(s.eval("return arbiter.nearest('Evde', { 'Evade', 3 })"), Contains("candidates[2] must be a string"));
}

TEST_CASE("arbiter.words tells a value that must be one of a few words with the nearest of them", "[packs][registry]") {
  // Tempo's rows listed the words alone (`kind = "proactiv"`), Platemail's tables named the nearest.
  Stack s;
  s.stack.load({"demo-base"});
  const auto said = [&](const std::string& call) { return s.eval("local words = require 'arbiter.words'\nreturn " + call); };
  CHECK(said("words.must_be_one_of({ 'melee', 'ranged' }, 'meele')") ==
        R"x("must be one of \"melee\", \"ranged\", not \"meele\" (did you mean 'melee'?)")x");
  CHECK(said("words.must_be_one_of({ 'melee', 'ranged' }, 'sword')") ==
        R"x("must be one of \"melee\", \"ranged\", not \"sword\"")x");
  CHECK(said("words.must_be_one_of({ 'hit' }, 3)") == R"x("must be \"hit\", not 3")x");
  // A table's keys, given as the candidates, may be any value: only strings are words to suggest.
  CHECK(said("words.hint('Evde', { 1, 'Evade', true })") == R"x(" (did you mean 'Evade'?)")x");
  // A table quoted is told as tostring tells it, never by its address (the same text every run).
  CHECK_THAT(said("words.quoted({ {} })"), Catch::Matchers::Matches(R"x("'table: #[0-9]+'")x"));
}

TEST_CASE("the registry's revision moves with every define, override and patch, and not with a read",
          "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-house"});
  const std::string loaded = s.eval("return arbiter.revision()");
  CHECK(s.eval("local _ = arbiter.tables.wounds.max return arbiter.revision()") == loaded);
  const std::string patched = s.eval("arbiter.patch.table('wounds', { max = 5 }) return arbiter.revision()");
  CHECK(patched != loaded);
  const std::string defined = s.eval("arbiter.define.table('morale', { base = 7 }) return arbiter.revision()");
  CHECK(defined != patched);
  CHECK(s.eval("arbiter.override.table('morale', { base = 8 }) return arbiter.revision()") != defined);
}

TEST_CASE("definitions are read-only outside the registry", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.tables.wounds.max = 99"), Contains("test.lua:2: error: attempt to change a read-only"));
  CHECK_THROWS_WITH(s.eval("arbiter.tables.weapons.sword.damage = 99"), Contains("read-only"));
  CHECK_THROWS_WITH(s.eval("arbiter.tables.new = {}"), Contains("read-only"));
  CHECK_THROWS_WITH(s.eval("arbiter.define = nil"), Contains("read-only"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table = print"), Contains("read-only"));
  // A definition is a copy: changing the table it was made from changes nothing.
  CHECK(s.eval("local t = { n = 1 }\narbiter.define.table('copy', t)\nt.n = 2\nreturn arbiter.tables.copy.n") == "1");
  CHECK(s.eval("local names = {}\nfor name in pairs(arbiter.tables) do names[#names + 1] = name end\n"
               "return table.concat(names, ' ')") == "\"copy weapons wounds\"");
}

TEST_CASE("a folder without a manifest is named as such when its pack is asked for", "[packs]") {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "half-made");
  std::ofstream(dir / "half-made/init.lua") << "return {}\n";
  lua::Sandbox sandbox;
  PackStack stack{sandbox, SearchPath({dir.path})};
  CHECK_THROWS_WITH(stack.load({"half-made"}), Contains("half-made is a folder without pack.lua"));
}

TEST_CASE("a pack named twice in one request is refused", "[packs]") {
  Stack s;
  // Named on the command line, as every other pack named twice is told: where, and what to do.
  CHECK_THROWS_WITH(s.stack.load({"demo-base", "demo-house", "demo-base"}),
                    Contains("pack 'demo-base' is named twice on the command line: name it once"));
}

TEST_CASE("a pack named both by its name and by a folder is refused naming where each leads", "[packs]") {
  // The folder stands for the pack wherever it is needed, so the name is a second naming of it: the
  // user may have meant the copy the name finds, which the message must show to tell them apart.
  TempDir dir;
  write_pack(dir.path / "found", "folded-base", "");
  write_pack(dir.path / "mine", "folded-base", "");
  const std::string found = (dir.path / "found/folded-base").string(), mine = (dir.path / "mine/folded-base").string();
  for (const auto& [order, said] :
       {std::pair{std::vector<std::string>{"folded-base", mine},
                  "'folded-base' (found in " + found + ") and as the folder " + mine},
        std::pair{std::vector<std::string>{mine, "folded-base"},
                  "the folder " + mine + " and as 'folded-base' (found in " + found + ")"}}) {
    lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
    PackStack stack{sandbox, SearchPath({dir.path / "found"})};
    CHECK_THROWS_WITH(stack.load(order), Contains("pack 'folded-base' is named twice, as " + said + ": name it once"));
  }
  // A name the search path does not find stands only for the folder named.
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({dir.path / "elsewhere"})};
  CHECK_THROWS_WITH(stack.load({mine, "folded-base"}),
                    Contains("as the folder " + mine + " and as 'folded-base' (not on the search path): name it once"));
}

TEST_CASE("copies of a loaded pack further down the search path are told, with their versions", "[packs]") {
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({source / "examples/packs", source / "tests/packs-shadowing"})};
  stack.load({"demo-house"});
  const auto hidden = stack.hidden_copies();
  REQUIRE(hidden.size() == 1);
  CHECK(hidden[0].pack == "demo-base");
  CHECK(hidden[0].loaded == "examples/packs/demo-base");  // as messages show a folder inside the working one
  CHECK(hidden[0].hidden == std::vector<std::string>{"tests/packs-shadowing/demo-base (9.0.0)"});
  // A folder named is the user's choice: nothing is hidden from them.
  lua::Sandbox chosen_sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack chosen{chosen_sandbox, SearchPath({source / "examples/packs", source / "tests/packs-shadowing"})};
  chosen.load({(source / "tests/packs-shadowing/demo-base").string()});
  CHECK(chosen.hidden_copies().empty());
}

TEST_CASE("a copy further down the search path that holds the same files is no hidden pack", "[packs]") {
  // A second checkout's rules/ and the rules built into a binary from the first are one pack: every
  // command there said one hid the other.
  TempDir dir;
  const auto copy = dir.path / "demo-base";
  std::filesystem::copy(source / "examples/packs/demo-base", copy, std::filesystem::copy_options::recursive);
  const auto hidden = [&] {
    lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
    PackStack stack{sandbox, SearchPath({source / "examples/packs", dir.path})};
    stack.load({"demo-house"});
    return stack.hidden_copies();
  };
  CHECK(hidden().empty());
  // A real difference is told: a file more, or one of other bytes.
  { std::ofstream(copy / "extra.lua") << "return 1\n"; }
  CHECK(hidden().size() == 1);
  std::filesystem::remove(copy / "extra.lua");
  CHECK(hidden().empty());
  { std::ofstream(copy / "init.lua", std::ios::app) << "-- a house change\n"; }
  REQUIRE(hidden().size() == 1);
  CHECK(hidden()[0].pack == "demo-base");
}

TEST_CASE("what was read from the registry shows later changes", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  // Kept by a pack before a house rule patches or overrides: reads still give the current rules.
  s.eval("kept_wounds, kept_sword = arbiter.tables.wounds, arbiter.tables.weapons.sword");
  s.eval("arbiter.patch.table('wounds', { max = 7, extra = { 1, 2 } })\n"
         "arbiter.patch.table('weapons', { sword = { damage = 9 } })");
  CHECK(s.eval("return ('%d %d %d %d'):format(kept_wounds.max, #kept_wounds.extra, kept_wounds.extra[2], "
               "kept_sword.damage)") == "\"7 2 2 9\"");
  s.eval("arbiter.override.table('wounds', { max = 1 })");
  CHECK(s.eval("return arbiter.tables.wounds.max") == "1");
  CHECK(s.eval("return arbiter.tables.wounds.extra") == "nil");
  // A definition made from another's table holds a copy of what it shows.
  s.eval("arbiter.define.table('again', { sword = arbiter.tables.weapons.sword })");
  CHECK(s.eval("return arbiter.tables.again.sword.damage") == "9");
  CHECK(s.eval("local n = 0\nfor _ in pairs(arbiter.tables.again.sword) do n = n + 1 end\n"
               "return n > 1") == "true");
}

TEST_CASE("misusing the registry is an error at the author's line, with the nearest name", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("return arbiter.tables.wonds"),
                    StartsWith("test.lua:2: error: no table 'wonds' is defined (did you mean 'wounds'?)"));
  CHECK_THROWS_WITH(s.eval("arbiter.patch.table('wound', { max = 1 })"),
                    StartsWith("test.lua:2: error: no table 'wound' is defined (did you mean 'wounds'?)"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('wounds', {})"),
                    Contains("table 'wounds' is already defined by pack 'demo-base' at "
                             "examples/packs/demo-base/init.lua:3: use arbiter.override.table"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.hook('h', {})"), Contains("hook 'h' must be a function, not a table"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('t', 5)"), Contains("table 't' must be a table, not a number"));
  CHECK_THROWS_WITH(s.eval("arbiter.patch.hook('attack_bonus', {})"), Contains("use arbiter.override.hook"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.tabel('t', {})"),
                    StartsWith("test.lua:2: error: there is no arbiter.define function named 'tabel'; did you mean "
                               "'table'?"));
}

TEST_CASE("a hook named near a flow hook the runtime calls, but none, is an error at its line with the nearest",
          "[packs][registry]") {
  // Nothing would call it: a sequential ruleset's misspelt `choose` played none of the sheets' orders.
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.define.hook('chose', function() end)"),
                    StartsWith("test.lua:2: error: hook 'chose' is not one the runtime calls, so nothing would call "
                               "it: did you mean 'choose'? (a pack's own hook, which its code calls through "
                               "arbiter.hooks, takes a name apart from the runtime's: docs/fights.md, \"Hooks\")"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.hook('round_strat', function() end)"),
                    StartsWith("test.lua:2: error: hook 'round_strat' is not one the runtime calls, so nothing would "
                               "call it: did you mean 'round_start'?"));
  CHECK(s.eval("return arbiter.exists('hook', 'chose')") == "false");
  // The runtime's own names, and a pack's own hooks named apart from them (Platemail's, tempo's).
  for (const char* name : {"choose", "round_start", "attack", "check", "shield_in_hand", "exchange", "my_rule"})
    CHECK(s.eval(fmt::format("arbiter.define.hook('{}', function() end) return true", name)) == "true");
}

TEST_CASE("an orders table counting more phases than a flow of simultaneous phases has is refused at its line",
          "[packs][registry]") {
  // The check took sheets ordering the phase past the flow's, and the fight never played them.
  TempDir dir;
  const auto write = [&](const std::string& name, const std::string& flow, const std::string& orders) {
    std::filesystem::create_directories(dir.path / name);
    std::ofstream(dir.path / name / "pack.lua") << "return { name = \"" << name << "\", version = \"1.0.0\" }\n";
    std::ofstream(dir.path / name / "init.lua")
        << "local arbiter = require 'arbiter'\n"
        << "arbiter.define.table('flow', { phases = " << flow << ", default_order = 'Wait' })\n"
        << "arbiter.define.action('Wait', { resolve = function() end })\n"
        << "arbiter.define.table('orders', { phases = " << orders << " })\n";
  };
  write("two-of-one", "{ { name = 'Brawl', kind = 'simultaneous' } }", "2");
  write("three-of-two", "{ { name = 'A' }, { name = 'B' } }", "3");
  write("two-of-two", "{ { name = 'A' }, { name = 'B' } }", "2");
  write("one-of-two", "{ { name = 'A' }, { name = 'B' } }", "1");
  write("entries", "{ { name = 'A' }, { name = 'Turns', kind = 'sequential' } }", "5");
  const auto error = [&](const std::string& pack) { return load_error(dir.path, pack); };
  CHECK_THAT(error("two-of-one"),
             Contains("two-of-one/init.lua:4: error: table 'orders': 'phases' is 2, but the flow has 1 phase "
                      "(simultaneous): a sheet's orders for phase 2 would never be played (docs/orders.md: 'phases' "
                      "is the number of the flow's phases each character orders)"));
  CHECK_THAT(error("three-of-two"), Contains("three-of-two/init.lua:4: error: table 'orders': 'phases' is 3, but the "
                                             "flow has 2 phases (all simultaneous): a sheet's orders for phase 3"));
  CHECK(error("two-of-two") == "no error");
  CHECK(error("one-of-two") == "no error");  // the second phase, everyone on the default order: said so
  CHECK(error("entries") == "no error");     // a sequential phase's entries: any number
}

TEST_CASE("a name a stdlib or runtime module does not have is an error at the author's line, naming the nearest",
          "[packs][modules]") {
  // Each was Lua's "attempt to call a nil value (field 'rol')", or passed silently as nil when read.
  Stack s;
  s.stack.load({"demo-base"});
  const auto error = [&](const std::string& code) { return first_line(s.eval_error(code)); };
  CHECK(error("return dice.rol('1d6', 'x')") ==
        "test.lua:2: error: there is no dice function named 'rol'; did you mean 'roll' or 'pool'?");
  CHECK(error("local d = grid.distnce") ==
        "test.lua:2: error: there is no grid function named 'distnce'; did you mean 'distance'?");
  CHECK(error("return arbiter.define.acton") ==
        "test.lua:2: error: there is no arbiter.define function named 'acton'; did you mean 'action'?");
  CHECK(error("arbiter.patch.tabel('wounds', { max = 4 })") ==
        "test.lua:2: error: there is no arbiter.patch function named 'tabel'; did you mean 'table'?");
  CHECK(error("arbiter.overide.hook('attack_bonus', function() return 0 end)") ==
        "test.lua:2: error: there is no arbiter field named 'overide'; did you mean 'override'?");
  CHECK(error("local test = require 'arbiter.test'\ntest.equl(1, 1)") ==
        "test.lua:3: error: there is no arbiter.test function named 'equl'; did you mean 'equal'?");
  CHECK(error("return require('arbiter.outcomes').treshold") ==
        "test.lua:2: error: there is no arbiter.outcomes function named 'treshold'; did you mean 'threshold'?");
  CHECK(error("return require('arbiter.registry').histroy") ==
        "test.lua:2: error: there is no arbiter.registry field named 'histroy'; did you mean 'history'?");
  CHECK(error("return require('arbiter.fight').neww") ==
        "test.lua:2: error: there is no arbiter.fight function named 'neww'; did you mean 'new'?");
  // The methods of the runtime's values too.
  CHECK(error("return dice.pool({ '1d6' }):rol('x')") ==
        "test.lua:2: error: there is no dice.Pool method named 'rol'; did you mean 'roll'?");
  CHECK(error("return dice.distribution('2d6'):mena()") ==
        "test.lua:2: error: there is no dice.Distribution method named 'mena'; did you mean 'mean'?");
  // Nothing near: the names there are, nearest first.
  CHECK(error("return flow.nothing_like_it") ==
        "test.lua:2: error: there is no flow function named 'nothing_like_it'; the flow functions are, nearest "
        "first: 'intent', 'points', 'position', 'set_ready', 'phase', 'react', 'previous', 'spend'");
  // An error like any other: a test expects it with test.fails.
  CHECK(s.eval("return require('arbiter.test').fails(function() return status.aply end, 'apply')") ==
        "\"test.lua:2: there is no status function named 'aply'; did you mean 'apply'?\"");
}

TEST_CASE("a misspelt global is told with the nearest global the pack has, its own or the runtime's",
          "[packs][modules]") {
  // It was Lua's bare "attempt to index a nil value (global 'dcie')". Reading a global that is not
  // there still reads nil: only the error it leads to says more.
  Stack s;
  s.stack.load({"demo-base"});
  const auto error = [&](const std::string& code) { return first_line(s.eval_error(code)); };
  CHECK(error("return dcie.roll('1d6')") ==
        "test.lua:2: error: attempt to index a nil value (global 'dcie'); did you mean 'dice'?");
  CHECK(error("function roll_twice() end\nrol_twice()") ==
        "test.lua:3: error: attempt to call a nil value (global 'rol_twice'); did you mean 'roll_twice'?");
  CHECK(error("return zzzzqqq.x") == "test.lua:2: error: attempt to index a nil value (global 'zzzzqqq')");
  CHECK(s.eval("return undefined_global == nil") == "true");
}

TEST_CASE("a definition made as a tail call, whose line Lua does not keep, is refused, blamed on the pack",
          "[packs][bad-input]") {
  // `return arbiter.patch.table(...)` keeps no frame of its line. Its error was placed at the
  // stdlib's line and blamed on pack 'stdlib'; a change it made was kept with no line, which
  // explain showed as "patched by … at" and a ruleset's check of its value blamed on the ruleset.
  Stack s;
  s.stack.load({"demo-base"});
  const std::string patched = s.eval_error("return arbiter.patch.table('wounds', { max = 4 })");
  CHECK_THAT(patched, StartsWith("error: the table 'wounds' is not changed without the line that changes it, which "
                                 "`arbiter explain` shows and the rules' checks point at (the line that called is not "
                                 "known: it called as a tail call, `return arbiter...(...)`"));
  CHECK_THAT(patched, Contains("in pack '(test)'") && !Contains("stdlib"));
  CHECK(s.eval("return arbiter.tables.wounds.max") == "3");
  CHECK_THAT(s.eval_error("return arbiter.override.hook('atack_bonus', function() return 0 end)"),
             StartsWith("error: the hook 'atack_bonus' is not changed without the line that changes it"));
  // Made in a function of the author's, the line that called it is kept, and told.
  CHECK_THAT(s.eval_error("local function change() return arbiter.override.hook('atack_bonus', function() end) end\n"
                          "change()"),
             StartsWith("test.lua:3: error: no hook 'atack_bonus' is defined"));
  s.eval("local function change() return arbiter.patch.table('wounds', { max = 5 }) end\nchange()");
  CHECK(s.eval("return arbiter.history('table', 'wounds')[2].location") == "\"test.lua:3\"");
}

TEST_CASE("a module's names read as before, and data, lists and definitions still read nil where nothing is",
          "[packs][modules]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK(s.eval("return type(dice.roll) .. type(arbiter.define.action) .. type(require('arbiter.test').equal)") ==
        "\"functionfunctionfunction\"");
  // A list is read past its end by ipairs; a definition's field may be optional.
  CHECK(s.eval("return arbiter.kinds[7]") == "nil");
  CHECK(s.eval("local n = 0 for _ in ipairs(arbiter.kinds) do n = n + 1 end return n") == "6");
  CHECK(s.eval("return require('arbiter.registry').kinds.nothing") == "nil");
  CHECK(s.eval("return arbiter.tables.wounds.nothing") == "nil");
  CHECK(s.eval("return arbiter.tables.weapons.sword.nothing") == "nil");
  // Only names are asked for: a key of another type names nothing to misspell.
  CHECK(s.eval("return dice[1]") == "nil");
  // pairs walks a module's names, and whether a name is there is asked without failing with pcall.
  CHECK(s.eval("local names = {}\nfor name in pairs(arbiter.patch) do names[#names + 1] = name end\n"
               "return table.concat(names, ' ')") == "\"action condition hook status table target\"");
  CHECK(s.eval("return (pcall(function() return dice.maybe end))") == "false");
  // Writing is refused as before, a name there or not.
  CHECK_THROWS_WITH(s.eval("dice.rol = print"), Contains("test.lua:2: error: attempt to change a read-only table"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.acton = print"), Contains("read-only"));
  CHECK_THROWS_WITH(s.eval("require('arbiter.test').equl = print"), Contains("read-only"));
  CHECK_THROWS_WITH(s.eval("rawset(arbiter.patch, 'tabel', print)"), Contains("rawset cannot change a read-only table"));
  CHECK(s.eval("return getmetatable(arbiter.define)") == "\"read-only\"");
}

TEST_CASE("a built-in function given as a definition's function is refused at the author's line", "[packs][registry]") {
  // It would run as no pack's code: its errors could name no file or line.
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.override.hook('attack_bonus', coroutine.yield)"),
                    StartsWith("test.lua:2: error: hook 'attack_bonus' must be a function written in Lua, not a "
                               "built-in function"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('rolls', { by_weapon = { string.rep } })"),
                    StartsWith("test.lua:2: error: table 'rolls': 'by_weapon[1]' must be a function written in Lua, "
                               "not a built-in function"));
  CHECK_THROWS_WITH(s.eval("arbiter.patch.action('Attack', { resolve = error })"),
                    StartsWith("test.lua:2: error: action 'Attack': 'resolve' must be a function written in Lua"));
  CHECK_THROWS_WITH(s.eval("arbiter.patch.table('wounds', { max = 9, penalty = error })"),
                    Contains("'penalty' must be a function written in Lua"));
  CHECK(s.eval("return arbiter.tables.wounds.max") == "3");  // no part of the patch was made
  // A function written in Lua, and a definition's own function (some pack's already), are welcome.
  CHECK(s.eval("arbiter.define.table('rolls', { f = function() end, bonus = arbiter.hooks.attack_bonus })\n"
               "return 'defined'") == "\"defined\"");
}

TEST_CASE("a definition name holding a line break or a control character is refused where it is defined",
          "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.define.action('A\\nB', { resolve = function() end })"),
                    StartsWith("test.lua:2: error: the action name \"A\\x0aB\" holds a line break or another control "
                               "character: a name is one line of text"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('t\\27[2J', { a = 1 })"),
                    StartsWith("test.lua:2: error: the table name \"t\\x1b[2J\" holds a line break"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('t\\u{85}', { a = 1 })"), Contains("holds a line break"));
  // U+2028 and U+2029, the line and paragraph separators, were accepted: line breaks to an editor.
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('t\\u{2028}u', { a = 1 })"), Contains("holds a line break"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('t\\u{2029}u', { a = 1 })"), Contains("holds a line break"));
  // Names are written to sheets, logs and saves: text, whole.
  CHECK_THROWS_WITH(s.eval("arbiter.define.action('Zap\\xff', { resolve = function() end })"),
                    StartsWith("test.lua:2: error: the action name \"Zap\\xff\" is not UTF-8 text: byte 4 is 0xFF"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('a\\0b', { a = 1 })"),
                    StartsWith("test.lua:2: error: the table name \"a\\x00b\" holds a NUL byte"));
  CHECK(s.eval("return arbiter.exists('table', 'a')") == "false");
  // At the pack's line too, not at the stdlib's that passes it on.
  CHECK_THROWS_WITH(s.eval("arbiter.define.table('', { a = 1 })"),
                    StartsWith("test.lua:2: error: a name is 1 to 200 characters, not \"\""));
}

TEST_CASE("an action, condition, target or status with a field it does not have, or of the wrong type, is an error "
          "at the author's line",
          "[packs][registry]") {
  // docs/fights.md lists their fields. Misspelt, a field was ignored: `taget = "enemy"` let an
  // attack be ordered at an ally, `cots = 2` cost nothing.
  Stack s;
  s.stack.load({"demo-base"});
  const auto error = [&](const std::string& code) { return first_line(s.eval_error(code)); };
  CHECK(error("arbiter.define.action('Jab', { needs_target = true, taget = 'enemy', cots = 2 })") ==
        "test.lua:2: error: action 'Jab': 2 mistakes: it has no field 'cots' (did you mean 'cost'?); it has no field "
        "'taget' (did you mean 'target'?)");
  CHECK(error("arbiter.define.action('Jab', { needs_target = 'yes' })") ==
        "test.lua:2: error: action 'Jab': 'needs_target' must be true or false, not \"yes\"");
  CHECK(error("arbiter.define.action('Jab', { allowed_by = 'On Guard' })") ==
        "test.lua:2: error: action 'Jab': 'allowed_by' must be a list of status names or a function(me, intent), "
        "not \"On Guard\"");
  CHECK(error("arbiter.define.action('Volley', { allowed_by = function(me) return false, 'no bow' end })") == "no error");
  CHECK(error("arbiter.define.action('Hide', { arguments = 'roll' })") ==
        "test.lua:2: error: action 'Hide': 'arguments' must be true (any argument), false (none) or a list of the "
        "words an argument may begin with, not \"roll\"");
  CHECK(error("arbiter.define.action('Hide', { arguments = { 'roll', 'keep' } })") == "no error");
  CHECK(error("arbiter.define.action('Jab', { cost = '2' })") ==
        "test.lua:2: error: action 'Jab': 'cost' must be a whole number of action points from 0 to 1000000, or a "
        "function(me, intent) returning one, not \"2\"");
  CHECK(error("arbiter.define.action('Jab', { cost = 2.5 })") ==
        "test.lua:2: error: action 'Jab': 'cost' must be a whole number of action points from 0 to 1000000, or a "
        "function(me, intent) returning one, not 2.5");
  CHECK(error("arbiter.define.action('Hop', { cost = 2.0, move = 10 * 1.5, target = 'none' })") == "no error");
  // What the character pays by what it holds (tempo's "By Weapon"), for an intent that gives no cost.
  CHECK(error("arbiter.define.action('Thrust', { cost = function(me) return 4 end })") == "no error");
  CHECK(error("arbiter.define.action('Jab', { needs_target = true, target = 'none' })") ==
        "test.lua:2: error: action 'Jab': it cannot both need a target and take none (target = \"none\")");
  // A misspelt word is told with the nearest; a word near none, with the words alone.
  CHECK(error("arbiter.define.action('Jab', { target = 'enemey' })") ==
        "test.lua:2: error: action 'Jab': 'target' must be \"enemy\", \"ally\", \"other\", \"none\", a function(me, target) or "
        "absent (any target), not \"enemey\" (did you mean 'enemy'?)");
  CHECK(error("arbiter.define.action('Jab', { target = 'the weakest' })") ==
        "test.lua:2: error: action 'Jab': 'target' must be \"enemy\", \"ally\", \"other\", \"none\", a function(me, target) or "
        "absent (any target), not \"the weakest\"");
  CHECK(error("arbiter.define.action('Jab', { answer = { 'Attack' } })") ==
        "test.lua:2: error: action 'Jab' has no field 'answer' (did you mean 'answers'?)");
  CHECK(error("arbiter.define.action('Jab', { answers = 'Attack' })") ==
        "test.lua:2: error: action 'Jab': 'answers' must be a list of action names or a function() returning one, not "
        "\"Attack\"");
  CHECK(error("arbiter.define.action('Jab', { replaces = { 3 } })") ==
        "test.lua:2: error: action 'Jab': 'replaces' must be a list of action names or a function() returning one, not "
        "{ 3 }");
  CHECK(error("arbiter.define.action('Jab', { turn_only = 'yes' })") ==
        "test.lua:2: error: action 'Jab': 'turn_only' must be true or false, not \"yes\"");
  CHECK(error("arbiter.define.action('Jab', { move = { mx = 5 } })") ==
        "test.lua:2: error: action 'Jab': 'move' has no field 'mx' (did you mean 'max'?)");
  CHECK(error("arbiter.define.condition('I am hurt', { tset = function() end })") ==
        "test.lua:2: error: condition 'I am hurt' has no field 'tset' (did you mean 'test'?)");
  CHECK(error("arbiter.define.target('the foe', { fnd = function() end })") ==
        "test.lua:2: error: target 'the foe' has no field 'fnd' (did you mean 'find'?)");
  CHECK(error("arbiter.define.target('the foe', { find = 'closest' })") ==
        "test.lua:2: error: target 'the foe': 'find' must be a function(me, ...), not \"closest\"");
  CHECK(error("arbiter.define.status('Dizzy', { duraton = 2 })") ==
        "test.lua:2: error: status 'Dizzy' has no field 'duraton' (did you mean 'duration'?)");
  // A status's mistakes are told as an action's are: naming the status and the value given, every
  // one at once (docs/world.md: "status 'Zed': 'duration' must be …"). It said "a status has no
  // field 'duraton'", naming no status, and told the bad unit only on the next run.
  CHECK(error("arbiter.define.status('Zapped', { duraton = 2, unit = 'phase' })") ==
        "test.lua:2: error: status 'Zapped': 2 mistakes: it has no field 'duraton' (did you mean 'duration'?); "
        "'unit' must be \"rounds\", \"phases\", \"turns\" or \"until removed\", not \"phase\" (did you mean "
        "'phases'?)");
  CHECK(error("arbiter.define.status('Dizzy', { stacking = 'stak', max_stacks = 0, expires = 'begin', clock = 1, "
              "forbids = 'Charge' })") ==
        "test.lua:2: error: status 'Dizzy': 5 mistakes: 'stacking' must be \"refresh\", \"stack\", \"ignore\", "
        "\"independent\" or \"longer\", not \"stak\" (did you mean 'stack'?); 'max_stacks' must be a whole number "
        "from 1 to 1000000, not 0; 'expires' must be \"start\" or \"end\", not \"begin\"; 'clock' must be "
        "\"owner\" or \"source\", not 1; 'forbids' must be a list of action names, not \"Charge\"");
  CHECK(s.eval("return arbiter.exists('action', 'Jab') or arbiter.exists('status', 'Dizzy')") == "false");
  // Overrides and patches too; a patch is checked as it would leave the definition, which it leaves as it was.
  CHECK(error("arbiter.override.action('Attack', { resolve = 3 })") ==
        "test.lua:2: error: action 'Attack': 'resolve' must be a function(ctx), not 3");
  CHECK(error("arbiter.patch.action('Attack', { redy = true })") ==
        "test.lua:2: error: action 'Attack' has no field 'redy' (did you mean 'ready'?)");
  CHECK(error("arbiter.patch.action('Attack', { needs_target = 1 })") ==
        "test.lua:2: error: action 'Attack': 'needs_target' must be true or false, not 1");
  CHECK(s.eval("local a = arbiter.actions.Attack\n"
               "return { redy = a.redy, needs_target = a.needs_target, changes = #arbiter.history('action', 'Attack') }") ==
        "{ changes = 1, needs_target = true }");
  CHECK(error("arbiter.patch.action('Attack', { ready = true, move = { max = 10 }, cost = 3, allowed_by = { 'Hasted' } })") ==
        "no error");
}

TEST_CASE("a wrong argument to the stdlib's functions is told at the author's line, naming the argument",
          "[packs][registry]") {
  // Each was told at stdlib/arbiter/*.lua's line, as Lua's "bad argument #2 to 'define'" or an
  // arithmetic error, and blamed on pack 'stdlib'.
  Stack s;
  s.stack.load({"demo-base"});
  const auto error = [&](const std::string& code) {
    const std::string whole = s.eval_error(code);
    CHECK_THAT(whole, !Contains("stdlib"));
    return first_line(whole);
  };
  CHECK(error("arbiter.define.status(true, {})") ==
        "test.lua:2: error: arbiter.define.status: the name (argument 1) must be a string, not true");
  CHECK(error("arbiter.patch.table(nil, {})") ==
        "test.lua:2: error: arbiter.patch.table: the name (argument 1) must be a string, not nil");
  CHECK(error("arbiter.patch.table('wounds', 4)") ==
        "test.lua:2: error: arbiter.patch.table: the fields to change (argument 2) must be a table, not 4");
  CHECK(error("arbiter.override.action('Attack', 'Strike')") ==
        "test.lua:2: error: action 'Attack' must be a table, not a string");
  CHECK(error("require('arbiter.test').near(1, 2, 'the mean')") ==
        "test.lua:2: error: test.near: the tolerance (argument 3) must be a number, not \"the mean\"; what is "
        "checked comes fourth: test.near(actual, expected, nil, \"the mean\")");
  // A tolerance no difference can be within would pass or fail every check alike.
  CHECK_THAT(error("require('arbiter.test').near(1, 2, 0/0)"),  // NaN prints as "nan" or "-nan"
             StartsWith("test.lua:2: error: test.near: the tolerance (argument 3) must be zero or more, not "));
  CHECK(error("require('arbiter.test').near(1, 2, -1)") ==
        "test.lua:2: error: test.near: the tolerance (argument 3) must be zero or more, not -1");
  CHECK(error("require('arbiter.outcomes').lookup(nil, 3)") ==
        "test.lua:2: error: outcomes.lookup: the rows (argument 1) must be a table, not nil");
  CHECK(error("local o = require('arbiter.outcomes')\n"
              "o.opposed({ rows = {}, result = 3 }, { rows = {} })") ==
        "test.lua:3: error: outcomes.opposed: theirs (argument 2).result must be a number, not nil");
  // arbiter.words and the rest of arbiter.outcomes: each was an error inside stdlib/arbiter/*.lua
  // ("attempt to concatenate a nil value (local 'last')"), or a wrong answer.
  CHECK(error("local s = require('arbiter.words').joined({ 'a', 'b' })") ==
        "test.lua:2: error: words.joined: the conjunction (argument 2) must be a string, not nil");
  CHECK(error("local s = require('arbiter.words').joined('a, b', 'or')") ==
        "test.lua:2: error: words.joined: the list (argument 1) must be a table, not \"a, b\"");
  CHECK(error("local s = require('arbiter.words').joined({ {} }, 'or')") ==
        "test.lua:2: error: words.joined: item 1 of the list (argument 1) must be a string, not a table");
  CHECK(error("local s = require('arbiter.words').quoted({ 'a' }, 3)") ==
        "test.lua:2: error: words.quoted: the conjunction (argument 2) must be a string, not 3");
  CHECK(error("local s = require('arbiter.words').hint('a', 'ab')") ==
        "test.lua:2: error: words.hint: the candidates (argument 2) must be a table, not \"ab\"");
  CHECK(error("local s = require('arbiter.words').must(nil, 1)") ==
        "test.lua:2: error: words.must: what it must be (argument 1) must be a string, not nil");
  CHECK(error("local s = require('arbiter.words').must_be_one_of('melee', 'x')") ==
        "test.lua:2: error: words.must_be_one_of: the values allowed (argument 1) must be a table, not \"melee\"");
  CHECK(error("local s = require('arbiter.words').must_be_one_of(nil, 'x')") ==
        "test.lua:2: error: words.must_be_one_of: the values allowed (argument 1) must be a table, not nil");
  CHECK(error("local s = require('arbiter.words').must_be_one_of({}, 'x')") ==
        "test.lua:2: error: words.must_be_one_of: the values allowed (argument 1) must be a list of one value or "
        "more, not an empty list");
  CHECK(error("local k = require('arbiter.outcomes').stat_key(5)") ==
        "test.lua:2: error: outcomes.stat_key: the threshold's name (argument 1) must be a string, not 5");
  CHECK(error("local r = require('arbiter.outcomes').lookup({ 4, 'Hit' }, 5)") ==
        "test.lua:2: error: outcomes.lookup: row 1 of the rows (argument 1) must be a table { threshold, outcome, "
        "... }, not 4");
  CHECK(error("local r = require('arbiter.outcomes').lookup({ { '-' } }, 5)") ==
        "test.lua:2: error: outcomes.lookup: row 1 of the rows (argument 1) has no outcome: a row is { threshold, "
        "outcome, ... }");
  CHECK(error("local r = require('arbiter.outcomes').lookup({ { '-', 'Miss' }, { function() return 'x' end, "
              "'Hit' } }, 5, {})") ==
        "test.lua:2: error: outcomes.lookup: the threshold of row 2 of the rows (argument 1) is a function, which "
        "must give a number, not \"x\"");
  CHECK(error("local r = require('arbiter.outcomes').lookup({ { true, 'Hit' } }, 5)") ==
        "test.lua:2: error: outcomes.lookup: the threshold of row 1 of the rows (argument 1) must be a number, '-', "
        "a stat's name or a function, not true");
  CHECK(error("local r = require('arbiter.outcomes').lookup({ { 'Guard', 'Hit' } }, 5)") ==
        "test.lua:2: error: outcomes.lookup: the threshold of row 1 of the rows (argument 1) 'Guard' is a stat of "
        "the target, and there is no target");
  CHECK(error("local r = require('arbiter.outcomes').lookup({ { 'Guard', 'Hit' } }, 5, { stats = {} })") ==
        "test.lua:2: error: outcomes.lookup: the threshold of row 1 of the rows (argument 1) 'Guard' needs the "
        "target's stat 'guard', a number; it is nil");
  CHECK(error("local r = require('arbiter.outcomes').lookup({ { 'Guard', 'Hit' } }, 5, {}, 'x')") ==
        "test.lua:2: error: outcomes.lookup: the stat function (argument 4) must be a function, not \"x\"");
  CHECK(error("local t = require('arbiter.outcomes').threshold(function() end)") ==
        "test.lua:2: error: outcomes.threshold: the threshold (argument 1) is a function, which must give a number, "
        "not nil");
  CHECK(error("local o = require('arbiter.outcomes')\n"
              "local a, b = o.opposed({ rows = { { '-', 'Miss' } }, result = 3 }, { rows = { 5 }, result = 1 })") ==
        "test.lua:3: error: outcomes.opposed: row 1 of theirs.rows must be a table { threshold, outcome, ... }, not 5");
  // Right arguments: the answers as before.
  CHECK(s.eval("local w = require('arbiter.words')\n"
               "return w.joined({ 'a', 'b', 'c' }, 'or') .. '|' .. w.joined({ 'a' }, 'and') .. '|' .. "
               "w.joined({ 7 }, 'or') .. '|' .. w.joined({}, 'or') .. '|' .. w.quoted({ 'a', 'b' }) .. '|' .. "
               "w.must('a number', 'x') .. '|' .. w.hint('Evde', { 'Evade' }, 'no')") ==
        R"x("a, b or c|a|7||'a' or 'b'|must be a number, not \"x\"| (did you mean 'Evade'?)")x");
}

TEST_CASE("an action's name is one an order sheet can write, or an error at the defining line", "[packs][registry]") {
  // A sheet could never order `Bash!` (docs/orders.md), and reads `Full  Attack` as "Full Attack".
  Stack s;
  s.stack.load({"demo-base"});
  const std::string why = "an order sheet cannot write this name. An action's name is words of letters, one space "
                          "between them";
  for (const char* name : {"Bash!", "2nd Strike", "Fall Back (x)", "Full  Attack", " Dodge", "Dodge ", "Go North"})
    CHECK_THROWS_WITH(s.eval(std::string("arbiter.define.action('") + name + "', { resolve = function() end })"),
                      StartsWith("test.lua:2: error: action '" + std::string(name) + "': " + why));
  for (const char* name : {"Counter-Attack", "Hunter's Mark", "Full Attack", "Use Item"})
    CHECK_NOTHROW(s.eval(std::string("arbiter.define.action(\"") + name + "\", { resolve = function() end })"));
}

TEST_CASE("a status's modifiers have roll, amount and reason, the amount a whole number", "[packs][registry]") {
  // `amont = 2` was a modifier of 0, and `amount = 1.5` one of 1, silently.
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.define.status('Aimed', { modifiers = { { roll = 'attack', amont = 2 } } })"),
                    StartsWith("test.lua:2: error: status 'Aimed': 2 mistakes: modifier 1 has no field 'amont' (did you "
                               "mean 'amount'?); modifier 1 needs its amount, per stack (amount = -2)"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.status('Aimed', { modifiers = { { roll = 'attack', amount = 1.5 } } })"),
                    StartsWith("test.lua:2: error: status 'Aimed': modifier 1's 'amount' must be a whole number from "
                               "-1000000 to 1000000, not 1.5"));
  CHECK_THROWS_WITH(s.eval("arbiter.define.status('Aimed', { modifiers = { { roll = 'attack' } } })"),
                    StartsWith("test.lua:2: error: status 'Aimed': modifier 1 needs its amount, per stack (amount = -2)"));
  CHECK_NOTHROW(s.eval("arbiter.define.status('Aimed', { modifiers = { { roll = 'attack', amount = 2.0, reason = 'Aim' } } })"));
}

TEST_CASE("a status's name field naming another status is refused at the author's line", "[packs][registry]") {
  // A definition's name is its registry key. `define.status("Stunned", { name = "Dazed" })`
  // replaced Platemail's Dazed in the fight with no error, --strict too, and left "Stunned"
  // naming nothing.
  Stack s;
  s.stack.load({"demo-base"});
  const auto error = [&](const std::string& code) { return first_line(s.eval_error(code)); };
  CHECK(error("arbiter.define.status('Dizzy', { unit = 'rounds', duration = 2 })") == "no error");
  CHECK(error("arbiter.define.status('Stunned', { name = 'Dizzy', unit = 'rounds', duration = 3 })") ==
        "test.lua:2: error: status 'Stunned': 'name' is \"Dizzy\", but a status is named by its definition: leave "
        "'name' out (or write \"Stunned\"); to change status 'Dizzy', use arbiter.override.status or "
        "arbiter.patch.status");
  CHECK(s.eval("return arbiter.exists('status', 'Stunned')") == "false");
  CHECK(error("arbiter.define.status('Marked', { name = 'Marked' })") == "no error");
  CHECK_THAT(error("arbiter.override.status('Marked', { name = 'Dizzy' })"),
             StartsWith("test.lua:2: error: status 'Marked': 'name' is \"Dizzy\""));
  CHECK_THAT(error("arbiter.patch.status('Marked', { name = 'Dizzy' })"),
             StartsWith("test.lua:2: error: status 'Marked': 'name' is \"Dizzy\""));
  CHECK(s.eval("return arbiter.statuses.Marked.name") == "\"Marked\"");
}

TEST_CASE("a function of an override replacing a function gets the replaced one as its last argument",
          "[packs][registry]") {
  // docs/packs.md, "Replace a whole definition": as a patch's function and a hook's override do.
  // An override's resolve once got no `previous`, a patch's did.
  Stack s;
  s.stack.load({"demo-base"});
  s.eval("arbiter.define.action('Jab', { resolve = function(ctx) return 'jab ' .. ctx end })\n"
         "arbiter.define.table('dice', { roll = function(n) return n end, nested = { twice = function(n) return 2 * n end } })");
  s.eval("arbiter.override.action('Jab', { target = 'enemy', resolve = function(ctx, previous)\n"
         "  return 'feint, then ' .. previous(ctx) end })");
  CHECK(s.eval("return arbiter.actions.Jab.resolve('Orc')") == "\"feint, then jab Orc\"");
  s.eval("arbiter.override.table('dice', { roll = function(n, previous) return previous(n) + 1 end,\n"
         "  nested = { twice = function(n, previous) return previous(n) + 10 end },\n"
         "  fresh = function(n, previous) return previous end })");
  CHECK(s.eval("local d = arbiter.tables.dice\n"
               "return { d.roll(3), d.nested.twice(3), d.fresh(3) == nil }") == "{ 4, 16, true }");
  // Overridden again, each builds on the one before.
  s.eval("arbiter.override.action('Jab', { resolve = function(ctx, previous) return previous(ctx) .. '!' end })");
  CHECK(s.eval("return arbiter.actions.Jab.resolve('Orc')") == "\"feint, then jab Orc!\"");
}

TEST_CASE("an action's move given as a function is read once every pack has loaded", "[packs][registry]") {
  // Platemail's actions read their distance from actions_data; copied as the pack loaded, a house
  // rule's later patch of the table did not change how far Move goes.
  Stack s;
  s.stack.load({"demo-base"});
  s.eval("arbiter.define.table('moves', { Hop = 5 })\n"
         "arbiter.define.action('Hop', { move = function() return arbiter.tables.moves.Hop end,\n"
         "  away_from_hostiles = function() return arbiter.tables.moves.Hop > 20 end })\n"
         "arbiter.define.action('Sit', { move = function() return 0 end })");
  {
    const orders::Vocabulary before = read_vocabulary(s.sandbox.state(), s.stack.registry());
    CHECK(before.action("Hop")->move_feet == 5);
    CHECK_FALSE(before.action("Sit")->move_feet);  // 0: it stays in place
  }
  s.eval("arbiter.patch.table('moves', { Hop = 25 })");
  CHECK(read_vocabulary(s.sandbox.state(), s.stack.registry()).action("Hop")->move_feet == 25);
  // The definition is checked as it is given; the function's answer, at the function's line.
  const auto refused = [&](const std::string& code) {
    try {
      s.eval(code);
      read_vocabulary(s.sandbox.state(), s.stack.registry());
    } catch (const Error& e) {
      return std::string(e.what()).substr(0, std::string(e.what()).find('\n'));
    }
    return std::string("no error");
  };
  CHECK(refused("arbiter.define.action('Leap', { move = 'far' })") ==
        "test.lua:2: error: action 'Leap': 'move' must be a whole number from 0 to 1000000, { max = that number }, "
        "{ squares = that number }, or a function() returning the number or { squares = it }, not \"far\"");
  CHECK(refused("arbiter.define.action('Leap', {\n  move = function() return 'far' end })") ==
        "test.lua:3: error: action 'Leap': its 'move' function must return a whole number of feet from 0 to 1000000, "
        "or { squares = that number }, not \"far\"");
}

TEST_CASE("an action's move may be squares of the map's scale, given or returned by its function", "[packs][registry]") {
  // Tempo's Base Combat Movement counts squares, read from its rules: 15' on 5' squares, 30' on 10'.
  Stack s;
  s.stack.load({"demo-base"});
  s.eval("arbiter.define.table('moves', { Dash = 5 })\n"
         "arbiter.define.action('Stride', { move = { squares = 3 } })\n"
         "arbiter.define.action('Dash', { move = function() return { squares = arbiter.tables.moves.Dash } end })");
  const orders::Vocabulary squares = read_vocabulary(s.sandbox.state(), s.stack.registry());
  CHECK(squares.action("Stride")->move_squares == 3);
  CHECK_FALSE(squares.action("Stride")->move_feet);
  CHECK(squares.action("Stride")->move_feet_at(10) == 30);
  CHECK(squares.action("Dash")->move_squares == 5);
  // Squares and nothing else: a function's answer is told at its line.
  s.eval("arbiter.define.action('Leap', {\n  move = function() return { squares = 2, max = 10 } end })");
  try {
    read_vocabulary(s.sandbox.state(), s.stack.registry());
    FAIL("no error");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Matchers::StartsWith("test.lua:3: error: action 'Leap': its 'move' function must "
                                                     "return a whole number of feet from 0 to 1000000, or { squares = "
                                                     "that number }, not { "));
  }
}

TEST_CASE("two packs at the same level changing the same field conflict", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-house", "rival-house"});
  const auto& conflicts = s.stack.registry().conflicts();
  REQUIRE(conflicts.size() == 1);  // penalty_per_wound is rival-house's alone
  CHECK_THAT(conflicts[0].location, Contains("tests/packs/rival-house/init.lua:4"));
  CHECK_THAT(conflicts[0].message, Contains("packs 'demo-house' (examples/packs/demo-house/init.lua:4) and "
                                            "'rival-house' both change table 'wounds' and neither requires the "
                                            "other"));
  CHECK(s.eval("return arbiter.tables.wounds.max") == "5");  // the later one wins, and that is reported
}

TEST_CASE("two packs setting a field to the same value agree whatever their order", "[packs][registry]") {
  // demo-house and agreeing-house both make Max Wounds 4: the result does not depend on which
  // loads first, so neither is told it does, and the second patch changes nothing to show.
  for (const auto& order : {std::vector<std::string>{"demo-house", "agreeing-house"},
                            std::vector<std::string>{"agreeing-house", "demo-house"}}) {
    Stack s;
    s.stack.load(order);
    CHECK(s.stack.registry().conflicts().empty());
    CHECK(s.eval("return arbiter.tables.wounds.max") == "4");
    CHECK(s.eval("local fields = 0\n"
                 "for _, change in ipairs(arbiter.history('table', 'wounds')) do fields = fields + #change.fields end\n"
                 "return fields") == "1");
  }
}

TEST_CASE("changing a pack without requiring it is a conflict", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base", "sneaky"});
  const auto& conflicts = s.stack.registry().conflicts();
  REQUIRE(conflicts.size() == 1);
  CHECK_THAT(conflicts[0].message, Contains("pack 'sneaky' changes table 'weapons', defined by pack 'demo-base', "
                                            "without requiring 'demo-base'"));
  CHECK(s.eval("return arbiter.tables.weapons.sword.damage") == "2");
  CHECK(s.eval("return arbiter.tables.weapons.sword.reach") == "5");  // a nested patch keeps the other fields
}

TEST_CASE("a pack.lua with a syntax error", "[packs][bad-input]") {
  Stack s;
  CHECK(s.error({"bad-syntax"}) == "tests/packs/bad-syntax/pack.lua:4:3: error: '}' expected (to close '{' at line 1) "
                                   "near 'api'\n    api = 1,\n    ^\n  in pack 'manifest of tests/packs/bad-syntax'");
}

TEST_CASE("a manifest without a name", "[packs][bad-input]") {
  Stack s;
  // A missing field is shown at the manifest's `return`.
  CHECK(s.error({"no-name"}) ==
        "tests/packs/no-name/pack.lua:2:1: error: the manifest has no 'name'\n"
        "  return {\n"
        "  ^");
}

TEST_CASE("a manifest with a misspelt field", "[packs][bad-input]") {
  Stack s;
  CHECK(s.error({"typo-field"}) ==
        "tests/packs/typo-field/pack.lua:5:3: error: the manifest has an unknown field 'require'\n"
        "    require = { \"demo-base\" },\n"
        "    ^\n"
        "  did you mean 'requires'?");
}

TEST_CASE("a manifest that defines, overrides, patches or adds a check is refused at its line", "[packs][bad-input]") {
  // docs/packs.md, "The manifest": it describes its pack. Read before any pack loads, a manifest's
  // definition of table 'rules' came first, and tempo's own, loading later, was blamed for it.
  for (const std::string& change : {std::string("arbiter.define.table('rules', { hijacked = true })"),
                                    std::string("arbiter.patch.table('rules', { health = 1 })"),
                                    std::string("arbiter.add_check(function() end)")}) {
    INFO(change);
    const auto problems = manifest_problems(
        "mdef", "local arbiter = require 'arbiter'\n" + change + "\nreturn { name = 'mdef', version = '1.0.0' }\n");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].where.file.ends_with("mdef/pack.lua"));
    CHECK(problems[0].where.line == 2);
    CHECK_THAT(problems[0].message, Contains("in a manifest: pack.lua describes the pack"));
    CHECK_THAT(problems[0].message, Contains("in its main file (init.lua)"));
  }
}

TEST_CASE("a manifest's budget with misspelt fields is refused: every one, with the nearest or the known fields",
          "[packs][bad-input]") {
  // Ignored, they would leave the pack with no limit but the host's.
  Stack s;
  CHECK(s.error({"typo-budget"}) ==
        "tests/packs/typo-budget/pack.lua:5:14: error: the manifest's budget has an unknown field 'instuctions'\n"
        "    budget = { instuctions = 1000, memory = 1, time = 1 },\n"
        "               ^\n"
        "  did you mean 'instructions'?\n"
        "tests/packs/typo-budget/pack.lua:5:34: error: the manifest's budget has an unknown field 'memory'\n"
        "    budget = { instuctions = 1000, memory = 1, time = 1 },\n"
        "                                   ^\n"
        "  the fields are instructions, memory_mib, time_ms\n"
        "tests/packs/typo-budget/pack.lua:5:46: error: the manifest's budget has an unknown field 'time'\n"
        "    budget = { instuctions = 1000, memory = 1, time = 1 },\n"
        "                                               ^\n"
        "  the fields are instructions, memory_mib, time_ms");
}

TEST_CASE("a manifest's budget of the wrong type is refused, and one past the ceiling is the ceiling",
          "[packs][bad-input]") {
  TempDir dir;
  const auto budget_error = [&](const std::string& budget) -> std::string {
    std::filesystem::create_directories(dir.path / "spender");
    std::ofstream(dir / "spender/pack.lua") << "return { name = 'spender', version = '1.0.0', budget = " << budget
                                             << " }\n";
    lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
    PackStack stack{sandbox, SearchPath({dir.path})};
    try {
      stack.load({"spender"});
    } catch (const Error& e) {
      return e.diagnostics().front().message;
    }
    const lua::Budget& loaded = stack.load_order().front().budget;
    return fmt::format("{} {} {}", loaded.instructions, loaded.memory_bytes >> 20, loaded.time.count());
  };
  CHECK(budget_error("'small'") == "the manifest's 'budget' must be a table, not a string");
  CHECK(budget_error("{ instructions = 'lots' }") == "the manifest's budget.instructions must be a number, not a string");
  CHECK(budget_error("{ memory_mib = true }") == "the manifest's budget.memory_mib must be a number, not a boolean");
  CHECK(budget_error("{ time_ms = -1 }") == "the manifest's budget.time_ms must be positive");
  // A count of 0.5 was kept as 0: accepted, and then nothing of the pack could run.
  CHECK(budget_error("{ instructions = 0.5 }") ==
        "the manifest's budget.instructions must be a whole number, 1 or more, not 0.5");
  CHECK(budget_error("{ time_ms = 2.5 }") == "the manifest's budget.time_ms must be a whole number, 1 or more, not 2.5");
  CHECK(budget_error("{ memory_mib = 0.5 }") == "5000000 0 20000");  // half a MiB: bytes enough
  CHECK(budget_error("{ 1000 }") == "the manifest's budget's keys must be field names");
  CHECK(budget_error("{ instructions = 1e300, memory_mib = 1e300, time_ms = 1/0 }") == "5000000 64 20000");
  CHECK(budget_error("{ instructions = 1e6, memory_mib = 8, time_ms = 500 }") == "1000000 8 500");
}

TEST_CASE("a manifest whose main file is not in the folder is refused, with the nearest file", "[packs][bad-input]") {
  Stack s;
  CHECK(s.error({"typo-main"}) ==
        "tests/packs/typo-main/pack.lua:1:58: error: the manifest's main file 'mian.lua' is not in the pack's folder "
        "(did you mean 'main.lua'?)\n"
        "  return { name = \"typo-main\", version = \"1.0.0\", api = 1, main = \"mian.lua\",\n"
        "  " + std::string(57, ' ') + "^");
}

// A stranger's pack must not run a file outside its folder, nor show it in a syntax error, nor
// tell by its error whether one exists there.
TEST_CASE("a main file or init.lua outside the pack's folder is refused as a missing one is", "[packs][bad-input]") {
  TempDir dir;
  const auto outside = dir.path / "outside.lua";
  const auto pack = [&](const std::string& name, const std::string& main) {
    std::filesystem::create_directories(dir.path / name);
    std::ofstream(dir / (name + "/pack.lua")) << "return { name = \"" << name << "\", version = \"1\""
                                              << (main.empty() ? "" : ", main = \"" + main + "\"") << " }\n";
  };
  const auto error = [&](const std::string& name) {
    lua::Sandbox sandbox;
    PackStack stack{sandbox, SearchPath({dir.path})};
    try {
      stack.load({name});
    } catch (const Error& e) {
      return std::string(e.what());
    }
    FAIL("expected loading " << name << " to fail");
    return std::string();
  };
  pack("absolute", outside.string());
  pack("climbing", "../outside.lua");
  pack("linked", "link.lua");
  std::filesystem::create_symlink(outside, dir.path / "linked/link.lua");
  pack("linked-init", "");
  std::filesystem::create_symlink(outside, dir.path / "linked-init/init.lua");
  std::filesystem::create_directories(dir.path / "linked-manifest");
  std::filesystem::create_symlink(outside, dir.path / "linked-manifest/pack.lua");
  std::map<std::string, std::string> told;
  for (const std::string name : {"absolute", "climbing", "linked", "linked-init", "linked-manifest"}) {
    std::ofstream(outside) << "print('OUTSIDE RAN') SECRET WORDS\n";  // not Lua: a syntax error would show it
    told[name] = error(name);
    CHECK_THAT(told[name], !Contains("SECRET") && !Contains("OUTSIDE"));
    std::filesystem::remove(outside);
    CHECK(error(name) == told[name]);
  }
  const std::string folder = dir.path.generic_string();
  CHECK_THAT(told["absolute"], StartsWith(folder + "/absolute/pack.lua:1:44: error: the manifest's main file '" +
                                          outside.generic_string() + "' is not in the pack's folder"));
  CHECK_THAT(told["climbing"], StartsWith(folder + "/climbing/pack.lua:1:44: error: the manifest's main file "
                                                   "'../outside.lua' is not in the pack's folder"));
  CHECK_THAT(told["linked"], StartsWith(folder + "/linked/pack.lua:1:42: error: the manifest's main file 'link.lua' "
                                                 "is not in the pack's folder\n"));  // not "did you mean 'link.lua'"
  CHECK_THAT(told["linked-init"], StartsWith(folder + "/linked-init/init.lua: error: init.lua is not a file of the "
                                                      "pack's folder"));
  CHECK_THAT(told["linked-manifest"], StartsWith("error: no pack named 'linked-manifest' was found\n  " + folder +
                                                 "/linked-manifest is a folder without pack.lua"));
  // A main that names nothing, or is cut short by a NUL byte to another file's name, is refused too.
  std::filesystem::create_directories(dir.path / "empty-main");
  std::ofstream(dir / "empty-main/pack.lua") << "return { name = \"empty-main\", version = \"1\", main = \"\" }\n";
  CHECK_THAT(error("empty-main"), Contains("error: the manifest's main names no file"));
  std::filesystem::create_directories(dir.path / "nul-main");
  std::ofstream(dir / "nul-main/main.lua") << "return true\n";
  std::ofstream(dir / "nul-main/pack.lua")
      << "return { name = \"nul-main\", version = \"1\", main = \"main.lua\\0evil\" }\n";
  CHECK_THAT(error("nul-main"), Contains("error: the manifest's 'main' \"main.lua\\x00evil\" holds a NUL byte"));
}

TEST_CASE("a manifest with a bad version range", "[packs][bad-input]") {
  Stack s;
  CHECK(s.error({"bad-range"}) ==
        "tests/packs/bad-range/pack.lua:5:16: error: bad version requirement 'demo-base >= one': expected a version "
        "like 1.2.3 after '>=' at character 14\n"
        "    requires = { \"demo-base >= one\" },\n"
        "                 ^");
}

TEST_CASE("a manifest for a newer Arbiter, or in the wrong folder", "[packs][bad-input]") {
  Stack s;
  CHECK_THAT(s.error({"newer-api"}), Contains("pack 'newer-api' needs Arbiter pack API 3; this arbiter offers API 2"));
  CHECK_THAT(s.error({"misnamed"}), Contains("the pack is named 'other-name' but its folder is 'misnamed'"));
}

TEST_CASE("a manifest naming its pack with a very long name is refused, not a crash", "[packs][bad-input]") {
  // Checked by a regular expression that recursed once per character, 50,000 overflowed the stack.
  const std::string name(200'000, 'a');
  const auto told = manifest_problems("long", "return { name = \"" + name + "\", version = \"1\" }\n");
  REQUIRE(told.size() == 1);
  CHECK(told[0].where.line == 1);
  CHECK(told[0].where.column == 10);
  CHECK_THAT(told[0].message, Contains("but its folder is 'long': they must match"));
}

TEST_CASE("a manifest's problems are placed at their fields and told all at once", "[packs][bad-input]") {
  const auto version = manifest_problems("placed",
                                         "return {\n"
                                         "  name = \"placed\",\n"
                                         "  version = \"1.x\",\n"
                                         "}\n");
  REQUIRE(version.size() == 1);
  CHECK(version[0].where.line == 3);
  CHECK(version[0].where.column == 3);
  CHECK_THAT(version[0].message, StartsWith("bad version '1.x'"));
  CHECK(version[0].source_line == "  version = \"1.x\",");

  const auto several = manifest_problems("placed",
                                         "return {\n"
                                         "  name = \"placed\",\n"
                                         "  version = \"1.0.0\",\n"
                                         "  budget = { memory_mib = \"lots\" },\n"
                                         "  descripton = \"Our rules.\",\n"
                                         "}\n");
  REQUIRE(several.size() == 2);
  CHECK(several[0].message == "the manifest has an unknown field 'descripton'");
  CHECK(several[0].notes == std::vector<std::string>{"did you mean 'description'?"});
  CHECK(several[0].where.line == 5);
  CHECK(several[0].where.column == 3);
  CHECK(several[1].message == "the manifest's budget.memory_mib must be a number, not a string");
  CHECK(several[1].where.line == 4);
  CHECK(several[1].where.column == 14);
}

TEST_CASE("every bad requirement of a manifest is told at once, each at its item", "[packs][bad-input]") {
  const auto problems = manifest_problems("wants",
                                          "return { name = \"wants\", version = \"1\",\n"
                                          "  requires = { {}, 5,\n"
                                          "    \"empty >= 1.0, < 0.5\", \"x\\0y\" } }\n");
  REQUIRE(problems.size() == 4);
  CHECK(problems[0].message == "requires[1] must be a string, not a table");
  CHECK((problems[0].where.line == 2 && problems[0].where.column == 16));
  CHECK(problems[1].message == "requires[2] must be a string, not a number");
  CHECK((problems[1].where.line == 2 && problems[1].where.column == 20));
  CHECK(problems[2].message == "version requirement 'empty >= 1.0, < 0.5' accepts no version: its conditions cannot "
                               "all hold");
  CHECK((problems[2].where.line == 3 && problems[2].where.column == 5));
  CHECK(problems[3].message == "requires[4] \"x\\x00y\" holds a NUL byte (byte 2), where a text would be cut short");
  CHECK((problems[3].where.line == 3 && problems[3].where.column == 28));
}

TEST_CASE("a requirement written beside the items of requires is refused where it is written", "[packs][bad-input]") {
  // Each was once ignored: the pack loaded without the packs it needs, or at any version.
  const auto named = manifest_problems("beside",
                                       "return { name = \"beside\", version = \"1\",\n"
                                       "  requires = { \"lonely\",\n"
                                       "    platemail = \">= 1.1\", tempo = \"1.2\" } }\n");
  REQUIRE(named.size() == 2);
  CHECK(named[0].message == "the manifest's 'requires' is a list of strings: the field 'platemail' beside its items "
                            "would be ignored (write it as an item: \"platemail >= 1.1\")");
  CHECK((named[0].where.line == 3 && named[0].where.column == 5));
  CHECK(named[1].message == "the manifest's 'requires' is a list of strings: the field 'tempo' beside its items "
                            "would be ignored (write it as an item: \"tempo = 1.2\")");
  CHECK((named[1].where.line == 3 && named[1].where.column == 27));
  const auto gap = manifest_problems("gap",
                                     "return { name = \"gap\", version = \"1\",\n"
                                     "  requires = { [3] = \"platemail\" } }\n");
  REQUIRE(gap.size() == 1);
  CHECK(gap[0].message == "the manifest's 'requires' is a list of strings, numbered 1, 2, … with no gap: "
                          "requires[3] would be ignored (write it as the next item)");
  CHECK((gap[0].where.line == 2 && gap[0].where.column == 3));
}

TEST_CASE("a dependency cycle of three packs is told as a ring", "[packs][bad-input]") {
  TempDir dir;
  write_pack(dir.path, "ring-a", "'ring-b'");
  write_pack(dir.path, "ring-b", "'ring-c'");
  write_pack(dir.path, "ring-c", "'ring-a'");
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({dir.path})};
  try {
    stack.load({"ring-a"});
    FAIL("expected loading to fail");
  } catch (const Error& e) {
    const Diagnostic& told = e.diagnostics().front();
    CHECK(told.message == "dependency cycle: ring-a requires ring-b requires ring-c requires ring-a");
    CHECK(told.notes == std::vector<std::string>{"packs 'ring-a', 'ring-b', 'ring-c' require each other in a ring: "
                                                 "each would load before itself; one of them must not require the "
                                                 "next"});
  }
}

TEST_CASE("a folder named that is not there, or holds no manifest, is told so", "[packs][bad-input]") {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "empty");
  Stack s;
  CHECK_THAT(s.error({dir / "missing"}), StartsWith("error: there is no folder " + dir / "missing" +
                                                    ": a pack named by its folder is the folder that holds its "
                                                    "pack.lua"));
  CHECK_THAT(s.error({dir / "empty"}), StartsWith(dir / "empty/pack.lua: error: the folder holds no pack.lua"));
}

TEST_CASE("a name no file can have, or a loop of links, is a pack not found", "[packs][bad-input]") {
  // Each failed the search with a filesystem exception, told as an internal error.
  TempDir dir;
  std::filesystem::create_symlink("loop2", dir.path / "loop1");
  std::filesystem::create_symlink("loop1", dir.path / "loop2");
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({dir.path})};
  const auto error = [&](const std::string& name) {
    try {
      stack.load({name});
    } catch (const Error& e) {
      return std::string(e.what());
    }
    FAIL("expected loading to fail");
    return std::string();
  };
  const std::string too_long(300, 'a');
  CHECK_THAT(error(too_long), StartsWith("error: no pack named '" + too_long + "' was found"));
  CHECK_THAT(error("loop1"), StartsWith("error: no pack named 'loop1' was found"));
  const auto required = manifest_problems("requirer", "return { name = \"requirer\", version = \"1\",\n"
                                                      "  requires = { \"" + too_long + "\" } }\n");
  REQUIRE(required.size() == 1);
  CHECK(required[0].where.line == 2);
  CHECK(required[0].where.column == 16);
  CHECK(required[0].message == "pack 'requirer' requires '" + too_long + "', which was not found");
}

TEST_CASE("a pipe where a pack's manifest or main file should be is told as no plain file", "[packs][bad-input]") {
  // It was told as a link leading out of the folder, or as a folder without pack.lua.
  TempDir dir;
  std::filesystem::create_directories(dir.path / "piped-main");
  std::ofstream(dir / "piped-main/pack.lua") << "return { name = \"piped-main\", version = \"1\" }\n";
  REQUIRE(::mkfifo((dir / "piped-main/init.lua").c_str(), 0600) == 0);
  std::filesystem::create_directories(dir.path / "piped-manifest");
  REQUIRE(::mkfifo((dir / "piped-manifest/pack.lua").c_str(), 0600) == 0);
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({dir.path})};
  const auto error = [&](const std::string& name) {
    try {
      stack.load({name});
    } catch (const Error& e) {
      return std::string(e.what());
    }
    FAIL("expected loading to fail");
    return std::string();
  };
  CHECK_THAT(error("piped-main"), Contains("piped-main/init.lua: error: init.lua is a pipe, not a plain file; a "
                                           "pack's files are files"));
  CHECK_THAT(error("piped-manifest"), Contains("piped-manifest/pack.lua is a pipe, not a plain file, so the folder is "
                                               "no pack"));
}

TEST_CASE("a pipe or a folder named as a pack's main file or module is refused as what it is", "[packs][bad-input]") {
  // docs/packs.md: "One in the folder that is no plain file (a pipe … or a device) is refused as
  // such." A main file that was a pipe or a folder was told "is not in the pack's folder", a
  // default init.lua that is a folder "(a device, a pipe or a socket)", a module that is a pipe
  // "not found … (a link out of its folder is not followed)".
  TempDir dir;
  const auto pack = [&](const std::string& name, const std::string& manifest_fields) {
    std::filesystem::create_directories(dir.path / name / "tables");
    std::ofstream(dir / (name + "/pack.lua")) << "return { name = \"" << name << "\", version = \"1\"" << manifest_fields
                                              << " }\n";
  };
  pack("piped", ", main = \"fifo.lua\"");
  REQUIRE(::mkfifo((dir / "piped/fifo.lua").c_str(), 0600) == 0);
  pack("foldered", ", main = \"tables\"");
  pack("folder-init", "");
  std::filesystem::create_directories(dir.path / "folder-init/init.lua");
  pack("piped-module", "");
  std::ofstream(dir / "piped-module/init.lua") << "require \"tables.fifo\"\n";
  REQUIRE(::mkfifo((dir / "piped-module/tables/fifo.lua").c_str(), 0600) == 0);
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({dir.path})};
  const auto error = [&](const std::string& name) {
    try {
      stack.load({name});
    } catch (const Error& e) {
      return std::string(e.what());
    }
    FAIL("expected loading to fail");
    return std::string();
  };
  CHECK_THAT(error("piped"), Contains("piped/pack.lua:1:") && Contains(": error: the manifest's main file 'fifo.lua' is a pipe, not a "
                                      "plain file"));
  CHECK_THAT(error("foldered"), Contains("foldered/pack.lua:1:") && Contains(": error: the manifest's main file 'tables' is a "
                                         "folder, not a plain file"));
  CHECK_THAT(error("folder-init"), Contains("folder-init/init.lua: error: init.lua is a folder, not a plain file"));
  const std::string module = error("piped-module");
  CHECK_THAT(module, Contains("piped-module/init.lua:1: error: module 'tables.fifo' is "));
  CHECK_THAT(module, Contains("tables/fifo.lua, which is a pipe, not a plain file"));
}

TEST_CASE("a pack required twice is refused where it is repeated", "[packs][bad-input]") {
  const auto twice = manifest_problems("twice", "return { name = \"twice\", version = \"1\",\n"
                                                "  requires = { \"tempo\", \"tempo >= 1\" } }\n");
  REQUIRE(twice.size() == 1);
  CHECK(twice[0].where.line == 2);
  CHECK(twice[0].where.column == 25);
  CHECK(twice[0].message == "pack 'tempo' is required twice, by requires[1] and requires[2]: require it once");
  // 20,000 on one line were read with the whole line kept for each, gigabytes; the repeats are told
  // as the first hundred and a count.
  std::string many;
  for (int i = 0; i < 20'000; ++i) many += "\"tempo\", ";
  const auto repeated = manifest_problems("repeated", "return { name = \"repeated\", version = \"1\", requires = { " +
                                                          many + "} }\n");
  REQUIRE(repeated.size() == most_diagnostics + 1);
  CHECK(repeated[0].where.column == 66);
  CHECK(repeated.back().message == "… and 19899 more problems, not shown (the first 100 are)");
}

TEST_CASE("a pack that requires itself is told so once", "[packs][bad-input]") {
  const auto problems = manifest_problems("narcissus",
                                          "return {\n"
                                          "  name = \"narcissus\", version = \"1.0.0\",\n"
                                          "  requires = { \"narcissus >= 1\" },\n"
                                          "}\n");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "pack 'narcissus' requires itself");
  CHECK(problems[0].notes.empty());
  CHECK(problems[0].where.line == 3);
}

TEST_CASE("an unknown placeholder in a target phrase is refused where the target is defined", "[packs][bad-input]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.define.target('the {x} enemy', { find = function() end })"),
                    StartsWith("test.lua:2: error: target 'the {x} enemy': '{x}' is not a placeholder: use {n}, "
                               "{character}, {distance} or {word}, each a word of its own"));
}

TEST_CASE("a target's kinds without a {word} in its phrase is refused where the target is defined",
          "[packs][bad-input]") {
  // docs/fights.md: `kinds` gives the words a character answers to in the phrase's {word}.
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.define.target('the closest foe', { find = function() end,\n"
                           "  kinds = function(c) return { 'orc' } end })"),
                    StartsWith("test.lua:2: error: target 'the closest foe': 'kinds' says which words a character "
                               "answers to in the phrase's {word}, and it has none: leave 'kinds' out, or write {word} "
                               "where the kind goes"));
}

TEST_CASE("a target's among is one of the relations, and another word is told them", "[packs][bad-input]") {
  // docs/fights.md: `among` is "enemy", "ally" or "any": whom `find` picks among.
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.define.target('the closest foe', { find = function() end, among = 'enemies' })"),
                    StartsWith("test.lua:2: error: target 'the closest foe': 'among' must be \"any\", \"ally\" or "
                               "\"enemy\", not \"enemies\""));
  CHECK(s.eval("arbiter.define.target('the closest foe', { find = function() end, among = 'enemy' }) return 'ok'") ==
        "\"ok\"");
}

TEST_CASE("a dependency cycle names both packs", "[packs][bad-input]") {
  Stack s;
  const auto message = s.error({"cycle-a"});
  CHECK_THAT(message, StartsWith("tests/packs/cycle-b/pack.lua:1:69: error: dependency cycle: cycle-a requires "
                                 "cycle-b requires cycle-a"));
  CHECK_THAT(message, Contains("packs 'cycle-b' and 'cycle-a' cannot both require each other"));
}

TEST_CASE("a missing dependency points at the requirement, with the nearest pack", "[packs][bad-input]") {
  Stack s;
  const auto message = s.error({"needs-missing"});
  CHECK_THAT(message, StartsWith("tests/packs/needs-missing/pack.lua:5:16: error: pack 'needs-missing' requires "
                                 "'demo-bass', which was not found"));
  CHECK_THAT(message, Contains("did you mean 'demo-base'?"));
}

TEST_CASE("an incompatible dependency names both packs and both versions", "[packs][bad-input]") {
  Stack s;
  CHECK_THAT(s.error({"needs-new"}),
             StartsWith("tests/packs/needs-new/pack.lua:5:16: error: pack 'needs-new' requires 'demo-base >= 2.0', "
                        "but demo-base is version 1.0.0 (examples/packs/demo-base)"));
}

TEST_CASE("a dependency whose found version is refused tells of a copy further down the search path that would do",
          "[packs][bad-input]") {
  // tests/packs-shadowing holds demo-base 9.0.0, which needs-new's ">= 2.0" accepts, behind examples/packs' 1.0.0.
  lua::Sandbox sandbox{lua::Budget{5'000'000, 64u << 20, std::chrono::seconds(20)}};
  PackStack stack{sandbox, SearchPath({source / "tests/packs", source / "examples/packs", source / "tests/packs-shadowing"})};
  try {
    stack.load({"needs-new"});
    FAIL("expected loading to fail");
  } catch (const Error& e) {
    const Diagnostic& d = e.diagnostics().front();
    CHECK_THAT(d.message, StartsWith("pack 'needs-new' requires 'demo-base >= 2.0', but demo-base is version 1.0.0"));
    CHECK(d.notes == std::vector<std::string>{
                         "version 9.0.0 in tests/packs-shadowing/demo-base meets it, but is hidden: "
                         "examples/packs/demo-base comes before it on the search path (name the folder to load this "
                         "one, or put its parent first with --pack-path)"});
  }
  // No note when no other copy would do.
  Stack s;
  CHECK_THAT(s.error({"needs-new"}), !Contains("meets it"));
}

TEST_CASE("a pack that errors while loading leaves the packs before it unaffected", "[packs][bad-input]") {
  Stack s;
  const auto message = s.error({"load-error"});
  CHECK_THAT(message, StartsWith("tests/packs/load-error/init.lua:4: error: attempt to perform arithmetic on a nil "
                                 "value (field 'maximum')"));
  CHECK_THAT(message, Contains("in pack 'load-error'"));
  CHECK(s.eval("return arbiter.tables.wounds.max") == "3");
}

TEST_CASE("an unknown pack is named with the nearest ones and the places searched", "[packs][bad-input]") {
  Stack s;
  const auto message = s.error({"demo-bse"});
  CHECK_THAT(message, StartsWith("error: no pack named 'demo-bse' was found"));
  CHECK_THAT(message, Contains("did you mean 'demo-base'"));
  CHECK_THAT(message, Contains("searched: "));
  CHECK(s.error({}) == "error: no packs given: name at least one (see `arbiter packs`)");
}

TEST_CASE("a narration template of an event the runtime logs, naming a field such events lack, is refused as the "
          "packs load, at its line",
          "[packs][registry]") {
  // It was caught only when such an event was narrated: never by `arbiter test`, nor by a run with
  // narration off.
  TempDir dir;
  const auto load = [&](const std::string& name, const std::string& init) {
    std::filesystem::create_directories(dir.path / name);
    std::ofstream(dir / (name + "/pack.lua")) << "return { name = '" << name << "', version = '1' }\n";
    std::ofstream(dir / (name + "/init.lua")) << "local arbiter = require 'arbiter'\n" << init;
    return load_error(dir.path, name);
  };
  const std::string told = load("talky", "arbiter.define.table('narration', {\n  moved = '{character} goes to {to}',\n"
                                         "  declared = '{character}: {acton}' })\n");
  CHECK_THAT(told, Contains("talky/init.lua:4:3: error: table 'narration': the 'declared' template names {acton}, which "
                            "the runtime's 'declared' events do not have (they have: action, character, cost, points, "
                            "points_before, reaction, reason, refused, summary, target; and round, phase, turn, cause, "
                            "type) (did you mean 'action'?)"));
  // A field some of them carry (`cost`, in a phase with action points), a pack's own event type, and
  // `blocked` under rules that tell a blocked step themselves (the hook `movement`), with their own fields.
  CHECK(load("costly", "arbiter.define.table('narration', { declared = '{character} pays {cost}', punch = '{txt}',\n"
                       "  blocked = '{text}' })\n"
                       "arbiter.define.hook('movement', function() end)\n") == "no error");
  CHECK_THAT(load("unmoving", "arbiter.define.table('narration', { blocked = '{text}' })\n"),
             Contains("unmoving/init.lua:2:37: error: table 'narration': the 'blocked' template names {text}"));
}

TEST_CASE("a narration template of one status's events is told for that status alone, and checked as the packs load",
          "[packs][registry]") {
  TempDir dir;
  const auto load = [&](const std::string& name, const std::string& init) {
    std::filesystem::create_directories(dir.path / name);
    std::ofstream(dir / (name + "/pack.lua")) << "return { name = '" << name << "', version = '1' }\n";
    std::ofstream(dir / (name + "/init.lua")) << "local arbiter = require 'arbiter'\n"
                                                 "arbiter.define.status('Prone', {})\n"
                                                 "arbiter.define.status('Dazed', {})\n"
                                              << init;
    return load_error(dir.path, name);
  };
  CHECK(load("worded", "arbiter.define.table('narration', { ['status_applied:Prone'] = '{target} falls ({cause})',\n"
                       "  ['status_expired:Dazed'] = '{target} clears their head' })\n") == "no error");
  CHECK_THAT(load("misspelt", "arbiter.define.table('narration', {\n  ['status_applied:Prone'] = '{target} falls',\n"
                              "  ['status_applied:Pron'] = '{target} falls' })\n"),
             Contains("misspelt/init.lua:6:3: error: table 'narration': 'status_applied:Pron': there is no status named "
                      "'Pron'; did you mean 'Prone'?"));
  CHECK_THAT(load("statusless", "arbiter.define.table('narration', { ['moved:Prone'] = '{character} crawls' })\n"),
             Contains("statusless/init.lua:4:37: error: table 'narration': 'moved:Prone' names a template for one status, "
                      "but the runtime's 'moved' events are of no status: write 'moved' alone"));
  CHECK_THAT(load("fieldless", "arbiter.define.table('narration', { ['status_applied:Prone'] = '{target} falls {far}' })\n"),
             Contains("fieldless/init.lua:4:37: error: table 'narration': the 'status_applied:Prone' template names {far}, "
                      "which the runtime's 'status_applied' events do not have"));
  // "Its type must be one the runtime logs with a `status` … named with the nearest otherwise"
  // (docs/world.md): a misspelt one would be looked up by no event, the default sentence told.
  CHECK_THAT(load("typeless", "arbiter.define.table('narration', { ['status_expird:Dazed'] = '{target} clears' })\n"),
             Contains("typeless/init.lua:4:37: error: table 'narration': 'status_expird:Dazed' names a template for one "
                      "status, but the runtime logs no 'status_expird' events; did you mean 'status_expired'?"));
  CHECK_THAT(load("farfetched", "arbiter.define.table('narration', { ['dazed_off:Dazed'] = '{target} clears' })\n"),
             Contains("farfetched/init.lua:4:37: error: table 'narration': 'dazed_off:Dazed' names a template for one "
                      "status, but the runtime logs no 'dazed_off' events (those of a status: order_not_carried_out, "
                      "status_applied, "));
  // A pack's own event type may hold a colon: near no runtime type and naming no status, it is its own.
  CHECK(load("own", "arbiter.define.table('narration', { ['house:note'] = '{text}' })\n") == "no error");

  // Told instead of the type's own, for that status alone.
  Narrator narrator;
  narrator.set_template(status_template_key("status_applied", "Prone"), "{target} falls ({cause})");
  const auto applied = [](const char* status) {
    return LogEvent{.type = "status_applied", .cause = "Crash", .fields = {{"target", "Ann"}, {"status", status}}};
  };
  CHECK(narrator.render(applied("Prone")) == "Ann falls (Crash)");
  CHECK(narrator.render(applied("Dazed")) == "Ann is now Dazed (Crash)");
  // A field one event lacks, told when it is narrated, names the key as written, not its type.
  narrator.set_template(status_template_key("status_applied", "Dazed"), "{source} dazes {target}");
  CHECK_THROWS_WITH(narrator.render(applied("Dazed")),
                    Contains("the 'status_applied:Dazed' template names {source}, which this event does not have"));
}

TEST_CASE("arbiter.add_check refuses what is not a function written in Lua, at the author's line", "[packs][registry]") {
  Stack s;
  s.stack.load({"demo-base"});
  CHECK_THROWS_WITH(s.eval("arbiter.add_check('tables')"),
                    StartsWith("test.lua:2: error: arbiter.add_check: the check must be a function, not \"tables\""));
  CHECK_THROWS_WITH(s.eval("arbiter.add_check(print)"),
                    Contains("arbiter.add_check: the check must be a function written in Lua, not a built-in function"));
}

TEST_CASE("a patched field is found where the call's table writes it: the innermost key written, else nothing",
          "[packs][registry]") {
  // The item: an error about a patched field points at the field itself, `armor["Full Plate"].absorb`
  // at its `absorb`; a table made elsewhere or in a loop is told at the call's line (unknown here).
  const SourceText source("house.lua",
                          "local arbiter = require 'arbiter'\n"
                          "arbiter.patch.table(\"armor\", {\n"
                          "  [\"Full Plate\"] = { absorb = -1 },\n"
                          "  Leather = row,\n"
                          "})\n"
                          "arbiter.patch.table(\"actions_data\", { Trip = { outcomes = { { \"-\", \"Failure\" }, "
                          "{ 2, \"Success\", them = \"Sprawled\" } }, statuses = { [6] = \"Prne\" } } })\n"
                          "arbiter.patch.table(\"weapons\", make_rows({ Sword = { cost = 1 } }))\n"
                          "arbiter.patch.table(\"weapons\", rows)\n");
  const auto at = [&](std::size_t line, std::vector<std::string> keys) {
    const std::size_t found = source.field_of_call(line, keys);
    if (found == SourceText::unknown) return std::string("unknown");
    const SourcePosition where = source.place(found).where;
    return fmt::format("{}:{}", where.line, where.column);
  };
  CHECK(at(2, {"Full Plate", "absorb"}) == "3:22");
  CHECK(at(2, {"Leather", "absorb"}) == "4:3");  // `Leather = row`: the innermost key written
  CHECK(at(6, {"Trip", "outcomes", "[2]", "them"}) == "6:97");
  CHECK(at(6, {"Trip", "statuses", "[6]"}) == "6:133");
  CHECK(at(2, {"Chain", "absorb"}) == "unknown");     // not written there
  CHECK(at(7, {"Sword", "cost"}) == "unknown");       // a table given to another call: computed
  CHECK(at(8, {"Sword", "cost"}) == "unknown");       // a table made elsewhere
}
