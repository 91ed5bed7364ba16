#pragma once
// Order sheets: what each character will do this round, written before it starts (Platemail's
// "Action orders"). Two spellings give the same tree: the verbose form of the Platemail document
// ("Character:", "First Action:", "Action:", "Target:", "IF:", "ELSE:") and a compact form
// ("Aldric:", "1: Charge -> closest enemy", "2: IF … THEN … ELSE …"). The language is described
// for players in docs/orders.md. Phrases (actions, conditions, general targets) are free text
// here; the ruleset's vocabulary decides which exist (interpreter/core/order_check.hpp).
//
// Positions are kept for diagnostics but are not part of a tree's identity: `==` compares what
// the orders say, so the two spellings of one order compare equal.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::orders {

struct Position {
  std::size_t offset = 0;  // byte offset into the sheet's text
  std::size_t line = 0;    // 1-based
  std::size_t column = 0;  // 1-based, in bytes
};

// Free text as the player wrote it, tidied: runs of blanks are one space, trailing full stops are
// dropped. Compared without regard to ASCII case ("Closest Enemy" == "closest enemy").
struct Phrase {
  std::string text;
  Position at;
  bool operator==(const Phrase& other) const;
};

// The ASCII-lowercased text: the key phrases and names are compared by.
std::string fold_case(std::string_view text);

struct Target {
  enum class Kind {
    phrase,       // a general target the ruleset declares: "closest enemy"
    character,    // a specific one, in quotes: "Orc #2" (text without the quotes)
    self,         // self, me, myself
    cell,         // a grid cell label: C3 (text upper-cased)
    coordinates,  // X: 15, Y: 20
  };
  Kind kind = Kind::phrase;
  Phrase text;  // empty for self and coordinates
  long x = 0, y = 0;
  bool operator==(const Target& other) const;
};

enum class Compass { n, ne, e, se, s, sw, w, nw };
std::string_view to_string(Compass direction);  // "N", "NE", …
// The direction a compass word names, in any case ("s", "South-West", "south west"); none for
// another word.
std::optional<Compass> compass_word(std::string_view word);
// The compass word nearest a misspelt one ("Nrth": "North"), as close as a misspelt name must be
// to be suggested; "" for a compass word, a word under three letters, or one near none.
std::string nearest_compass(std::string_view word);
// Told with a misspelt compass word.
inline constexpr std::string_view compass_steps_are =
    "compass steps are N, NE, E, SE, S, SW, W, NW or the words North … Northwest";

// One compass step of a path, where it is written: a diagnostic about it points at it.
struct Step {
  Compass direction = Compass::n;
  Position at{};
  bool operator==(const Step& other) const { return direction == other.direction; }
};

struct Movement {
  enum class Kind {
    none,
    path,         // an optional distance and compass steps: 15' S, S, SW
    destination,  // to X: 15, Y: 20 / to C3 (the destination is `place`)
    toward,       // toward <target>
    away,         // away from <target>
  };
  Kind kind = Kind::none;
  std::optional<long> feet;     // path: the distance written, if any
  std::vector<Step> steps;      // path
  std::optional<Target> place;  // destination (cell or coordinates), toward, away
  Position at;
  bool operator==(const Movement& other) const;
};

struct Order {
  Phrase action;                   // "Full Attack"
  std::vector<Phrase> arguments;   // Prepare Spell (Fireball) -> { "Fireball" }
  Movement movement;
  std::optional<Target> target;
  bool operator==(const Order& other) const;
};

// The target an order is taken at: its `-> target`, else the place it moves toward ("Charge toward
// the closest enemy", as the Platemail document writes it); nullptr when it names neither.
const Target* taken_at(const Order& order);

struct Condition {
  enum class Kind { phrase, all, any, negation };  // a phrase; AND; OR; NOT
  Kind kind = Kind::phrase;
  Phrase phrase;                    // kind phrase: "I reach the enemy", "\"Orc #2\" is down"
  std::vector<Condition> operands;  // all, any: two or more; negation: one
  bool operator==(const Condition& other) const;
};

struct Branch {
  Condition condition;
  Order order;
  bool operator==(const Branch& other) const = default;
};

// An "Action:" line written where its phase already has its order (a second action), kept with
// why it cannot be there, so that check_orders tells it among the rules' problems and checks its
// order too (parse_orders_to_check). Not part of what the orders say.
struct MisplacedAction {
  Order order;
  Position at;
  std::string why;
};

// One action phase: IF … THEN … ELSE IF … ELSE …, or a single order (no branches).
struct Phase {
  long number = 0;  // 1 for "First Action:", "1st Action:", "Action 1:", "1:"
  Position at;
  std::vector<Branch> branches;    // in order; the first whose condition holds is taken
  std::optional<Order> otherwise;  // ELSE, or the phase's only order; none: do nothing
  std::vector<MisplacedAction> misplaced;  // for the checker; not compared
  bool operator==(const Phase& other) const;
};

