#pragma once
// The Lua host. One Sandbox owns one lua_State in which every pack runs, each in its own global
// environment, with only safe libraries, text-only chunks, `require` confined to the pack's own
// folder and the stdlib, and budgets on every call that a `pcall` in the script cannot swallow.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/held_memory.hpp"
#include "interpreter/lua/services.hpp"
#include "interpreter/lua/watchdog.hpp"

namespace arbiter::lua {

// What one call into a pack may spend: counted from the start of each top-level call, and from
// each call of a function of another pack inside it (see Sandbox::push_pack_function).
struct Budget {
  std::uint64_t instructions = 200'000'000;  // VM instructions
  std::size_t memory_bytes = 256u << 20;     // growth of Lua's heap during the call (see Sandbox::heap_limit)
  std::chrono::milliseconds time{10'000};    // wall clock: catches what the other two cannot

  // Each field the smaller of the two: a pack may ask for less than the host allows, never more.
  Budget capped_by(const Budget& ceiling) const;
};

// The text of a Lua file (a pack's, an encounter, a manifest, a test file) as Lua reads it, for
// loading and for finding its values again in messages: whole, but for a leading UTF-8 byte-order
// mark, which Notepad writes and stock Lua skips (lines and columns count from the text after it,
// as an editor shows it). Throws arbiter::Error naming the file when it cannot be read or is
// larger than such a file may be, saying what the file is (`what`: "a pack's file", "an encounter").
std::string read_source(const std::filesystem::path& file, std::string_view what);

// Who is running: names the pack in errors, and gives `require` its folder.
struct PackScope {
  std::string name;                // "platemail"; "stdlib" and "(snippet)" for the host's own
  std::filesystem::path folder;    // where `require "x.y"` looks for x/y.lua; empty: stdlib only
  std::string display_folder;      // how files are named in messages: "rules/platemail"
  Budget budget;
  // Whether an error in a file of the folder, raised while another scope runs, is this scope's.
  // Not a manifest's: its pack's folder is the same, and the pack's files are the pack's.
  bool owns_files = true;
  // Whether its errors say "in pack '…'": not an encounter's, the GM's own file and no pack.
  bool is_pack = true;
  // The pack's main file (folder/init.lua), which loading the pack runs: `require` refuses it, as
  // running it again would define everything twice. Empty: none.
  std::filesystem::path main = {};
  // Whether it is a pack's manifest (pack.lua), read before any pack loads to describe its pack:
  // the registry refuses its definitions, which would come before the rules they change.
  bool is_manifest = false;
};

// Whether `file` is a file of `folder` where it really is: neither `..` nor a link leads out of it.
// A missing file and a file outside get the same answer, so a pack learns nothing of other folders.
bool is_file_in_folder(const std::filesystem::path& file, const std::filesystem::path& folder);
// The same, telling apart what is in the folder but no plain file (a pipe, which would block the
// reading, or a device): `no` is missing or outside, alike.
enum class FileInFolder { yes, not_plain, no };
FileInFolder file_in_folder(const std::filesystem::path& file, const std::filesystem::path& folder);
// What is at `file` that is no plain file, as a refusal names it: "a folder", "a pipe", "a device",
// "a socket".
std::string what_is_not_plain(const std::filesystem::path& file);

class Sandbox final : public MemoryAccount {
 public:
  // `ceiling` bounds every pack's budget; it is also the budget of packs that ask for none.
  explicit Sandbox(Budget ceiling = {});
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  static Sandbox& of(lua_State* L);
  lua_State* state() const noexcept { return L_; }
  Services& services() noexcept { return services_; }
  const Budget& ceiling() const noexcept { return ceiling_; }

  // Makes a module written in C++ available to `require` under `name` (shared, read-only).
  void preload(const std::string& name, lua_CFunction open) { preloaded_[name] = open; }

  // Gives the pack its own global environment; its budget is capped by the ceiling.
  void add_pack(PackScope scope);
  bool has_pack(const std::string& name) const { return packs_.contains(name); }

  // Runs `file` (inside the pack's folder) in the pack's environment; leaves `nresults` values.
  void run_file(const std::string& pack, const std::filesystem::path& file, int nresults);
  // Runs `code` as if it were a file named `chunkname` (shown in errors) of the pack.
  void run_string(const std::string& pack, std::string_view code, const std::string& chunkname, int nresults);
  // The top-level call: calls the function below `nargs` arguments on the main thread's stack, on
  // behalf of the pack and with its budget, leaving `nresults` values (LUA_MULTRET: all). Throws
  // arbiter::Error, the state unharmed, on any error.
  void call(const std::string& pack, int nargs, int nresults);
  // From C++ code that Lua called (`L` is the running thread): calls the function below `nargs`
  // arguments like lua_call, but an error ends only this call: it returns the error as an
  // arbiter::Error placed at the author's line, instead of travelling on. A spent budget still
  // travels on: the running call must end.
  std::optional<Error> try_call(lua_State* L, int nargs, int nresults);

