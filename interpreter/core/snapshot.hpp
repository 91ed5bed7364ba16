#pragma once
// Saved state: everything a fight needs to resume — the world (grid, borders, terrain,
// characters and their statuses mid-duration, border traffic), the flow position and the dice
// generator's state — as one versioned JSON document.
//
// The RNG state is opaque here: whoever owns the generator puts its exported JSON in `rng` before
// saving and restores the generator from it after loading (interpreter/core/rng.hpp exports and
// imports that JSON), so this layer does not depend on how the generator works.
//
// Saving writes a temporary file beside the target, flushes it to disk and renames it over the
// target, so a crash leaves either the old save or the new one, never half of one; errors name the
// target, never the temporary file. Loading
// refuses a damaged, truncated, foreign or newer-version file with an arbiter::Error naming the
// file and what is wrong; it never changes the file.
#include <filesystem>
#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/core/event_log.hpp"
#include "interpreter/core/flow.hpp"
#include "interpreter/core/world.hpp"

namespace arbiter {

// 2: the save records what the fight was played from (`played_from`); a version 1 save loads
// with it null.
// 3: the save records the definitions the packs changed during the fight (`definition_changes`); an
// older save loads with none.
// 4: the save records the built-in Lua modules the fight was played under (`played_from.stdlib`)
// and the Arbiter that saved it; a version 3 save loads and resumes without them, unchecked.
inline constexpr int state_format_version = 4;

struct SavedState {
  World world;
  FlowPosition flow;
  nlohmann::json rng;  // the generator's exported state; null when there is none (the member is required)
  std::map<EntityId, Intent> last_intents{};  // each character's last action ("I reach the enemy", Aim)
  std::vector<LogEvent> log{};                // the fight's record so far: a resumed fight continues it
  // What the fight was played from (the CLI: the encounter file and its digest, the packs and their
  // versions), opaque here like `rng`: whoever resumes compares it with what it is given.
  nlohmann::json played_from{};
  // The definitions the packs changed during the fight (packs/fight_changes.hpp), a list opaque
  // here too: whoever resumes makes them again.
  nlohmann::json definition_changes = nlohmann::json::array();
  int version = state_format_version;  // the format version it was read from: what it must hold
  friend bool operator==(const SavedState&, const SavedState&) = default;
};

nlohmann::json state_to_json(const SavedState& state);
// `source` names the document in errors (the file name).
SavedState state_from_json(const nlohmann::json& json, const std::string& source);

// Replaces `file` whole, or leaves it as it was (output_file.hpp).
void save_state(const std::filesystem::path& file, const SavedState& state);
// The text save_state writes: for writing the save together with other files (replace_files).
std::string state_text(const SavedState& state);
SavedState load_state(const std::filesystem::path& file);

}  // namespace arbiter
