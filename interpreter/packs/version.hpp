#pragma once
// Pack versions ("1.2.3") and the ranges a manifest's `requires` states ("platemail >= 1.0, < 2").
#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::packs {

struct Version {
  int major = 0;
  int minor = 0;
  int patch = 0;

  // "1", "1.2" or "1.2.3"; missing parts are 0. Throws arbiter::Error on anything else.
  static Version parse(std::string_view text);
  std::string str() const;
  auto operator<=>(const Version&) const = default;
};

// One comparison: `=`, `>=`, `>`, `<=`, `<`, or `~>` (pessimistic: `~> 1.2` is >= 1.2 and < 2,
// `~> 1.2.3` is >= 1.2.3 and < 1.3).
struct Constraint {
  std::string op;
  Version version;
  int parts = 3;  // how many parts were written: decides what `~>` lets change

  // The versions it accepts: from `lowest` (itself accepted) up to `highest` (accepted if
  // `highest_accepted`); an end not given is open.
  struct Range {
    std::optional<Version> lowest, highest;
    bool highest_accepted = false;
  };
  Range range() const;
  bool accepts(const Version& v) const;
};

// "name", or "name OP VERSION[, OP VERSION]…": every constraint must hold.
struct Requirement {
  std::string pack;
  std::vector<Constraint> constraints;
  std::string text;  // as written, for messages

  // Throws arbiter::Error saying what was expected where, e.g. a version after '>=', or that no
  // version meets every constraint (">= 1.0, < 0.5").
  static Requirement parse(std::string_view text);
  bool accepts(const Version& v) const;
};

}  // namespace arbiter::packs
