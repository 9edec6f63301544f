// The findings a sized design carries (docs/model.md §11): one small rule per
// concern, run in order by add_design_findings. A new check is one rule
// function and one line in its table (core/src/design_findings.cpp).
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/engine.hpp"

namespace podsizer {

/// What build_design sized a design from, for its findings.
struct DesignInputs {
    const HardwareChoice& hw;
    const Requirements& req;
    const Constraints& cons;
    double data_reduction = 1.0;
    const PerformanceRule* rule = nullptr; ///< may be null
};

/// Appends the findings of every rule to `d.findings`.
void add_design_findings(Design& d, const DesignInputs& in);

} // namespace podsizer
