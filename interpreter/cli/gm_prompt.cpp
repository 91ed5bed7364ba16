#include "interpreter/cli/gm_prompt.hpp"

#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/order_check.hpp"

namespace arbiter::cli {
namespace {

// Whether the answer reads as a standing order of `head`'s character ("ON Melee Attack: Parry").
bool standing_order(const std::string& head, const std::string& answer) {
  try {
    const orders::Sheet sheet = orders::parse_orders(head + answer + "\n", "answer");
    return !sheet.characters.empty() && !sheet.characters.front().standing.empty();
  } catch (const Error&) {
    return false;
  }
}

// The typed order as the one entry of a sheet for `who`: its turn entry, or its standing order ON
// `answering` (the declared action it answers); every problem is placed on the answer.
orders::Phase read_answer(const std::string& who, const std::string& answer, const std::string& answering,
                          const orders::Vocabulary& vocabulary, const orders::Roster& roster, const Grid& map) {
  const std::string head = "\"" + who + "\":\n";
  const std::string entry = answering.empty() ? "1: " : "ON " + answering + ": ";
  const std::string text = head + entry + answer + "\n";
  const auto on_the_answer = [&](const std::vector<Diagnostic>& found) {
    std::vector<Diagnostic> placed;
    for (Diagnostic d : found) {
      d.where = {"answer", 1, d.where.column > entry.size() ? d.where.column - entry.size() : 1};
      d.source_line = answer;
      placed.push_back(std::move(d));
    }
    return Error(std::move(placed));
  };
  orders::Vocabulary one_entry = vocabulary;  // an answer is one entry, whatever the phase
  one_entry.phases = 0;
  orders::SheetFile file{"answer", text, {}};
  try {
    file.sheet = orders::parse_orders(text, "answer", orders::declared_by(one_entry));
  } catch (const Error& e) {
    if (standing_order(head, answer))
      throw on_the_answer({Diagnostic{{}, "a standing order (ON …: …) is not an answer here: write the order itself", {}, {}}});
    throw on_the_answer(e.diagnostics());
  }
  if (const auto found = orders::check_orders({file}, one_entry, &roster, &map); !found.empty())
    throw on_the_answer(found);
  const orders::CharacterOrders& mine = file.sheet.characters.front();
  return answering.empty() ? mine.phases.front() : mine.standing.front().choice;
}

}  // namespace

packs::Fight::Ask gm_prompt(std::istream& in, std::ostream& prompts, const orders::Vocabulary& vocabulary,
                            const orders::Roster& roster, const Grid& map) {
  return [&in, &prompts, vocabulary, roster, map](const std::string& who, const std::string& question,
                                                  const std::string& refused,
                                                  const std::string& answering) -> std::optional<orders::Phase> {
    if (!refused.empty()) prompts << printable(refused, true) << "\n";  // once: a typing mistake is not this
    for (;;) {
      prompts << printable(question, true) << ": " << std::flush;
      std::string line;
      if (!std::getline(in, line)) throw Error(fmt::format("the input ended before an answer to: {}", question));
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) return std::nullopt;
      try {
        return read_answer(who, line, answering, vocabulary, roster, map);
      } catch (const Error& e) {
        for (const Diagnostic& d : e.diagnostics()) prompts << render(d) << "\n";
      }
    }
  };
}

}  // namespace arbiter::cli
