#include "interpreter/core/order_check.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <concepts>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grammar/blanks.hpp"
#include "grammar/orders_format.hpp"
#include "interpreter/core/coordinates.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/core/pathfinder.hpp"
#include "interpreter/core/step_rules.hpp"

namespace arbiter::orders {
namespace {

// How a warning of an order heading for a place walled off from it begins (tells_no_way).
constexpr std::string_view no_way_leads = "no way leads from ";

class Checker {
 public:
  Checker(const std::vector<SheetFile>& sheets, const Vocabulary& vocabulary, const Roster* roster, const Grid* map,
          long next_round)
      : vocabulary_(vocabulary), roster_(roster), map_(map), next_round_(next_round) {
    if (roster_)
      for (const auto& entry : *roster_) roster_names_.push_back(entry.name);
    else  // who the sheets order is surely in the fight, whichever sheet names them
      for (const auto& file : sheets)
        for (const auto& character : file.sheet.characters)
          ordered_names_.insert(character_name_key(without_the(character.name.text)));
  }

  void sheet(const SheetFile& file) {
    file_ = &file;
    const std::size_t first = diagnostics.size(), first_warning = warnings.size();
    for (const auto& character : file.sheet.characters) this->character(character);
    if (roster_)
      for (const auto& cut : file.sheet.names_before_comments) cut_by_comment(cut);
    // Told in the order of the lines, whichever check found them.
    by_line(diagnostics, first);
    by_line(warnings, first_warning);
  }

  std::vector<Diagnostic> diagnostics;
  std::vector<Diagnostic> warnings;
  std::size_t left_out = 0;  // problems past most_diagnostics

 private:
  static void by_line(std::vector<Diagnostic>& told, std::size_t first) {
    std::stable_sort(told.begin() + static_cast<std::ptrdiff_t>(first), told.end(),
                     [](const Diagnostic& a, const Diagnostic& b) {
                       return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
                     });
  }

  Diagnostic at(Position where, std::string message, std::vector<std::string> notes) const {
    return {{file_->name, where.line, where.column}, std::move(message), line_at(file_->text, where.offset),
            std::move(notes)};
  }

  void error(Position where, std::string message, std::vector<std::string> notes = {}) {
    error(where, std::move(message), [&notes] { return std::move(notes); });
  }

  // Notes (the nearest names) are only looked for while problems are still shown: a sheet of
  // 200,000 strangers must not search the roster for each.
  template <std::invocable MakeNotes>
  void error(Position where, std::string message, MakeNotes&& notes) {
    if (diagnostics.size() >= most_diagnostics) {
      ++left_out;
      return;
    }
    diagnostics.push_back(at(where, std::move(message), notes()));
  }

  static std::vector<std::string> hint(const std::string& suggestion) {
    return suggestion.empty() ? std::vector<std::string>{} : std::vector{suggestion};
  }

  bool in_fight(const std::string& name) const { return named(*roster_, name) != nullptr; }

  // "did you mean …?" for a name not in the fight. "Orc #1" is the first of Orc's copies, which an
  // encounter names "Orc" (then "Orc #2"…), not the nearest spelling, "Orc #2".
  std::string nearest_name(std::string_view name) const {
    if (name.ends_with(" #1"))
      if (const RosterEntry* first = named(*roster_, name.substr(0, name.size() - 3)))
        return fmt::format("did you mean '{}'? the first of a character's copies has no number", first->name);
    return did_you_mean(name, roster_names_);
  }

  // The character of the fight a target names, by the rules `run` reads it with.
  const RosterEntry* someone(const Target& t) const {
    if (t.kind == Target::Kind::character) return named(*roster_, t.text.text);
    if (t.kind == Target::Kind::phrase) return bare_name(t.text.text, vocabulary_, *roster_);
    return nullptr;
  }

  // The name of the fight a comment cut short ("Orc #2" read as "Orc" and a comment, "'Orc #2'" as
  // "'Orc"), or null.
  const RosterEntry* name_cut(const NameBeforeComment& cut) const {
    const std::string written = character_name_key(without_quote_marks(cut.written)),
                      read = character_name_key(without_quote_marks(cut.name.text));
    for (const auto& entry : *roster_) {
      const std::string& name = entry.key;
      if (name.size() > read.size() && written.starts_with(name) &&
          (written.size() == name.size() || written[name.size()] == ' '))
        return &entry;
    }
    return nullptr;
  }

  // Whether the name, target or condition written at `at` is a name of the fight a comment cut
  // short: told so by cut_by_comment, not again as what it reads.
  bool cut_from_a_name(Position at) const {
    const auto& cuts = file_->sheet.names_before_comments;
    return roster_ && std::any_of(cuts.begin(), cuts.end(), [&](const NameBeforeComment& cut) {
             return cut.name.at.offset == at.offset && name_cut(cut);
           });
  }

  // Whether the name written at `at` is followed by a comment that starts with a number ("Orc #2").
  bool numbered_by_comment(Position at) const {
    const auto& cuts = file_->sheet.names_before_comments;
    return std::any_of(cuts.begin(), cuts.end(), [&](const NameBeforeComment& cut) {
      const std::size_t hash = cut.written.find('#');
      return cut.name.at.offset == at.offset && hash != std::string::npos && hash + 1 < cut.written.size() &&
             cut.written[hash + 1] >= '0' &&
             cut.written[hash + 1] <= '9';
    });
  }

  // "Character: Orc #2" reads "Orc" and a comment: refused when the comment cut short a name of the
  // fight, since the orders would go to, or be taken at, someone else.
  void cut_by_comment(const NameBeforeComment& cut) {
    if (const RosterEntry* entry = name_cut(cut))
      error(cut.name.at, fmt::format("'{}': a # starts a comment; write the name in quotes: \"{}\"", entry->name,
                                     entry->name));
  }

  // A name without the quote marks a comment left on it ("'Orc #2'"): ', ", and their typographic forms.
  static std::string without_quote_marks(std::string_view written) {
    std::string name = straight_quotes(written);
    const auto quote = [](char c) { return c == '\'' || c == '"'; };
    while (!name.empty() && quote(name.front())) name.erase(name.begin());
    while (!name.empty() && quote(name.back())) name.pop_back();
    return name;
  }

  // "-> 'Orc Brute'", "-> «Goblin»", "-> Sammy Jr." (its full stop read as the line's end): a name of
  // the fight but for the marks around it, which only double quotes keep as written; "did you
  // mean 'Orc Brute'?" would repeat what was written. Null when it is no such name.
  const RosterEntry* needs_double_quotes(const std::string& written) const {
    std::string name = straight_quotes(written);
    for (bool cut = true; cut;) {
      cut = false;
      for (const std::string_view mark : {"'", "\"", "\u00AB", "\u00BB", "\u2039", "\u203A", "\u201E", "\u201A"}) {
        if (name.size() > mark.size() && name.starts_with(mark)) name.erase(0, mark.size()), cut = true;
        if (name.size() > mark.size() && name.ends_with(mark)) name.resize(name.size() - mark.size()), cut = true;
      }
    }
    if (name != written)
      if (const RosterEntry* meant = named(*roster_, name)) return meant;
    return named(*roster_, written + ".");
  }

  // "On the Wall:" unquoted reads as a standing order ON "the Wall" with no order, and the entries
  // under it as the character's before: when that is a name of the fight, it is told once, with the
  // quotes it needs, and the entries under it are left to be checked once it is quoted.
  const StandingOrder* name_read_as_standing(const CharacterOrders& character) const {
    if (!roster_) return nullptr;
    for (const auto& s : character.standing)
      if (s.choice.branches.empty() && !s.choice.otherwise && in_fight("On " + s.trigger.text)) return &s;
    return nullptr;
  }

