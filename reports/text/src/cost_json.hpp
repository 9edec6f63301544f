// The `cost` JSON blocks of docs/cost.md: a design's and the cloud store's.
// Private to podsizer::reports.
#pragma once

#include "podsizer/core/cost.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace podsizer::detail {

/// currency, years, capex and its parts by name, opex_per_year and its parts
/// (energy_per_year, …), tco, present_value (with a rate), per usable
/// TB-month and per GB/s of read, unpriced (names), assumed_prices (names).
nlohmann::ordered_json design_cost_json(const DesignCost& c);

/// The cloud store's: capex 0, energy 0 (both in its price), storage,
/// egress and operations a year, opex_per_year, tco, present_value.
nlohmann::ordered_json cloud_cost_json(const CloudCost& c);

} // namespace podsizer::detail
