#include "interpreter/packs/manifest.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "interpreter/core/names.hpp"
#include "interpreter/lua/stack_guard.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/lua/world_bindings.hpp"
#include "interpreter/packs/search_path.hpp"

namespace arbiter::packs {
namespace {

const std::vector<std::string> known_fields{"name", "version", "api", "requires", "description", "budget", "main"};
const std::vector<std::string> known_budget_fields{"instructions", "memory_mib", "time_ms"};

constexpr std::size_t unknown = SourceText::unknown;

// Reads fields with raw access only: a metamethod in a manifest would run outside any budget. A
// problem is shown where its field is written in pack.lua, or at its `return`.
class Fields {
 public:
  Fields(lua_State* L, int table, const SourceText& source) : L_(L), table_(table), source_(source) {}

  // Where `field` is written: of the manifest, or after `anchor`, of the table written there.
  std::size_t at(const char* field, std::size_t anchor = unknown) const { return source_.key(field, anchor); }
  Place place(std::size_t offset) const { return source_.place(offset); }

  [[noreturn]] void fail(std::size_t offset, const std::string& message) const {
    throw Error(source_.place(offset).diagnostic(message));
  }

  // Pushes the field's value; returns its Lua type.
  int push(const char* field) const {
    lua_pushstring(L_, field);
    return lua_rawget(L_, table_);
  }

  bool has(const char* field) const {
    const bool given = push(field) != LUA_TNIL;
    lua_pop(L_, 1);
    return given;
  }

  std::string string(const char* field, bool required) const {
    const int type = push(field);
    if (type == LUA_TNIL && !required) {
      lua_pop(L_, 1);
      return {};
    }
    if (type != LUA_TSTRING) {
      lua_pop(L_, 1);
      if (type == LUA_TNIL) fail(unknown, fmt::format("the manifest has no '{}'", field));
      fail(at(field), fmt::format("the manifest's '{}' must be a string, not a {}", field, lua_typename(L_, type)));
    }
    std::size_t length = 0;
    const char* text = lua_tolstring(L_, -1, &length);
    std::string value(text, length);
    lua_pop(L_, 1);
    // A NUL byte would cut a file's name short, to another file's; what is not UTF-8 cannot be shown.
    try {
      check_text(value, fmt::format("the manifest's '{}'", field));
    } catch (const Error& e) {
      fail(at(field), e.diagnostics().front().message);
    }
    return value;
  }

  // Field `field` of the table at `table`, written after `anchor`.
  // `whole`: a count (instructions, milliseconds), where 0.5 would be kept as 0, which runs nothing.
  double number(int table, std::size_t anchor, const char* field, double fallback, const char* what,
                bool whole = false) const {
    lua_pushstring(L_, field);
    const int type = lua_rawget(L_, table);
    double value = fallback;
    if (type == LUA_TNUMBER) value = lua_tonumber(L_, -1);
    lua_pop(L_, 1);
    if (type != LUA_TNUMBER && type != LUA_TNIL)
      fail(at(field, anchor),
           fmt::format("the manifest's {} must be a number, not a {}", what, lua_typename(L_, type)));
    if (!(value > 0)) fail(at(field, anchor), fmt::format("the manifest's {} must be positive", what));
    if (whole && value != std::floor(value))
      fail(at(field, anchor), fmt::format("the manifest's {} must be a whole number, 1 or more, not {}", what,
                                          value));
    return value;
  }

  // Every key of the table at `table` (`what`: "the manifest", written after `anchor`) that is not
  // one of `known` is an error, each with the nearest known name, all told at once in order: a
  // misspelt field would otherwise be ignored, silently.
  void check_known_fields(int table, std::size_t anchor, const std::vector<std::string>& known,
                          const std::string& what) const {
    std::vector<std::string> unknown_keys;
    lua_pushnil(L_);
    while (lua_next(L_, table)) {
      lua_pop(L_, 1);
      if (lua_type(L_, -1) != LUA_TSTRING) fail(anchor, fmt::format("{}'s keys must be field names", what));
      std::string key(lua::whole_string(L_, -1));
      if (std::find(known.begin(), known.end(), key) == known.end()) unknown_keys.push_back(std::move(key));
    }
    if (unknown_keys.empty()) return;
    std::sort(unknown_keys.begin(), unknown_keys.end());
    std::vector<Diagnostic> errors;
    for (const auto& key : unknown_keys) {
      // With no name near enough ('time' for 'time_ms'), the few there are.
      std::string hint = did_you_mean(key, known);
      if (hint.empty()) hint = fmt::format("the fields are {}", fmt::join(known, ", "));
      Diagnostic d = place(source_.key(key, anchor)).diagnostic(fmt::format("{} has an unknown field '{}'", what, key));
      d.notes.push_back(std::move(hint));
      errors.push_back(std::move(d));
    }
    throw Error(std::move(errors));
  }

