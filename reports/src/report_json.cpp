#include "report_json.hpp"

#include <algorithm>

namespace podsizer::detail {

std::string plain(double v, int decimals) {
    std::string s = format_number(v, decimals);
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') {
            s.pop_back();
        }
        if (s.back() == '.') {
            s.pop_back();
        }
    }
    return s == "-0" ? "0" : s;
}

std::string percent_text(double fraction) {
    std::string s = format_number(fraction * 100.0, 1);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) {
        s.resize(s.size() - 2);
    }
    return s + " %";
}

ojson finding_json(const Finding& f) {
    return {{"severity", to_string(f.severity)}, {"code", f.code}, {"message", f.message}};
}

ojson findings_json(const std::vector<Finding>& fs) {
    ojson a = ojson::array();
    for (const Finding& f : fs) {
        a.push_back(finding_json(f));
    }
    return a;
}

ojson design_summary_json(const Design& d) {
    ojson j;
    j["name"] = d.name;
    j["cnode_model"] = d.cnode_model;
    j["dbox_model"] = d.dbox_model;
    j["switch_model"] = d.switch_model;
    j["rack_model"] = d.rack_model;
    j["drive_size_bytes"] = d.drive_size.base();
    j["cnodes"] = d.cnodes;
    j["dboxes"] = d.dboxes;
    j["switches"] = d.switches();
    j["racks"] = d.racks;
    j["rack_units"] = d.rack_units().base();
    j["raw_capacity_bytes"] = d.raw.base();
    j["usable_capacity_bytes"] = d.usable.base();
    j["read_bytes_per_s"] = d.read.base();
    j["write_bytes_per_s"] = d.write.base();
    j["read_bottleneck"] = to_string(d.read_bottleneck);
    j["write_bottleneck"] = to_string(d.write_bottleneck);
    j["power_w"] = d.power.base();
    j["pb_per_rack"] = d.pb_per_rack();
    j["read_gb_per_s_per_kw"] = d.gbps_read_per_kw();
    j["feasible"] = d.feasible();
    j["findings"] = findings_json(d.findings);
    return j;
}

std::string findings_block(const std::vector<std::pair<std::string, Finding>>& fs) {
    std::string out;
    for (const auto& [subject, f] : fs) {
        out +=
            "  [" + std::string(to_string(f.severity)) + "] " + subject + ": " + f.message + "\n";
    }
    return out.empty() ? "" : "\nFindings:\n" + out;
}

} // namespace podsizer::detail
