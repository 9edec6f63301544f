// The workbook of `podsizer batch` and `podsizer sweep` (--xlsx): a Results
// sheet with one row per run × option — the CSV's columns, numbers as numbers
// —, a Findings sheet that prints each row's findings whole, one a line, and
// the Assumptions sheet of the proposal workbook for the hardware the designs
// use (every catalog figure with its source). docs/batch.md.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/reports/workbook.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// What the Results, Findings and Assumptions sheets are made of.
struct BatchWorkbookData {
    std::string title; ///< "Sweep of <scenario>", "Batch of N files"
    /// The CSV header, Findings last (Results prints every column but that
    /// one; the Findings sheet prints the findings).
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows; ///< the CSV cells of every row, in order
    /// Each row's findings (the text of its last cell, Findings), printed
    /// whole on the Findings sheet; a row beyond the end has none.
    std::vector<std::vector<Finding>> findings;
    /// How many leading columns name a row (a batch's File, Scenario and
    /// Design; a sweep's parameters and Design): a print-out too wide for
    /// one page repeats them on every page, as far as they fit.
    std::size_t label_columns = 1;
    /// One design per distinct hardware combination (models only), for the
    /// Assumptions sheet; the order of first use.
    std::vector<Design> models;
};

/// Most result rows a sheet takes (Excel's 1,048,576 rows less the title
/// rows and the header).
inline constexpr std::size_t kMaxWorkbookRows = 1'048'576 - 4;

/// Writes the workbook to `path` atomically. Throws InputError naming `path`
/// when it cannot be written or holds more than kMaxWorkbookRows rows.
void write_batch_workbook(const std::string& path, const BatchWorkbookData& data,
                          const Catalog& catalog, const WorkbookOptions& options = {});

} // namespace podsizer
