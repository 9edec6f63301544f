// Money over time (docs/cost.md §8). A phase's purchases and a year of its
// installed base are priced by design_cost() on one pod of the base as built
// (PhaseStep::built) with the step's counts, times the step's pods, so the
// year-by-year figures use the same prices and parts as a design's TCO.
#include "podsizer/core/cash_flow.hpp"

#include "podsizer/core/cost.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace podsizer {

namespace {

struct Ymd {
    int y = 0, m = 0, d = 0;
};

/// A validated YYYY-MM-DD (growth_validate.cpp refuses any other).
Ymd ymd(const std::string& s) {
    Ymd out;
    const char* p = s.data();
    std::from_chars(p, p + 4, out.y);
    std::from_chars(p + 5, p + 7, out.m);
    std::from_chars(p + 8, p + 10, out.d);
    return out;
}

/// Whole years from a to b (b not before a): a year counts once its
/// anniversary is reached.
int whole_years(const Ymd& a, const Ymd& b) {
    const bool before_anniversary = b.m < a.m || (b.m == a.m && b.d < a.d);
    return b.y - a.y - (before_anniversary ? 1 : 0);
}

/// Adds each of `names`, after `prefix`, to `to` once.
void add_all(std::vector<std::string>& to, const std::vector<std::string>& names,
             const std::string& prefix = "") {
    for (const std::string& name : names) {
        add_once(to, prefix + name);
    }
}

/// One pod of the step's base with `counts` (the step's, for its pods).
Design pod_with(const PhaseStep& step, const PhaseCounts& counts) {
    Design d = *step.built;
    d.cnodes = counts.cnodes / step.pods;
    d.dboxes = counts.dboxes / step.pods;
    d.racks = counts.racks / step.pods;
    // Only the sum of the tiers is priced (cost.cpp counted()).
    d.leaf_switches = counts.switches / step.pods;
    d.spine_switches = 0;
    d.super_spine_switches = 0;
    return d;
}

/// What the step buys and what a year of its installed base costs.
struct StepMoney {
    double capex = 0.0;
    double opex = 0.0;
};

/// The parts a step adds to a base already built (`before`: the site's step
/// before it): the first step's pod is priced with its whole bill by
/// design_cost; a later one's added devices are copies of the base without a
/// bill of their own, so what its bill has beyond the one before is priced
/// here (docs/cost.md §8).
double parts_of_growth(const PhaseStep& step, const PhaseStep* before, const PriceBook& book,
                       CashFlow& flow) {
    if (before == nullptr || step.added == step.total || !step.built || !before->built) {
        return 0.0;
    }
    const PartsOrder order =
        parts_ordered(*before->built, before->pods, *step.built, step.pods, book);
    add_all(flow.unpriced, order.unpriced);
    add_all(flow.assumed, order.assumed);
    return order.amount;
}

StepMoney step_money(const PhaseStep& step, const PhaseStep* before, const PriceBook& book,
                     CashFlow& flow) {
    const auto n = static_cast<double>(step.pods);
    const DesignCost bought = design_cost(pod_with(step, step.added), book);
    const DesignCost running = design_cost(pod_with(step, step.total), book);
    for (const CostPart& p : bought.capex_parts) {
        if (!p.amount && step.added != PhaseCounts{}) {
            add_once(flow.unpriced, p.name);
        }
    }
    for (const CostPart& p : running.opex_parts) {
        if (!p.amount) {
            add_once(flow.unpriced, p.name);
        }
    }
    add_all(flow.assumed, running.assumed);
    StepMoney money{bought.capex * n + parts_of_growth(step, before, book, flow),
                    running.opex_per_year * n};
    if (step.store) {
        // The separate replica store: one design of its own, bought once.
        const DesignCost store = design_cost(*step.store, book);
        money.capex += step.store_added ? store.capex : 0.0;
        money.opex += store.opex_per_year;
    }
    return money;
}

/// The cloud's bill for a year holding `usable`; nullopt without a storage
/// price (the bill would be egress alone).
std::optional<double> cloud_year(Capacity usable, const PriceBook& book, CashFlow& flow) {
    const CloudCost c = cloud_cost(usable, book);
    add_all(flow.unpriced, c.unpriced(), "cloud ");
    add_all(flow.assumed, c.assumed);
    const bool stored =
        std::any_of(c.parts_per_year.begin(), c.parts_per_year.end(),
                    [](const CostPart& p) { return p.name == "storage" && p.amount; });
    return stored ? std::optional(c.per_year) : std::nullopt;
}

/// Running sums and the discounted figures of a row of years.
void accumulate(std::vector<YearCost>& years, std::optional<double> rate) {
    double sum = 0.0;
    double pv = 0.0;
    double cloud = 0.0;
    bool cloud_known = true;
    for (YearCost& y : years) {
        y.total = y.capex + y.opex;
        sum += y.total;
        y.cumulative = sum;
        if (rate) {
            y.discounted = y.capex / std::pow(1.0 + *rate, y.year - 1) +
                           y.opex / std::pow(1.0 + *rate, y.year);
            pv += *y.discounted;
            y.cumulative_discounted = pv;
        }
        cloud_known = cloud_known && y.cloud.has_value();
        cloud += y.cloud.value_or(0.0);
        y.cloud_cumulative = cloud_known ? std::optional(cloud) : std::nullopt;
    }
}

/// One site's years: the steps of the site, in phase order, with their year.
SiteCashFlow site_years(const std::vector<std::pair<int, const PhaseStep*>>& steps, int years,
                        const PriceBook& book, CashFlow& flow) {
    SiteCashFlow out;
    out.site = steps.front().second->site;
    const PhaseStep* installed = nullptr;
    StepMoney running;
    std::size_t next = 0;
    for (int y = 1; y <= years; ++y) {
        YearCost& row = out.years.emplace_back();
        row.year = y;
        for (; next < steps.size() && steps[next].first == y; ++next) {
            const PhaseStep* before = installed;
            installed = steps[next].second;
            const StepMoney m = step_money(*installed, before, book, flow);
            row.capex += m.capex;
            running = m;
        }
        if (installed != nullptr) {
            row.open = true;
            row.opex = running.opex;
            row.usable = installed->usable;
        }
        row.cloud = row.open ? cloud_year(row.usable, book, flow) : std::optional(0.0);
    }
    accumulate(out.years, book.site.discount_rate);
    return out;
}

} // namespace

