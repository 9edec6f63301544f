#include "podsizer/reports/diff_report.hpp"

#include "podsizer/core/finding.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/plain_number.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace podsizer {

namespace {

using detail::ojson;

/// Decimals of a percent delta: "+97.8 %".
constexpr int kPercentDecimals = 1;

/// The finding codes of a design, then those of the sites' and phases'
/// findings planned with it, each once, in order; none without a design.
std::vector<std::string> finding_codes(const Design* d, const GrowthView& g) {
    std::vector<std::string> codes;
    const auto add = [&codes](const Finding& f) {
        std::string code(to_string(f.code));
        if (std::find(codes.begin(), codes.end(), code) == codes.end()) {
            codes.push_back(std::move(code));
        }
    };
    if (d == nullptr) {
        return codes;
    }
    for (const Finding& f : d->findings) {
        add(f);
    }
    for (const auto& [design, f] : growth_findings(g)) {
        if (design == d->name) {
            add(f);
        }
    }
    return codes;
}

/// The codes of `of` that `other` lacks.
std::vector<std::string> missing_from(const std::vector<std::string>& of,
                                      const std::vector<std::string>& other) {
    std::vector<std::string> out;
    for (const std::string& c : of) {
        if (std::find(other.begin(), other.end(), c) == other.end()) {
            out.push_back(c);
        }
    }
    return out;
}

DiffRow diff_row(const Metric& m, const Design* a, const Design* b) {
    DiffRow r;
    r.id = m.id;
    const auto side = [&m](const Design* d, std::optional<double>& v, std::string& people,
                           std::string& machine) {
        if (d == nullptr) {
            people = "n/a";
            return;
        }
        if (m.of_design != nullptr && m.kind == MetricKind::number) {
            v = m.of_design(*d);
        }
        people = m.cell(*d, false);
        machine = m.cell(*d, true);
    };
    side(a, r.a, r.a_cell, r.a_machine);
    side(b, r.b, r.b_cell, r.b_machine);
    if (r.a && r.b) {
        r.delta = *r.b - *r.a;
        if (*r.a != 0.0) {
            r.percent = *r.delta / std::abs(*r.a) * 100.0;
        } else if (*r.b == 0.0) {
            r.percent = 0.0;
        }
    }
    r.changed = (a == nullptr) != (b == nullptr) || r.a_machine != r.b_machine;
    return r;
}

std::string joined(const std::vector<std::string>& codes, const char* separator) {
    std::string out;
    for (const std::string& c : codes) {
        out += (out.empty() ? "" : separator) + c;
    }
    return out;
}

/// The signed delta as a table shows it ("+176", "-12.5", "" when absent).
std::string delta_cell(std::optional<double> delta, int decimals, bool machine) {
    if (!delta) {
        return "";
    }
    if (machine) {
        return detail::plain(*delta, decimals + 3);
    }
    const std::string text = format_number(*delta, decimals);
    // "+0" would claim a change the rounding hides; 0 is shown as it is.
    const bool shown_zero = text.find_first_not_of("0.,-") == std::string::npos;
    if (shown_zero) {
        return format_number(0.0, decimals);
    }
    return (*delta > 0.0 ? "+" : "") + text;
}

/// The percent delta as a table shows it ("+97.8 %", "n/a" for people when absent).
std::string percent_cell(std::optional<double> percent, bool machine) {
    if (!percent) {
        return machine ? "" : "n/a";
    }
    if (machine) {
        return detail::plain(*percent, kPercentDecimals + 3);
    }
    return delta_cell(percent, kPercentDecimals, false) + " %";
}

/// One table per pair, for people: text or Markdown.
std::string render_people(const SizingDiff& d, bool markdown) {
    const std::string list = markdown ? "- " : "";
    std::string out = std::string(markdown ? "## " : "") + "Differences, B against A\n" +
                      (markdown ? "\n" : "") + list + "A: " + d.a_label + " (" + d.a_scenario +
                      ")\n" + list + "B: " + d.b_label + " (" + d.b_scenario + ")\n";
    for (const DesignPairDiff& p : d.pairs) {
        const Grid g = diff_grid(p, false);
        out += markdown ? "\n### " + diff_pair_title(p) + "\n\n" + render_markdown(g)
                        : "\n" + diff_pair_title(p) + "\n\n" + render_text(g);
    }
    return out;
}

ojson side_json(const DiffRow& r, const Metric& m, bool b) {
    const std::optional<double>& v = b ? r.b : r.a;
    const std::string& cell = b ? r.b_machine : r.a_machine;
    if (v) {
        return *v;
    }
    if (m.kind != MetricKind::number && !cell.empty()) {
        // A yes/no row is a boolean; the verdict's `feasible` is too: it
        // meets (docs/model.md §15), as the design JSON's `feasible`.
        return m.kind == MetricKind::verdict ? ojson(cell == "true" || cell == "meets")
                                             : ojson(cell);
    }
    return nullptr;
}

/// A metric of both sides for machines: the registry's key, label and unit,
/// each side's figure, the deltas and whether it changed.
ojson metric_json(const DiffRow& r) {
    const Metric& m = metric(r.id);
    return {{"key", m.key},
            {"label", m.label},
            {"unit", m.unit},
            {"a", side_json(r, m, false)},
            {"b", side_json(r, m, true)},
            {"delta", r.delta ? ojson(*r.delta) : ojson()},
            {"delta_percent", r.percent ? ojson(*r.percent) : ojson()},
            {"changed", r.changed}};
}

/// The report for machines: what was compared, and each pair's metrics and findings.
std::string render_json(const SizingDiff& d) {
    ojson pairs = ojson::array();
    for (const DesignPairDiff& p : d.pairs) {
        ojson metrics = ojson::array();
        for (const DiffRow& r : p.rows) {
            metrics.push_back(metric_json(r));
        }
        pairs.push_back({{"option", p.option + 1},
                         {"a_design", p.a_present ? ojson(p.a_name) : ojson()},
                         {"b_design", p.b_present ? ojson(p.b_name) : ojson()},
                         {"metrics", metrics},
                         {"findings_added", p.findings_added},
                         {"findings_removed", p.findings_removed}});
    }
    const ojson j{{"podsizer_version", version()},
                  {"command", "diff"},
                  {"a", {{"file", d.a_label}, {"scenario", d.a_scenario}}},
                  {"b", {{"file", d.b_label}, {"scenario", d.b_scenario}}},
                  {"pairs", pairs},
                  {"feasible", d.all_feasible}};
    return detail::json_text(j);
}

/// Every pair in one CSV, a row per metric: option, key, metric, unit, a,
/// b, delta, delta_percent, changed.
std::string render_diff_csv(const SizingDiff& d) {
    Grid all;
    for (const DesignPairDiff& p : d.pairs) {
        const Grid g = diff_grid(p, true);
        if (all.header.empty()) {
            all.header = g.header;
            all.header.insert(all.header.begin(), "option");
        }
        for (std::vector<std::string> row : g.rows) {
            row.insert(row.begin(), fmt::format("{}", p.option + 1));
            all.rows.push_back(std::move(row));
        }
    }
    if (all.header.empty()) {
        all.header = {"option", "key",   "metric",        "unit",   "a",
                      "b",      "delta", "delta_percent", "changed"};
    }
    return render_csv(all);
}

} // namespace

