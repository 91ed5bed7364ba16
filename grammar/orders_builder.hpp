#pragma once
// Assembles a Sheet from complete lines, and knows where each part of the verbose form belongs:
// an "Action:" after "IF:" is that branch's order, a "Target:" completes the action before it.
// Private to the order-sheet parser. Misplaced lines are reported as a BuildError.
#include <optional>
#include <string>
#include <string_view>

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

class Builder {
 public:
  long phases = 0;  // the ruleset's phases per character, when known (0: any number, or not known)

  void set_round(long number, Position at);
  void start_character(Phrase name);
  void start_phase(long number, Position at);
  // "ON <trigger>:" — its order (compact or the verbose lines after it) fills its choice.
  void start_standing(Phrase trigger, Position at);
  // An order for the phase: its only order, or the one for the IF/ELSE IF/ELSE opened last.
  void add_action(Order order, Position at);
  void add_target(Target target, Position at);
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

 private:
  // past_limit: the phase went past max_else_ifs, said once; its further branches and their
  // "Action:" lines are dropped until the next phase.
  enum class Awaiting { nothing, branch_action, else_action, past_limit };
  enum class Open { none, phase, standing };  // what the order lines fill
  Phase& phase(Position at, std::string_view what);
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
  Order* last_order_ = nullptr;    // where a "Target:" line goes
  Order refused_;                  // the order of a refused line, never part of the sheet
};

}  // namespace arbiter::orders
