#include "podsizer/reports/durability_report.hpp"

#include "figure_table.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace podsizer {

namespace {

using detail::three_significant;

using json = nlohmann::ordered_json;
using detail::Absent;
using detail::FigureValue;
using detail::kCsv;
using detail::kJson;
using detail::kPeople;
using enum detail::Shown;
using detail::kBoth;
using Sim = SimulationResult;
using Text = std::optional<std::string>;

/// "146+4".
std::string stripe_text(int data_strips, int parity) {
    return fmt::format("{}+{}", data_strips, parity);
}

std::string years_text(double seconds) {
    return three_significant(seconds / kSecondsPerYear) + " years";
}

std::string nines_text(double nines) {
    return format_number(nines, 2); // "∞" for the nines of P = 0
}

std::string method_name(const DurabilityQuery& q) {
    return q.simulation ? "simulate" : "closed";
}

std::string rebuild_text(const DurabilityQuery& q) {
    const Duration t = Duration::from_base(q.layout.drive_rebuild_s);
    if (!q.rebuild) {
        return format_interval(t) + " (given" +
               (q.rebuild_read_fraction != 1.0 ? "; the read amplification is taken to be in it)"
                                               : std::string(")"));
    }
    const RebuildBasis& b = *q.rebuild;
    const double a = rebuild_read_amplification(q.layout.data_strips, q.rebuild_read_fraction);
    // docs/resilience.md §3: T_d = fill × drive × a / bandwidth.
    return format_interval(t) + " = " + format_percent(b.fill, 0) + " × " +
           format(b.drive_size, 2) + " × " + three_significant(a) + " drives read / " +
           format_write(b.bandwidth);
}

/// An AFR as a percentage that never rounds to a figure it is not: 2
/// decimals below 1 %, 1 above, and more where that would show "0.00 %" or
/// "100.0 %" (third red-team round, m-a: 1e-10 % read "0.00 %", 99.999 %
/// "100.0 %", though an AFR is above 0 and below 100 %).
std::string afr_percent(double afr) {
    int decimals = afr < 0.01 ? 2 : 1;
    if (afr > 0.0 && afr < 0.00005) {
        return three_significant(afr * 100.0) + " %";
    }
    while (decimals < 6 &&
           format_percent(afr, decimals) ==
               "100." + std::string(static_cast<std::size_t>(decimals), '0') + " %") {
        ++decimals;
    }
    return format_percent(afr, decimals);
}

std::string header_line(const DurabilityQuery& q) {
    const DurabilityInputs& l = q.layout;
    return "Durability: " + stripe_text(l.data_strips, l.parity) + " declustered over " +
           format_number(static_cast<double>(l.drives)) + " drives; AFR " + afr_percent(l.afr) +
           fmt::format(" per drive-year; loss when more than {} drives are down at once", l.parity);
}

/// A probability as a percentage from 1e-4 on ("0.302 %"), else in
/// scientific notation ("3.29e-8"); `style_of` picks the form, so the figures
/// of one interval are written alike.
std::string format_probability(double p, double style_of) {
    if (style_of >= 1e-4) {
        const double pct = p * 100.0;
        const int magnitude = pct > 0.0 ? static_cast<int>(std::floor(std::log10(pct))) : 0;
        return format_number(pct, std::clamp(2 - magnitude, 0, 6)) + " %";
    }
    return three_significant(p);
}

/// A probability for people: "0.841 %" from 0.01 % up, else "3.29e-8".
std::string format_probability(double p) {
    return format_probability(p, p);
}

/// What the report shows: the question and its outcome.
struct Run {
    const DurabilityQuery& q;
    const DurabilityOutcome& o;
    const SimulationResult* sim() const { return o.simulated ? &*o.simulated : nullptr; }
};

using Row = detail::FigureRow<Run>;
using ClosedRow = detail::FigureRow<DurabilityResult>;
using R = const Run&;
using DR = DurabilityResult;

/// The closed form's own figures (`closed_form` in JSON).
constexpr std::array kClosedForm{
    ClosedRow{.key = "mttdl_s", .value = detail::of<&DR::mttdl_s>},
    ClosedRow{.key = "annual_loss_probability", .value = detail::of<&DR::annual_loss_probability>},
    ClosedRow{.key = "nines", .value = detail::of<&DR::nines>},
    ClosedRow{.key = "first_order_rate_per_hour",
              .value = detail::of<&DR::first_order_rate_per_hour>},
};

/// A figure of the simulation, absent without one.
template <auto F> FigureValue simulated(R r) {
    return r.sim() != nullptr ? detail::figure_of(F(r)) : FigureValue(Absent{});
}

/// A member of the simulation's result, absent without one.
template <auto M> FigureValue sim(R r) {
    return r.sim() != nullptr ? detail::figure_of(r.sim()->*M) : FigureValue(Absent{});
}

/// A member of the layout, or of the closed form's result, as a figure.
template <auto M> FigureValue lay(R r) {
    return detail::figure_of(r.q.layout.*M);
}
template <auto M> FigureValue closed(R r) {
    return detail::figure_of(r.o.closed.*M);
}
using L = DurabilityInputs;
using detail::by;

/// A figure of the simulation where there is one, else of the closed form.
template <auto S, auto K> FigureValue either(R r) {
    return r.sim() != nullptr ? detail::figure_of(r.sim()->*S) : detail::figure_of(r.o.closed.*K);
}

json rebuild_json(R r) {
    if (!r.q.rebuild) {
        return nullptr;
    }
    const RebuildBasis& b = *r.q.rebuild;
    return {{"bandwidth_bytes_per_s", b.bandwidth.base()},
            {"drive_bytes", b.drive_size.base()},
            {"fill", b.fill},
            {"read_drives",
             rebuild_read_amplification(r.q.layout.data_strips, r.q.rebuild_read_fraction)}};
}

json groups_json(R r) {
    json groups = json::array();
    for (const CorrelatedGroup& grp : r.q.simulation->groups) {
        groups.push_back({{"name", grp.name},
                          {"count", grp.count},
                          {"afr", grp.rate_per_year},
                          {"strips_per_stripe", grp.strips_per_stripe},
                          {"rebuild_s", grp.rebuild_s}});
    }
    return groups;
}

/// "Correlated: enclosure" rows, one a group.
std::vector<std::array<std::string, 2>> group_rows(R r) {
    std::vector<std::array<std::string, 2>> rows;
    if (r.sim() == nullptr) {
        return rows;
    }
    for (const CorrelatedGroup& grp : r.q.simulation->groups) {
        rows.push_back(
            {"Correlated: " + grp.name,
             format_number(static_cast<double>(grp.count)) + " units failing " +
                 format_percent(grp.rate_per_year, grp.rate_per_year < 0.01 ? 2 : 1) +
                 fmt::format(" a year each, {} strip{} of every stripe, ", grp.strips_per_stripe,
                             grp.strips_per_stripe == 1 ? "" : "s") +
                 format_interval(Duration::from_base(grp.rebuild_s)) + " rebuild"});
    }
    return rows;
}

bool closed_inside(const SimulationResult& s, const DurabilityResult& c) {
    return s.probability_low <= c.annual_loss_probability &&
           c.annual_loss_probability <= s.probability_high;
}

Text method_text(R r) {
    if (r.sim() == nullptr) {
        return "closed form (exact birth–death chain, serial rebuilds)";
    }
    return std::string("simulation, ") + to_string(r.q.simulation->service) +
           " rebuild times, serial rebuilds (docs/resilience.md §4)";
}

Text probability_text(R r) {
    const SimulationResult* s = r.sim();
    if (s == nullptr) {
        return format_probability(r.o.closed.annual_loss_probability);
    }
    return format_probability(s->annual_loss_probability, s->probability_high) + " (" +
           format_percent(s->confidence, 0) + " interval " +
           format_probability(s->probability_low, s->probability_high) + " to " +
           format_probability(s->probability_high) + ")";
}

Text nines_row(R r) {
    const SimulationResult* s = r.sim();
    if (s == nullptr) {
        return nines_text(r.o.closed.nines);
    }
    // Without a loss the estimate is P = 0 (infinite nines); what the run
    // shows is the interval's upper end.
    return s->losses > 0
               ? nines_text(s->nines)
               : "at least " + nines_text(nines_of(s->probability_high)) + " (no loss simulated)";
}

Text mttdl_text(R r) {
    const SimulationResult* s = r.sim();
    if (s == nullptr) {
        return years_text(r.o.closed.mttdl_s);
    }
    return s->mttdl_s ? years_text(*s->mttdl_s) : std::string("no loss simulated");
}

Text losses_text(R r) {
    const SimulationResult* s = r.sim();
    if (s == nullptr) {
        return std::nullopt;
    }
    return format_number(static_cast<double>(s->losses)) + " in " +
           format_number(s->simulated_years) + " years (" + three_significant(s->drive_years) +
           " drive-years)";
}

Text run_text(R r) {
    const SimulationResult* s = r.sim();
    if (s == nullptr) {
        return std::nullopt;
    }
    return fmt::format("{} events; seed {}; {} thread{}; {} s",
                       format_number(static_cast<double>(s->events)), s->seed, s->threads,
                       s->threads == 1 ? "" : "s", format_number(s->wall_s, 2));
}

Text closed_text(R r) {
    const SimulationResult* s = r.sim();
    if (s == nullptr) {
        return std::nullopt;
    }
    const DurabilityResult& c = r.o.closed;
    // With correlated groups the closed form (drives only) is not the same
    // model, so inside or outside says nothing.
    const std::string verdict = !r.q.simulation->groups.empty() ? " (drives only)"
                                : closed_inside(*s, c)          ? " (inside the interval)"
                                                                : " (outside the interval)";
    return format_probability(c.annual_loss_probability) + ", " + nines_text(c.nines) +
           " nines, MTTDL " + years_text(c.mttdl_s) + verdict;
}

/// Every figure of the report, in the order of the JSON, the CSV and the
/// Metric/Value table (docs/cli.md, `durability`). The table leads with the
/// rebuild time and says the closed form before the first-order rate: two
/// rows for people alone.
constexpr unsigned kAll = kJson | kCsv | kPeople;
constexpr std::array kFigures{
    Row{.key = "drive_rebuild_time",
        .label = "Drive rebuild time",
        .out = kPeople,
        .text = [](R r) -> Text { return rebuild_text(r.q); }},
    Row{.key = "podsizer_version", .value = [](R) -> FigureValue { return version(); }},
    Row{"method", "Method", {}, 0, {}, kAll, by<[](R r) { return method_name(r.q); }>, method_text},
    Row{.key = "stripe",
        .out = kJson | kCsv,
        .value = by<[](R r) { return stripe_text(r.q.layout.data_strips, r.q.layout.parity); }>},
    Row{.key = "data_strips", .value = lay<&L::data_strips>},
    Row{.key = "parity", .value = lay<&L::parity>},
    Row{.key = "drives", .out = kJson | kCsv, .value = lay<&L::drives>},
    Row{.key = "afr", .out = kJson | kCsv, .value = lay<&L::afr>},
    Row{.key = "drive_rebuild_s", .out = kJson | kCsv, .value = lay<&L::drive_rebuild_s>},
    Row{.key = "rebuild_read_fraction", .value = by<[](R r) { return r.q.rebuild_read_fraction; }>},
    Row{.key = "rebuild", .value = by<rebuild_json>},
    Row{.key = "annual_loss_probability",
        .label = "Annual loss probability",
        .out = kAll,
        .value = either<&Sim::annual_loss_probability, &DR::annual_loss_probability>,
        .text = probability_text},
    Row{"nines", "Nines", {}, 0, {}, kAll, either<&Sim::nines, &DR::nines>, nines_row},
    Row{"mttdl_s", "MTTDL", {}, 0, {}, kAll, either<&Sim::mttdl_s, &DR::mttdl_s>, mttdl_text},
    Row{.key = "ci_low", .out = kJson | kCsv, .value = sim<&Sim::probability_low>},
    Row{.key = "ci_high", .out = kJson | kCsv, .value = sim<&Sim::probability_high>},
    Row{.key = "nines_at_least",
        .value = simulated<[](R r) { return nines_of(r.sim()->probability_high); }>},
    Row{.key = "confidence", .out = kJson | kCsv, .value = sim<&Sim::confidence>},
    Row{.key = "annual_loss_rate", .value = sim<&Sim::annual_loss_rate>},
    Row{.key = "rate_low", .value = sim<&Sim::rate_low>},
    Row{.key = "rate_high", .value = sim<&Sim::rate_high>},
    Row{"losses", "Losses", {}, 0, {}, kAll, sim<&Sim::losses>, losses_text},
    Row{.key = "simulated_years", .out = kJson | kCsv, .value = sim<&Sim::simulated_years>},
    Row{.key = "drive_years", .out = kJson | kCsv, .value = sim<&Sim::drive_years>},
    Row{.key = "events", .label = "Run", .value = sim<&Sim::events>, .text = run_text},
    Row{.key = "seed", .out = kJson | kCsv, .value = sim<&Sim::seed>},
    Row{.key = "threads", .out = kJson | kCsv, .value = sim<&Sim::threads>},
    Row{.key = "service", .value = simulated<[](R r) { return r.q.simulation->service; }>},
    Row{.key = "chunk_years", .value = simulated<[](R r) { return r.q.simulation->chunk_years; }>},
    Row{.key = "wall_s", .value = sim<&Sim::wall_s>},
    Row{.key = "groups", .value = simulated<groups_json>, .rows_of = group_rows},
    Row{.key = "closed_form_inside_interval",
        .value = simulated<[](R r) { return closed_inside(*r.sim(), r.o.closed); }>},
    Row{.key = "closed_form_summary", .label = "Closed form", .out = kPeople, .text = closed_text},
    Row{.key = "first_order_rate_per_hour",
        .label = "First-order loss rate",
        .value = closed<&DR::first_order_rate_per_hour>,
        .text = [](R r) -> Text {
            return three_significant(r.o.closed.first_order_rate_per_hour * kHoursPerYear) +
                   " per year";
        }},
    Row{.key = "closed_form",
        .value = by<[](R r) { return figures_json(kClosedForm, r.o.closed); }>},
    Row{.key = "closed_form_annual_loss_probability",
        .out = kCsv,
        .value = closed<&DR::annual_loss_probability>},
    Row{.key = "closed_form_mttdl_s", .out = kCsv, .value = closed<&DR::mttdl_s>},
    // docs/resilience.md §1: the AFR is failures per drive-year, so N drives
    // see N × AFR failures a year, each a rebuild to staff and to ride out.
    Row{.key = "drive_failures_per_year",
        .label = "Drive failures",
        .unit = "per year",
        .decimals = 1,
        .out = kAll,
        .value = by<[](R r) { return static_cast<double>(r.q.layout.drives) * r.q.layout.afr; }>},
};

} // namespace

Grid durability_grid(const DurabilityQuery& q, const DurabilityOutcome& o) {
    Grid g;
    g.header = {"Metric", "Value"};
    g.numeric_from = 99;
    detail::add_people_rows(g, kFigures, Run{q, o});
    return g;
}

Grid durability_csv_grid(const DurabilityQuery& q, const DurabilityOutcome& o) {
    Grid g;
    g.header = detail::csv_keys<Run>(kFigures);
    g.rows.push_back(detail::csv_cells(kFigures, Run{q, o}, format_shortest));
    return g;
}

std::string render_durability(const DurabilityQuery& q, const DurabilityOutcome& o, Format format) {
    switch (format) {
    case Format::json:
        return detail::json_text(detail::figures_json(kFigures, Run{q, o}));
    case Format::csv:
        return render_csv(durability_csv_grid(q, o));
    case Format::md:
        return header_line(q) + "\n\n" + render_markdown(durability_grid(q, o));
    case Format::table:
        return header_line(q) + "\n\n" + render_text(durability_grid(q, o));
    }
    return {};
}

} // namespace podsizer
