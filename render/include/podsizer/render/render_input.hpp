// What a PDF report or a set of chart files is made from: the study a
// command ran, and what only some commands have (the optimiser's answer, the
// resilience columns). Pointers into the caller's objects; null: not there.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/reports/resilience_report.hpp"
#include "podsizer/reports/study.hpp"

#include <string>
#include <vector>

namespace podsizer::render {

struct RenderInput {
    std::string command; ///< "size", "compare", "extrapolate", "optimize", "resilience"
    const Study* study = nullptr;
    const Catalog* catalog = nullptr;
    const Scenario* scenario = nullptr;
    /// optimize: its answer (the Pareto chart and table); compare without
    /// one: the charts run the optimiser for the Pareto chart.
    const OptimizerResult* optimization = nullptr;
    /// resilience: the columns the text report shows (the flags applied).
    const std::vector<ResilienceColumn>* resilience = nullptr;
    std::string date; ///< YYYY-MM-DD, on the PDF's first page
};

} // namespace podsizer::render
