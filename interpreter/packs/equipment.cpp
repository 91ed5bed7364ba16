// check_equipment (encounter.hpp): a ruleset says which character fields are equipment with
//   arbiter.define.table("encounter", { equipment = { weapon = "weapons", armor = "armor" } })
// and each names a row of the table its slot names.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "interpreter/core/names.hpp"
#include "interpreter/core/snapshot.hpp"
#include "interpreter/core/value.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/packs/encounter.hpp"
#include "interpreter/packs/fight.hpp"

namespace arbiter::packs {
namespace {

struct Slot {
  std::string table;              // "weapons"
  std::vector<std::string> rows;  // its string keys, sorted so hints do not depend on hashing
};

[[noreturn]] void fail(const Definition& d, const std::string& message) {
  throw Error(parse_positioned(d.history.back().location + ": table 'encounter': " + message));
}

std::vector<std::string> string_keys(lua_State* L) {
  std::vector<std::string> keys;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) keys.emplace_back(lua::whole_string(L, -1));
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

// The ruleset's slots, read raw: no metamethod of a pack runs here.
std::map<std::string, Slot, std::less<>> read_slots(lua_State* L, const Registry& registry) {
  std::map<std::string, Slot, std::less<>> slots;
  const Definition* d = registry.find(Kind::table, "encounter");
  if (!d) return slots;
  registry.push(L, Kind::table, "encounter");
  lua_pushstring(L, "equipment");
  const int type = lua_rawget(L, -2);
  const char* expected = "'equipment' must map slots to tables: { weapon = \"weapons\" }";
  if (type != LUA_TNIL && type != LUA_TTABLE) fail(*d, expected);
  if (type == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
        fail(*d, expected);
      const std::string slot(lua::whole_string(L, -2)), table(lua::whole_string(L, -1));
      lua_pop(L, 1);
      if (!registry.push(L, Kind::table, table))
        fail(*d, fmt::format("slot '{}': {}", slot, registry.unknown(Kind::table, table)));
      slots[slot] = {table, string_keys(L)};
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 2);
  return slots;
}

// What a stat's value must be, as a ruleset's `stats` table names it ("count" for Wounds).
struct StatKind {
  const char* name;
  const char* described;  // "Ana's wounds must be {described}"
  bool (*accepts)(const Value&);
  bool up_to_flow_points = false;  // and no more than the flow's action points
};

bool is_number(const Value& v) { return std::holds_alternative<double>(v.data); }
// Whole, and kept exactly: a double past ±2^53 is whole but may be one rounded (value.hpp).
bool is_whole(const Value& v) {
  const double* n = std::get_if<double>(&v.data);
  return n && std::trunc(*n) == *n && std::fabs(*n) <= static_cast<double>(largest_exact_whole);
}
bool is_count(const Value& v) { return is_whole(v) && std::get<double>(v.data) >= 0; }

constexpr std::array stat_kinds{
    StatKind{"any", "anything", [](const Value&) { return true; }},
    StatKind{"number", "a number", is_number},
    StatKind{"whole", "a whole number from -9007199254740992 to 9007199254740992 (2^53)", is_whole},
    StatKind{"count", "a count: a whole number from 0 to 9007199254740992 (2^53)", is_count},
    StatKind{"points", "action points", is_count, true},
    StatKind{"flag", "true or false", [](const Value& v) { return std::holds_alternative<bool>(v.data); }},
    StatKind{"text", "a text in quotes", [](const Value& v) { return std::holds_alternative<std::string>(v.data); }},
    StatKind{"list", "a list { … }", [](const Value& v) { return std::holds_alternative<Value::List>(v.data); }},
};

// A stat the rules read: of a kind, or one of a list of words (`guard = { "Off Guard", "On Guard" }`).
struct StatRule {
  const StatKind* kind = nullptr;  // none for a list of words
  std::vector<std::string> words;
  int most_points = 0;             // the flow's action points, for a stat of kind "points"

