// What designs and the cloud store cost, as the reports show it (docs/cost.md):
// the cost rows of the text and Markdown reports, the CSV columns and the
// `cost` JSON blocks. Nothing at all without a price book: not zeros, no rows.
#pragma once

#include "podsizer/core/comparison.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// What marks a cost resting on a price the book marks ASSUMPTION.
inline constexpr std::string_view kIllustrativeMarker = "†";

/// The cost rows, designs as columns: CapEx and its parts, OpEx a year and
/// its parts, TCO, present value (with a rate), per usable TB-month and per
/// GB/s of read. Cells resting on an assumed price end in kIllustrativeMarker.
Grid cost_grid(const SizingResult& result);

/// The cost section under a sizing table: a heading, cost_grid and the
/// footnote naming the assumed prices; empty without a price book.
std::string cost_section(const SizingResult& result, bool markdown);

/// The line under a table naming the assumed prices its costs rest on
/// (ASSUMPTION, illustrative); empty when there are none. Ends with a newline.
std::string illustrative_footnote(std::vector<std::string> names, bool markdown);

/// Every price of the book whose source is an assumption, named as
/// DesignCost::assumed names them (for a table of many designs' costs).
std::vector<std::string> assumed_book_prices(const PriceBook& book);

/// The CSV columns of a design's cost (headers with the currency), and one
/// design's cells; no columns without a price book.
std::vector<std::string> cost_csv_headers(const PriceBook& book);
std::vector<std::string> cost_csv_cells(const DesignCost& cost);

/// The cost rows of a comparison (CapEx, OpEx a year, TCO, per usable
/// TB-month, per GB/s of read; keys "cost_…", unit the currency), one value
/// per column; none without a book.
std::vector<ComparisonRow> comparison_cost_rows(const Comparison& c);

/// A design's unpriced figures by name: its unpriced parts and, when it has
/// recovered GPU-hours but the book no GPU-hour price, "gpu_hours_recovered".
/// Only the parts count for the totals (DesignCost::unpriced).
std::vector<std::string> unpriced_figures(const DesignCost& cost);

/// The reference write of the recovered GPU-hours and where it comes from:
/// "4.50 TB/s, the write rule ncp-gb200-customer asks before the checkpoint
/// jobs (a pod sized for the rule alone)".
std::string recovered_reference(const RecoveredGpuHours& r);

/// The lines under a cost table saying what the recovered GPU-hours compare
/// (one per distinct reference) and at what GPU-hour price; empty when no
/// cost has them. Each ends with a newline; text wraps at 100 characters.
std::string recovered_note(const std::vector<const DesignCost*>& costs, const PriceBook& book,
                           bool markdown);

/// The line under a comparison saying how the cloud's egress is billed
/// (internet bands, their average per GB; or a private link and, at no
/// per-GB charge, that the totals hold no egress); empty without a cloud
/// column or a book that prices egress. Ends with a newline.
std::string cloud_egress_note(const Comparison& c, bool markdown);

/// Each cloud price of the book with its figure and its source (kind,
/// reference, note): the Assumptions of a cloud column.
std::vector<std::string> cloud_price_lines(const PriceBook& book);
/// cloud_price_lines under a heading, wrapped for a terminal or as a
/// Markdown list.
std::string cloud_price_block(const PriceBook& book, bool markdown);

/// The assumed prices a comparison column's cost rests on; empty without one.
const std::vector<std::string>& column_assumed_prices(const ComparisonColumn& c);

} // namespace podsizer
