#pragma once
// The layered registry: every named thing packs define (actions, statuses, tables, conditions,
// targets, hooks), its current value, and its provenance — which pack defined it and which
// packs changed it, in order, with the fields they changed. Values live in the Lua state; each
// function in them is a pack function of the pack that gave it (Sandbox::push_pack_function), so
// it runs on that pack's behalf and budget whoever calls it.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <lua.hpp>
#include <nlohmann/json.hpp>

namespace arbiter::packs {

enum class Kind { action, status, table, condition, target, hook };
inline constexpr std::array all_kinds{Kind::action, Kind::status, Kind::table,
                                      Kind::condition, Kind::target, Kind::hook};
std::string_view to_string(Kind kind);
// Throws arbiter::Error with the nearest kind when `text` names none.
Kind parse_kind(std::string_view text);

enum class Operation { define, override, patch };
std::string_view to_string(Operation operation);

struct FieldChange {
  std::string field;  // "max", "damage.bonus"
  std::string before;
  std::string after;
};

struct Change {
  std::string pack;
  Operation operation;
  std::string location;  // "rules/house/init.lua:7"
  std::vector<FieldChange> fields;  // for patches; an override's one, the whole definition ("")
  // For an override: each field of the definition it changed, named as a patch's fields are
  // (`explain` shows those of the part asked for).
  std::vector<FieldChange> overridden{};
};

// The part of another definition a definition is made from, as arbiter.last_change names one: a
// row of a table that a loop defines an action from (tempo's actions_data["Melee Attack"]).
struct MadeFrom {
  Kind kind;
  std::string name;
  std::string field;  // "" for the whole definition
};

struct Definition {
  Kind kind;
  std::string name;
  int value_ref = LUA_NOREF;  // in the Lua registry
  std::vector<Change> history;
  std::optional<MadeFrom> made_from = {};  // given by the pack that defined it (`arbiter explain` shows it)
};

// A change made during a fight (Registry::keep_fight_changes), as a save keeps it to make again when
// the fight resumes: the packs loaded afresh make only the changes written in their files.
struct FightChange {
  Kind kind;
  std::string name;
  Operation operation;
  std::string pack;
  std::string location;
  nlohmann::json value;     // the value given, as plain data
  std::string not_plain;    // why the value is no plain data (it holds a function): a save cannot keep it
};

// The change that last set `field` of `d`: its define or override, or a later patch of it (a house
// rule that patched only the cost is not blamed for a misspelt allowed_by).
const Change& setting(const Definition& d, std::string_view field);

// Two packs, neither requiring the other, changing the same thing: the result would depend on
// the order they happened to load in.
struct Conflict {
  std::string location;
  std::string message;
};

class Registry {
 public:
  // Whether `pack` requires `other`, directly or through others.
  using DependsOn = std::function<bool(const std::string& pack, const std::string& other)>;
  // The pack API `pack` declares in its manifest (manifest.hpp).
  using ApiOf = std::function<int(const std::string& pack)>;
  Registry(DependsOn depends_on, ApiOf api_of) : depends_on_(std::move(depends_on)), api_of_(std::move(api_of)) {}

  // The pack API whose definitions `pack`'s changes may use.
  int api_of(const std::string& pack) const { return api_of_(pack); }

  // Each takes the value at `index` on the running thread `L`, on behalf of `pack`, and throws
  // arbiter::Error for misuse (defining twice, changing what does not exist, wrong value type).
  void define(lua_State* L, Kind kind, const std::string& name, int index, const std::string& pack,
              const std::string& location);
  void replace(lua_State* L, Kind kind, const std::string& name, int index, const std::string& pack,
               const std::string& location);
  void patch(lua_State* L, Kind kind, const std::string& name, int index, const std::string& pack,
             const std::string& location);

  // Pushes the current value and returns true, or pushes nothing and returns false.
  bool push(lua_State* L, Kind kind, const std::string& name) const;
  const Definition* find(Kind kind, const std::string& name) const;
  // Records what a definition just defined is made from (MadeFrom), which must be defined.
  void set_made_from(lua_State* L, Kind kind, const std::string& name, MadeFrom from);
  std::vector<std::string> names(Kind kind) const;
  std::vector<const Definition*> definitions() const;  // by kind, then name
  const std::vector<Conflict>& conflicts() const noexcept { return conflicts_; }

  // "no action 'Chrage' is defined (did you mean 'Charge'?)", or, with none near, the names there
  // are, nearest first; of a runtime hook no pack defines, why (with `L`, reading the flow: a hook
  // of sequential phases that this flow never calls).
  std::string unknown(Kind kind, const std::string& name, lua_State* L = nullptr) const;
  // Counts every change (define, override, patch): what a pack derives from definitions is stale
  // when it moves.
  std::uint64_t revision() const noexcept { return revision_; }

  // From now on every change is kept (fight_changes): the fight is made, and what changes now is
  // its doing.
  void keep_fight_changes() { keeping_fight_changes_ = true; }
  const std::vector<FightChange>& fight_changes() const noexcept { return fight_changes_; }

  // A check a pack adds (arbiter.add_check): the function at `index`, a pack function of `pack`
  // (Sandbox::push_pack_function). Being no definition, no other pack can replace or skip it.
  // Only while packs load (`accepting_checks`): a check added later, each round by a hook, would
  // pile up, and one added by a check would grow the list being run.
  void add_check(lua_State* L, int index, const std::string& pack);
  void accept_checks(bool accepting) { accepting_checks_ = accepting; }
  // When a definition has changed since the checks last all passed (revision), pushes each check
  // in the order they were added and has `call` call it with no arguments, naming its pack. The
  // runtime runs them once every pack has loaded and before it calls into the packs in a fight.
  void run_checks(lua_State* L, const std::function<void(const std::string& pack)>& call) const;

 private:
  // Throws arbiter::Error when `name` is, to an order sheet, the name of another definition of
  // `kind` ("punch" of an action "Punch").
  void check_alike(Kind kind, const std::string& name) const;
  Definition& existing(lua_State* L, Kind kind, const std::string& name);
  // Whether the table `flow` has a sequential phase, where turns come.
  bool has_turns(lua_State* L) const;
  void record(Definition& definition, Change change);
  // The change about to be made with the value at `index`, as fight_changes keeps it, when kept.
  std::optional<FightChange> fight_change(lua_State* L, Kind kind, const std::string& name, Operation operation,
                                          int index, const std::string& pack, const std::string& location) const;

  DependsOn depends_on_;
  ApiOf api_of_;
  std::map<std::pair<Kind, std::string>, Definition> definitions_;
  std::vector<Conflict> conflicts_;
  std::uint64_t revision_ = 0;
  struct Check {
    std::string pack;
    int ref;
  };
  std::vector<Check> checks_;
  bool accepting_checks_ = false;
  bool keeping_fight_changes_ = false;
  std::vector<FightChange> fight_changes_;
  mutable std::optional<std::uint64_t> checked_;  // the revision the checks last all passed at
};

}  // namespace arbiter::packs
