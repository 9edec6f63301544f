// A scenario grown to a capacity target, and its fleet plan, in every format.
#pragma once

#include "podsizer/core/extrapolation.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <utility>
#include <vector>

namespace podsizer {

/// Two columns per design (whole pods; one namespace), metrics as rows.
/// `machine` (CSV): key/metric/unit columns, plain numbers, and the fleet
/// rows (clusters, storage per site and in total) for per-pod designs below,
/// one grid as before; the text tables show those in fleet_grid and site_grids.
Grid extrapolation_grid(const ScenarioExtrapolation& x, bool machine);

/// The fleet of per-pod designs (one pod per training cluster): one column
/// per such design, its totals as rows; no rows without a fleet.
Grid fleet_grid(const ScenarioExtrapolation& x);

/// For each per-pod design of a fleet (its name, its grid): one row per site
/// (clusters, GPUs, usable capacity, racks, power) and a row for all sites.
std::vector<std::pair<std::string, Grid>> site_grids(const ScenarioExtrapolation& x);

/// The whole report; JSON has the contract's `extrapolation` object (the
/// first design), an `extrapolations` array (every design) and `fleet`.
std::string render_extrapolation(const ScenarioExtrapolation& x, Format format);

} // namespace podsizer