std::string diff_pair_title(const DesignPairDiff& p) {
    return fmt::format("Option {}: {} -> {}", p.option + 1,
                       p.a_present ? p.a_name : std::string("(none in A)"),
                       p.b_present ? p.b_name : std::string("(none in B)"));
}

const std::vector<MetricId>& diff_metrics() {
    using M = MetricId;
    static const std::vector<MetricId> kMetrics{
        M::cnode_model,     M::dbox_model,     M::drive_size,      M::cnodes,
        M::dboxes,          M::switches,       M::racks,           M::racks_both_bases,
        M::power,           M::max_power,      M::facility_power,  M::raw_capacity,
        M::usable_capacity, M::read,           M::write,           M::dbox_down_read,
        M::dbox_down_write, M::rack_down_read, M::rack_down_write, M::feasible,
    };
    return kMetrics;
}

SizingDiff diff_sizings(const SizingResult& a, const std::string& a_label, const SizingResult& b,
                        const std::string& b_label, const GrowthView& a_growth,
                        const GrowthView& b_growth) {
    SizingDiff d;
    d.a_label = a_label;
    d.b_label = b_label;
    d.a_scenario = a.scenario;
    d.b_scenario = b.scenario;
    d.all_feasible = a.all_feasible() && b.all_feasible() && a_growth.ok() && b_growth.ok();
    const std::size_t n = std::max(a.designs.size(), b.designs.size());
    for (std::size_t i = 0; i < n; ++i) {
        const Design* da = i < a.designs.size() ? &a.designs[i] : nullptr;
        const Design* db = i < b.designs.size() ? &b.designs[i] : nullptr;
        DesignPairDiff p;
        p.option = i;
        p.a_present = da != nullptr;
        p.b_present = db != nullptr;
        p.a_name = da != nullptr ? da->name : "";
        p.b_name = db != nullptr ? db->name : "";
        for (const MetricId id : diff_metrics()) {
            p.rows.push_back(diff_row(metric(id), da, db));
        }
        const std::vector<std::string> ca = finding_codes(da, a_growth);
        const std::vector<std::string> cb = finding_codes(db, b_growth);
        p.findings_added = missing_from(cb, ca);
        p.findings_removed = missing_from(ca, cb);
        d.pairs.push_back(std::move(p));
    }
    return d;
}

