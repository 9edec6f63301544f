#include "podsizer/reports/sizing_report.hpp"

#include "checkpoint_json.hpp"
#include "cost_json.hpp"
#include "podsizer/core/text.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "podsizer/reports/cost_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"
#include "sizing_json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

std::vector<std::pair<std::string, Finding>> findings_of(const SizingResult& result) {
    std::vector<std::pair<std::string, Finding>> all;
    for (const Design& d : result.designs) {
        for (const Finding& f : d.findings) {
            all.emplace_back(d.name, f);
        }
    }
    return all;
}

using W = WorkloadNeed;
using Q = Requirements;
using S = SizingResult;
using WRow = detail::FigureRow<W>;
using QRow = detail::FigureRow<Q>;
using SRow = detail::FigureRow<S>;
using namespace detail; // NOLINT: the figure tables' getters

constexpr std::array kWorkload{
    WRow{.key = "id", .value = of<&W::id>},
    WRow{.key = "name", .value = of<&W::name>},
    WRow{.key = "accelerator", .value = of<&W::accelerator>},
    WRow{.key = "gpus", .value = of<&W::gpus>},
    WRow{.key = "per_accelerator_bytes_per_s", .value = of<&W::per_accelerator>},
    WRow{.key = "speed", .value = of<&W::speed>},
    WRow{.key = "speed_from", .value = of<&W::speed_from>},
    WRow{.key = "speed_assumed", .value = of<&W::speed_assumed>},
    WRow{.key = "read_bytes_per_s", .value = of<&W::read>},
};

/// docs/workloads.md §4: the read's driver and the workloads only where workloads are given.
constexpr auto kLoads = [](const Q& r) { return !r.workloads.empty(); };
constexpr std::array kRequirements{
    QRow{.key = "gpus", .value = of<&Q::gpus>},
    QRow{.key = "sus", .value = of<&Q::sus>},
    QRow{.key = "sized_gpus", .value = of<&Q::sized_gpus>},
    QRow{.key = "rule", .value = of<&Q::rule>},
    QRow{.key = "read_bytes_per_s", .value = of<&Q::read>},
    QRow{.key = "write_bytes_per_s", .value = of<&Q::write>},
    QRow{.key = "write_driver", .value = of<&Q::write_driver>},
    QRow{.key = "usable_capacity_bytes", .value = of<&Q::usable>},
    QRow{.key = "usable_target_bytes", .value = of<&Q::usable_target>},
    QRow{.key = "write_driven_by", .value = of<&Q::write_driven_by>},
    QRow{.key = "performance_write_bytes_per_s", .value = of<&Q::performance_write>},
    QRow{.value = by<[](const Q& r) {
             return figures_json(checkpoint_plan_figures(), r.checkpoints);
         }>}, // in place
    QRow{.key = "read_driver", .value = only<kLoads, of<&Q::read_driver>>},
    QRow{.key = "write_needed", .value = only<kLoads, [](const Q& r) { return !r.reads_only; }>},
    QRow{.key = "workloads",
         .value = only<kLoads, [](const Q& r) { return figures_json(kWorkload, r.workloads); }>},
};

using NRow = detail::FigureRow<SitesNeed>;
/// A project's sites' needs summed (docs/sites-and-phases.md, "A site's own needs").
constexpr std::array kSitesNeed{
    NRow{.key = "sites", .value = of<&SitesNeed::sites>},
    NRow{.key = "gpus", .value = of<&SitesNeed::gpus>},
    NRow{.key = "read_bytes_per_s", .value = of<&SitesNeed::read>},
    NRow{.key = "write_bytes_per_s", .value = of<&SitesNeed::write>},
    NRow{.key = "usable_capacity_bytes", .value = of<&SitesNeed::usable>},
};
constexpr auto kBySite = [](const S& s) { return s.sites_need.has_value(); };

