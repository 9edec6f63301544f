// Money over time (docs/cost.md §8) as the outputs show it: the figures of a
// year are rows of one table (header, JSON key, getter), read by the text and
// Markdown tables, the JSON, the workbook and the PDF.
#pragma once

#include "podsizer/core/cash_flow.hpp"
#include "podsizer/reports/grid.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace podsizer {

struct YearFigure {
    std::string_view header; ///< the column, before " (M <currency>)"
    std::string_view key;    ///< the JSON key, in the book's currency
    std::optional<double> (*value)(const YearCost&);
    bool discounted = false; ///< shown only with a discount rate
};

/// CapEx, OpEx, total, cumulative, discounted and the cloud's bill a year.
std::span<const YearFigure> year_figures();
/// The figures shown for `flow` (the discounted ones only with a rate).
std::vector<const YearFigure*> year_figures(const CashFlow& flow);

/// One row per year: with sites, a row per site in service or buying that
/// year, then the year's "all sites" row; amounts in millions.
Grid cost_by_year_grid(const CashFlow& flow);
std::string cost_by_year_title(const CashFlow& flow);
/// The phases falling in a year, by name ("-" for none).
std::string phases_in_year(const CashFlow& flow, int year);
/// What the table rests on: the period, when phases fall, the discounting,
/// the unpriced parts and the ASSUMPTION prices; one sentence a line.
std::vector<std::string> cost_by_year_notes(const CashFlow& flow);

} // namespace podsizer
