// --xlsx and --svg on the commands that size designs (size, design, compare,
// extrapolate): the same files the GUI exports, written atomically through
// podsizer::reports.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/fleet.hpp"
#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace podsizer::cli {

struct ExportOptions {
    std::string xlsx; ///< workbook path; empty: none
    std::string svg;  ///< rack elevation file or directory; empty: none
};

/// Adds --xlsx FILE and --svg FILE_OR_DIR to `cmd`.
void add_export_options(CLI::App* cmd, ExportOptions& options);

/// Writes the requested exports of `result` and names each file written on
/// stderr. --svg: a directory (existing, or a path ending in '/') gets one
/// file per design; a file name takes the only design, or with several the
/// name gets each design's number and name ("racks.svg" -> "racks-01-ncp-pod.svg").
/// With a comparison, the workbook's Summary has its pods and reference
/// columns and ratios. Throws InputError naming the flag when a file cannot
/// be written.
/// With a fleet plan (extrapolate), the workbook also has the Fleet sheet.
void write_exports(const ExportOptions& options, const SizingResult& result, const Catalog& catalog,
                   const Scenario* scenario, const Comparison* comparison = nullptr,
                   const FleetSplit* fleet = nullptr);

/// The date for workbook headers: SOURCE_DATE_EPOCH (reproducible builds'
/// convention) when set, else today; YYYY-MM-DD in UTC.
std::string export_date();

} // namespace podsizer::cli
