#pragma once
// The world as JSON and back: grid (size, scale, metric, borders, terrain that differs from open
// ground), characters (stats, equipment, statuses mid-duration), the next id and the border
// traffic of the turn. Cells are written as labels ("B2") so a person can read a save. Reading
// checks everything and throws an arbiter::Error naming the path of the first bad value.
#include <string>

#include <nlohmann/json.hpp>

#include "interpreter/core/json_reader.hpp"
#include "interpreter/core/world.hpp"

namespace arbiter {

nlohmann::json world_to_json(const World& world);
World world_from_json(const JsonReader& json);

// The pieces of a saved grid that an encounter file's map shares (docs/encounters.md).
Cell cell_from(const Grid& grid, const JsonReader& label);    // "B2"
int edge_from(const Grid& grid, const JsonReader& pair);      // ["B1", "B2"], side by side
std::string edge_name(const Grid& grid, int edge);            // "the edge between B1 and B2"
Properties properties_from(const JsonReader& object);         // { "wounds": 2, … }
// A border's or a cell's own fields ("between" and "cell" aside); every field is read back, so
// a reader that allows some to be left out fills them from the fields of a default value.
nlohmann::json border_fields(const Border& border);  // crossing_challenge, toughness: only when set
Border border_from(const JsonReader& fields);
nlohmann::json terrain_fields(const Terrain& terrain);
Terrain terrain_from(const JsonReader& fields);

}  // namespace arbiter
