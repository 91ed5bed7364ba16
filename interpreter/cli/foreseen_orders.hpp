#pragma once
// What the rules will refuse of a round's orders whatever the dice (packs::refused_whatever_the_dice),
// placed in the sheets that write them: `check` tells it, and `run` and `check` both leave out a
// warning of how an order would move that the rules refuse before it moves.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/order_check.hpp"
#include "interpreter/packs/foreseen.hpp"

namespace arbiter::cli {

// The orders for `round` of each character, by its name as sheets read it: the first written, in
// the order of the sheets. Made once, as a check of thousands of characters foresees as many
// refusals.
using OrdersByName = std::map<std::string, std::pair<const orders::SheetFile*, const orders::CharacterOrders*>>;
OrdersByName orders_by_name(const std::vector<orders::SheetFile>& sheets, long round);

// Where a sheet for `round` writes what `refused` says was refused, told as `check` tells it: in the
// standing order ON the action it answered, or in that character's entry for its phase or turn's
// entry (of two entries alike, the one refused), else in any entry of theirs; else at its name, as
// for orders never carried out. None when no sheet orders that character.
std::optional<Diagnostic> place_of(const packs::ForeseenRefusal& refused, const OrdersByName& sheets, long round);

// `warnings` without those that an order heads where no way leads (orders::tells_no_way) on a line
// where the rules refuse the order (`refusals`, placed by place_of): the rules refuse it as the
// orders are read, before anyone moves (Platemail: a Charge at one a wall hides, out of sight), so
// it never stays where it stands for want of a way, and the reason told is the refusal's alone.
void drop_ways_refused_first(std::vector<Diagnostic>& warnings, const std::vector<Diagnostic>& refusals);

}  // namespace arbiter::cli
