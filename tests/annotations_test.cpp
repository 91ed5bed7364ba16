// Every function the host exposes to packs has a LuaLS annotation in stdlib/types, so a modder's
// editor completes and documents the whole API. Adding a binding without its annotation fails here.
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "interpreter/lua/modules.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/packs/pack_stack.hpp"
#include "stdlib/embedded.hpp"

using namespace arbiter;

namespace {

const std::filesystem::path source(ARBITER_SOURCE_DIR);

// Standard Lua globals left as Lua defines them; LuaLS knows them already.
const std::set<std::string> standard_globals{
    "assert", "error",        "getmetatable", "ipairs",   "next",  "pairs", "pcall",  "rawequal", "rawget",
    "rawlen", "select", "tonumber", "tostring", "type", "xpcall", "_VERSION", "_G",
    "string", "table",        "math",         "utf8",     "coroutine"};

// Each annotation file's text, by its file name.
std::map<std::string, std::string> annotation_files() {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(source / "stdlib/types")) {
    std::ifstream in(entry.path());
    std::ostringstream content;
    content << in.rdbuf();
    files[entry.path().filename().string()] = content.str();
  }
  return files;
}

// The dotted names of every function reachable from the table at `index`, through plain tables.
void collect_functions(lua_State* L, int index, const std::string& prefix, std::vector<std::string>& out) {
  index = lua_absindex(L, index);
  const bool view = lua::push_viewed(L, index);
  const int table = view ? lua_gettop(L) : index;
  lua_pushnil(L);
  while (lua_next(L, table)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      const std::string name = prefix + "." + lua_tostring(L, -2);
      if (lua_isfunction(L, -1)) {
        out.push_back(name);
      } else if (lua_istable(L, -1)) {
        const bool nested_view = lua::push_viewed(L, -1);
        // Tables with behaviour of their own (the registry's views by kind) hold definitions, not API;
        // a module's tables of functions (arbiter.define) only refuse names they do not hold.
        if (lua::refuses_unknown_names(L, -1) || !lua_getmetatable(L, -1)) collect_functions(L, -1, name, out);
        else lua_pop(L, 1);
        if (nested_view) lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
  if (view) lua_pop(L, 1);
}

// The dotted names of every function the host exposes to packs: globals, the runtime modules and
// the modules for `require`.
std::vector<std::string> exposed_functions() {
  lua::Sandbox sandbox;
  packs::PackStack stack(sandbox, packs::SearchPath({}));
  sandbox.add_pack({"probe", {}, "probe", {}});
  lua_State* L = sandbox.state();
  std::vector<std::string> exposed;
  std::set<std::string> global_modules;

  // Globals: the pack's own (require, print, load) and the shared ones it reads through.
  sandbox.run_string("probe", "return _ENV", "probe.lua", 1);
  for (int pass = 0; pass < 2; ++pass) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      const std::string name = lua_tostring(L, -2);
      if (!standard_globals.contains(name)) {
        if (lua_isfunction(L, -1)) exposed.push_back(name);
        if (lua_istable(L, -1)) {  // a runtime module
          collect_functions(L, -1, name, exposed);
          global_modules.insert(name);
        }
      }
      lua_pop(L, 1);
    }
    if (pass == 0) {
      lua_getmetatable(L, -1);
      lua_getfield(L, -1, "__index");
      lua_remove(L, -2);
      lua_remove(L, -2);
    }
  }
  lua_pop(L, 1);

  // Modules for `require`: the stdlib's and those written in C++.
  std::vector<std::string> modules{"arbiter.registry", "arbiter.fight"};
  for (const auto& module : stdlib_modules()) modules.emplace_back(module.name);
  for (const auto& module : modules) {
    sandbox.run_string("probe", "return require '" + module + "'", "probe.lua", 1);
    collect_functions(L, -1, module, exposed);
    lua_pop(L, 1);
  }

  return exposed;
}

