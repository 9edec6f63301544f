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

// Columns of the block.
constexpr int kYear = 0, kSite = 1, kCapex = 2, kOpex = 3, kTotal = 4, kCumulative = 5,
              kDiscounted = 6, kCumDiscounted = 7, kCloud = 8, kCloudCumulative = 9;

/// A row of the block: the year's cells of a site (`site`; -1: all sites),
/// its same-site row the year before `before` (-1 for the first).
struct YearRow {
    xlsx::Sheet& sheet;
    const WorkbookInput& in;
    int row, before, site, year;

    void put(int col, std::string_view id, std::string_view first_id = {}) const {
        const std::map<std::string_view, std::string> cells{
            {"year", a1(row, kYear)},
            {"capex", a1(row, kCapex)},
            {"opex", a1(row, kOpex)},
            {"total", a1(row, kTotal)},
            {"discounted", a1(row, kDiscounted)},
            {"cloud", a1(row, kCloud)},
            {"before", before < 0 ? "" : a1(before, col)}};
        growth_cell(sheet, in, row, col, before < 0 && !first_id.empty() ? first_id : id, cells,
                    site, year, Num::integer);
    }
};

/// The running sums and the discounted figure of the row.
void derived(const YearRow& r, const YearCost& y, bool rate) {
    r.put(kTotal, "cby_total");
    r.put(kCumulative, "cby_cumulative", "cby_cumulative_first");
    if (rate && y.discounted && y.cumulative_discounted) {
        r.put(kDiscounted, "cby_discounted");
        r.put(kCumDiscounted, "cby_cum_discounted", "cby_cum_discounted_first");
    }
    if (y.cloud_cumulative) {
        r.put(kCloudCumulative, "cby_cloud_cumulative", "cby_cloud_cumulative_first");
    }
}

void site_row(xlsx::Book& book, const YearRow& r, const YearCost& y, const std::string& site,
              bool rate) {
    xlsx::Sheet& sheet = r.sheet;
    sheet.number(r.row, kYear, y.year, Num::integer, Role::value);
    sheet.text(r.row, kSite, site, book.text_value());
    sheet.number(r.row, kCapex, y.capex, Num::integer, Role::value);
    sheet.number(r.row, kOpex, y.opex, Num::integer, Role::value);
    if (y.cloud) {
        sheet.number(r.row, kCloud, *y.cloud, Num::integer, Role::value);
    }
    derived(r, y, rate);
}

/// The project's row of a year: sums over the sites' rows `first`..`last`
/// (the cloud's is the engine's bill for the summed capacity).
void total_row(xlsx::Book& book, const YearRow& r, int first, int last, const YearCost& y,
               bool rate) {
    xlsx::Sheet& sheet = r.sheet;
    sheet.number(r.row, kYear, y.year, Num::integer, Role::value);
    sheet.text(r.row, kSite, "all sites", book.label());
    for (const auto& [col, id] :
         {std::pair{kCapex, "cby_capex_sum"}, std::pair{kOpex, "cby_opex_sum"}}) {
        growth_cell(sheet, r.in, r.row, col, id, {{"column", a1(first, col) + ":" + a1(last, col)}},
                    -1, r.year, Num::integer);
    }
    if (y.cloud) {
        sheet.number(r.row, kCloud, *y.cloud, Num::integer, Role::value);
    }
    derived(r, y, rate);
}

} // namespace

int cost_by_year_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const CashFlow& flow,
                       const WorkbookInput& in) {
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
        const int year = y - 1;
        if (sites) {
            for (const SiteCashFlow& s : flow.sites) {
                if (!s.years[k].open && s.years[k].capex <= 0.0) {
                    continue;
                }
                const auto before = last.find(s.site);
                const auto site = static_cast<int>(&s - flow.sites.data());
                site_row(book,
                         {sheet, in, ++row, before == last.end() ? -1 : before->second, site, year},
                         s.years[k], s.site, rate);
                last[s.site] = row;
            }
        }
        const auto before = last.find("");
        const int b = before == last.end() ? -1 : before->second;
        if (sites) {
            const int last_site = row++;
            total_row(book, {sheet, in, row, b, -1, year}, first, last_site, flow.total[k], rate);
        } else {
            ++row;
            site_row(book, {sheet, in, row, b, -1, year}, flow.total[k], phases_in_year(flow, y),
                     rate);
        }
        last[""] = row;
    }
    for (const std::string& line : cost_by_year_notes(flow)) {
        sheet.text(++row, 0, line, book.note());
    }
    return row + 2;
}

} // namespace podsizer::wb