  void character(const CharacterOrders& written) {
    const CharacterOrders* checked = &written;
    CharacterOrders above;  // the orders written above a name read as a standing order
    if (const StandingOrder* misread = name_read_as_standing(written)) {
      const std::string& name = named(*roster_, "On " + misread->trigger.text)->name;
      error(misread->choice.at, fmt::format("'{}' is someone in the fight: a name that begins with the word 'On' goes "
                                            "in quotes (\"{}\":), as 'ON' opens a standing order",
                                            name, name));
      const std::size_t line = misread->choice.at.line;
      above = written;
      std::erase_if(above.phases, [&](const Phase& p) { return p.at.line > line; });
      std::erase_if(above.standing, [&](const StandingOrder& s) { return s.choice.at.line >= line; });
      checked = &above;
    }
    const CharacterOrders& character = *checked;
    const std::string& name = character.name.text;
    ordering_ = &written.name;
    // One set of orders per character and round: sheets for different rounds may both order it.
    const long round = round_ = round_of(file_->sheet, next_round_);
    const RosterEntry* in_roster = roster_ ? named(*roster_, name) : nullptr;  // "orc:" and "the Orc:" are Orc
    const auto [first, fresh] = ordered_.try_emplace({round, character_name_key(in_roster ? in_roster->name : name)},
                                                     Ordered{file_->name, character.name.at, !file_->sheet.round});
    if (!fresh) {
      const Ordered& before = first->second;
      std::vector<std::string> notes{fmt::format("{}:{}:{}: the first orders for '{}' are here", before.file,
                                                 before.at.line, before.at.column, name)};
      if (before.unnumbered != !file_->sheet.round)
        notes.push_back(fmt::format("a sheet without 'Round N' is for the next round to play, round {}", round));
      error(character.name.at, fmt::format("'{}' already has orders", name), std::move(notes));
    }
    if (roster_ && !in_fight(name) && !cut_from_a_name(character.name.at))
      error(character.name.at, fmt::format("'{}' is not in the fight", name), [&] {
        if (const RosterEntry* owner = owner_of_orders(name))
          return hint(fmt::format("did you mean '{}:'? a character's header is its name alone", owner->name));
        return hint(nearest_name(name));
      });
    phases(character);
    standing(character);
  }

  // The character a header such as "Aldric's orders" or "Aldric orders" names, or null.
  const RosterEntry* owner_of_orders(std::string_view header) const {
    std::string name = straight_quotes(header);
    for (const std::string_view suffix : {" orders", " order"})
      if (fold_case(name).ends_with(suffix)) {
        name.resize(name.size() - suffix.size());
        break;
      }
    if (fold_case(name).ends_with("'s")) name.resize(name.size() - 2);
    else if (name.ends_with('\'')) name.pop_back();
    return name.size() < header.size() ? named(*roster_, name) : nullptr;
  }

  // Where an order is written: a turn entry, a standing order, or a second "Action:" line where
  // its phase had its order (Phase::misplaced), which is told, so when it is taken is not.
  enum class Taken { on_turn, in_answer, misplaced };

  void standing(const CharacterOrders& character) {
    for (const auto& s : character.standing) {
      if (!vocabulary_.sequential) {
        error(s.choice.at, "a standing order (ON …) answers declared actions, and every phase of these rules is "
                           "simultaneous: write each phase's order instead ('1:', '2:')");
        continue;
      }
      const ActionRules* trigger = vocabulary_.action(s.trigger.text);
      if (!trigger)
        error(s.trigger.at, fmt::format("unknown action '{}' after ON", s.trigger.text),
              [&] { return hint(did_you_mean_one_of(vocabulary_.nearest_actions(s.trigger.text))); });
      else if (!trigger->declared_as.empty())
        // The others never see it by its name, so a standing order on that name never answers.
        error(s.trigger.at,
              fmt::format("'ON {}' can never answer: {} is declared as '{}', and that is what the others see",
                          s.trigger.text, trigger->name, trigger->declared_as),
              [&] { return hint(fmt::format("write 'ON {}'", trigger->declared_as)); });
      if (s.choice.branches.empty() && !s.choice.otherwise)
        error(s.choice.at, fmt::format("'ON {}' of '{}' has no action", s.trigger.text, character.name.text));
      // Each branch answers the trigger, when it is an action the others may be seen to take.
      const std::string* answering = trigger && trigger->declared_as.empty() ? &trigger->name : nullptr;
      phase(s.choice, Taken::in_answer, answering);
    }
  }

  void phases(const CharacterOrders& character) {
    const std::string& name = character.name.text;
    // A sequential flow's numbered lines are the entries of a turn, read in order; a simultaneous
    // one's are its phases, one order each. The messages say which the rules have.
    const std::string_view kind = numbered_line(vocabulary_.sequential);
    const std::string_view kinds = numbered_line(vocabulary_.sequential, true);
    std::map<long, const Phase*> seen;
    for (const auto& phase : character.phases) {
      if (const auto [first, fresh] = seen.emplace(phase.number, &phase); !fresh) {
        const Position before = first->second->at;
        if (vocabulary_.sequential)
          error(phase.at,
                fmt::format("entry {} of '{}' is written twice: number a turn's entries 1, 2, 3… once each",
                            phase.number, name),
                {fmt::format("{}:{}:{}: the first entry {} is here", file_->name, before.line, before.column,
                             phase.number)});
        else
          error(phase.at, fmt::format("phase {} of '{}' is ordered twice", phase.number, name),
                {fmt::format("{}:{}:{}: the first order for phase {} is here", file_->name, before.line,
                             before.column, phase.number)});
      }
      if (vocabulary_.phases > 0 && (phase.number < 1 || phase.number > vocabulary_.phases))
        error(phase.at, fmt::format("there is no {} {}: the rules give each character {} 1 to {}", kind,
                                    phase.number, kinds, vocabulary_.phases));
      // Without a count, the flow's phases still bound them: the fight would never play the order.
      else if (vocabulary_.flow_phases > 0 && phase.number > vocabulary_.flow_phases)
        error(phase.at, fmt::format("there is no phase {}: the rules' flow has {} phase{}, so this order would never "
                                    "be played",
                                    phase.number, vocabulary_.flow_phases, vocabulary_.flow_phases == 1 ? "" : "s"));
      // Without a count from the rules (a turn's entries, as many as it likes) the first is still
      // 1: the fight reads a turn from entry 1 on, and would never read an entry 0.
      else if (phase.number < 1)
        error(phase.at, fmt::format("there is no {} {}: {} are numbered from 1", kind, phase.number, kinds));
      if (phase.branches.empty() && !phase.otherwise)
        error(phase.at, fmt::format("{} {} of '{}' has no action", kind, phase.number, name));
    }
    for (const auto& phase : character.phases) {
      const auto before = seen.find(phase.number - 1);
      entry_before_ = before != seen.end() ? before->second : nullptr;
      this->phase(phase, Taken::on_turn);
    }
    entry_before_ = nullptr;
    if (vocabulary_.phases > 0) {
      for (long number = 1; number <= vocabulary_.phases; ++number)
        if (!seen.contains(number))
          error(character.name.at, fmt::format("'{}' has no order for {} {}", name, kind, number));
      return;
    }
    // Without a count from the rules, phases are still 1, 2, 3… with none left out: a gap is told
    // once, at the entry after it, however many numbers it leaves out.
    long before = 0;
    for (const auto& [number, phase] : seen) {
      if (number < 1) continue;
      if (number == before + 2)
        error(phase->at, fmt::format("{} {} of '{}' leaves out {} {}: number them 1, 2, 3… with none left out", kind,
                                     number, name, kind, before + 1));
      else if (number > before + 2)
        error(phase->at, fmt::format("{} {} of '{}' leaves out {} {} to {}: number them 1, 2, 3… with none left out",
                                     kind, number, name, kinds, before + 1, number - 1));
      before = number;
    }
  }

  // `trigger`: the action a standing order answers (none: a turn entry, or an unknown trigger).
  void phase(const Phase& phase, Taken taken, const std::string* trigger = nullptr) {
    for (const auto& branch : phase.branches) {
      condition(branch.condition);
      order(branch.order, taken, trigger);
      if (taken == Taken::on_turn) answers_what_it_waits_for(branch.condition, branch.order);
    }
    if (phase.otherwise) order(*phase.otherwise, taken, trigger);
    for (const auto& extra : phase.misplaced) {
      error(extra.at, extra.why);
      order(extra.order, Taken::misplaced, nullptr);
    }
  }

