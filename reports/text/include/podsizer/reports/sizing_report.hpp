// Reports of sized designs: the side-by-side table (text, Markdown), one CSV
// row per design, and the JSON contract of docs/cli.md.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// The requirement in one line, as the reports print it under the title:
/// "41,472 GPUs = 72 SUs; rule …: read 10.80 TB/s, write 4.50 TB/s; usable 215.0 PB".
std::string requirement_line(const Requirements& r);
/// The same requirement as the workbook's short subtitle lines: "Requirement:
/// GPUs and capacity", then the throughput rule (read and the final write).
std::vector<std::string> requirement_lines(const Requirements& r);
/// The same for a sized result: a project's sites sized for their own needs
/// state their needs summed, not the whole fleet as one pod.
std::string requirement_line(const SizingResult& result);
std::vector<std::string> requirement_lines(const SizingResult& result);
/// The basis a design's racks and facility power were worked out on, as the
/// reports print it under the requirement: "Power basis: racks checked on
/// typical draw, no derating; facility power = IT power (typical) x PUE 1.58".
std::string power_basis_line(const Design& d);
/// The same from the basis, the derating and the PUE (the comparison's).
std::string power_basis_line(PowerBasis basis, double rack_derate, double pue);

/// Metrics as rows (with units), designs as columns: the slide table. Its
/// rows are the registry's sizing_table_metrics() (reports/metrics.hpp); the
/// "Meets requirements" row is a verdict row with met / not-met cells.
Grid side_by_side(const SizingResult& result);

/// One row per design, plain numbers, units in the headers, findings last:
/// the CSV shape (RFC 4180) scripts and spreadsheets read.
Grid sizing_csv_grid(const SizingResult& result);

/// One row per design and checkpoint job: what each design sustains (the
/// "Checkpoints" table of the text and Markdown reports); no rows without jobs.
Grid checkpoint_grid(const SizingResult& result);

/// The notes under that table (WAN for offsite copies, retained capacity),
/// one line each; empty when there is nothing to say.
std::string checkpoint_notes(const SizingResult& result);

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
