#include "podsizer/reports/sizing_report.hpp"

#include "checkpoint_json.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"
#include "sizing_json.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

std::string count(std::int64_t v) {
    return format_number(static_cast<double>(v), 0);
}

std::string cd_ratio_text(const Design& d) {
    if (d.dboxes == 0) {
        return "n/a";
    }
    return format_cd_ratio(static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes));
}

std::string bottlenecks(const Design& d) {
    return std::string(to_string(d.read_bottleneck)) + " / " +
           std::string(to_string(d.write_bottleneck));
}

std::vector<std::pair<std::string, Finding>> findings_of(const SizingResult& result) {
    std::vector<std::pair<std::string, Finding>> all;
    for (const Design& d : result.designs) {
        for (const Finding& f : d.findings) {
            all.emplace_back(d.name, f);
        }
    }
    return all;
}

json design_json(const Design& d) {
    json j;
    j["name"] = d.name;
    j["cnode_model"] = d.cnode_model;
    j["dbox_model"] = d.dbox_model;
    j["switch_model"] = d.switch_model;
    j["rack_model"] = d.rack_model;
    j["drive_size_bytes"] = d.drive_size.base();
    j["drives_per_dbox"] = d.drives_per_dbox;
    j["cnodes"] = d.cnodes;
    j["dboxes"] = d.dboxes;
    j["switches"] = d.switches();
    j["leaf_switches"] = d.leaf_switches;
    j["spine_switches"] = d.spine_switches;
    j["racks"] = d.racks;
    j["racks_for_space"] = d.racks_for_space;
    j["racks_for_power"] = d.racks_for_power;
    j["rack_units"] = d.rack_units().base();
    j["device_rack_units"] = d.device_units.base();
    j["switch_rack_units"] = d.switch_units.base();
    j["rack_usable_units"] = d.rack_usable.base();
    j["rack_power_budget_w"] = d.rack_budget.base();
    j["raw_capacity_bytes"] = d.raw.base();
    j["usable_capacity_bytes"] = d.usable.base();
    j["effective_capacity_bytes"] = d.effective.base();
    j["data_reduction"] = d.data_reduction;
    j["data_strips"] = d.data_strips;
    j["parity_strips"] = d.parity_strips;
    j["ec_efficiency"] = d.ec_efficiency;
    j["reserve"] = d.reserve;
    j["read_bytes_per_s"] = d.read.base();
    j["write_bytes_per_s"] = d.write.base();
    j["frontend_read_bytes_per_s"] = d.frontend_read.base();
    j["frontend_write_bytes_per_s"] = d.frontend_write.base();
    j["backend_read_bytes_per_s"] = d.backend_read.base();
    j["backend_write_bytes_per_s"] = d.backend_write.base();
    j["bottleneck"] = to_string(d.read_bottleneck);
    j["read_bottleneck"] = to_string(d.read_bottleneck);
    j["write_bottleneck"] = to_string(d.write_bottleneck);
    j["saturation_cnodes_per_dbox"] = d.saturation;
    j["knee_cnodes"] = d.knee_cnodes;
    j["power_w"] = d.power.base();
    j["pb_per_rack"] = d.pb_per_rack();
    j["pb_per_kw"] = d.pb_per_kw();
    j["read_gb_per_s_per_kw"] = d.gbps_read_per_kw();
    j["read_gb_per_s_per_rack"] = d.gbps_read_per_rack();
    j["read_gb_per_s_per_gpu"] = d.read_per_gpu_gbps();
    j["feasible"] = d.feasible();
    j["findings"] = detail::findings_json(d.findings);
    json racks = json::array();
    for (const Rack& r : d.layout) {
        racks.push_back({{"rack", r.index},
                         {"cnodes", r.cnodes},
                         {"dboxes", r.dboxes},
                         {"switches", r.switches},
                         {"rack_units_used", r.used.base()},
                         {"power_w", r.power.base()}});
    }
    j["layout"] = racks;
    j["write_driver"] = d.requirements.write_driver;
    j["write_driven_by"] = to_string(d.requirements.write_driven_by);
    json checkpoints = json::array();
    for (std::size_t i = 0; i < d.checkpoints.size(); ++i) {
        checkpoints.push_back(detail::checkpoint_at_design_json(d.requirements.checkpoints.jobs[i],
                                                                d.checkpoints[i]));
    }
    j["checkpoints"] = checkpoints;
    return j;
}

