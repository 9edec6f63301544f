#include "podsizer/reports/cost_by_year.hpp"

#include "podsizer/core/number_text.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace podsizer {

namespace {

std::optional<double> some(double v) {
    return v;
}

constexpr std::array<YearFigure, 8> kYearFigures{{
    {"CapEx", "capex", [](const YearCost& y) { return some(y.capex); }},
    {"OpEx", "opex", [](const YearCost& y) { return some(y.opex); }},
    {"Total", "total", [](const YearCost& y) { return some(y.total); }},
    {"Cumulative", "cumulative", [](const YearCost& y) { return some(y.cumulative); }},
    {"Discounted", "discounted", [](const YearCost& y) { return y.discounted; }, true},
    {"Cum. discounted", "cumulative_discounted",
     [](const YearCost& y) { return y.cumulative_discounted; }, true},
    {"Cloud", "cloud", [](const YearCost& y) { return y.cloud; }},
    {"Cloud cumulative", "cloud_cumulative", [](const YearCost& y) { return y.cloud_cumulative; }},
}};

bool by_site(const CashFlow& flow) {
    return flow.sites.size() > 1 || (!flow.sites.empty() && !flow.sites.front().site.empty());
}

std::vector<std::string> year_row(const CashFlow& flow, const YearCost& y, const std::string& site,
                                  bool sites) {
    std::vector<std::string> row{fmt::format("{}", y.year)};
    if (sites) {
        row.push_back(site);
    }
    row.push_back(site == "all sites" || !sites ? phases_in_year(flow, y.year) : "");
    for (const YearFigure* f : year_figures(flow)) {
        const std::optional<double> v = f->value(y);
        row.push_back(v ? format_number(*v / 1e6, 2) : std::string("-"));
    }
    return row;
}

} // namespace

std::string phases_in_year(const CashFlow& flow, int year) {
    std::string out;
    for (std::size_t k = 0; k < flow.phase_years.size(); ++k) {
        if (flow.phase_years[k] == year) {
            out += (out.empty() ? "" : ", ") + flow.phase_names[k];
        }
    }
    return out.empty() ? "-" : out;
}

std::span<const YearFigure> year_figures() {
    return kYearFigures;
}

std::vector<const YearFigure*> year_figures(const CashFlow& flow) {
    std::vector<const YearFigure*> out;
    for (const YearFigure& f : kYearFigures) {
        if (!f.discounted || flow.rate) {
            out.push_back(&f);
        }
    }
    return out;
}

Grid cost_by_year_grid(const CashFlow& flow) {
    const bool sites = by_site(flow);
    Grid g;
    g.header = {"Year"};
    if (sites) {
        g.header.push_back("Site");
    }
    g.header.push_back("Phases");
    for (const YearFigure* f : year_figures(flow)) {
        g.header.push_back(fmt::format("{} (M {})", f->header, flow.currency));
    }
    g.numeric_from = sites ? 3 : 2;
    for (int y = 1; y <= flow.years; ++y) {
        const auto k = static_cast<std::size_t>(y - 1);
        if (sites) {
            for (const SiteCashFlow& s : flow.sites) {
                if (s.years[k].open || s.years[k].capex > 0.0) {
                    g.rows.push_back(year_row(flow, s.years[k], s.site, true));
                }
            }
        }
        g.rows.push_back(year_row(flow, flow.total[k], "all sites", sites));
    }
    return g;
}

std::string cost_by_year_title(const CashFlow& flow) {
    return fmt::format("Cost by year ({} years from the first phase; CapEx in the year a phase "
                       "buys it, OpEx from the year a site opens; the cloud holding the same "
                       "usable capacity)",
                       flow.years);
}

std::vector<std::string> cost_by_year_notes(const CashFlow& flow) {
    std::vector<std::string> out;
    out.push_back("A phase falls in the year of its date, counted in whole years from the first "
                  "dated phase (an undated phase a year after the one before); its purchases and "
                  "a whole year of its installed base count from the start of that year.");
    if (flow.rate) {
        out.push_back(fmt::format(
            "Discounted at {}% a year: CapEx at the start of its year, OpEx at its end.",
            format_number(*flow.rate * 100.0, 1)));
    }
    if (!flow.unpriced.empty()) {
        out.push_back(
            fmt::format("Unpriced (left out of every sum): {}.", fmt::join(flow.unpriced, ", ")));
    }
    if (!flow.assumed.empty()) {
        out.push_back(fmt::format("ASSUMPTION prices (illustrative, not a quote): {}.",
                                  fmt::join(flow.assumed, ", ")));
    }
    return out;
}

} // namespace podsizer
