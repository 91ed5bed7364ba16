#include "interpreter/packs/search_path.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/lua/sandbox.hpp"

namespace arbiter::packs {

// A pack.lua that links out of the folder makes no pack, as a missing one does (read_manifest).
bool is_pack(const std::filesystem::path& folder) { return lua::is_file_in_folder(folder / "pack.lua", folder); }

std::vector<std::filesystem::path> folders_of_list(const std::string& list) {
  std::vector<std::filesystem::path> folders;
  std::istringstream parts(list);
  for (std::string part; std::getline(parts, part, ':');)
    if (!part.empty()) folders.emplace_back(part);
  return folders;
}

std::vector<std::filesystem::path> environment_folders() {
  const char* env = std::getenv("ARBITER_PATH");
  return env ? folders_of_list(env) : std::vector<std::filesystem::path>{};
}

// The rules that come with Arbiter. An installed program reads the copy installed with it
// (PREFIX/bin/arbiter reads PREFIX/share/arbiter/packs); one run from its build tree, the source
// tree's. Found from the program's own path, so neither the working folder nor a copy of the
// build tree elsewhere decides it.
std::filesystem::path builtin_rules() {
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    std::filesystem::path installed = (program.parent_path() / ARBITER_INSTALLED_RULES).lexically_normal();
    if (std::filesystem::is_directory(installed, error)) return installed;
  }
  return ARBITER_BUILTIN_RULES;
}

std::string not_a_folder(const std::filesystem::path& path) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) return fmt::format("there is no folder '{}'", printable(path.string()));
  if (!std::filesystem::is_directory(status)) return fmt::format("'{}' is not a folder", printable(path.string()));
  return {};
}

SearchPath SearchPath::standard(const std::vector<std::string>& first) {
  std::vector<std::filesystem::path> roots(first.begin(), first.end());
  for (auto& folder : environment_folders()) roots.push_back(std::move(folder));
  roots.emplace_back("rules");
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data)
    roots.push_back(std::filesystem::path(data) / "arbiter/packs");
  else if (const char* home = std::getenv("HOME"); home && *home)
    roots.push_back(std::filesystem::path(home) / ".local/share/arbiter/packs");
  roots.push_back(builtin_rules());
  return SearchPath(std::move(roots));
}

SearchPath::SearchPath(std::vector<std::filesystem::path> roots) {
  // The same folder reached twice (./rules is also the built-in one in a source tree) counts once.
  std::set<std::filesystem::path> seen;
  for (auto& root : roots) {
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(root, ec);
    if (seen.insert(ec ? root : canonical).second) roots_.push_back(std::move(root));
  }
}

