// Reports of many sizings at once (`podsizer batch` and `podsizer sweep`):
// one row per scenario × option, in table, Markdown, CSV, JSON or JSON Lines.
// Each run is rendered on its own (possibly on a worker thread), so the CLI
// can stream rows in order as soon as they are computed.
#pragma once

#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/enum_names.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace podsizer {

enum class BatchFormat {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/reports/batch_format.def"
};
inline constexpr auto kBatchFormatNames = enum_names<BatchFormat>({
#define ENUM_NAME(value, spelling, ...) {BatchFormat::value, spelling},
#include "podsizer/reports/batch_format.def"
});

/// A batch of scenario files, or a sweep of one scenario's parameters.
enum class BatchKind { batch, sweep };

std::optional<BatchFormat> batch_format_from_string(std::string_view s);

/// One scenario sized in a batch, or one parameter combination of a sweep.
struct BatchRun {
    std::size_t index = 0; ///< position in the output, from 1
    std::string file;      ///< the scenario file
    /// Sweep: each parameter as named on the command line, with its value.
    std::vector<std::pair<std::string, FieldValue>> parameters;
    /// Sweep: the values as shown in label columns ("100 PB"), one per parameter.
    std::vector<std::string> labels;
    std::optional<SizingResult> result; ///< absent when the input was bad
    std::string error;                  ///< the one-line reason when it was bad
    /// No site of a site list and no phase breaks a limit (true without
    /// them): a run is "not met" when `size` of its scenario would exit 1.
    bool growth_ok = true;
};

enum class RunStatus { sized, not_met, bad };
RunStatus status_of(const BatchRun& run);

/// How many runs were sized with every requirement met, sized with some not
/// met, and not sized at all (bad input). The exit code these make is the
/// CLI's (cli/exit_codes.hpp, batch_exit_code).
struct BatchSummary {
    std::size_t sized = 0;
    std::size_t not_met = 0;
    std::size_t bad = 0;
    /// Why the --xlsx workbook could not be written ("--xlsx: PATH: ..."); empty
    /// when it was, or when none was asked for.
    std::string workbook_error;

    void add(RunStatus s);
    /// "3 sized, 1 not met, 2 bad"
    std::string line() const;
};

/// A run rendered in the report's format.
struct RenderedRun {
    RunStatus status = RunStatus::bad;
    std::string text;                           ///< csv, json, jsonl: the run's lines
    std::vector<std::vector<std::string>> rows; ///< table, md: the run's rows
    std::string error;                          ///< for stderr; empty when sized
    /// With the workbook on: the run's CSV cells (one row per option) and
    /// its designs' hardware (models only) for the Assumptions sheet.
    std::vector<std::vector<std::string>> workbook_rows;
    /// Each workbook row's findings (its Findings cell, as findings), for
    /// the workbook's Findings sheet.
    std::vector<std::vector<Finding>> workbook_findings;
    std::vector<Design> models;
};

class BatchReport {
public:
    /// A batch has File (and, in CSV, Scenario) label columns; a sweep has
    /// one column per parameter, named as given in `parameter_names`.
    BatchReport(BatchFormat format, BatchKind kind, std::vector<std::string> parameter_names = {});

    BatchFormat format() const { return format_; }
    /// Also fill RenderedRun::workbook_rows and models (for --xlsx).
    void set_workbook(bool on) { workbook_ = on; }
    /// JSON Lines: each run's whole design rather than its headline figures.
    void set_full(bool on) { full_ = on; }
    /// The price book of every run (--prices, or a sweep's scenario's): the
    /// table and CSV get cost columns (docs/cost.md); none without one.
    void set_prices(std::optional<PriceBook> book) { prices_ = std::move(book); }
    bool streams() const { return format_ != BatchFormat::table && format_ != BatchFormat::md; }

    /// Renders one run (taken by value: rendering may take its designs
    /// apart); safe to call from several threads at once.
    RenderedRun render(BatchRun run) const;

    /// Text before the first run (the CSV header, the JSON opening).
    std::string begin() const;
    /// Text between two runs' `text` in streaming formats (JSON: ",").
    std::string separator(bool first) const;
    /// Text after the last run; for table and md, the whole table from the
    /// collected rows.
    std::string end(const std::vector<std::vector<std::string>>& rows,
                    const BatchSummary& summary) const;

    /// Headers of the table/md columns and of the CSV columns.
    std::vector<std::string> table_header() const;
    std::vector<std::string> csv_header() const;
    /// How many leading CSV columns name a row: the labels (File, or the
    /// sweep's parameters), a batch's Scenario, and Design.
    std::size_t csv_label_columns() const;

private:
    std::vector<std::string> label_header() const;
    std::vector<std::string> label_cells(const BatchRun& run) const;
    /// The CSV cells of every design of a sized run.
    std::vector<std::vector<std::string>> csv_rows(const BatchRun& run) const;
    // The parts of render(), one per output.
    void render_workbook_part(const BatchRun& run, RenderedRun& out) const;
    void render_table_rows(const BatchRun& run, RenderedRun& out) const;
    void render_csv_text(const BatchRun& run, RenderedRun& out) const;
    void render_json_text(BatchRun& run, RenderedRun& out) const;

    BatchFormat format_;
    BatchKind kind_;
    std::vector<std::string> parameter_names_;
    bool workbook_ = false;
    bool full_ = false;
    std::optional<PriceBook> prices_;
};

} // namespace podsizer
