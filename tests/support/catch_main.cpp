// The suite's main: Catch2 v2's own, with the compact reporter by default. The console reporter
// aborts on a TextFlow assertion (`m_width > m_indent`) as it prints the header of a failing test
// whose name has ": " past its 80 columns, where it indents the name's next lines: the failure
// itself was never printed. The compact reporter prints each failure on its own line, whatever the
// names; `-r console` still chooses the other.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <string>

int main(int argc, char* argv[]) {
  Catch::Session session;
  session.configData().reporterName = "compact";  // before the command line, which may choose another
  if (const int usage = session.applyCommandLine(argc, argv)) return usage;
  return session.run();
}

// Run on purpose by its own ctest test, which expects its failure in the output: hidden ([.]) from
// the suite, which it fails.
TEST_CASE("a failing test prints what failed whatever its name, even one that runs past the console's width: this one",
          "[.failure-printed]") {
  CHECK(std::string("this failure is printed") == "");
}
