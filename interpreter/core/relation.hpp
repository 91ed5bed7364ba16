#pragma once
// Whom a general target picks among, relative to the character asking: its allies, its enemies
// (another side), or anyone; never itself. The world's lookups take it, and a target definition
// declares it (`among`), so that `check` knows whom a phrase can name.
#include <array>
#include <cstdint>
#include <string_view>

namespace arbiter {

enum class Relation : std::uint8_t { Any, Ally, Enemy };
inline constexpr std::array<std::string_view, 3> relation_names{"any", "ally", "enemy"};  // by Relation

Relation parse_relation(std::string_view text);  // one of relation_names, in any case; else an arbiter::Error

// Whether one of `side` is in `relation` to one of `asking_side` (never asked of the asker itself).
constexpr bool in_relation(Relation relation, std::string_view side, std::string_view asking_side) {
  return relation == Relation::Any || (relation == Relation::Ally) == (side == asking_side);
}

}  // namespace arbiter
