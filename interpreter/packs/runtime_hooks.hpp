#pragma once
// The hooks the runtime calls by their names (docs/fights.md, "Hooks"): `loaded` (pack_stack.cpp),
// the flow's boundaries (flow.cpp) and the fight's questions (fight.cpp, order_vocabulary.cpp).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::packs {

struct RuntimeHook {
  std::string name;
  // Called only in sequential phases (a turn, its order, its actions and their responses): a flow
  // whose phases are all simultaneous never calls it.
  bool sequential_only = false;
  // What such a flow calls in its place, for the message that refuses the hook there; empty: nothing.
  std::string instead{};
};

inline const std::vector<RuntimeHook> runtime_hooks{
    {"loaded"},
    {"round_start"},
    {"round_end"},
    {"phase_start"},
    {"phase_end"},
    {"turn_start", true, "phase_start"},
    {"turn_end", true, "phase_end"},
    {"forced_action"},
    {"movement"},
    {"reach"},
    {"move_limit"},
    {"timing"},
    {"initiative", true},
    {"choose", true, "forced_action"},
    {"respond", true},
    {"responses", true},
    {"actions", true},
    {"hostile"},
    {"allowed_by"},
    {"cost"},
};

// The runtime's hook of that name, or nullptr: a pack's own hook, or a misspelling.
inline const RuntimeHook* runtime_hook(std::string_view name) {
  const auto found = std::ranges::find(runtime_hooks, name, &RuntimeHook::name);
  return found == runtime_hooks.end() ? nullptr : &*found;
}

inline std::vector<std::string> runtime_hook_names() {
  std::vector<std::string> names;
  for (const RuntimeHook& hook : runtime_hooks) names.push_back(hook.name);
  return names;
}

}  // namespace arbiter::packs
