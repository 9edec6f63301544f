#include "podsizer/reports/metrics.hpp"

#include "figure_table.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/reports/grid.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <iterator>
#include <stdexcept>

namespace podsizer {

namespace {

using Value = std::optional<double>;
using Ds = Design;
using CC = ComparisonColumn;
using D = const Design&;
using C = const ComparisonColumn&;
using J = JsonValue;
using detail::MemberOf;

Value count(std::int64_t v) {
    return static_cast<double>(v);
}

/// C-nodes per D-box; none without D-boxes.
Value cd_ratio(D d) {
    return d.dboxes == 0 ? std::nullopt
                         : Value(static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes));
}

std::string cd_ratio_text(D d, bool) {
    return d.dboxes == 0 ? "n/a" : format_cd_ratio(*cd_ratio(d));
}

std::string switches_text(D d, bool machine) {
    if (machine) {
        return fmt::format("{}", d.switches());
    }
    auto n = [](std::int64_t v) { return format_number(static_cast<double>(v), 0); };
    const std::string super =
        d.super_spine_switches > 0 ? " + " + n(d.super_spine_switches) + " super-spine" : "";
    return n(d.switches()) + " (" + n(d.leaf_switches) + " + " + n(d.spine_switches) + super + ")";
}

/// Where the client ports land and what links the customer's fabric takes
/// (docs/model.md §8): "storage leaves: 225 × 800 Gbps uplinks".
std::string client_network_text(D d, bool machine) {
    if (machine) {
        return std::string(to_string(d.constraints.client_network));
    }
    auto n = [](std::int64_t v) { return format_number(static_cast<double>(v), 0); };
    auto at = [](Throughput speed) {
        return speed.base() > 0.0 ? " × " + format_in(speed, units::Gbps, 0) : std::string();
    };
    if (d.constraints.client_network == ClientNetwork::converged) {
        return "converged: " + n(d.client_ports) + at(d.client_port_speed) + " client ports";
    }
    return "storage leaves: " + n(d.client_uplinks) + at(d.client_uplink_speed) + " uplinks";
}

std::string erasure_coding_text(D d, bool machine) {
    std::string s = fmt::format("{}+{}", d.data_strips, d.parity_strips);
    return machine ? s : s + ", " + format_number(d.reserve * 100.0, 0) + " % reserve";
}

/// "read (write 450, C:D minimum 90)": what set a count, and what each other
/// requirement alone would need; the reason alone for machines.
std::string sized_by_text(const SizedBy& s, bool machine) {
    if (s.by.empty()) {
        return machine ? "" : "n/a";
    }
    if (machine) {
        return s.by;
    }
    std::string others;
    for (const CountNeed& n : s.needs) {
        if (n.requirement != s.by) {
            others += (others.empty() ? "" : ", ") + n.requirement + " " +
                      format_number(static_cast<double>(n.count), 0);
        }
    }
    return others.empty() ? s.by : s.by + " (" + others + ")";
}

/// What set one of the design's counts (sized_by_text).
template <SizedBy DesignSizedBy::*count> std::string sized_by(D d, bool machine) {
    return sized_by_text(d.sized_by.*count, machine);
}

std::string racks_sized_by_text(D d, bool machine) {
    return d.racks_fit ? sized_by<&DesignSizedBy::racks>(d, machine)
                       : number_cell(std::nullopt, 0, machine);
}

/// "dbox-down" for machines; "one D-box down, 20 % headroom" for people.
std::string size_for_text(D d, bool machine) {
    if (machine) {
        return std::string(to_string(d.constraints.size_for));
    }
    std::string s(size_for_words(d.constraints.size_for));
    if (d.constraints.headroom > 0.0) {
        s += ", " + format_number(d.constraints.headroom * 100.0, 0) + " % headroom";
    }
    return s;
}

std::string bottlenecks_text(D d, bool) {
    return std::string(to_string(d.read_bottleneck)) + " / " +
           std::string(to_string(d.write_bottleneck));
}

/// The client ports over the read delivered: "2.1×"; n/a where none.
std::string headroom_text(D d, bool machine) {
    const double r = d.client_port_headroom();
    if (machine || r <= 0.0) {
        return number_cell(r > 0.0 ? Value(r) : std::nullopt, 1, machine);
    }
    return format_number(r, 1) + "×";
}

/// Both rack bases, "29 / 37"; n/a where a device fits no rack.
std::string racks_both_bases_text(D d, bool machine) {
    if (!d.racks_fit) {
        return number_cell(std::nullopt, 0, machine);
    }
    return format_number(static_cast<double>(d.racks_on_typical)) + (machine ? "/" : " / ") +
           format_number(static_cast<double>(d.racks_on_max));
}

std::string ec_layout_text(D d, bool machine) {
    const std::string l(to_string(d.ec_layout));
    return machine || !d.ec_layout_auto ? l : l + " (auto)";
}

/// A model: the catalog's display name for people, the id for machines.
template <auto id, auto shown> std::string model_text(D d, bool machine) {
    return machine ? d.*id : (d.*shown)();
}

/// A verdict member as a cell (verdict_cell).
template <bool Design::*met> std::string verdict_of(D d, bool machine) {
    return verdict_cell(d.*met, machine);
}

/// An enum member by its name, for people and machines alike.
template <auto member> std::string name_of(D d, bool) {
    return std::string(to_string(d.*member));
}

/// docs/resilience.md §2, §13: the headline annual loss in nines; n/a
/// where there is no loss to state.
Value durability_nines(D d) {
    const std::optional<double> p = headline_annual_loss(d);
    if (!p || !(*p > 0.0)) {
        return std::nullopt;
    }
    return -std::log10(*p);
}

std::string durability_largest_term_text(D d, bool) {
    const std::optional<double> drives = first_order_annual_loss(d);
    if (!drives || !(*headline_annual_loss(d) > 0.0)) {
        return "n/a";
    }
    return d.resilience->dbox_annual_loss > *drives ? "D-box losses" : "drive failures";
}

/// A throughput with one D-box or one rack down, in TB/s (docs/resilience.md
/// §10); a rack's only where the layout survives losing one.
template <Throughput DesignResilience::*figure, bool rack> Value with_one_down(D d) {
    if (!d.resilience || (rack && !d.tolerates_rack_loss)) {
        return std::nullopt;
    }
    return in((*d.resilience).*figure, units::TB_per_s);
}

/// A reference's count, n/a for other columns and where `given` is 0 (no limit known).
template <std::int64_t CC::*n, std::int64_t CC::*given = n> Value reference_count(C c) {
    return c.kind == ColumnKind::reference && c.*given != 0 ? count(c.*n) : std::nullopt;
}

/// A row's value getter: a quantity member (or member function) of a design
/// or a column in `unit`; n/a where an optional one is empty.
template <auto member, const auto& unit>
Value in_of(const typename MemberOf<decltype(member)>::type& x) {
    const auto& v = std::invoke(member, x);
    if constexpr (requires { v.has_value(); }) {
        return v ? Value(in(*v, unit)) : std::nullopt;
    } else {
        return in(v, unit);
    }
}

/// A row's value getter: a member (or member function) above zero, n/a otherwise.
template <auto member> Value positive(const typename MemberOf<decltype(member)>::type& x) {
    const auto v = static_cast<double>(std::invoke(member, x));
    return v > 0.0 ? Value(v) : std::nullopt;
}

/// A figure as the design JSON holds it: figure_of's (a quantity in SI
/// units, an enum by its name, a count; null for an empty optional).
J json_value(detail::FigureValue&& v) {
    return std::visit(
        [](auto&& x) -> J {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_constructible_v<J, T&&>) {
                return J(std::move(x));
            } else {
                return nullptr; // Absent, or an object no metric has
            }
        },
        std::move(v));
}