/// The whole `size --format json` document.
constexpr std::array kDocument{
    SRow{.key = "podsizer_version", .value = by<[](const S&) { return version(); }>},
    SRow{.key = "scenario", .value = of<&S::scenario>},
    SRow{.key = "requirements", .value = via<&S::requirements, requirements_to_json>},
    SRow{.key = "sites_need",
         .value =
             only<kBySite, [](const S& s) { return figures_json(kSitesNeed, *s.sites_need); }>},
    SRow{.key = "designs", .value = by<[](const S& s) {
                               return priced_summaries_json(s.designs, s.prices, design_to_json);
                           }>},
    SRow{.key = "feasible", .value = of<&S::all_feasible>},
};

/// " of every 10th checkpoint" when every job that copies off site copies
/// the same share; empty otherwise.
std::string offsite_cadence(const CheckpointPlan& plan) {
    std::int64_t every = 0;
    for (const CheckpointRequirement& r : plan.jobs) {
        if (r.offsite_every <= 0) {
            continue;
        }
        if (every != 0 && every != r.offsite_every) {
            return {};
        }
        every = r.offsite_every;
    }
    if (every == 0) {
        return {};
    }
    return every == 1 ? " of every checkpoint"
                      : " of every " + detail::ordinal(every) + " checkpoint";
}

/// One job's failure band, not one favourable point (docs/checkpoints.md §10).
std::string band_note(const std::string& job, const FailureBand& b) {
    auto three = [&b](auto f) { return f(b.low) + " / " + f(b.central) + " / " + f(b.high); };
    return job + ": failure band (low / central / high: " + three([](const FailureBandCase& c) {
               return c.input.rate.preset + " with " + format_interval(c.input.restart) +
                      " restarts";
           }) +
           "): MTBF " + three([](const FailureBandCase& c) { return format_interval(c.mtbf); }) +
           ", goodput " +
           three([](const FailureBandCase& c) { return format_percent(c.goodput); }) +
           ", required write " +
           three([](const FailureBandCase& c) { return format_write(c.required_write); }) +
           "; the rates are A100 and H100 measurements.\n";
}

/// The failure rate as stated, with its source, and as restated per node of
/// the platform the job runs on (docs/checkpoints.md §4).
std::string rate_note(const CheckpointRequirement& first) {
    const FailureRate& rate = first.failure_rate;
    return "Failure rate: " + format_number(rate.per_1000_node_days, 2) +
           fmt::format(" per 1,000 node-days of {} GPUs (", rate.gpus_per_node) +
           (rate.preset.empty() ? std::string("given") : rate.preset) +
           (rate.source ? "; " + std::string(to_string(rate.source->kind)) + ", " + rate.source->ref
                        : std::string()) +
           ") = " + format_number(first.platform_failures_per_1000_node_days, 2) +
           " per 1,000 platform node-days.\n";
}

/// Each job's failure band and async staging, then the plan's offsite WAN
/// and the capacity its retained checkpoints take.
std::string job_notes(const CheckpointPlan& plan) {
    std::string notes;
    for (const CheckpointRequirement& r : plan.jobs) {
        if (r.band) {
            notes += band_note(r.name, *r.band);
        }
        if (r.model.mode == CheckpointMode::async) {
            notes +=
                r.name +
                ": async (stage-locally-then-drain), staged to node-local storage "
                "at " +
                format_write(r.local_bandwidth) + " per node (" + format_write(r.local_copy_write) +
                " over " + format_number(static_cast<double>(r.nodes)) + " nodes; a " +
                format_interval(r.at_requirement.stall) + " stall), then drained to the pod.\n";
        }
    }
    if (plan.offsite_write.base() > 0) {
        // offsite_every sends copies to one central store, never to a partner
        // site (a site list's replicate_to is the Replication table's).
        notes += "Offsite copies" + offsite_cadence(plan) + " need " +
                 format_write(plan.offsite_write) + " (" +
                 format_in(plan.offsite_write, units::Gbps, 0) + ") of WAN to the central store" +
                 (plan.concurrent ? "" : " (most demanding alternative)") + ".\n";
    }
    if (plan.peak_retained.base() > 0) {
        notes += "Retained checkpoints occupy up to " + format(plan.peak_retained, 1) +
                 " while the next is written.\n";
    }
    return notes;
}

