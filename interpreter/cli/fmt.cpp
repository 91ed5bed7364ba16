// arbiter fmt SHEET: prints an order sheet in the canonical compact form.
#include <memory>
#include <ostream>

#include "grammar/orders.hpp"
#include "grammar/orders_format.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/sheets.hpp"

namespace arbiter::cli {

void add_fmt_command(CLI::App& app, Context& context) {
  // The sheet's tree holds no comments: the players' notes would be lost in silence.
  auto* command = app.add_subcommand("fmt", "Print an order sheet in the canonical compact form, without its comments");
  command->footer("Comments are not kept: write the output to a new file, not over the sheet, to keep the players' "
                  "notes.");
  auto sheet = std::make_shared<std::string>();  // owned by the callback, which outlives parsing
  command->add_option("SHEET", *sheet, "The order sheet")->required();
  command->callback([&context, sheet] { *context.out << orders::format(orders::parse_orders(read_sheet(*sheet), *sheet)); });
}

}  // namespace arbiter::cli
