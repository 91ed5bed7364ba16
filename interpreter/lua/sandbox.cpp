#include "interpreter/lua/sandbox.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/input_file.hpp"
#include "interpreter/core/names.hpp"
#include "interpreter/lua/guard.hpp"
#include "interpreter/lua/location.hpp"
#include "interpreter/lua/modules.hpp"
#include "interpreter/lua/ordered.hpp"
#include "interpreter/lua/readonly.hpp"
#include "interpreter/lua/values.hpp"
#include "stdlib/embedded.hpp"

namespace arbiter::lua {
namespace {

// The hook runs every this many VM instructions: rare enough to cost nothing measurable,
// often enough that a budget overshoots by at most this much.
constexpr int hook_interval = 1000;
// Past the memory budget: the block that crossed it, and the error message with its traceback.
constexpr std::size_t memory_slack = 1u << 20;
// What the packs may hold in all, in memory budgets of the ceiling (Sandbox::heap_limit): what
// they keep between calls, and what one call allocates on top of it.
constexpr std::size_t heap_budgets = 2;
// Every block Lua is given starts this far into the block allocated, after a header holding the
// object's place in the order of making (Sandbox::made_order); as wide as malloc's own alignment,
// so Lua's blocks stay aligned for anything.
constexpr std::size_t block_header = alignof(std::max_align_t);
constexpr std::uintmax_t max_source_bytes = 16u << 20;
constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";
// How long past its time budget a call may stay out of the VM's reach before the watchdog acts.
constexpr auto stuck_grace = std::chrono::seconds(2);
// A call's thread yielded: the host resumes it no more.
constexpr const char* yield_outside = "coroutine.yield was called outside any coroutine";

// Registry keys (their addresses).
const char base_key = 0;            // the table of safe globals every environment reads through
const char stdlib_loaded_key = 0;   // module name -> value, shared by all packs
const char pack_loaded_key = 0;     // pack name -> { module name -> value }

const char* const base_functions[] = {"assert", "error",  "getmetatable", "ipairs",   "pcall",  "rawequal",
                                      "rawget", "rawlen", "select",       "tonumber", "type"};

// math.random and math.randomseed: a roll no seed replays, no log shows and no GM rolling by hand
// is asked for. Upvalue 1: the name.
int unseeded_random(lua_State* L) {
  return luaL_error(L,
                    "%s is not available in a pack: roll with the dice module (dice.roll(\"1d6\", why)), so that every "
                    "roll is seeded, logged and shown, and the same seed plays the same fight",
                    lua_tostring(L, lua_upvalueindex(1)));
}

// string.dump: bytecode is never made in a pack, as it is never loaded (Sandbox::load).
int no_bytecode(lua_State* L) {
  return luaL_error(L, "string.dump is not available in a pack: bytecode is never loaded in a pack (load takes "
                       "text only), so nothing makes it; pass the function itself, or its source text to load");
}

int sandboxed_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  if (is_readonly(L, 1)) return luaL_error(L, "rawset cannot change a read-only table");
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

// Finalizers run whenever the collector gets to them, even after the call or at shutdown,
// outside any budget: a looping __gc would hang the host. Lua marks an object for finalization
// only if its metatable has __gc when set, so refusing it here is enough.
int sandboxed_setmetatable(lua_State* L) {
  if (lua_istable(L, 2)) {
    lua_pushliteral(L, "__gc");
    const bool finalizer = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (finalizer)
      return luaL_error(L, "__gc is not allowed in a pack: a finalizer would run outside the pack's budget");
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// collectgarbage without the options that would stop the collector or retune it.
int sandboxed_collectgarbage(lua_State* L) {
  static const char* const allowed[] = {"collect", "count", "step", "isrunning", nullptr};
  const char* option = luaL_optstring(L, 1, "collect");
  bool ok = false;
  for (const char* const* a = allowed; *a; ++a) ok = ok || std::string_view(option) == *a;
  if (!ok) return luaL_error(L, "collectgarbage('%s') is not allowed in a pack", option);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

bool valid_module_name(std::string_view name) {
  if (name.empty() || name.front() == '.' || name.back() == '.') return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool word = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    if (!word && !(c == '.' && name[i + 1] != '.')) return false;
  }
  return true;
}

// Where Lua's lexer stood when `code` failed to load: the offset of the character after the last
// token it read. Lua keeps only the line, so the chunk is loaded again, a byte at a time, counting
// what the lexer took (only on this error path; the cost is a reader call a byte).
std::size_t where_load_stopped(lua_State* L, std::string_view code, const char* chunkname) {
  struct Feed {
    std::string_view code;
    std::size_t fed = 0;
    bool ended = false;
  } feed{code};
  const auto reader = [](lua_State*, void* data, std::size_t* size) -> const char* {
    auto& f = *static_cast<Feed*>(data);
    *size = f.fed < f.code.size() ? 1 : 0;
    if (*size == 0) f.ended = true;
    return *size == 0 ? nullptr : f.code.data() + f.fed++;
  };
  lua_load(L, reader, &feed, chunkname, "t");
  lua_pop(L, 1);  // the error again
  return feed.ended ? code.size() : feed.fed - 1;  // the lexer had read one character past the token
}

// A chunk that does not load, told as any bad input is: at the line and column of the token Lua
// names (`near 'characters'`; `near <eof>`: after the file's last text), the line quoted.
Diagnostic syntax_error(lua_State* L, std::string_view code, const std::string& chunkname,
                        const std::string& message) {
  Diagnostic d = parse_positioned(message);
  if (d.where.line == 0) return d;  // not the parser's (out of memory): no place to point at
  if (chunkname.starts_with('@')) d.where.file = chunkname.substr(1);  // Lua shortens a long one
  const std::string text = with_newline_line_ends(code);  // lines counted as Lua counts them
  std::size_t at = std::string::npos;
  const std::size_t near = message.rfind(" near ");
  if (near != std::string::npos && message.compare(near, std::string::npos, " near <eof>") == 0) {
    at = text.find_last_not_of(" \t\n\r\f\v");
    at = at == std::string::npos ? 0 : at + 1;
  } else if (near != std::string::npos && message.size() > near + 8 && message[near + 6] == '\'' &&
             message.back() == '\'') {
    const std::string token = message.substr(near + 7, message.size() - near - 8);
    const std::size_t stop = where_load_stopped(L, code, chunkname.c_str());
    // Written just before where the lexer stopped, unless it had looked a token further ahead
    // (a table's `name =`) or the token is a string whose escapes Lua shows read.
    if (stop >= token.size() && text.compare(stop - token.size(), token.size(), token) == 0) at = stop - token.size();
    else at = text.rfind(token, stop);
  }
  if (at == std::string::npos) {  // no token named ("label 'x' already defined"): the line Lua says
    std::size_t start = 0;
    for (std::size_t line = 1, end = 0;
         line < d.where.line && (end = text.find('\n', start)) != std::string::npos; ++line)
      start = end + 1;
    d.source_line = line_at(text, start);
    return d;
  }
  Diagnostic placed = at_offset(d.where.file, text, at, d.message);
  placed.notes = std::move(d.notes);
  return placed;
}

// The innermost frame of `thread` that runs Lua code of some file: where the author should look.
bool innermost_lua_frame(lua_State* thread, lua_Debug& ar) {
  for (int level = 0; lua_getstack(thread, level, &ar); ++level) {
    lua_getinfo(thread, "Sl", &ar);
    if (ar.currentline > 0) return true;
  }
  return false;
}

// An error's message as the host keeps it: whole (a NUL byte in it does not end it) and shown
// escaped where it is not text (`\x00`, `\xe9`), for it is only shown, and logged with an action
// that failed: a log cannot hold what is not UTF-8.
std::string message_text(lua_State* L, int index) { return printable(whole_string(L, index), true); }

// The innermost frame of `thread` whose line runs again further out: where a rule sets itself off
// again. Lua tells its "C stack overflow" at whatever line the nesting ran out on, often another
// pack's that the recursing one calls.
// "file:line", or "" when no line repeats.
std::string repeating_frame(lua_State* thread) {
  std::vector<std::pair<std::string, int>> frames;
  lua_Debug ar;
  for (int level = 0; lua_getstack(thread, level, &ar); ++level) {
    lua_getinfo(thread, "Sl", &ar);
    if (ar.currentline > 0) frames.emplace_back(file_of(ar), ar.currentline);
  }
  for (std::size_t i = 0; i < frames.size(); ++i)
    if (std::find(frames.begin() + static_cast<std::ptrdiff_t>(i) + 1, frames.end(), frames[i]) != frames.end())
      return fmt::format("{}:{}", frames[i].first, frames[i].second);
  return {};
}

// Lua's own words for calls nested too deep, said the way a rule's author can act on, at the line
// that sets itself off again: one wording wherever the call ran (`run`, `test`).
std::string with_overflow_explained(lua_State* thread, std::string message) {
  if (!message.ends_with("C stack overflow")) return message;
  message = "C stack overflow (calls into the rules nest more than about 200 deep: a rule that sets itself off "
            "again, as a reaction that takes a reaction of its own, never ends)";
  if (const std::string repeating = repeating_frame(thread); !repeating.empty()) message = repeating + ": " + message;
  return message;
}

// The message of the error that stopped `thread`: one raised with a value that is not a message
// (`error()`, `error({})`) gets one, placed at the line of the pack's code that raised it.
std::string message_of_error(lua_State* thread) {
  if (lua_type(thread, -1) == LUA_TSTRING || lua_type(thread, -1) == LUA_TNUMBER)
    return with_overflow_explained(thread, message_text(thread, -1));
  const std::string value = luaL_typename(thread, -1);
  lua_Debug ar;
  if (innermost_lua_frame(thread, ar))
    return fmt::format("{}:{}: error was raised with a {} value instead of a message", file_of(ar), ar.currentline,
                       value);
  return fmt::format("error was raised with a {} value instead of a message", value);
}

// A chunk a pack loads is named as a file of that pack's folder, "rules/house/(load rules.lua)":
// named as it asks ("@rules/platemail/fight.lua"), its errors and `explain` would point into another
// pack, and be blamed on it. Cut to what Lua shows of a file's name whole (LUA_IDSIZE).
std::string loaded_chunk_name(const std::string& folder, std::string given) {
  if (!given.empty() && (given.front() == '@' || given.front() == '=')) given.erase(0, 1);
  const std::string start = "@" + (folder.empty() ? std::string() : folder + "/") + "(load";
  const std::size_t limit = LUA_IDSIZE - 1;
  if (given.empty() || start.size() + 5 > limit) return start + ")";
  const std::size_t room = limit - start.size() - 2;  // but a space and ")"
  if (given.size() > room) given = given.substr(0, room - 3) + "...";
  return start + " " + given + ")";
}

// What a file run or required by `scope` is, as a file too large to load is told.
std::string_view file_kind(const PackScope& scope) {
  return scope.is_pack ? "a pack's file" : "a file of an encounter";
}

// How messages name a file of a scope's folder: "rules/platemail/init.lua"; with no folder to
// show (a file run from the working folder), as the file was given: "try.lua".
std::string shown_in(const std::string& display_folder, const std::string& relative) {
  return display_folder.empty() ? relative : display_folder + "/" + relative;
}

// What standard Lua has that a pack has not (docs/packs.md, "The sandbox"), and what it uses
// instead: a misspelling's nearest name would only mislead ("os": did you mean '_G'?).
const std::pair<std::string_view, std::string_view> removed_globals[] = {
    {"arbiter", "'arbiter' is a module: write `local arbiter = require \"arbiter\"` at the top of the file "
                "(`arbiter lua -e` requires it for you, a pack's file does not)"},
    {"os", "'os' is not available in a pack: a fight plays the same from the same seed, so nothing reads the clock, "
           "the environment or files; roll with dice.roll(\"1d6\", why), record with log.event"},
    {"io", "'io' is not available in a pack: nothing reads or writes files; a pack's data is Lua, read with require "
           "(require \"tables.outcomes\" for tables/outcomes.lua), and print or log.event tell what happened"},
    {"debug", "'debug' is not available in a pack; an error's message names its file and line, and print shows a "
              "value (on the error stream)"},
    {"package", "'package' is not available in a pack: require finds the pack's own modules (require "
                "\"tables.outcomes\") and the runtime's (require \"arbiter\")"},
    {"dofile", "'dofile' is not available in a pack: require the file as a module of the pack (require "
               "\"tables.outcomes\" for tables/outcomes.lua)"},
    {"loadfile", "'loadfile' is not available in a pack: require the file as a module of the pack (require "
                 "\"tables.outcomes\" for tables/outcomes.lua)"},
    {"loadstring", "'loadstring' is load since Lua 5.2 (text only, in a pack)"},
    {"unpack", "'unpack' is table.unpack since Lua 5.2"},
    {"warn", "'warn' is not available in a pack: print writes a line to Arbiter's log under the pack's name"},
};

// The nearest names to a nil global Lua's message names ("attempt to call a nil value (global
// 'dcie')"): the string keys of the tables at `tables` on L's stack (the pack's own globals, and
// the safe globals it reads through to). Empty when the message names none, or none is near. A global
// standard Lua has and a pack has not is told what to use instead.
std::string nearest_global(lua_State* L, const std::string& message, std::initializer_list<int> tables) {
  static const std::string marker = "a nil value (global '";
  const std::size_t start = message.find(marker);
  if (start == std::string::npos || !lua_checkstack(L, 3)) return {};
  const std::size_t name_at = start + marker.size(), end = message.find("')", name_at);
  if (end == std::string::npos) return {};
  const std::string_view wanted = std::string_view(message).substr(name_at, end - name_at);
  for (const auto& [name, instead] : removed_globals)
    if (wanted == name) return std::string(instead);
  std::vector<std::string> names;
  for (const int table : tables) {
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
      lua_pop(L, 1);
      if (lua_type(L, -1) == LUA_TSTRING) names.emplace_back(lua_tostring(L, -1));
    }
  }
  return did_you_mean(message.substr(name_at, end - name_at), names);
}

std::string describe_bytes(std::size_t bytes) {
  return bytes % (1u << 20) == 0 ? fmt::format("{} MiB", bytes >> 20) : fmt::format("{} bytes", bytes);
}

}  // namespace

std::string read_source(const std::filesystem::path& file, std::string_view what) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) throw Error(Diagnostic{{file.string()}, "cannot read the file: " + ec.message(), {}, {}});
  if (size > max_source_bytes)
    throw Error(Diagnostic{{file.string()}, fmt::format("the file is {} bytes; {} may be at most {}", size, what,
                                                        max_source_bytes), {}, {}});
  std::string code;
  if (const std::string why = read_file(file, [&](std::string_view chunk) {
        code += chunk;
        return true;
      });
      !why.empty())
    throw Error(Diagnostic{{file.string()}, "cannot read the file: " + why, {}, {}});
  if (code.starts_with(byte_order_mark)) code.erase(0, byte_order_mark.size());
  return code;
}

