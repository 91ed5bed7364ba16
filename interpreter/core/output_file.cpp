#include "interpreter/core/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"

namespace arbiter {

namespace {

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& what) {
  throw Error(file.string() + ": " + what);
}

std::string system_error() { return std::strerror(errno); }

// A file of this process beside `file`: ".tmp-" the new text written before it replaces `file`,
// ".old-" the file replaced, kept until every rename is done. Any name `file` may have, one of
// NAME_MAX bytes too, leaves room for it: the end of a long name gives way to a hash of the whole,
// so that two long names alike at their start (a save and its log) are never given one temporary.
std::filesystem::path beside(const std::filesystem::path& file, const char* kind) {
  std::string name = file.filename().string();
  const std::string suffix = kind + std::to_string(::getpid());
  if (name.size() + suffix.size() > NAME_MAX) {
    const std::string hash = fmt::format("~{:016x}", std::hash<std::string>{}(name));
    name = name.substr(0, NAME_MAX - suffix.size() - hash.size()) + hash;
  }
  return file.parent_path() / (name + suffix);
}

// Writes all of `text` to a new file `temporary` and flushes it to the disk before closing; errors
// name `file`, the one the user asked for. The new file takes the mode of the `file` it replaces: a
// save kept private (600) stays so, one shared with the players (666) stays shared.
void write_durably(const std::filesystem::path& temporary, const std::filesystem::path& file, std::string_view text,
                   std::string_view what) {
  const std::string cannot = "cannot write the " + std::string(what) + ": ";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) refuse(file, cannot + system_error());
  const auto fail = [&] {
    const std::string why = system_error();
    ::close(fd);
    ::unlink(temporary.c_str());
    refuse(file, cannot + why);
  };
  if (struct stat old{}; ::stat(file.c_str(), &old) == 0 && ::fchmod(fd, old.st_mode & 07777) != 0) fail();
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;  // a write that takes nothing would loop for ever
      fail();
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) fail();
  if (::close(fd) != 0) {
    const std::string why = system_error();
    ::unlink(temporary.c_str());
    refuse(file, cannot + why);
  }
}

}  // namespace

void check_writable(const std::filesystem::path& file) {
  std::error_code error;
  // The new file is renamed into place: a link there would be replaced, and the file it names left
  // as it was (a save kept on another disk through a link would go stale unseen).
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(file, error))) {
    const auto target = std::filesystem::read_symlink(file, error);
    refuse(file, "cannot write there: it is a link (to " + target.string() +
                     "), which the new file would replace; name the file itself");
  }
  const auto status = std::filesystem::status(file, error);
  if (std::filesystem::is_directory(status)) refuse(file, "cannot write there: it is a directory");
  // A device or a pipe would be replaced by a plain file: /dev/full, made a file, fills no more.
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    refuse(file, "cannot write there: it is not a plain file (a device, a pipe or a socket)");
  // The folder must take a new file (the temporary), tried, not judged by access(): root passes
  // that everywhere, and a pseudo-filesystem (/proc) takes no new file whatever its modes say.
  const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
  const auto probe = beside(file, ".tmp-");
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) refuse(file, "cannot write there: the folder " + folder.string() + " takes no new file: " + system_error());
  ::close(fd);
  ::unlink(probe.c_str());
  if (::access(file.c_str(), F_OK) == 0 && ::access(file.c_str(), W_OK) != 0)
    refuse(file, "cannot write there: " + system_error());
}

void replace_file(const std::filesystem::path& file, std::string_view text, std::string_view what) {
  const OutputFile one{file, std::string(text), std::string(what)};
  replace_files(std::span(&one, 1));
}

void replace_files(std::span<const OutputFile> files) {
  std::vector<std::filesystem::path> temporaries;
  const auto remove_temporaries = [&] {
    for (const auto& temporary : temporaries) ::unlink(temporary.c_str());
  };
  for (const OutputFile& output : files) {
    const auto temporary = beside(output.file, ".tmp-");
    try {
      write_durably(temporary, output.file, output.text, output.what);
    } catch (const Error&) {
      remove_temporaries();  // the others written so far: none of the files is replaced
      throw;
    }
    temporaries.push_back(temporary);
  }
  // The file each rename replaces is kept under a link until all are renamed, to be put back if a
  // later rename fails. Where no link can be made, the file was new or the folder takes none.
  struct Replaced {
    std::filesystem::path file;
    std::filesystem::path kept;  // empty: there was no file before
  };
  std::vector<Replaced> replaced;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& file = files[i].file;
    Replaced done{file, {}};
    if (i + 1 < files.size() && ::access(file.c_str(), F_OK) == 0) {  // a later rename may fail
      const auto kept = beside(file, ".old-");
      ::unlink(kept.c_str());
      if (::link(file.c_str(), kept.c_str()) == 0) done.kept = kept;
    }
    std::error_code failed;
    std::filesystem::rename(temporaries[i], file, failed);
    if (failed) {
      const std::string why = failed.message();
      if (!done.kept.empty()) ::unlink(done.kept.c_str());
      for (const auto& before : replaced) {
        if (before.kept.empty()) ::unlink(before.file.c_str());
        else ::rename(before.kept.c_str(), before.file.c_str());
      }
      for (std::size_t j = i; j < temporaries.size(); ++j) ::unlink(temporaries[j].c_str());
      refuse(file, "cannot replace it with the new " + files[i].what + ": " + why +
                       (replaced.empty() ? "" : " (the files written with it are put back as they were)"));
    }
    replaced.push_back(std::move(done));
  }
  for (const auto& done : replaced)
    if (!done.kept.empty()) ::unlink(done.kept.c_str());
}

}  // namespace arbiter
