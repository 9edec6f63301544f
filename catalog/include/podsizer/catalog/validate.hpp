// Checking a Scenario against the field table's rules and the rules between
// fields (docs/scenario-format.md). The scenario reader calls it after
// reading a file, and the GUI's form calls it on every edit, so both apply
// one rule set and name problems by the same JSON path.
#pragma once

#include "podsizer/catalog/json_path.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// One thing wrong with a scenario, at the place a file would hold it.
struct Problem {
    JsonPath path;
    std::string message;

    bool operator==(const Problem&) const = default;
};

/// Every problem of `scenario`, in document order; empty when it can be sized.
std::vector<Problem> validate(const Scenario& scenario, const Catalog& catalog);

} // namespace podsizer