FileInFolder file_in_folder(const std::filesystem::path& file, const std::filesystem::path& folder) {
  std::error_code ec;
  const auto real = std::filesystem::canonical(file, ec);  // every link followed; an error if missing
  if (ec) return FileInFolder::no;
  const auto root = std::filesystem::canonical(folder, ec);
  if (ec || real.string().rfind(root.string() + "/", 0) != 0) return FileInFolder::no;
  return std::filesystem::is_regular_file(real, ec) ? FileInFolder::yes : FileInFolder::not_plain;
}

std::string what_is_not_plain(const std::filesystem::path& file) {
  std::error_code ec;
  switch (std::filesystem::status(file, ec).type()) {
    case std::filesystem::file_type::directory: return "a folder";
    case std::filesystem::file_type::fifo: return "a pipe";
    case std::filesystem::file_type::socket: return "a socket";
    default: return "a device";
  }
}

bool is_file_in_folder(const std::filesystem::path& file, const std::filesystem::path& folder) {
  return file_in_folder(file, folder) == FileInFolder::yes;
}

Budget Budget::capped_by(const Budget& ceiling) const {
  return Budget{std::min(instructions, ceiling.instructions), std::min(memory_bytes, ceiling.memory_bytes),
                std::min(time, ceiling.time)};
}

Services& services(lua_State* L) { return Sandbox::of(L).services(); }

Sandbox& Sandbox::of(lua_State* L) { return **static_cast<Sandbox**>(lua_getextraspace(L)); }

Sandbox::Sandbox(Budget ceiling)
    : ceiling_(ceiling),
      heap_limit_(ceiling.memory_bytes > SIZE_MAX / heap_budgets ? SIZE_MAX : ceiling.memory_bytes * heap_budgets),
      watchdog_([this](const std::string& budget_of) {
        // The pack whose code called the built-in function, which may run within another's call.
        const std::string* running = running_name_.load(std::memory_order_acquire);
        const std::string& pack = running ? *running : budget_of;
        // The limit it ran past, named as a spent budget is: the ceiling, unless a pack asked for less.
        // The calling thread stands still, adding no pack: the map of scopes is only read.
        const auto whose = packs_.find(budget_of);
        const std::string budget = whose == packs_.end() ? "its time budget" : time_spent(whose->second).past(pack);
        // The line of the pack that called the built-in function. The call's thread stands still inside
        // that function, which touches none of its frames: they are only read, and the program ends.
        std::string where;
        lua_Debug ar;
        if (lua_State* thread = watched_thread_.load(std::memory_order_acquire);
            thread && (author_frame(thread, ar) || innermost_lua_frame(thread, ar)))
          where = fmt::format("{}:{}: ", file_of(ar), ar.currentline);
        if (on_stuck)
          on_stuck(fmt::format("{}pack '{}' has run {} ms past {} inside a built-in function (a string pattern "
                               "that backtracks without end, or a long calculation such as a dice distribution), "
                               "where it cannot be interrupted; stopping",
                               where, pack, std::chrono::duration_cast<std::chrono::milliseconds>(stuck_grace).count(),
                               budget));
        std::abort();
      }) {
  L_ = lua_newstate(&Sandbox::allocate, this);
  if (!L_) throw Error("cannot create a Lua state: out of memory");
  *static_cast<Sandbox**>(lua_getextraspace(L_)) = this;
  {
    // Where a userdata's memory and a thread's state start in their blocks: the allocator numbers
    // blocks, the API gives those. Every userdata of the host has no user values, so one offset
    // serves all.
    const char* memory = static_cast<const char*>(lua_newuserdatauv(L_, 1, 0));
    userdata_offset_ = memory - static_cast<const char*>(last_made_);
    lua_newthread(L_);
    const char* thread = static_cast<const char*>(lua_topointer(L_, -1));
    thread_offset_ = thread - static_cast<const char*>(last_made_);
    lua_pop(L_, 2);
  }
  // Set before any thread exists: threads copy their creator's hook.
  lua_sethook(L_, &Sandbox::count_hook, LUA_MASKCOUNT, hook_interval);
  open_libraries();
  add_pack(PackScope{"stdlib", {}, "stdlib", ceiling_});
}