  // Pushes the function at `function` made one of `pack`'s, as the registry keeps what a pack
  // defines: wherever it is called from (the host, or another pack's code), it runs on behalf of
  // `pack` and, when that is not the pack running, under its budget counted from the call, but
  // never past what the running call has left. A call within the same pack costs one C call.
  // With `previous` (not 0), the function replaced is passed to it as its last argument, so a
  // house rule can build on the rule it replaces. A function that already is some pack's is
  // pushed as it is when there is no `previous`: it stays the pack's that wrote it.
  void push_pack_function(lua_State* L, const std::string& pack, int function, int previous = 0);
  // For a function made by push_pack_function at `index`: pushes the function the pack wrote and
  // the one it replaces (nil if none) and returns true. Otherwise pushes nothing, returns false.
  static bool push_pack_function_parts(lua_State* L, int index);

  // The pack on whose behalf Lua is running now (for provenance), or "" outside any call.
  const std::string& current_pack() const noexcept;
  // The running pack's place among the scopes in the order they were added (the packs' load order;
  // the stdlib first), 0 when none runs.
  std::size_t current_pack_order() const noexcept { return running_ ? running_->order : 0; }
  // That place of the pack `pack`; 0, the stdlib's, when none of that name is loaded.
  std::size_t pack_order(const std::string& pack) const noexcept {
    const auto it = packs_.find(pack);
    return it == packs_.end() ? 0 : it->second.order;
  }
  // Whether the code running is a pack's manifest (PackScope::is_manifest).
  bool running_manifest() const noexcept;
  // Whether a top-level call is running (a Lua error may be travelling through host code).
  bool running() const noexcept { return call_depth_ > 0; }

  // Where `print` goes: the pack's name and the line, tab-separated like Lua's own print; a text
  // with newlines comes as one call per line.
  std::function<void(const std::string& pack, const std::string& line)> on_print;

  // Called (from another thread) when a call is stuck inside a C function well past its time
  // budget, where it cannot be interrupted: the program must end. The message is placed at the
  // pack's line that called the function. The default aborts; the CLI prints the message and exits 1.
  std::function<void(const std::string& message)> on_stuck;

  // While one lives, the running call waits for the person at the terminal (a die rolled by hand,
  // an answer to `run --ask`): that time is no pack's, so no time budget counts it and the
  // watchdog does not watch it.
  class WaitingForUser {
   public:
    explicit WaitingForUser(Sandbox& sandbox);
    ~WaitingForUser();
    WaitingForUser(const WaitingForUser&) = delete;
    WaitingForUser& operator=(const WaitingForUser&) = delete;

   private:
    Sandbox& sandbox_;
    std::chrono::steady_clock::time_point since_;
  };

  // Memory the runtime holds for the packs (HeldMemory) is counted as Lua's heap is: a call that
  // makes the runtime hold more than its memory budget allows is stopped at its next instruction,
  // or where the runtime next enters a pack's function (raise_if_spent), whichever comes first,
  // with the budget's error at its line.
  void hold(std::size_t bytes) noexcept override;
  void release(std::size_t bytes) noexcept override { memory_in_use_ -= bytes; }

  // Lua's heap and what the runtime holds for the packs.
  std::size_t memory_in_use() const noexcept { return memory_in_use_; }
  // What the packs may hold in all, between calls and within them: twice the ceiling's memory
  // budget. A call's budget bounds what it allocates; this bounds what the packs keep, call after
  // call. While they keep less than one call's budget, a call meets its own budget first.
  std::size_t heap_limit() const noexcept { return heap_limit_; }

  // The place of the table, function, userdata or thread at `index` in the order this state made
  // them (1, 2, …): `pairs` visits such keys in that order, which no address or hash seed moves.
  // 0 for what was not made as an object (a light C function).
  std::uint64_t made_order(lua_State* L, int index) const;

  // Where the file a pack's code is shown from in messages ("rules/house/init.lua", or as Lua cuts a
  // long name short, "...packs/house/init.lua") was read, or an empty path when no pack's folder
  // holds it (a snippet, the stdlib).
  std::filesystem::path file_shown_as(const std::string& shown) const;

  // Every file run or required so far (an encounter, the files it requires, each pack's manifest
  // and modules), as its path was given: what a fight is played from, which its outputs must spare.
  const std::vector<std::filesystem::path>& files_read() const noexcept { return files_read_; }