/// A row's JSON getter: a member of a design or a column, a path of them or
/// a member function (detail::of): `js<&Design::cnodes>`.
template <auto member, auto... more> J js(const typename MemberOf<decltype(member)>::type& x) {
    return json_value(detail::of<member, more...>(x));
}

/// The same where `when` holds of it, null otherwise.
template <auto when, auto member> J js_if(const typename MemberOf<decltype(member)>::type& x) {
    return std::invoke(when, x) ? js<member>(x) : J(nullptr);
}

using F = HeadlineFigure;
using K = MetricKind;
using S = Scaling;
using M = MetricId;
using SV = std::string_view;
using Cell = std::string (*)(const Design&, bool machine);

/// The headline figures a row rests on: none, one or several (F::a | F::b).
struct Rests {
    FigureSet set = 0;
    constexpr Rests(FigureSet s = 0) : set(s) {}
    constexpr Rests(F f) : set(figure_set(f)) {}
};

/// A number row: in `unit` with `decimals`, n pods' per `s`, its JSON field
/// and sheet item, the figures it rests on, its own value getters (a row
/// without one reads its JSON field's, with_getters) and cells for people.
constexpr Metric num(M id, SV key, SV label, SV unit, int decimals, S s, JsonField json = {},
                     SV sheet = {}, Rests rests = {}, Value (*of_design)(D) = nullptr,
                     Value (*of_column)(C) = nullptr, Cell text = nullptr) {
    return {id,    key,       label,     unit, decimals,  K::number,    s,    json, sheet,
            false, of_design, of_column, text, rests.set, std::nullopt, false};
}

/// A density: the quotient `q` of two metrics of the same column.
constexpr Metric density(M id, SV key, SV label, SV unit, int decimals, JsonField json, SV sheet,
                         Rests rests, Quotient q) {
    Metric m = num(id, key, label, unit, decimals, S::density, json, sheet, rests);
    m.quotient = q;
    return m;
}

/// A text row (a verdict with K::verdict), one pod's for n pods unless `s`
/// says otherwise: its cells, JSON field, sheet item, the figures it rests on.
constexpr Metric txt(M id, SV key, SV label, Cell text, JsonField json = {}, SV sheet = {},
                     Rests rests = {}, K kind = K::text, S s = S::same) {
    Metric m = num(id, key, label, {}, 0, s, json, sheet, rests, nullptr, nullptr, text);
    m.kind = kind;
    return m;
}

