// arbiter run ENCOUNTER --orders SHEET... [--seed N | --dice LIST | --roll-by-hand] [--rounds N]
//             [--log FILE.jsonl] [--save STATE.json] [--resume STATE.json] [--house PACK]... [--quiet] [--ask]
// Plays rounds of a fight: the encounter names the packs, the map and the characters; the sheets
// give the orders; the narration is printed as each round ends, and with dice rolled by hand as
// each roll is asked for. Same inputs, same seed: the same narration and log, byte for byte.
#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <ostream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/dice_choice.hpp"
#include "interpreter/cli/foreseen_orders.hpp"
#include "interpreter/cli/gm_prompt.hpp"
#include "interpreter/cli/saved_fight.hpp"
#include "interpreter/cli/session.hpp"
#include "interpreter/cli/sheets.hpp"
#include "interpreter/cli/number_options.hpp"
#include "interpreter/cli/path_options.hpp"
#include "interpreter/core/order_check.hpp"
#include "interpreter/core/output_file.hpp"
#include "interpreter/core/snapshot.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/fight.hpp"
#include "interpreter/packs/foreseen.hpp"

namespace arbiter::cli {
namespace {

struct Options {
  std::string encounter;
  std::vector<std::string> sheets;
  DiceChoice dice;
  int rounds = 0;
  std::string log;
  std::string save;
  std::string resume;
  std::vector<std::string> house;
  bool quiet = false;
  bool ask = false;
};

// How `run` takes each kind of file, told when one is given in another's place.
const HowGiven how_run_takes{
    .encounter = "give it first, as the ENCOUNTER: arbiter run ENCOUNTER --orders SHEET...",
    .order_sheet = "give it with --orders",
    .saved_fight = "give it with --resume",
};

// Reads every sheet and checks each round's sheets together against the ruleset and the fight
// (`roster`, who is in it): all problems at once. The sheets by round; what they are read as but not
// as written (a distance between squares), in `warnings`, as `check` tells it.
std::map<long, std::vector<orders::SheetFile>> read_sheets(const std::vector<std::string>& paths,
                                                           const orders::Vocabulary& vocabulary, const World& world,
                                                           const orders::Roster& roster, int played,
                                                           std::vector<Diagnostic>& warnings) {
  std::map<long, std::vector<orders::SheetFile>> rounds;
  std::vector<Diagnostic> problems;
  for (const auto& path : paths) {
    try {
      std::string text = read_sheet(path);
      orders::SheetFile file{path, text,
                             parse_sheet(path, text, orders::declared_by(vocabulary, &world.grid()), how_run_takes)};
      const long round = round_for(file, played);
      rounds[round].push_back(std::move(file));
    } catch (const Error& e) {
      problems.insert(problems.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  }
  for (const auto& [round, files] : rounds) {
    const auto found = orders::check_orders(files, vocabulary, &roster, &world.grid(), played + 1, &warnings);
    problems.insert(problems.end(), found.begin(), found.end());
  }
  if (!problems.empty()) throw Error(std::move(problems));
  return rounds;
}

// The orders of the round after `played` in `sheets` that the rules refuse whatever the dice, placed
// where the sheets write them, as `check` foresees them: in a trial of that round in a sandbox of
// its own (`fought`'s watchdog), so that nothing of it, a pack's print or the state it keeps,
// reaches the fight played. None when the trial fails: the fight tells that as it is played.
std::vector<Diagnostic> refused_next_round(Context& context, const Session& fought, const packs::Encounter& encounter,
                                           const std::vector<std::string>& house, const SavedState* saved,
                                           const std::map<long, std::vector<orders::SheetFile>>& sheets, int played) {
  const auto next = sheets.find(long{played} + 1);
  if (next == sheets.end()) return {};
  std::ostringstream unheard;  // what loading the packs again would tell twice (their conflicts)
  Context quiet = context;
  quiet.out = quiet.err = &unheard;
  Session trial(quiet);
  trial.sandbox.on_stuck = fought.sandbox.on_stuck;
  std::vector<orders::Sheet> orders;
  for (const auto& file : next->second) orders.push_back(file.sheet);
  std::vector<packs::ForeseenRefusal> refused;
  try {
    load_fight_packs(trial, encounter, house);
    refused = packs::refused_whatever_the_dice(trial.sandbox, trial.stack.registry(), encounter, saved, orders);
  } catch (const Error&) {
    return {};
  }
  const OrdersByName by_name = orders_by_name(next->second, next->first);
  std::vector<Diagnostic> placed;
  for (const auto& one : refused)
    if (auto at = place_of(one, by_name, next->first)) placed.push_back(std::move(*at));
  return placed;
}

// Round and phase headings at the margin, everything else indented under them; each event told
// once, as soon as it is asked for (a GM rolling by hand sees each roll's outcome before the next),
// and printable (names from the encounter and the sheets cannot drive the terminal).
class Narration {
 public:
  // `failure`: where the system's reason of the first write that fails is kept (the fight goes on,
  // to its save and log, and other calls would overwrite errno).
  Narration(packs::Fight& fight, std::ostream* out, int& failure)
      : fight_(fight), out_(out), failure_(failure), told_(fight.log().events().size()), sides_out_(sides_out()) {}

  void catch_up() {
    const auto& events = fight_.log().events();
    if (!out_) return;
    for (; told_ < events.size(); ++told_) {
      const LogEvent& event = events[told_];
      const std::string sentence = printable(fight_.narrator().render(event));
      if (sentence.empty()) continue;  // a pack may silence a type of event ("roll": its actions show the dice)
      if (event.type == event_type::round_started) *out_ << (event.sequence > 1 ? "\n" : "") << sentence << "\n";
      else if (event.type == event_type::phase_started) *out_ << sentence << "\n";
      else *out_ << "  " << sentence << "\n";
    }
    out_->flush();
    if (!*out_ && failure_ == 0) failure_ = errno;
  }

  // A side none of whose characters is left able to act (each kept from acting by an incapacitating
  // status, the flow's `incapacitated`), said once, as the round it came to that ends: a GM reading
  // aloud says it. The rules play on (a character may be brought back), and so does the run, for
  // the rounds asked. A side already so when the run starts (a resumed fight) was said by the run
  // that played it.
  void tell_sides_out() {
    for (const std::string& side : sides_out()) {
      if (std::find(sides_out_.begin(), sides_out_.end(), side) != sides_out_.end()) continue;
      sides_out_.push_back(side);
      if (out_) *out_ << "  " << printable(fmt::format("No one on side '{}' is left able to act.", side)) << "\n";
    }
  }

  // Before a die rolled by hand for an action of a simultaneous phase, the first of that action:
  // whose it is. Its outcome lands with the phase's other actions at the phase's end (all or none),
  // so the GM rolls the phase's dice first and reads what they did after.
  void tell_whose_dice() {
    const Flow& flow = fight_.flow();
    const Intent* action = flow.resolving();
    if (!out_ || !action || !flow.in_phase() || flow.phase().kind != PhaseKind::Simultaneous) return;
    const DiceOf now{flow.position(), action->actor, action->action};
    if (now == dice_of_) return;
    dice_of_ = now;
    const auto& world = fight_.world();
    std::string target;
    if (action->target != no_entity) target = " → " + world.get(action->target).name;
    *out_ << "  " << printable(fmt::format("Dice for {}'s {}{} (what it does is told as the phase ends):",
                                           world.get(action->actor).name, action->action, target))
          << "\n";
  }

  // When the fight stops mid-phase (a scripted die that cannot be rolled), a pack that tells rolls
  // only inside its actions' sentences has not told those of actions that never landed. The
  // phase's rolls are listed in the runtime's words, for the GM to see which values were taken.
  // Stopped outside a phase (a round's start or end), or before the phase's first die, it has none:
  // an earlier phase's rolls were told with its actions.
  void tell_phase_rolls() {
    const auto& events = fight_.log().events();
    if (!out_) return;
    const FlowPosition now = fight_.log().position();
    if (now.phase == 0) return;
    std::vector<const LogEvent*> rolls;
    for (auto event = events.rbegin();
         event != events.rend() && event->at.round == now.round && event->at.phase == now.phase; ++event)
      if (event->type == event_type::roll) rolls.insert(rolls.begin(), &*event);
    if (rolls.empty() || !fight_.narrator().render(*rolls.front()).empty()) return;
    *out_ << "  The fight stopped. The rolls of this phase so far:\n";
    const Narrator runtime_words;
    for (const LogEvent* roll : rolls) *out_ << "  " << printable(runtime_words.render(*roll)) << "\n";
    out_->flush();
  }

 private:
  // The sides, in the order their first characters joined, whose every character is kept from acting.
  std::vector<std::string> sides_out() const {
    std::vector<std::pair<std::string, bool>> sides;  // a side, and whether no one of it can act
    for (const Entity& character : fight_.world().entities()) {
      auto side = std::find_if(sides.begin(), sides.end(), [&](const auto& s) { return s.first == character.side; });
      if (side == sides.end()) side = sides.insert(sides.end(), {character.side, true});
      side->second = side->second && !fight_.flow().can_act(character);
    }
    std::vector<std::string> out;
    for (const auto& [side, none] : sides)
      if (none) out.push_back(side);
    return out;
  }

  packs::Fight& fight_;
  std::ostream* out_;  // null: --quiet
  int& failure_;
  std::size_t told_;
  std::vector<std::string> sides_out_;  // said, or so when the run started
  // The action whose dice were last asked for, by phase, character and action.
  struct DiceOf {
    FlowPosition at;
    EntityId actor = no_entity;
    std::string action;
    friend bool operator==(const DiceOf&, const DiceOf&) = default;
  };
  DiceOf dice_of_;
};

// A save or a log written over what the fight is played from would destroy it (a save cannot be
// resumed without its encounter), and the two written to one place would lose one: a usage error,
// before anything is played. Saving over the save resumed is how a campaign goes on.
void check_outputs_apart(const Options& options) {
  std::vector<std::pair<std::string, std::string>> inputs{{"the encounter", options.encounter}};
  for (const std::string& sheet : options.sheets) inputs.emplace_back("an order sheet", sheet);
  const auto refuse_over = [&](const char* flag, const std::string& output, const std::string& what,
                               const std::string& input) {
    if (packs::same_place(output, input))
      throw CLI::ValidationError(flag, fmt::format("{} is {} ({}): writing there would destroy it", output, what, input));
  };
  for (const auto& [what, input] : inputs) {
    if (!options.save.empty()) refuse_over("--save", options.save, what, input);
    if (!options.log.empty()) refuse_over("--log", options.log, what, input);
  }
  if (!options.log.empty() && !options.resume.empty()) refuse_over("--log", options.log, "the save resumed", options.resume);
  if (!options.log.empty() && !options.save.empty()) refuse_over("--log", options.log, "the save's place", options.save);
}

// Whether `file`, however its path is spelt, is inside `folder`.
bool inside_folder(const std::string& file, const std::filesystem::path& folder) {
  std::error_code error;
  const auto place = std::filesystem::weakly_canonical(file, error);
  if (error) return false;
  const auto root = std::filesystem::canonical(folder, error);
  return !error && place.string().rfind(root.string() + "/", 0) == 0;
}

// Once the encounter and the packs are loaded, the sandbox knows every file the fight is played
// from: the files the encounter requires, and each pack's folder. A save or a log over one of them
// would destroy it, and one written into a pack's folder, a new file too, would be the pack's (a
// Lua file its code: the fight it saved could not resume, the pack changed): a usage error, as
// over the encounter itself.
void check_outputs_spare_sources(const Options& options, const lua::Sandbox& sandbox,
                                 const packs::PackStack& stack) {
  const auto refuse_over = [&](const char* flag, const std::string& output) {
    if (output.empty()) return;
    for (const auto& pack : stack.load_order())
      if (inside_folder(output, pack.folder))
        throw CLI::ValidationError(
            flag, fmt::format("{} is in the folder of pack '{}' ({}): a file written there would replace one of the "
                              "pack's or become one (a Lua file would change its rules, and the fight could not be "
                              "resumed under them); write it elsewhere",
                              output, pack.name, pack.display_folder));
    const auto encounter_folder = std::filesystem::path(options.encounter).parent_path();
    for (const auto& file : sandbox.files_read())
      if (packs::same_place(output, file.string()))
        throw CLI::ValidationError(
            flag, fmt::format("{} is a file {} ({}): writing there would destroy it", output,
                              inside_folder(file.string(), encounter_folder.empty() ? "." : encounter_folder)
                                  ? "the encounter requires"
                                  : "the fight is played from",
                              file.string()));
  };
  refuse_over("--save", options.save);
  refuse_over("--log", options.log);
}

void run(Context& context, const Options& options) {
  // The places the results go are checked first: a fight is not played only to be lost.
  check_outputs_apart(options);
  refuse_sheet_given_twice(options.sheets, "--orders");
  for (const std::string& path : {options.log, options.save})
    if (!path.empty()) check_writable(path);
  Session session(context);
  packs::Encounter encounter = read_as(options.encounter, FileKind::encounter, how_run_takes,
                                      [&] { return packs::read_encounter(session.sandbox, options.encounter); });
  load_fight_packs(session, encounter, options.house);
  check_outputs_spare_sources(options, session.sandbox, session.stack);
  packs::check_equipment(encounter, session.sandbox.state(), session.stack.registry());
  // What the fight is played from, as loaded (before any die): a save records it, a resume must
  // match it. Only then, as it reads every file of every pack.
  const nlohmann::json origin = options.save.empty() && options.resume.empty()
                                    ? nlohmann::json()
                                    : played_from(encounter, options.house, session.stack);

  std::optional<SavedState> saved;
  if (!options.resume.empty())
    saved = read_as(options.resume, FileKind::saved_fight, how_run_takes, [&] {
      return load_saved_fight(options.resume, encounter, origin, session.sandbox.state(), session.stack.registry(),
                              session.stack.search_path());
    });
  // A saved fight continues its own dice; otherwise a fresh seed is said, so the fight can be replayed.
  // A fight played with scripted or hand-rolled dice saved no generator: its dice are named again.
  const bool chosen = options.dice.seed || !options.dice.scripted.empty() || options.dice.by_hand;
  if (saved && saved->rng.is_null() && !chosen)
    refuse_save(options.resume, "this fight was played with scripted or hand-rolled dice, so its save holds no dice "
                                "generator to continue: resume it with --dice LIST or --roll-by-hand");
  std::unique_ptr<DiceSource> dice;
  std::string fresh_seed;
  if (saved && !saved->rng.is_null() && !chosen) {
    try {
      dice = std::make_unique<SeededDice>(Rng::from_json(saved->rng));
    } catch (const Error& e) {
      refuse_save(options.resume, "not a valid saved state: state.rng: " + e.diagnostics().front().message);
    }
  } else {
    DiceChoice choice = options.dice;
    if (!chosen) {
      choice.seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
      fresh_seed = fmt::format("(dice: a fresh seed; to replay this fight: --seed {})\n", *choice.seed);
    }
    dice = make_dice(choice, *context.err);
  }
  auto* seeded = dynamic_cast<SeededDice*>(dice.get());

  packs::Fight fight(session.sandbox, session.stack.registry(), saved ? saved->world : packs::make_world(encounter),
                     *dice);
  fight.place_stats(encounter.stat_names);
  // What the packs change from now on is the fight's doing, which a save keeps; what they change as
  // the fight is made, they change again whenever it is made.
  session.stack.registry().keep_fight_changes();
  if (saved) resume_saved_fight(fight, session, *saved, options.resume);
  const int played = fight.flow().position().round;
  std::vector<Diagnostic> warnings = encounter.warnings;
  auto sheets = read_sheets(options.sheets, fight.vocabulary(), fight.world(), fight.roster(), played, warnings);
  const int last_ordered = sheets.empty() ? played + 1 : static_cast<int>(sheets.rbegin()->first);
  const int rounds = options.rounds > 0 ? options.rounds : last_ordered - played;
  // Sheets given, but none for a round to be played (only "Round 3" for a fresh fight): that round
  // is played on the default order, which the GM should know before reading the narration, as
  // `check` tells it.
  if (!options.ask) {
    std::vector<const orders::SheetFile*> files;
    for (const auto& [round, in_round] : sheets)
      for (const auto& file : in_round) files.push_back(&file);
    for (auto& gap : rounds_without_orders(files, played, long{played} + rounds)) warnings.push_back(std::move(gap));
  }
  // An order heading where no way leads that the rules refuse as they read it (a Charge at one a
  // wall hides) is told by the fight as refused, not warned of as staying, as `check` tells it.
  if (std::ranges::any_of(warnings, orders::tells_no_way))
    drop_ways_refused_first(warnings, refused_next_round(context, session, encounter, options.house,
                                                         saved ? &*saved : nullptr, sheets, played));
  for (const auto& warning : warnings) *context.err << render(warning, "warning") << "\n";
  // And the other way: written orders this run will not reach (--rounds fewer than the sheets).
  for (const auto& [round, files] : sheets)
    if (round > played + rounds)
      for (const auto& file : files)
        *context.err << fmt::format("warning: {} orders round {}, which this run does not play (it stops after round "
                                    "{}): its orders are not used\n",
                                    file.name, round, played + rounds);
  for (auto& [round, files] : sheets)
    for (auto& file : files) fight.add_orders(round, std::move(file.sheet));
  *context.err << fresh_seed;  // once the inputs are known good

  const std::size_t first_new = fight.log().events().size();
  Narration narration(fight, options.quiet ? nullptr : context.out, context.output_error);
  // A GM asked for a roll or a decision first sees what has happened since the last question.
  // The time the GM takes to answer is no pack's: the budgets' clock stops while waiting.
  if (auto* by_hand = dynamic_cast<PromptedDice*>(dice.get()))
    by_hand->around_asking = [&](const std::function<void()>& ask) {
      narration.catch_up();
      narration.tell_whose_dice();
      const lua::Sandbox::WaitingForUser waiting(session.sandbox);
      ask();
    };
  bool answers_ended = false;  // the GM's input ended or was refused before an answer
  if (options.ask)
    fight.set_ask([&narration, &sandbox = session.sandbox, &answers_ended,
                   prompt = gm_prompt(std::cin, *context.err, fight.vocabulary(),
                                      packs::roster_of(fight.world().entities()), fight.world().grid())](
                      const std::string& who, const std::string& question, const std::string& refused,
                      const std::string& answering, const packs::Fight::Choices& choices) {
      narration.catch_up();
      const lua::Sandbox::WaitingForUser waiting(sandbox);
      try {
        return prompt(who, question, refused, answering, choices);
      } catch (const Error&) {
        answers_ended = true;
        throw;
      }
    });
  // A pack stuck in a built-in function ends the program from the watchdog's thread: the narration
  // of what happened before it is told all the same (the log stands still while the pack is stuck).
  context.last_words = [&] {
    if (fight.refused_encounter()) return;
    narration.catch_up();
    narration.tell_phase_rolls();
  };
  struct Forget {
    Context& context;
    ~Forget() { context.last_words = nullptr; }
  } forget{context};
  // The log and the save are written together, whole or not at all: a save that cannot be written
  // leaves the log of the run before it too, not one that tells rounds no save recorded.
  const auto outputs_now = [&] {
    std::vector<OutputFile> outputs;
    if (!options.log.empty()) {
      std::ostringstream text;
      write_json_lines(text, std::span(fight.log().events()).subspan(first_new));
      outputs.push_back({options.log, text.str(), "log"});
    }
    if (!options.save.empty()) {
      // Dice given to a resumed fight leave its generator as it was, for a later resume to go on with.
      SavedState state = fight.save(seeded ? seeded->rng().to_json() : saved ? saved->rng : nlohmann::json());
      state.played_from = origin;
      state.definition_changes = definition_changes_to_save(session.stack.registry(), options.save);
      refuse_unresumable(state, session.sandbox.state(), session.stack.registry(), options.save);
      outputs.push_back({options.save, state_text(state), "save"});
    }
    return outputs;
  };
  const auto write = [&](const std::vector<OutputFile>& outputs) {
    replace_files(outputs);
    for (const OutputFile& output : outputs)
      context.written.push_back(fmt::format("the {} {}", output.what, output.file.string()));
  };
  // What the GM typed (dice by hand, answers) or scripted (--dice) may end before the rounds do: the
  // save and the log as the last round finished are kept meanwhile, so the rounds played are not
  // lost (a log alone is the record a dispute over them needs).
  const bool typed_input = options.ask || !seeded;
  const bool keeps_outputs = !options.save.empty() || !options.log.empty();
  std::optional<std::vector<OutputFile>> after_last_round;
  int finished = 0;
  try {
    for (int i = 0; i < rounds; ++i) {
      fight.play_round();
      narration.catch_up();
      narration.tell_sides_out();
      ++finished;
      if (typed_input && keeps_outputs && i + 1 < rounds) {
        // A state no save can hold is refused at the end as before, not here.
        try {
          after_last_round = outputs_now();
        } catch (const Error&) {
          after_last_round.reset();
        }
      }
    }
  } catch (const std::exception&) {
    // What happened before the fight stopped; but a starting value the rules refuse is the
    // encounter's mistake, found before any round was played: no "Round 1" first.
    if (!fight.refused_encounter()) {
      narration.catch_up();
      narration.tell_phase_rolls();
    }
    if (!(answers_ended || dice->failure()) || !after_last_round) throw;
    write(*after_last_round);
    const int round = played + finished;
    const std::string log_kept = fmt::format("the log of this run's rounds to {}", options.log);
    const std::string kept =
        fmt::format("{}; round {} was not finished",
                    options.save.empty() ? fmt::format("written after round {}: {}", round, log_kept)
                    : options.log.empty()
                        ? fmt::format("saved after round {} to {}", round, options.save)
                        : fmt::format("saved after round {} to {}, and {}", round, options.save, log_kept),
                    round + 1);
    try {
      throw;
    } catch (const Error& e) {
      std::vector<Diagnostic> diagnostics = e.diagnostics();
      diagnostics.back().notes.push_back(kept);
      throw Error(std::move(diagnostics));
    }
  }
  warn_of_unused_dice(*dice, *context.err);
  write(outputs_now());
}

}  // namespace

void add_run_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand("run", "Play rounds of a fight from an encounter and order sheets");
  auto options = std::make_shared<Options>();
  command->add_option("ENCOUNTER", options->encounter, "The encounter file (docs/encounters.md)")
      ->required()
      ->check(names_something("encounter"));
  command->add_option("--orders", options->sheets, "Order sheets for the rounds to play")
      ->type_name("SHEET...")
      ->check(names_something("sheet"));
  auto* seed = command->add_option("--seed", options->dice.seed, "Seed the dice: the same seed, the same fight")
                   ->transform(seed_value());
  auto* dice = command->add_option("--dice", options->dice.scripted, "Use these dice values, in order")
                   ->check(dice_values())
                   ->type_name("14,3,6");
  auto* by_hand = command->add_flag("--roll-by-hand", options->dice.by_hand, "Ask for each die (a GM rolling real dice)");
  seed->excludes(dice)->excludes(by_hand);
  dice->excludes(by_hand);
  command->add_option("--rounds", options->rounds, "Rounds to play (default: as many as the sheets order)")
      ->transform(whole_number("a number of rounds", 1, max_rounds_per_run))
      ->type_name("N");
  command->add_option("--log", options->log, "Write this run's events as JSON Lines")
      ->type_name("FILE.jsonl")
      ->check(names_something("file"));
  command->add_option("--save", options->save, "Save the fight after the rounds, to resume later")
      ->type_name("STATE.json")
      ->check(names_something("file"));
  auto* resume = command->add_option("--resume", options->resume, "Continue a saved fight")
                     ->type_name("STATE.json")
                     ->check(names_something("save"));
  resume->excludes(seed);
  add_house_option(*command, options->house);
  command->add_flag("--quiet", options->quiet, "No narration (the log and the save are still written)");
  command->add_flag("--ask", options->ask,
                    "Ask the GM at the terminal for each decision no sheet makes: a phase's order, a turn's next "
                    "action, a response to a declared action (an order as a sheet writes it; empty: none)");
  command->callback([&context, options] { run(context, *options); });
}

}  // namespace arbiter::cli
