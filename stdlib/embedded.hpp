#pragma once
// The stdlib's Lua modules, compiled into the binary (see cmake/embed_stdlib.cmake).
#include <span>
#include <string_view>

namespace arbiter {

struct EmbeddedModule {
  std::string_view name;       // what `require` takes: "arbiter", "arbiter.test"
  std::string_view chunkname;  // "@stdlib/arbiter/init.lua": tracebacks name the stdlib file
  std::string_view source;
};

std::span<const EmbeddedModule> stdlib_modules();

}  // namespace arbiter
