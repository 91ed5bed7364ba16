// arbiter fmt SHEET: prints an order sheet in the canonical compact form.
#include <memory>
#include <ostream>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "grammar/orders_format.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/path_options.hpp"
#include "interpreter/cli/sheets.hpp"
#include "interpreter/core/order_check.hpp"

namespace arbiter::cli {

void add_fmt_command(CLI::App& app, Context& context) {
  // The sheet's tree holds no comments: the players' notes would be lost in silence.
  auto* command = app.add_subcommand("fmt", "Print an order sheet in the canonical compact form, without its comments");
  command->footer("Comments are not kept: write the output to a new file, not over the sheet, to keep the players' "
                  "notes.");
  auto sheet = std::make_shared<std::string>();  // owned by the callback, which outlives parsing
  command->add_option("SHEET", *sheet, "The order sheet")->required()->check(names_something("sheet"));
  command->callback([&context, sheet] {
    orders::SheetFile file{*sheet, read_sheet(*sheet), {}};
    try {
      file.sheet = orders::parse_orders(file.text, file.name);
    } catch (const Error&) {
      const std::string only_sheets = "arbiter fmt formats order sheets only";
      refuse_other_kind(file.name, file.text, FileKind::order_sheet,
                        {.encounter = only_sheets, .order_sheet = "", .saved_fight = only_sheets});
      throw;
    }
    *context.out << orders::format(file.sheet);
    // What the dropped comment may have cut short ("Character: Orc #2" printed as "Orc:"), as
    // `check --rules` warns of it.
    for (const auto& warning : orders::numbers_after_names({file})) *context.err << render(warning, "warning") << "\n";
  });
}

}  // namespace arbiter::cli
