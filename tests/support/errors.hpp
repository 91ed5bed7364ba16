#pragma once
// The message of the arbiter::Error a call throws (without the "error: " rendering), or "" when it
// does not throw: lets a test compare the exact words a person would read.
#include <string>

#include "grammar/diagnostic.hpp"

template <class F>
std::string error_message(F&& f) {
  try {
    f();
  } catch (const arbiter::Error& e) {
    return e.diagnostics().front().message;
  }
  return "";
}
