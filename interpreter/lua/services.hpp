#pragma once
// What a binding needs from the running program (the dice source, the world, the log) is
// provided by the host as a service, found by type. A binding asks `services(L).get<World>()`
// and gets a clear error when the current context has none (e.g. `world` while loading a pack).
#include <string>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter::lua {

class Services {
 public:
  template <class T>
  void provide(T* service) {
    for (auto& [key, value] : entries_)
      if (key == key_of<T>()) {
        value = service;
        return;
      }
    entries_.emplace_back(key_of<T>(), service);
  }
  template <class T>
  void withdraw() {
    std::erase_if(entries_, [](const auto& entry) { return entry.first == key_of<T>(); });
  }
  template <class T>
  T* find() const {
    for (const auto& [key, value] : entries_)
      if (key == key_of<T>()) return static_cast<T*>(value);
    return nullptr;
  }
  // Throws arbiter::Error naming the missing service (`what`: "dice source", "world"); call it
  // from inside a guarded function.
  template <class T>
  T& get(const char* what) const {
    if (T* service = find<T>()) return *service;
    throw Error(std::string("there is no ") + what + " here: this function needs a running fight or tool");
  }

 private:
  // A type's key is the address of a variable of its own: comparing it is one instruction, where a
  // type_index may compare names. Bindings look services up on every call, and there are a dozen.
  template <class T>
  static const void* key_of() {
    static const char key = 0;
    return &key;
  }
  std::vector<std::pair<const void*, void*>> entries_;
};

// The services of the sandbox that owns `L` (set by the Sandbox when it creates the state).
Services& services(lua_State* L);

}  // namespace arbiter::lua
