// Reports of sized designs: the side-by-side table (text, Markdown), one CSV
// row per design, and the JSON contract of docs/cli.md.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// Metrics as rows (with units), designs as columns: the slide table.
Grid side_by_side(const SizingResult& result);

/// One row per design, plain numbers, units in the headers, findings last:
/// the CSV shape (RFC 4180) scripts and spreadsheets read.
Grid sizing_csv_grid(const SizingResult& result);

/// The metric labels of the side-by-side table, in order (with units).
const std::vector<std::string>& design_metric_labels();
/// One design's metrics in that order: as the table shows them, or (machine)
/// as the CSV writes them.
std::vector<std::string> design_metric_cells(const Design& d, bool machine);
/// A design's findings as one CSV cell ("severity code: message; ...").
std::string design_findings_cell(const Design& d);

/// The whole report in a format; ends with a newline.
std::string render_sizing(const SizingResult& result, Format format);

} // namespace podsizer