// The registry, a row a metric: num(id, key, label, unit, decimals, scaling,
// JSON field, sheet item, rests on, design getter, column getter, text),
// txt(id, key, label, text, JSON field, sheet item, rests on, kind, scaling).
// Order: the widest table's (the workbook's Summary), so each view below
// lists a subsequence or close to it. Index = MetricId.
constexpr Metric kRows[] = {
    num(M::pods, "pods", "Pods", "", 0, S::none, {"pods", nullptr, js<&CC::pods>}, {}, {}, nullptr,
        [](C c) { return c.design ? count(c.pods) : std::nullopt; }),
    // People read the catalog's display name, machines the id.
    txt(M::cnode_model, "cnode_model", "C-node model", model_text<&Ds::cnode_model, &Ds::cnode_shown>,
        {"cnode_model", js<&Ds::cnode_model>}, "cnode_model"),
    txt(M::dbox_model, "dbox_model", "D-box model", model_text<&Ds::dbox_model, &Ds::dbox_shown>,
        {"dbox_model", js<&Ds::dbox_model>}, "dbox_model"),
    [] { // the workbook shows every decimal given (61.44 TB)
        Metric m = num(M::drive_size, "drive_size", "Drive size", "TB", 2, S::same,
                       {"drive_size_bytes", js<&Ds::drive_size>}, "drive_TB");
        m.sheet_precise = true;
        return m;
    }(),
    num(M::cnodes, "cnodes", "C-nodes", "", 0, S::total, {"cnodes", js<&Ds::cnodes>}, "cnodes"),
    num(M::dboxes, "dboxes", "D-boxes", "", 0, S::total, {"dboxes", js<&Ds::dboxes>}, "dboxes"),
    txt(M::cnodes_sized_by, "cnodes_sized_by", "C-nodes set by", sized_by<&DesignSizedBy::cnodes>),
    txt(M::dboxes_sized_by, "dboxes_sized_by", "D-boxes set by", sized_by<&DesignSizedBy::dboxes>),
    txt(M::racks_sized_by, "racks_sized_by", "Racks set by", racks_sized_by_text),
    // C-nodes per D-box: "2.5:1" in the reports, the number in the workbook.
    num(M::cd_ratio, "cd_ratio", "C:D ratio", "", 2, S::same, {}, "cd", {}, cd_ratio, nullptr,
        cd_ratio_text),
    num(M::switches, "switches", "Switches (storage fabric; not the GPU fabric)", "", 0, S::total,
        {"switches", js<&Ds::switches>}, "switches", F::switches, nullptr, nullptr, switches_text),
    // Which networks the switch count covers (REVIEW-3 §4.2).
    txt(M::client_network, "client_network", "Client network (links to your fabric)",
        client_network_text, {"client_network", js<&Ds::constraints, &Constraints::client_network>},
        "client_network", F::switches),
    num(M::fabric_tiers, "fabric_tiers", "Fabric tiers", "", 0, S::same,
        {"fabric_tiers", js<&Ds::fabric_tiers>}, "tiers", F::switches, positive<&Ds::fabric_tiers>),
    // The C-nodes' client ports over the read they deliver: "2.1×" (docs/model.md
    // §8). It replaces "GPU NICs : C-node client ports 46:1", a ratio of line
    // rates a network architect reads as a blocking fabric (REVIEW-3 §4.3).
    num(M::client_port_headroom, "client_port_headroom",
        "Client-port headroom (ports / delivered read)", "", 1, S::same,
        {"client_port_headroom", js<&Ds::client_port_headroom>}, "client_port_headroom", {},
        positive<&Ds::client_port_headroom>, nullptr, headroom_text),
    num(M::accounts, "accounts", "Accounts at default limits (for the capacity)", "", 0, S::none,
        {"accounts", nullptr, js<&CC::accounts>}, {}, F::accounts, nullptr,
        reference_count<&CC::accounts>),
    num(M::racks_planned, "racks_planned", "Racks to plan for", "", 0, S::total, {},
        "racks_planned", F::racks,
        [](D d) { return d.racks_fit ? count(d.planning_racks()) : std::nullopt; }),
    // null (n/a) when a single device fits no rack (REDTEAM-3 #14).
    num(M::racks, "racks", "Racks", "", 0, S::total,
        {"racks", js_if<&Ds::racks_fit, &Ds::racks>, js_if<&CC::racks_fit, &CC::racks>}, "racks",
        F::racks),
    // Both bases side by side, so the racks on typical draw are never read
    // without the racks on maximum draw (REVIEW-3 §4.4: 29 and 37).
    txt(M::racks_both_bases, "racks_both_bases", "Racks on typical / max draw",
        racks_both_bases_text, {}, {}, F::racks),
    num(M::device_units, "device_rack_units", "Storage devices", "U", 0, S::total,
        {"device_rack_units", js<&Ds::device_units>}, "device_U"),
    num(M::rack_units, "rack_units", "With switches", "U", 0, S::total,
        {"rack_units", js<&Ds::rack_units>}, "total_U"),
    num(M::raw_capacity, "raw_capacity", "Raw capacity", "PB", 1, S::total,
        {"raw_capacity_bytes", js<&Ds::raw>, js<&CC::raw>}, "raw_PB", F::raw),
    num(M::usable_capacity, "usable_capacity", "Usable capacity", "PB", 1, S::total,
        {"usable_capacity_bytes", js<&Ds::usable>, js<&CC::usable>}, "usable_PB", F::usable),
    // The JSON holds it as usable_capacity_bytes (usable_capacity's).
    num(M::usable_pib, "usable_capacity_pib", "Usable capacity", "PiB", 1, S::total, {},
        "usable_PiB", F::usable, in_of<&Ds::usable, units::PiB>),
    // Usable times the data-reduction ratio, a what-if; shown only where a
    // ratio other than 1 is given (has_data_reduction), so no table claims
    // reduction nobody asked for.
    num(M::effective_capacity, "effective_capacity", "Effective capacity after data reduction",
        "PB", 1, S::total, {"effective_capacity_bytes", js<&Ds::effective>}, "effective_PB",
        F::usable, [](D d) {
            return d.data_reduction != 1.0 ? Value(in(d.effective, units::PB)) : std::nullopt;
        }),
    txt(M::erasure_coding, "erasure_coding", "Erasure coding", erasure_coding_text,
        {"data_strips", js<&Ds::data_strips>}),
    // docs/model.md §6: the layout and what the design survives.
    txt(M::ec_layout, "ec_layout", "Erasure-coding layout", ec_layout_text,
        {"ec_layout", js<&Ds::ec_layout>}, "layout"),
    txt(M::tolerates_dbox_loss, "tolerates_dbox_loss", "Survives losing a D-box",
        verdict_of<&Ds::tolerates_dbox_loss>,
        {"tolerates_dbox_loss", js<&Ds::tolerates_dbox_loss>}, "tolerates_dbox_loss", {},
        K::verdict),
    txt(M::tolerates_rack_loss, "tolerates_rack_loss", "Survives losing a rack",
        verdict_of<&Ds::tolerates_rack_loss>,
        {"tolerates_rack_loss", js<&Ds::tolerates_rack_loss>}, "tolerates_rack_loss", {},
        K::verdict),
    num(M::read, "read", "Read", "TB/s", 2, S::total,
        {"read_bytes_per_s", js<&Ds::read>, js<&CC::read>}, "read_TBps", F::read),
    num(M::write, "write", "Write", "TB/s", 2, S::total,
        {"write_bytes_per_s", js<&Ds::write>, js<&CC::write>}, "write_TBps", F::write),
    txt(M::size_for, "size_for", "Sized for", size_for_text,
        {"size_for", js<&Ds::constraints, &Constraints::size_for>}),
    num(M::dbox_down_read, "dbox_down_read", "Read, one D-box down", "TB/s", 2, S::total, {},
        "dbox_down_read", F::read, with_one_down<&DesignResilience::degraded_read, false>),
    num(M::dbox_down_write, "dbox_down_write", "Write, one D-box down", "TB/s", 2, S::total, {},
        "dbox_down_write", F::write, with_one_down<&DesignResilience::degraded_write, false>),
    // n/a where the layout does not survive a rack loss (the row above says so).
    num(M::rack_down_read, "rack_down_read", "Read, one rack down", "TB/s", 2, S::total, {}, {},
        F::read, with_one_down<&DesignResilience::rack_down_read, true>),
    num(M::rack_down_write, "rack_down_write", "Write, one rack down", "TB/s", 2, S::total, {}, {},
        F::write, with_one_down<&DesignResilience::rack_down_write, true>),
    // The JSON holds them as read_bytes_per_s and write_bytes_per_s (read's, write's).
    num(M::read_tbps, "read_tbps", "Read", "Tbps", 1, S::total, {}, "read_Tbps", F::read,
        in_of<&Ds::read, units::Tbps>, in_of<&CC::read, units::Tbps>),
    num(M::write_tbps, "write_tbps", "Write", "Tbps", 1, S::total, {}, "write_Tbps", F::write,
        in_of<&Ds::write, units::Tbps>, in_of<&CC::write, units::Tbps>),
    num(M::read_within_limits, "read_within_account_limits_tbps", "Read within account limits",
        "Tbps", 1, S::none, {}, {}, F::read, nullptr, in_of<&CC::read_within_limits, units::Tbps>),
    num(M::write_within_limits, "write_within_account_limits_tbps", "Write within account limits",
        "Tbps", 1, S::none, {}, {}, F::write, nullptr, in_of<&CC::write_within_limits, units::Tbps>),
    txt(M::bottleneck, "bottleneck", "Bottleneck (read / write)", bottlenecks_text,
        {"write_bottleneck", js<&Ds::write_bottleneck>}),
    txt(M::read_bottleneck, "read_bottleneck", "Read bottleneck", name_of<&Ds::read_bottleneck>,
        {"read_bottleneck", js<&Ds::read_bottleneck>}, "read_bottleneck"),
    num(M::knee, "knee_cnodes", "Knee", "C-nodes", 0, S::none,
        {"knee_cnodes", js<&Ds::knee_cnodes>}, "knee"),
    num(M::power, "power", "Power", "kW", 1, S::total,
        {"power_w", js<&Ds::power>, js<&CC::power>}, "power_kW", F::power),
    // Densities name their unit in the label: the `size` table's wording. No
    // rack holds the column's devices: no density, as in the table.
    density(M::pb_per_rack, "pb_per_rack", "PB per rack", "", 2,
            {"pb_per_rack", js_if<&Ds::racks_fit, &Ds::pb_per_rack>,
             js_if<&CC::racks_fit, &CC::pb_per_rack>},
            "pb_per_rack", F::usable | F::racks, {M::usable_capacity, M::racks, 1}),
    density(M::read_per_kw, "read_gb_per_s_per_kw", "Read GB/s per kW", "", 1,
            {"read_gb_per_s_per_kw", js<&Ds::gbps_read_per_kw>, js<&CC::gbps_read_per_kw>},
            "read_per_kw", F::read | F::power, {M::read, M::power, 1000}),
    density(M::read_per_tb, "read_mb_per_s_per_tb", "Read per TB usable", "MB/s", 1,
            {"read_mb_per_s_per_tb", nullptr, js<&CC::mbps_read_per_tb>}, {},
            F::read | F::usable, {M::read, M::usable_capacity, 1000}),
    density(M::write_per_tb, "write_mb_per_s_per_tb", "Write per TB usable", "MB/s", 1,
            {"write_mb_per_s_per_tb", nullptr, js<&CC::mbps_write_per_tb>}, {},
            F::write | F::usable, {M::write, M::usable_capacity, 1000}),
    num(M::read_per_gpu, "read_gb_per_s_per_gpu", "Read GB/s per GPU", "", 3, S::none,
        {"read_gb_per_s_per_gpu", js<&Ds::read_per_gpu_gbps>}, "read_per_gpu", F::read,
        [](D d) { return d.requirements.gpus <= 0 ? std::nullopt : Value(d.read_per_gpu_gbps()); }),
    // docs/model.md §15: meets, capacity only, or short naming the first
    // failing check; the same words in every output.
    txt(M::feasible, "feasible", "Verdict",
        [](D d, bool machine) {
            return machine ? verdict_word(d.verdict) : verdict_cell_text(d.verdict);
        },
        {"feasible", js<&Ds::meets>,
         [](C c) -> J { return c.verdict().status == VerdictStatus::meets; }},
        "feasible", {}, K::verdict),
    // Power as a data-centre team reads it (docs/model.md §10).
    num(M::max_power, "max_power", "Max power", "kW", 1, S::total,
        {"max_power_w", js<&Ds::max_power>}, "max_power_kW", F::max_power),
    num(M::facility_power, "facility_power", "Facility power", "kW", 1, S::total,
        {"facility_power_w", js<&Ds::facility_power>}, "facility_kW", F::facility_power),
    txt(M::cooling, "cooling", "Cooling (fullest rack)",
        [](D d, bool machine) {
            return std::string(machine ? to_string(d.cooling) : cooling_label(d.cooling));
        },
        {"cooling", js<&Ds::cooling>}, "cooling"),
    num(M::subscriptions, "subscriptions", "Subscriptions (or regions) at default limits", "", 0,
        S::none, {"subscriptions", nullptr, js<&CC::subscriptions>}, {}, F::subscriptions, nullptr,
        reference_count<&CC::subscriptions>),
    num(M::accounts_for_subscriptions, "accounts_for_subscriptions",
        "Accounts the subscriptions rest on (full rate, default limits)", "", 0, S::none, {}, {},
        F::subscriptions, nullptr,
        reference_count<&CC::accounts_for_subscriptions, &CC::subscriptions>),
    num(M::read_at_site, "read_at_gpu_site_tbps", "Read reaching the GPU site", "Tbps", 1, S::none,
        {"read_at_gpu_site_bytes_per_s", nullptr, js<&CC::read_at_site>}, {}, F::read),
    num(M::write_at_site, "write_at_gpu_site_tbps", "Write reaching the GPU site", "Tbps", 1,
        S::none, {"write_at_gpu_site_bytes_per_s", nullptr, js<&CC::write_at_site>}, {}, F::write),
    num(M::power_saved, "power_saved", "Power saved", "kW", 1, S::none),
    num(M::gpus_fed, "gpus_fed", "GPUs the saved power feeds", "", 0, S::none),
    num(M::break_even_rack_power, "break_even_rack_power", "rack power at which the power is equal",
        "kW", 1, S::none),
    // The first-order figure (an upper bound on the loss), the one the
    // workbook's Resilience sheet computes as a formula, so the Summary and
    // the Slide link to it there; `podsizer resilience` gives the exact chain
    // beside it (docs/resilience.md §2, §13). Not scaled to whole pods: more
    // drives, more chances to lose one stripe.
    num(M::durability_nines, "durability_nines", "Durability, drives and D-boxes", "nines", 1,
        S::none, {}, "durability_nines", {}, durability_nines),
    // Which of the two terms the headline combines is the larger (the
    // `durability` finding says it too): the Resilience sheet's loss_year
    // and loss_year_dbox rows, so the workbook's cell is a live IF over them.
    txt(M::durability_largest_term, "durability_largest_term", "Durability, largest term",
        durability_largest_term_text, {}, "durability_largest_term", {}, K::text, S::none),
};