Sandbox::~Sandbox() { lua_close(L_); }

std::uint64_t Sandbox::made_order(lua_State* L, int index) const {
  index = lua_absindex(L, index);
  const void* block = nullptr;
  switch (lua_type(L, index)) {
    case LUA_TTABLE: block = lua_topointer(L, index); break;
    case LUA_TTHREAD: block = static_cast<const char*>(lua_topointer(L, index)) - thread_offset_; break;
    case LUA_TFUNCTION:
      if (lua_iscfunction(L, index) && !lua_getupvalue(L, index, 1)) return 0;  // a light C function
      if (lua_iscfunction(L, index)) lua_pop(L, 1);
      block = lua_topointer(L, index);
      break;
    case LUA_TUSERDATA: block = static_cast<const char*>(lua_touserdata(L, index)) - userdata_offset_; break;
    default: return 0;
  }
  return *reinterpret_cast<const std::uint64_t*>(static_cast<const char*>(block) - block_header);
}

void* Sandbox::allocate(void* self, void* block, std::size_t old_size, std::size_t new_size) noexcept {
  auto& sandbox = *static_cast<Sandbox*>(self);
  // With no block, `old_size` is a type tag, not a size.
  const std::size_t old_bytes = block ? old_size : 0;
  char* const whole = block ? static_cast<char*>(block) - block_header : nullptr;
  if (new_size == 0) {
    std::free(whole);
    sandbox.memory_in_use_ -= old_bytes;
    return nullptr;
  }
  const auto over = [&] {
    const std::size_t needed = sandbox.memory_in_use_ - old_bytes + new_size;
    // Past the limit by more than the slack a collection due has granted (no sum: the limit may
    // be SIZE_MAX).
    return new_size > old_bytes && needed > sandbox.limits_.memory &&
           needed - sandbox.limits_.memory > (sandbox.collection_due_ ? memory_slack : 0);
  };
  if (over()) {
    if (sandbox.exhausted_ == Exhausted::none) sandbox.pass_memory_limit(sandbox.memory_in_use_ - old_bytes + new_size);
    if (over()) return nullptr;  // Lua collects garbage and retries once before raising LUA_ERRMEM
  }
  auto* const grown = static_cast<char*>(std::realloc(whole, new_size + block_header));
  if (!grown) return nullptr;
  sandbox.memory_in_use_ = sandbox.memory_in_use_ - old_bytes + new_size;
  if (!block) {
    // A new block: an object's (a table, function, userdata, thread) place in the order of making,
    // which `pairs` sorts such keys by; 0 for anything else.
    const bool object =
        old_size == LUA_TTABLE || old_size == LUA_TFUNCTION || old_size == LUA_TUSERDATA || old_size == LUA_TTHREAD;
    *reinterpret_cast<std::uint64_t*>(grown) = object ? ++sandbox.objects_made_ : 0;
    if (object) sandbox.last_made_ = grown + block_header;
  }
  return grown + block_header;
}

// The limit is the call's budget or, when the packs hold so much that it is the nearer, the heap's.
// The first block past it that the slack covers is granted, and the hook judges at the next
// instruction, after the collector has taken back what the call made and let go of: the garbage
// is not what the call holds, and Lua collects it at its own pace, so a call that keeps little
// and makes much would pass the limit with it. Past the limit still, the hook raises there, where
// it can say which line of which pack asked for the memory. A block the slack does not cover (or
// a second before the hook came) spends the budget at once: refused, it would raise LUA_ERRMEM
// ("not enough memory" from lauxlib's buffers), which says nothing of where.
void Sandbox::pass_memory_limit(std::size_t wanted) noexcept {
  if (running_thread_ && !collection_due_ && wanted - limits_.memory <= memory_slack) {
    collection_due_ = true;
    // The hook counts from now on: what ran since it last counted is charged as a whole interval,
    // too many rather than too few.
    prepay(static_cast<std::uint64_t>(lua_gethookcount(running_thread_)));
  } else {
    collection_due_ = false;
    exhaust(limits_.memory_of ? Exhausted::memory : Exhausted::heap);
    heap_wanted_ = wanted;
    limits_.memory += memory_slack;
  }
  if (running_thread_) lua_sethook(running_thread_, &Sandbox::count_hook, LUA_MASKCOUNT, 1);
}

void Sandbox::hold(std::size_t bytes) noexcept {
  memory_in_use_ += bytes;
  if (memory_in_use_ > limits_.memory && exhausted_ == Exhausted::none) pass_memory_limit(memory_in_use_);
}

void Sandbox::judge_and_raise(lua_State* L) {
  if (collection_due_) collect_garbage(L);
  if (exhausted_ != Exhausted::none) raise_spent(L);
}

void Sandbox::collect_garbage(lua_State* L) {
  lua_gc(L, LUA_GCCOLLECT);
  collection_due_ = false;  // only now: the collection itself may use the slack
  if (memory_in_use_ <= limits_.memory) return;
  if (exhausted_ == Exhausted::none) {
    exhaust(limits_.memory_of ? Exhausted::memory : Exhausted::heap);
    heap_wanted_ = memory_in_use_;
  }
  limits_.memory += memory_slack;  // room to raise the error and trace it
}

void Sandbox::count_hook(lua_State* L, lua_Debug*) {
  Sandbox& sandbox = of(L);
  if (sandbox.call_depth_ == 0) return;
  if (sandbox.collection_due_) sandbox.collect_garbage(L);
  sandbox.instructions_used_ += static_cast<std::uint64_t>(lua_gethookcount(L));
  if (sandbox.exhausted_ == Exhausted::none) {
    if (sandbox.instructions_used_ > sandbox.limits_.instructions)
      sandbox.exhaust(Exhausted::instructions);
    else if (sandbox.budget_clock() > sandbox.limits_.deadline)
      sandbox.exhaust(Exhausted::time);
  }
  if (sandbox.exhausted_ == Exhausted::none) {
    // Back to the interval after a shorter first one, or after a spent budget of an earlier call
    // (a coroutine whose pcall caught its error, kept by a pack and resumed again).
    if (lua_gethookcount(L) != hook_interval || lua_gethook(L) != &Sandbox::count_hook)
      lua_sethook(L, &Sandbox::count_hook, LUA_MASKCOUNT, hook_interval);
    return;
  }
  sandbox.raise_spent(L, true);
}

void Sandbox::stopped_hook(lua_State* L, lua_Debug* ar) { count_hook(L, ar); }

int Sandbox::raise_spent(lua_State* L, bool in_hook) {
  // Spent budgets stay spent: raise at every instruction until the host's own call returns, so
  // a `pcall` in the script only delays the error by one instruction. Raised from the hook, the
  // error leaves the thread's hooks off unless a `pcall` on it catches the error: marked, the
  // thread is never closed (closable), since its closers would run with no budget.
  lua_sethook(L, in_hook ? &Sandbox::stopped_hook : &Sandbox::count_hook, LUA_MASKCOUNT, 1);
  const std::string message = budget_message(L);
  // Told as found here, in the pack that spent it: a `try_call` unwinds the frames before the
  // host reports, and the running pack is the caller's again by then.
  if (!budget_error_) budget_error_ = describe(L, message);
  lua_pushstring(L, message.c_str());
  return lua_error(L);
}

// Lua starts every thread's count afresh: lua_newthread copies its creator's hook and restarts
// the count, and the host sets it anew for each call. What a thread runs before its hook's first
// call is counted only then, so a thread that ends sooner is never counted: a tree of short
// coroutines, or a call that ends within the interval, ran without limit. So each thread is
// charged its hook's interval when it starts, and its hook's calls count what it ran beyond that:
// the budget counts at most one interval too many per thread, never one too few, and the same
// code always spends the same.
void Sandbox::prepay(std::uint64_t instructions) {
  instructions_used_ += instructions;
  if (exhausted_ == Exhausted::none && instructions_used_ > limits_.instructions) exhaust(Exhausted::instructions);
}

