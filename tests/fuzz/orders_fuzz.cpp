// libFuzzer target for the order-sheet parser (cmake -DARBITER_FUZZ=ON with clang; see
// tests/fuzz/README.md). Any input must either parse or be refused with arbiter::Error; a sheet that
// parses must print canonically and read back to the same tree.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "grammar/diagnostic.hpp"
#include "grammar/orders.hpp"
#include "grammar/orders_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arbiter;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  orders::Sheet sheet;
  try {
    sheet = orders::parse_orders(text, "fuzz.txt");
  } catch (const Error&) {
    return 0;  // refused with a diagnostic: fine
  }
  const std::string printed = orders::format(sheet);
  try {
    if (orders::parse_orders(printed, "printed.txt") == sheet) return 0;
    std::fprintf(stderr, "printing changed the sheet:\n%s\n", printed.c_str());
  } catch (const Error& e) {
    std::fprintf(stderr, "the printed sheet does not parse:\n%s\n%s\n", printed.c_str(), e.what());
  }
  std::abort();
}
