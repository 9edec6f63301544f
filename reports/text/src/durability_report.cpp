#include "podsizer/reports/durability_report.hpp"

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

/// A number for machines: the shortest text that reads back to it, or JSON
/// null / an empty CSV field when it is not finite (nines of P = 0).
json number_or_null(double v) {
    return std::isfinite(v) ? json(v) : json(nullptr);
}

std::string machine(double v) {
    return std::isfinite(v) ? format_shortest(v) : std::string();
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

void add_row(Grid& g, std::string k, std::string v) {
    g.rows.push_back({std::move(k), std::move(v)});
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

json closed_json(const DurabilityResult& r) {
    json j;
    j["mttdl_s"] = r.mttdl_s;
    j["annual_loss_probability"] = r.annual_loss_probability;
    j["nines"] = number_or_null(r.nines);
    j["first_order_rate_per_hour"] = number_or_null(r.first_order_rate_per_hour);
    return j;
}

json durability_json(const DurabilityQuery& q, const DurabilityOutcome& o) {
    json j;
    j["podsizer_version"] = version();
    j["method"] = method_name(q);
    j["stripe"] = stripe_text(q.layout.data_strips, q.layout.parity);
    j["data_strips"] = q.layout.data_strips;
    j["parity"] = q.layout.parity;
    j["drives"] = q.layout.drives;
    j["afr"] = q.layout.afr;
    j["drive_rebuild_s"] = q.layout.drive_rebuild_s;
    j["rebuild_read_fraction"] = q.rebuild_read_fraction;
    if (q.rebuild) {
        j["rebuild"] = {{"bandwidth_bytes_per_s", q.rebuild->bandwidth.base()},
                        {"drive_bytes", q.rebuild->drive_size.base()},
                        {"fill", q.rebuild->fill},
                        {"read_drives", rebuild_read_amplification(q.layout.data_strips,
                                                                   q.rebuild_read_fraction)}};
    } else {
        j["rebuild"] = nullptr;
    }
    if (o.simulated) {
        const SimulationResult& s = *o.simulated;
        j["annual_loss_probability"] = s.annual_loss_probability;
        j["nines"] = number_or_null(s.nines);
        j["mttdl_s"] = s.mttdl_s ? json(*s.mttdl_s) : json(nullptr);
        j["ci_low"] = s.probability_low;
        j["ci_high"] = s.probability_high;
        j["nines_at_least"] = number_or_null(nines_of(s.probability_high));
        j["confidence"] = s.confidence;
        j["annual_loss_rate"] = s.annual_loss_rate;
        j["rate_low"] = s.rate_low;
        j["rate_high"] = s.rate_high;
        j["losses"] = s.losses;
        j["simulated_years"] = s.simulated_years;
        j["drive_years"] = s.drive_years;
        j["events"] = s.events;
        j["seed"] = s.seed;
        j["threads"] = s.threads;
        j["service"] = to_string(q.simulation->service);
        j["chunk_years"] = q.simulation->chunk_years;
        j["wall_s"] = s.wall_s;
        json groups = json::array();
        for (const CorrelatedGroup& grp : q.simulation->groups) {
            groups.push_back({{"name", grp.name},
                              {"count", grp.count},
                              {"afr", grp.rate_per_year},
                              {"strips_per_stripe", grp.strips_per_stripe},
                              {"rebuild_s", grp.rebuild_s}});
        }
        j["groups"] = groups;
        j["closed_form_inside_interval"] = s.probability_low <= o.closed.annual_loss_probability &&
                                           o.closed.annual_loss_probability <= s.probability_high;
    } else {
        j["annual_loss_probability"] = o.closed.annual_loss_probability;
        j["nines"] = number_or_null(o.closed.nines);
        j["mttdl_s"] = o.closed.mttdl_s;
    }
    j["first_order_rate_per_hour"] = number_or_null(o.closed.first_order_rate_per_hour);
    j["closed_form"] = closed_json(o.closed);
    return j;
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

} // namespace

std::string stripe_text(int data_strips, int parity) {
    return fmt::format("{}+{}", data_strips, parity);
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

std::string format_probability(double p) {
    return format_probability(p, p);
}

Grid durability_grid(const DurabilityQuery& q, const DurabilityOutcome& o) {
    Grid g;
    g.header = {"Metric", "Value"};
    g.numeric_from = 99;
    add_row(g, "Drive rebuild time", rebuild_text(q));
    const DurabilityResult& c = o.closed;
    if (o.simulated) {
        const SimulationResult& s = *o.simulated;
        const SimulationInputs& in = *q.simulation;
        add_row(g, "Method",
                std::string("simulation, ") + to_string(in.service) +
                    " rebuild times, serial rebuilds (docs/resilience.md §4)");
        add_row(g, "Annual loss probability",
                format_probability(s.annual_loss_probability, s.probability_high) + " (" +
                    format_percent(s.confidence, 0) + " interval " +
                    format_probability(s.probability_low, s.probability_high) + " to " +
                    format_probability(s.probability_high) + ")");
        // Without a loss the estimate is P = 0 (infinite nines); what the run
        // shows is the interval's upper end.
        add_row(g, "Nines",
                s.losses > 0 ? nines_text(s.nines)
                             : "at least " + nines_text(nines_of(s.probability_high)) +
                                   " (no loss simulated)");
        add_row(g, "MTTDL", s.mttdl_s ? years_text(*s.mttdl_s) : std::string("no loss simulated"));
        add_row(g, "Losses",
                format_number(static_cast<double>(s.losses)) + " in " +
                    format_number(s.simulated_years) + " years (" +
                    three_significant(s.drive_years) + " drive-years)");
        add_row(g, "Run",
                fmt::format("{} events; seed {}; {} thread{}; {} s",
                            format_number(static_cast<double>(s.events)), s.seed, s.threads,
                            s.threads == 1 ? "" : "s", format_number(s.wall_s, 2)));
        for (const CorrelatedGroup& grp : in.groups) {
            add_row(g, "Correlated: " + grp.name,
                    format_number(static_cast<double>(grp.count)) + " units failing " +
                        format_percent(grp.rate_per_year, grp.rate_per_year < 0.01 ? 2 : 1) +
                        fmt::format(" a year each, {} strip{} of every stripe, ",
                                    grp.strips_per_stripe, grp.strips_per_stripe == 1 ? "" : "s") +
                        format_interval(Duration::from_base(grp.rebuild_s)) + " rebuild");
        }
        const bool inside = s.probability_low <= c.annual_loss_probability &&
                            c.annual_loss_probability <= s.probability_high;
        // With correlated groups the closed form (drives only) is not the same
        // model, so inside or outside says nothing.
        const std::string verdict = !in.groups.empty() ? " (drives only)"
                                    : inside           ? " (inside the interval)"
                                                       : " (outside the interval)";
        add_row(g, "Closed form",
                format_probability(c.annual_loss_probability) + ", " + nines_text(c.nines) +
                    " nines, MTTDL " + years_text(c.mttdl_s) + verdict);
    } else {
        add_row(g, "Method", "closed form (exact birth–death chain, serial rebuilds)");
        add_row(g, "Annual loss probability", format_probability(c.annual_loss_probability));
        add_row(g, "Nines", nines_text(c.nines));
        add_row(g, "MTTDL", years_text(c.mttdl_s));
    }
    add_row(g, "First-order loss rate",
            three_significant(c.first_order_rate_per_hour * kHoursPerYear) + " per year");
    return g;
}

Grid durability_csv_grid(const DurabilityQuery& q, const DurabilityOutcome& o) {
    Grid g;
    g.header = {"method",
                "stripe",
                "drives",
                "afr",
                "drive_rebuild_s",
                "annual_loss_probability",
                "nines",
                "mttdl_s",
                "ci_low",
                "ci_high",
                "confidence",
                "losses",
                "simulated_years",
                "drive_years",
                "seed",
                "threads",
                "closed_form_annual_loss_probability",
                "closed_form_mttdl_s"};
    const DurabilityResult& c = o.closed;
    std::vector<std::string> row{method_name(q), stripe_text(q.layout.data_strips, q.layout.parity),
                                 fmt::format("{}", q.layout.drives), machine(q.layout.afr),
                                 machine(q.layout.drive_rebuild_s)};
    if (o.simulated) {
        const SimulationResult& s = *o.simulated;
        row.insert(row.end(),
                   {machine(s.annual_loss_probability), machine(s.nines),
                    s.mttdl_s ? machine(*s.mttdl_s) : std::string(), machine(s.probability_low),
                    machine(s.probability_high), machine(s.confidence), fmt::format("{}", s.losses),
                    machine(s.simulated_years), machine(s.drive_years), fmt::format("{}", s.seed),
                    fmt::format("{}", s.threads)});
    } else {
        row.insert(row.end(), {machine(c.annual_loss_probability), machine(c.nines),
                               machine(c.mttdl_s), "", "", "", "", "", "", "", ""});
    }
    row.push_back(machine(c.annual_loss_probability));
    row.push_back(machine(c.mttdl_s));
    g.rows.push_back(std::move(row));
    return g;
}

std::string render_durability(const DurabilityQuery& q, const DurabilityOutcome& o, Format format) {
    switch (format) {
    case Format::json:
        return detail::without_negative_zero(durability_json(q, o)).dump(2) + "\n";
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
