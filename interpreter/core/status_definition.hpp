#pragma once
// What a status is, as a pack defines it (stdlib/types/status.lua is the Lua side): how
// re-applying it stacks, how long it lasts and on whose clock, which actions it allows or
// forbids, and how it changes rolls (always with the reason, for the log and the narration).
// Examples from the sources: Platemail's Dazed ("Dazed for next 1d4 Actions"), Prone, Fatally
// Wounded (Max Wounds rounds); the tempo rules' Bound, Grappled, Off Guard, On Guard, Pinned.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "grammar/diagnostic.hpp"

namespace arbiter {

enum class Stacking : std::uint8_t {
  Refresh,      // applying it again restarts its duration (and takes the new source)
  Stack,        // applying it again adds a stack, up to max_stacks, and restarts its duration
  Ignore,       // applying it again does nothing
  Independent,  // each application is its own instance with its own clock (two poisons)
  Longer,       // applying it again keeps the longer of what remains and the new duration, with its source
                //   (Platemail's Dazed: a 1-Action daze does not cut short a 1d4 one)
};
enum class DurationUnit : std::uint8_t { Rounds, Phases, Turns, UntilRemoved };
enum class ClockEdge : std::uint8_t { Start, End };
enum class ClockOwner : std::uint8_t { Owner, Source };  // whose turn or phase counts it down

struct RollModifier {
  std::string roll;    // which rolls, in the ruleset's words: "attack", "melee attacks against"
  int amount = 0;      // per stack
  std::string reason;  // "Prone", "Pinned: limbs restrained"
  friend bool operator==(const RollModifier&, const RollModifier&) = default;
};

// The longest duration a status may be given, in its units, and the most stacks: enough for any
// rule (a year of rounds), and far from what an int holds, so no count can wrap.
inline constexpr int longest_duration = 1'000'000;
inline constexpr int most_stacks = 1'000'000;

struct StatusDefinition {
  std::string name;
  Stacking stacking = Stacking::Refresh;
  int max_stacks = 1;
  DurationUnit unit = DurationUnit::UntilRemoved;
  int duration = 0;                       // in `unit`s; ignored when UntilRemoved
  ClockEdge expires_at = ClockEdge::End;  // counted down at the start or the end …
  ClockOwner clock = ClockOwner::Owner;   // … of the owner's or the source's turn (or phase)
  std::vector<std::string> allows{};      // if not empty: only these actions
  std::vector<std::string> forbids{};
  std::vector<RollModifier> modifiers{};
  // "file:line" of the change that wrote the modifiers, for a mistake in them ("" when unknown),
  // and the place in the load order of the pack that made it (Sandbox::current_pack_order's).
  std::string modifiers_written_at{};
  std::size_t modifiers_pack_order = 0;
  friend bool operator==(const StatusDefinition&, const StatusDefinition&) = default;
};

// The words a pack's table writes for each, in the order of their values.
inline constexpr std::array<std::string_view, 5> stacking_names{"refresh", "stack", "ignore", "independent", "longer"};
inline constexpr std::array<std::string_view, 4> duration_unit_names{"rounds", "phases", "turns", "until removed"};
inline constexpr std::array<std::string_view, 2> clock_edge_names{"start", "end"};
inline constexpr std::array<std::string_view, 2> clock_owner_names{"owner", "source"};

std::string_view name(Stacking stacking);  // "refresh", "stack", "ignore", "independent", "longer"
Stacking parse_stacking(std::string_view text);
std::string_view name(DurationUnit unit);  // "rounds", "phases", "turns", "until removed"
DurationUnit parse_duration_unit(std::string_view text);
std::string_view name(ClockEdge edge);     // "start", "end"
ClockEdge parse_clock_edge(std::string_view text);
std::string_view name(ClockOwner owner);   // "owner", "source"
ClockOwner parse_clock_owner(std::string_view text);

// No name, a duration outside 0..longest_duration, max_stacks outside 1..most_stacks are
// arbiter::Errors. (What a pack's table gives that would do nothing — a duration with no unit that
// counts down, max_stacks without stacking "stack" — is refused where it is read:
// lua::check_status_definition.)
void check_status(const StatusDefinition& definition);
// Why a duration given to a status that lasts until removed is refused, its definition's or its
// application's, told after what it is of ("status 'Marked': ", "status 'Marked' on Bo: "):
// nothing would count it down.
std::string duration_without_unit(int duration);

// The pack's statuses by name. define() checks a definition (check_status) and replaces any
// earlier one of that name (a house rule).
class StatusBook {
 public:
  StatusBook() = default;
  // A copy indexes its own definitions (by_name_ points into definitions_); a move keeps the nodes.
  StatusBook(const StatusBook& other);
  StatusBook& operator=(const StatusBook& other);
  StatusBook(StatusBook&&) = default;
  StatusBook& operator=(StatusBook&&) = default;

  void define(StatusDefinition definition);
  const StatusDefinition& get(std::string_view name) const;  // an Error with a did-you-mean if unknown
  const StatusDefinition* find(std::string_view name) const;
  // An Error if `roll`, which the rules ask for, is a near miss of a roll some status modifies: the
  // status's mistake, told where its roll is written, unless the rules asked for that roll too: a
  // pack loaded no later than the one asking now (`asked_by`, its place in the load order; 0 the first).
  // Asked by the pack that wrote that status's roll, or a later one, either may be the slip until a
  // pack loaded before the asker asks for one of the two: for the status's, the asker's is told at
  // `asked_at()` ("file:line", the asking line); until then it is kept, and settle_rolls decides.
  void check_roll(std::string_view roll, std::size_t asked_by = 0,
                  const std::function<std::string()>& asked_at = {}) const;
  // An Error, the status's mistake as check_roll tells it, for a near miss kept undecided: the
  // rules have not asked for the status's roll by the end of the round, so the one asked for is
  // taken for theirs, as when they ask for it first.
  void settle_rolls() const;
  const std::map<std::string, StatusDefinition, std::less<>>& all() const { return definitions_; }

 private:
  void index();
  // Whether a pack loaded no later than the one `asked_by` wrote a status's roll `modified`.
  bool written_by_no_later_than(const std::string& modified, std::size_t asked_by) const;
  // The Error for a status's roll `misspelt` near the roll `asked` for, at its definition's line.
  Error misspelt_modifier(const std::string& misspelt, std::string_view asked) const;

  std::map<std::string, StatusDefinition, std::less<>> definitions_;
  // The same definitions by name, hashed: find is asked hundreds of times a round (status.has),
  // and the map compares the name with five others to find one. Keys view definitions_' own.
  std::unordered_map<std::string_view, const StatusDefinition*> by_name_;
  // The rolls check_roll passed since the last define, each with the earliest place in the load
  // order of a pack that asked for it.
  mutable std::map<std::string, std::size_t, std::less<>> rolls_checked_;
  // The near misses check_roll keeps undecided, by the roll asked for: the status's roll near it,
  // who asked and where.
  struct NearMiss {
    std::string modified;
    std::size_t asked_by;
    std::string asked_at;
  };
  mutable std::map<std::string, NearMiss, std::less<>> undecided_;
};

}  // namespace arbiter
