// Writing scenarios back to JSON (docs/scenario-format.md), so the GUI can save
// what it edits. The reader is the specification: every field written here is
// one parse_scenario reads, and a test checks that save → load gives an
// identical Scenario and identical sizing output.
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

/// Units a file may be written in: byte-based, one spelling per factor (the
/// first the parser lists, so "kB" rather than "KB", "GB/s" rather than "GBps").
std::vector<Unit> writable_units(Dimension d) {
    std::vector<Unit> out;
    for (const Unit& u : all_units()) {
        if (u.dimension != d || u.symbol.find('b') != std::string_view::npos) {
            continue; // bit units all carry a lower-case b ("Tbps", "Gb/s")
        }
        bool seen = false;
        for (const Unit& o : out) {
            seen = seen || o.factor == u.factor;
        }
        if (!seen) {
            out.push_back(u);
        }
    }
    return out;
}

int significant_digits(const std::string& number) {
    int n = 0;
    bool leading = true;
    for (char c : number) {
        if (c < '0' || c > '9') {
            continue;
        }
        if (leading && c == '0') {
            continue;
        }
        leading = false;
        ++n;
    }
    return n;
}

bool parses_to(const std::string& text, double base, Dimension d) {
    try {
        return parse_quantity_base(text, d) == base;
    } catch (const InputError&) {
        return false;
    }
}

json ratio_json(const Ratio& r) {
    // A ratio read from a JSON number keeps format_number(v, 2) as its text;
    // writing the number back reproduces that text exactly.
    if (r.text == format_number(r.c_per_d, 2)) {
        return r.c_per_d;
    }
    return r.text;
}

template <class Q> json quantity_json(Q q) {
    return exact_quantity_text(q.base(), Q::dimension);
}

json capacity_json(const CapacitySpec& c) {
    json j = json::object();
    if (c.usable) {
        j["usable"] = quantity_json(*c.usable);
    }
    if (c.usable_per_gpu) {
        j["usable_per_gpu"] = quantity_json(*c.usable_per_gpu);
    }
    return j;
}

json option_json(const OptionSpec& o) {
    json j = json::object();
    if (!o.name.empty()) {
        j["name"] = o.name;
    }
    j["cnode"] = o.cnode.empty() ? "auto" : o.cnode;
    j["dbox"] = o.dbox.empty() ? "auto" : o.dbox;
    if (o.drive) {
        j["drive"] = quantity_json(*o.drive);
    }
    if (!o.rack.empty()) {
        j["rack"] = o.rack;
    }
    if (!o.network_switch.empty()) {
        j["switch"] = o.network_switch;
    }
    switch (o.cnode_sizing) {
    case CNodeSizing::requirement:
        break; // the default: "auto"
    case CNodeSizing::knee:
        j["cnodes"] = "knee";
        break;
    case CNodeSizing::ratio:
        if (o.cd_ratio) {
            j["cd_ratio"] = ratio_json(*o.cd_ratio);
        }
        break;
    case CNodeSizing::fixed:
        j["cnodes"] = o.cnodes;
        break;
    }
    if (o.dboxes > 0) {
        j["dboxes"] = o.dboxes;
    }
    if (o.capacity) {
        j["capacity"] = capacity_json(*o.capacity);
    }
    if (!o.use_performance) {
        j["performance"] = "none";
    }
    return j;
}

bool percent_reads_back(const std::string& text, double fraction) {
    try {
        return parse_percent(text) == fraction;
    } catch (const InputError&) {
        return false;
    }
}

/// The shortest "N%" text parse_percent reads back to exactly `fraction`:
/// the shortest round trip of fraction × 100 (number_text.hpp). When the
/// division by 100 on reading lands on a neighbouring double, the 17-digit
/// form, which names the product exactly, is written instead.
std::string exact_percent_text(double fraction) {
    const double percent = fraction * 100.0;
    std::string text = format_shortest_fixed(percent) + "%";
    if (text.size() <= 24 && percent_reads_back(text, fraction)) {
        return text;
    }
    return format_shortest(percent) + "%";
}

json checkpoint_json(const CheckpointSpec& c) {
    json j;
    if (!c.failure_rate.empty()) {
        j["failure_rate"] = c.failure_rate;
    } else if (c.failures_per_1000_node_days) {
        j["failure_rate"] = *c.failures_per_1000_node_days;
    }
    j["concurrent"] = c.concurrent;
    j["knee"] = exact_percent_text(c.knee_tolerance);
    json jobs = json::array();
    for (const CheckpointJobSpec& job : c.jobs) {
        json o;
        o["name"] = job.name;
        if (job.params > 0.0) {
            // Plain numbers read back exactly; the size follows from them.
            o["params"] = job.params;
            o["bytes_per_param"] = job.bytes_per_param;
        } else {
            o["checkpoint_size"] = quantity_json(job.size);
        }
        if (job.gpus > 0) {
            o["gpus"] = job.gpus;
        }
        o["interval"] = job.interval ? quantity_json(*job.interval) : json("auto");
        o["mode"] = std::string(to_string(job.mode));
        o["stall_budget"] = exact_percent_text(job.stall_budget);
        o["restart_time"] = quantity_json(job.restart);
        if (job.offsite_every > 0) {
            o["offsite_every"] = job.offsite_every;
        }
        o["retain"] = job.retain;
        jobs.push_back(o);
    }
    j["jobs"] = jobs;
    return j;
}

} // namespace

