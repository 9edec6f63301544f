#include "podsizer/reports/metrics.hpp"

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

Value count(std::int64_t v) {
    return static_cast<double>(v);
}

std::string cd_ratio_text(const Design& d, bool) {
    if (d.dboxes == 0) {
        return "n/a";
    }
    return format_cd_ratio(static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes));
}

std::string switches_text(const Design& d, bool machine) {
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
std::string client_network_text(const Design& d, bool machine) {
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

std::string erasure_coding_text(const Design& d, bool machine) {
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

/// "dbox-down" for machines; "one D-box down, 20 % headroom" for people.
std::string size_for_text(const Design& d, bool machine) {
    if (machine) {
        return std::string(to_string(d.constraints.size_for));
    }
    std::string s(size_for_words(d.constraints.size_for));
    if (d.constraints.headroom > 0.0) {
        s += ", " + format_number(d.constraints.headroom * 100.0, 0) + " % headroom";
    }
    return s;
}

std::string bottlenecks_text(const Design& d, bool) {
    return std::string(to_string(d.read_bottleneck)) + " / " +
           std::string(to_string(d.write_bottleneck));
}

/// A throughput with one D-box or one rack down, in TB/s (docs/resilience.md
/// §10); a rack's only where the layout survives losing one.
template <Throughput DesignResilience::*figure, bool rack> Value with_one_down(const Design& d) {
    if (!d.resilience || (rack && !d.tolerates_rack_loss)) {
        return std::nullopt;
    }
    return in((*d.resilience).*figure, units::TB_per_s);
}

using CC = ComparisonColumn;

/// A reference's count, n/a for other columns and where `given` is 0 (no limit known).
template <std::int64_t CC::*n, std::int64_t CC::*given = n> Value reference_count(const CC& c) {
    return c.kind == ColumnKind::reference && c.*given != 0 ? count(c.*n) : std::nullopt;
}

/// A column's rate in Tbps where it has one.
template <std::optional<Throughput> CC::*f> Value tbps_of(const CC& c) {
    return c.*f ? Value(in(*(c.*f), units::Tbps)) : std::nullopt;
}

using F = HeadlineFigure;
using K = MetricKind;
using S = Scaling;
using M = MetricId;
using D = const Design&;
using C = const ComparisonColumn&;
using J = JsonValue;

/// A figure in `unit` shown with `decimals`, of which n pods have n times
/// one pod's (counts of U, capacity, throughput, power): the rule written
/// once for every such row.
constexpr Metric total(std::string_view unit, int decimals, Metric m) {
    m.unit = unit;
    m.decimals = decimals;
    m.scaling = S::total;
    return m;
}

// The registry. Order: the widest table's (the workbook's Summary), so each
// view below lists a subsequence or close to it. Index = MetricId.
constexpr Metric kRows[] = {
    {.id = M::pods,
     .key = "pods",
     .label = "Pods",
     .json = {"pods", nullptr, [](C c) -> J { return c.pods; }},
     .of_column = [](C c) { return c.design ? count(c.pods) : std::nullopt; }},
    {.id = M::cnode_model,
     .key = "cnode_model",
     .label = "C-node model",
     .kind = K::text,
     .scaling = S::same,
     .json = {"cnode_model", [](D d) -> J { return d.cnode_model; }},
     .sheet = "cnode_model",
     // People read the catalog's display name, machines the id.
     .text = [](D d, bool machine) { return machine ? d.cnode_model : d.cnode_shown(); }},
    {.id = M::dbox_model,
     .key = "dbox_model",
     .label = "D-box model",
     .kind = K::text,
     .scaling = S::same,
     .json = {"dbox_model", [](D d) -> J { return d.dbox_model; }},
     .sheet = "dbox_model",
     .text = [](D d, bool machine) { return machine ? d.dbox_model : d.dbox_shown(); }},
    {.id = M::drive_size,
     .key = "drive_size",
     .label = "Drive size",
     .unit = "TB",
     .decimals = 2,
     .scaling = S::same,
     .json = {"drive_size_bytes", [](D d) -> J { return d.drive_size.base(); }},
     .sheet = "drive_TB",
     .sheet_precise = true},
    {.id = M::cnodes,
     .key = "cnodes",
     .label = "C-nodes",
     .scaling = S::total,
     .json = {"cnodes", [](D d) -> J { return d.cnodes; }},
     .sheet = "cnodes"},
    {.id = M::dboxes,
     .key = "dboxes",
     .label = "D-boxes",
     .scaling = S::total,
     .json = {"dboxes", [](D d) -> J { return d.dboxes; }},
     .sheet = "dboxes"},
    {.id = M::cnodes_sized_by,
     .key = "cnodes_sized_by",
     .label = "C-nodes set by",
     .kind = K::text,
     .scaling = S::same,
     .text = [](D d, bool machine) { return sized_by_text(d.sized_by.cnodes, machine); }},
    {.id = M::dboxes_sized_by,
     .key = "dboxes_sized_by",
     .label = "D-boxes set by",
     .kind = K::text,
     .scaling = S::same,
     .text = [](D d, bool machine) { return sized_by_text(d.sized_by.dboxes, machine); }},
    {.id = M::racks_sized_by,
     .key = "racks_sized_by",
     .label = "Racks set by",
     .kind = K::text,
     .scaling = S::same,
     .text =
         [](D d, bool machine) {
             return d.racks_fit ? sized_by_text(d.sized_by.racks, machine)
                                : number_cell(std::nullopt, 0, machine);
         }},
    // C-nodes per D-box: "2.5:1" in the reports, the number in the workbook.
    {.id = M::cd_ratio,
     .key = "cd_ratio",
     .label = "C:D ratio",
     .decimals = 2,
     .scaling = S::same,
     .sheet = "cd",
     .of_design = [](D d) -> Value {
         if (d.dboxes == 0) {
             return std::nullopt;
         }
         return static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes);
     },
     .text = cd_ratio_text},
    {.id = M::switches,
     .key = "switches",
     .label = "Switches (storage fabric; not the GPU fabric)",
     .scaling = S::total,
     .json = {"switches", [](D d) -> J { return d.switches(); }},
     .sheet = "switches",
     .text = switches_text,
     .rests_on = figure_set(F::switches)},
    // Which networks the switch count covers (REVIEW-3 §4.2).
    {.id = M::client_network,
     .key = "client_network",
     .label = "Client network (links to your fabric)",
     .kind = K::text,
     .scaling = S::same,
     .json = {"client_network",
              [](D d) -> J { return std::string(to_string(d.constraints.client_network)); }},
     .sheet = "client_network",
     .text = client_network_text,
     .rests_on = figure_set(F::switches)},
    {.id = M::fabric_tiers,
     .key = "fabric_tiers",
     .label = "Fabric tiers",
     .scaling = S::same,
     .json = {"fabric_tiers", [](D d) -> J { return d.fabric_tiers; }},
     .sheet = "tiers",
     .of_design = [](D d) -> Value {
         return d.fabric_tiers > 0 ? Value(d.fabric_tiers) : std::nullopt;
     },
     .rests_on = figure_set(F::switches)},
    // The C-nodes' client ports over the read they deliver: "2.1×" (docs/model.md
    // §8). It replaces "GPU NICs : C-node client ports 46:1", a ratio of line
    // rates a network architect reads as a blocking fabric (REVIEW-3 §4.3).
    {.id = M::client_port_headroom,
     .key = "client_port_headroom",
     .label = "Client-port headroom (ports / delivered read)",
     .decimals = 1,
     .scaling = S::same,
     .json = {"client_port_headroom", [](D d) -> J { return d.client_port_headroom(); }},
     .sheet = "client_port_headroom",
     .of_design = [](D d) -> Value {
         const double r = d.client_port_headroom();
         return r > 0.0 ? Value(r) : std::nullopt;
     },
     .text = [](D d, bool machine) -> std::string {
         const double r = d.client_port_headroom();
         if (machine || r <= 0.0) {
             return number_cell(r > 0.0 ? Value(r) : std::nullopt, 1, machine);
         }
         return format_number(r, 1) + "×";
     }},
    {.id = M::accounts,
     .key = "accounts",
     .label = "Accounts at default limits (for the capacity)",
     .json = {"accounts", nullptr, [](C c) -> J { return c.accounts; }},
     .of_column = reference_count<&CC::accounts>,
     .rests_on = figure_set(F::accounts)},
    {.id = M::racks_planned,
     .key = "racks_planned",
     .label = "Racks to plan for",
     .scaling = S::total,
     .json = {},
     .sheet = "racks_planned",
     .of_design = [](D d) -> Value {
         return d.racks_fit ? count(d.planning_racks()) : std::nullopt;
     },
     .rests_on = figure_set(F::racks)},
    {.id = M::racks,
     .key = "racks",
     .label = "Racks",
     .scaling = S::total,
     // null (n/a) when a single device fits no rack (REDTEAM-3 #14).
     .json = {"racks", [](D d) -> J { return d.racks_fit ? J(d.racks) : J(nullptr); },
              [](C c) -> J { return c.racks_fit() ? J(c.racks()) : J(nullptr); }},
     .sheet = "racks",
     .rests_on = figure_set(F::racks)},
    // Both bases side by side, so the racks on typical draw are never read
    // without the racks on maximum draw (REVIEW-3 §4.4: 29 and 37).
    {.id = M::racks_both_bases,
     .key = "racks_both_bases",
     .label = "Racks on typical / max draw",
     .kind = K::text,
     .scaling = S::same,
     .text =
         [](D d, bool machine) {
             if (!d.racks_fit) {
                 return number_cell(std::nullopt, 0, machine);
             }
             return format_number(static_cast<double>(d.racks_on_typical)) +
                    (machine ? "/" : " / ") + format_number(static_cast<double>(d.racks_on_max));
         },
     .rests_on = figure_set(F::racks)},
    {.id = M::device_units,
     .key = "device_rack_units",
     .label = "Storage devices",
     .unit = "U",
     .scaling = S::total,
     .json = {"device_rack_units", [](D d) -> J { return d.device_units.base(); }},
     .sheet = "device_U"},
    {.id = M::rack_units,
     .key = "rack_units",
     .label = "With switches",
     .unit = "U",
     .scaling = S::total,
     .json = {"rack_units", [](D d) -> J { return d.rack_units().base(); }},
     .sheet = "total_U"},
    total("PB", 1,
          {.id = M::raw_capacity,
           .key = "raw_capacity",
           .label = "Raw capacity",
           .json = {"raw_capacity_bytes", [](D d) -> J { return d.raw.base(); },
                    [](C c) -> J { return c.raw() ? J(c.raw()->base()) : J(nullptr); }},
           .sheet = "raw_PB",
           .rests_on = figure_set(F::raw)}),
    total("PB", 1,
          {.id = M::usable_capacity,
           .key = "usable_capacity",
           .label = "Usable capacity",
           .json = {"usable_capacity_bytes", [](D d) -> J { return d.usable.base(); },
                    [](C c) -> J { return c.usable().base(); }},
           .sheet = "usable_PB",
           .rests_on = figure_set(F::usable)}),
    total("PiB", 1,
          {.id = M::usable_pib,
           .key = "usable_capacity_pib",
           .label = "Usable capacity",
           // The JSON holds it as usable_capacity_bytes (usable_capacity's).
           .sheet = "usable_PiB",
           .of_design = [](D d) -> Value { return in(d.usable, units::PiB); },
           .rests_on = figure_set(F::usable)}),
    // Usable times the data-reduction ratio, a what-if; shown only where a
    // ratio other than 1 is given (has_data_reduction), so no table claims
    // reduction nobody asked for.
    total("PB", 1,
          {.id = M::effective_capacity,
           .key = "effective_capacity",
           .label = "Effective capacity after data reduction",
           .json = {"effective_capacity_bytes", [](D d) -> J { return d.effective.base(); }},
           .sheet = "effective_PB",
           .of_design = [](D d) -> Value {
               return d.data_reduction != 1.0 ? Value(in(d.effective, units::PB)) : std::nullopt;
           },
           .rests_on = figure_set(F::usable)}),
    {.id = M::erasure_coding,
     .key = "erasure_coding",
     .label = "Erasure coding",
     .kind = K::text,
     .scaling = S::same,
     .json = {"data_strips", [](D d) -> J { return d.data_strips; }},
     .text = erasure_coding_text},
    // docs/model.md §6: the layout and what the design survives.
    {.id = M::ec_layout,
     .key = "ec_layout",
     .label = "Erasure-coding layout",
     .kind = K::text,
     .scaling = S::same,
     .json = {"ec_layout", [](D d) -> J { return std::string(to_string(d.ec_layout)); }},
     .sheet = "layout",
     .text =
         [](D d, bool machine) {
             const std::string l(to_string(d.ec_layout));
             return machine || !d.ec_layout_auto ? l : l + " (auto)";
         }},
    {.id = M::tolerates_dbox_loss,
     .key = "tolerates_dbox_loss",
     .label = "Survives losing a D-box",
     .kind = K::verdict,
     .scaling = S::same,
     .json = {"tolerates_dbox_loss", [](D d) -> J { return d.tolerates_dbox_loss; }},
     .sheet = "tolerates_dbox_loss",
     .text = [](D d, bool machine) { return verdict_cell(d.tolerates_dbox_loss, machine); }},
    {.id = M::tolerates_rack_loss,
     .key = "tolerates_rack_loss",
     .label = "Survives losing a rack",
     .kind = K::verdict,
     .scaling = S::same,
     .json = {"tolerates_rack_loss", [](D d) -> J { return d.tolerates_rack_loss; }},
     .sheet = "tolerates_rack_loss",
     .text = [](D d, bool machine) { return verdict_cell(d.tolerates_rack_loss, machine); }},
    total("TB/s", 2,
          {.id = M::read,
           .key = "read",
           .label = "Read",
           .json = {"read_bytes_per_s", [](D d) -> J { return d.read.base(); },
                    [](C c) -> J { return c.read().base(); }},
           .sheet = "read_TBps",
           .rests_on = figure_set(F::read)}),
    total("TB/s", 2,
          {.id = M::write,
           .key = "write",
           .label = "Write",
           .json = {"write_bytes_per_s", [](D d) -> J { return d.write.base(); },
                    [](C c) -> J { return c.write().base(); }},
           .sheet = "write_TBps",
           .rests_on = figure_set(F::write)}),
    {.id = M::size_for,
     .key = "size_for",
     .label = "Sized for",
     .kind = K::text,
     .scaling = S::same,
     .json = {"size_for", [](D d) -> J { return std::string(to_string(d.constraints.size_for)); }},
     .text = size_for_text},
    total("TB/s", 2,
          {.id = M::dbox_down_read,
           .key = "dbox_down_read",
           .label = "Read, one D-box down",
           .sheet = "dbox_down_read",
           .of_design = with_one_down<&DesignResilience::degraded_read, false>,
           .rests_on = figure_set(F::read)}),
    total("TB/s", 2,
          {.id = M::dbox_down_write,
           .key = "dbox_down_write",
           .label = "Write, one D-box down",
           .sheet = "dbox_down_write",
           .of_design = with_one_down<&DesignResilience::degraded_write, false>,
           .rests_on = figure_set(F::write)}),
    // n/a where the layout does not survive a rack loss (the row above says so).
    total("TB/s", 2,
          {.id = M::rack_down_read,
           .key = "rack_down_read",
           .label = "Read, one rack down",
           .of_design = with_one_down<&DesignResilience::rack_down_read, true>,
           .rests_on = figure_set(F::read)}),
    total("TB/s", 2,
          {.id = M::rack_down_write,
           .key = "rack_down_write",
           .label = "Write, one rack down",
           .of_design = with_one_down<&DesignResilience::rack_down_write, true>,
           .rests_on = figure_set(F::write)}),
    total("Tbps", 1,
          {.id = M::read_tbps,
           .key = "read_tbps",
           .label = "Read",
           // The JSON holds it as read_bytes_per_s (read's).
           .sheet = "read_Tbps",
           .of_design = [](D d) -> Value { return in(d.read, units::Tbps); },
           .of_column = [](C c) -> Value { return in(c.read(), units::Tbps); },
           .rests_on = figure_set(F::read)}),
    total("Tbps", 1,
          {.id = M::write_tbps,
           .key = "write_tbps",
           .label = "Write",
           // The JSON holds it as write_bytes_per_s (write's).
           .sheet = "write_Tbps",
           .of_design = [](D d) -> Value { return in(d.write, units::Tbps); },
           .of_column = [](C c) -> Value { return in(c.write(), units::Tbps); },
           .rests_on = figure_set(F::write)}),
    {.id = M::read_within_limits,
     .key = "read_within_account_limits_tbps",
     .label = "Read within account limits",
     .unit = "Tbps",
     .decimals = 1,
     .of_column = tbps_of<&CC::read_within_limits>,
     .rests_on = figure_set(F::read)},
    {.id = M::write_within_limits,
     .key = "write_within_account_limits_tbps",
     .label = "Write within account limits",
     .unit = "Tbps",
     .decimals = 1,
     .of_column = tbps_of<&CC::write_within_limits>,
     .rests_on = figure_set(F::write)},
    {.id = M::bottleneck,
     .key = "bottleneck",
     .label = "Bottleneck (read / write)",
     .kind = K::text,
     .scaling = S::same,
     .json = {"write_bottleneck",
              [](D d) -> J { return std::string(to_string(d.write_bottleneck)); }},
     .text = bottlenecks_text},
    {.id = M::read_bottleneck,
     .key = "read_bottleneck",
     .label = "Read bottleneck",
     .kind = K::text,
     .scaling = S::same,
     .json = {"read_bottleneck",
              [](D d) -> J { return std::string(to_string(d.read_bottleneck)); }},
     .sheet = "read_bottleneck",
     .text = [](D d, bool) { return std::string(to_string(d.read_bottleneck)); }},
    {.id = M::knee,
     .key = "knee_cnodes",
     .label = "Knee",
     .unit = "C-nodes",
     .json = {"knee_cnodes", [](D d) -> J { return d.knee_cnodes; }},
     .sheet = "knee"},
    total("kW", 1,
          {.id = M::power,
           .key = "power",
           .label = "Power",
           .json = {"power_w", [](D d) -> J { return d.power.base(); },
                    [](C c) -> J { return c.power().base(); }},
           .sheet = "power_kW",
           .rests_on = figure_set(F::power)}),
    // Densities name their unit in the label: the `size` table's wording.
    {.id = M::pb_per_rack,
     .key = "pb_per_rack",
     .label = "PB per rack",
     .decimals = 2,
     .scaling = S::density,
     .json = {"pb_per_rack", [](D d) -> J { return d.racks_fit ? J(d.pb_per_rack()) : J(nullptr); },
              // No rack holds the column's devices: no density, as in the table.
              [](C c) -> J { return c.racks_fit() ? J(c.pb_per_rack()) : J(nullptr); }},
     .sheet = "pb_per_rack",
     .rests_on = F::usable | F::racks,
     .quotient = Quotient{M::usable_capacity, M::racks, 1}},
    {.id = M::read_per_kw,
     .key = "read_gb_per_s_per_kw",
     .label = "Read GB/s per kW",
     .decimals = 1,
     .scaling = S::density,
     .json = {"read_gb_per_s_per_kw", [](D d) -> J { return d.gbps_read_per_kw(); },
              [](C c) -> J { return c.gbps_read_per_kw(); }},
     .sheet = "read_per_kw",
     .rests_on = F::read | F::power,
     .quotient = Quotient{M::read, M::power, 1000}},
    {.id = M::read_per_tb,
     .key = "read_mb_per_s_per_tb",
     .label = "Read per TB usable",
     .unit = "MB/s",
     .decimals = 1,
     .scaling = S::density,
     .json = {"read_mb_per_s_per_tb", nullptr, [](C c) -> J { return c.mbps_read_per_tb(); }},
     .rests_on = F::read | F::usable,
     .quotient = Quotient{M::read, M::usable_capacity, 1000}},
    {.id = M::write_per_tb,
     .key = "write_mb_per_s_per_tb",
     .label = "Write per TB usable",
     .unit = "MB/s",
     .decimals = 1,
     .scaling = S::density,
     .json = {"write_mb_per_s_per_tb", nullptr, [](C c) -> J { return c.mbps_write_per_tb(); }},
     .rests_on = F::write | F::usable,
     .quotient = Quotient{M::write, M::usable_capacity, 1000}},
    {.id = M::read_per_gpu,
     .key = "read_gb_per_s_per_gpu",
     .label = "Read GB/s per GPU",
     .decimals = 3,
     .json = {"read_gb_per_s_per_gpu", [](D d) -> J { return d.read_per_gpu_gbps(); }},
     .sheet = "read_per_gpu",
     .of_design = [](D d) -> Value {
         if (d.requirements.gpus <= 0) {
             return std::nullopt;
         }
         return d.read_per_gpu_gbps();
     },
     .rests_on = figure_set(F::read)},
    {.id = M::feasible,
     .key = "feasible",
     // docs/model.md §15: meets, capacity only, or short naming the first
     // failing check; the same words in every output.
     .label = "Verdict",
     .kind = K::verdict,
     .scaling = S::same,
     .json = {"feasible", [](D d) -> J { return d.meets(); },
              [](C c) -> J { return c.verdict().status == VerdictStatus::meets; }},
     .sheet = "feasible",
     .text =
         [](D d, bool machine) {
             return machine ? verdict_word(d.verdict) : verdict_cell_text(d.verdict);
         }},
    // Power as a data-centre team reads it (docs/model.md §10).
    total("kW", 1,
          {.id = M::max_power,
           .key = "max_power",
           .label = "Max power",
           .json = {"max_power_w", [](D d) -> J { return d.max_power.base(); }},
           .sheet = "max_power_kW",
           .rests_on = figure_set(F::max_power)}),
    total("kW", 1,
          {.id = M::facility_power,
           .key = "facility_power",
           .label = "Facility power",
           .json = {"facility_power_w", [](D d) -> J { return d.facility_power.base(); }},
           .sheet = "facility_kW",
           .rests_on = figure_set(F::facility_power)}),
    {.id = M::cooling,
     .key = "cooling",
     .label = "Cooling (fullest rack)",
     .kind = K::text,
     .scaling = S::same,
     .json = {"cooling", [](D d) -> J { return std::string(to_string(d.cooling)); }},
     .sheet = "cooling",
     .text =
         [](D d, bool machine) {
             return std::string(machine ? to_string(d.cooling) : cooling_label(d.cooling));
         }},
    {.id = M::subscriptions,
     .key = "subscriptions",
     .label = "Subscriptions (or regions) at default limits",
     .json = {"subscriptions", nullptr, [](C c) -> J { return c.subscriptions; }},
     .of_column = reference_count<&CC::subscriptions>,
     .rests_on = figure_set(F::subscriptions)},
    {.id = M::accounts_for_subscriptions,
     .key = "accounts_for_subscriptions",
     .label = "Accounts the subscriptions rest on (full rate, default limits)",
     .of_column = reference_count<&CC::accounts_for_subscriptions, &CC::subscriptions>,
     .rests_on = figure_set(F::subscriptions)},
    {.id = M::read_at_site,
     .key = "read_at_gpu_site_tbps",
     .label = "Read reaching the GPU site",
     .unit = "Tbps",
     .decimals = 1,
     .json = {"read_at_gpu_site_bytes_per_s", nullptr,
              [](C c) -> J { return c.read_at_site ? J(c.read_at_site->base()) : J(nullptr); }},
     .rests_on = figure_set(F::read)},
    {.id = M::write_at_site,
     .key = "write_at_gpu_site_tbps",
     .label = "Write reaching the GPU site",
     .unit = "Tbps",
     .decimals = 1,
     .json = {"write_at_gpu_site_bytes_per_s", nullptr,
              [](C c) -> J { return c.write_at_site ? J(c.write_at_site->base()) : J(nullptr); }},
     .rests_on = figure_set(F::write)},
    {.id = M::power_saved,
     .key = "power_saved",
     .label = "Power saved",
     .unit = "kW",
     .decimals = 1},
    {.id = M::gpus_fed, .key = "gpus_fed", .label = "GPUs the saved power feeds"},
    {.id = M::break_even_rack_power,
     .key = "break_even_rack_power",
     .label = "rack power at which the power is equal",
     .unit = "kW",
     .decimals = 1},
    // The first-order figure (an upper bound on the loss), the one the
    // workbook's Resilience sheet computes as a formula, so the Summary and
    // the Slide link to it there; `podsizer resilience` gives the exact chain
    // beside it (docs/resilience.md §2, §13). Not scaled to whole pods: more
    // drives, more chances to lose one stripe.
    {.id = M::durability_nines,
     .key = "durability_nines",
     .label = "Durability, drives and D-boxes",
     .unit = "nines",
     .decimals = 1,
     .sheet = "durability_nines",
     .of_design = [](D d) -> Value {
         const std::optional<double> p = headline_annual_loss(d);
         if (!p || !(*p > 0.0)) {
             return std::nullopt;
         }
         return -std::log10(*p);
     }},
    // Which of the two terms the headline combines is the larger (the
    // `durability` finding says it too): the Resilience sheet's loss_year
    // and loss_year_dbox rows, so the workbook's cell is a live IF over them.
    {.id = M::durability_largest_term,
     .key = "durability_largest_term",
     .label = "Durability, largest term",
     .kind = K::text,
     .sheet = "durability_largest_term",
     .text = [](D d, bool) -> std::string {
         const std::optional<double> drives = first_order_annual_loss(d);
         if (!drives || !(*headline_annual_loss(d) > 0.0)) {
             return "n/a";
         }
         return d.resilience->dbox_annual_loss > *drives ? "D-box losses" : "drive failures";
     }},
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

const std::vector<MetricId>& sizing_table_metrics() {
    static const std::vector<MetricId> ids = {
        M::cnode_model,
        M::dbox_model,
        M::drive_size,
        M::cnodes,
        M::dboxes,
        M::cnodes_sized_by,
        M::dboxes_sized_by,
        M::cd_ratio,
        M::switches,
        M::client_network,
        M::fabric_tiers,
        M::client_port_headroom,
        M::racks_planned,
        M::racks,
        M::racks_both_bases,
        M::racks_sized_by,
        M::device_units,
        M::rack_units,
        M::raw_capacity,
        M::usable_capacity,
        M::usable_pib,
        M::effective_capacity,
        M::erasure_coding,
        M::ec_layout,
        M::tolerates_dbox_loss,
        M::tolerates_rack_loss,
        M::read,
        M::write,
        M::size_for,
        M::dbox_down_read,
        M::dbox_down_write,
        M::rack_down_read,
        M::rack_down_write,
        M::read_tbps,
        M::write_tbps,
        M::bottleneck,
        M::knee,
        M::power,
        M::max_power,
        M::facility_power,
        M::cooling,
        M::pb_per_rack,
        M::read_per_kw,
        M::read_per_gpu,
        M::feasible,
    };
    return ids;
}

const std::vector<MetricId>& comparison_metrics() {
    // Usable before raw: the comparison leads with what each column delivers.
    static const std::vector<MetricId> ids = {
        M::pods,
        M::cnodes,
        M::dboxes,
        M::accounts,
        M::subscriptions,
        M::accounts_for_subscriptions,
        M::racks_planned,
        M::racks,
        M::usable_capacity,
        M::raw_capacity,
        M::read,
        M::write,
        M::read_tbps,
        M::write_tbps,
        M::read_within_limits,
        M::write_within_limits,
        M::read_at_site,
        M::write_at_site,
        M::power,
        M::pb_per_rack,
        M::read_per_kw,
        M::read_per_tb,
        M::write_per_tb,
    };
    return ids;
}

const std::vector<MetricId>& summary_metrics() {
    static const std::vector<MetricId> ids = {
        M::pods,
        M::cnode_model,
        M::dbox_model,
        M::drive_size,
        M::cnodes,
        M::dboxes,
        M::cd_ratio,
        M::switches,
        M::client_network,
        M::fabric_tiers,
        M::client_port_headroom,
        M::accounts,
        M::subscriptions,
        M::accounts_for_subscriptions,
        M::racks_planned,
        M::racks,
        M::device_units,
        M::rack_units,
        M::raw_capacity,
        M::usable_capacity,
        M::usable_pib,
        M::effective_capacity,
        M::ec_layout,
        M::tolerates_dbox_loss,
        M::tolerates_rack_loss,
        M::durability_nines,
        M::durability_largest_term,
        M::read,
        M::write,
        M::dbox_down_read,
        M::dbox_down_write,
        M::read_tbps,
        M::write_tbps,
        M::read_within_limits,
        M::write_within_limits,
        M::read_at_site,
        M::write_at_site,
        M::read_bottleneck,
        M::knee,
        M::power,
        M::max_power,
        M::facility_power,
        M::cooling,
        M::pb_per_rack,
        M::read_per_kw,
        M::read_per_tb,
        M::write_per_tb,
        M::read_per_gpu,
        M::feasible,
    };
    return ids;
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

// The break-even rack power leads: it does not rest on the reference's
// assumed power per rack, which the power ratio and power saved do
// (REVIEW-3 §5.2).
const RatioRow kRatioRows[] = {
    {.id = M::break_even_rack_power,
     .quotient = false,
     .value = [](const ComparisonRatio& r) -> V { return in(r.break_even_rack_power, units::kW); },
     .label = [](Text reference, Text,
                 RatioCmp) { return reference + " rack power at which the power is equal"; },
     // Design power over the reference's racks at that capacity.
     .of_column = figure_set(F::power),
     .of_reference = figure_set(F::racks)},
    // 0: the column's devices fit no rack (ComparisonColumn::racks_fit).
    {
        .id = M::racks,
        .quotient = true,
        .value = [](const ComparisonRatio& r) -> V {
            return r.racks > 0.0 ? V(r.racks) : std::nullopt;
        },
    },
    {
        .id = M::power,
        .quotient = true,
        .value = [](const ComparisonRatio& r) -> V { return r.power; },
    },
    {
        .id = M::read,
        .quotient = true,
        .value = [](const ComparisonRatio& r) -> V { return r.read; },
    },
    {
        .id = M::write,
        .quotient = true,
        .value = [](const ComparisonRatio& r) -> V { return r.write; },
    },
    {.id = M::power_saved,
     .quotient = false,
     .value = [](const ComparisonRatio& r) -> V { return in(r.power_saved, units::kW); },
     .label = [](Text, Text basis,
                 RatioCmp) { return "Power saved vs " + basis + " (negative: extra power drawn)"; },
     .of_column = figure_set(F::power),
     .of_reference = figure_set(F::power)},
    {.id = M::gpus_fed,
     .quotient = false,
     .value = [](const ComparisonRatio& r) -> V { return r.gpus_fed; },
     .label = [](Text, Text, RatioCmp c) -> std::string {
         if (c.gpu_platform.empty()) {
             return "GPUs the saved power feeds (none when it draws more)";
         }
         return c.gpu_platform + " GPUs the saved power feeds (" +
                format_in(c.power_per_gpu, units::kW, 2) + " each; none when it draws more)";
     },
     .of_column = figure_set(F::power),
     .of_reference = figure_set(F::power),
     .platform = true},
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
