#include "podsizer/reports/metrics.hpp"

#include "report_json.hpp"

#include <stdexcept>

namespace podsizer {

namespace {

using Value = std::optional<double>;

Value count(std::int64_t v) {
    return static_cast<double>(v);
}

/// Counts a reference system does not have (C-nodes of a cloud store).
Value count_unless_reference(const ComparisonColumn& c, std::int64_t v) {
    return c.kind == ColumnKind::reference ? std::nullopt : count(v);
}

std::string cd_ratio_text(const Design& d, bool) {
    if (d.dboxes == 0) {
        return "n/a";
    }
    return format_cd_ratio(static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes));
}

std::string switches_text(const Design& d, bool machine) {
    if (machine) {
        return std::to_string(d.switches());
    }
    auto n = [](std::int64_t v) { return format_number(static_cast<double>(v), 0); };
    return n(d.switches()) + " (" + n(d.leaf_switches) + " + " + n(d.spine_switches) + ")";
}

std::string erasure_coding_text(const Design& d, bool machine) {
    std::string s = std::to_string(d.data_strips) + "+" + std::to_string(d.parity_strips);
    return machine ? s : s + ", " + format_number(d.reserve * 100.0, 0) + " % reserve";
}

std::string bottlenecks_text(const Design& d, bool) {
    return std::string(to_string(d.read_bottleneck)) + " / " +
           std::string(to_string(d.write_bottleneck));
}

// The registry. Order: the widest table's (the workbook's Summary), so each
// view below lists a subsequence or close to it. Index = MetricId.
std::vector<Metric> build_registry() {
    using K = MetricKind;
    using S = Scaling;
    using M = MetricId;
    using D = const Design&;
    using C = const ComparisonColumn&;
    return {
        {M::pods, "pods", "Pods", "", 0, K::number, S::none, "", "", false, nullptr,
         [](C c) { return count_unless_reference(c, c.pods); }, nullptr},
        {M::cnode_model, "cnode_model", "C-node model", "", 0, K::text, S::same, "cnode_model",
         "cnode_model", false, nullptr, nullptr, [](D d, bool) { return d.cnode_model; }},
        {M::dbox_model, "dbox_model", "D-box model", "", 0, K::text, S::same, "dbox_model",
         "dbox_model", false, nullptr, nullptr, [](D d, bool) { return d.dbox_model; }},
        {M::drive_size, "drive_size", "Drive size", "TB", 2, K::number, S::same, "drive_size_bytes",
         "drive_TB", true, [](D d) -> Value { return in(d.drive_size, units::TB); }, nullptr,
         nullptr},
        {M::cnodes, "cnodes", "C-nodes", "", 0, K::number, S::total, "cnodes", "cnodes", false,
         [](D d) { return count(d.cnodes); },
         [](C c) { return count_unless_reference(c, c.cnodes); }, nullptr},
        {M::dboxes, "dboxes", "D-boxes", "", 0, K::number, S::total, "dboxes", "dboxes", false,
         [](D d) { return count(d.dboxes); },
         [](C c) { return count_unless_reference(c, c.dboxes); }, nullptr},
        {M::cd_ratio, "cd_ratio", "C:D ratio", "", 2, K::number, S::same, "", "cd", false,
         [](D d) -> Value {
             if (d.dboxes == 0) {
                 return std::nullopt;
             }
             return static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes);
         },
         nullptr, cd_ratio_text},
        {M::switches, "switches", "Switches (leaf + spine)", "", 0, K::number, S::total, "switches",
         "switches", false, [](D d) { return count(d.switches()); }, nullptr, switches_text},
        {M::accounts, "accounts", "Accounts", "", 0, K::number, S::none, "", "", false, nullptr,
         [](C c) -> Value {
             if (c.kind != ColumnKind::reference || c.accounts == 0) {
                 return std::nullopt;
             }
             return count(c.accounts);
         },
         nullptr},
        {M::racks, "racks", "Racks", "", 0, K::number, S::total, "racks", "racks", false,
         [](D d) { return count(d.racks); }, [](C c) { return count(c.racks); }, nullptr},
        {M::device_units, "device_rack_units", "Storage devices", "U", 0, K::number, S::total,
         "device_rack_units", "device_U", false, [](D d) -> Value { return d.device_units.base(); },
         nullptr, nullptr},
        {M::rack_units, "rack_units", "With switches", "U", 0, K::number, S::total, "rack_units",
         "total_U", false, [](D d) -> Value { return d.rack_units().base(); }, nullptr, nullptr},
        {M::raw_capacity, "raw_capacity", "Raw capacity", "PB", 1, K::number, S::total,
         "raw_capacity_bytes", "raw_PB", false, [](D d) -> Value { return in(d.raw, units::PB); },
         [](C c) -> Value {
             if (!c.raw) {
                 return std::nullopt;
             }
             return in(*c.raw, units::PB);
         },
         nullptr},
        {M::usable_capacity, "usable_capacity", "Usable capacity", "PB", 1, K::number, S::total,
         "usable_capacity_bytes", "usable_PB", false,
         [](D d) -> Value { return in(d.usable, units::PB); },
         [](C c) -> Value { return in(c.usable, units::PB); }, nullptr},
        {M::usable_pib, "usable_capacity_pib", "Usable capacity", "PiB", 1, K::number, S::total,
         "usable_capacity_bytes", "usable_PiB", false,
         [](D d) -> Value { return in(d.usable, units::PiB); }, nullptr, nullptr},
        {M::erasure_coding, "erasure_coding", "Erasure coding", "", 0, K::text, S::same,
         "data_strips", "", false, nullptr, nullptr, erasure_coding_text},
        {M::read, "read", "Read", "TB/s", 2, K::number, S::total, "read_bytes_per_s", "read_TBps",
         false, [](D d) -> Value { return in(d.read, units::TB_per_s); },
         [](C c) -> Value { return in(c.read, units::TB_per_s); }, nullptr},
        {M::write, "write", "Write", "TB/s", 2, K::number, S::total, "write_bytes_per_s",
         "write_TBps", false, [](D d) -> Value { return in(d.write, units::TB_per_s); },
         [](C c) -> Value { return in(c.write, units::TB_per_s); }, nullptr},
        {M::read_tbps, "read_tbps", "Read", "Tbps", 1, K::number, S::total, "read_bytes_per_s",
         "read_Tbps", false, [](D d) -> Value { return in(d.read, units::Tbps); },
         [](C c) -> Value { return in(c.read, units::Tbps); }, nullptr},
        {M::write_tbps, "write_tbps", "Write", "Tbps", 1, K::number, S::total, "write_bytes_per_s",
         "write_Tbps", false, [](D d) -> Value { return in(d.write, units::Tbps); },
         [](C c) -> Value { return in(c.write, units::Tbps); }, nullptr},
        {M::read_within_limits, "read_within_account_limits_tbps", "Read within account limits",
         "Tbps", 1, K::number, S::none, "", "", false, nullptr,
         [](C c) -> Value {
             if (!c.read_within_limits) {
                 return std::nullopt;
             }
             return in(*c.read_within_limits, units::Tbps);
         },
         nullptr},
        {M::write_within_limits, "write_within_account_limits_tbps", "Write within account limits",
         "Tbps", 1, K::number, S::none, "", "", false, nullptr,
         [](C c) -> Value {
             if (!c.write_within_limits) {
                 return std::nullopt;
             }
             return in(*c.write_within_limits, units::Tbps);
         },
         nullptr},
        {M::bottleneck, "bottleneck", "Bottleneck (read / write)", "", 0, K::text, S::same,
         "write_bottleneck", "", false, nullptr, nullptr, bottlenecks_text},
        {M::read_bottleneck, "read_bottleneck", "Read bottleneck", "", 0, K::text, S::same,
         "read_bottleneck", "read_bottleneck", false, nullptr, nullptr,
         [](D d, bool) { return std::string(to_string(d.read_bottleneck)); }},
        {M::knee, "knee_cnodes", "Knee", "C-nodes", 0, K::number, S::none, "knee_cnodes", "knee",
         false, [](D d) { return count(d.knee_cnodes); }, nullptr, nullptr},
        {M::power, "power", "Power", "kW", 1, K::number, S::total, "power_w", "power_kW", false,
         [](D d) -> Value { return in(d.power, units::kW); },
         [](C c) -> Value { return in(c.power, units::kW); }, nullptr},
        {M::pb_per_rack, "pb_per_rack", "PB per rack", "", 2, K::number, S::density, "pb_per_rack",
         "pb_per_rack", false, [](D d) -> Value { return d.pb_per_rack(); },
         [](C c) -> Value { return c.pb_per_rack(); }, nullptr},
        {M::read_per_kw, "read_gb_per_s_per_kw", "Read GB/s per kW", "", 1, K::number, S::density,
         "read_gb_per_s_per_kw", "read_per_kw", false,
         [](D d) -> Value { return d.gbps_read_per_kw(); },
         [](C c) -> Value { return c.gbps_read_per_kw(); }, nullptr},
        {M::read_per_tb, "read_mb_per_s_per_tb", "Read per TB usable", "MB/s", 1, K::number,
         S::density, "", "", false, nullptr, [](C c) -> Value { return c.mbps_read_per_tb(); },
         nullptr},
        {M::write_per_tb, "write_mb_per_s_per_tb", "Write per TB usable", "MB/s", 1, K::number,
         S::density, "", "", false, nullptr, [](C c) -> Value { return c.mbps_write_per_tb(); },
         nullptr},
        {M::read_per_gpu, "read_gb_per_s_per_gpu", "Read GB/s per GPU", "", 3, K::number, S::none,
         "read_gb_per_s_per_gpu", "read_per_gpu", false,
         [](D d) -> Value {
             if (d.requirements.gpus <= 0) {
                 return std::nullopt;
             }
             return d.read_per_gpu_gbps();
         },
         nullptr, nullptr},
        {M::feasible, "feasible", "Meets requirements", "", 0, K::verdict, S::same, "feasible",
         "feasible", false, nullptr, nullptr,
         [](D d, bool machine) { return verdict_cell(d.feasible(), machine); }},
    };
}

} // namespace

