#include "podsizer/reports/sizing_report.hpp"

#include "podsizer/reports/version.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

std::string n0(double v) {
    return format_number(v, 0);
}
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

std::string requirement_line(const Requirements& r) {
    std::string out;
    if (r.gpus > 0) {
        out += format_number(static_cast<double>(r.gpus)) + " GPUs = " + count(r.sus) + " SUs";
        if (!r.rule.empty()) {
            out += "; rule " + r.rule + ": read " + format_in(r.read, units::TB_per_s, 2) +
                   ", write " + format_in(r.write, units::TB_per_s, 2);
        }
    }
    if (r.usable.base() > 0) {
        out += std::string(out.empty() ? "" : "; ") + "usable " + format_in(r.usable, units::PB, 1);
    }
    return out.empty() ? "none" : out;
}

std::string findings_text(const SizingResult& result) {
    std::string out;
    for (const Design& d : result.designs) {
        for (const Finding& f : d.findings) {
            out += "  [" + std::string(to_string(f.severity)) + "] " + d.name + ": " + f.message +
                   "\n";
        }
    }
    return out.empty() ? "" : "\nFindings:\n" + out;
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
    json findings = json::array();
    for (const Finding& f : d.findings) {
        findings.push_back(
            {{"severity", to_string(f.severity)}, {"code", f.code}, {"message", f.message}});
    }
    j["findings"] = findings;
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
    return j;
}

} // namespace

Grid side_by_side(const SizingResult& result) {
    Grid g;
    g.header.push_back("Metric");
    for (const Design& d : result.designs) {
        g.header.push_back(d.name);
    }
    auto row = [&](std::string label, auto value_of) {
        std::vector<std::string> r{std::move(label)};
        for (const Design& d : result.designs) {
            r.push_back(value_of(d));
        }
        g.rows.push_back(std::move(r));
    };
    row("C-node model", [](const Design& d) { return d.cnode_model; });
    row("D-box model", [](const Design& d) { return d.dbox_model; });
    row("Drive size (TB)",
        [](const Design& d) { return format_number(in(d.drive_size, units::TB), 2); });
    row("C-nodes", [](const Design& d) { return count(d.cnodes); });
    row("D-boxes", [](const Design& d) { return count(d.dboxes); });
    row("C:D ratio", [](const Design& d) { return cd_ratio_text(d); });
    row("Switches (leaf + spine)", [](const Design& d) {
        return count(d.switches()) + " (" + count(d.leaf_switches) + " + " +
               count(d.spine_switches) + ")";
    });
    row("Racks", [](const Design& d) { return count(d.racks); });
    row("Storage devices (U)", [](const Design& d) { return n0(d.device_units.base()); });
    row("With switches (U)", [](const Design& d) { return n0(d.rack_units().base()); });
    row("Raw capacity (PB)",
        [](const Design& d) { return format_number(in(d.raw, units::PB), 1); });
    row("Usable capacity (PB)",
        [](const Design& d) { return format_number(in(d.usable, units::PB), 1); });
    row("Usable capacity (PiB)",
        [](const Design& d) { return format_number(in(d.usable, units::PiB), 1); });
    row("Erasure coding", [](const Design& d) {
        return std::to_string(d.data_strips) + "+" + std::to_string(d.parity_strips) + ", " +
               format_number(d.reserve * 100.0, 0) + " % reserve";
    });
    row("Read (TB/s)",
        [](const Design& d) { return format_number(in(d.read, units::TB_per_s), 2); });
    row("Write (TB/s)",
        [](const Design& d) { return format_number(in(d.write, units::TB_per_s), 2); });
    row("Read (Tbps)", [](const Design& d) { return format_number(in(d.read, units::Tbps), 1); });
    row("Write (Tbps)", [](const Design& d) { return format_number(in(d.write, units::Tbps), 1); });
    row("Bottleneck (read / write)", [](const Design& d) { return bottlenecks(d); });
    row("Knee (C-nodes)", [](const Design& d) { return count(d.knee_cnodes); });
    row("Power (kW)", [](const Design& d) { return format_number(in(d.power, units::kW), 1); });
    row("PB per rack", [](const Design& d) { return format_number(d.pb_per_rack(), 2); });
    row("Read GB/s per kW", [](const Design& d) { return format_number(d.gbps_read_per_kw(), 1); });
    row("Read GB/s per GPU", [](const Design& d) {
        return d.requirements.gpus > 0 ? format_number(d.read_per_gpu_gbps(), 3) : "n/a";
    });
    row("Meets requirements",
        [](const Design& d) { return std::string(d.feasible() ? "yes" : "NO"); });
    return g;
}

std::string render_sizing(const SizingResult& result, Format format) {
    switch (format) {
    case Format::table:
        return result.scenario + "\nRequirement: " + requirement_line(result.requirements) +
               "\n\n" + render_text(side_by_side(result)) + findings_text(result);
    case Format::md:
        return "## " + result.scenario +
               "\n\nRequirement: " + requirement_line(result.requirements) + "\n\n" +
               render_markdown(side_by_side(result)) +
               (findings_text(result).empty() ? "" : "\n```" + findings_text(result) + "```\n");
    case Format::csv: {
        Grid g = side_by_side(result).transposed();
        g.header[0] = "Design";
        return render_csv(g);
    }
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

} // namespace podsizer