void Sandbox::start_counting(lua_State* thread) {
  // The interval, or what is left of the budget when that is less: a budget smaller than the
  // interval is not spent by the charge alone, and the hook still stops the call within it.
  const std::uint64_t left = instructions_used_ < limits_.instructions ? limits_.instructions - instructions_used_ : 0;
  const int interval = static_cast<int>(std::clamp<std::uint64_t>(left, 1, hook_interval));
  prepay(static_cast<std::uint64_t>(interval));
  lua_sethook(thread, &Sandbox::count_hook, LUA_MASKCOUNT, exhausted_ == Exhausted::none ? interval : 1);
}

int Sandbox::create_coroutine(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  Sandbox& sandbox = of(L);
  // The interval the new thread's count starts with: its creator's, as Lua copies it.
  const int interval = lua_gethookcount(L);
  if (sandbox.call_depth_ > 0) {
    sandbox.prepay(static_cast<std::uint64_t>(interval));
    if (sandbox.exhausted_ != Exhausted::none) return sandbox.raise_spent(L);
  }
  lua_State* const coroutine = lua_newthread(L);
  // Its own count hook, whatever its creator's is (a stopped_hook is no new thread's).
  lua_sethook(coroutine, &Sandbox::count_hook, LUA_MASKCOUNT, interval);
  lua_pushvalue(L, 1);
  lua_xmove(L, coroutine, 1);
  return 1;
}

int Sandbox::wrap_coroutine(lua_State* L) {
  create_coroutine(L);
  lua_pushcclosure(L, guarded<&Sandbox::resume_wrapped>, 1);
  return 1;
}

// Lua's own (lcorolib.c, auxwrap), but for what a spent budget changes: its error travels on as
// it is, and a coroutine is closed only while its closers can be stopped.
int Sandbox::resume_wrapped(lua_State* L) {
  lua_State* const coroutine = lua_tothread(L, lua_upvalueindex(1));
  const int nargs = lua_gettop(L);
  if (!lua_checkstack(coroutine, nargs)) return luaL_error(L, "too many arguments to resume");
  lua_xmove(L, coroutine, nargs);
  int results = 0;
  const int resumed = lua_resume(coroutine, L, nargs, &results);
  if (resumed == LUA_OK || resumed == LUA_YIELD) {
    if (!lua_checkstack(L, results + 1)) {
      lua_pop(coroutine, results);
      return luaL_error(L, "too many results to resume");
    }
    lua_xmove(coroutine, L, results);
    return results;
  }
  Sandbox& sandbox = of(L);
  lua_xmove(coroutine, L, 1);  // the error
  int status = lua_status(coroutine);
  if (sandbox.exhausted_ == Exhausted::none && status != LUA_OK && status != LUA_YIELD && closable(coroutine)) {
    status = lua_resetthread(coroutine);  // its to-be-closed variables, under the running budget
    lua_xmove(coroutine, L, 1);
  }
  // Spent, before or by its closers: the running call must end.
  if (sandbox.call_depth_ > 0 && sandbox.exhausted_ != Exhausted::none) return sandbox.raise_spent(L);
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

namespace {

// As Lua's own xpcall ends (lbaselib.c, finishpcall): true and the results, or false and the error.
int finish_xpcall(lua_State* L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - static_cast<int>(extra);
}

}  // namespace

// Lua's own (lbaselib.c, luaB_xpcall), but for the handler it is given.
int Sandbox::xpcall(lua_State* L) {
  const int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, &Sandbox::message_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);  // the first result, should the call succeed
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);  // the function and true go between the handler and the arguments
  const int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
  return finish_xpcall(L, status, 2);
}