/// A figure the JSON writes in SI units, in the row's unit (core's table of
/// units; a count, a density or a unit core has not: as written).
Value in_unit(const Metric& m, const JsonValue& v) {
    const auto* n = std::get_if<std::int64_t>(&v);
    const auto* d = std::get_if<double>(&v);
    const Value x = n != nullptr ? count(*n) : d != nullptr ? Value(*d) : std::nullopt;
    const std::span<const AnyUnit> all = all_units();
    const auto u =
        std::find_if(all.begin(), all.end(), [&m](auto& a) { return a.symbol == m.unit; });
    return x && m.scaling != S::density && u != all.end() ? Value(*x / u->factor) : x;
}
template <std::size_t I> Value design_from_json(D d) {
    return in_unit(kRows[I], kRows[I].json.of(d));
}
template <std::size_t I> Value column_from_json(C c) {
    return in_unit(kRows[I], kRows[I].json.of_column(c));
}

/// A number row's value getters where it has none of its own: its JSON
/// field's, so a figure is written once (the design's and the column's).
template <std::size_t I> constexpr Metric with_getters(Metric m) {
    if (m.kind == K::number && m.json.of != nullptr && m.of_design == nullptr) {
        m.of_design = design_from_json<I>;
    }
    if (m.kind == K::number && m.json.of_column != nullptr && m.of_column == nullptr) {
        m.of_column = column_from_json<I>;
    }
    return m;
}
template <std::size_t... I> constexpr auto with_getters(std::index_sequence<I...>) {
    return std::array<Metric, sizeof...(I)>{with_getters<I>(kRows[I])...};
}
constexpr auto kMetrics = with_getters(std::make_index_sequence<std::size(kRows)>());

