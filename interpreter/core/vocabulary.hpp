#pragma once
// The words a ruleset lets players use in order sheets: its actions (with what the checker needs
// to know of them) and its condition and general-target phrases, declared with typed placeholders:
//   "I have at least {n} wounds"   {n}         a whole number: 2
//   "{character} is down"          {character} a name in quotes, or one to three bare words
//   "an enemy is within {distance}" {distance} feet: 10' or 10 ft
// A phrase matches a declaration word for word, ignoring ASCII case; a leading "the" is ignored on
// both sides of target phrases ("the closest enemy" is "closest enemy").
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/core/relation.hpp"

namespace arbiter::orders {

enum class Slot { number, character, distance, word };  // word: one bare word ("orc"), given as written

struct Declaration {
  struct Piece {
    std::optional<Slot> slot;  // a placeholder, or else a literal word
    std::string word;          // case-folded
  };
  std::string text;      // as declared
  std::string location;  // "rules/x/init.lua:12", for messages about the declaration
  std::vector<Piece> pieces;
  // The other phrases players may write for it (`also_called`: "the nearest enemy"), each as a
  // declaration of its own: compared with an unknown phrase to suggest this one, never matched.
  std::vector<Declaration> also_called{};
  // A target's `compares`: the stat it ranks characters by ("the biggest enemy": size), so that a
  // fight where no one has that stat is told the phrase names no one. Empty: none said.
  std::string compares{};
  // A target's `kinds`: it says which words each character answers to in its {word} slot ("the
  // closest enemy {word}": "orc"), so that a word no one in a fight answers to is told (the fight's
  // roster holds the words, RosterEntry::kinds). False: none said.
  bool says_kinds = false;
  // A target's `among`: whom it picks among, relative to the one ordering (Platemail's "the closest
  // enemy {word}": its enemies), so that a kind only the others answer to is told as such.
  Relation among = Relation::Any;
  // A condition's `answered_by`: the answers to one's own action it stands for (tempo's "my attack
  // was parried": a Parry), so that a replacement under it that answers none of them, and so is
  // never taken, is told. Empty: none said (it may hold whatever answered, or nothing did).
  std::vector<std::string> answered_by{};
};

// Whether a name names someone (a character of the fight), for the hints of `check`.
using NamesSomeone = std::function<bool(std::string_view)>;

struct Binding {
  Slot slot;
  std::string value;  // the name without quotes; the number; the feet
};

struct Match {
  const Declaration* declaration;
  std::vector<Binding> bindings;
};

struct Order;
struct Target;

struct ActionRules {
  std::string name;
  bool needs_target = false;
  std::optional<long> move_feet{};  // how far it may move; none: it stays in place
  bool involuntary = false;       // forced on a character by the rules (Platemail's Crash), never ordered
  bool enemy_target = false;      // `target = "enemy"`: an attack, never at the character itself or an ally
  bool ally_target = false;       // `target = "ally"`: another of one's side (Platemail's Guard), never oneself or an enemy
  bool other_target = false;      // `target = "other"`: at anyone but the character itself (tempo's Move)
  bool no_target = false;         // `target = "none"`: taken at no one, so an order gives it no target
  std::string declared_as{};      // what the others see declared (tempo's Feint: "Melee Attack"): their
                                  // standing orders (ON) answer that name, never this one
  std::vector<std::string> also_called{};  // other names players write for it ("Shoot"): for hints only
  std::string usage{};            // how it is written ("is written 'Move -> target'…"): told instead of each
                                  // mistake when it is ordered without its target, with one it takes none, with a
                                  // movement, or at all
  bool needs_direction = false;   // an order must say where it moves: steps, a destination, toward or away
                                  // from a target, or a target (Platemail's Move: "distance and direction
                                  // declared as part of the Action order")
  bool target_is_way = false;     // its target is only where it goes (Move: toward it), so an order that
                                  // writes a way too (steps, a destination, toward or away) and a target
                                  // gives two directions, and is refused
  // The arguments it reads, in parentheses: any (`arguments = true`: a spell's name, an item's use),
  // those beginning with one of `argument_words` (Skulk's "roll"), or none. An argument it would not
  // read is refused, not silently ignored.
  bool any_argument = false;
  std::vector<std::string> argument_words{};
  // When it may be taken (tempo's kinds): `turn_only`, only as one's own turn's action, never in a
  // standing order (a proactive action); `answers`, only in answer to one of those actions, as a
  // standing order ON one of them (a reaction); `replaces`, also as a turn entry, in place of one
  // of those own actions when it is answered (a counter-tempo action). None: any order may name it.
  bool turn_only = false;
  std::optional<std::vector<std::string>> answers{};
  std::vector<std::string> replaces{};
  // `move = { squares = n }`: how far in squares of the map, whatever their scale (tempo's Base
  // Combat Movement), in place of move_feet: the feet are known once the map is.
  std::optional<long> move_squares{};
  // `away_from_hostiles`: with no way written it moves away from every hostile, whatever its target
  // (Platemail's Fall Back): its target is never where it goes.
  bool away_from_hostiles = false;