/// Every line of `notes` headed by the design it is about ("Site A: …").
std::string headed(const std::string& name, std::string_view notes) {
    std::string out;
    for (std::size_t at = 0; at < notes.size();) {
        // A last line without its newline is headed too (npos + 1 is 0: take the rest).
        const std::size_t end = std::min(notes.find('\n', at), notes.size() - 1);
        out += name + ": " + std::string(notes.substr(at, end + 1 - at));
        at = end + 1;
    }
    return out;
}

std::string checkpoint_text(const SizingResult& result, bool md) {
    const Grid g = checkpoint_grid(result);
    if (g.rows.empty()) {
        return {};
    }
    const std::string notes = checkpoint_notes(result);
    return md ? "\n### Checkpoints\n\n" + render_markdown(g) + (notes.empty() ? "" : "\n" + notes)
              : "\nCheckpoints (write share per job, interval run, shortest sustainable "
                "interval):\n" +
                    render_text(g) + notes;
}

using detail::plain;

// The phrases of the requirement, shared by the one-line form (reports, GUI)
// and the short lines of the workbook's subtitle.

std::string gpus_phrase(const Requirements& r) {
    return format_number(static_cast<double>(r.gpus)) +
           " GPUs = " + format_number(static_cast<double>(r.sus)) + " SUs";
}

std::string throughput_phrase(Throughput read, Throughput write) {
    return "read " + format_in(read, units::TB_per_s, 2) + ", write " +
           format_in(write, units::TB_per_s, 2);
}

std::string usable_phrase(const Requirements& r) {
    if (r.checkpoints.peak_retained.base() > 0.0 && r.usable_target.base() > 0.0) {
        // docs/resilience.md §11: the checkpoints kept locally add to the data.
        return "usable " + format_in(r.usable_target, units::PB, 1) + " + " +
               format_in(r.checkpoints.peak_retained, units::TB, 1) + " checkpoints kept";
    }
    return "usable " + format_in(r.usable, units::PB, 1);
}

std::string then(const std::string& so_far, const std::string& phrase) {
    return so_far + (so_far.empty() ? "" : "; ") + phrase;
}

/// "workloads unet3d-h100: read 26.35 TB/s*" (docs/workloads.md §4): starred
/// when a speed factor rests on an ASSUMPTION; with a rule beside, which one
/// set the read; with nothing writing, that no write need is checked.
std::string workloads_phrase(const Requirements& r) {
    Throughput read;
    std::string ids;
    bool assumed = false;
    for (const WorkloadNeed& w : r.workloads) {
        read += w.read;
        ids += (ids.empty() ? "" : " + ") + w.id;
        assumed = assumed || w.speed_assumed;
    }
    std::string out = "workloads " + ids + ": read " + format_in(read, units::TB_per_s, 2) +
                      (assumed ? std::string(kAssumedMarker) : "");
    if (r.rule != "workloads") {
        out += r.read_driver.rfind("workloads", 0) == 0 ? " (sets the read requirement)"
                                                        : " (within the " + r.rule + " read)";
    }
    if (r.reads_only) {
        out += "; no write need (the workloads only read; add checkpoint jobs)";
    }
    return out;
}

/// "3 sites, each sized for its own needs: 98,304 GPUs" and the rest of the
/// sites' needs summed (docs/sites-and-phases.md, "A site's own needs").
std::string sites_phrase(const SitesNeed& n) {
    return format_number(static_cast<double>(n.sites)) +
           (n.sites == 1 ? " site, sized for its own needs: "
                         : " sites, each sized for its own needs: ") +
           format_number(static_cast<double>(n.gpus)) + " GPUs";
}
constexpr std::string_view kSitesSummed = " (the sites' needs summed)";

/// The power basis line under the requirement: the scenario's constraints
/// apply to every design alike, so the first design's stands for them.
std::string basis_text(const SizingResult& result) {
    return result.designs.empty() ? "" : "\n" + power_basis_line(result.designs.front());
}

} // namespace

