// The "Cost by year" block of the "Sites and phases" sheet (docs/cost.md §8):
// a phased plan's money year by year, per site and for the project. CapEx,
// OpEx and the cloud's bill are the engine's (priced from the phases' counts
// with the Prices sheet's book); the totals, running sums and discounting are
// formulas, so a different discount rate typed on the Prices sheet moves
// them. The all-sites rows sum the sites' rows of the year.
#include "podsizer/reports/cost_by_year.hpp"
#include "workbook_parts.hpp"

#include <fmt/format.h>
#include <map>

namespace podsizer::wb {

namespace {

using xlsx::Num;
using xlsx::Role;

// Columns of the block.
constexpr int kYear = 0, kSite = 1, kCapex = 2, kOpex = 3, kTotal = 4, kCumulative = 5,
              kDiscounted = 6, kCumDiscounted = 7, kCloud = 8, kCloudCumulative = 9;

/// The running sums and the discounted figure of the row at `row`, whose
/// same-site row the year before is `before` (-1 for the first).
void derived(xlsx::Sheet& sheet, int row, int before, const YearCost& y, bool rate) {
    sheet.formula(row, kTotal, "=" + a1(row, kCapex) + "+" + a1(row, kOpex), y.total, Num::integer);
    sheet.formula(row, kCumulative,
                  before < 0 ? "=" + a1(row, kTotal)
                             : "=" + a1(before, kCumulative) + "+" + a1(row, kTotal),
                  y.cumulative, Num::integer);
    if (rate && y.discounted && y.cumulative_discounted) {
        // CapEx at the start of its year, OpEx at its end (cash_flow.hpp).
        sheet.formula(
            row, kDiscounted,
            fmt::format("={}/(1+price_discount_rate)^({}-1)+{}/(1+price_discount_rate)^{}",
                        a1(row, kCapex), a1(row, kYear), a1(row, kOpex), a1(row, kYear)),
            *y.discounted, Num::integer);
        sheet.formula(row, kCumDiscounted,
                      before < 0 ? "=" + a1(row, kDiscounted)
                                 : "=" + a1(before, kCumDiscounted) + "+" + a1(row, kDiscounted),
                      *y.cumulative_discounted, Num::integer);
    }
    if (y.cloud_cumulative) {
        sheet.formula(row, kCloudCumulative,
                      before < 0 ? "=" + a1(row, kCloud)
                                 : "=" + a1(before, kCloudCumulative) + "+" + a1(row, kCloud),
                      *y.cloud_cumulative, Num::integer);
    }
}

void site_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, int before, const YearCost& y,
              const std::string& site, bool rate) {
    sheet.number(row, kYear, y.year, Num::integer, Role::value);
    sheet.text(row, kSite, site, book.text_value());
    sheet.number(row, kCapex, y.capex, Num::integer, Role::value);
    sheet.number(row, kOpex, y.opex, Num::integer, Role::value);
    if (y.cloud) {
        sheet.number(row, kCloud, *y.cloud, Num::integer, Role::value);
    }
    derived(sheet, row, before, y, rate);
}

/// The project's row of a year: sums over the sites' rows `first`..`last`
/// (the cloud's is the engine's bill for the summed capacity).
void total_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, int before, int first, int last,
               const YearCost& y, bool rate) {
    sheet.number(row, kYear, y.year, Num::integer, Role::value);
    sheet.text(row, kSite, "all sites", book.label());
    for (const auto& [col, v] : {std::pair{kCapex, y.capex}, std::pair{kOpex, y.opex}}) {
        sheet.formula(row, col, "=SUM(" + a1(first, col) + ":" + a1(last, col) + ")", v,
                      Num::integer);
    }
    if (y.cloud) {
        sheet.number(row, kCloud, *y.cloud, Num::integer, Role::value);
    }
    derived(sheet, row, before, y, rate);
}

} // namespace

int cost_by_year_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const CashFlow& flow) {
    sheet.text(row, 0, cost_by_year_title(flow), book.section());
    const bool sites = flow.sites.size() > 1 || !flow.sites.front().site.empty();
    std::vector<std::string> h{"Year", sites ? "Site" : "Phases"};
    for (const YearFigure& f : year_figures()) {
        h.push_back(fmt::format("{} ({})", f.header, flow.currency));
    }
    header_row(book, sheet, ++row, h);
    std::map<std::string, int> last; // each site's row the year before
    const bool rate = flow.rate.has_value();
    for (int y = 1; y <= flow.years; ++y) {
        const auto k = static_cast<std::size_t>(y - 1);
        const int first = row + 1;
        if (sites) {
            for (const SiteCashFlow& s : flow.sites) {
                if (!s.years[k].open && s.years[k].capex <= 0.0) {
                    continue;
                }
                const auto before = last.find(s.site);
                site_row(book, sheet, ++row, before == last.end() ? -1 : before->second, s.years[k],
                         s.site, rate);
                last[s.site] = row;
            }
        }
        const auto before = last.find("");
        const int b = before == last.end() ? -1 : before->second;
        if (sites) {
            const int last_site = row++;
            total_row(book, sheet, row, b, first, last_site, flow.total[k], rate);
        } else {
            site_row(book, sheet, ++row, b, flow.total[k], phases_in_year(flow, y), rate);
        }
        last[""] = row;
    }
    for (const std::string& line : cost_by_year_notes(flow)) {
        sheet.text(++row, 0, line, book.note());
    }
    return row + 2;
}

} // namespace podsizer::wb