 private:
  lua_State* L_;
  int table_;
  const SourceText& source_;
};

// What a manifest asks for, capped by the host's ceiling: a pack may ask for less, never more. A
// number past the ceiling (1e300) is the ceiling, never converted to a type that cannot hold it.
template <class Integer>
Integer at_most(double asked, Integer ceiling) {
  return asked < static_cast<double>(ceiling) ? static_cast<Integer>(asked) : ceiling;
}

// Why `file` (at `path`), which is there, is not read as a file of the pack.
std::string not_a_file_of(lua::FileInFolder found, const std::filesystem::path& path, const std::string& file) {
  return found == lua::FileInFolder::not_plain
             ? fmt::format("{} is {}, not a plain file; a pack's files are files", file, lua::what_is_not_plain(path))
             : fmt::format("{} is not a file of the pack's folder: a link must not lead out of it", file);
}

// The name of the folder itself, however the path to it is written: "." and "./" from inside it,
// "../my-house/". Lexically, so a link keeps the name the search path finds the pack by.
std::string folder_name(const std::filesystem::path& folder) { return whole_folder(folder).filename().string(); }

}  // namespace

// A loop, not std::regex: libstdc++'s matcher recurses once per character, and a stranger's
// manifest naming its pack with 50,000 letters overflowed the stack.
bool valid_pack_name(const std::string& name) {
  const auto lower_or_digit = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  return !name.empty() && lower_or_digit(name.front()) &&
         std::all_of(name.begin(), name.end(), [&](char c) { return lower_or_digit(c) || c == '_' || c == '-'; });
}

Manifest read_manifest(lua::Sandbox& sandbox, const std::filesystem::path& folder, const std::string& display_folder) {
  const auto file = folder / "pack.lua";
  const std::string shown = display_folder + "/pack.lua";
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) {
    // A misspelt folder (`../packs/my-hose`): the nearest pack beside where it would be.
    const std::filesystem::path whole = whole_folder(folder);
    const std::vector<std::string> near = nearest_names(whole.filename().string(), packs_in(whole.parent_path()), 1);
    std::filesystem::path written(display_folder);
    if (!written.has_filename()) written = written.parent_path();  // "my-hose/"
    throw Error(fmt::format("there is no folder {}: a pack named by its folder is the folder that holds its "
                            "pack.lua{}",
                            display_folder,
                            near.empty() ? "" : fmt::format(" (did you mean {}?)", (written.parent_path() / near.front()).string())));
  }
  if (!std::filesystem::exists(std::filesystem::symlink_status(file, ec))) {
    // A folder of packs (`../packs`), as the search path takes them, named as a pack.
    const std::vector<std::string> inside = packs_in(folder);
    std::vector<std::string> notes;
    if (!inside.empty())
      notes.push_back(fmt::format("{} is a folder of packs ({}): name one of them, or give it with --pack-path to "
                                  "find them by name",
                                  display_folder, fmt::join(inside, ", ")));
    throw Error(Diagnostic{{shown}, "the folder holds no pack.lua, the manifest that makes a folder a pack "
                                    "(docs/packs.md)", {}, notes});
  }
  if (const auto found = lua::file_in_folder(file, folder); found != lua::FileInFolder::yes)
    throw Error(Diagnostic{{shown}, not_a_file_of(found, file, "pack.lua"), {}, {}});
  const std::string scope = "manifest of " + display_folder;
  if (!sandbox.has_pack(scope))
    sandbox.add_pack({.name = scope, .folder = folder, .display_folder = display_folder, .owns_files = false,
                      .is_manifest = true});
  lua_State* L = sandbox.state();
  sandbox.run_file(scope, file, 1);
  const lua::StackGuard pop(L, lua_gettop(L) - 1);

