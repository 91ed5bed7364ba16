#include "interpreter/cli/distribution_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

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

std::string mean_told(const Distribution<double>& d, const Distribution<double>::Moments& moments, int places) {
  const double reach = std::max(static_cast<double>(d.high()) - static_cast<double>(moments.origin),
                                static_cast<double>(moments.origin) - static_cast<double>(d.low()));
  return mean_held(moments.origin, moments.from_origin, reach, places);
}

std::string json_number(std::string decimal) {
  if (decimal.find('.') == std::string::npos || decimal.find('e') != std::string::npos) return decimal;
  while (decimal.ends_with('0') && !decimal.ends_with(".0")) decimal.pop_back();
  return decimal;
}

// Sums of floating-point probabilities carry error in their last digits (3d6's mean would print
// as 10.500000000000002). strtod, not stod: stod refuses the subnormal numbers (4.2e-315) that
// the far tail of an explosion reaches.
double json_double(double value) { return std::strtod(fmt::format("{:.15g}", value).c_str(), nullptr); }

std::string json_with_number(const nlohmann::ordered_json& before, std::string_view name, const std::string& number,
                             const nlohmann::ordered_json& after) {
  const std::string first = before.dump(), rest = after.dump();
  return first.substr(0, first.size() - 1) + (before.empty() ? "" : ",") + nlohmann::ordered_json(name).dump() + ":" +
         number + (after.empty() ? "}" : "," + rest.substr(1));
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
  // Never a 0: a chance that is not 0 yet is 0 in a double is below what a double holds (its
  // smallest, 5e-324, and the rounding of every sum behind it, well under 1e-300).
  if (percent <= 0) return "<1e-300";
  if (percent < 1e-12) return fmt::format("{:.2g}", percent);
  const int places = std::max(4, 1 - static_cast<int>(std::floor(std::log10(percent))));
  return fmt::format("{:.{}f}", percent, places);
}

std::string two_figures(const Fraction& percent) {
  // Its decimal exponent e (10^e <= percent < 10^(e + 1)), guessed from the lengths of its numbers
  // in bits and set right exactly: a double holds no exponent past -324 (a chance of 1e-331).
  const auto bits = [](const mpz_class& n) { return static_cast<long>(mpz_sizeinbase(n.get_mpz_t(), 2)); };
  long e = std::lround(static_cast<double>(bits(percent.get_num()) - bits(percent.get_den())) * std::log10(2.0));
  const auto times_ten_to = [](const Fraction& x, long exponent) {
    mpz_class power;
    mpz_ui_pow_ui(power.get_mpz_t(), 10, static_cast<unsigned long>(std::abs(exponent)));
    Fraction out = exponent >= 0 ? Fraction(x * power) : Fraction(x / power);
    out.canonicalize();
    return out;
  };
  while (times_ten_to(percent, -e) >= 10) ++e;
  while (times_ten_to(percent, -e) < 1) --e;
  // Its two figures, rounded as decimal() rounds (half to even); 9.96 rounds up to 10.
  std::string figures = decimal(times_ten_to(percent, 1 - e), 0);
  if (figures.size() == 3) {
    figures = "10";
    ++e;
  }
  if (e >= -12) return decimal(percent, static_cast<int>(std::max(4L, 1 - e)));
  // As the double's form writes it (fmt's {:.2g}): 3.9e-29, 4e-331.
  return fmt::format("{}{}{}e-{:02}", figures[0], figures[1] == '0' ? "" : ".", figures[1] == '0' ? "" : figures.substr(1),
                     -e);
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
