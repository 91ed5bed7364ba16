#include "interpreter/core/input_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace arbiter {

std::string read_file(const std::filesystem::path& file, const std::function<bool(std::string_view)>& take) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  std::array<char, 1 << 16> chunk;
  std::string failure;
  for (;;) {
    const ssize_t got = ::read(fd, chunk.data(), chunk.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) failure = std::strerror(errno);
    if (got <= 0 || !take(std::string_view(chunk.data(), static_cast<std::size_t>(got)))) break;
  }
  ::close(fd);
  return failure;
}

}  // namespace arbiter