std::string exact_quantity_text(double base, Dimension dimension) {
    std::string best;
    // Ranked by a value from 1 to below 1000 in its unit ("1 PB" over
    // "1000 TB" or "0.001 EB", "800 W" over "0.8 kW"), then by significant
    // digits ("195.6 PiB" over "220.2216... PB"), then by length.
    std::tuple<int, int, std::size_t> best_rank{1, 99, 0};
    // In each unit the candidate is the shortest fixed-point text of the
    // value (std::to_chars); it counts only if it reads back to exactly
    // `base` (value × factor can land on a neighbouring double).
    for (const Unit& u : writable_units(dimension)) {
        const double v = base / u.factor;
        const std::string number = format_shortest_fixed(v);
        if (number.size() > 24) {
            continue; // "0.000000000000000001 EB" is no way to write 1 B
        }
        const std::string text = number + " " + std::string(u.symbol);
        if (!parses_to(text, base, dimension)) {
            continue;
        }
        const std::tuple<int, int, std::size_t> rank{v >= 1.0 && v < 1000.0 ? 0 : 1,
                                                     significant_digits(number), text.size()};
        if (best.empty() || rank < best_rank) {
            best = text;
            best_rank = rank;
        }
    }
    if (best.empty()) {
        // The shortest round trip of the base value; the base unit's factor is 1.
        best = format_shortest(base) + " " + std::string(writable_units(dimension).front().symbol);
    }
    return best;
}

std::string scenario_to_json(const Scenario& s) {
    json j;
    j["schema"] = "podsizer-scenario/1";
    j["name"] = s.name;
    if (!s.description.empty()) {
        j["description"] = s.description;
    }
    if (s.fleet) {
        json f;
        f["platform"] = s.fleet->platform;
        f["gpus"] = s.fleet->gpus;
        f["sites"] = s.fleet->sites;
        if (s.fleet->gpus_per_cluster > 0) {
            f["gpus_per_cluster"] = s.fleet->gpus_per_cluster;
        }
        j["fleet"] = f;
    }
    if (s.performance) {
        json p = json::object();
        if (!s.performance->rule.empty()) {
            p["rule"] = s.performance->rule;
        }
        if (s.performance->read_per_gpu) {
            p["read_per_gpu"] = quantity_json(*s.performance->read_per_gpu);
        }
        if (s.performance->write_per_gpu) {
            p["write_per_gpu"] = quantity_json(*s.performance->write_per_gpu);
        }
        j["performance"] = p;
    }
    if (s.capacity.usable || s.capacity.usable_per_gpu) {
        j["capacity"] = capacity_json(s.capacity);
    }
    const Constraints& k = s.constraints;
    json c;
    if (!k.rack.empty()) {
        c["rack"] = k.rack;
    }
    if (k.max_racks) {
        c["max_racks"] = *k.max_racks;
    }
    if (k.rack_power) {
        c["rack_power"] = quantity_json(*k.rack_power);
    }
    if (k.max_power) {
        c["max_power"] = quantity_json(*k.max_power);
    }
    c["cd_min"] = ratio_json(k.cd_min);
    c["cd_max"] = ratio_json(k.cd_max);
    if (k.rack_resilient) {
        c["rack_resilient"] = true;
    }
    j["constraints"] = c;
    if (!s.options.empty()) {
        json opts = json::array();
        for (const OptionSpec& o : s.options) {
            opts.push_back(option_json(o));
        }
        j["options"] = opts;
    }
    if (s.checkpoint) {
        j["checkpoint"] = checkpoint_json(*s.checkpoint);
    }
    if (s.extrapolation) {
        json e;
        e["target"] = quantity_json(s.extrapolation->target);
        e["tolerance"] = exact_percent_text(s.extrapolation->tolerance);
        j["extrapolation"] = e;
    }
    if (!s.comparisons.empty()) {
        j["comparisons"] = s.comparisons;
    }
    if (s.data_reduction != 1.0) {
        // nlohmann writes the shortest decimal that reads back to the same double.
        j["data_reduction"] = s.data_reduction;
    }
    return j.dump(2) + "\n";
}

} // namespace podsizer