// A standing order, for sequential flows: "ON Melee Attack: Parry". Whenever the character may
// respond to a declared action named `trigger`, it declares what `choice` picks (its number is 0).
struct StandingOrder {
  Phrase trigger;
  Phase choice;  // at: where the ON is
  bool operator==(const StandingOrder& other) const = default;
};

struct CharacterOrders {
  Phrase name;  // without quotes
  std::vector<Phase> phases;
  std::vector<StandingOrder> standing;  // in the order written: the first that matches is taken
  bool operator==(const CharacterOrders& other) const = default;
};

// The phase (in a sequential flow: the turn's entry) numbered `number`, or nullptr.
const Phase* entry(const CharacterOrders& character, long number);

// A bare name or target that a comment follows on its line ("Character: Orc #2", "-> Orc #2"): the
// `#` may have cut a name short ("Orc #2" read as "Orc"), which only the fight's roster can tell.
struct NameBeforeComment {
  Phrase name;          // as read: "Orc"
  std::string written;  // the name and the comment, as written but for runs of blanks: "Orc #2"
};

struct Sheet {
  std::optional<long> round;  // "Round 3"
  Position round_at;          // where its "Round" line is
  std::vector<CharacterOrders> characters;
  std::vector<NameBeforeComment> names_before_comments;  // for the checker; not what the orders say
  bool operator==(const Sheet& other) const;             // the round and the characters' orders
};

// Nesting limits: deeper input is refused with a message instead of exhausting the stack.
inline constexpr std::size_t max_condition_depth = 50;  // parentheses and NOT
inline constexpr std::size_t max_else_ifs = 50;         // ELSE IF branches in one phase or entry
inline constexpr std::size_t max_line_bytes = 1u << 20;  // a line's text, without its line end
inline constexpr std::size_t max_sheet_bytes = 16u << 20;
// A byte no sheet may hold, which stops its reading: a control character but tab and line ends.
bool control_byte(char c);

// What the ruleset declares, when a sheet is read against one (`check`, `run`): with it a few messages
// say more (where a condition without THEN ends, which phase comes next). The sheet reads the same
// without it (`fmt`, `orders.parse`).
struct Declared {
  long phases = 0;  // the phases each character orders; 0: any number, or not known
  std::function<bool(std::string_view phrase)> condition;  // whether a phrase is a declared condition
  // A turn's entries (true), or phases (false): the messages call a numbered line an entry or a
  // phase. Not known without the rules (`fmt`, `orders.parse`): they say "phase or entry".
  std::optional<bool> sequential{};
  // The feet of a square of the fight's map, when it is known (`check --encounter`, `run`): "3
  // squares" is told in feet. 0: not known.
  long feet_per_square = 0;
};

// What the messages call a sheet's numbered line ("2:"): a turn's "entry" under rules that play
// turns (Declared::sequential), a "phase" under others, a "phase or entry" when the rules are not
// known; `plural`: "entries", "phases", "phases or entries".
std::string_view numbered_line(std::optional<bool> sequential, bool plural = false);

// Whether a sheet can write `name` as an order's action, so that the order names it exactly:
// words of letters (one may hold ' or -: "Counter-Attack"), one space between them, none a word
// the sheet reads otherwise (IF, THEN, to, toward, away, a compass word).
bool is_action_name(std::string_view name);

// Reads a sheet. Throws arbiter::Error with a diagnostic (file `source_name`, line, column, what
// was expected, the source line) for each line that is not the language or is misplaced (the
// lines after it are still read), and for a sheet that orders no character at all (empty, or
// only comments). Text that is not UTF-8, a control character or an overlong line stops it at once.
Sheet parse_orders(std::string_view text, const std::string& source_name, const Declared& declared = {});
// As parse_orders, but an "Action:" line where its phase (or standing order) already has its order
// does not stop the reading: it is kept in the phase's `misplaced`, for check_orders to tell with
// the rules' problems, so that one pass tells every problem of the sheet. For `check` and `run`,
// which check every sheet they read; a sheet used unchecked must come from parse_orders.
Sheet parse_orders_to_check(std::string_view text, const std::string& source_name, const Declared& declared = {});

// One order typed at a prompt (`run --ask`), as a sheet's entry holds it: an order, or IF … THEN
// … ELSE …, without the entry's number. Read as `who`'s turn entry 1, or, when `answering` names
// the declared action it answers, as the choice of `who`'s standing order ON that action. Its
// positions are the answer's own (line 1). Throws arbiter::Error as parse_orders does, and tells a
// sheet's habits as such: a number ("1: Parry"), a standing order's head ("ON Melee Attack: …").
Sheet parse_answer(std::string_view answer, const std::string& source_name, const std::string& who,
                   const std::string& answering, const Declared& declared = {});

}  // namespace arbiter::orders
