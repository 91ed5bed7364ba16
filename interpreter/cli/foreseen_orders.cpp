#include "interpreter/cli/foreseen_orders.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grammar/orders_format.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter::cli {

OrdersByName orders_by_name(const std::vector<orders::SheetFile>& sheets, long round) {
  OrdersByName found;
  for (const auto& file : sheets)
    if (orders::round_of(file.sheet, round) == round)
      for (const auto& character : file.sheet.characters)
        found.try_emplace(character_name_key(character.name.text), &file, &character);
  return found;
}

std::optional<Diagnostic> place_of(const packs::ForeseenRefusal& refused, const OrdersByName& sheets, long round) {
  const auto written = [&](const orders::Phase& entry) -> const orders::Order* {
    for (const auto& branch : entry.branches)
      if (orders::format(branch.order) == refused.order) return &branch.order;
    if (entry.otherwise && orders::format(*entry.otherwise) == refused.order) return &*entry.otherwise;
    return nullptr;
  };
  const auto found = sheets.find(character_name_key(refused.character));
  if (found == sheets.end()) return std::nullopt;
  const orders::SheetFile& file = *found->second.first;
  const orders::CharacterOrders& character = *found->second.second;
  const orders::Order* order = nullptr;
  if (!refused.answering.empty()) {
    for (const auto& standing : character.standing)
      if (!order && same_name(standing.trigger.text, refused.answering)) order = written(standing.choice);
  } else {
    const orders::Phase* own = orders::entry(character, refused.entry);
    order = own ? written(*own) : nullptr;
    for (const auto& entry : character.phases)
      if (!order) order = written(entry);
  }
  const orders::Position at = order ? order->action.at : character.name.at;
  const std::string instead =
      refused.instead.empty() ? "" : fmt::format(": {} will take {}, the default order", refused.character,
                                                 refused.instead);
  // The one occurrence refused: the same standing order may be taken against another's action later.
  const std::string answer =
      refused.answering.empty() ? "" : fmt::format(" as the answer to {}'s {}", refused.answered, refused.answering);
  const std::string message =
      refused.cannot_act
          ? fmt::format("{} cannot act in round {}, whatever the dice ({}): its orders ({}) will not be carried out",
                        refused.character, round, refused.reason, refused.order)
          : fmt::format("the rules will refuse '{}'{} in round {}, whatever the dice ({}){}", refused.order, answer,
                        round, refused.reason, instead);
  return Diagnostic{{file.name, at.line, at.column},
                    message,
                    line_at(file.text, at.offset),
                    {}};
}

void drop_ways_refused_first(std::vector<Diagnostic>& warnings, const std::vector<Diagnostic>& refusals) {
  std::erase_if(warnings, [&](const Diagnostic& warning) {
    return orders::tells_no_way(warning) && std::ranges::any_of(refusals, [&](const Diagnostic& refused) {
             return refused.where.file == warning.where.file && refused.where.line == warning.where.line;
           });
  });
}

}  // namespace arbiter::cli