constexpr bool in_id_order() {
    for (std::size_t i = 0; i < std::size(kMetrics); ++i) {
        if (static_cast<std::size_t>(kMetrics[i].id) != i) {
            return false;
        }
    }
    return true;
}
static_assert(in_id_order(), "kMetrics must list every metric in MetricId order");

} // namespace

std::string Metric::labelled() const {
    return label_with_unit(label, unit);
}

std::string heading_figures(const Design& d, std::span<const Metric> metrics) {
    std::string s;
    for (const Metric& m : metrics) {
        if (m.in_heading) {
            s += fmt::format(" \u00b7 {} {}{}{}", m.label, m.cell(d, false),
                             m.unit.empty() ? "" : " ", m.unit);
        }
    }
    return s;
}

std::string Metric::cell(const Design& d, bool machine) const {
    if (text != nullptr) {
        return text(d, machine);
    }
    return number_cell(of_design != nullptr ? of_design(d) : std::nullopt, decimals, machine);
}

namespace {

std::string basis_words(std::span<const Design> designs, PowerBasis (*of)(const Design&)) {
    if (designs.empty()) {
        return {};
    }
    const PowerBasis first = of(designs.front());
    const bool same = std::all_of(designs.begin(), designs.end(),
                                  [&](const Design& d) { return of(d) == first; });
    if (!same) {
        return " (each design's basis)";
    }
    return first == PowerBasis::max ? " (max draw)" : " (typical draw)";
}

} // namespace