/// One row per design and job: what each design sustains (table and Markdown).
Grid checkpoint_grid(const SizingResult& result) {
    Grid g;
    const std::string_view columns = detail::job_at_design_columns();
    const detail::Rows<detail::JobAtDesign> figures = detail::job_at_design_figures();
    g.header = {"Design", "Job"};
    for (std::string& label : detail::people_labels(
             figures, detail::JobAtDesign{CheckpointRequirement{}, CheckpointAtDesign{}},
             columns)) {
        g.header.push_back(std::move(label));
    }
    g.numeric_from = 3;
    for (const Design& d : result.designs) {
        for (std::size_t i = 0; i < d.checkpoints.size(); ++i) {
            const detail::JobAtDesign job{d.requirements.checkpoints.jobs[i], d.checkpoints[i]};
            std::vector<std::string> row{d.name, job.r.name};
            for (std::string& cell : detail::people_cells(figures, job, columns)) {
                row.push_back(std::move(cell));
            }
            g.rows.push_back(std::move(row));
            g.set_cell_role(g.rows.size() - 1, g.header.size() - 1,
                            job.c.sustainable ? CellRole::met : CellRole::not_met);
        }
    }
    return g;
}

std::string checkpoint_notes(const SizingResult& result) {
    const CheckpointPlan& plan = result.requirements.checkpoints;
    if (plan.jobs.empty()) {
        return {};
    }
    const KneeRule& k = plan.jobs.front().knee_rule;
    std::string notes = "+1 step: the GPU-hours a day one more " + format_write(k.step) +
                        " of write gives back at the design's share; Knee: beyond it a step "
                        "gives back less than " +
                        format_significant(k.threshold, 0) + " GPU-hours a day.\n";
    if (!result.sites_need) {
        return notes + rate_note(plan.jobs.front()) + job_notes(plan);
    }
    // A project's sites each run their jobs on their own GPUs and platform:
    // the whole fleet's one plan is no site's (docs/sites-and-phases.md).
    for (const Design& d : result.designs) {
        const CheckpointPlan& own = d.requirements.checkpoints;
        if (!own.jobs.empty()) {
            notes += headed(d.name, rate_note(own.jobs.front()) + job_notes(own));
        }
    }
    return notes;
}

std::string requirement_line(const Requirements& r) {
    std::string out;
    if (r.gpus > 0) {
        out = gpus_phrase(r);
        if (!r.rule.empty() && r.rule != "workloads") {
            const Throughput read = r.workloads.empty() ? r.read : r.performance_read;
            out = then(out, "rule " + r.rule + ": " + throughput_phrase(read, r.performance_write));
        }
        if (!r.workloads.empty()) {
            out = then(out, workloads_phrase(r));
        }
        if (!r.checkpoints.jobs.empty()) {
            out = then(out, "checkpoints: write " +
                                format_in(r.checkpoints.write, units::TB_per_s, 2) +
                                (r.write_driven_by == WriteDriver::checkpoints
                                     ? " (sets the write requirement)"
                                     : " (within the rule's)"));
        }
    }
    if (r.usable.base() > 0) {
        out = then(out, usable_phrase(r));
    }
    return out.empty() ? "none" : out;
}

std::string power_basis_line(PowerBasis basis, double rack_derate, double pue) {
    const std::string derate =
        rack_derate == 1.0 ? "no derating"
                           : "derated to " + percent_text(rack_derate, 0) + " of the budget";
    // The PUE's source beside it (REVIEW-3 §4.4; Uptime Institute surveys).
    const std::string source =
        pue == kDefaultPue
            ? " (the default: Uptime Institute's 2023 all-sites average; new AI builds run "
              "1.1-1.35, set the site's with constraints.pue or --pue)"
            : " (the scenario's; Uptime Institute's 2023 all-sites average is 1.58, new AI "
              "builds 1.1-1.35)";
    return "Power basis: racks checked on " + std::string(to_string(basis)) + " draw, " + derate +
           "; facility power = IT power (" + std::string(to_string(basis)) + ") x PUE " +
           format_number(pue, 2) + source;
}

std::string power_basis_line(const Design& d) {
    return power_basis_line(d.constraints.power_basis, d.constraints.rack_derate,
                            d.constraints.pue);
}

