// --xlsx and --svg on the commands that size designs (size, design, compare,
// extrapolate): the same files the GUI exports, written atomically through
// podsizer::reports.
#pragma once

#include "output_paths.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/reports/study.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace podsizer::cli {

struct ExportOptions {
    std::string xlsx;             ///< workbook path; empty: none
    std::string svg;              ///< rack elevation file or directory; empty: none
    std::string svg_view;         ///< --svg-view: the drawings per design; empty: racks
    bool xlsx_rack_units = false; ///< --xlsx-rack-units: the workbook lists every U
    std::string bom;              ///< --bom: the bill of materials as CSV; empty: none
    std::string bom_delta;        ///< --bom-delta (compare): each column's bill less the first's
};

/// Adds --xlsx FILE and --svg FILE_OR_DIR to `cmd`.
void add_export_options(CLI::App* cmd, ExportOptions& options);

/// Adds --bom FILE (size only: the designs it sizes carry a bill, docs/bom.md).
void add_bom_option(CLI::App* cmd, ExportOptions& options);

/// Adds --bom-delta FILE (compare: what each column orders beyond the first,
/// docs/bom.md §6).
void add_bom_delta_option(CLI::App* cmd, ExportOptions& options);

/// Writes the requested exports of `study` through reports' export_study
/// and names each file written on stderr. --svg: a directory (existing, or a
/// path ending in '/') gets one file per design; a file name takes the only
/// design, or with several the name gets each design's number and name
/// ("racks.svg" -> "racks-01-ncp-pod.svg", always .svg). The workbook has what the study
/// holds: the comparison's pods, reference columns and ratios in its Summary,
/// the Fleet sheet with a fleet split. Throws InputError naming the flag when
/// a file cannot be written. Before writing anything, every target is
/// checked with check_outputs against `inputs` (run_inputs) and the others.
/// `optimization` (optimize): the workbook also gets the Pareto front sheet.
/// `later`: the files the run writes after these (the output plan's --pdf
/// and --charts files), checked with them before any is written.
void write_exports(const ExportOptions& options, const Study& study, const Catalog& catalog,
                   const Scenario* scenario, const std::vector<RunFile>& inputs,
                   const OptimizerResult* optimization = nullptr,
                   const std::vector<RunFile>& later = {});

} // namespace podsizer::cli
