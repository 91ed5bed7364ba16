#pragma once
// A fresh directory under the system's temporary directory, removed with everything in it when
// the test ends. Each one has its own name, so tests running at once never share one.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

struct TempDir {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("arbiter-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  TempDir() { std::filesystem::create_directories(path); }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (path / name).string(); }
  static inline int counter = 0;
};

// The whole of a file, as the tests compare it.
inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