  // When the rules let the action be taken (an action's `turn_only`, `answers`, `replaces`): a turn
  // entry is one's own action, or one that replaces it when it is answered; a standing order answers
  // its trigger.
  void timing(const ActionRules& action, const Order& o, Taken taken, const std::string* trigger) {
    if (taken == Taken::misplaced) return;
    const std::string answered = action.answers ? fmt::format("{}", fmt::join(*action.answers, ", ")) : "";
    if (taken == Taken::on_turn) {
      if (action.answers && !action.replaces.empty() && vocabulary_.sequential) replacing_entry(action, o, answered);
      if (!action.answers || !action.replaces.empty()) return;
      if (action.answers->empty())
        error(o.action.at, answers_only(action));
      else
        error(o.action.at, answers_only(action),
              {file_->answer ? fmt::format("{} is asked for a response when one of those is declared: give it then",
                                           ordering_->text)
                             : fmt::format("write it as a standing order: 'ON {}: {}'", action.answers->front(),
                                           action.name)});
      return;
    }
    if (action.turn_only) {
      error(o.action.at, fmt::format("'{}' is taken on one's own turn, it does not answer another's action",
                                     action.name),
            {file_->answer ? fmt::format("give it when asked for {}'s next action", ordering_->text)
                           : fmt::format("write it as a turn entry: '1: {}'", format(o))});
      return;
    }
    if (!trigger || !action.answers) return;
    const bool answers = std::any_of(action.answers->begin(), action.answers->end(),
                                     [&](const std::string& name) { return same_name(name, *trigger); });
    if (answers) return;
    if (action.answers->empty())
      error(o.action.at, fmt::format("'{}' does not answer {}: it answers no action", action.name, *trigger));
    else
      error(o.action.at, fmt::format("'{}' does not answer {}: it answers {}", action.name, *trigger, answered));
  }

  // A reaction written as a turn entry is taken in place of one's own action when it is answered,
  // and the answered action is the entry before's: with none there it is never taken. It answers
  // `answered` above all as a standing order (Counter-Attack, CT Parry): told first.
  void replacing_entry(const ActionRules& action, const Order& o, const std::string& answered) {
    const auto replaced = [&](const Order& earlier) {
      const ActionRules* taken = vocabulary_.action(earlier.action.text);
      return taken && std::any_of(action.replaces.begin(), action.replaces.end(),
                                  [&](const std::string& name) { return same_name(name, taken->name); });
    };
    std::vector<const Order*> replaceable;
    if (entry_before_) {
      for (const auto& branch : entry_before_->branches)
        if (replaced(branch.order)) replaceable.push_back(&branch.order);
      if (entry_before_->otherwise && replaced(*entry_before_->otherwise))
        replaceable.push_back(&*entry_before_->otherwise);
    }
    if (!replaceable.empty()) return against_the_answerer(action, o, replaceable);
    const std::string replaces = fmt::format("{}", fmt::join(action.replaces, " or "));
    const std::string reaction = fmt::format("'{}' answers another's action ({})", action.name, answered);
    // At a prompt no entry comes before: the replacement is asked for as the response it is.
    if (file_->answer) {
      error(o.action.at, replaces_only(action),
            {fmt::format("{} is asked for a response when one of those is declared, or when {}'s {} is answered: "
                         "give '{}' then",
                         ordering_->text, ordering_->text, replaces, action.name)});
      return;
    }
    error(o.action.at,
          fmt::format("{}; on one's turn it is taken only in place of one's own {} when it is answered, and {}",
                      reaction, replaces,
                      entry_before_ ? fmt::format("the entry before ({}) takes no {}", entry_before_->number, replaces)
                                    : std::string("it is the turn's first entry")),
          {fmt::format("write it as a standing order: 'ON {}: {}'", action.answers->front(), action.name),
           fmt::format("or right after the entry it replaces: '{}: {} …' then '{}: {}{} …'",
                       entry_before_ ? entry_before_->number : 1, action.replaces.front(),
                       entry_before_ ? entry_before_->number + 1 : 2, when_answered(action), action.name)});
  }

  // "IF my attack was parried THEN ": a condition the rules declare for what the replacement answers
  // (`answered_by`), the first; none said, it is written alone (taken only when it can answer).
  std::string when_answered(const ActionRules& action) const {
    const std::vector<std::string> fitting = conditions_for(action);
    return fitting.empty() ? std::string() : fmt::format("IF {} THEN ", fitting.front());
  }

  // The answers a condition stands for (its phrases' `answered_by`): one of them must have answered
  // one's action for it to hold. None: the rules do not say, or it may hold whatever answered.
  std::optional<std::vector<std::string>> answered_by(const Condition& c) const {
    using Kind = Condition::Kind;
    if (c.kind == Kind::phrase) {
      const auto match = vocabulary_.condition(c.phrase.text);
      if (!match || match->declaration->answered_by.empty()) return std::nullopt;
      return match->declaration->answered_by;
    }
    if (c.kind == Kind::negation) return std::nullopt;
    std::optional<std::vector<std::string>> found;
    for (const auto& operand : c.operands) {
      std::optional<std::vector<std::string>> of = answered_by(operand);
      if (c.kind == Kind::any && !of) return std::nullopt;  // one of them holds whatever answered
      if (!of) continue;                                    // AND: the others still say
      if (!found) found = std::move(of);
      else if (c.kind == Kind::any) found->insert(found->end(), of->begin(), of->end());
      else std::erase_if(*found, [&](const std::string& name) { return !answers(*of, name); });
    }
    return found;
  }

  static bool answers(const std::vector<std::string>& names, std::string_view name) {
    return std::ranges::any_of(names, [&](const std::string& n) { return same_name(n, name); });
  }

  // The declared conditions a replacement may be written under: each stands only for answers it
  // answers (`answered_by`), in the order the rules declare them.
  std::vector<std::string> conditions_for(const ActionRules& action) const {
    std::vector<std::string> fitting;
    for (const Declaration& d : vocabulary_.conditions())
      if (!d.answered_by.empty() &&
          std::ranges::all_of(d.answered_by, [&](const std::string& name) { return answers(*action.answers, name); }))
        fitting.push_back(d.text);
    return fitting;
  }

  // A replacement written as a turn entry under a condition that holds only when the action it
  // replaces was answered by what the replacement never answers ("IF my attack was parried THEN CT
  // Counter-Attack": CT Counter-Attack answers a Counter-Attack) is never taken: warned of, with the
  // conditions it may be written under.
  void answers_what_it_waits_for(const Condition& c, const Order& o) {
    const ActionRules* action = vocabulary_.action(o.action.text);
    if (!vocabulary_.sequential || !action || !action->answers || action->replaces.empty()) return;
    const std::optional<std::vector<std::string>> drawn = answered_by(c);
    if (!drawn || std::ranges::any_of(*drawn, [&](const std::string& name) { return answers(*action->answers, name); }))
      return;
    const std::vector<std::string> fitting = conditions_for(*action);
    std::vector<std::string> notes;
    if (!fitting.empty())
      notes.push_back(fmt::format("write 'IF {} THEN {}'", fmt::join(fitting, " OR "), action->name));
    warnings.push_back(at(o.action.at,
                          fmt::format("'{}' answers only {}, and its condition holds only when {} answered the "
                                      "action it replaces: it is never taken",
                                      action->name, fmt::join(*action->answers, ", "), fmt::join(*drawn, " or ")),
                          std::move(notes)));
  }

  // A replacement is taken against the one who answered the action it replaces, and only that
  // action's target answers it (an attack is answered by the one attacked): a replacement at
  // someone else (`1: Feint -> Bo` then `2: IF my attack was parried THEN Counter-Attack -> Cy`) is
  // never taken so. Told when every action it may replace names its target, and it names another.
  void against_the_answerer(const ActionRules& action, const Order& o, const std::vector<const Order*>& replaceable) {
    if (!o.target) return;
    const std::optional<std::string> mine = character_key(*o.target);
    if (!mine) return;
    for (const Order* earlier : replaceable) {
      const std::optional<std::string> theirs = earlier->target ? character_key(*earlier->target) : std::nullopt;
      if (!theirs || *theirs == *mine) return;
    }
    const Order& first = *replaceable.front();
    error(o.target->text.at,
          fmt::format("'{}' replaces entry {}'s {} when its target answers it, and is taken against the one who "
                      "answered: {}, not {}",
                      action.name, entry_before_->number, first.action.text, format(*first.target),
                      format(*o.target)),
          {fmt::format("write it without a target, or '{} -> {}'", o.action.text, format(*first.target))});
  }

  // The character a target names, by its key (character_name_key): a quoted name, or a bare one the
  // rules do not declare as a target (in a fight, one of its roster); none for a general target,
  // oneself, a cell.
  std::optional<std::string> character_key(const Target& t) const {
    if (roster_) {
      const RosterEntry* entry = someone(t);
      return entry ? std::optional(entry->key) : std::nullopt;
    }
    if (t.kind == Target::Kind::character || (t.kind == Target::Kind::phrase && !vocabulary_.target(t.text.text)))
      return character_name_key(t.text.text);
    return std::nullopt;
  }

