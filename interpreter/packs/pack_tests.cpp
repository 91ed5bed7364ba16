#include "interpreter/packs/pack_tests.hpp"

#include <algorithm>

#include "grammar/diagnostic.hpp"
#include "interpreter/lua/values.hpp"
#include "interpreter/packs/wrap_fight.hpp"

namespace arbiter::packs {

std::vector<std::filesystem::path> test_files(const Manifest& pack) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  // Checked as `require` checks a module: a file, or a tests folder, that a link leads out of the
  // pack's folder is not one of its tests, so a stranger's pack neither runs nor shows (in a
  // syntax error) a file elsewhere.
  for (const auto& entry : std::filesystem::directory_iterator(pack.folder / "tests", ec))
    if (entry.path().extension() == ".lua" && lua::is_file_in_folder(entry.path(), pack.folder))
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

void run_test_file(lua::Sandbox& sandbox, const Manifest& pack, const std::filesystem::path& file,
                   const CaseListener& listener) {
  const std::string scope = pack.name + " tests";
  if (!sandbox.has_pack(scope)) sandbox.add_pack({scope, pack.folder, pack.display_folder, pack.budget, true, true, main_file(pack)});
  lua_State* L = sandbox.state();
  const int top = lua_gettop(L);
  sandbox.run_file(scope, file, 0);
  sandbox.run_string(scope, "return require('arbiter.test').cases()", "(test runner)", 1);
  const int cases = lua_gettop(L);

  bool any = false;
  for (lua_Integer i = 1; lua_rawgeti(L, cases, i) == LUA_TTABLE; ++i) {
    any = true;
    CaseResult result;
    lua_getfield(L, -1, "name");
    result.name = lua::whole_string(L, -1);
    listener.started(result.name);
    lua_getfield(L, -2, "body");
    end_of_case(L);  // fights the file made outside any case are no case's
    // What the cases before let go of, a runaway's table too, is garbage Lua has not collected
    // yet: collected now, so that only what the packs keep counts against this case's memory.
    lua_gc(L, LUA_GCCOLLECT);
    try {
      sandbox.call(scope, 0, 0);
      result.passed = true;
    } catch (const Error& e) {
      result.failure = e.what();
    }
    result.warnings = end_of_case(L);
    lua_settop(L, cases);
    listener.finished(result);
  }
  lua_settop(L, top);
  // A file of no case would pass unseen: a typo in `test.case`'s name or a forgotten call leaves it
  // testing nothing.
  if (!any) {
    const std::string shown = pack.display_folder + "/tests/" + file.filename().string();
    listener.finished({"the file registers no test case", false,
                       render(Diagnostic{{shown, 0, 0},
                                         "the file registers no test case: a test file gives its cases with "
                                         "test.case(name, function() … end)",
                                         {},
                                         {}}),
                       {}});
  }
}

}  // namespace arbiter::packs
