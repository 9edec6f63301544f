// The workbook of `podsizer batch` and `podsizer sweep` (--xlsx): a Results
// sheet with one row per run × option — the CSV's columns, numbers as numbers
// — and the Assumptions sheet of the proposal workbook for the hardware the
// designs use (every catalog figure with its source). docs/batch.md.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/reports/workbook.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// What the Results and Assumptions sheets are made of.
struct BatchWorkbookData {
    std::string title;                          ///< "Sweep of <scenario>", "Batch of N files"
    std::vector<std::string> header;            ///< the CSV header
    std::vector<std::vector<std::string>> rows; ///< the CSV cells of every row, in order
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