std::optional<std::filesystem::path> SearchPath::find(const std::string& name) const {
  auto found = find_all(name);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::vector<std::filesystem::path> SearchPath::find_all(const std::string& name) const {
  std::vector<std::filesystem::path> found;
  for (const auto& root : roots_)
    if (is_pack(root / name)) found.push_back(root / name);
  return found;
}

std::vector<std::filesystem::path> SearchPath::hidden(const std::string& name) const {
  auto folders = find_all(name);
  if (folders.empty()) return {};
  const std::filesystem::path first = folders.front();
  folders.erase(folders.begin());
  std::erase_if(folders, [&](const std::filesystem::path& copy) { return same_files(copy, first); });
  return folders;
}

std::vector<FoundPack> SearchPath::all() const {
  std::vector<FoundPack> found;
  std::set<std::string> names;
  for (const auto& root : roots_) {
    std::error_code ec;
    std::vector<std::filesystem::path> folders;
    for (const auto& entry : std::filesystem::directory_iterator(root, ec))
      if (is_pack(entry.path())) folders.push_back(entry.path());
    std::sort(folders.begin(), folders.end());
    for (auto& folder : folders) {
      std::string name = folder.filename().string();
      const bool shadowed = !names.insert(name).second;
      found.push_back({std::move(name), std::move(folder), shadowed});
    }
  }
  return found;
}

std::vector<std::string> packs_in(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  std::error_code error;
  for (auto it = std::filesystem::directory_iterator(folder, error); !error && it != std::filesystem::directory_iterator();
       it.increment(error))
    if (is_pack(it->path())) names.push_back(it->path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string searched_folders(const SearchPath& search_path) {
  std::string text;
  for (const auto& root : search_path.roots()) {
    if (!text.empty()) text += ", ";
    text += display_path(root);
    if (!not_a_folder(root).empty()) text += " (no such folder)";
  }
  return text;
}

std::string pack_given_as_folder_of_packs(const std::filesystem::path& root) {
  if (!is_pack(root)) return {};
  return fmt::format("{} is itself a pack (it holds pack.lua), not a folder of packs: the search path takes the "
                     "folder that holds packs, here its parent, {}",
                     display_path(root), display_path(whole_folder(root).parent_path()));
}

bool names_a_folder(const std::string& request) {
  return request.find('/') != std::string::npos || request == "." || request == "..";
}

bool same_place(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code error;
  if (std::filesystem::equivalent(a, b, error)) return true;
  const auto place_a = std::filesystem::weakly_canonical(a, error);
  if (error) return false;
  const auto place_b = std::filesystem::weakly_canonical(b, error);
  return !error && place_a == place_b;
}

std::filesystem::path whole_folder(const std::filesystem::path& folder) {
  std::error_code ec;
  std::filesystem::path whole = std::filesystem::absolute(folder, ec).lexically_normal();
  if (ec) whole = folder.lexically_normal();
  if (!whole.has_filename()) whole = whole.parent_path();
  return whole;
}

std::string display_path(const std::filesystem::path& given) {
  // Without a trailing slash, so that a file in it is shown "my-house/init.lua", not "my-house//init.lua".
  std::filesystem::path folder = given.lexically_normal();
  if (!folder.has_filename() && folder.has_relative_path()) folder = folder.parent_path();
  if (folder.is_relative()) return folder.generic_string();
  std::error_code ec;
  const auto relative = std::filesystem::relative(folder, std::filesystem::current_path(ec), ec);
  if (!ec && !relative.empty() && *relative.begin() != "..") return relative.generic_string();
  return folder.generic_string();
}

namespace {

// The regular files under `folder` by their paths inside it (a link to a file read as the file);
// false when it cannot be read whole, or holds a link to a folder, which is not compared.
bool files_of(const std::filesystem::path& folder, std::map<std::string, std::filesystem::path>& files) {
  std::error_code error;
  std::filesystem::recursive_directory_iterator it(folder, error), end;
  for (; !error && it != end; it.increment(error)) {
    const auto status = it->status(error);
    if (error || (it->is_symlink(error) && std::filesystem::is_directory(status))) return false;
    if (std::filesystem::is_regular_file(status))
      files.emplace(std::filesystem::relative(it->path(), folder, error).generic_string(), it->path());
    else if (!std::filesystem::is_directory(status))
      return false;
  }
  return !error;
}

bool same_bytes(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code error;
  if (std::filesystem::file_size(a, error) != std::filesystem::file_size(b, error) || error) return false;
  std::ifstream in_a(a, std::ios::binary), in_b(b, std::ios::binary);
  if (!in_a || !in_b) return false;
  return std::equal(std::istreambuf_iterator<char>(in_a), std::istreambuf_iterator<char>(),
                    std::istreambuf_iterator<char>(in_b), std::istreambuf_iterator<char>());
}

}  // namespace

bool same_files(const std::filesystem::path& a, const std::filesystem::path& b) {
  if (same_place(a, b)) return true;
  std::map<std::string, std::filesystem::path> files_a, files_b;
  if (!files_of(a, files_a) || !files_of(b, files_b) || files_a.size() != files_b.size()) return false;
  for (auto ia = files_a.begin(), ib = files_b.begin(); ia != files_a.end(); ++ia, ++ib)
    if (ia->first != ib->first || !same_bytes(ia->second, ib->second)) return false;
  return true;
}

}  // namespace arbiter::packs