  void condition(const Condition& c) {
    if (c.kind != Condition::Kind::phrase) {
      for (std::size_t i = 0; i < c.operands.size(); ++i)
        if (c.kind == Condition::Kind::any && i + 1 < c.operands.size() && number_or_more(c.operands[i], c.operands[i + 1]))
          ++i;  // the two told as one
        else
          condition(c.operands[i]);
      return;
    }
    const auto match = vocabulary_.condition(c.phrase.text);
    if (!match && cut_from_a_name(c.phrase.at)) return;
    if (!match) {
      error(c.phrase.at, fmt::format("'{}' is not a condition the rules declare", c.phrase.text), [&] {
        auto notes = hint(negation_hint(c.phrase.text));
        if (std::string feet = squares_hint(c.phrase.text); !feet.empty()) notes.push_back(std::move(feet));
        for (auto& note : nearest("conditions", nearest_conditions(c.phrase.text))) notes.push_back(note);
        return notes;
      });
      return;
    }
    bindings(*match, c.phrase.at, &c.phrase.text);
  }

  // A condition the rules declare written negated ("an enemy is not adjacent", "I have less than 4
  // AP"): "did you mean 'NOT an enemy is adjacent'?", the language's NOT before the phrase; "" when
  // the phrase is no such thing.
  std::string negation_hint(const std::string& phrase) const {
    const std::string folded = fold_case(phrase);
    const auto without = [&](std::string_view words, std::string_view instead) -> std::string {
      const std::size_t at = (" " + folded + " ").find(" " + std::string(words) + " ");
      if (at == std::string::npos) return {};
      std::string positive = phrase.substr(0, at) + std::string(instead) + phrase.substr(at + words.size());
      positive = blanks_collapsed(positive);
      return vocabulary_.condition(positive) ? positive : std::string{};
    };
    using Words = std::pair<std::string_view, std::string_view>;
    for (const auto& [words, instead] : std::array{Words{"not", ""}, Words{"less than", "at least"}, Words{"fewer than", "at least"}})
      if (const std::string positive = without(words, instead); !positive.empty())
        return fmt::format("did you mean 'NOT {}'? NOT goes before the condition", positive);
    return {};
  }

  // A distance a condition writes in squares ("\"Bo\" is within 2 squares"): told in feet, as a
  // movement's is (grammar/orders.cpp); "" when it writes none.
  std::string squares_hint(const std::string& phrase) const {
    const std::string folded = blanks_collapsed(fold_case(phrase));
    std::string before;
    for (std::size_t at = 0; at < folded.size();) {
      const std::size_t end_of_word = std::min(folded.find(' ', at), folded.size());
      const std::string word = folded.substr(at, end_of_word - at);
      at = end_of_word + 1;
      long squares = 0;
      const auto [end, error] = std::from_chars(before.data(), before.data() + before.size(), squares);
      if ((word == "square" || word == "squares" || word == "sq") && !before.empty() && error == std::errc{} &&
          end == before.data() + before.size() && squares <= max_number / feet_per_step()) {
        // Only told when the rules declare the condition in feet: advice they refuse is no help.
        const std::size_t number_at = at - 1 - word.size() - 1 - before.size();
        // As written, when folding the case kept every byte where it was.
        const std::string written = blanks_collapsed(phrase);
        const std::string& text = written.size() == folded.size() ? written : folded;
        const std::string in_feet = text.substr(0, number_at) + fmt::format("{}'", squares * feet_per_step()) +
                                    text.substr(std::min(at - 1, text.size()));
        if (!vocabulary_.condition(in_feet)) return {};
        return fmt::format("write distances in feet: {} square{} is {}' {}: '{}'", before, squares == 1 ? "" : "s",
                           squares * feet_per_step(),
                           map_ ? std::string("on this map") : fmt::format("at {}' a square", feet_per_step()),
                           in_feet);
      }
      before = word;
    }
    return {};
  }

  // "I have 2 or more wounds", which OR splits into 'I have 2' and 'more wounds', neither a condition:
  // told once, as the phrase written, with the rules' way of saying it when they declare one ("I
  // have at least 2 wounds"). Whether it was told.
  bool number_or_more(const Condition& left, const Condition& right) {
    if (left.kind != Condition::Kind::phrase || right.kind != Condition::Kind::phrase) return false;
    const std::string& before = left.phrase.text;
    const std::string& after = right.phrase.text;
    const std::size_t last_word = before.rfind(' ') + 1;  // 0 when it is one word
    const std::string number = before.substr(last_word);
    const std::string comparison = fold_case(after.substr(0, after.find(' ')));
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos ||
        (comparison != "more" && comparison != "fewer" && comparison != "less") ||
        (vocabulary_.condition(before) && vocabulary_.condition(after)))
      return false;
    const std::string written = before + " or " + after;
    const std::string rest = after.find(' ') == std::string::npos ? "" : after.substr(after.find(' '));
    const std::string meant = fmt::format("{}{} {}{}", before.substr(0, last_word),
                                          comparison == "more" ? "at least" : "at most", number, rest);
    error(left.phrase.at,
          fmt::format("'{}' is not a condition the rules declare: OR joins two conditions, '{}' and '{}'", written,
                      before, after),
          [&] {
            if (vocabulary_.condition(meant)) return hint(fmt::format("did you mean '{}'?", meant));
            return nearest("conditions", nearest_conditions(written));
          });
    return true;
  }

  // Names a phrase mentions ("{character} is down") must be in the fight too; its numbers ({n},
  // {distance}) are counts and feet, bounded as the sheet's other numbers are.
  // `phrase`: a condition as written, whose declared phrases nearest are told of a name that is
  // no one's ("my ally is down" read as "{character} is down" is near "an ally is down").
  void bindings(const Match& match, Position at, const std::string* phrase = nullptr) {
    for (const auto& binding : match.bindings) {
      if ((binding.slot == Slot::number || binding.slot == Slot::distance) && !number_in_range(binding.value))
        error(number_at(at, binding.value),
              fmt::format("number out of range: at most {} in absolute value, not {}", max_number, binding.value));
      if (roster_ && binding.slot == Slot::character && !in_fight(binding.value))
        error(at, fmt::format("'{}' is not in the fight", binding.value), [&] {
          auto notes = hint(nearest_name(without_the(binding.value)));
          if (const auto near = phrase ? nearest_conditions(*phrase) : std::vector<std::string>{};
              !near.empty())
            notes.push_back(nearest("conditions", near).front());
          return notes;
        });
    }
  }

