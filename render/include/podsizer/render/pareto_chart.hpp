// The optimiser's Pareto front (`podsizer optimize --pareto`) as a chart:
// each member's racks against its power, the best design for the objective
// marked, and the scenario's own designs beside them when given (compare:
// how far the proposal is from the front). The front is five- or
// six-dimensional (racks, power, read, write, capacity, cost): members that
// look dominated here win on a metric the two axes do not show, which the
// subtitle says.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/optimizer.hpp"

#include <QString>
#include <vector>

class QChart;

namespace podsizer::render {

/// Fills `chart` (series and axes replaced). `own`: designs to mark beside
/// the front (may be empty). Returns why nothing is drawn, empty when drawn.
QString plot_pareto(QChart* chart, const OptimizerResult& result, const std::vector<Design>& own);

} // namespace podsizer::render
