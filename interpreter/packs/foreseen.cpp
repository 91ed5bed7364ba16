#include "interpreter/packs/foreseen.hpp"

#include <algorithm>
#include <memory>
#include <optional>

#include "interpreter/core/dice_source.hpp"
#include "interpreter/packs/fight.hpp"
#include "interpreter/packs/fight_changes.hpp"

namespace arbiter::packs {
namespace {

// Dice never rolled: the trial stops at its first die, however it is drawn (dice.roll, a pool, the
// runtime), remembering how much was logged by then, even if a pack's pcall goes on past it.
class NoDice final : public DiceSource {
 public:
  explicit NoDice(const EventLog*& log) : log_(log) {}
  std::size_t roll(const Die&, std::string_view) override {
    rolled_ = true;
    if (log_ && !logged_before_) logged_before_ = log_->events().size();
    fail("the trial of the round stops at its first die");
  }
  std::size_t logged_before(std::size_t all) const { return std::min(logged_before_.value_or(all), all); }
  bool rolled() const { return rolled_; }

 private:
  const EventLog*& log_;
  std::optional<std::size_t> logged_before_;
  bool rolled_ = false;
};

// The fight as it starts, or as `saved` left it, refused as `run` refuses it (the same Fight, made
// the same way); none under rules that declare orders but play no fight (no flow).
std::unique_ptr<Fight> fight_as_it_stands(lua::Sandbox& sandbox, const Registry& registry, const Encounter& encounter,
                                          const SavedState* saved, DiceSource& dice) {
  if (!registry.find(Kind::table, "flow")) return nullptr;
  auto fight = std::make_unique<Fight>(sandbox, registry, saved ? saved->world : make_world(encounter), dice);
  fight->place_stats(encounter.stat_names);  // where an encounter's value the rules refuse is told
  if (saved) fight->resume(*saved);
  return fight;
}

}  // namespace

orders::Roster check_playable(lua::Sandbox& sandbox, const Registry& registry, const Encounter& encounter,
                              const SavedState* saved) {
  const EventLog* log = nullptr;
  NoDice dice(log);
  if (const auto fight = fight_as_it_stands(sandbox, registry, encounter, saved, dice)) return fight->roster();
  return roster_of(saved ? saved->world.entities() : std::span<const Entity>(encounter.characters));
}

std::vector<ForeseenRefusal> refused_whatever_the_dice(lua::Sandbox& sandbox, const Registry& registry,
                                                       const Encounter& encounter, const SavedState* saved,
                                                       const std::vector<orders::Sheet>& next_round) {
  const EventLog* log = nullptr;
  NoDice dice(log);
  const std::unique_ptr<Fight> fight = fight_as_it_stands(sandbox, registry, encounter, saved, dice);
  if (!fight) return {};  // nothing to foresee
  // The rules as the packs left them when the fight was saved (resume_saved_fight does the same).
  if (saved) make_saved_fight_changes(sandbox, registry, saved->definition_changes);
  log = &fight->log();
  const std::size_t first = log->events().size();  // a resumed fight's log holds its rounds so far
  const int round = fight->flow().position().round + 1;
  for (const orders::Sheet& sheet : next_round) fight->add_orders(round, sheet);
  try {
    fight->play_round();
  } catch (const Error&) {
    // Its first die, or a failure of the rules after it, which `run` tells with the dice it is
    // played with; but one before any die (a house rule's round_start that always fails) and a
    // starting value the rules refuse (the encounter's mistake) are the same whatever the dice.
    if (!dice.rolled() || fight->refused_encounter()) throw;
  }
  std::vector<ForeseenRefusal> refused;
  const auto& events = log->events();
  for (std::size_t i = first; i < dice.logged_before(events.size()); ++i) {
    const LogEvent& event = events[i];
    const auto text = [&](const char* field) { return event.fields.value(field, std::string()); };
    if (event.type == event_type::declared && event.fields.contains("refused"))
      refused.push_back({text("character"), event.at.phase, text("refused"), text("reason"), text("action"), {}, {}});
    else if (event.type == event_type::order_refused)
      refused.push_back({text("character"), event.fields.value("entry", static_cast<long>(event.at.phase)), event.cause,
                         text("reason"), {}, text("answering"), text("answered")});
    else if (event.type == event_type::order_not_carried_out && event.fields.contains("status"))
      refused.push_back({text("character"), event.at.phase, text("order"), text("status"), {}, {}, {}, true});
  }
  return refused;
}

}  // namespace arbiter::packs