  // The target an order of it goes to as its way: its target is where it goes (target_is_way) and
  // the order writes no way of its own ("Move -> C3", "Move 10' -> C3", "Skulk toward C3"), as the
  // fight takes it (Fight::way_to_cell) and `check` foresees it. nullptr: the order goes as written.
  const Target* way_target(const Order& order) const;

  // Whether its target is never the character itself: `target` is "enemy", "ally" or "other".
  bool targets_another() const { return enemy_target || ally_target || other_target; }

  // How far it may move, in feet, where a square is `square_feet`; none: it stays in place.
  std::optional<long> move_feet_at(long square_feet) const {
    return move_squares ? std::optional<long>(*move_squares * square_feet) : move_feet;
  }
};

// Whom an action with `enemy_target`, `ally_target` or `other_target` is taken at, for the messages
// refusing another: "an enemy", "an ally", "another character".
std::string_view target_wanted(const ActionRules& action);

// Throws arbiter::Error, with no position, naming a word of a condition or target phrase that is an
// unknown or unclosed placeholder ("{k}").
void check_placeholders(std::string_view phrase);

// How a sheet reads a name: two names of one key are one name to every sheet. An action's name
// without regard to ASCII case; a condition's phrase so, and to the blanks between its words; a
// target's too, and to a leading "the" (docs/orders.md).
std::string action_key(std::string_view name);
std::string condition_key(std::string_view phrase);
std::string target_key(std::string_view phrase);

class Vocabulary {
 public:
  void add_action(ActionRules action);
  // Throw arbiter::Error, placed at `location`, for an unknown or unclosed placeholder.
  // `answered_by`: the answers it stands for (Declaration::answered_by).
  void add_condition(const std::string& text, const std::string& location,
                     const std::vector<std::string>& also_called = {},
                     const std::vector<std::string>& answered_by = {});
  // `compares`: the stat the phrase ranks characters by, if the rules say (Declaration::compares);
  // `says_kinds`: whether the rules say who answers to its {word} (Declaration::says_kinds); `among`:
  // whom it picks among (Declaration::among).
  void add_target(const std::string& text, const std::string& location, const std::vector<std::string>& also_called = {},
                  const std::string& compares = {}, bool says_kinds = false, Relation among = Relation::Any);

  long phases = 0;         // phases per round each character must order; 0: any number
  long flow_phases = 0;    // the flow's phases when none is sequential: an order past them is never played; 0: any
  long feet_per_step = 5;  // what one compass step ("S, S, SW") moves without a map (with one: its scale)
  bool sequential = false; // the flow has a sequential phase: sheets may give standing orders (ON)
  // The rules make each intent from its order themselves (the hook `choose`, tempo's): the way toward
  // a character is theirs to plan (tempo's goes as near as it can), not the runtime's.
  bool rules_choose = false;

  const ActionRules* action(std::string_view name) const;
  std::optional<Match> condition(std::string_view phrase) const;
  std::optional<Match> target(std::string_view phrase) const;

  std::vector<std::string> action_names() const;
  std::vector<std::string> target_phrases() const;  // as declared
  const std::vector<Declaration>& conditions() const { return conditions_; }  // as declared, in order
  // The actions an unknown one may mean, nearest first (names.hpp, nearest_suggestions), their
  // `also_called` compared too; never an involuntary one, which no order may name.
  std::vector<std::string> nearest_actions(std::string_view name, std::size_t most = 5) const;
  // The declared phrases `phrase` may mean, nearest first, at most `most`: each compared with its
  // placeholders filled from the words of `phrase` it does not hold itself (a quoted name, a
  // number, a distance, a word no declared phrase has: "closest orc" is near "the closest enemy
  // orc"), and shown so filled; and compared as its `also_called`. Given `names_someone` (a fight's
  // roster known), {character} is filled only with words naming someone: "an ally is fatally
  // wounded" is not near 'fatally is wounded', which would be told "'fatally' is not in the fight".
  std::vector<std::string> nearest_conditions(std::string_view phrase, std::size_t most = 3,
                                              const NamesSomeone& names_someone = {}) const;
  std::vector<std::string> nearest_targets(std::string_view phrase, std::size_t most = 3) const;

 private:
  std::map<std::string, ActionRules, std::less<>> actions_;  // by case-folded name
  std::vector<Declaration> conditions_;
  std::vector<Declaration> targets_;
};

}  // namespace arbiter::orders
