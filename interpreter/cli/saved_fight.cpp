#include "interpreter/cli/saved_fight.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "interpreter/cli/path_options.hpp"
#include "interpreter/core/json_reader.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/path_text.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/fight_changes.hpp"
#include "interpreter/packs/foreseen.hpp"
#include "stdlib/embedded.hpp"

namespace arbiter::cli {
namespace {

// Runs `check` of the save at `path`: its error is the save's, told as such.
template <class Check>
void as_saved_state(const std::string& path, Check&& check) {
  try {
    check();
  } catch (const Error& e) {
    refuse_save(path, "not a valid saved state: " + e.diagnostics().front().message);
  }
}

// FNV-1a, 64 bits: enough to tell an edited encounter from the one a fight was saved from.
std::string digest(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325;
  for (const unsigned char c : text) hash = (hash ^ c) * 0x100000001b3;
  return fmt::format("fnv1a64:{:016x}", hash);
}

std::string file_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string file_digest(const std::filesystem::path& file) { return digest(file_text(file)); }

// A digest of each Lua file a pack's rules may load (its folder's, but not its tests', nor the
// editor's annotations, `---@meta` files that are never run), by its path in the folder: a house
// pack edited without a new version would play the rest of a saved fight under other rules, and
// the file changed is what a GM needs to be told.
nlohmann::json pack_files(const packs::Manifest& pack) {
  std::map<std::string, std::string> files;  // sorted: the same save for the same files
  std::error_code error;
  for (auto entry = std::filesystem::recursive_directory_iterator(pack.folder, error);
       !error && entry != std::filesystem::recursive_directory_iterator(); entry.increment(error)) {
    const std::filesystem::path relative = entry->path().lexically_relative(pack.folder);
    if (entry.depth() == 0 && entry->is_directory() && relative == "tests") entry.disable_recursion_pending();
    if (!entry->is_regular_file() || entry->path().extension() != ".lua") continue;
    if (const std::string text = file_text(entry->path()); !text.starts_with("---@meta"))
      files.emplace(path_text(relative.generic_string()), digest(text));
  }
  return files;
}

// A digest of each built-in Lua module, by its name: an Arbiter whose `arbiter.outcomes` changed
// would play the rest of a saved fight under other rules, as an edited pack would.
nlohmann::json stdlib_digests() {
  nlohmann::json modules = nlohmann::json::object();
  for (const EmbeddedModule& module : stdlib_modules()) modules[std::string(module.name)] = digest(std::string(module.source));
  return modules;
}

// Where a file or folder is, however its path is spelt: how a save tells one copy of a pack from
// another, and the encounter saved from under another spelling of its path.
std::string place_of(const std::filesystem::path& folder) {
  std::error_code error;
  const auto place = std::filesystem::weakly_canonical(std::filesystem::absolute(folder), error);
  return (error ? std::filesystem::absolute(folder).lexically_normal() : place).string();
}

// "init.lua has changed; tables/weapons.lua, extra.lua are new": how the
// pack's files now differ from the digests saved; empty when they do not.
std::string changed_files(const nlohmann::json& saved, const nlohmann::json& now) {
  std::vector<std::string> changed, added, removed;
  for (const auto& [file, hash] : now.items()) {
    if (!saved.contains(file)) added.push_back(file);
    else if (saved[file] != hash) changed.push_back(file);
  }
  for (const auto& [file, hash] : saved.items())
    if (!now.contains(file)) removed.push_back(file);
  std::vector<std::string> parts;
  const auto tell = [&](const std::vector<std::string>& files, const char* one, const char* several) {
    if (!files.empty()) parts.push_back(fmt::format("{} {}", fmt::join(files, ", "), files.size() == 1 ? one : several));
  };
  tell(changed, "has changed", "have changed");
  tell(added, "is new", "are new");
  tell(removed, "is gone", "are gone");
  return fmt::format("{}", fmt::join(parts, "; "));
}

std::string pack_list(const nlohmann::json& packs) {
  std::vector<std::string> names;
  if (packs.is_array())
    for (const auto& pack : packs) names.push_back(pack.is_string() ? pack.get<std::string>() : pack.dump());
  return names.empty() ? "no packs" : fmt::format("{}", fmt::join(names, ", "));
}

// The names of the packs a save's "packs" lists ("platemail 1.1.0"), in its order.
std::vector<std::string> pack_names(const nlohmann::json& packs) {
  std::vector<std::string> names;
  if (packs.is_array())
    for (const auto& pack : packs)
      if (pack.is_string()) names.push_back(pack.get<std::string>().substr(0, pack.get<std::string>().find(' ')));
  return names;
}

// The house packs, as --house names them, named by a folder that is no longer there.
std::vector<std::string> gone_folders(const std::vector<std::string>& house) {
  std::vector<std::string> gone;
  for (const auto& pack : house)
    if (packs::names_a_folder(pack) && !std::filesystem::is_directory(pack)) gone.push_back(pack);
  return gone;
}

// How `run` loads the house packs a saved fight was played with that it lacks: as the save records
// them, a folder by its absolute path ("run --house /campaign/platemail-house"); by the packs'
// names from a save that recorded none (`missing`). A name no folder of this run's search path holds
// was found through a --pack-path, which is named too.
std::string run_with_house(const nlohmann::json& saved, const nlohmann::json& now,
                           const std::vector<std::string>& missing, const packs::SearchPath& search_path) {
  std::vector<std::string> house;
  const nlohmann::json recorded = saved.is_object() ? saved.value("house", nlohmann::json()) : nlohmann::json();
  const nlohmann::json& given = now["house"];
  if (recorded.is_array())
    for (const auto& pack : recorded)
      if (pack.is_string() && std::find(given.begin(), given.end(), pack) == given.end())
        house.push_back(path_from_text(pack.get<std::string>()));
  if (house.empty()) house = missing;
  // A folder moved or deleted since: the save's path would be advice to load nothing.
  if (const std::vector<std::string> gone = gone_folders(house); !gone.empty())
    return fmt::format("run --house NEWFOLDER, NEWFOLDER where it is now: the folder it was played from, {}, is gone",
                       fmt::join(gone, " and "));
  std::vector<std::string> unfound;
  for (const auto& pack : house)
    if (!packs::names_a_folder(pack) && !search_path.find(pack)) unfound.push_back(pack);
  if (unfound.empty()) return fmt::format("run --house {}", fmt::join(house, " --house "));
  return fmt::format("run --pack-path DIR --house {}, DIR the folder that holds {}, which this run does not find",
                     fmt::join(house, " --house "), fmt::join(unfound, " and "));
}

// What `saved` records of where it was played from, its paths as format version 4 writes them
// (path_text), whatever the version it was saved in: a version 3 save wrote each path as it was, so
// a backslash in one (a folder named `h\x41use`) is the path's own, not the start of an escape, and
// a digest's file is compared with its name now as written. Read from a value of another kind as it
// is: check_recorded tells it.
nlohmann::json recorded_paths_as_version_4(const SavedState& saved) {
  if (saved.version >= 4 || !saved.played_from.is_object()) return saved.played_from;
  nlohmann::json from = saved.played_from;
  const auto escape = [](nlohmann::json& path) {
    if (path.is_string()) path = path_text(path.get<std::string>());
  };
  // The digests by file, each file by its path in its folder.
  const auto escape_keys = [](nlohmann::json& digests) {
    if (!digests.is_object()) return;
    nlohmann::json escaped = nlohmann::json::object();
    for (auto& [file, digest] : digests.items()) escaped[path_text(file)] = std::move(digest);
    digests = std::move(escaped);
  };
  for (const char* key : {"encounter", "encounter_place"})
    if (from.contains(key)) escape(from[key]);
  if (from.contains("house") && from["house"].is_array())
    for (auto& pack : from["house"]) escape(pack);
  if (from.contains("required")) escape_keys(from["required"]);
  if (from.contains("pack_files") && from["pack_files"].is_object())
    for (auto& [pack, digests] : from["pack_files"].items()) escape_keys(digests);
  return from;
}

// What a save of format version 3 or later records of where it was played from is all there, of the
// kind it was written: one missing or of another kind was damaged, and would be compared as though
// nothing had been recorded (an edited pack resumed untold). Told by its path in the save.
void check_recorded(const SavedState& saved) {
  if (saved.version < 3) return;
  const JsonReader from(saved.played_from, "state.played_from");
  // A JSON object whose every value is text: the digests by file or module, the folders by pack.
  const auto texts = [](const JsonReader& object) {
    if (!object.raw().is_object()) object.fail("expected an object, found " + object.raw().dump());
    for (const auto& [key, value] : object.raw().items()) JsonReader(value, object.path() + "." + key).text();
  };
  std::vector<std::string> members{"encounter", "encounter_place", "digest", "required", "house", "packs", "pack_files"};
  if (saved.version >= 4) members.insert(members.end(), {"pack_folders", "arbiter", "stdlib"});
  from.only(members);
  for (const char* key : {"encounter", "digest"}) from[key].text();
  // Recorded from late in version 3's time: a version 3 save may lack it.
  if (saved.version >= 4 || from.raw().contains("encounter_place")) from["encounter_place"].text();
  for (const auto& pack : from["house"].items()) pack.text();
  for (const auto& pack : from["packs"].items()) pack.text();
  texts(from["required"]);
  const JsonReader files = from["pack_files"];
  if (!files.raw().is_object()) files.fail("expected an object, found " + files.raw().dump());
  for (const auto& [pack, digests] : files.raw().items()) texts(JsonReader(digests, files.path() + "." + pack));
  if (saved.version < 4) return;
  from["arbiter"].text();
  texts(from["pack_folders"]);
  texts(from["stdlib"]);
}

// Each definition the save says a pack changed in the fight was changed by a pack the fight loads:
// another name would make the change on behalf of no pack there is.
void check_change_packs(const SavedState& saved, const nlohmann::json& origin) {
  const std::vector<std::string> loaded = pack_names(origin["packs"]);
  for (const JsonReader& change : JsonReader(saved.definition_changes, "state.definition_changes").items())
    if (const auto pack = change.optional("pack"); pack && pack->raw().is_string())
      if (const std::string name = pack->text(); std::find(loaded.begin(), loaded.end(), name) == loaded.end())
        pack->fail(with_nearest("no pack '" + name + "' is loaded in this fight", name, loaded));
}

// Each character's last action is one the rules define: a hand-edited name would be read by the
// rules (an Aim's follow-up) as no action of theirs.
void check_last_actions(const SavedState& saved, const packs::Registry& registry) {
  std::size_t i = 0;
  for (const auto& [actor, intent] : saved.last_intents) {
    if (!intent.action.empty() && !registry.find(packs::Kind::action, intent.action))
      throw Error(fmt::format("state.flow.last_intents[{}].action: {}", i,
                              registry.unknown(packs::Kind::action, intent.action)));
    ++i;
  }
}

// A character of the encounter is on the side the encounter puts it: no rule moves one to another.
void check_sides(const SavedState& saved, const packs::Encounter& encounter) {
  const auto& characters = saved.world.entities();
  for (std::size_t i = 0; i < characters.size(); ++i)
    for (const Entity& written : encounter.characters)
      if (written.name == characters[i].name && written.side != characters[i].side)
        throw Error(fmt::format("state.world.characters[{}].side: {} is on side '{}' in the encounter, not '{}': a "
                                "character stays on its side",
                                i, written.name, written.side, characters[i].side));
}

// A save resumes only the fight it was saved from: the same encounter, the same packs and versions.
void check_played_from(const std::string& save, const nlohmann::json& saved, const nlohmann::json& now,
                       const HowToLoad& how_to_load) {
  if (saved.is_null())
    refuse_save(save, "this save does not say which encounter and packs it was played with (it was written by an "
                      "older Arbiter, format version 1), so it cannot be resumed: play the fight again from its "
                      "encounter, sheets and seed");
  const auto text = [&](const char* key) {
    const auto found = saved.is_object() ? saved.find(key) : saved.end();
    return found != saved.end() && found->is_string() ? found->get<std::string>() : std::string("?");
  };
  const std::string encounter = path_from_text(now["encounter"].get<std::string>());
  if (text("digest") != now["digest"]) {
    // The same file however its path is spelt (`enc/../enc/e.lua`, or from another folder): by the
    // place the save records, or, in a save without one, by the path as given.
    const bool same_file = text("encounter_place") != "?" ? text("encounter_place") == now["encounter_place"]
                                                          : packs::same_place(path_from_text(text("encounter")), encounter);
    if (same_file) refuse_save(save, "the encounter " + encounter + " has changed since this fight was saved from it");
    refuse_save(save, "this fight was saved from the encounter " + path_from_text(text("encounter")) + ", not " +
                          encounter);
  }
  // Saves written before the encounter's required files were recorded have none to compare.
  if (const auto required = saved.is_object() ? saved.find("required") : saved.end(); required != saved.end())
    if (const std::string changed = required->is_object() ? changed_files(*required, now["required"])
                                                          : "its files are unknown";
        !changed.empty())
      refuse_save(save, fmt::format("the encounter {} has changed since this fight was saved from it: the files it "
                                    "requires differ ({})",
                                    encounter, changed));
  // Saves written before the built-in modules were recorded (format version 3) have none to compare.
  if (const auto stdlib = saved.find("stdlib"); stdlib != saved.end())
    if (const std::string changed = stdlib->is_object() ? changed_files(*stdlib, now["stdlib"]) : "they are unknown";
        !changed.empty())
      refuse_save(save, fmt::format("Arbiter's built-in Lua modules have changed since this fight was saved ({}; it "
                                    "was saved by Arbiter {}, this is {}): the rest of the fight would be played under "
                                    "other rules than its first rounds. Resume it with the Arbiter that saved it, or "
                                    "play the fight again from its encounter",
                                    changed, text("arbiter"), now["arbiter"].get<std::string>()));
  const nlohmann::json packs = saved.is_object() ? saved.value("packs", nlohmann::json()) : nlohmann::json();
  if (packs != now["packs"]) {
    // The packs it was played with that this run lacks are most often house packs left out; those
    // this run loads that it was not played with, house packs given again by mistake.
    const std::vector<std::string> played = pack_names(packs), loaded = pack_names(now["packs"]);
    const auto lacking = [](const std::vector<std::string>& names, const std::vector<std::string>& in) {
      std::vector<std::string> lacked;
      for (const auto& name : names)
        if (std::find(in.begin(), in.end(), name) == in.end()) lacked.push_back(name);
      return lacked;
    };
    const std::vector<std::string> missing = lacking(played, loaded), extra = lacking(loaded, played);
    std::vector<std::string> how;
    if (!missing.empty())
      how.push_back(fmt::format("load {} too, as the fight was played with {}: {}", fmt::join(missing, ", "),
                                missing.size() == 1 ? "it" : "them", how_to_load(missing)));
    if (!extra.empty())
      how.push_back(fmt::format("leave out {}, as the fight was not played with {}", fmt::join(extra, ", "),
                                extra.size() == 1 ? "it" : "them"));
    if (how.empty())
      how.push_back("load the encounter's rules and the house packs the fight was run with, in the versions it was "
                    "played with");
    refuse_save(save, fmt::format("this fight was played under {}, but this run loads {} ({})", pack_list(packs),
                                  pack_list(now["packs"]), fmt::join(how, "; ")));
  }
  // Saves written before the files were recorded have none to compare.
  const nlohmann::json files = saved.is_object() ? saved.value("pack_files", nlohmann::json::object()) : nlohmann::json();
  if (!files.is_object()) return;
  // Saves written before the folders were recorded tell only that the files changed.
  const nlohmann::json folders = saved.value("pack_folders", nlohmann::json::object());
  for (const auto& [pack, digests] : now["pack_files"].items()) {
    if (!files.contains(pack)) continue;
    const std::string changed = files[pack].is_object() ? changed_files(files[pack], digests) : "its files are unknown";
    if (changed.empty()) continue;
    // Another copy of the pack, found first on this run's search path (another folder, --pack-path,
    // ARBITER_PATH): the one played with is to be loaded, not undone.
    if (const auto folder = folders.find(pack);
        folder != folders.end() && folder->is_string() && *folder != now["pack_folders"][pack]) {
      const std::string was = path_from_text(folder->get<std::string>());
      const nlohmann::json house = saved.value("house", nlohmann::json::array());
      const bool by_folder = house.is_array() && std::find(house.begin(), house.end(), *folder) != house.end();
      refuse_save(save, fmt::format("this run loads pack '{}' from {}, but the fight was played with its copy in {}, "
                                    "whose files differ ({}): load that copy{}",
                                    pack, path_from_text(now["pack_folders"][pack].get<std::string>()), was, changed,
                                    !std::filesystem::is_directory(was)
                                        ? fmt::format(" again, from wherever it is now (that folder is gone): --{} DIR",
                                                      by_folder ? "house" : "pack-path")
                                    : by_folder ? " with --house " + was
                                                : " with --pack-path " + std::filesystem::path(was).parent_path().string()));
    }
    refuse_save(save, fmt::format("pack '{}' has changed since this fight was saved ({}), though its version has "
                                    "not: the rest of the fight would be played under other rules than its first "
                                    "rounds. Undo the change to resume, or play the fight again from its encounter",
                                    pack, changed));
  }
}

// A house pack builds on the fight's rules: one that needs other rules would load them over these.
// What it requires, directly or not, is the fight's ruleset (the first pack named) and what it
// requires, the other house packs, or house rules built on the ruleset in turn (platemail-house
// under platemail), which load with it. The packs after the ruleset (an encounter's, or those
// `check --rules` names) are house packs too, told where the file names them (`rules_at`, none on
// the command line); --house's are told without a place. Packs named by their folders are
// compared by their names.
void check_house(packs::PackStack& stack, const std::vector<std::string>& rules, std::span<const packs::Place> rules_at,
                 const std::vector<std::string>& house) {
  const auto written_at = [&](std::size_t i) { return i < rules_at.size() ? &rules_at[i] : nullptr; };
  // Every folder first: it stands for its pack wherever another requires it.
  std::vector<std::string> named;
  for (std::size_t i = 0; i < rules.size(); ++i)
    named.push_back(packs::at_place(written_at(i), [&] { return stack.name_folder(rules[i]); }));
  for (const auto& pack : house) {
    const std::string name = stack.name_folder(pack);
    // The --house option has no place of its own: the encounter's is told.
    if (const auto twice = std::find(named.begin(), named.end(), name);
        twice != named.begin() + static_cast<long>(rules.size()) && twice != named.end())
      throw Error(rules_at[static_cast<std::size_t>(twice - named.begin())].diagnostic(
          fmt::format("pack '{}' is named twice: here, in the encounter's rules, and by --house: the encounter "
                      "loads it already, so leave it out of --house",
                      name)));
    named.push_back(name);
  }
  const std::string& ruleset = named.front();
  std::set<std::string> allowed(named.begin(), named.end());
  allowed.merge(packs::at_place(written_at(0), [&] { return stack.requirements(ruleset); }));
  for (std::size_t i = 1; i < named.size(); ++i) {
    const packs::Place* written = written_at(i);
    packs::at_place(written, [&] {
      std::vector<std::string> others;
      for (const auto& needed : stack.requirements(named[i]))
        if (!allowed.contains(needed) && !stack.requirements(needed).contains(ruleset)) others.push_back(needed);
      if (others.empty()) return;
      const std::string message =
          fmt::format("{} requires {}; this fight is played under {}", named[i], fmt::join(others, ", "), ruleset);
      if (written) throw Error(message);
      // Named on the command line (--house, or check's --rules), which has no place: told at the
      // requirement in its manifest.
      Diagnostic told = stack.requirement_place(named[i], others.front()).diagnostic(message);
      told.notes.push_back(fmt::format("pack '{}' is named by {}", named[i], i < rules.size() ? "--rules" : "--house"));
      throw Error(std::move(told));
    });
  }
}

}  // namespace

void refuse_save(const std::string& path, const std::string& why) { throw Error(Diagnostic{{path, 0, 0}, why, {}, {}}); }

void load_fight_packs(Session& session, const packs::Encounter& encounter, const std::vector<std::string>& house) {
  check_house(session.stack, encounter.rules, encounter.rules_at, house);
  std::vector<std::string> pack_names = encounter.rules;
  pack_names.insert(pack_names.end(), house.begin(), house.end());
  session.load(pack_names, encounter.rules_at);  // the house packs, named on the command line, have no place
}

void load_named_packs(Session& session, const std::vector<std::string>& rules) {
  check_house(session.stack, rules, {}, {});
  session.load(rules);
}

CLI::Option* add_house_option(CLI::App& command, std::vector<std::string>& house) {
  return command.add_option("--house", house, "House-rule packs to load after the encounter's")
      ->type_name("PACK")
      ->check(names_something("pack"));
}

nlohmann::json played_from(const packs::Encounter& encounter, const std::vector<std::string>& house,
                           const packs::PackStack& stack) {
  nlohmann::json named = nlohmann::json::array();
  for (const auto& pack : house)
    named.push_back(
        path_text(packs::names_a_folder(pack) ? std::filesystem::absolute(pack).lexically_normal().string() : pack));
  nlohmann::json packs = nlohmann::json::array();
  nlohmann::json files = nlohmann::json::object();
  nlohmann::json folders = nlohmann::json::object();
  for (const auto& manifest : stack.load_order()) {
    packs.push_back(manifest.name + " " + manifest.version.str());
    files[manifest.name] = pack_files(manifest);
    folders[manifest.name] = path_text(place_of(manifest.folder));
  }
  // The files the encounter requires, by their paths from its folder: its characters may be
  // written in one (`characters = require "sub.chars"`), and an edit there is an edited encounter.
  const auto folder = std::filesystem::path(encounter.file).parent_path();
  nlohmann::json required = nlohmann::json::object();
  for (const auto& file : encounter.required)
    required[path_text(file.lexically_relative(folder.empty() ? "." : folder).generic_string())] = file_digest(file);
  // Paths as path_text writes them: a folder's name that is not UTF-8 would make the save unwritable.
  return {{"encounter", path_text(encounter.file)}, {"encounter_place", path_text(place_of(encounter.file))},
          {"digest", file_digest(encounter.file)},  {"required", required},
          {"house", named},              {"packs", packs},
          {"pack_files", files},         {"pack_folders", folders},
          {"arbiter", ARBITER_VERSION},  {"stdlib", stdlib_digests()}};
}

std::vector<std::string> house_played_with(const SavedState& saved, const packs::Encounter& encounter,
                                           const std::string& path) {
  as_saved_state(path, [&] { check_recorded(saved); });
  const nlohmann::json recorded = recorded_paths_as_version_4(saved);
  const nlohmann::json& from = recorded.is_object() ? recorded : nlohmann::json::object();
  std::vector<std::string> house;
  if (from.contains("house")) {  // as run --house named them
    for (const auto& pack : from["house"])
      if (pack.is_string()) house.push_back(path_from_text(pack.get<std::string>()));
    if (const std::vector<std::string> gone = gone_folders(house); !gone.empty())
      refuse_save(path, fmt::format("this fight was played with the house pack in {}, a folder that is gone (moved or "
                                    "deleted): give its new place with --house NEWFOLDER",
                                    fmt::join(gone, " and ")));
    return house;
  }
  for (const auto& name : pack_names(from.value("packs", nlohmann::json())))
    if (std::find(encounter.rules.begin(), encounter.rules.end(), name) == encounter.rules.end()) house.push_back(name);
  return house;
}

void check_saved_fight(const SavedState& saved, const std::string& path, const packs::Encounter& encounter,
                       const nlohmann::json& origin, lua_State* L, const packs::Registry& registry,
                       const HowToLoad& how_to_load) {
  as_saved_state(path, [&] { check_recorded(saved); });
  check_played_from(path, recorded_paths_as_version_4(saved), origin, how_to_load);
  as_saved_state(path, [&] {
    check_change_packs(saved, origin);
    check_last_actions(saved, registry);
    check_sides(saved, encounter);
    packs::check_saved_stats(saved, L, registry);
  });
}

orders::Roster check_resumable(Session& session, const packs::Encounter& encounter, const SavedState& saved,
                               const std::string& path) {
  orders::Roster roster;
  as_saved_state(path, [&] {
    roster = packs::check_playable(session.sandbox, session.stack.registry(), encounter, &saved);
  });
  return roster;
}

SavedState load_saved_fight(const std::string& path, const packs::Encounter& encounter, const nlohmann::json& origin,
                            lua_State* L, const packs::Registry& registry, const packs::SearchPath& search_path) {
  SavedState saved = load_state(path);
  check_saved_fight(saved, path, encounter, origin, L, registry, [&](const std::vector<std::string>& missing) {
    return run_with_house(recorded_paths_as_version_4(saved), origin, missing, search_path);
  });
  return saved;
}

nlohmann::json definition_changes_to_save(const packs::Registry& registry, const std::string& path) {
  try {
    return packs::saved_fight_changes(registry);
  } catch (const Error& e) {
    std::vector<Diagnostic> told = e.diagnostics();
    told.front().notes.push_back(
        fmt::format("nothing is written, neither the save nor a log: {} is left as it was", path));
    throw Error(std::move(told));
  }
}

void refuse_unresumable(const SavedState& state, lua_State* L, const packs::Registry& registry,
                        const std::string& path) {
  try {
    packs::check_saved_stats(state, L, registry);
  } catch (const Error& e) {
    Diagnostic told{{path, 0, 0},
                    "the fight cannot be saved: --resume would refuse it: " + e.diagnostics().front().message,
                    {},
                    {fmt::format("nothing is written, neither the save nor a log: {} is left as it was", path)}};
    throw Error(std::move(told));
  }
}

void resume_saved_fight(packs::Fight& fight, Session& session, const SavedState& saved, const std::string& path) {
  as_saved_state(path, [&] {
    fight.resume(saved);
    packs::make_saved_fight_changes(session.sandbox, session.stack.registry(), saved.definition_changes);
  });
}

}  // namespace arbiter::cli