  // Why `value` is not what the rule needs ("must be a count: …, not -2"), or nothing.
  std::optional<std::string> refusal(const Value& value) const {
    const std::string given = nlohmann::json(value).dump();
    if (!kind) {
      const std::string* word = std::get_if<std::string>(&value.data);
      if (word && std::find(words.begin(), words.end(), *word) != words.end()) return std::nullopt;
      std::vector<std::string> quoted;
      for (const std::string& w : words) quoted.push_back(nlohmann::json(w).dump());
      return with_hint(fmt::format("must be one of {}, not {}", fmt::join(quoted, ", "), given),
                       word ? did_you_mean(*word, words) : "");
    }
    if (!kind->up_to_flow_points) {
      if (kind->accepts(value)) return std::nullopt;
      return fmt::format("must be {}, not {}", kind->described, given);
    }
    if (kind->accepts(value) && std::get<double>(value.data) <= most_points) return std::nullopt;
    return fmt::format("must be action points: a whole number from 0 to {}, the flow's, not {}", most_points, given);
  }
};

// The most action points a phase of the ruleset's flow gives (`phases = { { action_points = 12 } }`),
// read as the fight reads them: a flow's mistake is told as the flow's, at its line.
int flow_points(lua_State* L, const Registry& registry) {
  int most = 0;
  if (!registry.find(Kind::table, "flow")) return most;
  std::string default_order, pack;
  LookupRules lookups;
  for (const PhaseRules& phase : read_flow(L, registry, default_order, lookups, pack).phases)
    most = std::max(most, phase.action_points);
  return most;
}

// A word an encounter may write and an error may quote: not empty, and no control character (a
// line break would break the message that names it).
bool is_word(std::string_view text) {
  return !text.empty() && std::none_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  });
}

// The words of a list kind, read raw; nullopt when the table is not a list of one or more words.
std::optional<std::vector<std::string>> read_words(lua_State* L) {
  std::vector<std::string> words;
  const lua_Integer length = static_cast<lua_Integer>(lua_rawlen(L, -1));
  for (lua_Integer i = 1; i <= length; ++i) {
    const bool text = lua_rawgeti(L, -1, i) == LUA_TSTRING && is_word(lua::whole_string(L, -1));
    if (text) words.emplace_back(lua::whole_string(L, -1));
    lua_pop(L, 1);
    if (!text) return std::nullopt;
  }
  if (words.empty()) return std::nullopt;
  return words;
}

// The stats the ruleset reads and what each must be: `stats = { strength = "whole", wounds =
// "count", stance = { "Low", "High" } }`, or a bare name (`"mounted"`) for a stat of any kind;
// nullopt when it does not say.
std::optional<std::map<std::string, StatRule>> read_stats(lua_State* L, const Registry& registry) {
  const Definition* d = registry.find(Kind::table, "encounter");
  if (!d) return std::nullopt;
  const int most_points = flow_points(L, registry);
  registry.push(L, Kind::table, "encounter");
  lua_pushstring(L, "stats");
  const int type = lua_rawget(L, -2);
  std::optional<std::map<std::string, StatRule>> stats;
  const char* expected =
      "'stats' must name the stats the rules read and what each is: { strength = \"whole\", wounds = \"count\", "
      "stance = { \"Low\", \"High\" } }";
  if (type == LUA_TTABLE) {
    stats.emplace();
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TSTRING) {  // a bare name in the list part
        (*stats)[std::string(lua::whole_string(L, -1))] = {&stat_kinds.front(), {}, most_points};
      } else if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE) {
        auto words = read_words(L);
        if (!words)
          fail(*d, fmt::format("stat '{}': a list of words must hold one or more texts, none empty or with a control "
                               "character: {{ \"Low\", \"High\" }}",
                               lua::whole_string(L, -2)));
        (*stats)[std::string(lua::whole_string(L, -2))] = {nullptr, std::move(*words), most_points};
      } else if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING) {
        const std::string stat(lua::whole_string(L, -2)), kind(lua::whole_string(L, -1));
        const auto known = std::find_if(stat_kinds.begin(), stat_kinds.end(),
                                        [&](const StatKind& k) { return kind == k.name; });
        if (known == stat_kinds.end()) {
          std::vector<std::string> names;
          for (const StatKind& k : stat_kinds) names.emplace_back(k.name);
          fail(*d, with_hint(fmt::format("stat '{}': unknown kind '{}'; the kinds are {}, or a list of words", stat,
                                         kind, fmt::join(names, ", ")),
                             did_you_mean(kind, names)));
        }
        if (known->up_to_flow_points && most_points == 0)
          fail(*d, fmt::format("stat '{}': the kind 'points' is action points, and no phase of the flow gives any "
                               "(action_points)",
                               stat));
        (*stats)[stat] = {&*known, {}, most_points};
      } else {
        fail(*d, expected);
      }
      lua_pop(L, 1);
    }
  } else if (type != LUA_TNIL) {
    fail(*d, expected);
  }
  lua_pop(L, 2);
  return stats;
}