std::string Metric::labelled() const {
    std::string out(label);
    if (!unit.empty()) {
        out += " (" + std::string(unit) + ")";
    }
    return out;
}

std::string Metric::cell(const Design& d, bool machine) const {
    if (text != nullptr) {
        return text(d, machine);
    }
    return number_cell(of_design != nullptr ? of_design(d) : std::nullopt, decimals, machine);
}

const std::vector<Metric>& metric_registry() {
    static const std::vector<Metric> registry = [] {
        std::vector<Metric> r = build_registry();
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (static_cast<std::size_t>(r[i].id) != i) {
                throw std::logic_error("metric registry out of MetricId order at " +
                                       std::string(r[i].key));
            }
        }
        return r;
    }();
    return registry;
}

const Metric& metric(MetricId id) {
    return metric_registry().at(static_cast<std::size_t>(id));
}

const std::vector<MetricId>& sizing_table_metrics() {
    using M = MetricId;
    static const std::vector<MetricId> ids = {
        M::cnode_model,  M::dbox_model,      M::drive_size,  M::cnodes,         M::dboxes,
        M::cd_ratio,     M::switches,        M::racks,       M::device_units,   M::rack_units,
        M::raw_capacity, M::usable_capacity, M::usable_pib,  M::erasure_coding, M::read,
        M::write,        M::read_tbps,       M::write_tbps,  M::bottleneck,     M::knee,
        M::power,        M::pb_per_rack,     M::read_per_kw, M::read_per_gpu,   M::feasible,
    };
    return ids;
}

