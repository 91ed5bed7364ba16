#include "interpreter/core/held_memory.hpp"

namespace arbiter {

std::size_t bytes_held(const nlohmann::json& value) {
  // A map's node holds its key, a pointer or three and the value; a text its characters.
  constexpr std::size_t node_bytes = 4 * sizeof(void*);
  std::size_t bytes = sizeof(nlohmann::json);
  if (value.is_string()) {
    bytes += value.get_ref<const std::string&>().size();
  } else if (value.is_object()) {
    for (const auto& [key, field] : value.items()) bytes += node_bytes + sizeof(std::string) + key.size() + bytes_held(field);
  } else if (value.is_array()) {
    for (const auto& item : value) bytes += bytes_held(item);
  }
  return bytes;
}

}  // namespace arbiter
