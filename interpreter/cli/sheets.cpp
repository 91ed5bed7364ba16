#include "interpreter/cli/sheets.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"

namespace arbiter::cli {

std::string read_sheet(const std::string& path) {
  const auto refuse = [&](const std::string& why) { throw Error(Diagnostic{{path}, "cannot read the order sheet: " + why, {}, {}}); };
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) refuse("it is a directory");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) refuse(std::strerror(errno));
  // Read with a bound, since a sheet may be a pipe or a device (/dev/zero): the reading stops at
  // the first control character, which the parser then reports where it is, or one byte past the
  // largest sheet, which it refuses as too long. Nothing endless is read in full.
  std::string text;
  std::array<char, 1 << 16> chunk;
  while (text.size() <= orders::max_sheet_bytes) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    const auto stop = std::find_if(chunk.begin(), chunk.begin() + got, orders::control_byte);
    const std::size_t keep = std::min<std::size_t>(
        static_cast<std::size_t>(stop - chunk.begin()) + (stop != chunk.begin() + got ? 1 : 0),
        orders::max_sheet_bytes + 1 - text.size());
    text.append(chunk.data(), keep);
    if (keep < got || in.eof()) break;
    if (!in) refuse(std::strerror(errno));
  }
  if (in.bad()) refuse(std::strerror(errno));
  return text;
}

}  // namespace arbiter::cli