const std::vector<MetricId>& comparison_metrics() {
    using M = MetricId;
    // Usable before raw: the comparison leads with what each column delivers.
    static const std::vector<MetricId> ids = {
        M::pods,
        M::cnodes,
        M::dboxes,
        M::accounts,
        M::racks,
        M::usable_capacity,
        M::raw_capacity,
        M::read,
        M::write,
        M::read_tbps,
        M::write_tbps,
        M::read_within_limits,
        M::write_within_limits,
        M::power,
        M::pb_per_rack,
        M::read_per_kw,
        M::read_per_tb,
        M::write_per_tb,
    };
    return ids;
}

const std::vector<MetricId>& summary_metrics() {
    using M = MetricId;
    static const std::vector<MetricId> ids = {
        M::pods,
        M::cnode_model,
        M::dbox_model,
        M::drive_size,
        M::cnodes,
        M::dboxes,
        M::cd_ratio,
        M::switches,
        M::accounts,
        M::racks,
        M::device_units,
        M::rack_units,
        M::raw_capacity,
        M::usable_capacity,
        M::usable_pib,
        M::read,
        M::write,
        M::read_tbps,
        M::write_tbps,
        M::read_within_limits,
        M::write_within_limits,
        M::read_bottleneck,
        M::knee,
        M::power,
        M::pb_per_rack,
        M::read_per_kw,
        M::read_per_tb,
        M::write_per_tb,
        M::read_per_gpu,
        M::feasible,
    };
    return ids;
}

const std::vector<MetricId>& ratio_metrics() {
    using M = MetricId;
    static const std::vector<MetricId> ids = {M::racks, M::power, M::usable_capacity, M::read,
                                              M::write};
    return ids;
}

double ratio_value(const ComparisonRatio& r, MetricId id) {
    switch (id) {
    case MetricId::racks:
        return r.racks;
    case MetricId::power:
        return r.power;
    case MetricId::usable_capacity:
        return r.usable;
    case MetricId::read:
        return r.read;
    case MetricId::write:
        return r.write;
    default:
        throw std::logic_error("no ratio for metric " + std::string(metric(id).key));
    }
}

std::string number_cell(std::optional<double> v, int decimals, bool machine) {
    if (!v) {
        return machine ? "" : "n/a";
    }
    return machine ? detail::plain(*v, decimals + 3) : format_number(*v, decimals);
}

std::string verdict_cell(bool met, bool machine) {
    if (machine) {
        return met ? "true" : "false";
    }
    return met ? "yes" : "NO";
}

} // namespace podsizer
