#include "interpreter/packs/pack_stack.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include <fmt/format.h>

#include "interpreter/core/names.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/packs/definition_check.hpp"
#include "interpreter/packs/order_vocabulary.hpp"
#include "interpreter/packs/ruleset_check.hpp"
#include "interpreter/packs/wrap_fight.hpp"
#include "interpreter/packs/wrap_registry.hpp"

namespace arbiter::packs {
PackStack::PackStack(lua::Sandbox& sandbox, SearchPath search_path)
    : sandbox_(sandbox),
      search_path_(std::move(search_path)),
      registry_([this](const std::string& pack, const std::string& other) { return depends_on(pack, other); },
                [this](const std::string& pack) { return api_of(pack); }) {
  sandbox_.services().provide(&registry_);
  sandbox_.preload("arbiter.registry", lua::guarded<open_registry>);
  sandbox_.preload("arbiter.fight", lua::guarded<open_fight>);
}

PackStack::~PackStack() { sandbox_.services().withdraw<Registry>(); }

bool PackStack::depends_on(const std::string& pack, const std::string& other) const {
  // Scopes that are not packs of the stack (the host's own code, a designer's snippet, a pack's
  // tests) sit on top of every pack.
  const auto it = dependencies_.find(pack);
  return it == dependencies_.end() || it->second.contains(other);
}

int PackStack::api_of(const std::string& pack) const {
  const auto it = std::find_if(order_.begin(), order_.end(), [&](const Manifest& m) { return m.name == pack; });
  return it == order_.end() ? pack_api : it->api;
}

void PackStack::load(const std::vector<std::string>& requested, std::span<const Place> written_at) {
  if (requested.empty()) throw Error("no packs given: name at least one (see `arbiter packs`)");
  const std::size_t first_new = order_.size();
  const auto place_of = [&](std::size_t i) { return i < written_at.size() ? &written_at[i] : nullptr; };
  // Every folder first: it stands for its pack even where a pack named before it requires that pack.
  std::vector<std::string> names;
  for (std::size_t i = 0; i < requested.size(); ++i)
    names.push_back(at_place(place_of(i), [&] { return name_folder(requested[i]); }));
  // How request `i` names its pack, to tell two that name one pack apart: a folder, or a name with
  // where the search path finds it (a folder named takes its place wherever the pack is needed).
  const auto written = [&](std::size_t i) {
    if (names_a_folder(requested[i])) return "the folder " + display_path(requested[i]);
    const auto found = search_path_.find(requested[i]);
    return fmt::format("'{}' ({})", requested[i],
                       found ? "found in " + display_path(*found) : std::string("not on the search path"));
  };
  std::map<std::string, std::size_t> named;  // each pack, and the request that first named it
  std::vector<std::size_t> brought_by;        // of each pack to load, the request that brought it in
  for (std::size_t i = 0; i < requested.size(); ++i) {
    at_place(place_of(i), [&] {
      // Loaded once either way, but a pack named twice is a slip (its tests would run twice).
      if (const auto [first, fresh] = named.emplace(names[i], i); !fresh) {
        if (requested[first->second] == requested[i])
          throw Error(fmt::format("pack '{}' is named twice{}: name it once", names[i],
                                  place_of(i) ? "" : " on the command line"));
        throw Error(fmt::format("pack '{}' is named twice, as {} and as {}: name it once", names[i],
                                written(first->second), written(i)));
      }
      std::vector<std::string> chain;
      resolve(names[i], {}, chain);
      named_.push_back(names[i]);
      brought_by.resize(order_.size() - first_new, i);
    });
  }
  registry_.accept_checks(true);
  const struct ChecksClosed {
    Registry& registry;
    ~ChecksClosed() { registry.accept_checks(false); }
  } checks_closed{registry_};
  for (std::size_t i = first_new; i < order_.size(); ++i) {
    const Manifest& m = order_[i];
    sandbox_.add_pack({m.name, m.folder, m.display_folder, m.budget, true, true, main_file(m)});
    if (m.main.empty()) continue;
    try {
      sandbox_.run_file(m.name, m.folder / m.main, 0);
    } catch (const Error& error) {
      // The error is in the pack's files, but the choice to load it (two rulesets together) was
      // made where it was named, or where the pack that requires it was (platemail, for
      // platemail-house). The command line has no place: a pack brought in is told at the
      // requirement that brought it, and one named among others as named there (`--house tempo`).
      const std::size_t by = brought_by[i - first_new];
      const Place* place = place_of(by);
      const auto where = [](const Place& at) {
        return fmt::format("{}:{}:{}", at.where.file, at.where.line, at.where.column);
      };
      std::vector<Diagnostic> told = error.diagnostics();
      if (place)
        told.front().notes.push_back(names[by] == m.name
                                         ? fmt::format("pack '{}' is named at {}", m.name, where(*place))
                                         : fmt::format("pack '{}' is loaded because '{}' requires it, named at {}",
                                                       m.name, names[by], where(*place)));
      else if (names[by] != m.name)
        told.front().notes.push_back(fmt::format("pack '{}' is loaded because '{}' requires it, at {}", m.name,
                                                 names[by], where(requirement_place(names[by], m.name))));
      else if (requested.size() > 1)
        told.front().notes.push_back(fmt::format("pack '{}' is named on the command line", m.name));
      else
        throw;
      throw Error(std::move(told));
    }
  }
  registry_.accept_checks(false);
  // Every pack loaded: the rules check what the packs defined (the checks they added, then the
  // hook `loaded`), so a house rule's bad value is refused now, at its line, by every command that
  // loads packs, not halfway through a round.
  registry_.run_checks(sandbox_.state(), [&](const std::string& pack) { sandbox_.call(pack, 0, 0); });
  if (const Definition* loaded = registry_.find(Kind::hook, "loaded")) {
    registry_.push(sandbox_.state(), Kind::hook, "loaded");
    sandbox_.call(loaded->history.back().pack, 0, 0);
  }
  check_orders_table(sandbox_.state(), registry_);
  check_runtime_narration(sandbox_.state(), registry_);
  // What the definitions say of one another (a status forbidding an action nobody defined, a
  // default_order no action has, an action the fight could not carry out), as `run` checks them
  // before its first round: so `check`, `test`, `lua` and `explain` refuse the same packs.
  check_ruleset(sandbox_.state(), registry_);
}

std::string PackStack::name_folder(const std::string& request) {
  if (!names_a_folder(request)) return request;
  const Manifest& manifest = manifest_in(request);
  const auto differs = [&](const std::filesystem::path& other) { return !same_place(other, request); };
  if (const auto it = folders_.find(manifest.name); it != folders_.end() && differs(it->second))
    throw Error(fmt::format("pack '{}' is named twice, by the folders {} and {}: name one", manifest.name,
                            display_path(it->second), manifest.display_folder));
  const auto loaded =
      std::find_if(order_.begin(), order_.end(), [&](const Manifest& m) { return m.name == manifest.name; });
  if (loaded != order_.end() && differs(loaded->folder))
    throw Error(fmt::format("pack '{}' is already loaded from {}, so the one in {} cannot be", manifest.name,
                            loaded->display_folder, manifest.display_folder));
  folders_[manifest.name] = request;
  return manifest.name;
}

std::set<std::string> PackStack::requirements(const std::string& name) {
  std::set<std::string> found;
  std::vector<std::string> pending{name};
  while (!pending.empty()) {
    const std::string next = pending.back();
    pending.pop_back();
    for (const auto& requirement : manifest_in(locate(name_folder(next), {})).dependencies)
      if (found.insert(requirement.pack).second) pending.push_back(requirement.pack);
  }
  return found;
}

Place PackStack::requirement_place(const std::string& name, const std::string& needed) {
  const Manifest& manifest = manifest_in(locate(name_folder(name), {}));
  std::size_t i = 0;
  while (i + 1 < manifest.dependencies.size() && manifest.dependencies[i].pack != needed &&
         !requirements(manifest.dependencies[i].pack).contains(needed))
    ++i;
  return manifest.dependencies.empty() ? manifest.source->place(manifest.source->returned())
                                       : manifest.requirement_place(i);
}

std::filesystem::path PackStack::locate(const std::string& name, const Requirer& by) const {
  if (const auto it = folders_.find(name); it != folders_.end()) return it->second;
  if (auto folder = search_path_.find(name)) return *folder;
  std::vector<std::string> known;
  for (const auto& found : search_path_.all()) known.push_back(found.name);
  std::vector<std::string> notes;
  for (const auto& root : search_path_.roots()) {
    // A name too long for a file's, or a loop of links, is no folder either: not an exception.
    std::error_code unreadable;
    if (const auto folder = root / name; std::filesystem::is_directory(folder, unreadable))
      notes.push_back(lua::file_in_folder(folder / "pack.lua", folder) == lua::FileInFolder::not_plain
                          ? fmt::format("{}/pack.lua is {}, not a plain file, so the folder is no pack",
                                        display_path(folder), lua::what_is_not_plain(folder / "pack.lua"))
                          : fmt::format("{} is a folder without pack.lua, the manifest that makes a folder a pack "
                                        "(docs/packs.md)",
                                        display_path(folder)));
    if (std::string note = pack_given_as_folder_of_packs(root); !note.empty()) notes.push_back(std::move(note));
  }
  // A version written with the name (`platemail@1.2.0`, `platemail >= 1.0`): the name before it.
  const std::size_t cut = name.find_first_of("@<>=^~ ");
  const std::size_t number = cut == std::string::npos ? cut : name.find_first_not_of("@<>=^~ ", cut);
  const bool versioned =
      cut != 0 && number != std::string::npos && std::isdigit(static_cast<unsigned char>(name[number]));
  const std::string named = versioned ? name.substr(0, cut) : name;
  if (auto hint = did_you_mean(named, known); !hint.empty()) notes.push_back(hint);
  if (versioned)
    notes.push_back("a pack is named without a version: the versions a pack needs are written in its manifest's "
                    "`requires` (\"" + named + " >= 1.0\", docs/packs.md)");
  notes.push_back("searched: " + searched_folders(search_path_));
  if (!by.manifest) throw Error(Diagnostic{{}, fmt::format("no pack named '{}' was found", name), {}, notes});
  fail_requirement(by, fmt::format("pack '{}' requires '{}', which was not found", by.manifest->name, name), notes);
}

void PackStack::fail_requirement(const Requirer& by, const std::string& message, std::vector<std::string> notes) const {
  Diagnostic d = by.manifest ? by.manifest->requirement_place(by.index).diagnostic(message)
                             : Diagnostic{{}, message, {}, {}};
  d.notes = std::move(notes);
  throw Error(std::move(d));
}

const Manifest* PackStack::manifest_if_readable(const std::filesystem::path& folder) {
  try {
    return &manifest_in(folder);
  } catch (const Error&) {
    return nullptr;
  }
}

std::vector<std::string> PackStack::met_elsewhere(const Manifest& found, const Requirement& requirement) {
  std::vector<std::string> notes;
  for (const auto& folder : search_path_.find_all(found.name)) {
    if (same_place(folder, found.folder)) continue;
    const Manifest* other = manifest_if_readable(folder);
    if (!other || other->name != found.name || !requirement.accepts(other->version)) continue;
    const std::string why = folders_.contains(found.name)
                                ? fmt::format("the folder named, {}, stands for the pack", found.display_folder)
                                : fmt::format("{} comes before it on the search path (name the folder to load "
                                              "this one, or put its parent first with --pack-path)",
                                              found.display_folder);
    notes.push_back(fmt::format("version {} in {} meets it, but is hidden: {}", other->version.str(),
                                other->display_folder, why));
  }
  return notes;
}

std::vector<PackStack::HiddenCopies> PackStack::hidden_copies() {
  std::vector<HiddenCopies> found;
  for (const Manifest& m : order_) {
    if (folders_.contains(m.name)) continue;  // a folder named: the user chose it
    HiddenCopies copies{m.name, m.display_folder, {}};
    for (const auto& folder : search_path_.hidden(m.name)) {
      const Manifest* other = manifest_if_readable(folder);
      copies.hidden.push_back(display_path(folder) + (other ? " (" + other->version.str() + ")" : ""));
    }
    if (!copies.hidden.empty()) found.push_back(std::move(copies));
  }
  return found;
}

const Manifest& PackStack::manifest_in(const std::filesystem::path& folder) {
  auto it = manifests_.find(folder);
  if (it == manifests_.end()) it = manifests_.emplace(folder, read_manifest(sandbox_, folder, display_path(folder))).first;
  return it->second;
}

void PackStack::resolve(const std::string& name, const Requirer& by, std::vector<std::string>& chain) {
  if (by.manifest && by.manifest->name == name) fail_requirement(by, fmt::format("pack '{}' requires itself", name));
  if (const auto cycle = std::find(chain.begin(), chain.end(), name); cycle != chain.end()) {
    std::string path;
    for (auto it = cycle; it != chain.end(); ++it) path += *it + " requires ";
    const std::vector<std::string> ring(cycle, chain.end());
    fail_requirement(by, fmt::format("dependency cycle: {}{}", path, name),
                     {ring.size() == 2 ? fmt::format("packs '{}' and '{}' cannot both require each other", ring[1],
                                                     ring[0])
                                       : fmt::format("packs '{}' require each other in a ring: each would load before "
                                                     "itself; one of them must not require the next",
                                                     fmt::join(ring, "', '"))});
  }
  const auto loaded = std::find_if(order_.begin(), order_.end(), [&](const Manifest& m) { return m.name == name; });
  const Manifest* manifest = loaded == order_.end() ? nullptr : &*loaded;
  Manifest fresh;
  if (!manifest) {
    fresh = manifest_in(locate(name, by));
    manifest = &fresh;
  }
  if (by.requirement && !by.requirement->accepts(manifest->version))
    fail_requirement(by,
                     fmt::format("pack '{}' requires '{}', but {} is version {} ({})", by.manifest->name,
                                 by.requirement->text, name, manifest->version.str(), manifest->display_folder),
                     met_elsewhere(*manifest, *by.requirement));
  if (loaded != order_.end()) return;

  chain.push_back(name);
  std::set<std::string> all;
  for (std::size_t i = 0; i < fresh.dependencies.size(); ++i) {
    const Requirement& requirement = fresh.dependencies[i];
    resolve(requirement.pack, {&fresh, &requirement, i}, chain);
    all.insert(requirement.pack);
    const auto& indirect = dependencies_[requirement.pack];
    all.insert(indirect.begin(), indirect.end());
  }
  chain.pop_back();
  dependencies_[name] = std::move(all);
  order_.push_back(std::move(fresh));
}

}  // namespace arbiter::packs
