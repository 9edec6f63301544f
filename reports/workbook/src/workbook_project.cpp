// The "Project" sheet (issue 49 item 5; docs/sites-and-phases.md, "One
// project export"): with a site list, the workbook opens on the whole
// project — each site's GPUs, needs, what its storage delivers, its verdict
// and whether it fits its limits, the project totals as formulas over the
// sites, the project after each phase and its cost by year — before the
// Slide, the designs and the Sites and phases sheet that hold the detail.
#include "podsizer/core/cash_flow.hpp"
#include "podsizer/reports/cost_by_year.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "workbook_parts.hpp"

#include <optional>
#include <string>
#include <vector>

namespace podsizer::wb {

namespace {

/// The sites, one row each, and the project's row: sums of the numbers.
int sites_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const WorkbookInput& input) {
    const SitePlan& plan = *input.sites;
    sheet.text(row, 0, "Sites", book.section());
    header_row(book, sheet, ++row,
               {"Site", "Platform", "GPUs", "Usable need (PB)", "Usable (PB)", "Read need (TB/s)",
                "Read (TB/s)", "Verdict", "Racks", "Max racks", "Storage IT power (kW)", "Fits"});
    const int first = row + 1;
    for (const SiteStorage& s : plan.sites) {
        ++row;
        sheet.text(row, 0, s.name, book.label());
        sheet.text(row, 1, s.platform, book.text_value());
        sheet.number(row, 2, static_cast<double>(s.gpus), Num::integer, Role::value);
        sheet.number(row, 3, in(s.usable_need, units::PB), Num::one, Role::value);
        sheet.number(row, 4, in(s.usable, units::PB), Num::one, Role::value);
        sheet.number(row, 5, in(s.read_need, units::TB_per_s), Num::two, Role::value);
        sheet.number(row, 6, in(s.read, units::TB_per_s), Num::two, Role::value);
        sheet.text(row, 7, s.verdict_cell, book.text_value());
        sheet.number(row, 8, static_cast<double>(s.racks), Num::integer, Role::value);
        if (s.max_racks) {
            sheet.number(row, 9, static_cast<double>(*s.max_racks), Num::integer, Role::value);
        }
        sheet.number(row, 10, in(s.power, units::kW), Num::one, Role::value);
        sheet.text(row, 11, site_fits_cell(s), book.text_value());
    }
    ++row;
    sheet.text(row, 0, "Project", book.label());
    for (int c : {2, 3, 4, 5, 6, 8, 10}) {
        growth_cell(sheet, input, row, c, "project_sum",
                    {{"column", a1(first, c) + ":" + a1(row - 1, c)}}, -1, c,
                    c == 2 || c == 8   ? Num::integer
                    : c == 5 || c == 6 ? Num::two
                                       : Num::one);
    }
    // The project's Fits as a site's: never a plain yes over a site whose
    // whole IT power could not be checked.
    std::string fits = "yes";
    for (const SiteStorage& s : plan.sites) {
        const std::string cell = site_fits_cell(s);
        fits = fits == "NO" || cell == "NO" ? "NO" : cell != "yes" ? cell : fits;
    }
    sheet.text(row, 11, fits, book.label());
    return row + 2;
}

/// The project after each phase: the all-sites rows of the phase plan.
int phases_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const PhasePlan& plan) {
    sheet.text(row, 0, "The project after each phase", book.section());
    header_row(book, sheet, ++row,
               {"Phase", "Date", "GPUs", "+C-nodes", "+D-boxes", "+Racks", "C-nodes", "D-boxes",
                "Racks", "Usable (PB)", "Storage IT power (kW)"});
    for (const PhaseStep& p : phase_totals(plan)) {
        ++row;
        sheet.text(row, 0, p.name, book.label());
        sheet.text(row, 1, p.date.empty() ? "-" : p.date, book.text_value());
        const std::int64_t counts[] = {p.gpus,        p.added.cnodes, p.added.dboxes,
                                       p.added.racks, p.total.cnodes, p.total.dboxes,
                                       p.total.racks};
        for (int c = 0; c < 7; ++c) {
            sheet.number(row, 2 + c, static_cast<double>(counts[c]), Num::integer, Role::value);
        }
        sheet.number(row, 9, in(p.usable, units::PB), Num::one, Role::value);
        sheet.number(row, 10, in(p.power, units::kW), Num::one, Role::value);
    }
    return row + 2;
}

/// The project's cost by year: the all-sites rows.
void money_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const CashFlow& flow) {
    sheet.text(row, 0, "Cost by year, all sites (" + flow.currency + ")", book.section());
    header_row(book, sheet, ++row,
               {"Year", "Phases", "CapEx", "OpEx", "Total", "Cumulative", "Cum. discounted",
                "Cloud cumulative"});
    for (const YearCost& y : flow.total) {
        ++row;
        sheet.number(row, 0, y.year, Num::integer, Role::value);
        sheet.text(row, 1, phases_in_year(flow, y.year), book.text_value());
        const std::optional<double> v[] = {
            y.capex, y.opex, y.total, y.cumulative, y.cumulative_discounted, y.cloud_cumulative};
        for (int c = 0; c < 6; ++c) {
            if (v[c]) {
                sheet.number(row, 2 + c, *v[c], Num::integer, Role::value);
            }
        }
    }
}

} // namespace

void write_project(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input) {
    sheet.titles("Project: " + input.result->scenario,
                 {"Each site's storage sized for its own GPUs and needs, with its verdict and its "
                  "limits; the detail is on the Sites and phases sheet and each design's sheet "
                  "(docs/sites-and-phases.md)."});
    int row = sites_block(book, sheet, 3, input);
    if (input.phases != nullptr) {
        row = phases_block(book, sheet, row, *input.phases);
        const std::optional<CashFlow> flow =
            input.result->prices ? cash_flow(*input.phases, *input.result->prices) : std::nullopt;
        if (flow) {
            money_block(book, sheet, row, *flow);
        }
    }
    sheet.column_widths(
        {{0, 0, 14}, {1, 1, 13}, {2, 6, 11}, {7, 7, 22}, {8, 10, 11}, {11, 11, 21}});
    sheet.print_setup(0);
}

} // namespace podsizer::wb
