#pragma once
// A stack of packs loaded into one sandbox: "platemail, then my house rules, then this mod".
// Resolves the requested packs and their dependencies into a deterministic load order, then runs
// each pack's main file, so its definitions land in the shared registry with their provenance.
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/manifest.hpp"
#include "interpreter/packs/registry.hpp"
#include "interpreter/packs/search_path.hpp"
#include "interpreter/packs/source_text.hpp"

namespace arbiter::packs {

class PackStack {
 public:
  PackStack(lua::Sandbox& sandbox, SearchPath search_path);
  PackStack(const PackStack&) = delete;
  PackStack& operator=(const PackStack&) = delete;
  ~PackStack();

  // `requested`: pack names, or folders holding a pack.lua. Dependencies load before the packs
  // that require them; otherwise packs load in the order given. Throws arbiter::Error for a
  // missing, incompatible or circular dependency (naming both packs) or a pack that fails to load.
  // `written_at[i]`, when given, is where request i is written (an encounter's `rules`): a request
  // that cannot be met (a pack not found, named twice) is reported there. A folder named stands for
  // its pack wherever that pack is required, before the search path: the user said which one.
  // Then calls the hook `loaded`, if the packs define one: its error refuses the packs.
  void load(const std::vector<std::string>& requested, std::span<const Place> written_at = {});

  // The name of the pack `request` names: itself, or the name in the manifest of the folder it
  // names, which then stands for that pack wherever it is required (as in `load`).
  std::string name_folder(const std::string& request);

  const std::vector<Manifest>& load_order() const noexcept { return order_; }
  // The packs the requests named (not merely required), by name, in the order named.
  const std::vector<std::string>& named() const noexcept { return named_; }
  // Every pack `name` requires, directly or not, read from the manifests without loading any pack.
  std::set<std::string> requirements(const std::string& name);
  // Where pack `name`'s manifest writes the requirement that brings `needed` in: `needed` itself,
  // or a pack that requires it, directly or not ("tempo" in fortempo/pack.lua, for a clash of rulesets).
  Place requirement_place(const std::string& name, const std::string& needed);
  const Registry& registry() const noexcept { return registry_; }
  Registry& registry() noexcept { return registry_; }
  const SearchPath& search_path() const noexcept { return search_path_; }
  // Whether `pack` requires `other`, directly or through other packs.
  bool depends_on(const std::string& pack, const std::string& other) const;
  // The pack API `pack`'s manifest declares; the newest for code of no loaded pack (a designer's
  // snippet, a pack's tests, the host's own), which no other Arbiter loads as a pack.
  int api_of(const std::string& pack) const;

  // A loaded pack that the search path found before others of its name, which it hides (`arbiter
  // packs` marks them): where it was loaded from, and each hidden folder with its version.
  struct HiddenCopies {
    std::string pack;
    std::string loaded;               // its folder, as messages show it
    std::vector<std::string> hidden;  // "~/packs/platemail (1.0.0)"
  };
  std::vector<HiddenCopies> hidden_copies();

 private:
  struct Requirer {
    const Manifest* manifest = nullptr;  // nullptr: asked for on the command line
    const Requirement* requirement = nullptr;
    std::size_t index = 0;  // of the requirement in the manifest, to find where it is written
  };
  void resolve(const std::string& name, const Requirer& by, std::vector<std::string>& chain);
  const Manifest& manifest_in(const std::filesystem::path& folder);  // read once per folder
  // The same for a folder no one asked for (a copy the search path hides), or nullptr when it does
  // not read: its mistakes are not this load's.
  const Manifest* manifest_if_readable(const std::filesystem::path& folder);
  // Notes for a requirement the pack found does not meet: each other copy of it that does, and
  // why it was not the one taken (hidden further down the search path, or a folder named instead).
  std::vector<std::string> met_elsewhere(const Manifest& found, const Requirement& requirement);
  std::filesystem::path locate(const std::string& name, const Requirer& by) const;
  [[noreturn]] void fail_requirement(const Requirer& by, const std::string& message,
                                     std::vector<std::string> notes = {}) const;

  lua::Sandbox& sandbox_;
  SearchPath search_path_;
  Registry registry_;
  std::vector<Manifest> order_;
  std::vector<std::string> named_;
  std::map<std::string, std::filesystem::path> folders_;      // packs asked for by folder
  std::map<std::filesystem::path, Manifest> manifests_;
  std::map<std::string, std::set<std::string>> dependencies_;  // transitive
};

}  // namespace arbiter::packs
