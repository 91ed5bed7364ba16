#pragma once
// Simultaneous movement for one phase (Platemail: everyone moves at once, step by step). Every
// character's path advances one step at a time together, and each situation a ruleset needs is
// reported in order, as it happens:
//   Swap            two characters trade cells (their paths cross along a border)
//   Cross           two diagonal steps cross through the same corner
//   HeadOn          two characters coming from opposite directions want the same cell
//   SameCell        two characters want the same cell otherwise
//   Blocked         a character's next cell is held by someone who is not leaving it (`crossed`:
//                   who moved into it this phase across the mover's way: Platemail's Clash)
// A step into a cell held by one who stays there that step (not moving, or kept where it stands:
// its own step blocked so, or waiting for another to pass) is not taken, so it meets no one on the
// way: it is only Blocked, never a Swap, Cross, HeadOn or SameCell (two stepping into such a cell
// from either side cross no paths). Meetings of those ahead, who may be stopped where they stand,
// are judged before the meetings of those stepping into their cells.
//   LeftReach       a character steps out of a foe's reach (Platemail's Attack of Opportunity
//                   trigger; `other_ready` says whether that foe was Ready)
//   BorderLimit     a border's movement limit is used up (Heimr: a single door lets two through)
//   BorderChallenge a character crosses a border with a crossing challenge (Heimr's CR)
// Whether two are allies (Platemail's Crash) or opponents (Clash) is in the event. The ruleset
// decides what each event does through `decide`, which may halt either character where it
// stands; the runtime itself only enforces what cannot happen: a border past its limit, and (with
// `one_per_cell`) two characters ending a step in one cell — then neither enters. Of several
// stepping into one cell whom the ruleset halted none, the first takes it and the others wait a
// step, then go on after it; but one of a ring of movers, each stepping into the next one's cell
// (two trading cells), takes it before the others: were it to wait, the cell's holder, further
// along the ring, could not leave it, and no one in the ring would move.
// A mover may carry another (Platemail's Rescue): from the moment the two stand side by side, at
// the start or after a step, with a step possible between them, the carried one ends its own path
// and moves with its carrier, each step into the cell the carrier left. Whatever stops one stops
// the other, and nothing is reported between the two; everyone else meets the carried one where
// it is carried (its steps are reported like anyone's).
// A mover may follow another (Platemail's Guard: "Move up to 15' staying adjacent to your Guard
// Target"): it has no path of its own; at each step, once the one it follows has chosen its step,
// it steps to stand beside that cell, while its feet last: to a free cell beside it, else the
// free cell nearest to it, or not at all when it stands beside it already.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "interpreter/core/step_rules.hpp"

namespace arbiter {

inline constexpr std::size_t nobody = static_cast<std::size_t>(-1);

struct Mover {
  int id = 0;                // the caller's identifier (an entity id)
  std::string name;          // for error messages
  std::string side;          // same side: allies
  Cell start;
  std::vector<Cell> path;    // cells entered in order; empty when standing still
  bool ready = false;        // Platemail's Ready: may take an Attack of Opportunity
  double reach_feet = 0;     // Platemail: 5', or 10' with a Reach weapon (never under a cell: Grid::reach_feet)
  std::size_t carries = nobody;  // the mover it picks up and carries (an index into the movers), if any
  std::size_t follows = nobody;  // the mover it keeps beside (an index into the movers), if any; `path` unused
  double follow_feet = 0;        // how far it may go following
};

// PickedUp: a carrier (`carries`) has just picked up the other, beside it (Platemail's Rescue:
// "You are Encumbered" from then on).
enum class MoveEventKind : std::uint8_t {
  Swap, Cross, HeadOn, SameCell, Blocked, LeftReach, BorderLimit, BorderChallenge, PickedUp
};
std::string_view name(MoveEventKind kind);  // "swap", "cross", "head_on", "same_cell", …

struct MoveEvent {
  MoveEventKind kind = MoveEventKind::Swap;
  int step = 0;               // 1 for the first step of the phase
  std::size_t mover = 0;      // index into the movers
  std::size_t other = nobody; // the other character, or nobody for border events
  Cell from, to;              // the mover's step: where they met is between these
  Cell other_from, other_to;  // the other's at the same moment (no step: both where it stands)
  bool allies = false;
  bool mover_ready = false;   // Platemail's Crash happens "if either of them is Not Ready"
  bool other_ready = false;   // whether the other is Ready (LeftReach: the foe whose reach was left)
  bool mover_carrying = false;  // whether the mover carries the one it picked up, at this step
  bool other_carrying = false;  // the same of the other
  int edge = -1;              // border events: the border (Grid::edge_cells)
  // Blocked: the other moved into the cell it holds this phase, and not ahead of the mover along
  // the same way (the mover stands nowhere the other passed): their paths cross in that cell.
  bool crossed = false;
  friend bool operator==(const MoveEvent&, const MoveEvent&) = default;
};

// Who stops: before the step reported (Mover, Other, Both), or, for MoverAfterStep and
// OtherAfterStep, that one once it has taken its next step: this one, or, where two step into one
// cell, the one after, as it lets the other take the cell first. So one stopping passes the other
// (trading cells, meeting head-on, stepping out of the cell the other steps into) rather than
// barring its way (Platemail's Crash: only the one who fails its save stops). Meet: two stepping
// into one cell stop there, the mover in the cell and the other beside it (Platemail's Clash:
// "stop their movement where their paths intersect").
enum class Halt : std::uint8_t {
  None = 0, Mover = 1, Other = 2, Both = 3, MoverAfterStep = 4, Meet = 6, OtherAfterStep = 8
};
using MoveDecision = std::function<Halt(const MoveEvent&)>;

// Heimr: "The count of the limit starts at the first character who moves through the border …
// The count is reset to zero at the start of the first character to move through." So each
// limited border remembers how many went through and who went first.
struct BorderUse {
  int count = 0;
  int first = 0;  // the Mover id of the first through
  friend bool operator==(BorderUse, BorderUse) = default;
};
using BorderTraffic = std::map<int, BorderUse>;  // by edge (Grid::edge)

// At the start of `mover_id`'s turn: the borders it was first through count from zero again.
void reset_traffic_started_by(BorderTraffic& traffic, int mover_id);

struct MovementRules {
  bool one_per_cell = true;  // Platemail's squares hold one character; Heimr's locations many
  PathRules paths;
};

struct MovementResult {
  std::vector<MoveEvent> events;
  std::vector<Cell> positions;  // where each mover ended
  std::vector<std::vector<Cell>> walked;  // the cells each entered by its own steps: not those it was carried
  std::vector<std::size_t> carried_by;  // for each mover, the one who picked it up and carried it, or nobody
};

// Every path must be a chain of allowed steps from its start, and a mover can carry or follow only
// another mover (otherwise an arbiter::Error naming the character). `traffic` is read and updated.
MovementResult resolve_movement(const Grid& grid, std::span<const Mover> movers, BorderTraffic& traffic,
                                const MovementRules& rules = {}, const MoveDecision& decide = {});

}  // namespace arbiter