std::vector<std::string> requirement_lines(const Requirements& r) {
    // Short lines: the workbook's subtitle spans only the table's width when printed.
    std::string first = r.gpus > 0 ? gpus_phrase(r) : std::string();
    if (r.usable.base() > 0) {
        first = then(first, usable_phrase(r));
    }
    std::vector<std::string> lines{"Requirement: " + (first.empty() ? "none" : first)};
    if (r.read.base() > 0 || r.write.base() > 0) {
        lines.push_back((r.rule.empty() || r.rule == "explicit" || r.rule == "workloads"
                             ? std::string("Throughput")
                             : "Rule " + r.rule) +
                        // Beside workloads a rule's line gives the rule's own read; the
                        // workloads' line says which of the two set the need.
                        ": " +
                        throughput_phrase(r.workloads.empty() || r.rule == "workloads"
                                              ? r.read
                                              : r.performance_read,
                                          r.write) +
                        (r.write_driven_by == WriteDriver::checkpoints ? " (checkpoints)" : ""));
    }
    if (!r.workloads.empty()) {
        std::string w = workloads_phrase(r);
        w[0] = 'W';
        lines.push_back(w);
    }
    return lines;
}

std::string requirement_line(const SizingResult& result) {
    if (!result.sites_need) {
        return requirement_line(result.requirements);
    }
    const SitesNeed& n = *result.sites_need;
    return sites_phrase(n) + "; " + throughput_phrase(n.read, n.write) + "; usable " +
           format_in(n.usable, units::PB, 1) + std::string(kSitesSummed);
}

std::vector<std::string> requirement_lines(const SizingResult& result) {
    if (!result.sites_need) {
        return requirement_lines(result.requirements);
    }
    const SitesNeed& n = *result.sites_need;
    return {"Requirement: " + sites_phrase(n) + "; usable " + format_in(n.usable, units::PB, 1),
            "Throughput: " + throughput_phrase(n.read, n.write) + std::string(kSitesSummed)};
}

Grid side_by_side(const SizingResult& result) {
    Grid g;
    g.header.push_back("Metric");
    for (const Design& d : result.designs) {
        g.header.push_back(d.name);
    }
    const bool reduction = has_data_reduction(result.designs);
    const bool planning = has_planning_racks(result.designs);
    for (MetricId id : sizing_table_metrics()) {
        if ((id == MetricId::effective_capacity && !reduction) ||
            (id == MetricId::racks_planned && !planning)) {
            continue;
        }
        const Metric& m = metric(id);
        std::vector<std::string> r{metric_label(m, result.designs)};
        for (const Design& d : result.designs) {
            r.push_back(m.cell(d, false));
        }
        g.rows.push_back(std::move(r));
        for (std::size_t k = 0; k < result.designs.size(); ++k) {
            // A cell without a figure ("n/a": no rack loss to survive) rests on nothing.
            const std::string& shown = g.rows.back()[k + 1];
            if (shown.empty() || shown == "n/a") {
                continue;
            }
            g.set_assumptions(g.rows.size() - 1, k + 1,
                              metric_assumptions(id, result.designs[k].assumptions));
        }
        if (m.kind == MetricKind::verdict) {
            std::vector<std::optional<bool>> met;
            for (const Design& d : result.designs) {
                met.emplace_back(id == MetricId::feasible ? d.verdict.status == VerdictStatus::meets
                                                          : m.cell(d, false) == "yes");
            }
            mark_verdicts(g, g.rows.size() - 1, 1, met);
        }
    }
    return g;
}