// The dotted names of the functions the annotations declare, as a pack reaches them. A module's
// annotations may call it by a local name: `local fight = {}` … `function fight.new(` … `return fight`
// under `---@meta arbiter.fight` declares arbiter.fight.new.
std::set<std::string> declared_functions() {
  const std::regex meta(R"(^---@meta ([\w.]+))"), returned(R"(\nreturn ([\w.]+)\s*$)"),
      declared(R"((^|\n)function ([\w.]+)\()");
  std::set<std::string> names;
  for (const auto& [file, text] : annotation_files()) {
    std::smatch found;
    std::string module, local;
    if (std::regex_search(text, found, meta)) module = found[1];
    if (std::regex_search(text, found, returned)) local = found[1];
    for (auto it = std::sregex_iterator(text.begin(), text.end(), declared); it != std::sregex_iterator(); ++it) {
      std::string name = (*it)[2];
      if (!local.empty() && name.starts_with(local + ".")) name = module + name.substr(local.size());
      names.insert(name);
    }
  }
  return names;
}

}  // namespace

TEST_CASE("every function exposed to packs is annotated for LuaLS", "[annotations]") {
  const std::vector<std::string> exposed = exposed_functions();
  CHECK(exposed.size() > 30);
  const std::set<std::string> declared = declared_functions();
  for (const auto& name : exposed) {
    INFO("stdlib/types declares no function " << name);
    CHECK(declared.contains(name));
  }
}

// A name a module does not have is an error when read (`dice.rol`): an editor must complete no
// function the runtime would refuse.
TEST_CASE("every function the annotations declare on a module or as a global is exposed to packs", "[annotations]") {
  const std::vector<std::string> exposed_list = exposed_functions();
  const std::set<std::string> exposed(exposed_list.begin(), exposed_list.end());
  CHECK(exposed.contains("arbiter.define.action"));  // the stdlib's tables of functions are walked
  CHECK(exposed.contains("arbiter.fight.new"));
  const std::set<std::string> declared = declared_functions();
  CHECK(declared.size() > 30);
  for (const auto& name : declared) {
    INFO("stdlib/types declares the function " << name << ", which packs do not have");
    CHECK(exposed.contains(name));
  }
}

// The methods of the runtime's values (a dice pool, a test's fight) as the annotations declare them
// on their classes (`---@class dice.Pool` over `local Pool = {}`, then `function Pool:roll(`): each
// is the value's, and each of the value's is declared.
TEST_CASE("the methods of the runtime's values are the methods their annotated classes declare", "[annotations]") {
  lua::Sandbox sandbox;
  packs::PackStack stack(sandbox, packs::SearchPath({}));
  sandbox.add_pack({"probe", {}, "probe", {}});
  sandbox.run_string("probe", "return require 'arbiter.fight'", "probe.lua", 1);  // registers the fight's methods
  lua_State* L = sandbox.state();
  lua_pop(L, 1);
  const std::regex klass(R"(\n---@class ([\w.]+)[^\n]*\nlocal (\w+) = \{\})");
  int classes = 0;
  for (const auto& [file, text] : annotation_files()) {
    for (auto it = std::sregex_iterator(text.begin(), text.end(), klass); it != std::sregex_iterator(); ++it) {
      const std::string name = (*it)[1], local = (*it)[2];
      const std::string type = name.starts_with("arbiter.") ? name : "arbiter." + name;
      INFO("stdlib/types/" << file << " declares the class " << name << ", the runtime's " << type);
      REQUIRE(luaL_getmetatable(L, type.c_str()) == LUA_TTABLE);
      REQUIRE(lua_getfield(L, -1, "__index") == LUA_TTABLE);
      std::set<std::string> methods;
      lua_pushnil(L);
      while (lua_next(L, -2)) {
        methods.insert(lua_tostring(L, -2));
        lua_pop(L, 1);
      }
      lua_pop(L, 2);
      std::set<std::string> declared;
      const std::regex method("\nfunction " + local + R"(:(\w+)\()");
      for (auto m = std::sregex_iterator(text.begin(), text.end(), method); m != std::sregex_iterator(); ++m)
        declared.insert((*m)[1]);
      CHECK(declared == methods);
      ++classes;
    }
  }
  CHECK(classes == 4);
}

