// The optimiser's answer: the best design for the objective and, on request,
// the whole Pareto front.
#pragma once

#include "podsizer/core/optimizer.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>

namespace podsizer {

/// Two lines: how many designs were evaluated, how many are feasible and on
/// the front; then the best design for the objective (or that none is).
std::string optimization_summary(const OptimizerResult& result);

/// One row per Pareto member: hardware, counts, racks, power, capacity,
/// throughput. `machine`: plain numbers (CSV).
Grid pareto_grid(const OptimizerResult& result, bool machine);

/// Table and Markdown: a summary line, the best design side by side and,
/// with `with_pareto`, the front. CSV: the front (with the best marked), or
/// the best design alone without `with_pareto`. JSON: `best` and the
/// `pareto` array, always.
std::string render_optimization(const OptimizerResult& result, Format format, bool with_pareto);

} // namespace podsizer
