#pragma once
// The world as JSON and back: grid (size, scale, metric, borders, terrain that differs from open
// ground), characters (stats, equipment, statuses mid-duration), the next id and the border
// traffic of the turn. Cells are written as labels ("B2") so a person can read a save. Reading
// checks everything and throws an arbiter::Error naming the path of the first bad value.
#include <nlohmann/json.hpp>

#include "interpreter/core/json_reader.hpp"
#include "interpreter/core/world.hpp"

namespace arbiter {

nlohmann::json world_to_json(const World& world);
World world_from_json(const JsonReader& json);

}  // namespace arbiter
