// Export paths checked before anything is written: never one of the run's own
// inputs, never the same file twice (docs/cli.md, "Exports"); the check itself
// is podsizer/reports/run_files.hpp, shared with the batch workbook and the GUI.
#pragma once

#include "cli_common.hpp"
#include "podsizer/reports/run_files.hpp"

#include <optional>
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

/// The CLI11 check for a file the run reads (--prices): an empty value (an
/// unset shell variable) is an error, never "none".
CLI::Validator non_empty_path();

/// `path` without its trailing slashes ("/" stays "/"): a directory a run
/// makes, as the output plan compares it.
std::string without_trailing_slashes(std::string path);

/// Whether `path` names an existing directory.
bool is_directory(const std::string& path);

/// What an output flag names: a file, a directory (--charts), or either (--svg).
enum class OutputKind { file, directory, file_or_directory };

/// The CLI11 check for a flag naming what the run writes (--xlsx, --svg,
/// --pdf, --charts): non_empty_path's, under a name that marks the option as
/// an output, so the output-plan test finds every command's outputs in the
/// command tree itself (tests/cli/output_plan_test.cpp), not in a list.
CLI::Validator output_path(OutputKind kind);

/// Adds an output flag to `cmd`: output_path's check of `kind`, the shell's
/// completion, and FILE, DIR or FILE_OR_DIR in --help.
CLI::Option* add_output_option(CLI::App& cmd, const std::string& flag, std::string& path,
                               const std::string& help, OutputKind kind = OutputKind::file);

/// The kind `option` was marked with by output_path; nullopt: not an output.
std::optional<OutputKind> output_kind(CLI::Option& option);

} // namespace podsizer::cli