std::string metric_label(const Metric& m, std::span<const Design> designs) {
    if (m.id == MetricId::racks) {
        return m.labelled() +
               basis_words(designs, [](const Design& d) { return d.constraints.power_basis; });
    }
    if (m.id == MetricId::racks_planned) {
        return m.labelled() +
               basis_words(designs, [](const Design& d) { return d.planning_basis(); });
    }
    return m.labelled();
}

bool has_planning_racks(std::span<const Design> designs) {
    return std::any_of(designs.begin(), designs.end(), [](const Design& d) {
        return d.racks_fit && d.planning_basis() != d.constraints.power_basis;
    });
}

std::optional<double> column_value(const Metric& m, const ComparisonColumn& c) {
    if (m.of_column != nullptr) {
        return m.of_column(c);
    }
    if (!c.design || m.of_design == nullptr) {
        return std::nullopt;
    }
    const Value pod = m.of_design(*c.design);
    switch (m.scaling) {
    case Scaling::total:
        return pod ? Value(pods_total(*pod, c.pods)) : std::nullopt;
    case Scaling::same:
        return pod;
    case Scaling::density: {
        const Value num = column_value(metric(m.quotient->numerator), c);
        const Value den = column_value(metric(m.quotient->denominator), c);
        return num && den && *den > 0.0 ? Value(*num * m.quotient->factor / *den) : std::nullopt;
    }
    case Scaling::none:
        break;
    }
    return c.pods == 1 ? pod : std::nullopt;
}

