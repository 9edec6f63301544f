// The side-by-side comparison (designs, designs grown to a target, reference
// systems) in every format: the same rows and columns in each.
#pragma once

#include "podsizer/core/comparison.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>

namespace podsizer {

/// Metrics as rows, columns as in the comparison. For people (`machine`
/// false): the unit in the row label, numbers with thousands separators,
/// "n/a" where a metric does not apply. For machines (CSV): key, metric and
/// unit columns, then plain numbers, empty where a metric does not apply.
Grid comparison_grid(const Comparison& comparison, bool machine);

/// The whole report in a format; ends with a newline. JSON carries the
/// columns, a `references` array (name, racks, usable_capacity_bytes,
/// read_bytes_per_s, write_bytes_per_s, power_w, accounts, ...), the ratios,
/// the rows as in the table, and the findings.
std::string render_comparison(const Comparison& comparison, Format format);

} // namespace podsizer
