#pragma once
// Assembles a Sheet from complete lines, and knows where each part of the verbose form belongs:
// an "Action:" after "IF:" is that branch's order, a "Target:" completes the action before it.
// Private to the order-sheet parser. Misplaced lines are reported as a BuildError.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/orders.hpp"

namespace arbiter::orders {

struct BuildError {
  std::string message;
  Position at;
};

// Runs of blanks (spaces, tabs, no-break spaces) become one space; trailing full stops are dropped
// ("closest enemy.").
std::string tidy(std::string_view text);
// "S", "southwest", "South-West", "Ne": a compass word the grammar has already recognised.
Compass compass_of(std::string_view word);
// The keyword a line's head (its text before the colon: "ESLE", "Frist Action", "Charcter") is a
// misspelling of, as the sheet writes it ("ELSE", "First Action", "Character"), or another way of
// writing ("Second" for "Second Action", "Phase 2", "2nd Phase", "Action Two" for "2", "Otherwise"
// for "ELSE"); "" when none is.
std::string misspelt_keyword(std::string_view head);
// "'ESLE:' …: did you mean 'ELSE:'?", told at the misspelt line itself; with what followed the colon
// on the line ("1st Phase: Defend": "did you mean '1: Defend'?"), so the line suggested is whole.
std::string did_you_mean_keyword(std::string_view head, std::string_view keyword, std::string_view why,
                                 std::string_view after = {});

// Told alike of the compact form, by the grammar, and of the verbose one, by the Builder.
inline constexpr const char* second_else_message = "a second ELSE for the same IF";
inline constexpr const char* else_if_after_else_message = "ELSE IF after ELSE: the ELSE must come last";

class Builder {
 public:
  long phases = 0;  // the ruleset's phases per character, when known (0: any number, or not known)
  // The rules play turns: a numbered line is a turn's entry, and the messages say so, as the
  // checker's do; else a phase; not known (no rules): a phase or entry (Declared::sequential).
  std::optional<bool> sequential{};

  void set_round(long number, Position at);
  void start_character(Phrase name);
  // "Name:" alone on a line: a character's header, unless it is a misspelt phase head ("Frist
  // Action:") or an ELSE where an IF awaits one ("ESLE:"), which is told at its line and read as
  // what it was meant to be, so the lines after it are not misread too.
  void start_character_or_keyword(Phrase name);
  // A line that would have started a character was refused ("Orc #2:", "Charcter: Aldric"): the
  // lines after it are that character's, and are set aside rather than given to the one before.
  void refuse_character();
  void start_phase(long number, Position at);
  // "ON <trigger>:" — its order (compact or the verbose lines after it) fills its choice.
  void start_standing(Phrase trigger, Position at);
  // An order for the phase: its only order, or the one for the IF/ELSE IF/ELSE opened last.
  void add_action(Order order, Position at);
  void add_target(Target target, Position at);
  // "Target: Away from X": the order's way, away from `place`, after the distance written, if any.
  void add_away(Target place, Position at);
  // Verbose IF:, ELSE IF:, ELSE: lines; the "Action:" lines that follow fill them.
  void open_if(Condition condition, Position at);
  void open_else_if(Condition condition, Position at);
  void open_else(Position at);
  // The compact form: "IF c THEN a", each "ELSE IF c THEN b", "ELSE c" complete.
  void add_branch(Condition condition, Order order);
  void add_else(Order order);
  void check_else_if_limit(Position at);
  void name_before_comment(NameBeforeComment name) { sheet_.names_before_comments.push_back(std::move(name)); }

  // After line `line` was refused: a "Target:" line for it goes nowhere, rather than to the action
  // before it (which would report a second, misleading problem); an IF or ELSE that the refused
  // line opened still takes the "Action:" after it, but its want of one is not told again.
  void line_refused(std::size_t line) {
    refused_ = {};
    last_order_ = &refused_;
    if (awaiting_ != Awaiting::nothing && opened_at_.line == line) opened_by_refused_line_ = true;
  }

  // Checks the last phase is complete and hands over the sheet.
  Sheet finish();
  // The "Action:" lines written where their phase already had its order (kept in its `misplaced`).
  const std::vector<BuildError>& misplaced_actions() const { return misplaced_; }

 private:
  // past_limit: the phase went past max_else_ifs, said once; its further branches and their
  // "Action:" lines are dropped until the next phase.
  enum class Awaiting { nothing, branch_action, else_action, past_limit };
  enum class Open { none, phase, standing };  // what the order lines fill
  Phase& phase(Position at, std::string_view what);
  std::string kind() const { return std::string(numbered_line(sequential)); }
  // "an entry", "a phase", "a phase or an entry".
  std::string a_kind() const;
  // Why an "Action:" line cannot be `p`'s order, which it already has; "" when it can.
  std::string no_room_for_action(const Phase& p) const;
  // Whose orders the lines fill: the last character, the one set aside, or none yet.
  CharacterOrders* current() {
    if (set_aside_open_) return &set_aside_;
    return sheet_.characters.empty() ? nullptr : &sheet_.characters.back();
  }
  // Lines that belong to no character of the sheet (its header was refused, or none was written
  // before them) go to set_aside_: the first is told, the rest not again.
  void set_aside();
  // An IF, ELSE IF or ELSE opened at `at`: the next "Action:" is its order.
  void await(Awaiting what, Position at);
  // Ends what the order lines fill, ready for the next phase or character; an IF or ELSE still
  // waiting for its "Action:" is returned, to be told once, after the next one has started.
  std::optional<BuildError> close_phase();
  // The IF, ELSE IF or ELSE opened last has had no "Action:", and that is worth telling.
  bool unanswered() const {
    return (awaiting_ == Awaiting::branch_action || awaiting_ == Awaiting::else_action) && !opened_by_refused_line_;
  }

  Sheet sheet_;
  Awaiting awaiting_ = Awaiting::nothing;
  Open open_ = Open::none;
  Position opened_at_;             // the IF / ELSE IF / ELSE still waiting for its action
  bool opened_by_refused_line_ = false;
  bool else_seen_ = false;
  bool verbose_if_ = false;        // the phase's IF is a verbose 'IF:' line, so an ELSE line may follow
  Order* last_order_ = nullptr;    // where a "Target:" line goes
  Order refused_;                  // the order of a refused line, never part of the sheet
  CharacterOrders set_aside_;      // the orders of a refused character, never part of the sheet
  bool set_aside_open_ = false;
  std::vector<BuildError> misplaced_;
};

}  // namespace arbiter::orders
