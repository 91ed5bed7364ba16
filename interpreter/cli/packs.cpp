// arbiter packs: every pack found, with its version and folder; broken manifests are reported.
#include <algorithm>
#include <ostream>

#include <fmt/format.h>

#include "grammar/diagnostic.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/session.hpp"
#include "interpreter/packs/manifest.hpp"
#include "interpreter/packs/search_path.hpp"

namespace arbiter::cli {

void add_packs_command(CLI::App& app, Context& context) {
  auto* command = app.add_subcommand("packs", "List the packs found, with their versions and folders");
  command->callback([&context] {
    // Manifests run as any pack code does: under the global options' budgets, the watchdog's
    // stop and `print` shown (Session), for a manifest is a stranger's code too.
    Session session(context);
    lua::Sandbox& sandbox = session.sandbox;
    const auto search_path = cli::search_path(context);
    const auto found = search_path.all();
    for (const auto& pack : found) {
      const std::string folder = packs::display_path(pack.folder);
      if (pack.shadowed) {
        // A copy of the same files as the one above is that pack found twice: nothing to tell.
        const auto hidden = search_path.hidden(pack.name);
        if (std::find(hidden.begin(), hidden.end(), pack.folder) == hidden.end()) continue;
        // Its version, where its manifest tells one, says which of two copies is the newer. A
        // hidden copy's broken manifest is no error of the packs in use.
        std::string version;
        try {
          version = " " + packs::read_manifest(sandbox, pack.folder, folder).version.str();
        } catch (const Error&) {
        }
        *context.out << fmt::format("{}{}  {}\n    hidden by the pack of the same name above\n", pack.name, version,
                                    folder);
        continue;
      }
      try {
        const auto manifest = packs::read_manifest(sandbox, pack.folder, folder);
        *context.out << fmt::format("{} {}  {}\n", manifest.name, manifest.version.str(), folder);
        // The one free text of a manifest: shown so that it cannot drive the terminal.
        if (!manifest.description.empty()) *context.out << "    " << printable(manifest.description) << "\n";
        std::string needs;
        for (const auto& r : manifest.dependencies) needs += (needs.empty() ? "    requires " : ", ") + r.text;
        if (!needs.empty()) *context.out << needs << "\n";
      } catch (const Error& e) {
        *context.err << e.what() << "\n";
        context.exit_code = 1;
      }
    }
    // A pack's own folder on the search path holds no packs: its pack is not listed, so say why.
    for (const auto& root : search_path.roots())
      if (const std::string note = packs::pack_given_as_folder_of_packs(root); !note.empty())
        *context.err << "note: " << note << "\n";
    if (found.empty()) *context.out << "no packs found; searched: " << packs::searched_folders(search_path) << "\n";
  });
}

}  // namespace arbiter::cli
