// Export paths checked before anything is written: never one of the run's own
// inputs, never the same file twice (docs/cli.md, "Exports"); the check itself
// is podsizer/reports/run_files.hpp, shared with the batch workbook and the GUI.
#pragma once

#include "cli_common.hpp"
#include "podsizer/reports/run_files.hpp"

#include <string>
#include <vector>

namespace podsizer::cli {

/// Records the catalog files a scenario named, as read (read_scenario and
/// sweep call it), so run_inputs lists them: inputs no export may replace.
void note_scenario_catalog_files(const std::vector<std::string>& files);

/// Records a price-book file the run read (--prices, or a scenario's
/// `prices`), so run_inputs lists it: no export may replace it.
void note_price_book_file(const std::string& path);

/// The scenario (when there is one), every --catalog file, every catalog
/// file a scenario read so far named (note_scenario_catalog_files) and every
/// price book read (note_price_book_file).
std::vector<RunFile> run_inputs(const GlobalOptions& g, const std::string& scenario_path);

/// The CLI11 check for --xlsx and --svg: an empty value (an unset shell
/// variable) is an error, never "no export".
CLI::Validator non_empty_path();

} // namespace podsizer::cli
