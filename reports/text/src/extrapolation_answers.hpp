// One answer per question when a scenario is grown to a target with a fleet
// (REVIEW-3 part B item 10): whole pods to reach the target, the fleet as
// planned (one pod per cluster), and one namespace, each with what it
// assumes. Private to podsizer::text.
#pragma once

#include "podsizer/core/extrapolation.hpp"
#include "podsizer/reports/grid.hpp"
#include "report_json.hpp"

namespace podsizer::detail {

/// The rows: question, pods, usable, racks, what the answer assumes; no
/// rows without a fleet.
Grid answers_grid(const ScenarioExtrapolation& x);

/// The same as JSON objects (`design`, `question`, `pods`,
/// `usable_capacity_bytes`, `racks`, `assumes`).
ojson answers_json(const ScenarioExtrapolation& x);

} // namespace podsizer::detail
