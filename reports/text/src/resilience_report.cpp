#include "podsizer/reports/resilience_report.hpp"

#include "figure_table.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

namespace podsizer {

namespace {

using detail::FigureValue;
using detail::kCsv;
using detail::kPeople;
using detail::of;
using detail::ojson;
using detail::three_significant;
using DR = DesignResilience;
using Row = detail::FigureRow<DesignResilience>;

/// Getters: a member in people's unit `U`, as a percentage, where `C` holds,
/// where the member `M` is positive (else null: n/a).
template <auto M, const auto& U> FigureValue in_unit(const DR& r) {
    return in(r.*M, U);
}
template <auto M> FigureValue pct(const DR& r) {
    return r.*M * 100.0;
}
template <auto C, auto G> FigureValue when(const DR& r) {
    return r.*C ? G(r) : FigureValue(nullptr);
}
template <auto M, auto G = of<M>> FigureValue positive(const DR& r) {
    if constexpr (requires { (r.*M).base(); }) {
        return (r.*M).base() > 0.0 ? G(r) : FigureValue(nullptr);
    } else {
        return r.*M > 0 ? G(r) : FigureValue(nullptr);
    }
}
FigureValue finite_nines(const DR& r) {
    return std::isfinite(r.nines) ? FigureValue(r.nines) : FigureValue(nullptr);
}
FigureValue method(const DR&) {
    return std::string("exponential rebuilds, serial repair");
}

constexpr unsigned kAll = detail::kJson | kCsv | kPeople;

/// A row people and the CSV read: the figure in the unit the label names
/// (null: does not apply); decimals -1: three significant digits. `kAll`:
/// the JSON too (the same key and figure).
constexpr Row shown(std::string_view key, std::string_view label, int decimals,
                    FigureValue (*value)(const DR&), unsigned out = kCsv | kPeople) {
    return {key, label, {}, decimals, detail::Shown::number, out, value};
}

/// The resilience of a design (docs/resilience.md §8–§13), in one order for
/// the JSON (SI units; rows without a label) and one for people and the CSV
/// (the units the labels name); a row with `kAll` is the same figure in both.
constexpr std::array kResilience{
    Row{.key = "afr", .value = of<&DR::afr>},
    Row{.key = "fill", .value = of<&DR::fill>},
    Row{.key = "rebuild_share", .value = of<&DR::rebuild_share>},
    Row{.key = "rebuild_read_fraction", .value = of<&DR::rebuild_read_fraction>},
    // For people: rebuilds, durability and throughput in a failure state.
    shown("afr_percent", "Drive AFR (%)", 2, pct<&DR::afr>),
    shown("fill_percent", "Fill (%)", 0, pct<&DR::fill>),
    shown("rebuild_share_percent", "Backend share for rebuilds (%)", 0, pct<&DR::rebuild_share>),
    shown("read_amplification", "Rebuild reads (drives per drive)", 1, of<&DR::read_amplification>,
          kAll),
    Row{.key = "drives", .value = of<&DR::drives>},
    Row{.key = "drive_rebuild_s", .value = of<&DR::drive_rebuild>},
    // null for a lone D-box: no other D-box to rebuild it from; n/a for
    // people, not "0.0" h, which read as an instant rebuild (defect 13).
    Row{.key = "dbox_rebuild_s", .value = positive<&DR::dbox_rebuild>},
    shown("drive_rebuild_min", "Drive rebuild (min)", 1, in_unit<&DR::drive_rebuild, units::min>),
    shown("dbox_rebuild_h", "D-box rebuild (h)", 1,
          positive<&DR::dbox_rebuild, in_unit<&DR::dbox_rebuild, units::h>>),
    // docs/resilience.md §9: the terms apart and combined.
    shown("drive_annual_loss_probability", "Annual loss probability, drive failures", -1,
          of<&DR::drive_annual_loss>, kAll),
    shown("fixed_window_drive_annual_loss_probability",
          "  the same, fixed rebuild windows (Backblaze method)", -1,
          of<&DR::fixed_window_annual_loss>),
    shown("dbox_loss_given_failure", "P(loss | a D-box fails)", -1,
          of<&DR::dbox_loss_given_failure>),
    Row{.key = "dbox_events_per_year", .value = of<&DR::dbox_events>},
    Row{.key = "dbox_losses_per_year", .value = of<&DR::dbox_losses>},
    shown("dbox_events_per_year", "D-box outages a year, per D-box (%)", 2, pct<&DR::dbox_events>),
    shown("dbox_losses_per_year", "D-box losses a year, per D-box (%)", 2, pct<&DR::dbox_losses>),
    shown("unreachable_events_per_year", "Outages a year leaving data unreachable", 3,
          of<&DR::unreachable_events>, kAll),
    shown("dbox_annual_loss_probability", "Annual loss probability, D-box losses", -1,
          of<&DR::dbox_annual_loss>, kAll),
    shown("annual_loss_probability", "Annual loss probability, drives and D-boxes", -1,
          of<&DR::annual_loss>, kAll),
    Row{.key = "nines", .value = of<&DR::nines>},
    shown("nines", "Nines, drives and D-boxes (exponential rebuilds, serial repair)", 2,
          finite_nines),
    Row{.key = "drive_nines", .value = of<&DR::durability, &DurabilityResult::nines>},
    Row{.key = "durability_method", .value = method},
    Row{.key = "fixed_window_drive_annual_loss_probability",
        .value = of<&DR::fixed_window_annual_loss>},
    Row{.key = "mttdl_s", .value = of<&DR::durability, &DurabilityResult::mttdl_s>},
    Row{.key = "dbox_loss_given_failure", .value = of<&DR::dbox_loss_given_failure>},
    Row{.key = "degraded_read_bytes_per_s", .value = of<&DR::degraded_read>},
    Row{.key = "degraded_write_bytes_per_s", .value = of<&DR::degraded_write>},
    // Not applicable is null, as people's n/a (issue 51 item 7): no rack-down
    // figure when a rack's loss makes data unavailable, no burst without
    // checkpoint jobs, no staging without a dataset to stage, no rated DWPD
    // when the drive gives none.
    Row{.key = "rack_down_read_bytes_per_s",
        .value = when<&DR::survives_rack_loss, of<&DR::rack_down_read>>},
    Row{.key = "rack_down_write_bytes_per_s",
        .value = when<&DR::survives_rack_loss, of<&DR::rack_down_write>>},
    Row{.key = "burst_write_bytes_per_s",
        .value = when<&DR::has_checkpoints, of<&DR::burst_write>>},
    Row{.key = "read_during_burst_bytes_per_s",
        .value = when<&DR::has_checkpoints, of<&DR::read_during_burst>>},
    shown("degraded_read_tbps", "Read, one D-box down (TB/s)", 2,
          in_unit<&DR::degraded_read, units::TB_per_s>),
    shown("degraded_write_tbps", "Write, one D-box down (TB/s)", 2,
          in_unit<&DR::degraded_write, units::TB_per_s>),
    shown("rack_down_read_tbps", "Read, one rack down (TB/s)", 2,
          when<&DR::survives_rack_loss, in_unit<&DR::rack_down_read, units::TB_per_s>>),
    shown("rack_down_write_tbps", "Write, one rack down (TB/s)", 2,
          when<&DR::survives_rack_loss, in_unit<&DR::rack_down_write, units::TB_per_s>>),
    // The read beside the checkpoints' write averaged over the interval
    // (docs/resilience.md §10).
    shown("read_during_burst_tbps", "Read beside the checkpoints' average write (TB/s)", 2,
          when<&DR::has_checkpoints, in_unit<&DR::read_during_burst, units::TB_per_s>>),
    // The WAN outage, staging and endurance.
    Row{.key = "offsite_write_bytes_per_s", .value = of<&DR::offsite_write>},
    Row{.key = "backlog_bytes", .value = of<&DR::backlog>},
    Row{.key = "retained_bytes", .value = of<&DR::retained>},
    Row{.key = "local_need_bytes", .value = of<&DR::local_need>},
    Row{.key = "catch_up_s", .value = of<&DR::catch_up>},
    Row{.key = "offsite_accounts", .value = of<&DR::offsite_accounts>},
    Row{.key = "accounts", .value = of<&DR::accounts>},
    Row{.key = "accounts_needed", .value = of<&DR::accounts_needed>},
    Row{.key = "accounts_egress_bytes_per_s", .value = of<&DR::accounts_egress>},
    Row{.key = "staging_rate_bytes_per_s", .value = positive<&DR::staging_rate>},
    Row{.key = "staging_s", .value = of<&DR::staging>},
    Row{.key = "average_write_bytes_per_s", .value = of<&DR::average_write>},
    shown("offsite_gbps", "Offsite copies (Gbps)", 1, in_unit<&DR::offsite_write, units::Gbps>),
    shown("backlog_pb", "Backlog after the outage (PB)", 2, in_unit<&DR::backlog, units::PB>),
    shown("local_need_pb", "Local capacity to ride it out (PB)", 2,
          in_unit<&DR::local_need, units::PB>),
    shown(
        "catch_up_h", "Catch-up on the WAN (h)", 1,
        [](const DR& r) { return r.catch_up ? in(*r.catch_up, units::h) : FigureValue(nullptr); }),
    shown("offsite_accounts", "Accounts for the offsite rate", 0, positive<&DR::offsite_accounts>),
    shown("accounts", "Cloud accounts (offsite rate, dataset)", 0, positive<&DR::accounts>),
    shown("staging_gbps", "Staging rate (Gbps)", 0,
          positive<&DR::staging_rate, in_unit<&DR::staging_rate, units::Gbps>>),
    shown("staging_days", "Staging the dataset (days)", 1,
          [](const DR& r) { return r.staging ? in(*r.staging, units::d) : FigureValue(nullptr); }),
    shown("dwpd_average", "Drive writes per day, checkpoint jobs' average", 3,
          when<&DR::has_checkpoints, of<&DR::dwpd_average>>, kAll),
    shown("dwpd_peak", "Drive writes per day, at full write", 2, of<&DR::dwpd_peak>, kAll),
    shown("rated_dwpd", "Rated drive writes per day", 2, positive<&DR::rated_dwpd>, kAll),
    Row{.key = "findings", .value = detail::via<&DR::findings, detail::findings_json>},
};

/// A people row's figure as a number; nullopt: it does not apply.
std::optional<double> number(const Row& row, const DR& r) {
    const FigureValue v = row.value(r);
    if (const auto* n = std::get_if<std::int64_t>(&v)) {
        return static_cast<double>(*n);
    }
    const auto* d = std::get_if<double>(&v);
    return d != nullptr ? std::optional(*d) : std::nullopt;
}

std::string cell(const Row& row, const DR& r, bool machine) {
    const std::optional<double> v = number(row, r);
    if (!v) {
        return machine ? "" : "n/a";
    }
    if (machine) {
        return format_shortest(*v);
    }
    return row.decimals < 0 ? three_significant(*v) : format_number(*v, row.decimals);
}

std::string inputs_line(const ResilienceQuery& q) {
    const ResilienceInputs& in = q.inputs;
    std::string s = "Outage " + (in.outage.base() > 0.0 ? format_in(in.outage, units::h, 1)
                                                        : std::string("none"));
    s += "; WAN " + (in.wan.base() > 0.0
                         ? format_significant(podsizer::in(in.wan, units::Gbps), 0) + " Gbps"
                         : std::string("not given"));
    s += "; dataset " +
         (in.dataset.base() > 0.0 ? format_in(in.dataset, units::PB, 1) : std::string("none"));
    return s;
}

std::string findings_text(const std::vector<ResilienceColumn>& cols) {
    std::string out;
    for (const ResilienceColumn& c : cols) {
        for (const Finding& f : c.resilience.findings) {
            out += "  [" + std::string(to_string(f.severity())) + "] " + c.design->name + ": " +
                   f.message_and_hint() + "\n";
        }
    }
    return out.empty() ? out : "\nFindings:\n" + out;
}

ojson report_json(const ResilienceQuery& q, const std::vector<ResilienceColumn>& cols) {
    ojson designs = ojson::array();
    for (const ResilienceColumn& c : cols) {
        designs.push_back({{"name", c.design->name}});
        designs.back().update(detail::resilience_json(c.resilience));
    }
    return {{"podsizer_version", version()}, {"scenario", q.scenario}, {"designs", designs}};
}

} // namespace

namespace detail {

ojson resilience_json(const DesignResilience& r) {
    return figures_json<DesignResilience>(kResilience, r);
}

} // namespace detail

Grid resilience_grid(const std::vector<ResilienceColumn>& cols, bool machine) {
    Grid g;
    g.header.push_back(machine ? "key" : "Metric");
    if (machine) {
        g.header.push_back("metric");
        g.numeric_from = 2;
    }
    for (const ResilienceColumn& c : cols) {
        g.header.push_back(c.design->name);
    }
    for (const Row& row : kResilience) {
        // A row no design has a figure for is left out, not shown as n/a.
        if ((row.out & kCsv) == 0U ||
            std::none_of(cols.begin(), cols.end(), [&](const ResilienceColumn& c) {
                return number(row, c.resilience).has_value();
            })) {
            continue;
        }
        std::vector<std::string> line;
        if (machine) {
            line.emplace_back(row.key);
        }
        line.emplace_back(row.label);
        for (const ResilienceColumn& c : cols) {
            line.push_back(cell(row, c.resilience, machine));
        }
        g.rows.push_back(std::move(line));
    }
    return g;
}

std::string render_resilience(const ResilienceQuery& q, const std::vector<ResilienceColumn>& cols,
                              Format format) {
    switch (format) {
    case Format::json:
        return detail::json_text(report_json(q, cols));
    case Format::csv:
        return render_csv(resilience_grid(cols, true));
    case Format::md:
        return "## " + q.scenario + ": resilience\n\n" + inputs_line(q) + "\n\n" +
               render_markdown(resilience_grid(cols, false)) + findings_text(cols);
    case Format::table:
        return q.scenario + ": resilience\n" + inputs_line(q) + "\n\n" +
               render_text(resilience_grid(cols, false)) + findings_text(cols);
    }
    return {};
}

} // namespace podsizer
