#pragma once
// One kind of die: a d20, a Fate die, a custom d{1,1,2,3}, or a pack's symbol die (the Armellian
// Sword, Shield, Sun, Moon, Wyld, Rot). A die is its faces, each equally likely; a face has a
// value and, on symbol dice, a symbol. Plain dice keep their faces as a range, so a d1000000
// costs nothing until it is rolled.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

struct Face {
  std::int64_t value = 0;
  std::string symbol;  // empty on numeric faces
};

// Whether two ways of writing a face agree: symbols are matched in any case ("sword", "Sword").
bool same_label(std::string_view a, std::string_view b);

class Die {
 public:
  // dN: the faces 1..N (N ≥ 1).
  static Die numbered(std::int64_t sides);
  // dF: the Fate die, faces -1, 0, +1.
  static Die fate();
  // Listed faces, in order: d{1,1,2,3}, or a named pack die. `name` is how results mention it.
  static Die with_faces(std::string name, std::vector<Face> faces);

  const std::string& name() const noexcept { return name_; }
  // The name after its article, for messages: "a d6", "an armellian".
  std::string named_with_article() const {
    const bool vowel = !name_.empty() && std::string_view("aeiouAEIOU").find(name_.front()) != std::string_view::npos;
    return (vowel ? "an " : "a ") + name_;
  }
  std::size_t size() const noexcept {  // the number of faces
    return faces_.empty() ? static_cast<std::size_t>(highest_ - lowest_ + 1) : faces_.size();
  }
  std::int64_t value(std::size_t face) const {  // inline: called for every die rolled
    return faces_.empty() ? lowest_ + static_cast<std::int64_t>(face) : faces_.at(face).value;
  }
  std::string_view symbol(std::size_t face) const;
  bool has_symbols() const noexcept { return has_symbols_; }
  std::int64_t lowest() const noexcept { return lowest_; }
  std::int64_t highest() const noexcept { return highest_; }

  // How a face is written: its symbol, else its value.
  std::string label(std::size_t face) const;
  // The face a person or a script means by `written` (a value, or a symbol in any case).
  std::optional<std::size_t> find(std::string_view written) const;
  // "1 to 20", or "Sword, Shield, Sun, Moon, Wyld, Rot": for messages.
  std::string describe_faces() const;

 private:
  Die() = default;
  std::string name_;
  std::int64_t lowest_ = 1, highest_ = 1;  // a range die is every value between them
  std::vector<Face> faces_;                // listed faces; empty for a range die
  bool has_symbols_ = false;
};

}  // namespace arbiter
