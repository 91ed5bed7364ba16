#include "interpreter/packs/manifest.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "interpreter/core/names.hpp"
#include "interpreter/lua/stack_guard.hpp"

namespace arbiter::packs {
namespace {

const std::vector<std::string> known_fields{"name", "version", "api", "requires", "description", "budget", "main"};
const std::vector<std::string> known_budget_fields{"instructions", "memory_mib", "time_ms"};

// The line of the last `return` in pack.lua: where a missing or wrong field is best shown.
std::size_t return_line(const std::filesystem::path& file) {
  std::ifstream in(file);
  static const std::regex return_statement(R"(^\s*return\b)");
  std::size_t line_number = 0, found = 1;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (std::regex_search(line, return_statement)) found = line_number;
  }
  return found;
}

// Reads fields with raw access only: a metamethod in a manifest would run outside any budget.
class Fields {
 public:
  Fields(lua_State* L, int table, std::string file, std::size_t line)
      : L_(L), table_(table), file_(std::move(file)), line_(line) {}

  [[noreturn]] void fail(const std::string& message, std::vector<std::string> notes = {}) const {
    throw Error(Diagnostic{{file_, line_, 0}, message, {}, std::move(notes)});
  }

  // Pushes the field's value; returns its Lua type.
  int push(const char* field) const {
    lua_pushstring(L_, field);
    return lua_rawget(L_, table_);
  }

  std::string string(const char* field, bool required) const {
    const int type = push(field);
    if (type == LUA_TNIL && !required) {
      lua_pop(L_, 1);
      return {};
    }
    if (type != LUA_TSTRING) {
      lua_pop(L_, 1);
      if (type == LUA_TNIL) fail(fmt::format("the manifest has no '{}'", field));
      fail(fmt::format("the manifest's '{}' must be a string, not a {}", field, lua_typename(L_, type)));
    }
    std::string value = lua_tostring(L_, -1);
    lua_pop(L_, 1);
    return value;
  }

  double number(int table, const char* field, double fallback, const char* what) const {
    lua_pushstring(L_, field);
    const int type = lua_rawget(L_, table);
    double value = fallback;
    if (type == LUA_TNUMBER) value = lua_tonumber(L_, -1);
    lua_pop(L_, 1);
    if (type != LUA_TNUMBER && type != LUA_TNIL)
      fail(fmt::format("the manifest's {} must be a number, not a {}", what, lua_typename(L_, type)));
    if (!(value > 0)) fail(fmt::format("the manifest's {} must be positive", what));
    return value;
  }

  // Every key of the table at `table` (`what`: "the manifest") that is not one of `known` is an
  // error, each with the nearest known name, all told at once in order: a misspelt field would
  // otherwise be ignored, silently.
  void check_known_fields(int table, const std::vector<std::string>& known, const std::string& what) const {
    std::vector<std::string> unknown;
    lua_pushnil(L_);
    while (lua_next(L_, table)) {
      lua_pop(L_, 1);
      if (lua_type(L_, -1) != LUA_TSTRING) fail(fmt::format("{}'s keys must be field names", what));
      std::string key = lua_tostring(L_, -1);
      if (std::find(known.begin(), known.end(), key) == known.end()) unknown.push_back(std::move(key));
    }
    if (unknown.empty()) return;
    std::sort(unknown.begin(), unknown.end());
    std::vector<Diagnostic> errors;
    for (const auto& key : unknown) {
      // With no name near enough ('time' for 'time_ms'), the few there are.
      std::string hint = did_you_mean(key, known);
      if (hint.empty()) hint = fmt::format("the fields are {}", fmt::join(known, ", "));
      errors.push_back(Diagnostic{{file_, line_, 0}, fmt::format("{} has an unknown field '{}'", what, key), {},
                                  {std::move(hint)}});
    }
    throw Error(std::move(errors));
  }

 private:
  lua_State* L_;
  int table_;
  std::string file_;
  std::size_t line_;
};

// What a manifest asks for, capped by the host's ceiling: a pack may ask for less, never more. A
// number past the ceiling (1e300) is the ceiling, never converted to a type that cannot hold it.
template <class Integer>
Integer at_most(double asked, Integer ceiling) {
  return asked < static_cast<double>(ceiling) ? static_cast<Integer>(asked) : ceiling;
}

bool valid_pack_name(const std::string& name) {
  static const std::regex pattern("[a-z0-9][a-z0-9_-]*");
  return std::regex_match(name, pattern);
}

}  // namespace

