#pragma once
// `arbiter run --ask`: the GM decides at the terminal what no sheet decides. Each question is
// answered with one order in the sheet language (docs/orders.md), IF … THEN … ELSE included,
// without an entry's number, and checked like a sheet's line (a response like a standing order ON
// the action it answers): a mistake is shown with its column in the answer and the nearest valid
// name, and asked again (a number `1:` or a standing order `ON …:` is not an answer). `?` or
// `help` lists the actions the character may take there. Why the rules refused the last answer is
// said once, before the question. An empty line answers "none"; a carriage return ends a line as a
// newline does. When the input ends, the fight stops with an error.
#include <iosfwd>

#include "interpreter/core/order_check.hpp"
#include "interpreter/core/vocabulary.hpp"
#include "interpreter/packs/fight.hpp"

namespace arbiter::cli {

packs::Fight::Ask gm_prompt(std::istream& in, std::ostream& prompts, const orders::Vocabulary& vocabulary,
                            const orders::Roster& roster, const Grid& map);

}  // namespace arbiter::cli