json requirements_json(const Requirements& r) {
    json j;
    j["gpus"] = r.gpus;
    j["sus"] = r.sus;
    j["sized_gpus"] = r.sized_gpus;
    j["rule"] = r.rule;
    j["read_bytes_per_s"] = r.read.base();
    j["write_bytes_per_s"] = r.write.base();
    j["write_driver"] = r.write_driver;
    j["usable_capacity_bytes"] = r.usable.base();
    j["write_driven_by"] = to_string(r.write_driven_by);
    j["performance_write_bytes_per_s"] = r.performance_write.base();
    j["checkpoint_write_bytes_per_s"] = r.checkpoints.write.base();
    j["checkpoints_concurrent"] = r.checkpoints.concurrent;
    j["checkpoint_offsite_write_bytes_per_s"] = r.checkpoints.offsite_write.base();
    j["checkpoint_peak_retained_bytes"] = r.checkpoints.peak_retained.base();
    json jobs = json::array();
    for (const CheckpointRequirement& c : r.checkpoints.jobs) {
        jobs.push_back(detail::checkpoint_requirement_json(c));
    }
    j["checkpoints"] = jobs;
    return j;
}

} // namespace

/// One row per design and job: what each design sustains (table and Markdown).
Grid checkpoint_grid(const SizingResult& result) {
    Grid g;
    g.header = {"Design",   "Job",      "Cadence", "Needs",          "Gets",
                "Interval", "Shortest", "Goodput", "GPU-h lost/day", "Sustainable"};
    g.numeric_from = 3;
    for (const Design& d : result.designs) {
        for (std::size_t i = 0; i < d.checkpoints.size(); ++i) {
            const CheckpointRequirement& r = d.requirements.checkpoints.jobs[i];
            const CheckpointAtDesign& c = d.checkpoints[i];
            const CheckpointJobModel& m = r.model;
            const std::string cadence =
                (m.interval ? "every " + format_interval(*m.interval) : std::string("auto")) +
                ", " +
                (m.mode == CheckpointMode::sync ? "sync " + format_percent(m.stall_budget, 0)
                                                : std::string("async"));
            g.rows.push_back({d.name, r.name, cadence, format_write(c.required_write),
                              format_write(c.share), format_interval(c.at_share.interval),
                              format_interval(c.shortest_interval),
                              format_percent(c.at_share.goodput),
                              format_number(c.at_share.gpu_hours_lost_per_day, 0),
                              c.sustainable ? "yes" : "NO"});
        }
    }
    return g;
}

std::string checkpoint_notes(const SizingResult& result) {
    const CheckpointPlan& plan = result.requirements.checkpoints;
    std::string notes;
    if (plan.offsite_write.base() > 0) {
        notes += "Offsite copies need " + format_write(plan.offsite_write) + " (" +
                 format_in(plan.offsite_write, units::Gbps, 0) + ") of WAN to the central store" +
                 (plan.concurrent ? "" : " (most demanding alternative)") + ".\n";
    }
    if (plan.peak_retained.base() > 0) {
        notes += "Retained checkpoints occupy up to " + format(plan.peak_retained, 1) +
                 " while the next is written.\n";
    }
    return notes;
}

namespace {

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

} // namespace

