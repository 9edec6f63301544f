// `podsizer batch` and `podsizer sweep` without the command line: size many
// scenarios in parallel and write one report in a stable order
// (docs/batch.md). The catalog is read-only and shared by every thread.
#pragma once

#include "podsizer/batch/sweep.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/price_book.hpp"
#include "podsizer/reports/batch_report.hpp"

#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace podsizer {

struct BatchOptions {
    BatchFormat format = BatchFormat::table;
    unsigned jobs = 1;         ///< worker threads; 1 runs everything on the calling thread
    std::string xlsx;          ///< also write the batch workbook here (empty: none)
    std::string workbook_date; ///< YYYY-MM-DD for the workbook; empty: today
    /// JSON Lines carry each run's whole design, not its headline figures
    /// (docs/batch.md, `--full`).
    bool full = false;
    /// A price book over every run's scenario (--prices, docs/cost.md);
    /// none: each scenario's own `prices`, if any.
    std::optional<PriceBook> prices;
    /// Where the book was read ("pb.json"), for its item errors: each run
    /// checks the items against its own catalog (fourth red-team round, D8).
    std::string prices_file;
};

/// Thrown by run_batch and run_sweep when `out` has failed (a full disk, a
/// closed pipe) and no workbook is asked for: the remaining runs would be
/// computed for nothing. The caller reports the stream's error.
struct OutputFailed : std::runtime_error {
    OutputFailed() : std::runtime_error("the report's output stream failed") {}
};

/// The scenario files named by the arguments: files as given, directories
/// walked (recursively) for *.json files in sorted path order. A directory
/// without any is reported as an input of its own whose `error` says so. A
/// catalog file found in a directory (the layout docs/scenario-format.md
/// suggests: a scenario's catalog beside it) is no run: its `skipped` says
/// why, and run_batch prints that as a note (third red-team round, defect 11).
struct BatchInput {
    std::string path;
    std::string error;
    std::string skipped;
};
std::vector<BatchInput> expand_batch_inputs(const std::vector<std::string>& args);

/// Sizes every scenario file. Results go to `out` in input order; a bad file
/// is reported on `err` ("podsizer: error: FILE: ...") and does not stop the
/// others. With options.xlsx, the workbook is written after the report, and
/// only when at least one run was sized; a failure, or no sized run, is
/// returned in BatchSummary::workbook_error. Returns the counts
/// (the caller prints the summary line).
BatchSummary run_batch(const std::vector<std::string>& args, const Catalog& catalog,
                       const BatchOptions& options, std::ostream& out, std::ostream& err);

/// Sizes every run of a sweep, in run order; a run whose scenario the reader
/// rejects is reported on `err` with its parameter values.
BatchSummary run_sweep(const Sweep& sweep, const Catalog& catalog, const BatchOptions& options,
                       std::ostream& out, std::ostream& err);

} // namespace podsizer
