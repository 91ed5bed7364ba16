#include "interpreter/cli/sheets.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "interpreter/core/input_file.hpp"
#include "interpreter/packs/search_path.hpp"

namespace arbiter::cli {

std::string read_sheet(const std::string& path) {
  const auto refuse = [&](const std::string& why) { throw Error(Diagnostic{{path}, "cannot read the order sheet: " + why, {}, {}}); };
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) refuse("it is a directory");
  // Read with a bound, since a sheet may be a pipe or a device (/dev/zero): the reading stops at
  // the end of the line of the first control character, which the parser then reports and quotes,
  // or one byte past the largest sheet or line, which it refuses as too long. Nothing endless is
  // read in full.
  std::string text;
  std::size_t limit = orders::max_sheet_bytes + 1;
  bool stopping = false;  // a control character was read: only the rest of its line is kept
  const std::string why = read_file(path, [&](std::string_view chunk) {
    chunk = chunk.substr(0, limit - text.size());
    std::size_t search = 0;
    if (!stopping)
      if (const auto control = std::find_if(chunk.begin(), chunk.end(), orders::control_byte); control != chunk.end()) {
        stopping = true;
        const auto at = static_cast<std::size_t>(control - chunk.begin());
        limit = std::min(limit, text.size() + at + 1 + orders::max_line_bytes);
        search = at + 1;
      }
    const std::size_t line_end = stopping ? chunk.find('\n', search) : std::string_view::npos;
    text.append(chunk.substr(0, line_end));
    return line_end == std::string_view::npos && text.size() < limit;
  });
  if (!why.empty()) refuse(why);
  return text;
}

orders::Sheet parse_sheet(const std::string& path, const std::string& text, const orders::Declared& declared,
                          const HowGiven& how) {
  try {
    return orders::parse_orders_to_check(text, path, declared);
  } catch (const Error&) {
    refuse_other_kind(path, text, FileKind::order_sheet, how);
    throw;
  }
}

void refuse_sheet_given_twice(const std::vector<std::string>& paths, const std::string& option) {
  for (auto later = paths.begin(); later != paths.end(); ++later)
    for (auto first = paths.begin(); first != later; ++first)
      if (packs::same_place(*first, *later))
        throw CLI::ValidationError(
            option, *first == *later ? fmt::format("{} is given twice: give each sheet once", *later)
                                     : fmt::format("{} is given twice (as {} too): give each sheet once", *later, *first));
}

long round_for(const orders::SheetFile& file, int played) {
  const long round = orders::round_of(file.sheet, played + 1);
  // Only a "Round N" line can name a round played, or one no run reaches: told at it.
  const auto refuse = [&](const std::string& why) {
    const orders::Position at = file.sheet.round_at;
    throw Error(Diagnostic{{file.name, at.line, at.column}, why, line_at(file.text, at.offset), {}});
  };
  if (round <= played)
    refuse(fmt::format("the sheet is for round {}, but the fight has already played {} round{}; the next is round {}",
                       round, played, played == 1 ? "" : "s", played + 1));
  // Played up to it, the rounds before on the default order, a far round would take hours.
  if (const long last = long{played} + max_rounds_per_run; round > last)
    refuse(fmt::format("the sheet is for round {}, which no run reaches: a run plays at most {} rounds, so from round "
                       "{}, the next to play, the last it can reach is round {}",
                       round, max_rounds_per_run, played + 1, last));
  return round;
}

std::vector<Diagnostic> rounds_without_orders(const std::vector<const orders::SheetFile*>& sheets, int played,
                                              long last) {
  std::vector<Diagnostic> told;
  if (sheets.empty()) return told;
  const auto first_for = [&](long round) -> const orders::SheetFile* {
    for (const orders::SheetFile* file : sheets)
      if (orders::round_of(file->sheet, played + 1) == round) return file;
    return nullptr;
  };
  // Rounds in a row without one are told at once ("rounds 1 to 9").
  for (long round = long{played} + 1; round <= last; ++round) {
    if (first_for(round)) continue;
    const long first = round;
    while (round < last && !first_for(round + 1)) ++round;
    Diagnostic warning{{}, fmt::format("no sheet orders {}: every character takes the default order",
                                       first == round ? fmt::format("round {}", round)
                                                      : fmt::format("rounds {} to {}", first, round)),
                       {}, {}};
    if (const orders::SheetFile* after = round < last ? first_for(round + 1) : nullptr) {
      const orders::Position at = after->sheet.round_at;
      warning.where = {after->name, at.line, at.column};
      warning.source_line = line_at(after->text, at.offset);
    }
    told.push_back(std::move(warning));
  }
  return told;
}

}  // namespace arbiter::cli
