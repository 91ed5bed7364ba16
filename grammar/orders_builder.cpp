#include "grammar/orders_builder.hpp"

#include <array>
#include <stdexcept>

namespace arbiter::orders {

std::string tidy(std::string_view text) {
  constexpr std::string_view no_break_space = "\xC2\xA0";
  std::string out;
  bool blank = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || text.substr(i).starts_with(no_break_space)) {
      if (c == no_break_space[0]) ++i;
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    blank = false;
    out += c;
  }
  // "closest enemy." and "enemy . ." end as "closest enemy" and "enemy"; a lone "." stays.
  while (out.size() > 1 && (out.back() == '.' || out.back() == ' ')) out.pop_back();
  return out;
}

Compass compass_of(std::string_view word) {
  static constexpr std::array<std::pair<std::string_view, Compass>, 16> words{{
      {"n", Compass::n},          {"north", Compass::n},     {"ne", Compass::ne},  {"northeast", Compass::ne},
      {"e", Compass::e},          {"east", Compass::e},      {"se", Compass::se},  {"southeast", Compass::se},
      {"s", Compass::s},          {"south", Compass::s},     {"sw", Compass::sw},  {"southwest", Compass::sw},
      {"w", Compass::w},          {"west", Compass::w},      {"nw", Compass::nw},  {"northwest", Compass::nw},
  }};
  std::string folded = fold_case(word);
  std::erase(folded, '-');  // "south-west"
  for (const auto& [name, direction] : words)
    if (folded == name) return direction;
  throw std::logic_error("not a compass word: " + folded);  // the grammar only passes compass words
}

namespace {

// A second "Action:" line in phase `number`: the phase it may belong to is the next, if the rules
// (`phases` of them, 0 when not known) have one.
std::string second_action(long number, long phases) {
  if (phases > 0 && number >= phases)
    return "this phase already has an action, and there is no next phase: the rules give each character " +
           std::to_string(phases) + (phases == 1 ? " phase" : " phases") + ", one order each";
  static constexpr std::array<std::string_view, 10> ordinals{"First", "Second", "Third", "Fourth", "Fifth",
                                                             "Sixth", "Seventh", "Eighth", "Ninth", "Tenth"};
  const long next = number + 1;
  const std::string head = next >= 1 && next <= 10 ? std::string(ordinals[static_cast<std::size_t>(next - 1)]) + " Action:"
                                                   : "Action " + std::to_string(next) + ":";
  return "this phase already has an action: start the next phase ('" + head + "') first";
}

}  // namespace

void Builder::set_round(long number, Position at) {
  if (sheet_.round) throw BuildError{"a second 'Round' header: a sheet is for one round", at};
  if (!sheet_.characters.empty())
    throw BuildError{"the 'Round' header must come before the first character", at};
  if (number < 1) throw BuildError{"there is no round 0: a fight's rounds count from 1", at};
  sheet_.round = number;
  sheet_.round_at = at;
}

void Builder::start_character(Phrase name) {
  const auto unfinished = close_phase();
  sheet_.characters.push_back({std::move(name), {}, {}});
  open_ = Open::none;
  if (unfinished) throw *unfinished;
}

void Builder::start_phase(long number, Position at) {
  if (sheet_.characters.empty())
    throw BuildError{"a phase must follow a character ('Character: Name' or 'Name:')", at};
  const auto unfinished = close_phase();
  Phase phase;
  phase.number = number;
  phase.at = at;
  sheet_.characters.back().phases.push_back(std::move(phase));
  open_ = Open::phase;
  if (unfinished) throw *unfinished;
}

void Builder::start_standing(Phrase trigger, Position at) {
  if (sheet_.characters.empty())
    throw BuildError{"a standing order ('ON <action>: <order>') must follow a character ('Character: Name' or "
                     "'Name:')",
                     at};
  const auto unfinished = close_phase();
  StandingOrder standing{std::move(trigger), {}};
  standing.choice.at = at;
  sheet_.characters.back().standing.push_back(std::move(standing));
  open_ = Open::standing;
  if (unfinished) throw *unfinished;
}

Phase& Builder::phase(Position at, std::string_view what) {
  if (sheet_.characters.empty() || open_ == Open::none)
    throw BuildError{std::string(what) + " must follow a phase ('First Action:' or '1:') or a standing order ('ON "
                                         "<action>:')",
                     at};
  CharacterOrders& character = sheet_.characters.back();
  return open_ == Open::standing ? character.standing.back().choice : character.phases.back();
}

