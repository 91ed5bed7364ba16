#include "interpreter/core/snapshot.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/world_json.hpp"

namespace arbiter {

namespace {

constexpr const char* format_name = "arbiter-state";

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& what) {
  throw Error(file.string() + ": " + what);
}

std::string system_error() { return std::strerror(errno); }

// Writes all of `text` to a new file and flushes it to the disk before closing.
void write_durably(const std::filesystem::path& file, const std::string& text) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) refuse(file, "cannot write: " + system_error());
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = system_error();
      ::close(fd);
      refuse(file, "cannot write: " + why);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) refuse(file, "cannot write: " + system_error());
}

}  // namespace

nlohmann::json state_to_json(const SavedState& state) {
  return {{"format", format_name},
          {"version", state_format_version},
          {"flow", {{"round", state.flow.round}, {"phase", state.flow.phase}, {"turn", state.flow.turn}}},
          {"rng", state.rng},
          {"world", world_to_json(state.world)}};
}

SavedState state_from_json(const nlohmann::json& json, const std::string& source) {
  const JsonReader root(json, "state");
  const auto format = json.is_object() ? json.find("format") : json.end();
  if (!json.is_object() || format == json.end() || *format != format_name)
    throw Error(source + ": this is not an Arbiter saved state (no \"format\": \"" + format_name + "\")");
  const int version = root["version"].integer();
  if (version > state_format_version)
    throw Error(source + ": saved by a newer Arbiter (format version " + std::to_string(version) +
                "; this one reads versions up to " + std::to_string(state_format_version) + ")");
  if (version < 1) throw Error(source + ": format version " + std::to_string(version) + " does not exist");
  try {
    const JsonReader flow = root["flow"];
    return SavedState{world_from_json(root["world"]),
                      FlowPosition{flow["round"].integer(), flow["phase"].integer(), flow["turn"].integer()},
                      json.value("rng", nlohmann::json())};
  } catch (const Error& e) {
    throw Error(source + ": not a valid saved state: " + e.diagnostics().front().message);
  }
}

void save_state(const std::filesystem::path& file, const SavedState& state) {
  const std::string text = state_to_json(state).dump(1) + "\n";
  std::filesystem::path temporary = file;
  temporary += ".tmp-" + std::to_string(::getpid());
  write_durably(temporary, text);
  std::error_code failed;
  std::filesystem::rename(temporary, file, failed);
  if (failed) {
    std::filesystem::remove(temporary, failed);
    refuse(file, "cannot replace it with the new save: " + failed.message());
  }
}

SavedState load_state(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) refuse(file, "cannot read: " + system_error());
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().empty()) refuse(file, "the file is empty (a save interrupted before it was written?)");
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    refuse(file, "damaged or truncated: it is not complete JSON (at byte " + std::to_string(e.byte) + " of " +
                     std::to_string(text.str().size()) + ")");
  }
  return state_from_json(json, file.string());
}

}  // namespace arbiter
