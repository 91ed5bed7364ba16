// Every function the host exposes to packs has a LuaLS annotation in stdlib/types, so a modder's
// editor completes and documents the whole API. Adding a binding without its annotation fails here.
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

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

std::string all_annotations() {
  std::string text;
  for (const auto& [name, content] : annotation_files()) text += content;
  return text;
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
        // Tables with behaviour of their own (the registry's views by kind) hold definitions, not API.
        if (!lua_getmetatable(L, -1)) collect_functions(L, -1, name, out);
        else lua_pop(L, 1);
        if (nested_view) lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
  if (view) lua_pop(L, 1);
}

}  // namespace

TEST_CASE("every function exposed to packs is annotated for LuaLS", "[annotations]") {
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
  std::vector<std::string> modules{"arbiter.registry"};
  for (const auto& module : stdlib_modules()) modules.emplace_back(module.name);
  for (const auto& module : modules) {
    sandbox.run_string("probe", "return require '" + module + "'", "probe.lua", 1);
    collect_functions(L, -1, module, exposed);
    lua_pop(L, 1);
  }

  CHECK(exposed.size() > 30);
  const std::string annotations = all_annotations();
  for (const auto& name : exposed) {
    INFO("stdlib/types has no `function " << name << "(`");
    CHECK(annotations.find("function " + name + "(") != std::string::npos);
  }
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