int Sandbox::message_handler(lua_State* L) {
  if (of(L).exhausted_ != Exhausted::none) return 1;  // the budget's error, as it is
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int Sandbox::resume_coroutine(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  Sandbox& sandbox = of(L);
  if (sandbox.call_depth_ > 0 && sandbox.exhausted_ != Exhausted::none) return sandbox.raise_spent(L);
  return lua_gettop(L);
}

int Sandbox::close_coroutine(lua_State* L) {
  lua_State* const coroutine = lua_tothread(L, 1);
  Sandbox& sandbox = of(L);
  if (sandbox.call_depth_ > 0 && sandbox.exhausted_ != Exhausted::none) return sandbox.raise_spent(L);
  if (coroutine && !closable(coroutine)) {
    luaL_pushfail(L);
    lua_pushliteral(L, "the coroutine was stopped by a spent budget: its to-be-closed variables are not closed");
    return 2;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

void Sandbox::exhaust(Exhausted what) {
  exhausted_ = what;
  spent_by_ = running_;
}

// The limit of a budget that `spender` ran past, and what raises it: "the 1000 ms allowed one call
// (--max-seconds raises it for a pack you trust)". When a call it ran within had less left, that
// call's budget was spent: the ceiling, or what that pack asked for, which names it.
std::string Sandbox::Spent::past(const std::string& spender) const {
  const std::string& owner = whose->scope.name;
  std::string what;
  if (spender == owner) what = limit + " in one call";
  else if (asked_less) what = fmt::format("the {} of the call of pack '{}' it ran within", limit, owner);
  else what = fmt::format("the {} allowed one call", limit);
  return what + (asked_less ? fmt::format(" (pack '{}' asks for at most {} in its pack.lua budget)", owner, limit)
                            : fmt::format(" ({} raises it for a pack you trust)", flag));
}

Sandbox::Spent Sandbox::time_spent(const Scope& whose) const {
  const Budget& asked = whose.scope.budget;
  return {"time", "ran longer than", "--max-seconds", &whose, fmt::format("{} ms", asked.time.count()),
          asked.time < ceiling_.time};
}

std::string Sandbox::budget_message(lua_State* thread) const {
  if (exhausted_ == Exhausted::heap) {
    // Not one call's doing alone: what the packs keep from call to call. In MiB, rounded up, when
    // the limit is whole MiB (as the flag sets it).
    const bool whole = heap_limit_ % (1u << 20) == 0;
    const std::string held = whole ? fmt::format("{} MiB", (heap_wanted_ >> 20) + (heap_wanted_ % (1u << 20) != 0))
                                   : describe_bytes(heap_wanted_);
    const std::string what = fmt::format(
        "memory budget exhausted: the packs hold {} with what pack '{}' asked for, more than the {} they may keep in "
        "all (twice what one call may allocate: --max-memory raises both for packs you trust)",
        held, spent_by_->scope.name, describe_bytes(heap_limit_));
    lua_Debug ar;
    if (thread && innermost_lua_frame(thread, ar)) return fmt::format("{}:{}: {}", file_of(ar), ar.currentline, what);
    return what;
  }
  const auto spent = [&]() -> Spent {
    switch (exhausted_) {
      case Exhausted::instructions: {
        const Budget& asked = limits_.instructions_of->scope.budget;
        return {"instruction", "ran more than", "--max-instructions", limits_.instructions_of,
                fmt::format("{} Lua instructions", asked.instructions), asked.instructions < ceiling_.instructions};
      }
      case Exhausted::memory: {
        const Budget& asked = limits_.memory_of->scope.budget;
        return {"memory", "needed more than", "--max-memory", limits_.memory_of, describe_bytes(asked.memory_bytes),
                asked.memory_bytes < ceiling_.memory_bytes};
      }
      case Exhausted::heap:
      case Exhausted::time:
      case Exhausted::none:
        break;
    }
    return time_spent(*limits_.time_of);
  }();
  // The pack whose code ran, and the limit it ran past.
  const std::string& spender = spent_by_->scope.name;
  const std::string what =
      fmt::format("{} budget exhausted: pack '{}' {} {}", spent.budget, spender, spent.verb, spent.past(spender));
  lua_Debug ar;
  if (thread && innermost_lua_frame(thread, ar)) return fmt::format("{}:{}: {}", file_of(ar), ar.currentline, what);
  return what;
}

void Sandbox::open_libraries() {
  static const luaL_Reg libraries[] = {{LUA_GNAME, luaopen_base},         {LUA_TABLIBNAME, luaopen_table},
                                       {LUA_STRLIBNAME, luaopen_string},  {LUA_MATHLIBNAME, luaopen_math},
                                       {LUA_UTF8LIBNAME, luaopen_utf8},   {LUA_COLIBNAME, luaopen_coroutine}};
  for (const auto& library : libraries) {
    luaL_requiref(L_, library.name, library.func, 1);
    lua_pop(L_, 1);
  }
  lua_pushglobaltable(L_);
  const int globals = lua_gettop(L_);

  // Reachable through every string's methods, so it must go from the library table itself; what
  // takes its place says why, as math.random's does.
  lua_getfield(L_, globals, LUA_STRLIBNAME);
  lua_pushcfunction(L_, guarded<no_bytecode>);
  lua_setfield(L_, -2, "dump");
  // string.format tells a table or function as `tostring` does, never by its address (ordered.hpp):
  // replaced in the library table itself, which ("%s"):format(v) reaches too. Lua's own is kept
  // where its error messages find its name ('format'): among the (unreachable) real globals.
  lua_getfield(L_, -1, "format");
  lua_pushvalue(L_, -1);
  lua_setfield(L_, globals, "format");
  lua_pushcclosure(L_, guarded<ordered_format>, 1);
  lua_setfield(L_, -2, "format");
  lua_pop(L_, 1);
  // The string metatable is shared by every chunk: hidden so no pack can change string methods.
  // getmetatable("") answers why, where stock Lua gives the table (docs/packs.md, "The sandbox").
  lua_pushliteral(L_, "");
  lua_getmetatable(L_, -1);
  lua_pushliteral(L_, "the string metatable is shared by every pack and cannot be read or changed");
  lua_setfield(L_, -2, "__metatable");
  lua_pop(L_, 2);

  lua_newtable(L_);  // the safe globals
  const int base = lua_gettop(L_);
  for (const char* name : base_functions) {
    lua_getfield(L_, globals, name);
    lua_setfield(L_, base, name);
  }
  lua_getfield(L_, globals, "_VERSION");
  lua_setfield(L_, base, "_VERSION");
  // pairs and next in a fixed order: Lua's own changes from process to process (ordered.hpp).
  lua_pushcfunction(L_, guarded<ordered_pairs>);
  lua_setfield(L_, base, "pairs");
  lua_pushcfunction(L_, guarded<ordered_next>);
  lua_setfield(L_, base, "next");
  lua_pushcfunction(L_, guarded<ordered_tostring>);
  lua_setfield(L_, base, "tostring");
  lua_getfield(L_, globals, LUA_MATHLIBNAME);
  for (const char* name : {"random", "randomseed"}) {
    lua_pushfstring(L_, "math.%s", name);
    lua_pushcclosure(L_, guarded<unseeded_random>, 1);
    lua_setfield(L_, -2, name);
  }
  lua_pop(L_, 1);
  lua_pushcfunction(L_, guarded<sandboxed_rawset>);
  lua_setfield(L_, base, "rawset");
  lua_getfield(L_, globals, "setmetatable");
  lua_pushcclosure(L_, guarded<sandboxed_setmetatable>, 1);
  lua_setfield(L_, base, "setmetatable");
  lua_pushcfunction(L_, &Sandbox::xpcall);
  lua_setfield(L_, base, "xpcall");
  lua_getfield(L_, globals, "collectgarbage");
  lua_pushcclosure(L_, guarded<sandboxed_collectgarbage>, 1);
  lua_setfield(L_, base, "collectgarbage");
  // Every coroutine a pack makes is charged its hook's interval up front (Sandbox::prepay), and
  // one a spent budget stopped is never closed (Sandbox::closable).
  lua_getfield(L_, globals, LUA_COLIBNAME);
  lua_pushcfunction(L_, guarded<&Sandbox::create_coroutine>);
  lua_setfield(L_, -2, "create");
  lua_pushcfunction(L_, guarded<&Sandbox::wrap_coroutine>);
  lua_setfield(L_, -2, "wrap");
  lua_getfield(L_, -1, "resume");
  lua_pushcclosure(L_, guarded<&Sandbox::resume_coroutine>, 1);
  lua_setfield(L_, -2, "resume");
  lua_getfield(L_, -1, "close");
  lua_pushcclosure(L_, guarded<&Sandbox::close_coroutine>, 1);
  lua_setfield(L_, -2, "close");
  lua_pop(L_, 1);
  for (const char* library : {LUA_TABLIBNAME, LUA_STRLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME, LUA_COLIBNAME}) {
    lua_getfield(L_, globals, library);
    push_readonly(L_, -1, false);
    lua_setfield(L_, base, library);
    lua_pop(L_, 1);
  }
  for (const Module& module : runtime_modules()) {
    // Protected: outside any call, an error here would otherwise end in Lua's panic handler.
    lua_pushcfunction(L_, module.open);
    if (lua_pcall(L_, 0, 1, 0) != LUA_OK)
      throw Error(fmt::format("cannot open the runtime module '{}': {}", module.name, lua_tostring(L_, -1)));
    push_readonly(L_, -1, false);
    refuse_unknown_names(L_, -1, module.name);  // `dice.rol` is an error naming `roll`, not nil
    lua_setfield(L_, base, module.name);
    lua_pop(L_, 1);
  }
  lua_rawsetp(L_, LUA_REGISTRYINDEX, &base_key);

  // Nothing runs with the real global table as its environment; empty it all the same.
  lua_newtable(L_);
  lua_rawseti(L_, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_pop(L_, 1);

  lua_newtable(L_);
  lua_rawsetp(L_, LUA_REGISTRYINDEX, &stdlib_loaded_key);
  lua_newtable(L_);
  lua_rawsetp(L_, LUA_REGISTRYINDEX, &pack_loaded_key);
}

void Sandbox::add_pack(PackScope scope) {
  scope.budget = scope.budget.capped_by(ceiling_);
  // The pack's globals: its own table, reading through to the safe globals.
  lua_newtable(L_);
  const int environment = lua_gettop(L_);
  lua_createtable(L_, 0, 2);
  lua_rawgetp(L_, LUA_REGISTRYINDEX, &base_key);
  lua_setfield(L_, -2, "__index");
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  lua_setmetatable(L_, environment);
  lua_pushvalue(L_, environment);
  lua_setfield(L_, environment, "_G");
  lua_pushstring(L_, scope.name.c_str());
  lua_pushcclosure(L_, guarded<&Sandbox::require>, 1);
  lua_setfield(L_, environment, "require");
  lua_pushstring(L_, scope.name.c_str());
  lua_pushcclosure(L_, guarded<&Sandbox::print>, 1);
  lua_setfield(L_, environment, "print");
  lua_pushvalue(L_, environment);
  lua_pushstring(L_, scope.name.c_str());
  lua_pushcclosure(L_, guarded<&Sandbox::load>, 2);
  lua_setfield(L_, environment, "load");

  lua_rawgetp(L_, LUA_REGISTRYINDEX, &pack_loaded_key);
  lua_newtable(L_);
  lua_setfield(L_, -2, scope.name.c_str());
  lua_pop(L_, 1);

  const int reference = luaL_ref(L_, LUA_REGISTRYINDEX);
  auto existing = packs_.find(scope.name);
  if (existing != packs_.end()) luaL_unref(L_, LUA_REGISTRYINDEX, existing->second.environment_ref);
  const std::size_t order = existing != packs_.end() ? existing->second.order : packs_.size();
  const std::string name = scope.name;
  packs_.insert_or_assign(name, Scope{std::move(scope), reference, order});
}

const Sandbox::Scope& Sandbox::scope_of(const std::string& pack) const {
  const auto it = packs_.find(pack);
  if (it == packs_.end()) throw Error(fmt::format("no pack named '{}' is loaded", pack));
  return it->second;
}

void Sandbox::load_chunk(lua_State* L, const std::string& pack, std::string_view code,
                         const std::string& chunkname) {
  const Scope& scope = scope_of(pack);
  // Text only: binary chunks can break the VM's safety checks. Lua's refusal names no file.
  if (code.starts_with(LUA_SIGNATURE)) {
    Diagnostic d{{chunkname.substr(1), 1, 1},
                 fmt::format("attempt to load a binary chunk: {} is Lua source text, not a compiled chunk",
                             file_kind(scope.scope)),
                 {}, {}};
    if (scope.scope.is_pack) d.notes.push_back(fmt::format("in pack '{}'", scope.scope.name));
    throw Error(std::move(d));
  }
  if (luaL_loadbufferx(L, code.data(), code.size(), chunkname.c_str(), "t") != LUA_OK) {
    const std::string message = message_text(L, -1);
    lua_pop(L, 1);
    Diagnostic d = syntax_error(L, code, chunkname, message);
    if (scope.scope.is_pack) d.notes.push_back(fmt::format("in pack '{}'", scope.scope.name));
    throw Error(std::move(d));
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, scope.environment_ref);
  lua_setupvalue(L, -2, 1);  // a main chunk's first upvalue is its _ENV
  if (chunkname.size() > LUA_IDSIZE) long_file_names_.insert(chunkname.substr(1));
}

std::string Sandbox::with_whole_file_names(std::string text) const {
  // As Lua's luaO_chunkid cuts a file's name: "..." and as much of its end as fills LUA_IDSIZE.
  constexpr std::string_view cut_mark = "...";
  constexpr std::size_t kept = LUA_IDSIZE - cut_mark.size() - 1;
  if (text.find(cut_mark) == std::string::npos) return text;
  for (const std::string& name : long_file_names_) {
    const std::string cut = std::string(cut_mark) + name.substr(name.size() - kept);
    for (std::size_t at = text.find(cut); at != std::string::npos; at = text.find(cut, at + name.size())) {
      text.replace(at, cut.size(), name);
    }
  }
  return text;
}

void Sandbox::run_string(const std::string& pack, std::string_view code, const std::string& chunkname,
                         int nresults) {
  load_chunk(L_, pack, code, "@" + chunkname);
  call(pack, 0, nresults);
}

void Sandbox::run_file(const std::string& pack, const std::filesystem::path& file, int nresults) {
  const Scope& scope = scope_of(pack);
  const auto relative = file.lexically_relative(scope.scope.folder);
  const std::string shown = relative.empty() ? file.string() : shown_in(scope.scope.display_folder, relative.string());
  std::string code = read_source(file, file_kind(scope.scope));
  files_read_.push_back(file);
  run_string(pack, code, shown, nresults);
}

// Runs `scope` until it ends: on whose behalf Lua runs, and the limits of its budget where they are
// the tighter. When it ends, what ran before runs on, with its limits; a spent budget stays spent,
// with the limits that were spent, until the top-level call ends.
class Sandbox::Entry {
 public:
  Entry(Sandbox& sandbox, const Scope& scope) : sandbox_(sandbox), running_(sandbox.running_), limits_(sandbox.limits_) {
    sandbox.run_as(&scope);
    sandbox.tighten(scope);
  }
  ~Entry() {
    sandbox_.run_as(running_);
    if (sandbox_.exhausted_ != Exhausted::none) return;
    const bool deadline_moves = sandbox_.limits_.deadline != limits_.deadline;
    sandbox_.limits_ = limits_;
    // The top-level call's entry ends after the call: the watchdog watches running calls only.
    if (deadline_moves && sandbox_.running()) sandbox_.arm_watchdog(limits_.deadline, limits_.time_of->scope.name);
  }
  Entry(const Entry&) = delete;
  Entry& operator=(const Entry&) = delete;

 private:
  Sandbox& sandbox_;
  const Scope* running_;
  Limits limits_;
};

void Sandbox::run_as(const Scope* scope) noexcept {
  running_ = scope;
  running_name_.store(scope ? &scope->scope.name : nullptr, std::memory_order_release);
}

void Sandbox::tighten(const Scope& scope) {
  const Budget& budget = scope.scope.budget;
  // Compared as what is left, which cannot overflow as a sum could.
  if (instructions_used_ < limits_.instructions && budget.instructions < limits_.instructions - instructions_used_) {
    limits_.instructions = instructions_used_ + budget.instructions;
    limits_.instructions_of = &scope;
  }
  if (memory_in_use_ < limits_.memory && budget.memory_bytes < limits_.memory - memory_in_use_) {
    limits_.memory = memory_in_use_ + budget.memory_bytes;
    limits_.memory_of = &scope;
  }
  const auto now = budget_clock();
  if (budget.time < limits_.deadline - now) {
    limits_.deadline = now + budget.time;
    limits_.time_of = &scope;
    arm_watchdog(limits_.deadline, scope.scope.name);
  }
}

void Sandbox::arm_watchdog(std::chrono::steady_clock::time_point deadline, const std::string& budget_of) {
  watchdog_.arm(deadline + waited_ + stuck_grace, budget_of);
}

Sandbox::WaitingForUser::WaitingForUser(Sandbox& sandbox)
    : sandbox_(sandbox), since_(std::chrono::steady_clock::now()) {
  if (sandbox_.running()) sandbox_.watchdog_.disarm();
}

Sandbox::WaitingForUser::~WaitingForUser() {
  sandbox_.waited_ += std::chrono::steady_clock::now() - since_;
  if (sandbox_.running()) sandbox_.arm_watchdog(sandbox_.limits_.deadline, sandbox_.limits_.time_of->scope.name);
}

const std::string& Sandbox::current_pack() const noexcept {
  static const std::string none;
  return running_ ? running_->scope.name : none;
}

void Sandbox::call(const std::string& pack, int nargs, int nresults) {
  const Scope& scope = scope_of(pack);
  if (call_depth_ > 0) throw std::logic_error("a top-level call cannot start inside a running call");

  const int base = lua_gettop(L_) - nargs - 1;
  const auto [thread, thread_ref] = take_thread(L_);
  lua_xmove(L_, thread, nargs + 1);

  instructions_used_ = 0;
  syntax_errors_.clear();
  // No limit but the pack's budget, which its entry sets, and what the packs may hold in all.
  limits_ = Limits{UINT64_MAX, &scope, heap_limit_, nullptr, std::chrono::steady_clock::time_point::max(), &scope};
  exhausted_ = Exhausted::none;
  collection_due_ = false;
  spent_by_ = nullptr;
  budget_error_.reset();
  const Entry entry(*this, scope);
  start_counting(thread);
  ++call_depth_;
  set_running_thread(thread);
  // A coroutine keeps its stack after an error, so the error can be traced where it happened.
  int results = 0;
  const int status = lua_resume(thread, L_, nargs, &results);
  set_running_thread(nullptr);
  --call_depth_;
  watchdog_.disarm();
  const std::size_t memory_limit = std::exchange(limits_.memory, SIZE_MAX);  // the host's own work after the call
  collection_due_ = false;  // a call that ended before its hook came: nothing left to judge

  if (status == LUA_OK && exhausted_ == Exhausted::none) {
    lua_xmove(thread, L_, results);
    if (nresults != LUA_MULTRET) lua_settop(L_, base + nresults);
    give_back_thread(thread_ref);
    return;
  }
  Error error = error_from(thread, status);
  // Its to-be-closed variables are closed now, by the pack's own code: under what is left of the
  // call's budget, or a `__close` that loops would hang the host. Their errors give way to the
  // first. Not once the budget is spent: nothing is left for them, and on a thread its hook
  // stopped they would run with no hook at all (closable).
  if (exhausted_ == Exhausted::none && closable(thread)) {
    limits_.memory = memory_limit;
    ++call_depth_;
    arm_watchdog(limits_.deadline, limits_.time_of->scope.name);
    lua_resetthread(thread);
    --call_depth_;
    watchdog_.disarm();
  }
  limits_.memory = SIZE_MAX;
  exhausted_ = Exhausted::none;
  budget_error_.reset();
  drop_thread(thread_ref);
  throw error;
}

std::optional<Error> Sandbox::try_call(lua_State* L, int nargs, int nresults) {
  if (call_depth_ == 0) throw std::logic_error("try_call runs inside a running call");
  // Run in a thread of its own, which keeps its stack after an error: memory refused at once
  // (one block past the slack, before the hook could raise) is still told at the line that asked
  // for it, in the pack whose code that is.
  lua_State* const caller = running_thread_;
  // On the thread running now, which holds the caller's line: the new one holds none.
  raise_if_spent(caller);
  const int base = lua_gettop(L) - nargs - 1;
  const auto [thread, thread_ref] = take_thread(L);
  lua_xmove(L, thread, nargs + 1);
  start_counting(thread);
  set_running_thread(thread);
  int results = 0;
  // Resumed from the running thread, not from `L` (a fight's main thread, idle below): Lua counts
  // the nesting of C calls from the thread it resumes from, and a rule that reacts to its own
  // reaction must meet "C stack overflow", not overflow the host's stack.
  const int status = lua_resume(thread, caller ? caller : L, nargs, &results);
  set_running_thread(caller);
  if (status == LUA_OK && exhausted_ == Exhausted::none) {
    lua_xmove(thread, L, results);
    if (nresults != LUA_MULTRET) lua_settop(L, base + nresults);
    give_back_thread(thread_ref);
    return std::nullopt;
  }
  std::optional<Error> error;
  if (exhausted_ == Exhausted::none) {
    error = raised_syntax_error(thread);
    if (!error) {
      const std::string message = status == LUA_YIELD ? yield_outside : message_of_error(thread);
      Diagnostic d = parse_positioned(with_whole_file_names(message));
      // An error whose message tells no place (`error(msg, 2)` in a function the runtime called,
      // `error(msg, 0)`) is told where it was raised: the innermost line of the pack's own files on
      // the thread's stack, which kept its frames. One raised before the call ran a line of Lua
      // (nesting too deep, refused at the resume; a built-in function's) is told at the line of the
      // running rule that made the call.
      lua_Debug ar;
      if (d.where.file.empty() && ((author_frame(thread, ar) || innermost_lua_frame(thread, ar)) ||
                                   (caller && innermost_lua_frame(caller, ar)))) {
        d.where.file = file_of(ar);
        d.where.line = static_cast<std::size_t>(ar.currentline);
      }
      error = Error(std::move(d));
    }
    // To-be-closed variables are closed here, inside the call's budget, which they may spend.
    if (closable(thread)) lua_resetthread(thread);
  }
  // Spent: the thread's closers are not run (see `call`).
  if (exhausted_ != Exhausted::none) {
    if (!budget_error_) {
      // The report and its traceback are the host's work: the pack may have left no memory for them,
      // and Lua would panic at an error raised here, outside any protected call.
      const std::size_t limit = std::exchange(limits_.memory, SIZE_MAX);
      budget_error_ = describe(thread, budget_message(thread));
      limits_.memory = limit;
    }
    drop_thread(thread_ref);
    lua_settop(L, base);
    // Travels on, raised again at every instruction of the caller: the running call must end.
    lua_sethook(L, &Sandbox::count_hook, LUA_MASKCOUNT, 1);
    lua_pushstring(L, budget_message(nullptr).c_str());
    lua_error(L);
  }
  drop_thread(thread_ref);
  lua_settop(L, base);
  return error;
}

std::pair<lua_State*, int> Sandbox::take_thread(lua_State* L) {
  if (idle_threads_.empty()) {
    lua_State* thread = lua_newthread(L);
    return {thread, luaL_ref(L, LUA_REGISTRYINDEX)};
  }
  const int ref = idle_threads_.back();
  idle_threads_.pop_back();
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_State* thread = lua_tothread(L, -1);
  lua_pop(L, 1);
  return {thread, ref};
}

void Sandbox::give_back_thread(int ref) { idle_threads_.push_back(ref); }

void Sandbox::drop_thread(int ref) { luaL_unref(L_, LUA_REGISTRYINDEX, ref); }

void Sandbox::push_pack_function(lua_State* L, const std::string& pack, int function, int previous) {
  function = lua_absindex(L, function);
  if (!previous && lua_tocfunction(L, function) == guarded<&Sandbox::call_in_pack>) {
    lua_pushvalue(L, function);
    return;
  }
  if (previous) previous = lua_absindex(L, previous);
  // Scopes live as long as the sandbox, at the same address even when a pack's scope is added anew.
  lua_pushlightuserdata(L, const_cast<Scope*>(&scope_of(pack)));
  lua_pushvalue(L, function);
  if (previous) lua_pushvalue(L, previous);
  lua_pushcclosure(L, guarded<&Sandbox::call_in_pack>, previous ? 3 : 2);
}

bool Sandbox::push_pack_function_parts(lua_State* L, int index) {
  if (lua_tocfunction(L, index) != guarded<&Sandbox::call_in_pack>) return false;
  index = lua_absindex(L, index);
  lua_getupvalue(L, index, 2);
  if (!lua_getupvalue(L, index, 3)) lua_pushnil(L);
  return true;
}

// A pack function: upvalues the pack's scope, its function and, if it replaces one, that one.
int Sandbox::call_in_pack(lua_State* L) {
  Sandbox& sandbox = of(L);
  const auto& scope = *static_cast<const Scope*>(lua_touserdata(L, lua_upvalueindex(1)));
  int nargs = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_insert(L, 1);
  if (!lua_isnone(L, lua_upvalueindex(3))) {
    lua_pushvalue(L, lua_upvalueindex(3));
    ++nargs;
  }
  sandbox.raise_if_spent(L);
  // Outside a running call nothing is budgeted (the host trying a function out).
  if (sandbox.running_ == &scope || sandbox.call_depth_ == 0) {
    lua_call(L, nargs, LUA_MULTRET);
  } else {
    const Entry entry(sandbox, scope);
    lua_call(L, nargs, LUA_MULTRET);
  }
  return lua_gettop(L);
}

Error Sandbox::error_from(lua_State* thread, int status) {
  if (exhausted_ != Exhausted::none) {
    Diagnostic d = budget_error_ ? std::move(*budget_error_) : describe(thread, budget_message(thread));
    budget_error_.reset();
    return Error(std::move(d));
  }
  std::string message;
  if (status == LUA_YIELD) {
    message = yield_outside;
  } else if (auto syntax = raised_syntax_error(thread)) {
    return std::move(*syntax);
  } else if (lua_type(thread, -1) == LUA_TSTRING || lua_type(thread, -1) == LUA_TNUMBER) {
    message = with_overflow_explained(thread, message_text(thread, -1));
  } else {
    message = fmt::format("error with a {} value as its message", luaL_typename(thread, -1));
  }
  return Error(describe(thread, message));
}

std::optional<Error> Sandbox::raised_syntax_error(lua_State* thread) const {
  if (lua_type(thread, -1) != LUA_TSTRING) return std::nullopt;
  const auto found = syntax_errors_.find(std::string(whole_string(thread, -1)));
  if (found == syntax_errors_.end()) return std::nullopt;
  return Error(found->second);
}

Diagnostic Sandbox::describe(lua_State* thread, const std::string& message) const {
  Diagnostic d = parse_positioned(with_whole_file_names(message));
  const bool placed_by_message = !d.where.file.empty();
  lua_Debug ar;
  // An error with no line of its own is the author's line's, else (stdlib code running alone) the
  // stdlib's; none when a tail call lost the author's line, which the running pack is blamed for.
  if (d.where.file.empty() && thread && !caller_lost_to_tail_call(thread) &&
      (author_frame(thread, ar) || innermost_lua_frame(thread, ar))) {
    d.where.file = file_of(ar);
    d.where.line = static_cast<std::size_t>(ar.currentline);
  }
  const std::string& owner = owner_of(d.where.file);
  const auto owner_scope = packs_.find(owner);
  if (owner_scope == packs_.end() || owner_scope->second.scope.is_pack)
    d.notes.push_back(fmt::format("in pack '{}'", owner));
  if (!thread) return d;
  // Inside a running call (the count hook) the thread itself has room; after it, the main thread.
  lua_State* stack = running() ? thread : L_;
  if (owner_scope != packs_.end() && d.message.find("(global '") != std::string::npos && lua_checkstack(stack, 2)) {
    lua_rawgeti(stack, LUA_REGISTRYINDEX, owner_scope->second.environment_ref);
    lua_rawgetp(stack, LUA_REGISTRYINDEX, &base_key);
    const int top = lua_gettop(stack);
    if (const std::string hint = nearest_global(stack, d.message, {top - 1, top}); !hint.empty())
      d.message += "; " + hint;
    lua_pop(stack, 2);
  }
  // An error a pack's code raised at another pack's line (a ruleset's check of the tables blaming
  // the house rule's row that is wrong: `error(location .. ": " .. message, 0)`) is for the author
  // of that line: the other pack's frames, which that author cannot mend, are left out.
  const bool blamed_elsewhere = placed_by_message && innermost_lua_frame(thread, ar) && owner_of(file_of(ar)) != owner;
  luaL_traceback(stack, thread, nullptr, 0);
  std::istringstream traceback(with_whole_file_names(lua_tostring(stack, -1)));
  lua_pop(stack, 1);
  std::vector<std::string> frames;
  for (std::string line; std::getline(traceback, line);) {
    // Built-ins and the stdlib are never where the author can mend anything.
    if (line.find("[C]:") != std::string::npos || line.find("\tstdlib/") != std::string::npos) continue;
    if (line.empty() || line[0] != '\t') continue;
    if (blamed_elsewhere && owner_of(line.substr(1, line.find(':') - 1)) != owner) continue;
    frames.push_back("  " + line.substr(1));
  }
  if (frames.empty()) return d;  // a heading over nothing would only puzzle
  d.notes.emplace_back("stack traceback:");
  d.notes.insert(d.notes.end(), frames.begin(), frames.end());
  return d;
}

namespace {
bool holds(const PackScope& scope, const std::string& file) {
  const std::string& folder = scope.display_folder;
  return scope.owns_files && !folder.empty() && file.size() > folder.size() &&
         file.compare(0, folder.size(), folder) == 0 && file[folder.size()] == '/';
}
}  // namespace

const Sandbox::Scope* Sandbox::holding(const std::string& file) const {
  const Scope* found = nullptr;
  for (const auto& [name, scope] : packs_)
    if (holds(scope.scope, file) && (!found || scope.scope.display_folder.size() > found->scope.display_folder.size()))
      found = &scope;
  return found;
}

const std::string& Sandbox::owner_of(const std::string& file) const {
  // The running pack when its folder holds the file; otherwise the pack whose folder holds it: a
  // hook, an action or an order phrase of another pack raised the error.
  if (!running_ || holds(running_->scope, file)) return current_pack();
  const Scope* owner = holding(file);
  return owner ? owner->scope.name : current_pack();
}

std::filesystem::path Sandbox::file_shown_as(const std::string& shown) const {
  if (const Scope* owner = holding(shown))
    return owner->scope.folder / shown.substr(owner->scope.display_folder.size() + 1);
  // A name Lua cut short at its start, past LUA_IDSIZE ("...are/arbiter/packs/tempo/init.lua", of
  // an installed pack): the file of the pack whose folder's name ends as the name's first part.
  constexpr std::string_view cut = "...";
  if (!shown.starts_with(cut)) return {};
  const std::string tail = shown.substr(cut.size());
  for (std::size_t slash = tail.find('/'); slash != std::string::npos; slash = tail.find('/', slash + 1)) {
    const std::string_view folder_end(tail.data(), slash);
    for (const auto& [name, scope] : packs_) {
      if (!scope.scope.owns_files || !std::string_view(scope.scope.display_folder).ends_with(folder_end)) continue;
      std::error_code ec;
      std::filesystem::path file = scope.scope.folder / tail.substr(slash + 1);
      if (std::filesystem::is_regular_file(file, ec)) return file;
    }
  }
  return {};
}

int Sandbox::print(lua_State* L) {
  const int n = lua_gettop(L);
  std::string line;
  for (int i = 1; i <= n; ++i) {
    if (i > 1) line += '\t';
    std::size_t length = 0;
    const char* text = push_as_text(L, i, &length);
    line.append(text, length);
    lua_pop(L, 1);
  }
  Sandbox& sandbox = of(L);
  if (!sandbox.on_print) return 0;
  const std::string pack = lua_tostring(L, lua_upvalueindex(1));
  // A text of several lines is so many lines of the log, each under the pack's name.
  for (std::size_t start = 0;;) {
    const std::size_t end = line.find('\n', start);
    sandbox.on_print(pack, line.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return 0;
}

int Sandbox::load(lua_State* L) {
  std::size_t length = 0;
  const char* code = lua_tolstring(L, 1, &length);
  if (!code) return luaL_argerror(L, 1, "load in a pack takes the code as a string");
  const std::string chunkname =
      loaded_chunk_name(of(L).scope_of(lua_tostring(L, lua_upvalueindex(2))).scope.display_folder,
                        luaL_optstring(L, 2, ""));
  const bool explicit_environment = lua_gettop(L) >= 4;
  // Never bytecode, whatever the mode: a binary chunk can break the VM's safety checks. Text only
  // where the mode allows it, as Lua's load refuses it ("attempt to load a text chunk (mode is 'b')").
  const char* mode = luaL_optstring(L, 3, "bt");
  const bool binary = length > 0 && code[0] == LUA_SIGNATURE[0];
  if (binary || !std::strchr(mode, 't')) {
    luaL_pushfail(L);
    if (binary)
      lua_pushliteral(L, "attempt to load a binary chunk: bytecode is never loaded in a pack, which loads Lua "
                         "source text only");
    else
      lua_pushfstring(L, "attempt to load a text chunk (mode is '%s')", mode);
    return 2;
  }
  if (luaL_loadbufferx(L, code, length, chunkname.c_str(), "t") != LUA_OK) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushvalue(L, explicit_environment ? 4 : lua_upvalueindex(1));
  if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  return 1;
}

int Sandbox::require(lua_State* L) {
  std::size_t length = 0;
  const char* given = luaL_checklstring(L, 1, &length);
  const std::string name(given, length);  // whole: a NUL byte must not cut it to another module's name
  Sandbox& sandbox = of(L);
  const Scope& scope = sandbox.scope_of(lua_tostring(L, lua_upvalueindex(1)));
  if (!valid_module_name(name))
    return luaL_error(L, "'%s' is not a module name: use dotted names like 'tables.weapons'",
                      printable(name).c_str());

  const auto stdlib = stdlib_modules();
  const auto module = std::find_if(stdlib.begin(), stdlib.end(), [&](const auto& m) { return m.name == name; });
  const auto preloaded = sandbox.preloaded_.find(name);
  if (module != stdlib.end() || preloaded != sandbox.preloaded_.end()) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &stdlib_loaded_key);
    if (lua_getfield(L, -1, name.c_str()) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    if (preloaded != sandbox.preloaded_.end()) {
      lua_pushcfunction(L, preloaded->second);
    } else {
      if (luaL_loadbufferx(L, module->source.data(), module->source.size(), std::string(module->chunkname).c_str(),
                           "t") != LUA_OK)
        return lua_error(L);
      lua_rawgeti(L, LUA_REGISTRYINDEX, sandbox.scope_of("stdlib").environment_ref);
      lua_setupvalue(L, -2, 1);
    }
    lua_call(L, 0, 1);
    // Shared by every pack, so no pack may change it for the others; a name it does not have
    // (`test.equl`, `arbiter.define.acton`) is an error naming the nearest, not nil.
    if (lua_type(L, -1) == LUA_TTABLE) {
      push_readonly(L, -1, true);
      lua_remove(L, -2);
      refuse_unknown_names(L, -1, name);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name.c_str());
    return 1;
  }
  if (name.rfind("arbiter", 0) == 0 || scope.scope.folder.empty()) {
    std::vector<std::string> names;
    for (const auto& m : stdlib) names.emplace_back(m.name);
    for (const auto& [preloaded_name, open] : sandbox.preloaded_) names.push_back(preloaded_name);
    const std::string hint = did_you_mean(name, names);
    return luaL_error(L, "no stdlib module '%s'%s", name.c_str(), hint.empty() ? "" : (" (" + hint + ")").c_str());
  }
  sandbox.require_pack_module(L, scope, name);
  return 1;
}

void Sandbox::require_pack_module(lua_State* L, const Scope& scope, const std::string& name) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &pack_loaded_key);
  lua_getfield(L, -1, scope.scope.name.c_str());
  lua_remove(L, -2);
  const int loaded = lua_gettop(L);
  lua_getfield(L, loaded, name.c_str());
  if (!lua_isnil(L, -1)) {
    lua_remove(L, loaded);
    return;
  }
  lua_pop(L, 1);

  std::string relative = name;
  std::replace(relative.begin(), relative.end(), '.', '/');
  const std::filesystem::path folder = scope.scope.folder;
  std::filesystem::path file;
  std::string shown;  // as messages name it: the file found, not a path made up from the name
  for (const auto& [candidate, as] : {std::pair{folder / (relative + ".lua"), relative + ".lua"},
                                      std::pair{folder / relative / "init.lua", relative + "/init.lua"}}) {
    const FileInFolder found = file_in_folder(candidate, folder);
    if (found == FileInFolder::not_plain)  // a pipe would block the reading: refused as what it is
      throw Error(fmt::format("module '{}' is {}, which is {}, not a plain file: a pack's files are files", name,
                              shown_in(scope.scope.display_folder, as), what_is_not_plain(candidate)));
    if (found == FileInFolder::yes) {
      file = candidate;
      shown = as;
      break;
    }
  }
  // "pack 'platemail'", or an encounter by its own name ("encounter fight.lua"): no pack.
  const std::string whose = scope.scope.is_pack ? fmt::format("pack '{}'", scope.scope.name) : scope.scope.name;
  // Another pack's file ("combat", Platemail's): no pack runs another's files, whose definitions
  // would be made twice and in its name; a pack reaches another's code through its hooks.
  for (const auto& [other_name, other] : packs_) {
    if (file.empty() && other.scope.is_pack && other.scope.owns_files && other_name != scope.scope.name &&
        !other.scope.folder.empty())
      for (const std::string& as : {relative + ".lua", relative + "/init.lua"})
        if (is_file_in_folder(other.scope.folder / as, other.scope.folder))
          throw Error(fmt::format("module '{}' is {}, a file of pack '{}', not of {}: a pack requires only its own "
                                  "files, and reaches another pack's code through the hooks that pack defines "
                                  "(arbiter.hooks; its README says which)",
                                  name, shown_in(other.scope.display_folder, as), other_name, whose));
  }
  if (file.empty())
    throw Error(fmt::format("module '{}' not found: looked for {} and {} in {} (a link out of its folder is not "
                            "followed), and the stdlib has no such module",
                            name, shown_in(scope.scope.display_folder, relative + ".lua"),
                            shown_in(scope.scope.display_folder, relative + "/init.lua"), whose));

  // The pack's main file ran as the pack loaded: run again, it would define everything twice (or,
  // required by a module it requires, each would wait on the other). What it defined is in the
  // registry, for every file to read.
  std::error_code same_error;
  if (!scope.scope.main.empty() && std::filesystem::equivalent(file, scope.scope.main, same_error))
    throw Error(fmt::format("module '{}' is {}, the pack's main file, which runs once, as the pack loads: no "
                            "file requires it. What it defines is read through the registry (arbiter.tables.flow, "
                            "arbiter.actions, arbiter.hooks); code or data both need goes in a module of its own "
                            "(tables/shared.lua, required as \"tables.shared\") that each requires",
                            name, shown_in(scope.scope.display_folder, shown)));
  const std::string key = scope.scope.name + '/' + name;
  if (!loading_.insert(key).second)
    throw Error(fmt::format("require cycle: module '{}' of {} requires itself, directly or through others", name,
                            whose));
  struct Loading {
    std::set<std::string>& set;
    const std::string& key;
    ~Loading() { set.erase(key); }
  } loading{loading_, key};
  const std::string code = read_source(file, file_kind(scope.scope));
  files_read_.push_back(file);
  try {
    load_chunk(L, scope.scope.name, code, "@" + shown_in(scope.scope.display_folder, shown));
  } catch (const Error& e) {
    bool positioned = false;
    syntax_errors_.insert_or_assign(lua_message(e, positioned), e.diagnostics().front());
    throw;
  }
  lua_pushstring(L, name.c_str());
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, loaded, name.c_str());
  lua_remove(L, loaded);
}

}  // namespace arbiter::lua