// LuaLS reads `---@meta name` with a returned table as a module for `require "name"`, and a table
// assigned to a global as that global. An editor must be told the API as a pack reaches it.
TEST_CASE("the annotations declare each module as a pack reaches it: a global, or by require", "[annotations]") {
  lua::Sandbox sandbox;
  packs::PackStack stack(sandbox, packs::SearchPath({}));
  sandbox.add_pack({"probe", {}, "probe", {}});
  const auto is_global_table = [&](const std::string& name) {
    sandbox.run_string("probe", "return type(rawget(_ENV, '" + name + "') or _ENV['" + name + "']) == 'table'",
                       "probe.lua", 1);
    const bool yes = lua_toboolean(sandbox.state(), -1);
    lua_pop(sandbox.state(), 1);
    return yes;
  };
  const auto requirable = [&](const std::string& name) {
    sandbox.run_string("probe", "return (pcall(require, '" + name + "'))", "probe.lua", 1);
    const bool yes = lua_toboolean(sandbox.state(), -1);
    lua_pop(sandbox.state(), 1);
    return yes;
  };

  const std::regex meta(R"(^---@meta ([\w.]+))"), returned(R"(\nreturn ([\w.]+)\s*$)"),
      global_table(R"((^|\n)(\w+) = \{)");
  int modules = 0, globals = 0;
  for (const auto& [file, text] : annotation_files()) {
    INFO("stdlib/types/" << file);
    std::smatch found;
    if (!std::regex_search(text, found, meta)) continue;  // sandbox.lua: changes to standard Lua
    const std::string name = found[1];
    if (std::regex_search(text, returned)) {
      ++modules;
      INFO("it declares a module for `require \"" << name << "\"`, which a pack cannot require");
      CHECK(requirable(name));
    } else {
      ++globals;
      INFO("it declares the global `" << name << "`, which a pack does not have");
      CHECK(is_global_table(name));
      CHECK(std::regex_search(text, found, global_table));
      CHECK(found[2] == name);
      INFO("`local " << name << " = {}` without a `return` declares nothing an editor can complete");
      CHECK(text.find("\nlocal " + name + " = {") == std::string::npos);
    }
  }
  CHECK(modules >= 5);
  CHECK(globals >= 7);
}

