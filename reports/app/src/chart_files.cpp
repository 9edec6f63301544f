#include "podsizer/reports/chart_files.hpp"

#include "podsizer/reports/rack_svg.hpp"

#include <algorithm>

namespace podsizer {

namespace {

/// "01-ncp-pod" for design `i`: the rack drawings' naming, without ".svg".
std::string design_stem(const Design& d, std::size_t i) {
    const std::string name = rack_svg_file_name(d, i + 1);
    return name.substr(0, name.size() - 4);
}

void add_design_charts(std::vector<ChartFile>& out, const ChartSources& in) {
    const std::vector<Design>& designs = in.study->sizing.designs;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        const Design& d = designs[i];
        if (in.scenario_and_catalog) {
            out.push_back({"knee-" + design_stem(d, i) + ".svg", ChartKind::knee, i, 0});
        }
        for (std::size_t j = 0; j < d.checkpoints.size(); ++j) {
            const std::string job = d.checkpoints.size() > 1 ? "-job" + std::to_string(j + 1) : "";
            out.push_back(
                {"goodput-" + design_stem(d, i) + job + ".svg", ChartKind::goodput, i, j});
        }
    }
}

bool has_resilience(const ChartSources& in) {
    if (!in.scenario_and_catalog) {
        return false;
    }
    if (in.resilience != nullptr) {
        return !in.resilience->empty();
    }
    const std::vector<Design>& designs = in.study->sizing.designs;
    return std::any_of(designs.begin(), designs.end(),
                       [](const Design& d) { return d.resilience.has_value(); });
}

} // namespace

std::vector<ChartFile> chart_files(const ChartSources& in) {
    std::vector<ChartFile> out;
    if (in.study == nullptr) {
        return out;
    }
    add_design_charts(out, in);
    if (in.study->comparison) {
        out.push_back({"comparison-racks.svg", ChartKind::comparison_racks});
        out.push_back({"comparison-power.svg", ChartKind::comparison_power});
        out.push_back({"comparison-racks-per-pb.svg", ChartKind::comparison_racks_per_pb});
        out.push_back({"comparison-power-per-pb.svg", ChartKind::comparison_power_per_pb});
    }
    if (in.optimization || (in.command == "compare" && in.scenario_and_catalog)) {
        out.push_back({"pareto.svg", ChartKind::pareto});
    }
    if (in.study->phases && !in.study->phases->phases.empty()) {
        out.push_back({"phases.svg", ChartKind::phases});
    }
    if (has_resilience(in)) {
        out.push_back({"resilience-nines.svg", ChartKind::resilience_nines});
        out.push_back({"resilience-outage.svg", ChartKind::resilience_outage});
    }
    return out;
}

} // namespace podsizer
