#pragma once
// Where packs are found, first match winning: folders given with --pack-path, then each folder in
// $ARBITER_PATH (colon-separated), ./rules, the user's $XDG_DATA_HOME/arbiter/packs
// (~/.local/share/arbiter/packs), and the rules that come with Arbiter. Each holds packs, a
// folder each.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::packs {

struct FoundPack {
  std::string name;               // the folder's name, which its manifest must repeat
  std::filesystem::path folder;
  bool shadowed = false;          // an earlier folder in the path has a pack of the same name
};

class SearchPath {
 public:
  // The standard places, after `first` (--pack-path).
  static SearchPath standard(const std::vector<std::string>& first);
  explicit SearchPath(std::vector<std::filesystem::path> roots);

  const std::vector<std::filesystem::path>& roots() const noexcept { return roots_; }
  std::optional<std::filesystem::path> find(const std::string& name) const;
  // Every folder of a pack of that name, in search order: the first is found, the others hidden.
  std::vector<std::filesystem::path> find_all(const std::string& name) const;
  // The folders of that name after the first that it hides: those holding other files than it. A
  // copy of the same files, byte for byte, is the one pack found twice (a second checkout's rules/
  // and the rules built into a binary from the first), which hides nothing.
  std::vector<std::filesystem::path> hidden(const std::string& name) const;
  std::vector<FoundPack> all() const;  // every pack folder, in search order

 private:
  std::vector<std::filesystem::path> roots_;
};

// The folders of a colon-separated list, in order (an empty part is none).
std::vector<std::filesystem::path> folders_of_list(const std::string& list);
// The folders of $ARBITER_PATH, in order (colon-separated; an empty part is none).
std::vector<std::filesystem::path> environment_folders();

// Why `path` cannot be searched for packs ("there is no folder 'x'", "'x' is not a folder"); empty
// when it is a folder.
std::string not_a_folder(const std::filesystem::path& path);

// Whether `folder` is a pack's own: it holds pack.lua (not through a link leading out of it).
bool is_pack(const std::filesystem::path& folder);

// The packs `folder` holds, by their folders' names, in order: none when it is no folder.
std::vector<std::string> packs_in(const std::filesystem::path& folder);

// The folders searched, for a message: "rules, /x (no such folder)", the missing ones marked.
std::string searched_folders(const SearchPath& search_path);

// What to tell of a folder of the search path that is a pack's own (it holds pack.lua), given where
// the folder holding it was meant (--pack-path my-house): it holds no packs. Empty when it is not.
std::string pack_given_as_folder_of_packs(const std::filesystem::path& root);

// Whether a pack is asked for by its folder ("./my-house", "/packs/x", ".") rather than by name.
bool names_a_folder(const std::string& request);

// Whether two paths name one file or folder: the same one when it exists, else the same place
// ("./rules/x/" and "rules/x").
bool same_place(const std::filesystem::path& a, const std::filesystem::path& b);

// Whether two folders hold the same files with the same bytes (or are one folder): one pack, not
// two, though found twice on the search path (a second checkout's rules/ and the built-in rules of
// a binary built from the first).
bool same_files(const std::filesystem::path& a, const std::filesystem::path& b);

// `folder` written out whole, lexically (a link is not followed), without a trailing slash: "."
// and "./" from inside my-house, and "../my-house/", are ".../my-house", whose filename is its name.
std::filesystem::path whole_folder(const std::filesystem::path& folder);

// How a message names a pack's folder: relative to the working directory when inside it.
std::string display_path(const std::filesystem::path& folder);

}  // namespace arbiter::packs