namespace {

using detail::plain;

/// One metric of the side-by-side: how people read it (table, Markdown) and
/// how scripts read it (CSV: plain numbers, units only in the header).
struct Metric {
    std::string label;
    std::function<std::string(const Design&)> display;
    std::function<std::string(const Design&)> machine;
};

std::vector<Metric> metrics() {
    auto q = [](auto get, const Unit& unit, int decimals) {
        return std::pair{[=](const Design& d) { return format_number(in(get(d), unit), decimals); },
                         [=](const Design& d) { return plain(in(get(d), unit), decimals + 3); }};
    };
    auto n = [](auto get, int decimals) {
        return std::pair{[=](const Design& d) { return format_number(get(d), decimals); },
                         [=](const Design& d) { return plain(get(d), decimals + 3); }};
    };
    auto text = [](auto get) { return std::pair{get, get}; };
    auto m = [](std::string label, auto fns) {
        return Metric{std::move(label), fns.first, fns.second};
    };
    auto cnt = [](std::int64_t v) { return static_cast<double>(v); };
    return {
        m("C-node model", text([](const Design& d) { return d.cnode_model; })),
        m("D-box model", text([](const Design& d) { return d.dbox_model; })),
        m("Drive size (TB)", q([](const Design& d) { return d.drive_size; }, units::TB, 2)),
        m("C-nodes", n([=](const Design& d) { return cnt(d.cnodes); }, 0)),
        m("D-boxes", n([=](const Design& d) { return cnt(d.dboxes); }, 0)),
        m("C:D ratio", text([](const Design& d) { return cd_ratio_text(d); })),
        Metric{"Switches (leaf + spine)",
               [](const Design& d) {
                   return count(d.switches()) + " (" + count(d.leaf_switches) + " + " +
                          count(d.spine_switches) + ")";
               },
               [](const Design& d) { return std::to_string(d.switches()); }},
        m("Racks", n([=](const Design& d) { return cnt(d.racks); }, 0)),
        m("Storage devices (U)", n([](const Design& d) { return d.device_units.base(); }, 0)),
        m("With switches (U)", n([](const Design& d) { return d.rack_units().base(); }, 0)),
        m("Raw capacity (PB)", q([](const Design& d) { return d.raw; }, units::PB, 1)),
        m("Usable capacity (PB)", q([](const Design& d) { return d.usable; }, units::PB, 1)),
        m("Usable capacity (PiB)", q([](const Design& d) { return d.usable; }, units::PiB, 1)),
        Metric{"Erasure coding",
               [](const Design& d) {
                   return std::to_string(d.data_strips) + "+" + std::to_string(d.parity_strips) +
                          ", " + format_number(d.reserve * 100.0, 0) + " % reserve";
               },
               [](const Design& d) {
                   return std::to_string(d.data_strips) + "+" + std::to_string(d.parity_strips);
               }},
        m("Read (TB/s)", q([](const Design& d) { return d.read; }, units::TB_per_s, 2)),
        m("Write (TB/s)", q([](const Design& d) { return d.write; }, units::TB_per_s, 2)),
        m("Read (Tbps)", q([](const Design& d) { return d.read; }, units::Tbps, 1)),
        m("Write (Tbps)", q([](const Design& d) { return d.write; }, units::Tbps, 1)),
        m("Bottleneck (read / write)", text([](const Design& d) { return bottlenecks(d); })),
        m("Knee (C-nodes)", n([=](const Design& d) { return cnt(d.knee_cnodes); }, 0)),
        m("Power (kW)", q([](const Design& d) { return d.power; }, units::kW, 1)),
        m("PB per rack", n([](const Design& d) { return d.pb_per_rack(); }, 2)),
        m("Read GB/s per kW", n([](const Design& d) { return d.gbps_read_per_kw(); }, 1)),
        Metric{"Read GB/s per GPU",
               [](const Design& d) {
                   return d.requirements.gpus > 0 ? format_number(d.read_per_gpu_gbps(), 3)
                                                  : std::string("n/a");
               },
               [](const Design& d) {
                   return d.requirements.gpus > 0 ? plain(d.read_per_gpu_gbps(), 6) : std::string();
               }},
        Metric{"Meets requirements",
               [](const Design& d) { return std::string(d.feasible() ? "yes" : "NO"); },
               [](const Design& d) { return std::string(d.feasible() ? "true" : "false"); }},
    };
}

} // namespace