 private:
  enum class Exhausted { none, instructions, memory, heap, time };
  struct Scope {
    PackScope scope;
    int environment_ref;
    std::size_t order;  // when it was first added: current_pack_order
  };
  // The running call's limits, each with the scope whose budget it is: the pack running, or one
  // further out whose call has less left.
  struct Limits {
    std::uint64_t instructions = UINT64_MAX;  // of instructions_used_
    const Scope* instructions_of = nullptr;
    std::size_t memory = SIZE_MAX;  // of memory_in_use_
    const Scope* memory_of = nullptr;  // none: the limit is the heap's (heap_limit_)
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    const Scope* time_of = nullptr;
  };
  class Entry;

  static void* allocate(void* self, void* block, std::size_t old_size, std::size_t new_size) noexcept;
  static void count_hook(lua_State* L, lua_Debug* ar);
  // The count hook of a thread that its hook stopped with a spent budget's error (raise_spent):
  // Lua leaves hooks off on a thread an error raised in its hook ended, so its to-be-closed
  // variables, closed, would run with no budget at all. Such a thread is never closed (closable).
  // Otherwise the count hook.
  static void stopped_hook(lua_State* L, lua_Debug* ar);
  static bool closable(lua_State* thread) { return lua_gethook(thread) != &Sandbox::stopped_hook; }
  // coroutine.create and coroutine.wrap, the new thread charged (prepay), and the function
  // coroutine.wrap gives (upvalue 1: the thread), which closes a failed coroutine only while its
  // closers can be stopped: as Lua's own, but that a spent budget travels on as it is.
  static int create_coroutine(lua_State* L);
  static int wrap_coroutine(lua_State* L);
  static int resume_wrapped(lua_State* L);
  // coroutine.resume (upvalue 1: Lua's own), whose false and error a spent budget's error is not:
  // it travels on in the thread that resumed, at once. That thread's count hook comes only at its
  // interval's end: the pack caught the error and carried on until then.
  static int resume_coroutine(lua_State* L);
  // coroutine.close (upvalue 1: Lua's own), refused once the budget is spent, and on a coroutine
  // that is not closable.
  static int close_coroutine(lua_State* L);
  // xpcall, its message handler (upvalue 1 of message_handler) left out for a spent budget's error:
  // raised from the count hook, where Lua runs no hook, a handler that loops would never end.
  static int xpcall(lua_State* L);
  static int message_handler(lua_State* L);
  static int require(lua_State* L);
  static int print(lua_State* L);
  static int load(lua_State* L);
  static int call_in_pack(lua_State* L);

  // Where the runtime enters a pack's function from a C function running on `L` (a binding, the
  // fight): judges what the running call made the runtime hold (a collection due first) and raises
  // a spent budget's error at `L`, the caller's line, in the caller's pack. Left to the next
  // instruction, it would be told at the called function's first line, blamed on its pack.
  void raise_if_spent(lua_State* L) {
    if (call_depth_ > 0 && (exhausted_ != Exhausted::none || collection_due_)) judge_and_raise(L);
  }
  void judge_and_raise(lua_State* L);