// The names a character's stat may have: the stats the rules read and the equipment slots, for
// the nearest one to a misspelt stat.
std::vector<std::string> stat_names(const std::map<std::string, StatRule>& read,
                                    const std::map<std::string, Slot, std::less<>>& slots) {
  std::vector<std::string> known;
  for (const auto& [name, kind] : read) known.push_back(name);
  for (const auto& [slot, table] : slots) known.push_back(slot);
  return known;
}

std::string not_read(const std::string& holder, const std::string& stat, const std::vector<std::string>& known) {
  return with_hint(fmt::format("{} has a stat '{}' that the rules do not read", holder, stat),
                   did_you_mean(stat, known));
}

}  // namespace

void check_equipment(Encounter& encounter, lua_State* L, const Registry& registry) {
  const auto slots = read_slots(L, registry);
  const auto stats_read = read_stats(L, registry);
  std::vector<std::string> known = character_fields;
  for (const auto& [slot, table] : slots) known.push_back(slot);
  std::vector<Diagnostic> problems;
  // Why `value` cannot fill `slot` for `holder`, told at `value_place`; nothing when it names a row.
  const auto refuse_item = [&](const Slot& slot, const std::string& name, const nlohmann::json& value,
                               const std::string& holder, const Place& value_place) {
    const auto& rows = slot.rows;
    if (!value.is_string()) {
      problems.push_back(value_place.diagnostic(fmt::format("{}'s {} must name a row of the '{}' table, like \"{}\"",
                                                            holder, name, slot.table, rows.empty() ? "…" : rows.front())));
      return true;
    }
    const std::string item = value.get<std::string>();
    if (std::find(rows.begin(), rows.end(), item) != rows.end()) return false;
    problems.push_back(value_place.diagnostic(
        with_hint(fmt::format("unknown {} '{}' for {}", name, item, holder), did_you_mean(item, rows))));
    return true;
  };
  for (const EquipmentField& field : encounter.unchecked) {
    const auto slot = slots.find(field.name);
    if (slot == slots.end()) {
      // A stat the rules read, written beside the character's fields rather than in its stats.
      const std::string hint =
          field.name == "statuses"
              ? "an encounter gives no statuses: every character starts without any, and the rules apply them in play"
          : stats_read && stats_read->contains(field.name)
              ? fmt::format("'{}' is a stat the rules read: write it in the character's stats, stats = {{ {} = … }}",
                            field.name, field.name)
              : did_you_mean(field.name, known);
      problems.push_back(field.field.diagnostic(
          with_hint(fmt::format("{} has no field '{}'", field.wearers.front(), field.name), hint)));
      continue;
    }
    if (refuse_item(slot->second, field.name, field.value, field.wearers.front(), field.value_place)) continue;
    for (Entity& e : encounter.characters)
      if (std::find(field.wearers.begin(), field.wearers.end(), e.name) != field.wearers.end())
        e.stats[field.name] = field.value.get<std::string>();
  }
  const std::vector<std::string> stats_known = stats_read ? stat_names(*stats_read, slots) : std::vector<std::string>{};
  for (const StatName& stat : encounter.stat_names) {
    // An equipment slot written in the stats (`stats = { shield = "Shield" }`) is the stat the field
    // becomes: checked as the field is, or a misspelt row would stop the fight halfway in the rules'
    // code, and a save of it could not be resumed. Given both ways, one of the two would be lost.
    if (const auto slot = slots.find(stat.name); slot != slots.end()) {
      const auto as_field = std::find_if(encounter.unchecked.begin(), encounter.unchecked.end(),
                                         [&](const EquipmentField& f) {
                                           return f.name == stat.name && f.wearers.front() == stat.holder;
                                         });
      if (as_field != encounter.unchecked.end())
        problems.push_back(stat.place.diagnostic(fmt::format(
            "{}'s {} is given twice: as {} (line {}) and as stats.{}, and one would be lost: give it once", stat.holder,
            stat.name, stat.name, as_field->field.where.line, stat.name)));
      else
        refuse_item(slot->second, stat.name, nlohmann::json(stat.value), stat.holder, stat.value_place);
      continue;
    }
    if (!stats_read) continue;
    const auto rule = stats_read->find(stat.name);
    if (rule == stats_read->end()) {
      problems.push_back(stat.place.diagnostic(not_read(stat.holder, stat.name, stats_known)));
    } else if (const auto refusal = rule->second.refusal(stat.value)) {
      std::string message = fmt::format("{}'s {} {}", stat.holder, stat.name, *refusal);
      // A word that names a status another pack than the encounter table's defines is most likely
      // a house rule's status (tempo's Prone) whose rule did not add it to the list: say how to.
      // The table's own pack left its own out on purpose (tempo's Down: no one starts out of the fight).
      const std::string* word = std::get_if<std::string>(&stat.value.data);
      const Definition* status = word ? registry.find(Kind::status, *word) : nullptr;
      const Definition* table = registry.find(Kind::table, "encounter");
      if (!rule->second.kind && status && table && status->history.front().pack != table->history.front().pack)
        message += fmt::format(": '{}' is a status a pack defines, but not one of the encounter table's words for "
                               "'{}'; a house rule allows it with arbiter.patch.table(\"encounter\", {{ stats = {{ {} "
                               "= {{ [{}] = \"{}\" }} }} }})",
                               *word, stat.name, stat.name, rule->second.words.size() + 1, *word);
      problems.push_back(stat.place.diagnostic(std::move(message)));
    }
  }
  // In the order they are written, as the GM reads the file.
  std::stable_sort(problems.begin(), problems.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
  });
  if (!problems.empty()) throw Error(std::move(problems));
  encounter.unchecked.clear();
}