Grid diff_grid(const DesignPairDiff& p, bool machine) {
    Grid g;
    if (machine) {
        g.header = {"key", "metric", "unit", "a", "b", "delta", "delta_percent", "changed"};
        g.numeric_from = 3;
    } else {
        g.header = {"Metric", "A: " + (p.a_present ? p.a_name : std::string("(none)")),
                    "B: " + (p.b_present ? p.b_name : std::string("(none)")), "Δ (B - A)", "Δ %"};
    }
    for (const DiffRow& r : p.rows) {
        const Metric& m = metric(r.id);
        const bool number = m.kind == MetricKind::number;
        const std::string delta =
            number ? delta_cell(r.delta, m.decimals, machine)
                   : (machine ? "" : (r.changed ? std::string("changed") : std::string()));
        const std::string percent = number && r.delta ? percent_cell(r.percent, machine) : "";
        std::vector<std::string> row = metric_row(m.key, m.label, m.unit, machine);
        if (machine) {
            row.insert(row.end(),
                       {r.a_machine, r.b_machine, delta, percent, r.changed ? "true" : "false"});
        } else {
            row.insert(row.end(), {r.a_cell, r.b_cell, delta, number ? percent : ""});
        }
        g.rows.push_back(std::move(row));
    }
    const std::string added = joined(p.findings_added, machine ? " " : ", ");
    const std::string removed = joined(p.findings_removed, machine ? " " : ", ");
    if (machine) {
        g.rows.push_back({"findings_added", "Findings B has and A has not", "", "", added, "", "",
                          added.empty() ? "false" : "true"});
        g.rows.push_back({"findings_removed", "Findings A has and B has not", "", removed, "", "",
                          "", removed.empty() ? "false" : "true"});
    } else {
        g.rows.push_back(
            {"Findings added (in B, not in A)", "", added.empty() ? "none" : added, "", ""});
        g.rows.push_back(
            {"Findings removed (in A, not in B)", removed.empty() ? "none" : removed, "", "", ""});
    }
    return g;
}

std::string render_diff(const SizingDiff& d, Format format) {
    switch (format) {
    case Format::table:
        return render_people(d, false);
    case Format::md:
        return render_people(d, true);
    case Format::csv:
        return render_diff_csv(d);
    case Format::json:
        return render_json(d);
    }
    return {};
}

} // namespace podsizer
