#pragma once
// Checks parsed order sheets against a ruleset's vocabulary and, when one is given, the roster of
// the fight, before the round starts: every problem in every sheet is reported at once, each at
// the line and column it comes from, so a GM can send each player back exactly what to fix.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "interpreter/core/grid.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/vocabulary.hpp"

namespace arbiter::orders {

struct RosterEntry {
  std::string name;
  std::string side;  // "players", "orcs"
  std::vector<std::string> stats{};  // the names of the stats it has ("strength", "size")
  // By a target phrase that says them (its `kinds`): the words the character answers to in the
  // phrase's {word} ("orc"), case-folded, as the fight starts. Made by a fight (Fight::roster).
  std::map<std::string, std::vector<std::string>, std::less<>> kinds{};
  // Where it stands as the next round starts, when the fight is known: a cell walled off from it
  // is told in that round's orders.
  std::optional<Cell> at{};
  // The name as sheets read it, made once: every name of every sheet is looked for among them
  // all, and a fight of thousands would make their keys again for each.
  std::string key = character_name_key(name);
};
using Roster = std::vector<RosterEntry>;

// The character of the fight a name written in a sheet means: the one of that name, ignoring ASCII
// case, or else the one whose name and it are the same without a leading "the" ("IF the Orc is
// down" is Orc; "-> The Baron", read as "Baron" since "the" before a target is decoration, is The
// Baron); nullptr when there is none. `check` and `run` read every name of a sheet by this rule.
const RosterEntry* named(const Roster& roster, std::string_view name);
// A number a sheet may write ({n}, {distance}): whole, and at most max_number in absolute value, as
// the parser bounds distances and coordinates.
inline constexpr long max_number = 1'000'000;
bool number_in_range(std::string_view text);

// What the ruleset declares, for the parser's messages (a condition without THEN, the next phase),
// and the scale of the fight's `map`, when there is one. Holds a reference to `vocabulary`.
Declared declared_by(const Vocabulary& vocabulary, const Grid* map = nullptr);

// `name` without a leading "the" and its blank, if it has one.
std::string_view without_the(std::string_view name);

// The character a target phrase names when it is not a general target the rules declare but a bare
// name of someone in the fight ("-> Orc Brute"); nullptr otherwise (declared phrases come first).
// `check` and `run` read bare names by this one rule.
const RosterEntry* bare_name(std::string_view phrase, const Vocabulary& vocabulary, const Roster& roster);

struct SheetFile {
  std::string name;  // as the user named the file
  std::string text;  // for quoting lines in messages
  Sheet sheet;
  // One order typed at a prompt (`run --ask`, orders::parse_answer): when the rules let an action
  // be taken is told as the prompts ask for it, not as a sheet is written.
  bool answer = false;
};

// The round a sheet is for: its own "Round N", or else `next_round`, the next round to play.
inline long round_of(const Sheet& sheet, long next_round) { return sheet.round.value_or(next_round); }

// Everything wrong, in the order of the sheets and of the lines in each; empty when all is well.
// `roster` may be null: names are then not checked against a fight, and a bare target the rules
// do not declare ("-> Brienne") is taken for a name, as run reads it against the fight: unless the
// sheets order someone of that name, it is added to `warnings` (when given), with the nearest
// declared targets. `map` may be null: cells and coordinates are then not checked against one, and
// a compass step counts the vocabulary's feet_per_step instead of the map's scale. A sheet without
// "Round N" is for `next_round`, so it and a sheet numbered for that round may not both order one
// character.
std::vector<Diagnostic> check_orders(const std::vector<SheetFile>& sheets, const Vocabulary& vocabulary,
                                     const Roster* roster, const Grid* map = nullptr, long next_round = 1,
                                     std::vector<Diagnostic>* warnings = nullptr);

// Whether `warning`, of check_orders, tells of an order heading where no way leads from where the
// character stands (it would stay there): moot when the rules refuse the order as it is read,
// which only a trial of the round can tell (`check` and `run` leave it out then).
bool tells_no_way(const Diagnostic& warning);

// Warnings, for sheets checked without a fight's roster: a bare name or target followed by a comment
// that starts with a number ("-> Orc #2" reads "Orc"), which is how an encounter names the copies of
// a character. With a roster, check_orders refuses the names a comment cut short instead.
std::vector<Diagnostic> numbers_after_names(const std::vector<SheetFile>& sheets);

// Warnings: standing orders that can never be used, as an earlier one for the same action always
// gives an order (it has no IF, or an ELSE) and so always answers first. A standing order refused
// (a line of `refused`, check_orders' errors) neither shadows another nor is warned of.
std::vector<Diagnostic> never_fire(const std::vector<SheetFile>& sheets, const std::vector<Diagnostic>& refused = {});

// Why an action that only answers another's (`answers`, and nothing it `replaces`: a reaction, tempo's
// Parry) is no turn's own action: "'Parry' answers another's action (Melee Attack, Unarmed Attack),
// it is not taken on one's turn". Said of a sheet's turn entry of it, and of a hook's choice of it.
std::string answers_only(const ActionRules& action);

// Why an action that answers another's and `replaces` one's own (a counter-tempo action, tempo's CT
// Parry) is not the next action of a turn: "'CT Parry' answers another's action (Counter-Attack), and
// is taken in place of one's own Feint or Melee Attack only when it is answered, not as the next
// action". Said of an `--ask` answer of it, and of a `choose` hook's choice of it.
std::string replaces_only(const ActionRules& action);

}  // namespace arbiter::orders
