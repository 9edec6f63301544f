// The workbook of `podsizer diff --xlsx FILE` (docs/reports.md, "The diff
// workbook"): one Differences sheet with, per pair of designs, the headline
// metrics of A and B as the values podsizer computed, and the delta and the
// percent delta as formulas over them (each with its cached result).
#pragma once

#include "podsizer/reports/diff_report.hpp"
#include "podsizer/reports/workbook.hpp"

#include <string>

namespace podsizer {

/// Writes the workbook to `path` atomically; throws InputError naming `path`
/// when it cannot be written. Returns the formulas written (for the tests
/// that compare a spreadsheet program's recalculation with them).
WorkbookManifest write_diff_workbook(const std::string& path, const SizingDiff& diff,
                                     const WorkbookOptions& options = {});

} // namespace podsizer
