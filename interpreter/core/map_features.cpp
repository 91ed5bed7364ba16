#include "interpreter/core/map_features.hpp"

#include <array>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {

template <std::size_t N>
std::size_t find_name(std::string_view text, const std::array<std::string_view, N>& names, const char* what) {
  for (std::size_t i = 0; i < N; ++i)
    if (same_name(text, names[i])) return i;
  std::string message = "unknown " + std::string(what) + " '" + std::string(text) + "' (";
  for (std::size_t i = 0; i < N; ++i) message += std::string(i ? ", " : "") + std::string(names[i]);
  message += ")";
  if (const std::string hint = did_you_mean(text, {names.begin(), names.end()}); !hint.empty()) message += "; " + hint;
  throw Error(message);
}

constexpr std::array<std::string_view, 3> shelter_names{"none", "cover", "concealment"};
constexpr std::array<std::string_view, 3> door_names{"none", "open", "closed"};

}  // namespace

std::string_view name(Shelter shelter) { return shelter_names[static_cast<std::size_t>(shelter)]; }
Shelter parse_shelter(std::string_view text) {
  return static_cast<Shelter>(find_name(text, shelter_names, "shelter"));
}
std::string_view name(DoorState door) { return door_names[static_cast<std::size_t>(door)]; }
DoorState parse_door_state(std::string_view text) {
  return static_cast<DoorState>(find_name(text, door_names, "door state"));
}

}  // namespace arbiter
