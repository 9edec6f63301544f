// The `podsizer resilience` report (docs/resilience.md §8–§12, docs/cli.md):
// per design, rebuild times and the odds of losing data, throughput with a
// D-box down, a WAN outage's backlog and catch-up, staging and endurance.
#pragma once

#include "podsizer/core/resilience.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <vector>

namespace podsizer {

struct ResilienceColumn {
    const Design* design = nullptr;
    DesignResilience resilience;
};

/// What the report was asked: the scenario's name and the inputs in force.
struct ResilienceQuery {
    std::string scenario;
    ResilienceInputs inputs;
};

/// The metrics (rows) of each design (columns), as the table prints them;
/// `machine`: a key column first and plain numbers (CSV).
Grid resilience_grid(const std::vector<ResilienceColumn>& cols, bool machine);

std::string render_resilience(const ResilienceQuery& q, const std::vector<ResilienceColumn>& cols,
                              Format format);

} // namespace podsizer
