#pragma once
// The files a fight writes (the save, the log) and how: checked before any round is played, and
// replaced whole or not at all, so a failure never leaves half a file where a good one was.
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace arbiter {

// Refuses, naming `file` and the system's reason, a place a save or a log could not be written to
// (a missing folder, a directory, a device or a pipe, a link, no permission), so a fight is not played
// only to be lost.
void check_writable(const std::filesystem::path& file);

// Writes `text` to a temporary file beside `file`, flushed to the disk, then renames it over
// `file`. On any failure `file` is as it was, and the error (naming `file`, `what` it is and the
// system's reason) says so.
void replace_file(const std::filesystem::path& file, std::string_view text, std::string_view what);

struct OutputFile {
  std::filesystem::path file;
  std::string text;
  std::string what;  // "save", "log": how errors name it
};

// Replaces several files together (a run's save and its log): every temporary is written and
// flushed first, then each is renamed over its file. A failure before the renames leaves every file
// as it was; one during them puts back the files already replaced (kept meanwhile under a link
// beside each). Either all the new files are in place or, as far as the system allows, none.
void replace_files(std::span<const OutputFile> files);

}  // namespace arbiter
