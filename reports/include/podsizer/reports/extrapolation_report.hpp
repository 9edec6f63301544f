// A scenario grown to a capacity target, and its fleet plan, in every format.
#pragma once

#include "podsizer/core/extrapolation.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>

namespace podsizer {

/// Two columns per design (whole pods; one namespace), metrics as rows, then
/// the fleet rows (clusters, storage per site and in total) for per-pod
/// designs. `machine`: key/metric/unit columns and plain numbers (CSV).
Grid extrapolation_grid(const ScenarioExtrapolation& x, bool machine);

/// The whole report; JSON has the contract's `extrapolation` object (the
/// first design), an `extrapolations` array (every design) and `fleet`.
std::string render_extrapolation(const ScenarioExtrapolation& x, Format format);

} // namespace podsizer