JsonValue column_json(const Metric& m, const ComparisonColumn& c) {
    if (m.json.of_column != nullptr) {
        return m.json.of_column(c);
    }
    if (!c.design || m.json.of == nullptr) {
        return nullptr;
    }
    JsonValue pod = m.json.of(*c.design);
    if (m.scaling == Scaling::total && std::holds_alternative<std::int64_t>(pod)) {
        return pods_total(std::get<std::int64_t>(pod), c.pods);
    }
    if (m.scaling == Scaling::total && std::holds_alternative<double>(pod)) {
        return pods_total(std::get<double>(pod), c.pods);
    }
    return m.scaling == Scaling::same || c.pods == 1 ? pod : JsonValue(nullptr);
}

std::span<const Metric> metric_registry() {
    return kMetrics;
}

const Metric& metric(MetricId id) {
    return kMetrics[static_cast<std::size_t>(id)];
}

bool has_data_reduction(std::span<const Design> designs) {
    return std::any_of(designs.begin(), designs.end(),
                       [](const Design& d) { return d.data_reduction != 1.0; });
}

namespace {

/// The metrics a view lists, in order, by key ("pods cnodes dboxes"): a
/// key no metric has does not compile.
template <std::size_t N> consteval std::array<MetricId, N> ids_of(std::string_view keys) {
    std::array<MetricId, N> ids{};
    std::size_t n = 0;
    for (std::size_t at = 0; at < keys.size();) {
        const std::size_t end = std::min(keys.find(' ', at), keys.size());
        const std::string_view key = keys.substr(at, end - at);
        const auto* m = std::find_if(std::begin(kRows), std::end(kRows),
                                     [key](const Metric& r) { return r.key == key; });
        if (m == std::end(kRows) || n == N) {
            throw std::logic_error("a view names a key no metric has");
        }
        ids[n++] = m->id;
        at = end + 1;
    }
    return ids;
}

// The views, by key (ids_of).
constexpr std::string_view kSizingView =
    "cnode_model dbox_model drive_size cnodes dboxes cnodes_sized_by dboxes_sized_by cd_ratio "
    "switches client_network fabric_tiers client_port_headroom racks_planned racks "
    "racks_both_bases racks_sized_by device_rack_units rack_units raw_capacity usable_capacity "
    "usable_capacity_pib effective_capacity erasure_coding ec_layout tolerates_dbox_loss "
    "tolerates_rack_loss read write size_for dbox_down_read dbox_down_write rack_down_read "
    "rack_down_write read_tbps write_tbps bottleneck knee_cnodes power max_power facility_power "
    "cooling pb_per_rack read_gb_per_s_per_kw read_gb_per_s_per_gpu feasible";

// Usable before raw: the comparison leads with what each column delivers.
constexpr std::string_view kComparisonView =
    "pods cnodes dboxes accounts subscriptions accounts_for_subscriptions racks_planned racks "
    "usable_capacity raw_capacity read write read_tbps write_tbps "
    "read_within_account_limits_tbps write_within_account_limits_tbps read_at_gpu_site_tbps "
    "write_at_gpu_site_tbps power pb_per_rack read_gb_per_s_per_kw read_mb_per_s_per_tb "
    "write_mb_per_s_per_tb";

constexpr std::string_view kSummaryView =
    "pods cnode_model dbox_model drive_size cnodes dboxes cd_ratio switches client_network "
    "fabric_tiers client_port_headroom accounts subscriptions accounts_for_subscriptions "
    "racks_planned racks device_rack_units rack_units raw_capacity usable_capacity "
    "usable_capacity_pib effective_capacity ec_layout tolerates_dbox_loss tolerates_rack_loss "
    "durability_nines durability_largest_term read write dbox_down_read dbox_down_write "
    "read_tbps write_tbps read_within_account_limits_tbps write_within_account_limits_tbps "
    "read_at_gpu_site_tbps write_at_gpu_site_tbps read_bottleneck knee_cnodes power max_power "
    "facility_power cooling pb_per_rack read_gb_per_s_per_kw read_mb_per_s_per_tb "
    "write_mb_per_s_per_tb read_gb_per_s_per_gpu feasible";

/// A view's metrics (ids_of), as the tables read them.
template <const std::string_view& keys> const std::vector<MetricId>& view() {
    static constexpr auto array =
        ids_of<static_cast<std::size_t>(std::count(keys.begin(), keys.end(), ' ') + 1)>(keys);
    static const std::vector<MetricId> ids(array.begin(), array.end());
    return ids;
}

} // namespace

const std::vector<MetricId>& sizing_table_metrics() {
    return view<kSizingView>();
}

const std::vector<MetricId>& comparison_metrics() {
    return view<kComparisonView>();
}

const std::vector<MetricId>& summary_metrics() {
    return view<kSummaryView>();
}

