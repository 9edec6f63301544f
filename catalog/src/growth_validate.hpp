// The rules between the fields of a fleet's sites and a scenario's phases
// (docs/sites-and-phases.md), for validate(). Private to podsizer::catalog.
#pragma once

#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/scenario.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace podsizer::detail {

/// Appends each problem of `s`'s site list and phases to `out`.
void validate_growth(const Scenario& s, std::vector<Problem>& out);

/// Why `date` is not a calendar date written YYYY-MM-DD, or empty. The field
/// table's rule for a phase's "date" (so "" is refused like any malformed
/// date, fourth red-team round, D11) and validate()'s.
std::string date_problem(std::string_view date);

} // namespace podsizer::detail
