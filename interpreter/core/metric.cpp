#include "interpreter/core/metric.hpp"

#include <array>
#include <cmath>
#include <cstdlib>
#include <string>

#include "grammar/diagnostic.hpp"
#include "interpreter/core/names.hpp"

namespace arbiter {

namespace {
constexpr std::array<std::string_view, 4> metric_names{"chebyshev", "manhattan", "alternating", "euclidean"};
}

std::string_view name(Metric metric) { return metric_names[static_cast<std::size_t>(metric)]; }

Metric parse_metric(std::string_view text) {
  for (std::size_t i = 0; i < metric_names.size(); ++i)
    if (same_name(text, metric_names[i])) return static_cast<Metric>(i);
  std::string message = "unknown distance metric '" + std::string(text) +
                        "' (chebyshev, manhattan, alternating, euclidean)";
  if (const std::string hint = did_you_mean(text, {metric_names.begin(), metric_names.end()}); !hint.empty())
    message += "; " + hint;
  throw Error(message);
}

double distance(Metric metric, Cell a, Cell b) {
  const int dx = std::abs(a.x - b.x);
  const int dy = std::abs(a.y - b.y);
  const int diagonal = std::min(dx, dy);
  const int straight = std::max(dx, dy) - diagonal;
  switch (metric) {
    case Metric::Chebyshev: return std::max(dx, dy);
    case Metric::Manhattan: return dx + dy;
    case Metric::Alternating: return straight + diagonal + diagonal / 2;
    case Metric::Euclidean: return std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
  }
  return 0;
}

bool allows_diagonal_steps(Metric metric) { return metric != Metric::Manhattan; }

bool adjacent(Metric metric, Cell a, Cell b) {
  const int dx = std::abs(a.x - b.x);
  const int dy = std::abs(a.y - b.y);
  if (dx > 1 || dy > 1 || (dx == 0 && dy == 0)) return false;
  return allows_diagonal_steps(metric) || dx + dy == 1;
}

}  // namespace arbiter