std::string requirement_line(const Requirements& r) {
    std::string out;
    if (r.gpus > 0) {
        out += format_number(static_cast<double>(r.gpus)) + " GPUs = " + count(r.sus) + " SUs";
        if (!r.rule.empty()) {
            out += "; rule " + r.rule + ": read " + format_in(r.read, units::TB_per_s, 2) +
                   ", write " + format_in(r.performance_write, units::TB_per_s, 2);
        }
        if (!r.checkpoints.jobs.empty()) {
            out += "; checkpoints: write " + format_in(r.checkpoints.write, units::TB_per_s, 2) +
                   (r.write_driven_by == WriteDriver::checkpoints ? " (sets the write requirement)"
                                                                  : " (within the rule's)");
        }
    }
    if (r.usable.base() > 0) {
        out += std::string(out.empty() ? "" : "; ") + "usable " + format_in(r.usable, units::PB, 1);
    }
    return out.empty() ? "none" : out;
}

Grid side_by_side(const SizingResult& result) {
    Grid g;
    g.header.push_back("Metric");
    for (const Design& d : result.designs) {
        g.header.push_back(d.name);
    }
    for (const Metric& m : metrics()) {
        std::vector<std::string> r{m.label};
        for (const Design& d : result.designs) {
            r.push_back(m.display(d));
        }
        g.rows.push_back(std::move(r));
    }
    return g;
}

Grid sizing_csv_grid(const SizingResult& result) {
    Grid g;
    g.header.push_back("Design");
    for (const Metric& m : metrics()) {
        g.header.push_back(m.label);
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
    g.header.push_back("Findings");
    for (const Design& d : result.designs) {
        std::vector<std::string> r{d.name};
        for (const Metric& m : metrics()) {
            r.push_back(m.machine(d));
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
        r.push_back(design_findings_cell(d));
        g.rows.push_back(std::move(r));
    }
    return g;
}

std::string render_sizing(const SizingResult& result, Format format) {
    switch (format) {
    case Format::table:
        return result.scenario + "\nRequirement: " + requirement_line(result.requirements) +
               "\n\n" + render_text(side_by_side(result)) + checkpoint_text(result, false) +
               detail::findings_block(findings_of(result));
    case Format::md:
        return "## " + result.scenario +
               "\n\nRequirement: " + requirement_line(result.requirements) + "\n\n" +
               render_markdown(side_by_side(result)) + checkpoint_text(result, true) +
               detail::findings_markdown(findings_of(result));
    case Format::csv:
        return render_csv(sizing_csv_grid(result));
    case Format::json: {
        json j;
        j["podsizer_version"] = version();
        j["scenario"] = result.scenario;
        j["requirements"] = requirements_json(result.requirements);
        json designs = json::array();
        for (const Design& d : result.designs) {
            designs.push_back(design_json(d));
        }
        j["designs"] = designs;
        j["feasible"] = result.all_feasible();
        return j.dump(2) + "\n";
    }
    }
    return {};
}

// Shared with the batch and sweep reports (batch_report.cpp), so a batch row
// carries exactly the figures and JSON keys of `size`.

namespace {
const std::vector<Metric>& cached_metrics() {
    static const std::vector<Metric> m = metrics();
    return m;
}
} // namespace

const std::vector<std::string>& design_metric_labels() {
    static const std::vector<std::string> labels = [] {
        std::vector<std::string> out;
        for (const Metric& m : cached_metrics()) {
            out.push_back(m.label);
        }
        return out;
    }();
    return labels;
}

std::vector<std::string> design_metric_cells(const Design& d, bool machine) {
    std::vector<std::string> out;
    out.reserve(cached_metrics().size());
    for (const Metric& m : cached_metrics()) {
        out.push_back(machine ? m.machine(d) : m.display(d));
    }
    return out;
}

std::string design_findings_cell(const Design& d) {
    std::string findings;
    for (const Finding& f : d.findings) {
        findings += (findings.empty() ? "" : "; ") + std::string(to_string(f.severity)) + " " +
                    f.code + ": " + f.message;
    }
    return findings;
}

namespace detail {
nlohmann::ordered_json design_to_json(const Design& d) {
    return design_json(d);
}
nlohmann::ordered_json requirements_to_json(const Requirements& r) {
    return requirements_json(r);
}
} // namespace detail

} // namespace podsizer
