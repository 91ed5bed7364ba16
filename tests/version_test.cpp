#include "interpreter/packs/version.hpp"

#include <catch2/catch.hpp>

#include "grammar/diagnostic.hpp"

using namespace arbiter;
using namespace arbiter::packs;
using Catch::Matchers::Contains;

namespace {
bool accepts(const std::string& requirement, const std::string& version) {
  return Requirement::parse(requirement).accepts(Version::parse(version));
}
}  // namespace

TEST_CASE("versions have up to three parts and compare numerically", "[version]") {
  CHECK(Version::parse("1") == Version{1, 0, 0});
  CHECK(Version::parse("1.2") == Version{1, 2, 0});
  CHECK(Version::parse("1.10.3") > Version::parse("1.9.7"));
  CHECK(Version::parse("2.0.1").str() == "2.0.1");
  CHECK_THROWS_WITH(Version::parse("1.x"), Contains("bad version '1.x'"));
  CHECK_THROWS_WITH(Version::parse(""), Contains("expected numbers like 1.2.3"));
  CHECK_THROWS_WITH(Version::parse("1.2.3.4"), Contains("bad version"));
}

TEST_CASE("requirements accept the versions their operators say", "[version]") {
  CHECK(accepts("platemail", "0.1"));
  CHECK(accepts("platemail = 1.2", "1.2.0"));
  CHECK_FALSE(accepts("platemail = 1.2", "1.2.1"));
  CHECK(accepts("platemail >= 1.0", "1.0.0"));
  CHECK_FALSE(accepts("platemail >= 1.0", "0.9.9"));
  CHECK(accepts("platemail > 1.0", "1.0.1"));
  CHECK_FALSE(accepts("platemail > 1.0", "1.0.0"));
  CHECK(accepts("platemail <= 2", "2.0.0"));
  CHECK_FALSE(accepts("platemail < 2", "2.0.0"));
  CHECK(accepts("platemail >= 1.0, < 2", "1.9.9"));
  CHECK_FALSE(accepts("platemail >= 1.0, < 2", "2.0.0"));
}

TEST_CASE("the pessimistic ~> lets only the last written part and those after it grow", "[version]") {
  CHECK(accepts("p ~> 1.2", "1.2.0"));
  CHECK(accepts("p ~> 1.2", "1.9.0"));
  CHECK_FALSE(accepts("p ~> 1.2", "2.0.0"));
  CHECK_FALSE(accepts("p ~> 1.2", "1.1.9"));
  CHECK(accepts("p ~> 1.2.3", "1.2.9"));
  CHECK_FALSE(accepts("p ~> 1.2.3", "1.3.0"));
  CHECK(accepts("p ~> 1", "1.9.9"));
  CHECK_FALSE(accepts("p ~> 1", "2.0.0"));
}

TEST_CASE("a bad requirement says what was expected where", "[version]") {
  CHECK_THROWS_WITH(Requirement::parse("platemail >= one"),
                    "error: bad version requirement 'platemail >= one': expected a version like 1.2.3 after '>=' at "
                    "character 14");
  CHECK_THROWS_WITH(Requirement::parse("platemail ! 1"), Contains("expected one of = >= > <= < ~> at character 11"));
  CHECK_THROWS_WITH(Requirement::parse("platemail => 1"), Contains("expected a version like 1.2.3 after '='"));
  CHECK_THROWS_WITH(Requirement::parse("platemail >= 1 < 2"), Contains("expected ',' before another condition"));
  CHECK_THROWS_WITH(Requirement::parse(">= 1"), Contains("expected a pack name at character 1"));
  CHECK_THROWS_WITH(Requirement::parse("p >= 1,"), Contains("another condition after ','"));
}

TEST_CASE("a requirement no version can meet is refused, not told later as a pack not found", "[version]") {
  for (const char* none : {"p >= 1.0, < 0.5", "p > 1.0.0, < 1.0.1", "p = 1.2, = 1.3", "p ~> 1.2, < 1.2", "p > 2, <= 2"})
    CHECK_THROWS_WITH(Requirement::parse(none), Contains("accepts no version: its conditions cannot all hold"));
  // Ranges that hold one version or more stay.
  for (const char* some : {"p >= 1.0, <= 1.0", "p > 1.0.0, < 1.0.2", "p ~> 1.2, < 1.3", "p = 1.2, >= 1", "p < 0.0.1"})
    CHECK_NOTHROW(Requirement::parse(some));
  CHECK(Requirement::parse("p > 1.0.0, < 1.0.2").accepts(Version::parse("1.0.1")));
}
