#pragma once
// Runs the `arbiter` program as a user does, from the source folder, with the example and test
// packs on its path: output and exit code (0 success, 1 bad input, 2 bad usage), never a crash.
#include <array>
#include <cstdio>
#include <string>

#include <catch2/catch.hpp>
#include <sys/wait.h>

struct Run {
  int exit_code;
  std::string output;  // stdout and stderr together, as a user sees them
};

// A shell command line, its output and exit code.
inline Run shell(const std::string& command) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  std::string output;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) output.append(buffer.data(), n);
  const int status = pclose(pipe);
  REQUIRE(WIFEXITED(status));  // a signal would be a crash
  return {WEXITSTATUS(status), output};
}

inline Run arbiter(const std::string& arguments) {
  return shell(std::string(ARBITER_BINARY) + " --pack-path examples/packs --pack-path tests/packs " + arguments);
}

// How many times `what` occurs in `text`: a line told once, not again.
inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++count;
  return count;
}
