#include "interpreter/cli/file_kind.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grammar/diagnostic.hpp"

namespace arbiter::cli {
namespace {

struct Look {
  FileKind kind;
  std::size_t line;
  std::size_t column;
  std::string source_line;
};

struct Line {
  std::size_t number;
  std::size_t column;  // of its first character that is no blank
  std::string text;
};

// The first `count` lines that are not blank nor comments (a sheet's `#`, Lua's `--`).
std::vector<Line> first_lines(std::string_view text, std::size_t count) {
  std::vector<Line> lines;
  std::size_t number = 0;
  for (std::size_t at = 0; at < text.size() && lines.size() < count;) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    if (line.ends_with('\r')) line.remove_suffix(1);
    ++number;
    at = end + 1;
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos || line[start] == '#' || line.substr(start).starts_with("--")) continue;
    lines.push_back({number, start + 1, std::string(line)});
  }
  return lines;
}

bool matches(const std::string& line, const std::regex& pattern) { return std::regex_search(line, pattern); }

std::optional<Look> look_of(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark, as Notepad writes
  const std::vector<Line> lines = first_lines(text, 2);
  if (lines.empty()) return std::nullopt;
  const Line& first = lines.front();
  const auto look = [&](FileKind kind) { return Look{kind, first.number, first.column, first.text}; };
  const std::string start = first.text.substr(first.column - 1);
  // A save is one JSON object (over many lines, or one when a tool wrote it compact); a log, one
  // event a line, each numbered ("seq") and of a type.
  if (start.starts_with('{')) {
    const auto event = nlohmann::json::parse(start, nullptr, false);
    const bool logged = event.is_object() && event.contains("seq") && event.contains("type");
    return look(logged ? FileKind::fight_log : FileKind::saved_fight);
  }
  static const std::regex lua(R"(^(return|local|require)\b)");
  if (matches(start, lua)) return look(FileKind::encounter);
  static const std::regex round(R"(^round\s+\d+\s*:?\s*(#.*)?$)", std::regex::icase);
  static const std::regex character(R"re(^(character\s*:\s*\S.*|"[^"]+"\s*:|[^:{}=()"]+:)\s*(#.*)?$)re",
                                    std::regex::icase);
  static const std::regex entry(R"(^\s*(\d+|[a-z]+\s+(action|phase))\s*:)", std::regex::icase);
  if (matches(start, round) || (lines.size() == 2 && matches(start, character) && matches(lines[1].text, entry)))
    return look(FileKind::order_sheet);
  return std::nullopt;
}

std::string name_of(FileKind kind) {
  switch (kind) {
    case FileKind::encounter: return "an encounter (Lua)";
    case FileKind::order_sheet: return "an order sheet";
    case FileKind::saved_fight: return "a saved fight (JSON, as run --save writes it)";
    case FileKind::fight_log: return "a fight's log (JSON Lines, as run --log writes it)";
  }
  return "";
}

std::string short_name(FileKind kind) {
  switch (kind) {
    case FileKind::encounter: return "an encounter";
    case FileKind::order_sheet: return "an order sheet";
    case FileKind::saved_fight: return "a saved fight";
    case FileKind::fight_log: return "a log";
  }
  return "";
}

}  // namespace

void refuse_other_kind(const std::string& path, std::string_view text, FileKind expected, const HowGiven& how) {
  const std::optional<Look> look = look_of(text);
  if (!look || look->kind == expected) return;
  std::string advice;
  switch (look->kind) {
    case FileKind::encounter: advice = how.encounter; break;
    case FileKind::order_sheet: advice = how.order_sheet; break;
    case FileKind::saved_fight: advice = how.saved_fight; break;
    case FileKind::fight_log:
      advice = "a log is a record to read, which no command plays from; a fight resumes from its save (run --save)";
      break;
  }
  if (advice.empty()) advice = "this command does not take one";
  throw Error(Diagnostic{{path, look->line, look->column},
                         fmt::format("this looks like {}, not {}: {}", name_of(look->kind), short_name(expected),
                                     advice),
                         look->source_line,
                         {}});
}

std::string file_start(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return "";
  std::ifstream in(path, std::ios::binary);
  std::string text(1 << 16, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

}  // namespace arbiter::cli