  const auto source = std::make_shared<const SourceText>(shown, lua::read_source(file, "a pack's manifest"));
  const int table = lua_gettop(L);
  const Fields fields(L, table, *source);
  if (!lua_istable(L, table))
    fields.fail(unknown, fmt::format("pack.lua must return the manifest table, not {}", luaL_typename(L, table)));
  // Each field is checked on its own, so every problem with the manifest is told at once.
  std::vector<Diagnostic> problems;
  const auto check = [&](auto&& read) {
    const int top = lua_gettop(L);
    try {
      read();
    } catch (const Error& e) {
      lua_settop(L, top);
      problems.insert(problems.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  };
  check([&] { fields.check_known_fields(table, unknown, known_fields, "the manifest"); });

  Manifest m;
  m.source = source;
  m.budget = sandbox.ceiling();
  m.folder = folder;
  m.display_folder = display_folder;
  check([&] {
    m.name = fields.string("name", true);
    if (!valid_pack_name(m.name))
      fields.fail(fields.at("name"),
                  fmt::format("the pack name '{}' must be lower case letters, digits, '-' and '_'", m.name));
    if (const std::string named = folder_name(folder); m.name != named)
      fields.fail(fields.at("name"),
                  fmt::format("the pack is named '{}' but its folder is '{}': they must match", m.name, named));
  });
  check([&] {
    const std::string version = fields.string("version", true);
    const Place place = fields.place(fields.at("version"));
    at_place(&place, [&] { m.version = Version::parse(version); });
  });
  check([&] { m.description = fields.string("description", false); });
  check([&] {
    // The file run when the pack loads, checked like `require` checks a module: a stranger's pack
    // must not run, nor show in a syntax error, a file outside its folder.
    const auto main = fields.string("main", false);
    if (main.empty() && fields.has("main"))
      fields.fail(fields.at("main"), "the manifest's main names no file: name one in the pack's folder, or leave "
                                     "'main' out to run init.lua");
    if (main.empty()) {
      std::error_code ec;
      const auto entry = std::filesystem::symlink_status(folder / m.main, ec).type();
      if (entry == std::filesystem::file_type::not_found) m.main.clear();  // a pack of data only
      else if (const auto found = lua::file_in_folder(folder / m.main, folder); found != lua::FileInFolder::yes)
        throw Error(Diagnostic{{display_folder + "/" + m.main}, not_a_file_of(found, folder / m.main, m.main), {}, {}});
      return;
    }
    if (const auto found = lua::file_in_folder(folder / main, folder); found == lua::FileInFolder::not_plain)
      fields.fail(fields.at("main"), "the manifest's main file " + not_a_file_of(found, folder / main, "'" + main + "'"));
    // A misspelt `main` would load the pack with none of its rules, silently.
    if (!lua::is_file_in_folder(folder / main, folder)) {
      std::vector<std::string> files;
      std::error_code ec;
      for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().extension() == ".lua" && lua::is_file_in_folder(entry.path(), folder))
          files.push_back(entry.path().filename().string());
      fields.fail(fields.at("main"),
                  with_nearest(fmt::format("the manifest's main file '{}' is not in the pack's folder", main), main,
                               files));
    }
    m.main = main;
  });
  check([&] {
    if (fields.push("api") == LUA_TNIL) return;
    if (!lua_isinteger(L, -1))
      fields.fail(fields.at("api"),
                  fmt::format("the manifest's 'api' must be a whole number, not {}", lua::describe(L, -1, 1)));
    const lua_Integer api = lua_tointeger(L, -1);
    // API versions count from 1: 0 or below names none, not one this arbiter lacks.
    if (api < 1)
      fields.fail(fields.at("api"), fmt::format("the manifest's 'api' is {}, which is not an Arbiter pack API version: "
                                                "API versions are whole numbers from 1 (this arbiter offers API {})",
                                                api, pack_api));
    if (api > pack_api)
      fields.fail(fields.at("api"), fmt::format("pack '{}' needs Arbiter pack API {}; this arbiter offers API {}",
                                                m.name, api, pack_api));
    m.api = static_cast<int>(api);
  });
  check([&] {
    const int type = fields.push("requires");
    if (type == LUA_TNIL) return;
    const std::size_t written = fields.at("requires");
    if (type != LUA_TTABLE) fields.fail(written, "the manifest's 'requires' must be a list of strings");
    const int list = lua_gettop(L);
    const SourceText::Table items = source->table(written);
    // Each requirement on its own, so that every bad one is told, each at its place (found only
    // for a message: it costs the length of its line), up to most_diagnostics of them.
    std::map<std::string, lua_Integer> required;  // each pack required, and its item
    std::size_t bad_items = 0;
    lua_Integer i = 1;
    for (; lua_rawgeti(L, list, i) != LUA_TNIL; lua_settop(L, list), ++i) {
      const std::size_t item = items.item(static_cast<std::size_t>(i));
      const std::size_t offset = item == unknown ? written : item;
      try {
        const auto at_item = [&](auto&& step) {
          if (bad_items >= most_diagnostics) return step();  // only counted: no place needed
          const Place place = fields.place(offset);
          return at_place(&place, step);
        };
        if (lua_type(L, -1) != LUA_TSTRING)
          at_item([&] { throw Error(fmt::format("requires[{}] must be a string, not a {}", i, luaL_typename(L, -1))); });
        Requirement requirement;
        try {
          requirement = Requirement::parse(lua::to_text(L, -1, fmt::format("requires[{}]", i)));
        } catch (const Error&) {
          at_item([] { throw; });
        }
        // Loaded once either way, but a pack required twice is a slip, as one named twice is.
        if (const auto [first, fresh] = required.emplace(requirement.pack, i); !fresh)
          at_item([&] {
            throw Error(fmt::format("pack '{}' is required twice, by requires[{}] and requires[{}]: require it once",
                                    requirement.pack, first->second, i));
          });
        m.dependencies.push_back(std::move(requirement));
        m.requirement_offsets.push_back(offset);
      } catch (const Error& e) {
        if (++bad_items <= most_diagnostics)
          problems.insert(problems.end(), e.diagnostics().begin(), e.diagnostics().end());
      }
    }
    if (bad_items > most_diagnostics) problems.push_back(more_problems(bad_items - most_diagnostics, shown));
    lua_settop(L, list);
    // A requirement beside the items (`platemail = ">= 1.1"`, `[3] = "platemail"` after a gap)
    // would be ignored, silently: each is refused where it is written.
    const lua::KeysBesideList beside = lua::keys_beside_list(L, list, i - 1);
    for (const std::string& name : beside.names) {
      const std::size_t field = items.field(name);
      lua_pushlstring(L, name.data(), name.size());
      // `platemail = ">= 1.1"` meant "platemail >= 1.1"; `platemail = "1.2"`, "platemail = 1.2".
      std::string as_item = name;
      if (lua_rawget(L, list) == LUA_TSTRING) {
        const std::string condition(lua::whole_string(L, -1));
        as_item += (!condition.empty() && std::isdigit(static_cast<unsigned char>(condition[0])) ? " = " : " ") +
                   condition;
      }
      as_item = printable(as_item);
      lua_settop(L, list);
      problems.push_back(fields.place(field == unknown ? written : field)
                             .diagnostic(fmt::format("the manifest's 'requires' is a list of strings: the field "
                                                     "'{}' beside its items would be ignored (write it as an item: "
                                                     "\"{}\")",
                                                     printable(name), as_item)));
    }
    for (const std::string& key : beside.others)
      problems.push_back(fields.place(written).diagnostic(
          fmt::format("the manifest's 'requires' is a list of strings, numbered 1, 2, … with no gap: requires{} "
                      "would be ignored (write it as the next item)",
                      key)));
  });
  check([&] {
    const int type = fields.push("budget");
    if (type == LUA_TNIL) return;
    const std::size_t written = fields.at("budget");
    if (type != LUA_TTABLE)
      fields.fail(written, fmt::format("the manifest's 'budget' must be a table, not a {}", lua_typename(L, type)));
    const int budget = lua_gettop(L);
    check([&] { fields.check_known_fields(budget, written, known_budget_fields, "the manifest's budget"); });
    const lua::Budget& ceiling = sandbox.ceiling();
    check([&] {
      m.budget.instructions = at_most(fields.number(budget, written, "instructions",
                                                    static_cast<double>(ceiling.instructions), "budget.instructions", true),
                                      ceiling.instructions);
    });
    check([&] {
      m.budget.memory_bytes = at_most(fields.number(budget, written, "memory_mib",
                                                    static_cast<double>(ceiling.memory_bytes >> 20),
                                                    "budget.memory_mib") *
                                          (1 << 20),
                                      ceiling.memory_bytes);
    });
    check([&] {
      m.budget.time = std::chrono::milliseconds(at_most(
          fields.number(budget, written, "time_ms", static_cast<double>(ceiling.time.count()), "budget.time_ms",
                        true),
          ceiling.time.count()));
    });
  });
  if (!problems.empty()) throw Error(std::move(problems));
  return m;
}

std::filesystem::path main_file(const Manifest& manifest) {
  return manifest.main.empty() ? std::filesystem::path() : manifest.folder / manifest.main;
}

}  // namespace arbiter::packs