Manifest read_manifest(lua::Sandbox& sandbox, const std::filesystem::path& folder, const std::string& display_folder) {
  const auto file = folder / "pack.lua";
  const std::string shown = display_folder + "/pack.lua";
  if (!std::filesystem::is_regular_file(file)) throw Error(Diagnostic{{shown}, "no pack.lua in the pack's folder", {}, {}});
  const std::string scope = "manifest of " + display_folder;
  if (!sandbox.has_pack(scope)) sandbox.add_pack({scope, folder, display_folder, {}, false});
  lua_State* L = sandbox.state();
  sandbox.run_file(scope, file, 1);
  const lua::StackGuard pop(L, lua_gettop(L) - 1);

  const Fields fields(L, lua_gettop(L), shown, return_line(file));
  if (!lua_istable(L, -1))
    fields.fail(fmt::format("pack.lua must return the manifest table, not {}", luaL_typename(L, -1)));
  fields.check_known_fields(lua_gettop(L), known_fields, "the manifest");

  Manifest m;
  m.budget = sandbox.ceiling();
  m.folder = folder;
  m.display_folder = display_folder;
  m.name = fields.string("name", true);
  if (!valid_pack_name(m.name))
    fields.fail(fmt::format("the pack name '{}' must be lower case letters, digits, '-' and '_'", m.name));
  if (m.name != folder.filename().string())
    fields.fail(fmt::format("the pack is named '{}' but its folder is '{}': they must match", m.name,
                            folder.filename().string()));
  try {
    m.version = Version::parse(fields.string("version", true));
  } catch (const Error& e) {
    fields.fail(e.diagnostics().front().message);
  }
  m.description = fields.string("description", false);
  if (auto main = fields.string("main", false); !main.empty()) {
    // A misspelt `main` would load the pack with none of its rules, silently.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(folder / main, ec)) {
      std::vector<std::string> files;
      for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().extension() == ".lua") files.push_back(entry.path().filename().string());
      fields.fail(with_nearest(fmt::format("the manifest's main file '{}' is not in the pack's folder", main), main,
                               files));
    }
    m.main = main;
  }

  if (const int type = fields.push("api"); type != LUA_TNIL) {
    if (!lua_isinteger(L, -1)) fields.fail("the manifest's 'api' must be a whole number");
    m.api = static_cast<int>(lua_tointeger(L, -1));
    if (m.api < 1 || m.api > pack_api)
      fields.fail(fmt::format("pack '{}' needs Arbiter pack API {}; this arbiter offers API {}", m.name, m.api,
                              pack_api));
  }
  lua_pop(L, 1);

  if (const int type = fields.push("requires"); type != LUA_TNIL) {
    if (type != LUA_TTABLE) fields.fail("the manifest's 'requires' must be a list of strings");
    const int list = lua_gettop(L);
    for (lua_Integer i = 1; lua_rawgeti(L, list, i) != LUA_TNIL; ++i) {
      if (lua_type(L, -1) != LUA_TSTRING) fields.fail(fmt::format("requires[{}] must be a string", i));
      try {
        m.dependencies.push_back(Requirement::parse(lua_tostring(L, -1)));
      } catch (const Error& e) {
        fields.fail(e.diagnostics().front().message);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);

  if (const int type = fields.push("budget"); type != LUA_TNIL) {
    if (type != LUA_TTABLE)
      fields.fail(fmt::format("the manifest's 'budget' must be a table, not a {}", lua_typename(L, type)));
    const int budget = lua_gettop(L);
    fields.check_known_fields(budget, known_budget_fields, "the manifest's budget");
    const lua::Budget& ceiling = sandbox.ceiling();
    m.budget.instructions = at_most(
        fields.number(budget, "instructions", static_cast<double>(ceiling.instructions), "budget.instructions"),
        ceiling.instructions);
    m.budget.memory_bytes = at_most(
        fields.number(budget, "memory_mib", static_cast<double>(ceiling.memory_bytes >> 20), "budget.memory_mib") *
            (1 << 20),
        ceiling.memory_bytes);
    m.budget.time = std::chrono::milliseconds(at_most(
        fields.number(budget, "time_ms", static_cast<double>(ceiling.time.count()), "budget.time_ms"),
        ceiling.time.count()));
  }
  lua_pop(L, 1);
  return m;
}

}  // namespace arbiter::packs
