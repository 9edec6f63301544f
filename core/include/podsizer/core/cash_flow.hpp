// Money over time (docs/cost.md §8): a phased plan priced year by year. Each
// phase's purchases fall in the year the phase falls in; a site's running
// costs start the year it opens and follow its installed base; the cloud's
// bill is for the capacity installed that year.
#pragma once

#include "podsizer/core/phases.hpp"
#include "podsizer/core/price_book.hpp"

#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// One year of a site's (or the project's) money, in the book's currency.
struct YearCost {
    int year = 0;       ///< 1: the year of the first phase
    double capex = 0.0; ///< what the phases of the year buy (priced parts)
    double opex = 0.0;  ///< a year of running the installed base
    double total = 0.0; ///< capex + opex
    double cumulative = 0.0;
    /// With the book's discount rate: capex at the start of the year
    /// (÷ (1 + r)^(year − 1)), opex at its end (÷ (1 + r)^year), as
    /// present_value() discounts one design; nullopt without a rate.
    std::optional<double> discounted;
    std::optional<double> cumulative_discounted;
    Capacity usable;             ///< installed over the year
    std::optional<double> cloud; ///< the cloud store holding `usable` for the year
    std::optional<double> cloud_cumulative;
    bool open = false; ///< the site is in service this year

    bool operator==(const YearCost&) const = default;
};

struct SiteCashFlow {
    std::string site; ///< empty for one system
    std::vector<YearCost> years;
};

struct CashFlow {
    std::string currency;
    int years = 0;                ///< the period: the book's years, or to the last phase
    std::optional<double> rate;   ///< the book's discount rate
    std::vector<int> phase_years; ///< each scenario phase's year, in phase order
    std::vector<std::string> phase_names;
    std::vector<SiteCashFlow> sites; ///< one per site; one unnamed for one system
    std::vector<YearCost> total;     ///< the sites summed a year
    /// Parts the book leaves unpriced (left out of every sum), and the
    /// prices it marks ASSUMPTION, by name as DesignCost gives them.
    std::vector<std::string> unpriced;
    std::vector<std::string> assumed;
};

/// The year each phase falls in: a dated phase by whole years since the
/// first dated one (the first phase's date opens year 1); a phase without a
/// date falls a year after the phase before it (the first in year 1).
std::vector<int> phase_years(const std::vector<std::string>& dates);

/// The plan's money year by year. Nullopt without a step to price (a plan
/// whose steps carry no built design).
std::optional<CashFlow> cash_flow(const PhasePlan& plan, const PriceBook& book);

} // namespace podsizer