namespace {

/// One row of a comparison's ratios: everything each format needs to know
/// about it, in one place (issue 27 item 4: no `switch (MetricId)` outside
/// the registry). `label` is null for the quotients, labelled "Racks ÷ …".
struct RatioRow {
    MetricId id = MetricId::racks;
    bool quotient = false; ///< the column's figure over the reference's at its capacity
    std::optional<double> (*value)(const ComparisonRatio&) = nullptr;
    std::string (*label)(const std::string& reference, const std::string& basis,
                         const Comparison&) = nullptr;
    /// The column's and the reference's figures the ratio rests on; a
    /// quotient rests on its metric's on both sides.
    FigureSet of_column = 0;
    FigureSet of_reference = 0;
    bool platform = false; ///< also rests on the GPU platform's power per GPU
};

using V = std::optional<double>;
using RatioCmp = const Comparison&;
using Text = const std::string&;
using CR = ComparisonRatio;

/// A ratio's figure as it is.
template <auto member> V ratio(const ComparisonRatio& r) {
    return r.*member;
}

// The break-even rack power leads: it does not rest on the reference's
// assumed power per rack, which the power ratio and power saved do
// (REVIEW-3 §5.2).
const RatioRow kRatioRows[] = {
    // Design power over the reference's racks at that capacity.
    {M::break_even_rack_power, false, in_of<&CR::break_even_rack_power, units::kW>,
     [](Text ref, Text, RatioCmp) { return ref + " rack power at which the power is equal"; },
     figure_set(F::power), figure_set(F::racks)},
    // 0: the column's devices fit no rack (ComparisonColumn::racks_fit).
    {.id = M::racks, .quotient = true, .value = positive<&CR::racks>},
    {.id = M::power, .quotient = true, .value = ratio<&CR::power>},
    {.id = M::read, .quotient = true, .value = ratio<&CR::read>},
    {.id = M::write, .quotient = true, .value = ratio<&CR::write>},
    {M::power_saved, false, in_of<&CR::power_saved, units::kW>,
     [](Text, Text basis, RatioCmp) {
         return "Power saved vs " + basis + " (negative: extra power drawn)";
     },
     figure_set(F::power), figure_set(F::power)},
    {M::gpus_fed, false, ratio<&CR::gpus_fed>,
     [](Text, Text, RatioCmp c) -> std::string {
         if (c.gpu_platform.empty()) {
             return "GPUs the saved power feeds (none when it draws more)";
         }
         return c.gpu_platform + " GPUs the saved power feeds (" +
                format_in(c.power_per_gpu, units::kW, 2) + " each; none when it draws more)";
     },
     figure_set(F::power), figure_set(F::power), true},
};

const RatioRow& ratio_row(MetricId id) {
    for (const RatioRow& r : kRatioRows) {
        if (r.id == id) {
            return r;
        }
    }
    throw std::logic_error("no ratio for metric " + std::string(metric(id).key));
}

} // namespace

const std::vector<MetricId>& ratio_metrics() {
    static const std::vector<MetricId> ids = [] {
        std::vector<MetricId> out;
        for (const RatioRow& r : kRatioRows) {
            out.push_back(r.id);
        }
        return out;
    }();
    return ids;
}

bool is_quotient(MetricId id) {
    return std::any_of(std::begin(kRatioRows), std::end(kRatioRows),
                       [id](const RatioRow& r) { return r.id == id && r.quotient; });
}

std::string ratio_label(MetricId id, const std::string& reference, const Comparison& c) {
    const std::string basis = reference + " at the same usable capacity";
    const RatioRow& row = ratio_row(id);
    return row.label != nullptr ? row.label(reference, basis, c)
                                : std::string(metric(id).label) + " ÷ " + basis;
}

std::optional<double> ratio_value(const ComparisonRatio& r, MetricId id) {
    return ratio_row(id).value(r);
}

std::vector<std::string> metric_assumptions(MetricId id, const std::vector<AssumedFigure>& of) {
    const FigureSet f = metric(id).rests_on;
    return f == 0 ? std::vector<std::string>{} : assumption_ids(of, f);
}

std::vector<std::string> ratio_assumptions(MetricId id, const Comparison& c,
                                           const ComparisonRatio& r) {
    const RatioRow& row = ratio_row(id);
    const FigureSet of_column = row.quotient ? metric(id).rests_on : row.of_column;
    const FigureSet of_reference = row.quotient ? metric(id).rests_on : row.of_reference;
    std::vector<std::string> ids = assumption_ids(c.columns.at(r.column).assumptions(), of_column);
    merge_ids(ids, assumption_ids(c.references.at(r.reference).assumptions, of_reference));
    if (row.platform) {
        merge_ids(ids, assumption_ids(c.platform_assumptions, figure_set(F::gpus_fed)));
    }
    return ids;
}

std::vector<std::string> headline_assumptions(const std::vector<AssumedFigure>& of) {
    FigureSet all = 0;
    for (const Metric& m : kMetrics) {
        all = static_cast<FigureSet>(all | m.rests_on);
    }
    return assumption_ids(of, all);
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
