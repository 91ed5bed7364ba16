#include "interpreter/cli/gm_prompt.hpp"

#include <istream>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/dice_source.hpp"
#include "interpreter/core/order_check.hpp"

namespace arbiter::cli {
namespace {

// The typed order as `who`'s one entry: its turn entry, or its standing order ON `answering` (the
// declared action it answers); every problem is told at its column in the answer.
orders::Phase read_answer(const std::string& who, const std::string& answer, const std::string& answering,
                          const orders::Vocabulary& vocabulary, const orders::Roster& roster, const Grid& map) {
  orders::Vocabulary one_entry = vocabulary;  // an answer is one entry, whatever the phase
  one_entry.phases = 0;
  orders::SheetFile file{"answer", answer, orders::parse_answer(answer, "answer", who, answering,
                                                                orders::declared_by(one_entry)),
                         true};
  if (const auto found = orders::check_orders({file}, one_entry, &roster, &map); !found.empty())
    throw Error(found);
  const orders::CharacterOrders& mine = file.sheet.characters.front();
  return answering.empty() ? mine.phases.front() : mine.standing.front().choice;
}

// `?` or `help`, unless the rules have an action of that name.
bool asks_for_help(const std::string& line, const orders::Vocabulary& vocabulary) {
  const auto first = line.find_first_not_of(" \t"), last = line.find_last_not_of(" \t");
  const std::string word = orders::fold_case(line.substr(first, last - first + 1));
  return (word == "?" || word == "help") && !vocabulary.action(word);
}

}  // namespace

packs::Fight::Ask gm_prompt(std::istream& in, std::ostream& prompts, const orders::Vocabulary& vocabulary,
                            const orders::Roster& roster, const Grid& map) {
  return [&in, &prompts, vocabulary, roster, map](
             const std::string& who, const std::string& question, const std::string& refused,
             const std::string& answering, const packs::Fight::Choices& choices) -> std::optional<orders::Phase> {
    if (!refused.empty()) prompts << printable(refused, true) << "\n";  // once: a typing mistake is not this
    for (;;) {
      prompts << printable(question, true) << ": " << std::flush;
      std::string line;
      bool given = false;
      try {
        given = read_line(in, line);
      } catch (const Error& e) {
        prompts << "\n";  // the prompt's line ends, for what is told next not to be written on it
        throw Error(fmt::format("no answer was given to: {}: {}", question, e.diagnostics().front().message));
      }
      if (!given) {
        prompts << "\n";  // the prompt's line ends, for what is told next not to be written on it
        throw Error(fmt::format("the input ended before an answer to: {}", question));
      }
      const auto first = line.find_first_not_of(" \t");
      if (first == std::string::npos) return std::nullopt;
      // A line of a sheet that holds only a comment orders nothing, and is not an empty entry: the
      // question stands (answers piped from a file may be annotated), as the GM is told.
      if (line[first] == '#') {
        prompts << "a comment is no answer: the question stands (write the order; an empty line: none)\n";
        continue;
      }
      if (asks_for_help(line, vocabulary)) {
        const auto [open, closed] = choices();
        const std::string can = open.empty() ? "no action" : fmt::format("{}", fmt::join(open, ", "));
        // What an empty line means the question itself says.
        prompts << printable(fmt::format("{} can take here: {} (an order as a sheet writes it, without its number: "
                                         "the action, '-> target', IF … THEN … ELSE …)",
                                         who, can),
                             true)
                << "\n";
        for (const auto& [action, why] : closed) prompts << printable(fmt::format("  not {}: {}", action, why), true) << "\n";
        continue;
      }
      try {
        return read_answer(who, line, answering, vocabulary, roster, map);
      } catch (const Error& e) {
        for (const Diagnostic& d : e.diagnostics()) prompts << render(d) << "\n";
      }
    }
  };
}

}  // namespace arbiter::cli