void Builder::add_action(Order order, Position at) {
  Phase& p = phase(at, "'Action:'");
  switch (awaiting_) {
    case Awaiting::branch_action:
      p.branches.back().order = std::move(order);
      last_order_ = &p.branches.back().order;
      break;
    case Awaiting::else_action:
      p.otherwise = std::move(order);
      last_order_ = &*p.otherwise;
      break;
    case Awaiting::past_limit:
      refused_ = std::move(order);
      last_order_ = &refused_;
      return;
    case Awaiting::nothing:
      if (!p.branches.empty())
        throw BuildError{"a second action after IF: write 'ELSE:' or 'ELSE IF:' before it", at};
      if (p.otherwise && open_ == Open::standing)
        throw BuildError{"this standing order already has its order: a second one needs its own 'ON <action>:'", at};
      if (p.otherwise) throw BuildError{second_action(p.number, phases), at};
      p.otherwise = std::move(order);
      last_order_ = &*p.otherwise;
      break;
  }
  awaiting_ = Awaiting::nothing;
}

void Builder::add_target(Target target, Position at) {
  if (awaiting_ == Awaiting::past_limit) return;
  if (!last_order_ || awaiting_ != Awaiting::nothing)
    throw BuildError{"'Target:' must follow the 'Action:' it belongs to", at};
  if (last_order_->target) throw BuildError{"this action already has a target", at};
  last_order_->target = std::move(target);
}

void Builder::open_if(Condition condition, Position at) {
  Phase& p = phase(at, "IF");
  if ((!p.branches.empty() || p.otherwise) && open_ == Open::standing)
    throw BuildError{"IF must open a standing order's choice: this standing order already has its order", at};
  if (!p.branches.empty() || p.otherwise)
    throw BuildError{"IF must open a phase: this phase already has an action", at};
  p.branches.push_back({std::move(condition), {}});
  await(Awaiting::branch_action, at);
  else_seen_ = false;
}

void Builder::open_else_if(Condition condition, Position at) {
  Phase& p = phase(at, "ELSE IF");
  if (awaiting_ == Awaiting::past_limit) return;
  if (p.branches.empty()) throw BuildError{"ELSE without IF: only an IF order has an ELSE", at};
  if (awaiting_ == Awaiting::branch_action && unanswered())
    throw BuildError{"IF without an action: expected an 'Action:' line after it", opened_at_};
  if (else_seen_) throw BuildError{"ELSE IF after ELSE: the ELSE must come last", at};
  p.branches.push_back({std::move(condition), {}});
  await(Awaiting::branch_action, at);
}

void Builder::open_else(Position at) {
  Phase& p = phase(at, "ELSE");
  if (awaiting_ == Awaiting::past_limit) return;
  if (p.branches.empty()) throw BuildError{"ELSE without IF: only an IF order has an ELSE", at};
  if (awaiting_ == Awaiting::branch_action && unanswered())
    throw BuildError{"IF without an action: expected an 'Action:' line after it", opened_at_};
  if (else_seen_) throw BuildError{"a second ELSE for the same IF", at};
  await(Awaiting::else_action, at);
  else_seen_ = true;
}

void Builder::await(Awaiting what, Position at) {
  awaiting_ = what;
  opened_at_ = at;
  opened_by_refused_line_ = false;
  last_order_ = nullptr;
}

void Builder::add_branch(Condition condition, Order order) {
  Phase& p = phase({}, "IF");  // the grammar reads a compact IF only after a phase's or ON's head
  p.branches.push_back({std::move(condition), std::move(order)});
  last_order_ = &p.branches.back().order;
}

void Builder::add_else(Order order) {
  Phase& p = phase({}, "ELSE");
  p.otherwise = std::move(order);
  last_order_ = &*p.otherwise;
}

void Builder::check_else_if_limit(Position at) {
  if (sheet_.characters.empty() || open_ == Open::none || awaiting_ == Awaiting::past_limit) return;
  if (phase(at, "ELSE IF").branches.size() > max_else_ifs) {
    awaiting_ = Awaiting::past_limit;
    throw BuildError{"nesting limit: more than 50 ELSE IF branches in one phase", at};
  }
}

std::optional<BuildError> Builder::close_phase() {
  std::optional<BuildError> unfinished;
  if (unanswered())
    unfinished = BuildError{awaiting_ == Awaiting::branch_action
                                ? "IF without an action: expected an 'Action:' line after it"
                                : "ELSE without an action: expected an 'Action:' line after it",
                            opened_at_};
  awaiting_ = Awaiting::nothing;
  opened_by_refused_line_ = false;
  else_seen_ = false;
  last_order_ = nullptr;
  return unfinished;
}

Sheet Builder::finish() {
  if (const auto unfinished = close_phase()) throw *unfinished;
  return std::move(sheet_);
}

}  // namespace arbiter::orders
