#include "interpreter/cli/sheets.hpp"

#include <fstream>
#include <sstream>

#include "grammar/diagnostic.hpp"

namespace arbiter::cli {

std::string read_sheet(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in) throw Error(Diagnostic{{path}, "cannot read the order sheet", {}, {}});
  return text.str();
}

}  // namespace arbiter::cli
