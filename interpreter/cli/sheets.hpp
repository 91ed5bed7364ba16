#pragma once
// Reading order sheets from files, for `arbiter check`, `arbiter fmt` and `arbiter run`.
#include <string>
#include <vector>

#include "interpreter/cli/file_kind.hpp"
#include "interpreter/core/order_check.hpp"

namespace arbiter::cli {

// The file, read up to and with its first control character, or to one byte past
// orders::max_sheet_bytes, for the parser to report either (a pipe or a device never ends: /dev/zero);
// throws arbiter::Error naming the file when it cannot be read.
std::string read_sheet(const std::string& path);

// The sheet `text`, read from `path`, as orders::parse_orders_to_check reads it; a file of another
// kind (a save given as a sheet) is refused as such, telling how the command takes it.
orders::Sheet parse_sheet(const std::string& path, const std::string& text, const orders::Declared& declared,
                          const HowGiven& how);

// Refuses, as bad usage of `option`, a sheet given twice however its path is spelt: its characters
// would be ordered twice, each told at its own line as the first orders.
void refuse_sheet_given_twice(const std::vector<std::string>& paths, const std::string& option);

// The most rounds one `arbiter run` plays (`--rounds`).
constexpr int max_rounds_per_run = 10'000;

// The round a sheet is for: its own "Round N", or else the next round, when the fight has played
// `played` rounds. A sheet for a round already played, or for one past the most rounds a run plays
// from there, is refused at its "Round" line.
long round_for(const orders::SheetFile& file, int played);

// Warnings, for sheets given for a fight that has played `played` rounds and will play up to round
// `last`: each run of rounds from the next one to `last` that no sheet orders, which are played on
// the default order ("no sheet orders rounds 1 to 2"), told at the "Round" line of the first sheet
// for the round after them (the sheet that skips them), or with no place when no sheet comes after.
// `run` and `check` tell these alike.
std::vector<Diagnostic> rounds_without_orders(const std::vector<const orders::SheetFile*>& sheets, int played,
                                              long last);

}  // namespace arbiter::cli
