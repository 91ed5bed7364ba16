#include "interpreter/cli/distribution_table.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include <fmt/format.h>

namespace arbiter::cli {

std::string decimal(double x, int places) {
  std::string text = fmt::format("{:.{}f}", x, places);
  if (text.starts_with('-') && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
}

namespace {

constexpr int held = 15;  // the significant digits a double holds reliably here

int whole_digits(double x) { return std::abs(x) < 1 ? 1 : static_cast<int>(std::floor(std::log10(std::abs(x)))) + 1; }

}  // namespace

std::string decimal_held(double x, int places) {
  if (whole_digits(x) > held) return fmt::format("{:.{}g}", x, held);
  return decimal(x, std::min(places, held - whole_digits(x)));
}

std::string mean_held(std::int64_t origin, double from_origin, double reach, int places) {
  const int decimals = held - whole_digits(reach);
  if (decimals >= 0) return decimal(Fraction(static_cast<long>(origin)) + Fraction(from_origin), std::min(places, decimals));
  const double mean = static_cast<double>(origin) + from_origin;
  const int significant = whole_digits(mean) + decimals;  // its digits down to the last one held
  if (significant >= 1) return fmt::format("{:.{}g}", mean, significant);
  const double last_held = std::pow(10.0, -decimals);  // a mean nearer 0 than that is 0 or it, rounded
  return fmt::format("{:.1g}", std::round(mean / last_held) * last_held);
}

std::string decimal(const Fraction& x, int places) { return decimal(x.get_num(), x.get_den(), places); }

std::string decimal(const mpz_class& numerator, const mpz_class& denominator, int places) {
  mpz_class scale;
  mpz_ui_pow_ui(scale.get_mpz_t(), 10, static_cast<unsigned long>(places));
  const mpz_class scaled = abs(numerator) * scale;
  mpz_class whole, rest;
  mpz_fdiv_qr(whole.get_mpz_t(), rest.get_mpz_t(), scaled.get_mpz_t(), denominator.get_mpz_t());
  const int half = cmp(2 * rest, denominator);
  if (half > 0 || (half == 0 && mpz_odd_p(whole.get_mpz_t()))) ++whole;
  // The digits of `whole`, at least one before the point, the point set `places` from the end.
  std::string digits = whole.get_str();
  const auto width = static_cast<std::size_t>(places) + 1;
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  if (places > 0) digits.insert(digits.size() - static_cast<std::size_t>(places), 1, '.');
  return (sgn(numerator) < 0 && whole != 0 ? "-" : "") + digits;
}

std::string two_figures(double percent) {
  if (percent < 1e-12) return fmt::format("{:.2g}", percent);
  const int places = std::max(4, 1 - static_cast<int>(std::floor(std::log10(percent))));
  return fmt::format("{:.{}f}", percent, places);
}

std::string uncertain_in_table(std::string four_decimals) {
  if (four_decimals == "100.0000") return ">99.9999";
  if (four_decimals == "0.0000") return "<0.0001";
  return four_decimals;
}

void print_distribution(std::ostream& out, const DistributionRows& rows, bool every_row) {
  constexpr double bar_width = 50;
  double highest = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) highest = std::max(highest, rows.p(i));
  const bool fractions = rows.has_fractions();
  std::size_t fraction_width = 8;
  if (fractions)
    for (std::size_t i = 0; i < rows.size(); ++i) fraction_width = std::max(fraction_width, rows.fraction(i).size());
  out << fmt::format("{:>8}  {:>9}  {:>9}  {:>9}", "value", "p", "at least", "at most");
  if (fractions) out << fmt::format("  {:>{}}", "fraction", fraction_width);
  out << "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::size_t run_end = i;
    if (!every_row)
      while (run_end < rows.size() && rows.prints_as_zero(run_end)) ++run_end;
    if (run_end - i >= 2) {
      const std::string values = fmt::format("{}…{}", rows.value(i), rows.value(run_end - 1));
      if (i == 0 && run_end == rows.size()) {
        // Every value: together they are every roll made, which says nothing; the first line gave
        // the mean and spread.
        out << fmt::format("{:>8}  all {} values, each below 0.00005% (--all lists them)\n", values, run_end);
        break;
      }
      double together = 0;
      for (std::size_t tiny = i; tiny != run_end; ++tiny) together += rows.p(tiny);
      // Part of the values, never certain, and never read as such.
      out << fmt::format("{:>8}  {} values, each below 0.00005%, together {}% (--all lists them)\n", values,
                         run_end - i, uncertain_in_table(two_figures(100 * together)));
      i = run_end - 1;
      continue;
    }
    const DistributionRow row = rows.row(i);
    out << fmt::format("{:>8}  {:>8}%  {:>8}%  {:>8}%", row.value, row.p_text, row.at_least_text, row.at_most_text);
    if (fractions) out << fmt::format("  {:>{}}", row.fraction, fraction_width);
    const auto bar = highest > 0 ? static_cast<std::size_t>(std::lround(bar_width * row.p / highest)) : 0;
    out << "  " << std::string(bar, '#') << "\n";
  }
}

}  // namespace arbiter::cli
