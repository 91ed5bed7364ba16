#include "interpreter/cli/sheets.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "grammar/diagnostic.hpp"

namespace arbiter::cli {

std::string read_sheet(const std::string& path) {
  const auto refuse = [&](const std::string& why) { throw Error(Diagnostic{{path}, "cannot read the order sheet: " + why, {}, {}}); };
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) refuse("it is a directory");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) refuse(std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) refuse(std::strerror(errno));
  return text.str();
}

}  // namespace arbiter::cli
