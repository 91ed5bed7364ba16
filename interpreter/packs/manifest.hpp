#pragma once
// A pack's manifest: what its `pack.lua` returns.
//   return { name = "house", version = "1.0.0", api = 1,
//            requires = { "platemail >= 1.0" }, description = "…",
//            budget = { instructions = 1e8, memory_mib = 64, time_ms = 5000 },  -- optional, lowers only
//            main = "init.lua" }                                                 -- optional
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/source_text.hpp"
#include "interpreter/packs/version.hpp"

namespace arbiter::packs {

// The newest pack API this build of Arbiter offers; a manifest's `api` must not be newer. Each
// version offers what the ones before it did (docs/packs.md, "API versions"):
//   1: the first.
//   2: `also_called` of actions, conditions and targets; an action's `target = "ally"`
//      (definition_check.cpp, added_after_api_1): a pack declaring api 1 may not use them.
inline constexpr int pack_api = 2;

struct Manifest {
  std::string name;
  Version version;
  int api = pack_api;
  std::vector<Requirement> dependencies;  // the manifest's `requires`, each pack once
  std::vector<std::size_t> requirement_offsets;  // where each of them is written in pack.lua
  std::shared_ptr<const SourceText> source;       // pack.lua's text
  std::string description;
  lua::Budget budget;             // the host's ceiling, or less where the manifest asks for less
  std::string main = "init.lua";  // run when the pack loads; empty: none (no `main` and no init.lua)
  std::filesystem::path folder;
  std::string display_folder;     // "rules/platemail": how messages name the pack's files

  // Where dependency `i` is written, found only when a message needs it: a Place holds its whole
  // line, and a long `requires` written on one line would cost its length squared.
  Place requirement_place(std::size_t i) const { return source->place(requirement_offsets[i]); }
};

// Whether `name` may name a pack: lower case letters, digits, '-' and '_', a letter or digit first.
bool valid_pack_name(const std::string& name);

// Runs `folder/pack.lua` in the sandbox (no require, its own budget) and checks every field.
// Throws arbiter::Error with every problem, each at the line and column of its field in pack.lua
// (a missing field: at its `return`).
Manifest read_manifest(lua::Sandbox& sandbox, const std::filesystem::path& folder, const std::string& display_folder);

// The file loading the pack runs (folder/main), or an empty path for a pack with none.
std::filesystem::path main_file(const Manifest& manifest);

}  // namespace arbiter::packs