std::optional<std::vector<std::string>> rules_stat_names(lua_State* L, const Registry& registry) {
  const auto read = read_stats(L, registry);
  if (!read) return std::nullopt;
  return stat_names(*read, read_slots(L, registry));
}

std::optional<lua::DeclaredStats> declared_stats(lua_State* L, const Registry& registry) {
  auto read = read_stats(L, registry);
  if (!read) return std::nullopt;
  lua::DeclaredStats declared;
  declared.names = stat_names(*read, read_slots(L, registry));
  declared.refusal = [rules = std::move(*read)](const std::string& stat, const Value& value) -> std::optional<std::string> {
    const auto rule = rules.find(stat);
    if (rule == rules.end()) return std::nullopt;
    return rule->second.refusal(value);
  };
  return declared;
}

void check_saved_stats(const SavedState& state, lua_State* L, const Registry& registry) {
  const auto slots = read_slots(L, registry);
  const auto read = read_stats(L, registry);
  const std::vector<std::string> known = read ? stat_names(*read, slots) : std::vector<std::string>{};
  // What the rules set in play, as the log tells it: a character's stat, and its value after the
  // last change. A stat the rules keep without declaring it, or set to a value the encounter could
  // not give (Use Item stows "nothing": `stowed = false`), is theirs, not a hand edit.
  std::map<std::pair<std::string, std::string>, nlohmann::json> set_in_play;
  for (const LogEvent& event : state.log) {
    const nlohmann::json& f = event.fields;
    if (event.type == event_type::stat_changed && f.contains("character") && f["character"].is_string() &&
        f.contains("stat") && f["stat"].is_string())
      set_in_play[{f["character"].get<std::string>(), f["stat"].get<std::string>()}] = f.value("to", nlohmann::json());
  }
  const auto& characters = state.world.entities();
  for (std::size_t i = 0; i < characters.size(); ++i) {
    const Entity& e = characters[i];
    for (const auto& [name, value] : e.stats) {
      const auto refuse = [&, &name = name](const std::string& why) {
        throw Error(fmt::format("state.world.characters[{}].stats.{}: {}", i, name, why));
      };
      const auto rules_set = set_in_play.find({e.name, name});
      if (rules_set != set_in_play.end() && rules_set->second == nlohmann::json(value)) continue;
      if (const auto slot = slots.find(name); slot != slots.end()) {
        const std::string* item = std::get_if<std::string>(&value.data);
        const auto& rows = slot->second.rows;
        if (!item || std::find(rows.begin(), rows.end(), *item) == rows.end())
          refuse(with_hint(fmt::format("{}'s {} must name a row of the '{}' table, not {}", e.name, name,
                                       slot->second.table, nlohmann::json(value).dump()),
                           item ? did_you_mean(*item, rows) : ""));
      } else if (read) {
        const auto rule = read->find(name);
        if (rule == read->end())
          refuse(not_read(e.name, name, known));
        else if (const auto refusal = rule->second.refusal(value))
          refuse(fmt::format("{}'s {} {}", e.name, name, *refusal));
      }
    }
  }
}

}  // namespace arbiter::packs
