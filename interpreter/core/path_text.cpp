#include "interpreter/core/path_text.hpp"

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter {

std::string path_text(std::string_view path) {
  std::string text;
  for (std::size_t at = 0; at < path.size();) {
    if (path[at] == '\\') {
      text += "\\\\";
      ++at;
    } else if (const std::size_t length = utf8_sequence(path, at); length > 0) {
      text += path.substr(at, length);
      at += length;
    } else {
      text += fmt::format("\\x{:02x}", static_cast<unsigned char>(path[at]));
      ++at;
    }
  }
  return text;
}

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string path_from_text(std::string_view text) {
  std::string path;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (text[at] == '\\' && at + 1 < text.size() && text[at + 1] == '\\') {
      path += '\\';
      ++at;
    } else if (text[at] == '\\' && at + 3 < text.size() && text[at + 1] == 'x' && hex_digit(text[at + 2]) >= 0 &&
               hex_digit(text[at + 3]) >= 0) {
      path += static_cast<char>(hex_digit(text[at + 2]) * 16 + hex_digit(text[at + 3]));
      at += 3;
    } else {
      path += text[at];
    }
  }
  return path;
}

}  // namespace arbiter