  // Where the number `value` is written in the phrase that starts at `phrase`, on its line: the
  // first run of digits that is it; the phrase's start when it is not found.
  Position number_at(Position phrase, std::string_view value) const {
    const std::string& text = file_->text;
    const std::size_t line_end = std::min(text.find('\n', phrase.offset), text.size());
    const auto digit = [&](std::size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
    for (std::size_t i = text.find(value, phrase.offset); i != std::string::npos && i + value.size() <= line_end;
         i = text.find(value, i + 1))
      if ((i == 0 || !digit(i - 1) || value.front() == '-') && !digit(i + value.size()))
        return {i, phrase.line, phrase.column + (i - phrase.offset)};
    return phrase;
  }

  // The declared conditions `phrase` may mean: with the roster known, with no {character} filled
  // by a word naming no one in the fight, which would only be told "'fatally' is not in the fight".
  std::vector<std::string> nearest_conditions(const std::string& phrase) const {
    if (!roster_) return vocabulary_.nearest_conditions(phrase);
    return vocabulary_.nearest_conditions(phrase, 3, [&](std::string_view name) { return in_fight(std::string(name)); });
  }

  static std::vector<std::string> nearest(const char* kind, const std::vector<std::string>& phrases) {
    if (phrases.empty()) return {fmt::format("none of the {} the rules declare is near it", kind)};
    std::string list;
    for (const auto& p : phrases) list += (list.empty() ? "'" : ", '") + p + "'";
    return {fmt::format("the nearest declared {}: {}", kind, list)};
  }

  // `written_after`: the words before the target ("->", "toward"), to show it as it would be written.
  void target(const Target& t, std::string_view written_after) {
    switch (t.kind) {
      case Target::Kind::character:
        if (roster_ && !in_fight(t.text.text))
          error(t.text.at, fmt::format("no character '{}' in the fight", t.text.text),
                [&] { return quoted_target_notes(t.text.text, written_after); });
        return;
      case Target::Kind::phrase:
        if (const auto match = vocabulary_.target(t.text.text)) {
          bindings(*match, t.text.at);
          compared_by_no_one(*match->declaration, t);
          answered_by_no_one(*match, t);
        } else if (!roster_) {
          // Without the fight, a bare phrase the rules do not declare may be someone's name, as
          // run would read it: taken on trust, unless the sheets order no one of that name.
          // A number's comment right after it ("-> Orc #2") is warned of as that (numbers_after_names).
          if (!ordered_names_.contains(character_name_key(without_the(t.text.text))) && !numbered_by_comment(t.text.at))
            warnings.push_back(at(t.text.at,
                                  fmt::format("'{}' is not a target the rules declare: taken as the name of someone "
                                              "in the fight, which only --encounter (or run) can tell",
                                              t.text.text),
                                  nearest("targets", vocabulary_.nearest_targets(t.text.text))));
        } else if (!bare_name(t.text.text, vocabulary_, *roster_) && !cut_from_a_name(t.text.at)) {
          // A bare name misspelt ("-> Orc Brut") is told the nearest name, as a quoted one is.
          error(t.text.at, fmt::format("'{}' is not a target the rules declare", t.text.text), [&] {
            if (const RosterEntry* meant = needs_double_quotes(t.text.text))
              return std::vector<std::string>{
                  fmt::format("a name is written in double quotes: write it \"{}\" (someone in the fight)", meant->name)};
            auto notes = hint(nearest_name(t.text.text));
            if (!notes.empty()) notes.front() += " (someone in the fight)";
            for (auto& note : nearest("targets", vocabulary_.nearest_targets(t.text.text))) notes.push_back(note);
            return notes;
          });
        }
        return;
      case Target::Kind::self: return;
      case Target::Kind::cell:
      case Target::Kind::coordinates: on_the_map(t); return;
    }
  }

  // Whom a general target picks among, as its `among` says: everyone but the one ordering, of the
  // side it says; anyone when it says "any" (`mine` null then).
  struct Candidates {
    const RosterEntry* mine;
    Relation among;
    bool operator()(const RosterEntry& entry) const {
      return !mine || (&entry != mine && in_relation(among, entry.side, mine->side));
    }
    // "enemy of 'Aldric'", or "character in this fight".
    std::string one() const {
      return mine ? fmt::format("{} of '{}'", among == Relation::Ally ? "ally" : "enemy", mine->name)
                  : "character in this fight";
    }
    // "its enemies", or `anyone` ("this fight").
    std::string all(std::string_view anyone) const {
      return mine ? (among == Relation::Ally ? "its allies" : "its enemies") : std::string(anyone);
    }
  };
  Candidates candidates(const Declaration& declaration) const {
    return {declaration.among == Relation::Any ? nullptr : named(*roster_, ordering_->text), declaration.among};
  }

  // A general target that ranks characters by a stat ("the biggest enemy": size) names no one in a
  // fight where none of those it picks among (its `among`: the enemies of the one ordering) has that
  // stat: warned of, since the order is well written and the encounter, not the sheet, may be what
  // lacks it. The others' stats count for nothing: one's own size never makes an enemy the biggest.
  void compared_by_no_one(const Declaration& declaration, const Target& t) {
    const std::string& stat = declaration.compares;
    if (!roster_ || stat.empty()) return;
    const Candidates picked = candidates(declaration);
    std::vector<std::string> others;  // the ones it never picks that have it
    for (const RosterEntry& entry : *roster_) {
      if (std::ranges::find(entry.stats, stat) == entry.stats.end()) continue;
      if (picked(entry)) return;
      others.push_back(entry.name);
    }
    std::vector<std::string> notes;
    if (!others.empty())
      notes.push_back(fmt::format("only {} ha{} it, whom '{}' never picks: it picks among {}", fmt::join(others, ", "),
                                  others.size() == 1 ? "s" : "ve", declaration.text, picked.all("others")));
    notes.push_back(fmt::format("give {} a '{}' in the encounter (stats = {{ {} = 2 }}), or write another target",
                                picked.all("the characters"), stat, stat));
    warnings.push_back(at(t.text.at,
                          fmt::format("'{}' compares characters by their stat '{}', and no {} has it: it will name "
                                      "no one",
                                      t.text.text, stat, picked.one()),
                          notes));
  }

  // A general target that picks among the characters of a kind ("the closest enemy {word}") names no
  // one when none of those it picks among (its `among`: the enemies of the one ordering) answers to
  // the word written, as its `kinds` says as the fight starts: a typo ("dragon"), a plural ("orcs"),
  // or a kind only the others are ("archer" when only one's own side has archers). Warned of with
  // the kinds there are among them.
  void answered_by_no_one(const Match& match, const Target& t) {
    const Declaration& declaration = *match.declaration;
    if (!roster_ || !declaration.says_kinds) return;
    const auto word = std::ranges::find(match.bindings, Slot::word, &Binding::slot);
    if (word == match.bindings.end()) return;
    const std::string wanted = fold_case(word->value);
    const Candidates picked = candidates(declaration);
    std::set<std::string> kinds;
    std::vector<std::string> others;  // the ones it never picks that answer to the word
    for (const RosterEntry& entry : *roster_) {
      const auto said = entry.kinds.find(declaration.text);
      if (said == entry.kinds.end()) continue;
      if (picked(entry)) kinds.insert(said->second.begin(), said->second.end());
      else if (std::ranges::find(said->second, wanted) != said->second.end()) others.push_back(entry.name);
    }
    if (kinds.contains(wanted)) return;
    std::vector<std::string> notes;
    if (!others.empty())
      notes.push_back(fmt::format("only {} answer{} to '{}', whom '{}' never picks: it picks among {}",
                                  fmt::join(others, ", "), others.size() == 1 ? "s" : "", word->value,
                                  declaration.text, picked.all("others")));
    const std::vector<std::string> known(kinds.begin(), kinds.end());
    notes.push_back(known.empty() ? fmt::format("no {} answers to any word there", picked.one())
                                  : fmt::format("the kinds {} {}, nearest first: {}", picked.mine ? "of" : "in",
                                                picked.all("this fight"), listed_nearest_first(wanted, known)));
    warnings.push_back(at(t.text.at,
                          fmt::format("no {} answers to '{}' ('{}' picks among those who do): it will name no one",
                                      picked.one(), word->value, declaration.text),
                          notes));
  }

  // A quoted name that is no one's: quotes hold a name, so a target phrase the rules declare
  // ("-> \"closest enemy\"") is told to go without them; the nearest name of the fight otherwise.
  std::vector<std::string> quoted_target_notes(const std::string& name, std::string_view written_after) const {
    if (vocabulary_.target(name))
      return {fmt::format("'{}' is a target the rules declare, written without quotes: '{} {}' (quotes hold a name)",
                          name, written_after, name)};
    auto notes = hint(nearest_name(name));
    // A misspelling of a phrase, not one filled with the name ("the biggest enemy Orc" for "Orc").
    if (const auto near = nearest_names(name, vocabulary_.target_phrases(), 1); !near.empty())
      notes.push_back(fmt::format("a target the rules declare is written without quotes: did you mean '{} {}'?",
                                  written_after, near.front()));
    return notes;
  }

  // A cell or coordinates must lie on the fight's map, when there is one.
  void on_the_map(const Target& t) {
    if (!map_) return;
    try {
      if (t.kind == Target::Kind::cell) map_->cell(t.text.text);
      else map_->cell_at_feet(static_cast<int>(t.x), static_cast<int>(t.y));
    } catch (const Error& e) {
      error(t.text.at, e.diagnostics().front().message);
    }
  }

  // An action whose target is an enemy (Platemail's attacks: "against adjacent opponents", "the
  // moving enemy") cannot be ordered at the character itself, nor at an ally named in the fight;
  // one whose target is an ally (Platemail's Guard: "You protect another Character") not at itself
  // nor at an enemy named in the fight; one whose target is another (tempo's Move) not at itself.
  void someone_else(const ActionRules& action, const Target& t) {
    const std::string& me = ordering_->text;
    // "-> Orc #2" is told once, as a name a comment cut short (docs/orders.md), not as the "Orc" it reads.
    if (cut_from_a_name(t.text.at)) return;
    if (is_self(t)) {
      error(t.text.at, fmt::format("'{}' cannot {} itself: the target of {} is {}", me, action.name, action.name,
                                   target_wanted(action)));
      return;
    }
    const RosterEntry *mine = roster_ ? named(*roster_, me) : nullptr, *theirs = roster_ ? someone(t) : nullptr;
    if (action.enemy_target && mine && theirs && mine->side == theirs->side)
      error(t.text.at, fmt::format("'{}' is an ally of '{}' ({}): the target of {} is an enemy", t.text.text, me,
                                   mine->side, action.name));
    if (action.ally_target && mine && theirs && mine->side != theirs->side)
      error(t.text.at, fmt::format("'{}' is not an ally of '{}' ({}): the target of {} is an ally", t.text.text, me,
                                   mine->side, action.name));
  }

  // Whether `t` is the character giving the order: self, me, myself, or its own name in any
  // spelling a sheet reads as it ("Aldric", the aldric); without a fight, the name as its header
  // writes it.
  bool is_self(const Target& t) const {
    if (t.kind == Target::Kind::self) return true;
    if (t.kind == Target::Kind::cell || t.kind == Target::Kind::coordinates) return false;
    const std::string& me = ordering_->text;
    if (const RosterEntry* mine = roster_ ? named(*roster_, me) : nullptr) return mine == someone(t);
    return same_character_name(t.text.text, me);
  }

  // "Move toward self", "Skulk toward "Aldric"" (its own name), "Fall Back away from me", and
  // "Move -> self" of an action that must say where it moves and writes no way but its target: the
  // fight finds no way toward or away from where one already stands, and the order would be taken
  // as standing still. An action that may stay where it is (Skulk) is taken at itself as written,
  // and one whose target may not be oneself (tempo's Move) is told so by someone_else.
  // Told at the place; the place told, or null.
  const Target* moves_about_self(const Order& o, const ActionRules* action) {
    const Movement& m = o.movement;
    const bool away = m.kind == Movement::Kind::away;
    const Target* place = nullptr;
    if (m.kind == Movement::Kind::toward || away)
      place = m.place ? &*m.place : nullptr;
    else if (o.target && action && action->needs_direction && !action->targets_another() &&
             !writes_a_way(m))
      place = &*o.target;
    if (!place || !is_self(*place)) return nullptr;
    const char* how = away ? "away from" : "toward";
    error(place->text.at, fmt::format("'{}' cannot move {} itself: write where it moves (compass steps such as 'N, "
                                      "NE', or a cell: 'to C3'), or someone else to move {}",
                                      ordering_->text, how, how));
    return place;
  }

  void order(const Order& o, Taken taken, const std::string* trigger) {
    const ActionRules* action = vocabulary_.action(o.action.text);
    const Target* aim = taken_at(o);
    // Moving toward itself is told once, as that, not again as an order at itself.
    const Target* told = moves_about_self(o, action);
    const bool aim_told = told && told == aim;
    if (!action) {
      error(o.action.at, fmt::format("unknown action '{}'", o.action.text),
            [&] { return unknown_action_hint(o); });
    } else if (!action->usage.empty() &&
               (action->involuntary || (action->needs_target && !aim) || (action->no_target && o.target) ||
                (o.movement.kind != Movement::Kind::none && !action->move_feet_at(feet_per_step())) ||
                (action->needs_direction && !says_where(o)) || two_ways(*action, o) || unread_argument(*action, o))) {
      // The rules say how the action is written: one message, not one for each mistake; a target
      // beside a way is told at the target, as without a usage.
      error(two_ways(*action, o) ? o.target->text.at : o.action.at, fmt::format("'{}' {}", action->name, action->usage));
    } else if (action->involuntary) {
      error(o.action.at, fmt::format("'{}' is involuntary: the rules force it on a character, it cannot be ordered",
                                     action->name));
    } else {
      if (action->needs_target && !aim)
        error(o.action.at, fmt::format("'{}' needs a target: add '-> target' or a 'Target:' line", action->name));
      if (action->no_target && o.target)
        error(o.target->text.at, fmt::format("'{}' takes no target: write it without one", action->name));
      if (action->targets_another() && aim && !aim_told) someone_else(*action, *aim);
      if (action->needs_direction && !says_where(o)) nowhere(*action, o);
      if (two_ways(*action, o))
        error(o.target->text.at,
              // Not "toward its target": Fall Back's target is no way at all, it goes away from hostiles.
              fmt::format("'{}' is given two directions, '{}' and its target: write one, '{} {}' or '{}{} -> {}'",
                          action->name, format(o.movement), o.action.text, format(o.movement), o.action.text,
                          o.movement.feet ? fmt::format(" {}'", *o.movement.feet) : "", format(*o.target)));
      if (const Phrase* unread = unread_argument(*action, o)) argument(*action, o, *unread);
      movement(*action, o.movement);
      walled_off(*action, o);
      timing(*action, o, taken, trigger);
    }
    if (o.target) target(*o.target, "->");
    if (o.movement.place)
      target(*o.movement.place, o.movement.kind == Movement::Kind::away ? "away from"
                                : o.movement.kind == Movement::Kind::toward ? "toward" : "to");
  }

  // The first argument the action would not read: it reads none, or one beginning with one of its
  // words (Skulk's "roll": `Skulk (roll Stealth again)`), so a second is unread (`(roll, keep)`).
  static const Phrase* unread_argument(const ActionRules& action, const Order& o) {
    if (action.any_argument) return nullptr;
    if (o.arguments.size() > 1 && !action.argument_words.empty()) return &o.arguments[1];
    for (const Phrase& argument : o.arguments) {
      const std::string folded = fold_case(argument.text);
      const std::string first = folded.substr(0, folded.find(' '));
      const bool read = std::any_of(action.argument_words.begin(), action.argument_words.end(),
                                    [&](const std::string& word) { return fold_case(word) == first; });
      if (!read) return &argument;
    }
    return nullptr;
  }

  void argument(const ActionRules& action, const Order& o, const Phrase& unread) {
    if (action.argument_words.empty()) {
      error(unread.at, fmt::format("'{}' takes no argument: write it without '({})'", action.name, unread.text));
      return;
    }
    std::string forms;
    for (std::size_t i = 0; i < action.argument_words.size(); ++i)
      forms += fmt::format("{}'{} ({})'", i == 0 ? "" : i + 1 == action.argument_words.size() ? " or " : ", ",
                           action.name, action.argument_words[i]);
    const std::string first = unread.text.substr(0, unread.text.find(' '));
    if (&unread != &o.arguments.front()) {
      error(unread.at, fmt::format("'{}' reads one argument, and '{}' is a second: write {}, or no argument",
                                   action.name, unread.text, forms));
      return;
    }
    error(unread.at, fmt::format("'{}' does not read '({})': write {}, or no argument", action.name, unread.text, forms),
          [&] { return hint(did_you_mean(first, action.argument_words)); });
  }

  // Whether a movement says where it goes: compass steps, a destination, toward or away from a target
  // (a distance alone does not).
  static bool writes_a_way(const Movement& m) {
    return (m.kind != Movement::Kind::none && m.kind != Movement::Kind::path) || !m.steps.empty();
  }

  // Where an order moves: its way, or its target.
  static bool says_where(const Order& o) { return o.target || writes_a_way(o.movement); }

  // An action whose target is only where it goes (`target_is_way`) ordered with a way and a target:
  // "Move 10' S -> \"Orc\"", "Move to A8 -> \"Orc\"" (a distance alone caps the way toward the target).
  static bool two_ways(const ActionRules& action, const Order& o) {
    return action.target_is_way && o.target && writes_a_way(o.movement);
  }

  void nowhere(const ActionRules& action, const Order& o) {
    const std::string& name = action.name;
    if (o.movement.feet)
      error(o.movement.at, fmt::format("'{} {}'' says how far but not where: add the direction ('{} {}' N'), or "
                                       "write a destination ('{} to C3') or a target ('{} toward \"Orc\"')",
                                       name, *o.movement.feet, name, *o.movement.feet, name, name));
    else
      error(o.action.at, fmt::format("'{}' must say where it moves: add compass steps ('{} N, NE'), a distance and "
                                     "a direction ('{} 15' N'), a destination ('{} to C3') or a target ('{} toward "
                                     "\"Orc\"')",
                                     name, name, name, name, name));
  }

  // "Charge closest enemy" is most likely a target written without its arrow; "Charge into melee"
  // an action followed by words the language does not read, for which an arrow would not do.
  std::vector<std::string> unknown_action_hint(const Order& o) const {
    const std::string& text = o.action.text;
    const std::string folded = fold_case(text);
    for (const auto& name : vocabulary_.action_names()) {
      if (!folded.starts_with(fold_case(name) + " ")) continue;
      const std::string rest = text.substr(name.size() + 1);
      if (vocabulary_.target(rest) || (roster_ && bare_name(rest, vocabulary_, *roster_)))
        return {fmt::format("did you mean '{} -> {}'? a target follows '->'", name, rest)};
      // "Move Nrth": a compass word misspelt.
      if (const std::string step = nearest_compass_words(rest); !step.empty())
        return {fmt::format("did you mean '{} {}'? {}", name, step, compass_steps_are)};
      // "Rescue Zoe": a name of the fight misspelt, or its accent left out.
      if (roster_)
        if (const auto near = nearest_names(rest, roster_names_, 1); !near.empty())
          return {fmt::format("did you mean '{} -> {}'? a target follows '->'", name, near.front())};
      // "Charge into melee toward the closest foe", as the Platemail document writes it: the
      // movement and target are read, the words between are not.
      if (o.movement.kind != Movement::Kind::none || o.target) {
        Order meant = o;
        meant.action.text = name;
        return {fmt::format("did you mean '{}'? '{}' is not read: the action's name, then its movement or target",
                            format(meant), rest)};
      }
      return {fmt::format("'{}' is an action, and '{}' is neither its target nor a movement: a target follows '->' "
                          "('-> closest enemy'), a movement is compass steps, 'to', 'toward' or 'away from'",
                          name, rest)};
    }
    // "1: Sout": a movement misspelt and without its action, as the grammar tells "1: Sout, E".
    if (!o.target && o.movement.kind == Movement::Kind::none && vocabulary_.action("Move"))
      if (const std::string steps = nearest_compass_words(text); !steps.empty())
        return {fmt::format("an order starts with its action, and '{}' is not a compass word: did you mean 'Move {}'?",
                            text, steps)};
    return hint(did_you_mean_one_of(vocabulary_.nearest_actions(text)));
  }

  // `words` with each misspelt compass word ("Nrth", "Sotuh") the nearest one, when every word is
  // a compass word or near one; "" otherwise.
  static std::string nearest_compass_words(const std::string& words) {
    std::string out;
    bool misspelt = false;
    for (std::size_t start = 0; start < words.size();) {
      std::size_t stop = words.find_first_of(" ,", start);
      if (stop == std::string::npos) stop = words.size();
      const std::string word = words.substr(start, stop - start);
      if (!word.empty()) {
        const bool known = compass_word(word).has_value();
        const std::string near = known ? std::string{} : nearest_compass(word);
        if (!known && near.empty()) return {};
        misspelt = misspelt || !known;
        out += (out.empty() ? "" : ", ") + (known ? word : near);
      }
      start = stop + 1;
    }
    return misspelt ? out : std::string{};
  }

  // A compass step moves one cell, as the fight walks it: the map's scale when there is a map.
  long feet_per_step() const { return map_ ? map_->scale() : vocabulary_.feet_per_step; }

  // Where an order heads as the fight moves it (docs/fights.md): the place its way goes to or toward
  // ("Move to C3", "Charge toward \"Orc\""); its target, when that is where it goes and it writes no
  // way ("Skulk -> C3", ActionRules::way_target); or, with no way written, the character it is taken
  // at, whom it moves toward ("Charge -> \"Orc\""). nullptr: steps, away from a place, or away from
  // hostiles whatever its target (Fall Back), or a cell no one may stand on as a target.
  static const Target* heading(const ActionRules& action, const Order& o) {
    const Movement& m = o.movement;
    if ((m.kind == Movement::Kind::destination || m.kind == Movement::Kind::toward) && m.place) return &*m.place;
    if (const Target* way = action.way_target(o)) return way;
    if (o.target && !writes_a_way(m) && !action.away_from_hostiles &&
        (o.target->kind == Target::Kind::character || o.target->kind == Target::Kind::phrase))
      return &*o.target;
    return nullptr;
  }

  // A cell the order heads for ("Move to C3", "Skulk -> C3", "Charge -> \"Orc\"", where the Orc
  // stands as the round starts) that the map walls off from where the character stands then: no
  // way leads there whatever the others do, and the fight leaves it where it stands
  // (docs/fights.md). Known only for the next round.
  void walled_off(const ActionRules& action, const Order& o) {
    if (!map_ || !roster_ || round_ != next_round_ || !action.move_feet_at(feet_per_step())) return;
    const Target* place = heading(action, o);
    if (!place) return;
    const RosterEntry* mine = named(*roster_, ordering_->text);
    if (!mine || !mine->at) return;
    const RosterEntry* whom = place->kind == Target::Kind::cell || place->kind == Target::Kind::coordinates
                                  ? nullptr
                                  : someone(*place);  // a general target ("the closest enemy") is known in play only
    Cell to;
    if (whom) {
      if (!whom->at || whom == mine) return;
      to = *whom->at;
    } else {
      if (place->kind != Target::Kind::cell && place->kind != Target::Kind::coordinates) return;
      try {
        to = place->kind == Target::Kind::cell ? map_->cell(place->text.text)
                                               : map_->cell_at_feet(static_cast<int>(place->x), static_cast<int>(place->y));
      } catch (const Error&) {
        return;  // off the map: told so (on_the_map)
      }
    }
    if (to == *mine->at) return;
    // Toward one standing there, rules that make their intents themselves (`choose`) plan the way.
    if (vocabulary_.rules_choose && std::ranges::any_of(*roster_, [&](const RosterEntry& e) { return e.at == to; }))
      return;
    if (!paths_) paths_.emplace(*map_);
    if (paths_->shortest(*mine->at, to)) return;
    const std::string here = map_->label(*mine->at), there = map_->label(to);
    const std::string where = whom ? fmt::format("'{}' at {}", whom->name, there) : there;
    warnings.push_back(at(place->text.at,
                          fmt::format("{}{}, where '{}' stands as round {} starts, to {}: it would stay at {}",
                                      no_way_leads, here, mine->name, round_, where, here),
                          {fmt::format("walls, closed doors or ground it cannot cross wall {} off from {} on this map",
                                       there, here)}));
  }

  void movement(const ActionRules& action, const Movement& m) {
    if (m.kind == Movement::Kind::none) return;
    const std::optional<long> most = action.move_feet_at(feet_per_step());
    if (!most) {
      error(m.at, fmt::format("'{}' stays in place: it takes no movement", action.name));
      return;
    }
    if (m.feet && *m.feet == 0) {
      error(m.at, "a distance of 0' moves nowhere: write the distance to move, or an action that stays in place");
      return;
    }
    if (m.feet && m.steps.empty() && *m.feet < feet_per_step()) {
      error(m.at, fmt::format("{}' is shorter than a step ({}' a square): it goes nowhere; write at least {}'", *m.feet,
                              feet_per_step(), feet_per_step()));
      return;
    }
    // A place or a target with no distance written: how far the way goes is the grid's.
    if (m.kind != Movement::Kind::path) {
      const std::size_t told = diagnostics.size() + left_out;
      too_far(action, m, m.feet ? std::optional<double>(static_cast<double>(*m.feet)) : std::nullopt, *most);
      if (diagnostics.size() + left_out == told) between_squares(m, *most);
      return;
    }
    // The map's metric may forbid a diagonal step, which the fight would not take.
    if (map_ && !allows_diagonal_steps(map_->metric()))
      for (const Step& step : m.steps)
        if (diagonal(step.direction)) {
          error(step.at, fmt::format("{} is a diagonal step, and this map moves only north, south, east or west "
                                     "(metric manhattan)",
                                     to_string(step.direction)));
          return;
        }
    // A distance may repeat the last step ("15' S" is S, S, S) but not undo the steps written.
    const double stepped = stepped_feet(m.steps);
    if (m.feet && static_cast<double>(*m.feet) < stepped) {
      error(m.at, fmt::format("{}' is shorter than the {} step{} written after it ({}'{}): write the distance they "
                              "cover, or leave it out",
                              *m.feet, m.steps.size(), m.steps.size() == 1 ? "" : "s", feet_text(stepped),
                              counted_how()));
      return;
    }
    const std::size_t told = diagnostics.size() + left_out;
    too_far(action, m, m.feet ? static_cast<double>(*m.feet) : stepped, *most);
    if (diagnostics.size() + left_out == told) between_squares(m, *most);
  }

  // A distance that is no whole number of squares ("Move 12' E" on 5' squares): the fight moves
  // square by square, as far as the feet written allow, so it goes the whole squares within them,
  // and the player is told what distance it is taken as. Not under a Euclidean metric, whose
  // diagonals cost a square's √2 times and so are not whole squares either.
  void between_squares(const Movement& m, long most) {
    const long square = feet_per_step();
    if (!m.feet || square <= 0 || *m.feet % square == 0) return;
    if (map_ && map_->metric() == Metric::Euclidean) return;
    const long taken = *m.feet / square * square;
    warnings.push_back(at(m.at,
                          fmt::format("{}' is not a whole number of squares ({}' a square{}): it is taken as {}', "
                                      "the whole squares within it",
                                      *m.feet, square, map_ ? " on this map" : ", as the rules count a step without a map",
                                      taken),
                          {fmt::format("write {}' to say so{}", taken,
                                       taken + square <= most
                                           ? fmt::format(", or {}' to go a square further", taken + square)
                                           : "")}));
  }

  static bool diagonal(Compass d) { return is_diagonal(static_cast<Direction>(d)); }

  // What the steps written cover, as the fight walks them: a square each of the map's scale, as its
  // metric counts a step (under 5-10-5 every second diagonal is two); without a map, a square each.
  double stepped_feet(const std::vector<Step>& steps) const {
    if (!map_) return static_cast<double>(steps.size() * static_cast<std::size_t>(feet_per_step()));
    double squares = 0;
    int diagonals = 0;
    for (const Step& step : steps) {
      squares += step_length(map_->metric(), diagonal(step.direction), diagonals);
      diagonals += diagonal(step.direction);
    }
    return squares * static_cast<double>(feet_per_step());
  }

  // How stepped_feet counted: " at 5' a step", or by the map's metric when a diagonal costs more.
  std::string counted_how() const {
    const Metric metric = map_ ? map_->metric() : Metric::Chebyshev;
    if (metric == Metric::Alternating)
      return fmt::format(" at {}' a step, every second diagonal two (metric alternating)", feet_per_step());
    if (metric == Metric::Euclidean)
      return fmt::format(" at {}' a step, a diagonal √2 times that (metric euclidean)", feet_per_step());
    return fmt::format(" at {}' a step", feet_per_step());
  }

  // Feet as a way's length: whole, or to a tenth (a Euclidean diagonal: 7.1').
  static std::string feet_text(double feet) {
    return feet == static_cast<double>(static_cast<long>(feet)) ? std::to_string(static_cast<long>(feet))
                                                                : fmt::format("{:.1f}", feet);
  }

  // A way longer than the action goes (`most` feet): the distance written, or the steps' length.
  void too_far(const ActionRules& action, const Movement& m, std::optional<double> feet, long most) {
    if (feet && *feet > static_cast<double>(most))
      error(m.at, action.move_squares
                      ? fmt::format("'{}' moves at most {} squares ({}' at {}' a square) but this order moves {}'",
                                    action.name, *action.move_squares, most, feet_per_step(), feet_text(*feet))
                      : fmt::format("'{}' moves at most {}' but this order moves {}'", action.name, most,
                                    feet_text(*feet)));
  }

  struct Ordered {
    std::string file;
    Position at;
    bool unnumbered;  // the sheet has no "Round N"
  };

  const Vocabulary& vocabulary_;
  const Roster* roster_;
  const Grid* map_;
  std::optional<PathFinder> paths_;  // over map_, made when first asked
  long next_round_;
  long round_ = 0;  // the round of the orders being checked
  std::vector<std::string> roster_names_;
  std::set<std::string> ordered_names_;  // without a roster: the characters the sheets order, by name key
  const SheetFile* file_ = nullptr;
  const Phrase* ordering_ = nullptr;  // the character whose orders are being checked
  const Phase* entry_before_ = nullptr;  // a sequential turn: the entry before the one being checked
  // who has orders for which round, and where
  std::map<std::pair<long, std::string>, Ordered> ordered_;
};

}  // namespace

std::string_view without_the(std::string_view name) {
  return name.size() > 4 && fold_case(name.substr(0, 4)) == "the " ? name.substr(4) : name;
}

const RosterEntry* named(const Roster& roster, std::string_view name) {
  const auto find = [&](auto&& same) -> const RosterEntry* {
    const auto found = std::find_if(roster.begin(), roster.end(), same);
    return found == roster.end() ? nullptr : &*found;
  };
  const std::string key = character_name_key(name);
  if (const RosterEntry* exact = find([&](const RosterEntry& entry) { return entry.key == key; })) return exact;
  // "the Orc" is Orc, and "Baron" (as "-> The Baron" reads, its "the" decoration) is The Baron.
  const std::string_view key_without_the = without_the(key);
  return find([&](const RosterEntry& entry) { return without_the(entry.key) == key_without_the; });
}

bool tells_no_way(const Diagnostic& warning) { return warning.message.starts_with(no_way_leads); }

bool number_in_range(std::string_view text) {
  long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc{} && end == text.data() + text.size() && value <= max_number && value >= -max_number;
}

Declared declared_by(const Vocabulary& vocabulary, const Grid* map) {
  return {vocabulary.phases, [&vocabulary](std::string_view phrase) { return vocabulary.condition(phrase).has_value(); },
          vocabulary.sequential, map ? map->scale() : 0};
}

const RosterEntry* bare_name(std::string_view phrase, const Vocabulary& vocabulary, const Roster& roster) {
  return vocabulary.target(phrase) ? nullptr : named(roster, phrase);
}

std::vector<Diagnostic> never_fire(const std::vector<SheetFile>& sheets, const std::vector<Diagnostic>& refused) {
  std::vector<Diagnostic> found;
  for (const auto& file : sheets) {
    const auto is_refused = [&](const StandingOrder& order) {
      return std::any_of(refused.begin(), refused.end(), [&](const Diagnostic& d) {
        return d.where.file == file.name && d.where.line == order.trigger.at.line;
      });
    };
    for (const auto& character : file.sheet.characters)
      for (auto later = character.standing.begin(); later != character.standing.end(); ++later) {
        if (is_refused(*later)) continue;
        const auto first = std::find_if(character.standing.begin(), later, [&](const StandingOrder& earlier) {
          return earlier.choice.otherwise && same_name(earlier.trigger.text, later->trigger.text) &&
                 !is_refused(earlier);
        });
        if (first == later) continue;
        const Position at = later->trigger.at;
        found.push_back({{file.name, at.line, at.column},
                         fmt::format("this standing order can never be used: 'ON {}' at line {} always gives {}'s "
                                     "order first",
                                     first->trigger.text, first->trigger.at.line, character.name.text),
                         line_at(file.text, at.offset),
                         {}});
      }
  }
  return found;
}

std::string answers_only(const ActionRules& action) {
  if (!action.answers || action.answers->empty())
    return fmt::format("'{}' answers no action, and it is not taken on one's turn", action.name);
  return fmt::format("'{}' answers another's action ({}), it is not taken on one's turn", action.name,
                     fmt::join(*action.answers, ", "));
}

std::string replaces_only(const ActionRules& action) {
  return fmt::format("'{}' answers another's action ({}), and is taken in place of one's own {} only when it is "
                     "answered, not as the next action",
                     action.name, fmt::join(action.answers.value_or(std::vector<std::string>{}), ", "),
                     fmt::join(action.replaces, " or "));
}

std::vector<Diagnostic> numbers_after_names(const std::vector<SheetFile>& sheets) {
  std::vector<Diagnostic> found;
  for (const auto& file : sheets)
    for (const auto& cut : file.sheet.names_before_comments) {
      const std::size_t hash = cut.written.find('#');
      const std::string_view comment = std::string_view(cut.written).substr(hash);
      if (comment.size() < 2 || comment[1] < '0' || comment[1] > '9') continue;
      const std::string numbered = cut.written.substr(0, std::min(cut.written.find(' ', hash), cut.written.size()));
      const Position at = cut.name.at;
      found.push_back({{file.name, at.line, at.column},
                       fmt::format("'{}' is followed by the comment '{}': if '{}' is a name, write it in quotes, as "
                                   "a # starts a comment: \"{}\"",
                                   cut.name.text, comment, numbered, numbered),
                       line_at(file.text, at.offset),
                       {}});
    }
  return found;
}

std::vector<Diagnostic> check_orders(const std::vector<SheetFile>& sheets, const Vocabulary& vocabulary,
                                     const Roster* roster, const Grid* map, long next_round,
                                     std::vector<Diagnostic>* warnings) {
  Checker checker(sheets, vocabulary, roster, map, next_round);
  for (const auto& sheet : sheets) checker.sheet(sheet);
  if (checker.left_out > 0) checker.diagnostics.push_back(more_problems(checker.left_out));
  if (warnings) warnings->insert(warnings->end(), checker.warnings.begin(), checker.warnings.end());
  return std::move(checker.diagnostics);
}

}  // namespace arbiter::orders