  void open_libraries();
  const Scope& scope_of(const std::string& pack) const;
  void load_chunk(lua_State* L, const std::string& pack, std::string_view code, const std::string& chunkname);
  void require_pack_module(lua_State* L, const Scope& scope, const std::string& name);
  // The error a top-level call ended with, told from its thread's stack (a spent budget's own).
  Error error_from(lua_State* thread, int status);
  // The error at the top of `thread`'s stack, when it is a required module's syntax error, whole.
  std::optional<Error> raised_syntax_error(lua_State* thread) const;
  // A thread to run a call on, with its registry reference: a finished one kept from an earlier
  // call, or a new one. Making a thread for every action cost an allocation and its collection.
  // Its count is started by start_counting, once the call's limits are set.
  std::pair<lua_State*, int> take_thread(lua_State* L);
  // Starts the count of `thread`, about to run a call: charges it its hook's interval (prepay) and
  // sets its hook to that interval, or to every instruction once the budget is spent.
  void start_counting(lua_State* thread);
  // Charges `instructions` to the running call, marking the instruction budget spent if they pass it.
  void prepay(std::uint64_t instructions);
  // Raises the spent budget's error at `L`, from its hook (`in_hook`) or a C function it called,
  // and makes its hook raise again at every instruction. Does not return.
  int raise_spent(lua_State* L, bool in_hook = false);
  // Keeps a thread whose call ended cleanly, for the next call.
  void give_back_thread(int ref);
  // Lets go of a thread whose call failed: one stopped by the budget's hook runs no hook again.
  void drop_thread(int ref);
  // Makes `scope` the one Lua runs on behalf of (none: nothing runs).
  void run_as(const Scope* scope) noexcept;
  // Lowers the limits to `scope`'s budget counted from now, where it is the tighter.
  void tighten(const Scope& scope);
  // The clock time budgets are counted by: the steady clock, stopped while waiting for the user.
  std::chrono::steady_clock::time_point budget_clock() const noexcept {
    return std::chrono::steady_clock::now() - waited_;
  }
  // Has the watchdog give up on the running call if it is still out of the VM's reach a grace
  // period after `deadline` (of the budget clock), naming `budget_of` as the pack whose budget it is.
  void arm_watchdog(std::chrono::steady_clock::time_point deadline, const std::string& budget_of);
  // Marks the budget spent, by the pack running now.
  void exhaust(Exhausted what);
  // A block that would bring the heap to `wanted` bytes, past the memory limit (allocate).
  void pass_memory_limit(std::size_t wanted) noexcept;
  // What the hook does once a block past the memory limit was granted: collects the garbage, then
  // marks the budget spent if the heap is past the limit still.
  void collect_garbage(lua_State* L);
  // `thread` (null: unknown) gives the place and the traceback.
  std::string budget_message(lua_State* thread) const;
  // A budget spent: which, what the pack did ("ran longer than"), whose limit it was.
  struct Spent {
    const char* budget;
    const char* verb;
    const char* flag;  // how the person running Arbiter raises the ceiling
    const Scope* whose;
    std::string limit;
    bool asked_less;  // than the ceiling: the pack's manifest set the limit, and the flag cannot raise it
    std::string past(const std::string& spender) const;
  };
  Spent time_spent(const Scope& whose) const;
  Diagnostic describe(lua_State* thread, const std::string& message) const;
  // `text` (an error's message, a traceback) with each file name Lua cut at its front, as it names
  // a file of over 59 characters in what it writes ("...ath/file.lua:12:"), whole again.
  std::string with_whole_file_names(std::string text) const;
  // The pack an error at `file` is blamed on.
  const std::string& owner_of(const std::string& file) const;
  // The scope whose folder holds the file shown as `file`, the innermost; nullptr when none does.
  const Scope* holding(const std::string& file) const;

  lua_State* L_ = nullptr;
  Budget ceiling_;
  std::size_t heap_limit_;
  Services services_;
  std::map<std::string, Scope> packs_;
  std::map<std::string, lua_CFunction> preloaded_;
  std::set<std::string> loading_;  // "pack/module" being required now: a second require is a cycle
  // A required module's syntax error, by the text Lua raises it as (which keeps neither its column
  // nor its line to show): told whole should it end the call, as a main file's is.
  std::map<std::string, Diagnostic> syntax_errors_;
  // The names of files loaded longer than Lua shows whole (LUA_IDSIZE), for with_whole_file_names.
  std::set<std::string> long_file_names_;
  const Scope* running_ = nullptr;  // on whose behalf Lua runs now; set by run_as
  // running_'s name for the watchdog's thread, which names the pack stuck in a built-in function.
  std::atomic<const std::string*> running_name_ = nullptr;
  int call_depth_ = 0;

  // The running top-level call's accounting, reset by each one.
  std::size_t memory_in_use_ = 0;
  std::uint64_t instructions_used_ = 0;
  Limits limits_;
  Exhausted exhausted_ = Exhausted::none;
  const Scope* spent_by_ = nullptr;         // the pack running when the budget was spent
  std::size_t heap_wanted_ = 0;             // what the heap would have held, when it was its limit that was spent
  bool collection_due_ = false;             // a block past the memory limit was granted: the hook collects, then judges
  std::optional<Diagnostic> budget_error_;  // the spent budget as told where it was found
  lua_State* running_thread_ = nullptr;     // the thread a call runs on now: the top-level call's, a try_call's
  // running_thread_ for the watchdog's thread, which reads where it stands (set_running_thread).
  std::atomic<lua_State*> watched_thread_ = nullptr;
  void set_running_thread(lua_State* thread) noexcept {
    running_thread_ = thread;
    watched_thread_.store(thread, std::memory_order_release);
  }
  std::vector<int> idle_threads_;           // registry references of threads free to run a call
  std::vector<std::filesystem::path> files_read_;
  std::chrono::steady_clock::duration waited_{};  // for the user, ever (WaitingForUser): budget_clock stops for it
  std::uint64_t objects_made_ = 0;  // tables, functions, userdata and threads made (allocate's headers)
  const void* last_made_ = nullptr;  // the block of the object made last
  std::ptrdiff_t userdata_offset_ = 0;  // from a userdata's block to its memory (lua_touserdata)
  std::ptrdiff_t thread_offset_ = 0;    // from a thread's block to its state (lua_topointer)
  Watchdog watchdog_;
};

inline bool Sandbox::running_manifest() const noexcept { return running_ && running_->scope.is_manifest; }

}  // namespace arbiter::lua