std::vector<int> phase_years(const std::vector<std::string>& dates) {
    std::vector<int> out;
    std::optional<Ymd> ref;
    int ref_year = 0;
    for (std::size_t k = 0; k < dates.size(); ++k) {
        const int next = k == 0 ? 1 : out.back() + 1;
        if (dates[k].empty()) {
            out.push_back(next);
        } else if (!ref) {
            ref = ymd(dates[k]);
            ref_year = next;
            out.push_back(next);
        } else {
            out.push_back(std::max(out.back(), ref_year + whole_years(*ref, ymd(dates[k]))));
        }
    }
    return out;
}

std::optional<CashFlow> cash_flow(const PhasePlan& plan, const PriceBook& book) {
    if (plan.phases.empty() || std::any_of(plan.phases.begin(), plan.phases.end(),
                                           [](const PhaseStep& p) { return p.built == nullptr; })) {
        return std::nullopt;
    }
    CashFlow flow;
    flow.currency = book.currency;
    flow.rate = book.site.discount_rate;
    std::vector<std::string> dates;
    std::vector<std::string> sites;
    for (const PhaseStep& p : plan.phases) {
        if (std::find(flow.phase_names.begin(), flow.phase_names.end(), p.name) ==
            flow.phase_names.end()) {
            flow.phase_names.push_back(p.name);
            dates.push_back(p.date);
        }
        add_once(sites, p.site);
    }
    flow.phase_years = phase_years(dates);
    flow.years = std::max(book.site.years, flow.phase_years.back());
    for (const std::string& site : sites) {
        std::vector<std::pair<int, const PhaseStep*>> steps;
        for (const PhaseStep& p : plan.phases) {
            if (p.site == site) {
                const auto k = std::find(flow.phase_names.begin(), flow.phase_names.end(), p.name) -
                               flow.phase_names.begin();
                steps.emplace_back(flow.phase_years[static_cast<std::size_t>(k)], &p);
            }
        }
        flow.sites.push_back(site_years(steps, flow.years, book, flow));
    }
    for (int y = 1; y <= flow.years; ++y) {
        YearCost& t = flow.total.emplace_back();
        t.year = y;
        bool cloud_known = true;
        for (const SiteCashFlow& s : flow.sites) {
            const YearCost& r = s.years[static_cast<std::size_t>(y - 1)];
            t.capex += r.capex;
            t.opex += r.opex;
            t.usable += r.usable;
            t.open = t.open || r.open;
            cloud_known = cloud_known && r.cloud.has_value();
        }
        t.cloud = cloud_known ? cloud_year(t.usable, book, flow) : std::nullopt;
    }
    accumulate(flow.total, flow.rate);
    return flow;
}

} // namespace podsizer
