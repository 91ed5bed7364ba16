#pragma once
// Finding a value of a Lua data file (an encounter, a pack's manifest) again in its text, for
// messages. The file returns a plain table, so Lua keeps no position for its values: a bad one is
// searched for by its key (`wepon =`) or its string literal (`"Chian Mail"`), after an anchor that
// leads to it (the `map` key, a character's name), or, for the items of a list, by reading the
// table constructor it is written in (`characters = { { … }, { … } }`). What cannot be found is
// shown at the file's `return`.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "grammar/diagnostic.hpp"

namespace arbiter::packs {

// A place in the text ready for a message: the position and the line to show with a caret.
struct Place {
  SourcePosition where;
  std::string source_line;

  Diagnostic diagnostic(std::string message) const { return {where, std::move(message), source_line, {}}; }
};

// Runs `step`; an arbiter::Error it raises with no position of its own is shown at `place`, if
// there is one, with its notes.
template <class Step>
auto at_place(const Place* place, Step&& step) -> decltype(step()) {
  try {
    return step();
  } catch (const Error& e) {
    const Diagnostic& problem = e.diagnostics().front();
    if (!place || problem.where.line != 0) throw;
    Diagnostic located = place->diagnostic(problem.message);
    located.notes = problem.notes;
    throw Error(std::move(located));
  }
}

class SourceText {
 public:
  static constexpr std::size_t unknown = std::string::npos;  // an offset not found: the `return`

  SourceText(std::string file, std::string text);

  // The offset of the first `name =` (a table key, not `==`) after `anchor` and before `limit`, or
  // `anchor` itself when there is none; from the start of the text when `anchor` is unknown.
  std::size_t key(const std::string& name, std::size_t anchor, std::size_t limit = unknown) const;
  // Likewise the first string literal "text" or 'text'.
  std::size_t literal(const std::string& text, std::size_t anchor, std::size_t limit = unknown) const;

  // Where the values and fields of a table constructor are written, for the items of a list.
  struct Table {
    std::vector<std::size_t> items;             // its values, in order
    std::map<std::string, std::size_t> fields;  // `name = …`, `["name"] = …`, `[2] = …` as "[2]"; not a table's inside it
    // A field written again after its first (`{ guard = "On Guard", guard = "Bound" }`): its name and
    // where; Lua keeps the last, `fields` the first.
    std::vector<std::pair<std::string, std::size_t>> again;
    std::size_t end = unknown;  // its closing `}`
    // Where its value numbered `number` (from 1), or its field `name` ("[2]": its field [2], else its
    // second value), is; unknown when it has none.
    std::size_t item(std::size_t number) const;
    std::size_t field(const std::string& name) const;
    // Where its value numbered `number` ends: where the next begins, or its closing `}`.
    std::size_t item_end(std::size_t number) const;
  };
  // The table constructor written at `at`: its `{`, the key whose value it is (`characters = {`),
  // or the `return` before it. Empty when no table is written there: it is computed.
  Table table(std::size_t at) const;
  // Where the field at `path` (its keys, outermost first: { "Full Plate", "absorb" }; a list's item
  // "[2]") is written in the table constructor given to the call that starts on line `line` (a
  // definition's table: `arbiter.patch.table("armor", { ["Full Plate"] = { absorb = -1 } })`): the
  // innermost of its keys written there. Unknown when the call writes no table (one made elsewhere
  // and passed by name) or not even the first key (a table built in a loop).
  std::size_t field_of_call(std::size_t line, const std::vector<std::string>& path) const;
  // Where the line `line`, where a call starts, first writes the string "name" (`arbiter.define.hook("choose", …)`:
  // its "choose", a definition's name); unknown when it writes none.
  std::size_t name_of_call(std::size_t line, const std::string& name) const;
  // The offset of the file's `return`: the table it returns.
  std::size_t returned() const { return return_offset_; }

  Place place(std::size_t offset) const;
  const std::string& file() const { return file_; }

 private:
  std::size_t search_start(std::size_t anchor) const { return anchor == unknown ? 0 : anchor + 1; }

  std::string file_;
  std::string text_;
  std::vector<std::size_t> line_starts_;  // the offset of each line's first byte, in order
  std::size_t return_offset_ = 0;  // the last line starting with `return`
};

}  // namespace arbiter::packs
