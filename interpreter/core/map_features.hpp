#pragma once
// What a map holds besides its cells: borders between two orthogonally adjacent cells, and each
// cell's terrain. The runtime reads the flags it needs (movement, sight, path cost); everything
// else is data for the ruleset to read (Heimr's crossing challenges, toughness, door state).
#include <cstdint>
#include <optional>
#include <string>

#include "interpreter/core/value.hpp"

namespace arbiter {

enum class DoorState : std::uint8_t { None, Open, Closed };

// Heimr: "Locations are separated by borders". Its three kinds of barrier map onto the fields:
// movement limits (single door 2, window 1), crossing challenges (2 meter jump CR 3) and
// structural barriers (stone wall, toughness 6).
struct Border {
  std::string name{};                        // "single door", "stone wall"
  bool blocks_movement = false;
  bool blocks_sight = false;
  int movement_limit = 0;                  // characters per turn; 0 is no limit
  std::optional<int> crossing_challenge{};   // the roll needed to cross (Heimr's CR)
  std::optional<int> toughness{};            // what it takes to break through
  DoorState door = DoorState::None;        // a closed door blocks movement and sight
  double extra_cost = 0;                   // added to a path's cost for crossing, in cells
  Properties properties{};                   // anything else the ruleset wants to read

  bool stops_movement() const { return blocks_movement || door == DoorState::Closed; }
  bool stops_sight() const { return blocks_sight || door == DoorState::Closed; }
  friend bool operator==(const Border&, const Border&) = default;
};

// What an object standing in a cell does to a line of sight through it (Platemail: Cover blocks
// about half a body, Concealment all of it).
enum class Shelter : std::uint8_t { None, Cover, Concealment };

struct Terrain {
  std::string name{};                 // "mud", "tall grass"
  bool difficult = false;           // costs more to enter (PathRules::difficult_multiplier)
  bool impassable = false;
  int height = 0;                   // Heimr's height levels
  std::string object{};               // "wooden cart", "thick tree"
  Shelter shelter = Shelter::None;  // what `object` gives to a line of sight passing its cell
  int shelter_strength = 0;         // Heimr's concealment effectiveness (thick tree 2, merlon 5)
  Properties properties{};

  friend bool operator==(const Terrain&, const Terrain&) = default;
};

std::string_view name(Shelter shelter);     // "none", "cover", "concealment"
Shelter parse_shelter(std::string_view text);
std::string_view name(DoorState door);      // "none", "open", "closed"
DoorState parse_door_state(std::string_view text);

}  // namespace arbiter