// Platemail's annotations of its hooks for house rules' actions (rules/platemail/types/platemail.lua,
// which a modder adds to `workspace.library`) declare what the hooks check as they are called
// (tables_check.lua): each hook with its arguments, each table given them with its fields, optional
// where the hook does not require them, and the kinds of an Attack. A field a hook accepts that the
// file does not declare, or one it declares that the hook refuses, fails here.
TEST_CASE("Platemail's annotations of its hooks declare what the hooks check", "[annotations]") {
  lua::Sandbox sandbox;
  packs::PackStack stack(sandbox, packs::SearchPath({source / "rules"}));
  stack.load({"platemail"});
  // What the hooks check, a line each, as the file below is read.
  sandbox.run_string("platemail", R"lua(
    local tables_check, attack = require "tables_check", require "attack"
    local lines = {}
    for hook, arguments in pairs(tables_check.hook_arguments) do
      lines[#lines + 1] = ("function hooks.%s(%s)"):format(hook, table.concat(arguments, ", "))
    end
    for class, spec in pairs(tables_check.hook_tables) do
      lines[#lines + 1] = "class " .. class
      local required = {}
      for _, field in ipairs(spec.required or {}) do required[field] = true end
      for field in pairs(spec.fields) do
        lines[#lines + 1] = ("field %s.%s%s"):format(class, field, required[field] and "" or "?")
      end
    end
    for _, kinds in pairs(attack.kinds) do
      for _, kind in ipairs(kinds) do lines[#lines + 1] = "kind " .. kind end
    end
    return table.concat(lines, "\n")
  )lua", "probe.lua", 1);
  std::set<std::string> checked;
  {
    std::istringstream in(lua_tostring(sandbox.state(), -1));
    for (std::string line; std::getline(in, line);) checked.insert(line);
  }
  lua_pop(sandbox.state(), 1);

  std::ifstream in(source / "rules/platemail/types/platemail.lua");
  REQUIRE(in);
  const std::regex function(R"(^(function hooks\.\w+\([^)]*\)) end$)"), klass(R"(^---@class (platemail\.\w+)$)"),
      field(R"(^---@field (\w+\??) )"), alias(R"(^---@alias platemail\.AttackKind$)"), kind(R"re(^---\| "(\w+)")re");
  std::set<std::string> declared;
  std::string within;  // the class or the alias whose lines follow
  for (std::string line; std::getline(in, line);) {
    std::smatch found;
    if (std::regex_search(line, found, function)) declared.insert(found[1]);
    if (std::regex_search(line, found, klass)) {
      within = found[1];
      declared.insert("class " + within);
    } else if (std::regex_search(line, alias)) {
      within = "kind";
    } else if (!within.empty() && std::regex_search(line, found, field)) {
      declared.insert("field " + within + "." + found[1].str());
    } else if (within == "kind" && std::regex_search(line, found, kind)) {
      declared.insert("kind " + found[1].str());
    } else {
      within.clear();
    }
  }
  for (const auto& line : checked) {
    INFO("the hooks check " << line << ", which rules/platemail/types/platemail.lua does not declare");
    CHECK(declared.contains(line));
  }
  for (const auto& line : declared) {
    INFO("rules/platemail/types/platemail.lua declares " << line << ", which the hooks do not check so");
    CHECK(checked.contains(line));
  }
  CHECK(checked.size() > 20);
}

// docs/fights.md's table of hooks names every hook the runtime calls; the annotations give each a
// signature (an alias arbiter.…Hook) that arbiter.define.hook's comment names, so a modder's editor
// documents every one. The tempo pack, whose house rules call its hook `exchange`, annotates it
// as Platemail does its own.
TEST_CASE("every hook the runtime calls has its signature annotated", "[annotations]") {
  std::ifstream docs(source / "docs/fights.md");
  REQUIRE(docs);
  std::set<std::string> documented;
  bool in_hooks = false;
  const std::regex row(R"(^\| `(\w+)(\(|`))"), more(R"(, `(\w+)(\(|`))");
  for (std::string line; std::getline(docs, line);) {
    if (line.starts_with("### ")) in_hooks = line == "### Hooks";
    std::smatch found;
    if (!in_hooks || !std::regex_search(line, found, row) || found[1] == "hook") continue;
    documented.insert(found[1]);
    const std::string first_cell = line.substr(0, line.find(" | ", 2));
    for (auto it = std::sregex_iterator(first_cell.begin(), first_cell.end(), more); it != std::sregex_iterator(); ++it)
      documented.insert((*it)[1]);
  }
  REQUIRE(documented.size() >= 18);
  const std::string annotations = annotation_files().at("arbiter.lua");
  std::set<std::string> aliases;
  const std::regex alias(R"(---@alias (arbiter\.\w+Hook) )");
  for (auto it = std::sregex_iterator(annotations.begin(), annotations.end(), alias); it != std::sregex_iterator(); ++it)
    aliases.insert((*it)[1]);
  const std::size_t comment = annotations.find("---Defines an extension point");
  REQUIRE(comment != std::string::npos);
  const std::string named = annotations.substr(comment, annotations.find("function arbiter.define.hook", comment) - comment);
  for (const std::string& hook : documented) {
    INFO("hook " << hook);
    // "`turn_start`, `turn_end`: arbiter.TurnHook": the alias after the hook's name and those beside it.
    const std::regex given("`" + hook + R"(`(?:,\s*(?:---)?\s*`\w+`)*:\s*(?:---)?\s*(arbiter\.\w+Hook))");
    std::smatch found;
    REQUIRE(std::regex_search(named, found, given));
    CHECK(aliases.contains(found[1]));
  }
  std::ifstream tempo(source / "rules/tempo/types/tempo.lua");
  REQUIRE(tempo);
  std::ostringstream text;
  text << tempo.rdbuf();
  CHECK_THAT(text.str(), Catch::Contains("function hooks.exchange(ctx) end"));
}
