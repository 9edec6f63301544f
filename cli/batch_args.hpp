// The flags `batch` and `sweep` share (--jobs, --xlsx), turned into the
// runner's options, and how both end: the workbook line, the summary line and
// the exit code (docs/batch.md).
#pragma once

#include "cli_common.hpp"
#include "output_paths.hpp"
#include "podsizer/batch/batch_runner.hpp"

#include <string>

namespace podsizer::cli {

struct BatchArgs {
    std::string jobs;   ///< empty: one worker per core
    std::string xlsx;   ///< empty: no workbook
    bool full = false;  ///< --full: JSON Lines carry the whole design
    std::string prices; ///< --prices: a price book over every scenario's (empty: theirs)
};

/// Adds --jobs/-j, --xlsx, --full and --prices to a batch-like subcommand.
void add_batch_flags(CLI::App& cmd, BatchArgs& args);

/// The runner's options from the global --format and the batch flags; bad
/// values are InputErrors naming the flag.
BatchOptions batch_options(const GlobalOptions& g, const BatchArgs& args);

/// Refuses --xlsx before any run when it names one of `inputs` (the
/// scenario files, --catalog files) or a file check_export_target refuses.
void check_batch_xlsx(const BatchArgs& args, const std::vector<RunFile>& inputs);

/// Prints the workbook outcome and the summary on stderr; returns the exit code.
int finish_batch(const BatchSummary& summary, const BatchArgs& args);

} // namespace podsizer::cli