Grid sizing_csv_grid(const SizingResult& result) {
    Grid g;
    g.header.push_back("Design");
    for (const std::string& label : design_metric_labels()) {
        g.header.push_back(label);
    }
    // Checkpoint columns only when the scenario has jobs, so a scenario without
    // them keeps its CSV shape.
    const auto& jobs = result.requirements.checkpoints.jobs;
    if (!jobs.empty()) {
        g.header.push_back("Write driven by");
        for (const CheckpointRequirement& job : jobs) {
            g.header.push_back(job.name + ": required write (GB/s)");
            g.header.push_back(job.name + ": share of write (GB/s)");
            g.header.push_back(job.name + ": interval (s)");
            g.header.push_back(job.name + ": shortest interval (s)");
            g.header.push_back(job.name + ": goodput");
            g.header.push_back(job.name + ": sustainable");
        }
    }
    if (result.prices) { // no cost columns at all without a price book
        for (std::string& h : cost_csv_headers(*result.prices)) {
            g.header.push_back(std::move(h));
        }
    }
    g.header.push_back("Findings");
    for (const Design& d : result.designs) {
        std::vector<std::string> r{d.name};
        for (std::string& cell : design_metric_cells(d, true)) {
            r.push_back(std::move(cell));
        }
        if (!jobs.empty()) {
            r.push_back(std::string(to_string(d.requirements.write_driven_by)));
            for (const CheckpointAtDesign& c : d.checkpoints) {
                r.push_back(plain(in(c.required_write, units::GB_per_s), 6));
                r.push_back(plain(in(c.share, units::GB_per_s), 6));
                r.push_back(plain(c.at_share.interval.base(), 6));
                r.push_back(plain(c.shortest_interval.base(), 6));
                r.push_back(plain(c.at_share.goodput, 6));
                r.push_back(c.sustainable ? "true" : "false");
            }
        }
        if (result.prices) {
            for (std::string& cell : cost_csv_cells(design_cost(d, *result.prices))) {
                r.push_back(std::move(cell));
            }
        }
        r.push_back(design_findings_cell(d));
        g.rows.push_back(std::move(r));
    }
    return g;
}

std::string render_sizing(const SizingResult& result, Format format) {
    switch (format) {
    case Format::table:
        return result.scenario + "\nRequirement: " + requirement_line(result) + basis_text(result) +
               "\n\n" + render_text(side_by_side(result)) + detail::verdict_lines(result.designs) +
               checkpoint_text(result, false) + cost_section(result, false) +
               detail::findings_block(findings_of(result));
    case Format::md:
        return "## " + result.scenario + "\n\nRequirement: " + requirement_line(result) +
               basis_text(result) + "\n\n" + render_markdown(side_by_side(result)) +
               detail::verdict_lines(result.designs) + checkpoint_text(result, true) +
               cost_section(result, true) + detail::findings_markdown(findings_of(result));
    case Format::csv:
        return render_csv(sizing_csv_grid(result));
    case Format::json:
        return detail::json_text(detail::sizing_document(result));
    }
    return {};
}

nlohmann::ordered_json detail::sizing_document(const SizingResult& result) {
    return detail::figures_json<S>(kDocument, result);
}

// Shared with the batch and sweep reports (batch_report.cpp), so a batch row
// carries exactly the figures and JSON keys of `size`.

const std::vector<std::string>& design_metric_labels() {
    static const std::vector<std::string> labels = [] {
        std::vector<std::string> out;
        for (MetricId id : sizing_table_metrics()) {
            // A batch's scenarios each have their basis: their rack columns
            // keep the one row each, racks as laid out (the JSON keys of size).
            if (id != MetricId::racks_planned) {
                out.push_back(metric(id).labelled());
            }
        }
        return out;
    }();
    return labels;
}

std::vector<std::string> design_metric_cells(const Design& d, bool machine) {
    std::vector<std::string> out;
    out.reserve(sizing_table_metrics().size());
    for (MetricId id : sizing_table_metrics()) {
        if (id != MetricId::racks_planned) {
            out.push_back(metric(id).cell(d, machine));
        }
    }
    return out;
}

std::string design_findings_cell(const Design& d) {
    std::string findings;
    for (const Finding& f : d.findings) {
        findings += (findings.empty() ? "" : "; ") + std::string(to_string(f.severity())) + " " +
                    std::string(to_string(f.code)) + ": " + f.message_and_hint();
    }
    return findings;
}

namespace detail {
nlohmann::ordered_json requirements_to_json(const Requirements& r) {
    return figures_json(kRequirements, r);
}
} // namespace detail

} // namespace podsizer
