#pragma once
// A file's path as JSON holds it (a save, `check --json`), and a text that may quote one (`check
// --json`'s messages and notes). JSON holds only UTF-8 text, but a path
// is any bytes but NUL (a folder named in Latin-1, `caf\xe9`): its bytes that are not UTF-8 are
// written `\xe9`, and a backslash `\\`, so that reading it back gives the same bytes, and the same
// file. A UTF-8 path without a backslash, as nearly all are, is written as it is.
#include <string>
#include <string_view>

namespace arbiter {

std::string path_text(std::string_view path);
// The path path_text wrote. A backslash followed by neither `\` nor `xHH` is kept as it is.
std::string path_from_text(std::string_view text);

}  // namespace arbiter
