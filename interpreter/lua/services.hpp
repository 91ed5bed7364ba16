#pragma once
// What a binding needs from the running program (the dice source, the world, the log) is
// provided by the host as a service, found by type. A binding asks `services(L).get<World>()`
// and gets a clear error when the current context has none (e.g. `world` while loading a pack).
#include <string>
#include <typeindex>
#include <unordered_map>

#include <lua.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter::lua {

class Services {
 public:
  template <class T>
  void provide(T* service) {
    entries_[typeid(T)] = service;
  }
  template <class T>
  void withdraw() {
    entries_.erase(typeid(T));
  }
  template <class T>
  T* find() const {
    const auto it = entries_.find(typeid(T));
    return it == entries_.end() ? nullptr : static_cast<T*>(it->second);
  }
  // Throws arbiter::Error naming the missing service (`what`: "dice source", "world"); call it
  // from inside a guarded function.
  template <class T>
  T& get(const char* what) const {
    if (T* service = find<T>()) return *service;
    throw Error(std::string("there is no ") + what + " here: this function needs a running fight or tool");
  }

 private:
  std::unordered_map<std::type_index, void*> entries_;
};

// The services of the sandbox that owns `L` (set by the Sandbox when it creates the state).
Services& services(lua_State* L);

}  // namespace arbiter::lua
