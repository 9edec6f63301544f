// The sizing engine: a pure function of (scenario, catalog) → designs.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"

namespace podsizer {

/// Sizes every option of the scenario (or one automatic option when it has
/// none). Throws InputError when the scenario names things the catalog lacks.
SizingResult size_scenario(const Scenario& scenario, const Catalog& catalog);

/// Sizes one option against already computed requirements.
Design size_option(const OptionSpec& option, const Requirements& req, const Scenario& scenario,
                   const Catalog& catalog);

/// Evaluates a hand-made design: the counts are taken as given (no sizing);
/// requirements, if any, only produce findings.
struct HandDesign {
    std::string name;
    std::string cnode;
    std::string dbox;
    std::optional<Capacity> drive;
    std::string rack;
    std::string network_switch;
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
};
Design evaluate_design(const HandDesign& hand, const Requirements& req,
                       const Constraints& constraints, double data_reduction,
                       const Catalog& catalog);

} // namespace podsizer
