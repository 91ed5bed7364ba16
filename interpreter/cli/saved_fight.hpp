#pragma once
// A saved fight and what it was played from: `run --save` records it, `run --resume` continues the
// fight, and `check --resume` checks the next round's sheets against it.
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "interpreter/cli/session.hpp"
#include "interpreter/core/snapshot.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/fight.hpp"
#include "interpreter/packs/pack_stack.hpp"

struct lua_State;

namespace arbiter::cli {

// The save at `path` refused for `why`: an arbiter::Error told at the save, whose file `--json`
// gives (its line unknown).
[[noreturn]] void refuse_save(const std::string& path, const std::string& why);

// Loads the packs a fight is played with: the encounter's rules, then the house packs (names or
// folders), each after what it requires. A house pack that requires other rules than the fight's
// is refused by name.
void load_fight_packs(Session& session, const packs::Encounter& encounter, const std::vector<std::string>& house);
// Loads the packs `check --rules` names, the ruleset then its house packs, held to what
// load_fight_packs holds an encounter's to: a house pack that requires other rules is refused by
// name, before anything loads.
void load_named_packs(Session& session, const std::vector<std::string>& rules);
// `--house PACK`, as `run` and `check` take it: the house packs load_fight_packs loads after the
// encounter's rules.
CLI::Option* add_house_option(CLI::App& command, std::vector<std::string>& house);

// What a save records of the fight it belongs to: the encounter (its path as given and a digest of
// its text), the house packs as `house` named them (a folder by its absolute path, so the save
// finds it from anywhere), and every pack loaded, with its version, in load order, and its files'
// digests.
nlohmann::json played_from(const packs::Encounter& encounter, const std::vector<std::string>& house,
                           const packs::PackStack& stack);

// The house packs the saved fight was played with, for load_fight_packs. A save written before
// they were recorded names the packs it loaded only by name: those beyond the encounter's rules.
// A folder gone since is refused naming the save at `path` and how to give its new place.
std::vector<std::string> house_played_with(const SavedState& saved, const packs::Encounter& encounter,
                                           const std::string& path);

// How the command in use would load the packs a fight was played with that it lacks, named:
// "run --house platemail-house", in the words of that command's own options.
using HowToLoad = std::function<std::string(const std::vector<std::string>& missing)>;

// A save, refused (an arbiter::Error naming `path`) unless it was played from `origin`
// (played_from: the same encounter, the same packs and their files, the same built-in modules), its
// record of that whole, its characters' stats ones the rules read, as an encounter's are checked,
// its last actions ones they define, the encounter's characters on their sides, and its changed
// definitions changed by packs loaded. Packs it was played with that `origin` lacks
// are told with `how_to_load` them.
void check_saved_fight(const SavedState& saved, const std::string& path, const packs::Encounter& encounter,
                       const nlohmann::json& origin, lua_State* L, const packs::Registry& registry,
                       const HowToLoad& how_to_load);

// The same save, refused (naming `path`) unless the rules could resume it as it stands, as `run
// --resume` refuses it: its statuses ones they define, as they could have left them. What `check
// --resume` checks whatever its sheets hold. Returns who is in the fight now (packs::check_playable).
orders::Roster check_resumable(Session& session, const packs::Encounter& encounter, const SavedState& saved,
                               const std::string& path);

// The save at `path`, read and checked (check_saved_fight) for `arbiter run`, which finds packs by
// their names on `search_path`.
SavedState load_saved_fight(const std::string& path, const packs::Encounter& encounter, const nlohmann::json& origin,
                            lua_State* L, const packs::Registry& registry, const packs::SearchPath& search_path);

// The definitions the packs changed during the fight, for the save at `path`: a change a save
// cannot keep (a function) refuses it, at the pack's line, and nothing is written.
nlohmann::json definition_changes_to_save(const packs::Registry& registry, const std::string& path);

// The state about to be saved at `path`, refused as `run --resume` would refuse its stats
// (packs::check_saved_stats): a save that cannot be resumed loses the campaign, so nothing is
// written and the GM is told why.
void refuse_unresumable(const SavedState& state, lua_State* L, const packs::Registry& registry,
                        const std::string& path);

// Puts `fight` where the save left it, then changes the definitions as the packs changed them during
// the fight (packs/fight_changes.hpp): after the fight is made, as the unbroken fight read the
// definitions it keeps (an action's cost, the flow) before the packs changed them. A save the rules
// cannot take is refused naming `path`.
void resume_saved_fight(packs::Fight& fight, Session& session, const SavedState& saved, const std::string& path);

}  // namespace arbiter::cli
