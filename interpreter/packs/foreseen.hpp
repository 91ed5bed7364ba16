#pragma once
// What the rules will make of a round's orders whatever the dice: `arbiter check` tells a GM before
// the table which written orders the rules refuse, as `run` would only say at the table.
#include <string>
#include <vector>

#include "grammar/orders.hpp"
#include "interpreter/core/snapshot.hpp"
#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/registry.hpp"

namespace arbiter::packs {

struct ForeseenRefusal {
  std::string character;
  long entry = 0;       // the sheet's numbered line it is written in: the phase's, or a turn's entry
  std::string order;    // as written (orders::format)
  std::string reason;   // the rules' own words
  std::string instead;  // the default order taken in its place (a simultaneous phase); empty: none
  std::string answering;  // the action a standing order ON … answered with it; empty: a turn's or phase's order
  std::string answered;   // who declared the action answered
  bool cannot_act = false;  // not refused but never carried out: the character cannot act (`reason`, a status)
};

// Whether the rules can start the encounter's fight, or resume `saved`, as `run` would before its
// first round, whatever sheets there are: `run` makes the same Fight, so whatever it refuses then
// (the flow, a phrase or an action the fight could not carry out, a starting value of the
// encounter; resumed, a status the rules do not define or could not have left so, at its place in
// the save) is the same arbiter::Error here. Nothing under rules that play no fight (no flow).
// Returns who is in that fight, as its sheets are checked against (Fight::roster: with the words
// each answers to in a target's {word}; without them under rules that play no fight).
orders::Roster check_playable(lua::Sandbox& sandbox, const Registry& registry, const Encounter& encounter,
                              const SavedState* saved);

// The orders of the next round that the rules refuse before its first die is rolled, in a trial of
// the round on the fight as it stands (the encounter as it starts, or `saved`), which stops at that
// die: up to there nothing depends on the dice, so the table will see the same refusals. A round
// that fails tells what it refused before failing.
std::vector<ForeseenRefusal> refused_whatever_the_dice(lua::Sandbox& sandbox, const Registry& registry,
                                                       const Encounter& encounter, const SavedState* saved,
                                                       const std::vector<orders::Sheet>& next_round);

}  // namespace arbiter::packs
