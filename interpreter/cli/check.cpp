// arbiter check SHEET... [--rules PACK...] [--encounter FILE [--resume STATE.json] [--house PACK...]] [--json]: checks
// order sheets against the ruleset's vocabulary (and who is in the fight) before the round; every
// problem at once.
#include <algorithm>
#include <map>
#include <memory>
#include <ostream>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"
#include "grammar/orders_format.hpp"
#include "interpreter/cli/foreseen_orders.hpp"
#include "interpreter/cli/path_options.hpp"
#include "interpreter/cli/saved_fight.hpp"
#include "interpreter/cli/session.hpp"
#include "interpreter/cli/sheets.hpp"
#include "interpreter/core/order_check.hpp"
#include "interpreter/core/orders_json.hpp"
#include "interpreter/core/path_text.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/foreseen.hpp"
#include "interpreter/packs/order_vocabulary.hpp"

namespace arbiter::cli {
namespace {

struct Options {
  std::vector<std::string> sheets;
  std::vector<std::string> rules;
  std::string encounter;
  std::string resume;
  std::vector<std::string> house;
  bool json = false;
};

// How `check` takes each kind of file, told when one is given in another's place.
const HowGiven how_check_takes{
    .encounter = "give it with --encounter",
    .order_sheet = "give it as a SHEET: arbiter check SHEET... --encounter FILE",
    .saved_fight = "give it with --resume, and the encounter it was saved from with --encounter",
};

// "Aldric: 1: Charge -> closest enemy | 2: IF I reach the enemy THEN …", then "| ON Parry: …".
std::string summary(const orders::CharacterOrders& character) {
  std::vector<std::string> parts;
  for (const auto& phase : character.phases) parts.push_back(fmt::format("{}: {}", phase.number, orders::format(phase)));
  for (const auto& standing : character.standing)
    parts.push_back(fmt::format("ON {}: {}", standing.trigger.text, orders::format(standing.choice)));
  return character.name.text + ":" + (parts.empty() ? "" : " " + fmt::format("{}", fmt::join(parts, " | ")));
}

nlohmann::json diagnostics_json(const std::vector<Diagnostic>& diagnostics) {
  nlohmann::json problems = nlohmann::json::array();
  for (const auto& d : diagnostics) {
    // A message or a note may quote a path (or a name) in any bytes: written as the file is, so
    // reading it back gives the same bytes, not U+FFFD for each that is not UTF-8.
    nlohmann::json notes = nlohmann::json::array();
    for (const auto& note : d.notes) notes.push_back(path_text(note));
    problems.push_back({{"file", path_text(d.where.file)}, {"line", d.where.line}, {"column", d.where.column},
                        {"message", path_text(d.message)}, {"notes", notes}});
  }
  return problems;
}

void report_json(const std::vector<orders::SheetFile>& sheets, const std::vector<Diagnostic>& diagnostics,
                 const std::vector<Diagnostic>& warnings, long next_round, std::ostream& out) {
  nlohmann::json orders = nlohmann::json::array();
  for (const auto& sheet : sheets)
    for (const auto& character : sheet.sheet.characters) {
      auto entry = orders::to_json(character);
      entry["file"] = path_text(sheet.name);
      entry["round"] = orders::round_of(sheet.sheet, next_round);
      orders.push_back(std::move(entry));
    }
  out << nlohmann::json{{"ok", diagnostics.empty()},
                        {"diagnostics", diagnostics_json(diagnostics)},
                        {"warnings", diagnostics_json(warnings)},
                        {"orders", orders}}
             // Every text in it is UTF-8 by now (path_text's, and the sheets', read as UTF-8 only):
             // should one slip through, U+FFFD for its stray bytes rather than no report at all.
             .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
      << "\n";
}

// Each character's orders on a line; under a "Round N" heading when the sheets are for several rounds.
void report(const std::vector<orders::SheetFile>& sheets, long next_round, std::ostream& out) {
  std::map<long, std::vector<const orders::CharacterOrders*>> rounds;
  for (const auto& sheet : sheets)
    for (const auto& character : sheet.sheet.characters)
      rounds[orders::round_of(sheet.sheet, next_round)].push_back(&character);
  for (const auto& [round, characters] : rounds) {
    if (rounds.size() > 1) out << "Round " << round << "\n";
    for (const auto* character : characters) out << printable(summary(*character)) << "\n";
  }
}

// The next round's refusals, foreseen on the fight as it starts or as `saved` left it.
std::vector<packs::ForeseenRefusal> foresee(Session& session, const packs::Encounter& encounter,
                                            const SavedState* saved, const std::vector<orders::Sheet>& next_round) {
  return packs::refused_whatever_the_dice(session.sandbox, session.stack.registry(), encounter, saved, next_round);
}

void check(Context& context, const Options& options) {
  Session session(context);
  std::optional<packs::Encounter> encounter;
  if (!options.encounter.empty())
    encounter = read_as(options.encounter, FileKind::encounter, how_check_takes,
                        [&] { return packs::read_encounter(session.sandbox, options.encounter); });
  // A saved fight: the sheets are for its next round, checked against the fight as it stands.
  std::optional<SavedState> saved;
  if (!options.resume.empty())
    saved = read_as(options.resume, FileKind::saved_fight, how_check_takes, [&] { return load_state(options.resume); });
  // --rules, when given, stands in for the encounter's rules: the same fight under other rules. A
  // saved fight is checked under the packs it was played with, its house packs too, found as run
  // finds them, or as --house names them (a folder moved since); a new one under the encounter's
  // rules and the --house packs, as run plays it.
  const std::vector<std::string> house =
      saved && options.house.empty() ? house_played_with(*saved, *encounter, options.resume) : options.house;
  if (!options.rules.empty())
    load_named_packs(session, options.rules);
  else
    load_fight_packs(session, *encounter, house);
  const auto vocabulary = packs::read_vocabulary(session.sandbox.state(), session.stack.registry());
  // Who is in the fight, as run reads it: as it starts, or as saved (check_playable, check_resumable).
  std::optional<orders::Roster> roster;
  if (encounter) packs::check_equipment(*encounter, session.sandbox.state(), session.stack.registry());
  // The fight the sheets are for, refused as `run` refuses it before its first round (the same
  // Fight made the same way), whatever the sheets say.
  if (saved) {
    // Only --rules can leave out a pack the fight was played with: the save's are loaded without it.
    check_saved_fight(*saved, options.resume, *encounter, played_from(*encounter, house, session.stack),
                      session.sandbox.state(),
                      session.stack.registry(), [&](const std::vector<std::string>& missing) {
                        return fmt::format("check --rules {} {}, or leave out --rules to check under the packs the "
                                           "fight was played with",
                                           fmt::join(options.rules, " "), fmt::join(missing, " "));
                      });
    roster = check_resumable(session, *encounter, *saved, options.resume);
  } else if (encounter) {
    roster = packs::check_playable(session.sandbox, session.stack.registry(), *encounter, nullptr);
  }
  const int played = saved ? saved->flow.round : 0;
  const long next_round = played + 1;

  const Grid* grid = saved ? &saved->world.grid() : encounter ? &encounter->grid : nullptr;
  // A sheet that cannot be read or does not parse is reported with the others' problems, not
  // instead of them.
  std::vector<orders::SheetFile> sheets;
  std::vector<Diagnostic> diagnostics;
  for (const auto& path : options.sheets) {
    try {
      std::string text = read_sheet(path);
      auto sheet = parse_sheet(path, text, orders::declared_by(vocabulary, grid), how_check_takes);
      orders::SheetFile file{path, std::move(text), std::move(sheet)};
      round_for(file, played);  // not one for a round already played, nor one no run reaches
      sheets.push_back(std::move(file));
    } catch (const Error& e) {
      diagnostics.insert(diagnostics.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  }
  // As for the fight: a sheet without "Round N" is for the next round, round 1 of one not started.
  std::vector<Diagnostic> names_on_trust;
  const auto problems =
      orders::check_orders(sheets, vocabulary, roster ? &*roster : nullptr, grid, next_round, &names_on_trust);
  diagnostics.insert(diagnostics.end(), problems.begin(), problems.end());
  auto warnings = orders::never_fire(sheets, problems);
  if (encounter) warnings.insert(warnings.end(), encounter->warnings.begin(), encounter->warnings.end());
  warnings.insert(warnings.end(), names_on_trust.begin(), names_on_trust.end());
  // A number's comment after a name ("-> Orc #3"), with the fight or without: where it cut short a
  // name of the fight, that is refused (check_orders), not warned of as well.
  for (auto& number : orders::numbers_after_names(sheets))
    if (std::none_of(problems.begin(), problems.end(), [&](const Diagnostic& problem) {
          return problem.where.file == number.where.file && problem.where.line == number.where.line &&
                 problem.where.column == number.where.column;
        }))
      warnings.push_back(std::move(number));
  // Checked for a fight (an encounter, as it starts or as saved): the rounds before the sheets'
  // that no sheet orders are played on the default order, told as `run` tells them, by one rule.
  if (encounter) {
    std::vector<const orders::SheetFile*> files;
    long last = next_round;
    for (const auto& file : sheets) {
      files.push_back(&file);
      last = std::max(last, orders::round_of(file.sheet, next_round));
    }
    const auto gaps = rounds_without_orders(files, played, last);
    warnings.insert(warnings.end(), gaps.begin(), gaps.end());
  }
  // Sheets the fight can be played from: what its rules will refuse of the next round before any
  // die is rolled is as certain as a misspelt name, though only the rules can tell it.
  if (encounter && diagnostics.empty()) {
    std::vector<orders::Sheet> next;
    for (const auto& file : sheets)
      if (orders::round_of(file.sheet, next_round) == next_round) next.push_back(file.sheet);
    if (!next.empty()) {
      const OrdersByName by_name = orders_by_name(sheets, next_round);
      std::vector<Diagnostic> refusals;
      for (const auto& refused : foresee(session, *encounter, saved ? &*saved : nullptr, next))
        if (auto warning = place_of(refused, by_name, next_round)) refusals.push_back(std::move(*warning));
      drop_ways_refused_first(warnings, refusals);
      warnings.insert(warnings.end(), refusals.begin(), refusals.end());
    }
  }
  // Told in the order of the sheets (docs/orders.md), as the command line gives them, not by path,
  // and what is told of another file (the encounter) after them. Each sheet's problems are already
  // by line and column, a parse's count of those left out last; warnings come from several checks.
  const auto sheet_rank = [&](const Diagnostic& d) {
    return static_cast<std::size_t>(std::find(options.sheets.begin(), options.sheets.end(), d.where.file) -
                                    options.sheets.begin());
  };
  std::stable_sort(diagnostics.begin(), diagnostics.end(),
                   [&](const Diagnostic& a, const Diagnostic& b) { return sheet_rank(a) < sheet_rank(b); });
  std::stable_sort(warnings.begin(), warnings.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    if (sheet_rank(a) != sheet_rank(b)) return sheet_rank(a) < sheet_rank(b);
    return std::tie(a.where.file, a.where.line, a.where.column) < std::tie(b.where.file, b.where.line, b.where.column);
  });
  // One standing order refused for each Move it would answer is one thing to fix: told once.
  const auto same = [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.where.file, a.where.line, a.where.column, a.message, a.notes) ==
           std::tie(b.where.file, b.where.line, b.where.column, b.message, b.notes);
  };
  for (auto later = warnings.begin(); later != warnings.end();)
    later = std::find_if(warnings.begin(), later, [&](const Diagnostic& d) { return same(d, *later); }) != later
                ? warnings.erase(later)
                : later + 1;

  if (!diagnostics.empty()) context.exit_code = 1;
  if (options.json) return report_json(sheets, diagnostics, warnings, next_round, *context.out);
  for (const auto& d : diagnostics) *context.err << render(d) << "\n";
  for (const auto& w : warnings) *context.err << render(w, "warning") << "\n";
  if (diagnostics.empty()) report(sheets, next_round, *context.out);
}

void run(Context& context, const Options& options) {
  if (options.rules.empty() && options.encounter.empty())
    throw CLI::ValidationError("check", "name the rules: --rules PACK…, or --encounter FILE naming them");
  refuse_sheet_given_twice(options.sheets, "SHEET");
  try {
    check(context, options);
  } catch (const Error& e) {
    if (!options.json) throw;
    context.exit_code = 1;  // what went wrong, in the form asked for
    report_json({}, e.diagnostics(), {}, 1, *context.out);
  }
}

}  // namespace

void add_check_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand("check", "Check order sheets against a ruleset before the round");
  auto options = std::make_shared<Options>();  // owned by the callback, which outlives parsing
  command->add_option("SHEET", options->sheets, "Order sheets, one or many")
      ->required()
      ->check(names_something("sheet"));
  auto* rules = command->add_option("--rules", options->rules,
                                    "The ruleset and house-rule packs, in order (default: the encounter's rules)")
                    ->check(names_something("pack"));
  auto* encounter = command->add_option("--encounter", options->encounter,
                                        "An encounter file (docs/encounters.md): its rules, and the names sheets may use")
                       ->type_name("FILE")
                       ->check(names_something("encounter"));
  command
      ->add_option("--resume", options->resume,
                   "A fight saved from that encounter (run --save): the sheets are for its next round")
      ->type_name("STATE.json")
      ->check(names_something("save"))
      ->needs(encounter);
  // --rules names every pack itself. A saved fight names its own house packs, which --house names
  // instead when one has moved.
  add_house_option(*command, options->house)->needs(encounter)->excludes(rules);
  command->add_flag("--json", options->json, "Report as JSON: ok, diagnostics, warnings, orders");
  command->callback([&context, options] { run(context, *options); });
}

}  // namespace arbiter::cli
