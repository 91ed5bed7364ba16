#include "interpreter/core/die.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter {

bool same_label(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](unsigned char x, unsigned char y) {
    return std::tolower(x) == std::tolower(y);
  });
}

Die Die::numbered(std::int64_t sides) {
  if (sides < 1) throw Error(fmt::format("a die needs at least one side, not {}", sides));
  Die die;
  die.name_ = fmt::format("d{}", sides);
  die.lowest_ = 1;
  die.highest_ = sides;
  return die;
}

Die Die::fate() {
  Die die;
  die.name_ = "dF";
  die.lowest_ = -1;
  die.highest_ = 1;
  return die;
}

Die Die::with_faces(std::string name, std::vector<Face> faces) {
  if (faces.empty()) throw Error(fmt::format("the die '{}' needs at least one face", name));
  Die die;
  die.name_ = std::move(name);
  die.has_symbols_ = std::any_of(faces.begin(), faces.end(), [](const Face& f) { return !f.symbol.empty(); });
  const auto [low, high] =
      std::minmax_element(faces.begin(), faces.end(), [](const Face& a, const Face& b) { return a.value < b.value; });
  die.lowest_ = low->value;
  die.highest_ = high->value;
  die.faces_ = std::move(faces);
  return die;
}

std::string_view Die::symbol(std::size_t face) const {
  return faces_.empty() ? std::string_view{} : std::string_view{faces_.at(face).symbol};
}

std::string Die::label(std::size_t face) const {
  const auto s = symbol(face);
  return s.empty() ? std::to_string(value(face)) : std::string(s);
}

std::optional<std::size_t> Die::find(std::string_view written) const {
  if (has_symbols_) {
    for (std::size_t i = 0; i < faces_.size(); ++i)
      if (same_label(faces_[i].symbol, written)) return i;
  }
  std::int64_t number = 0;
  if (!written.empty() && written.front() == '+') written.remove_prefix(1);
  const auto [end, error] = std::from_chars(written.data(), written.data() + written.size(), number);
  if (written.empty() || error != std::errc{} || end != written.data() + written.size()) return std::nullopt;
  if (faces_.empty()) {
    if (number < lowest_ || number > highest_) return std::nullopt;
    return static_cast<std::size_t>(number - lowest_);
  }
  for (std::size_t i = 0; i < faces_.size(); ++i)
    if (faces_[i].symbol.empty() && faces_[i].value == number) return i;
  return std::nullopt;
}

std::string Die::describe_faces() const {
  if (faces_.empty()) return fmt::format("{} to {}", lowest_, highest_);
  std::string text;
  for (std::size_t i = 0; i < faces_.size(); ++i) text += (i ? ", " : "") + label(i);
  return text;
}

}  // namespace arbiter
