#include "podsizer/reports/resilience_report.hpp"

#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>

namespace podsizer {

namespace {

using detail::ojson;
using detail::three_significant;
using Value = std::optional<double>;

/// One row: its key for scripts, its label for people, and the figure in
/// the unit the label names (nullopt: does not apply).
struct Row {
    const char* key;
    const char* label;
    int decimals; ///< -1: three significant digits (probabilities)
    std::function<Value(const DesignResilience&)> value;
};

Value in_unit(double base, const AnyUnit& u) {
    return base / u.factor;
}

/// Rebuilds, durability and throughput in a failure state.
std::vector<Row> durability_rows() {
    using R = const DesignResilience&;
    return {
        {"afr_percent", "Drive AFR (%)", 2, [](R r) -> Value { return r.afr * 100.0; }},
        {"fill_percent", "Fill (%)", 0, [](R r) -> Value { return r.fill * 100.0; }},
        {"rebuild_share_percent", "Backend share for rebuilds (%)", 0,
         [](R r) -> Value { return r.rebuild_share * 100.0; }},
        {"read_amplification", "Rebuild reads (drives per drive)", 1,
         [](R r) -> Value { return r.read_amplification; }},
        {"drive_rebuild_min", "Drive rebuild (min)", 1,
         [](R r) { return in_unit(r.drive_rebuild.base(), units::min); }},
        // A lone D-box has no other to rebuild from: n/a, not "0.0" h, which
        // read as an instant rebuild (third red-team round, defect 13).
        {"dbox_rebuild_h", "D-box rebuild (h)", 1,
         [](R r) -> Value {
             return r.dbox_rebuild.base() > 0.0 ? in_unit(r.dbox_rebuild.base(), units::h)
                                                : std::nullopt;
         }},
        {"drive_annual_loss_probability", "Annual loss probability, drive failures", -1,
         [](R r) -> Value { return r.drive_annual_loss; }},
        {"fixed_window_drive_annual_loss_probability",
         "  the same, fixed rebuild windows (Backblaze method)", -1,
         [](R r) -> Value { return r.fixed_window_annual_loss; }},
        {"dbox_loss_given_failure", "P(loss | a D-box fails)", -1,
         [](R r) -> Value { return r.dbox_loss_given_failure; }},
        {"dbox_events_per_year", "D-box outages a year, per D-box (%)", 2,
         [](R r) -> Value { return r.dbox_events * 100.0; }},
        {"dbox_losses_per_year", "D-box losses a year, per D-box (%)", 2,
         [](R r) -> Value { return r.dbox_losses * 100.0; }},
        {"unreachable_events_per_year", "Outages a year leaving data unreachable", 3,
         [](R r) -> Value { return r.unreachable_events; }},
        {"dbox_annual_loss_probability", "Annual loss probability, D-box losses", -1,
         [](R r) -> Value { return r.dbox_annual_loss; }},
        {"annual_loss_probability", "Annual loss probability, drives and D-boxes", -1,
         [](R r) -> Value { return r.annual_loss; }},
        {"nines", "Nines, drives and D-boxes (exponential rebuilds, serial repair)", 2,
         [](R r) -> Value { return std::isfinite(r.nines) ? Value(r.nines) : std::nullopt; }},
        {"degraded_read_tbps", "Read, one D-box down (TB/s)", 2,
         [](R r) { return in_unit(r.degraded_read.base(), units::TB_per_s); }},
        {"degraded_write_tbps", "Write, one D-box down (TB/s)", 2,
         [](R r) { return in_unit(r.degraded_write.base(), units::TB_per_s); }},
        {"rack_down_read_tbps", "Read, one rack down (TB/s)", 2,
         [](R r) -> Value {
             return r.survives_rack_loss ? in_unit(r.rack_down_read.base(), units::TB_per_s)
                                         : std::nullopt;
         }},
        {"rack_down_write_tbps", "Write, one rack down (TB/s)", 2,
         [](R r) -> Value {
             return r.survives_rack_loss ? in_unit(r.rack_down_write.base(), units::TB_per_s)
                                         : std::nullopt;
         }},
        // Only with checkpoint jobs: the read beside their write averaged
        // over the interval (docs/resilience.md §10).
        {"read_during_burst_tbps", "Read beside the checkpoints' average write (TB/s)", 2,
         [](R r) -> Value {
             return r.has_checkpoints ? in_unit(r.read_during_burst.base(), units::TB_per_s)
                                      : std::nullopt;
         }},
    };
}

/// The WAN outage, staging and endurance.
std::vector<Row> outage_rows() {
    using R = const DesignResilience&;
    return {
        {"offsite_gbps", "Offsite copies (Gbps)", 1,
         [](R r) { return in_unit(r.offsite_write.base(), units::Gbps); }},
        {"backlog_pb", "Backlog after the outage (PB)", 2,
         [](R r) { return in_unit(r.backlog.base(), units::PB); }},
        {"local_need_pb", "Local capacity to ride it out (PB)", 2,
         [](R r) { return in_unit(r.local_need.base(), units::PB); }},
        {"catch_up_h", "Catch-up on the WAN (h)", 1,
         [](R r) -> Value {
             return r.catch_up ? in_unit(r.catch_up->base(), units::h) : std::nullopt;
         }},
        {"offsite_accounts", "Accounts for the offsite rate", 0,
         [](R r) -> Value {
             return r.offsite_accounts > 0 ? Value(static_cast<double>(r.offsite_accounts))
                                           : std::nullopt;
         }},
        {"accounts", "Cloud accounts (offsite rate, dataset)", 0,
         [](R r) -> Value {
             return r.accounts > 0 ? Value(static_cast<double>(r.accounts)) : std::nullopt;
         }},
        {"staging_gbps", "Staging rate (Gbps)", 0,
         [](R r) -> Value {
             return r.staging_rate.base() > 0.0 ? in_unit(r.staging_rate.base(), units::Gbps)
                                                : std::nullopt;
         }},
        {"staging_days", "Staging the dataset (days)", 1,
         [](R r) -> Value {
             return r.staging ? Value(r.staging->base() / 86'400.0) : std::nullopt;
         }},
        {"dwpd_average", "Drive writes per day, checkpoint jobs' average", 3,
         [](R r) -> Value { return r.has_checkpoints ? Value(r.dwpd_average) : std::nullopt; }},
        {"dwpd_peak", "Drive writes per day, at full write", 2,
         [](R r) -> Value { return r.dwpd_peak; }},
        {"rated_dwpd", "Rated drive writes per day", 2,
         [](R r) -> Value { return r.rated_dwpd > 0.0 ? Value(r.rated_dwpd) : std::nullopt; }},
    };
}

const std::vector<Row>& rows() {
    static const std::vector<Row> kRows = [] {
        std::vector<Row> all = durability_rows();
        std::vector<Row> more = outage_rows();
        all.insert(all.end(), more.begin(), more.end());
        return all;
    }();
    return kRows;
}

std::string cell(const Row& row, const DesignResilience& r, bool machine) {
    const Value v = row.value(r);
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

ojson resilience_json(const ResilienceQuery& q, const std::vector<ResilienceColumn>& cols) {
    ojson j;
    j["podsizer_version"] = std::string(version());
    j["scenario"] = q.scenario;
    ojson designs = ojson::array();
    for (const ResilienceColumn& c : cols) {
        ojson d;
        d["name"] = c.design->name;
        d.update(detail::resilience_json(c.resilience));
        designs.push_back(std::move(d));
    }
    j["designs"] = std::move(designs);
    return j;
}

} // namespace

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
    for (const Row& row : rows()) {
        // A row no design has a figure for is left out, not shown as n/a.
        if (std::none_of(cols.begin(), cols.end(),
                         [&](const ResilienceColumn& c) { return row.value(c.resilience); })) {
            continue;
        }
        std::vector<std::string> line;
        if (machine) {
            line.push_back(row.key);
        }
        line.push_back(row.label);
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
        return detail::without_negative_zero(resilience_json(q, cols)).dump(2) + "\n";
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
