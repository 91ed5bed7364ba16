#include "interpreter/packs/field_place.hpp"

#include <charconv>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "interpreter/lua/sandbox.hpp"
#include "interpreter/packs/source_text.hpp"

namespace arbiter::packs {
namespace {

// The keys of a field as the history names it (registry.cpp, field_path): "Sword.melee.wounds" is
// { "Sword", "melee", "wounds" }, "outcomes[2].them" { "outcomes", "[2]", "them" }.
std::vector<std::string> keys_of(std::string_view field) {
  std::vector<std::string> keys;
  for (std::size_t at = 0; at < field.size();) {
    if (field[at] == '.') {
      ++at;
      continue;
    }
    std::size_t end = field[at] == '[' ? field.find(']', at) : field.find_first_of(".[", at);
    end = end == std::string_view::npos ? field.size() : end + (field[at] == '[' ? 1 : 0);
    keys.emplace_back(field.substr(at, end - at));
    at = end;
  }
  return keys;
}

// The place `find` finds in the pack's file at `location` ("file:line"), given the text and the line.
template <typename Find>
std::optional<Place> place_in_call(lua_State* L, const std::string& location, const Find& find) {
  const std::size_t colon = location.rfind(':');
  std::size_t line = 0;
  if (colon == std::string::npos ||
      std::from_chars(location.data() + colon + 1, location.data() + location.size(), line).ec != std::errc{})
    return std::nullopt;
  const std::string shown = location.substr(0, colon);
  const std::filesystem::path file = lua::Sandbox::of(L).file_shown_as(shown);
  if (file.empty()) return std::nullopt;
  try {
    const SourceText source(shown, lua::read_source(file, "a pack's file"));
    const std::size_t at = find(source, line);
    if (at == SourceText::unknown) return std::nullopt;
    return source.place(at);
  } catch (const Error&) {
    return std::nullopt;  // gone since it ran: told at the line Lua kept
  }
}

std::optional<Place> field_place(lua_State* L, const std::string& location, const std::string& field) {
  return place_in_call(L, location,
                       [&](const SourceText& source, std::size_t line) { return source.field_of_call(line, keys_of(field)); });
}

// `message` at `place`, or at `location` ("file:line") when it is not found.
Diagnostic placed(const std::optional<Place>& place, const std::string& location, std::string message) {
  if (place) return place->diagnostic(std::move(message));
  if (location.empty()) return Diagnostic{{}, std::move(message), {}, {}};
  return parse_positioned(location + ": " + message);
}

}  // namespace

Diagnostic at_field(lua_State* L, const std::string& location, const std::string& field, std::string message) {
  return placed(field_place(L, location, field), location, std::move(message));
}

Diagnostic at_name(lua_State* L, const std::string& location, const std::string& name, std::string message) {
  const auto place = place_in_call(
      L, location, [&](const SourceText& source, std::size_t line) { return source.name_of_call(line, name); });
  return placed(place, location, std::move(message));
}

std::string field_location(lua_State* L, const std::string& location, const std::string& field) {
  const std::optional<Place> place = field_place(L, location, field);
  return place ? place->where.file + ":" + std::to_string(place->where.line) + ":" + std::to_string(place->where.column)
               : location;
}

}  // namespace arbiter::packs
