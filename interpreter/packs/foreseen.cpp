#include "interpreter/packs/foreseen.hpp"

#include <memory>

#include "interpreter/core/dice_source.hpp"
#include "interpreter/packs/fight.hpp"

namespace arbiter::packs {

std::vector<ForeseenRefusal> refused_whatever_the_dice(lua::Sandbox& sandbox, const Registry& registry,
                                                       const Encounter& encounter,
                                                       const std::vector<orders::Sheet>& round_one) {
  SeededDice dice{1};  // any dice: what is read stops at the first roll
  std::unique_ptr<Fight> fight;
  try {
    fight = std::make_unique<Fight>(sandbox, registry, make_world(encounter), dice);
  } catch (const Error&) {
    return {};  // rules that declare orders but play no fight (no flow): nothing to foresee
  }
  for (const orders::Sheet& sheet : round_one) fight->add_orders(1, sheet);
  try {
    fight->play_round();
  } catch (const Error&) {
    // The round's failure is for `run` to tell, with the dice it is played with.
  }
  std::vector<ForeseenRefusal> refused;
  for (const LogEvent& event : fight->log().events()) {
    if (event.type == event_type::roll) break;
    const auto text = [&](const char* field) { return event.fields.value(field, std::string()); };
    if (event.type == event_type::declared && event.fields.contains("refused"))
      refused.push_back({text("character"), event.at.phase, text("refused"), text("reason"), text("action"), {}});
    else if (event.type == event_type::order_refused)
      refused.push_back({text("character"), event.at.phase, event.cause, text("reason"), {}, text("answering")});
  }
  return refused;
}

}  // namespace arbiter::packs
