#include "grammar/diagnostic.hpp"

#include <cctype>

#include <fmt/format.h>

namespace arbiter {
namespace {

std::string render_all(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    if (!out.empty()) out += '\n';
    out += render(d);
  }
  return out;
}

}  // namespace

std::string render(const Diagnostic& d, std::string_view severity) {
  std::string out;
  if (!d.where.file.empty()) {
    out += d.where.file;
    if (d.where.line > 0) out += fmt::format(":{}", d.where.line);
    if (d.where.column > 0) out += fmt::format(":{}", d.where.column);
    out += ": ";
  }
  out += fmt::format("{}: {}", severity, d.message);
  if (!d.source_line.empty()) {
    out += "\n  " + d.source_line;
    if (d.where.column > 0) {
      std::string pad;
      // Keep tabs as tabs so the caret lines up under the same column in a terminal.
      for (std::size_t i = 0; i + 1 < d.where.column && i < d.source_line.size(); ++i)
        pad += d.source_line[i] == '\t' ? '\t' : ' ';
      out += "\n  " + pad + "^";
    }
  }
  for (const auto& note : d.notes) out += "\n  " + note;
  return out;
}

Diagnostic more_problems(std::size_t left_out, std::string file) {
  return {{std::move(file)},
          fmt::format("… and {} more problem{}, not shown (the first {} are)", left_out, left_out == 1 ? "" : "s",
                      most_diagnostics),
          {},
          {}};
}

Error::Error(Diagnostic diagnostic) : Error(std::vector<Diagnostic>{std::move(diagnostic)}) {}

Error::Error(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(render_all(diagnostics)), diagnostics_(std::move(diagnostics)) {}

Error::Error(const std::string& message) : Error(Diagnostic{{}, message, {}, {}}) {}

Diagnostic parse_positioned(const std::string& text) {
  Diagnostic d;
  d.message = text;
  for (auto colon = text.find(':'); colon != std::string::npos; colon = text.find(':', colon + 1)) {
    std::size_t end = colon + 1;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end == colon + 1 || end + 1 >= text.size() || text[end] != ':' || text[end + 1] != ' ') continue;
    d.where.file = text.substr(0, colon);
    d.where.line = std::stoul(text.substr(colon + 1, end - colon - 1));
    d.message = text.substr(end + 2);
    break;
  }
  return d;
}

std::string line_at(const std::string& text, std::size_t offset) {
  if (offset > text.size()) offset = text.size();
  std::size_t start = offset;
  while (start > 0 && text[start - 1] != '\n') --start;
  std::size_t end = text.find('\n', offset);
  if (end == std::string::npos) end = text.size();
  if (end > start && text[end - 1] == '\r') --end;
  return text.substr(start, end - start);
}

}  // namespace arbiter
