// The Slide sheet: the headline of the proposal in about a dozen rows, the
// sheet the workbook opens on. Every figure links to its Summary cell (which
// links on to the design sheets), so an edited assumption reaches it too;
// the Summary keeps the full table.
#include "workbook_parts.hpp"

#include <algorithm>

namespace podsizer::wb {

namespace {

/// The rows, in order. Effective capacity only where a data-reduction ratio
/// is given, throughput with a D-box down and durability only where the
/// Resilience sheet computes them (the Summary shows them then).
constexpr MetricId kRows[] = {
    MetricId::racks,
    MetricId::usable_capacity,
    MetricId::effective_capacity,
    MetricId::read,
    MetricId::write,
    MetricId::dbox_down_read,
    MetricId::dbox_down_write,
    MetricId::power,
    MetricId::facility_power,
    MetricId::durability_nines,
    MetricId::durability_largest_term,
    MetricId::feasible,
};

/// The TCO row (a price book only): each column links to the Cost sheet's
/// TCO, and the label follows the years typed on the Prices sheet.
void write_tco_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const CostCells& cost,
                   const std::string& currency) {
    sheet.formula_text(row, 0, "=\"TCO, \"&price_years&\" years (" + currency + ")\"",
                       "TCO, " + format_number(cost.years, 0) + " years (" + currency + ")",
                       book.label());
    for (std::size_t c = 0; c < cost.tco.size(); ++c) {
        const int col = cost.first_col + static_cast<int>(c);
        sheet.formula(row, 1 + static_cast<int>(c), "=" + xlsx::ref(cost.sheet, cost.tco_row, col),
                      cost.tco[c], xlsx::Num::integer,
                      cost.assumed[c] ? xlsx::Role::assumed : xlsx::Role::formula);
    }
}

} // namespace

void write_slide(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                 const SummaryCells& summary, const CostCells* cost) {
    sheet.text(0, 0, input.result->scenario, book.title());
    sheet.text(1, 0,
               "The headline figures; the Summary sheet has every figure, the design sheets "
               "how each is computed.",
               book.subtitle());
    const int header = 3;
    sheet.text(header, 0, "Metric", book.header_left());
    const auto columns = static_cast<int>(summary.column_names.size());
    for (int c = 0; c < columns; ++c) {
        sheet.text(header, 1 + c, summary.column_names[static_cast<std::size_t>(c)], book.header());
    }
    int row = header + 1;
    bool any_assumed = false;
    for (MetricId id : kRows) {
        if (id == MetricId::feasible && cost != nullptr) {
            write_tco_row(book, sheet, row++, *cost, input.result->prices->currency);
        }
        auto values = summary.values.find(id);
        auto at = summary.rows.find(
            std::string(metric(id).sheet.empty() ? metric(id).key : metric(id).sheet));
        if (values == summary.values.end() || at == summary.rows.end()) {
            continue; // not on the Summary: not on the Slide
        }
        sheet.text(row, 0, summary.labels.at(id), book.label());
        for (int c = 0; c < columns; ++c) {
            const SummaryValue& v = values->second[static_cast<std::size_t>(c)];
            const int col = summary.first_design_col + c;
            const std::string link = "=" + xlsx::ref(summary.sheet, at->second, col);
            const Metric& m = metric(id);
            switch (v.kind) {
            case SummaryValue::a_number: {
                constexpr xlsx::Num by_decimals[] = {xlsx::Num::integer, xlsx::Num::one,
                                                     xlsx::Num::two, xlsx::Num::three};
                sheet.formula(row, 1 + c, link, v.number, by_decimals[std::clamp(m.decimals, 0, 3)],
                              v.assumed ? xlsx::Role::assumed : xlsx::Role::formula);
                break;
            }
            case SummaryValue::a_text:
                sheet.formula_text(row, 1 + c, link, v.text,
                                   v.assumed ? book.text_assumed() : nullptr);
                break;
            case SummaryValue::plain:
                sheet.text(row, 1 + c, v.text, book.text_value());
                break;
            }
            any_assumed = any_assumed || v.assumed;
        }
        ++row;
    }
    int note = row + 1; // after a blank row
    if (any_assumed) {
        sheet.text(note++, 0,
                   "Shaded figures rest on catalog figures nobody publishes (ASSUMPTION); the "
                   "Summary's comments and the Assumptions sheet name them.",
                   book.subtitle());
    }
    if (cost != nullptr &&
        std::any_of(cost->assumed.begin(), cost->assumed.end(), [](bool a) { return a; })) {
        sheet.text(note, 0,
                   "A shaded TCO rests on prices the price book marks ASSUMPTION (illustrative, "
                   "not a quote); the Cost sheet names them.",
                   book.subtitle());
    }
    sheet.hide_gridlines();
    sheet.column_width(0, 0, 30);
    if (columns > 0) {
        // Narrower columns when there are many, so the page stays legible.
        sheet.column_width(1, columns, columns > 6 ? 16 : 20);
    }
    sheet.row_height(header, 32);
    sheet.one_page();
    sheet.print_setup(-1);
}

} // namespace podsizer::wb
