// The side-by-side comparison (designs, designs grown to a target, reference
// systems) in every format: the same rows and columns in each.
#pragma once

#include "podsizer/core/comparison.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// One row of the comparison: a metric of the registry (reports/metrics.hpp)
/// across the columns, or a ratio to a reference; values in `unit`, nullopt
/// where the metric does not apply (C-nodes of a cloud store).
struct ComparisonRow {
    std::string key;   ///< stable id for scripts: "racks", "ratio_racks:cloud-object-store"
    std::string label; ///< for people: "Racks", "Racks ÷ Cloud HDD object store"
    std::string unit;  ///< empty for counts and labels naming their unit; "×" for ratios
    int decimals = 0;  ///< how many decimals a display shows
    std::vector<std::optional<double>> values = {};
    /// Per value: the assumed catalog figures it rests on (docs/model.md §14).
    std::vector<std::vector<std::string>> assumptions = {};
};

/// The rows every format shows, in order: the registry's comparison metrics
/// (the account-limit rows only when a limit caps a reference), then for each
/// reference its ratio rows.
std::vector<ComparisonRow> comparison_rows(const Comparison& comparison);

/// A column's verdict for people: a reference short of the need says what it
/// cannot deliver, with the figure (docs/model.md §15); else the verdict's cell.
std::string column_verdict_text(const ComparisonColumn& column);

/// What a column is: "1 pod", "5 pods to 1,000.0 PB", "at 1,000.0 PB".
std::string column_basis(const Comparison& comparison, const ComparisonColumn& column);
/// "References sized at 1,000.0 PB (the target)" (or "(the capacity of NCP pod)").
std::string references_line(const Comparison& comparison);

/// Metrics as rows, columns as in the comparison. For people (`machine`
/// false): the unit in the row label, numbers with thousands separators,
/// "n/a" where a metric does not apply. For machines (CSV): key, metric and
/// unit columns, then plain numbers, empty where a metric does not apply.
/// The "Meets requirements" row is a verdict row with met / not-met cells.
Grid comparison_grid(const Comparison& comparison, bool machine);

/// The whole report in a format; ends with a newline. JSON carries the
/// columns, a `references` array (name, racks, usable_capacity_bytes,
/// read_bytes_per_s, write_bytes_per_s, power_w, accounts, ...), the ratios,
/// the rows as in the table, and the findings.
std::string render_comparison(const Comparison& comparison, Format format);

} // namespace podsizer
