// One sheet per design: bill of materials, capacity, throughput, racks and
// power, density, requirement and findings. Counts and the drive size are
// inputs; everything derived is a formula over them and the Assumptions sheet
// (docs/model.md §6-§10 for the formulas), cached with the engine's number.
#include "podsizer/core/network.hpp"
#include "podsizer/core/number_text.hpp"
#include "workbook_design_items.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <string_view>

namespace podsizer::wb {

namespace {

constexpr int kLabel = 0;
constexpr int kValue = DesignCells::kValueCol;
constexpr int kHow = 2;
constexpr double kLabelWidth = 40;
constexpr double kValueWidth = 22; // "containment / rear door"
constexpr double kHowWidth = 84;

/// The value column as wide as the longest model name up to 34 characters
/// ("C-node, 1U (current generation)"); a longer one wraps ("NVIDIA
/// Spectrum-4 SN5600 switch, 64 x 800 GbE (2U)" was cut, REVIEW-3 part B
/// #6). The explanation column is narrower by as much, so the page keeps
/// its scale.
double value_width(const Design& d) {
    std::size_t longest = 0;
    for (const std::string& s :
         {d.cnode_shown(), d.dbox_shown(), d.switch_shown(), d.rack_shown()}) {
        longest = std::max(longest,
                           static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) {
                               return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
                           })));
    }
    return std::clamp(static_cast<double>(longest) + 3.0, kValueWidth, 34.0);
}

/// Writes items as rows (label, value, how it is computed) and remembers
/// where each keyed value went, so later formulas refer to it by key.
class Items {
public:
    Items(xlsx::Book& book, xlsx::Sheet& sheet, DesignCells& cells, const DesignContext& x,
          double value_width, double how_width)
        : book_(book), sheet_(sheet), cells_(cells), x_(x), value_width_(value_width),
          how_width_(how_width) {}

    void write(const Section& section) {
        if (!section.title.empty()) {
            heading(section.title);
        }
        for (const Item& item : section.items) {
            write(item);
        }
    }

private:
    void heading(const std::string& title) {
        ++row_; // a blank row before each section
        sheet_.text(row_, kLabel, title, book_.section());
        sheet_.text(row_, kValue, "", book_.section());
        sheet_.text(row_, kHow, "", book_.section());
        ++row_;
    }
    void write(const Item& item) {
        sheet_.text(row_, kLabel, item.label, book_.label());
        if (item.span) {
            sheet_.merged_text(row_, kValue, kHow, value_width_ + how_width_, item.how,
                               book_.note(), 9.0);
            ++row_;
            return;
        }
        switch (item.kind) {
        case Item::Kind::input:
            sheet_.number(row_, kValue, item.number, item.num, Role::input);
            break;
        case Item::Kind::value:
            sheet_.number(row_, kValue, item.number, item.num, Role::value);
            break;
        case Item::Kind::formula:
        case Item::Kind::array_formula:
        case Item::Kind::text_formula: // each a row of the formula map (mapped())
            sheet_.mapped(row_, kValue, *item.map, expand(item.expr),
                          FigureSource{x_.d, x_.catalog}, x_.entry.index, item.num);
            break;
        case Item::Kind::text: // a long model name wraps within its column
            sheet_.text(row_, kValue, item.shown,
                        static_cast<double>(item.shown.size()) > value_width_ ? book_.text_wrapped()
                                                                              : book_.text_value());
            break;
        }
        sheet_.text(row_, kHow, item.how, book_.note());
        const bool is_text = item.kind == Item::Kind::text || item.kind == Item::Kind::text_formula;
        // Every row as high as its wrapped text: a finding's message wraps
        // over several lines and ran into the next rows (REVIEW-3 part B #6).
        sheet_.fit_height(row_, {{item.label, kLabelWidth, 10.0},
                                 {is_text ? item.shown : "", value_width_, 10.0},
                                 {item.how, how_width_, 9.0}});
        if (!item.key.empty()) {
            cells_.rows[item.key] = row_;
            if (is_text) {
                cells_.texts[item.key] = item.shown;
            } else {
                cells_.numbers[item.key] = item.number;
            }
        }
        ++row_;
    }

    /// {key} -> $B$n for keys on this sheet.
    std::string expand(const std::string& f) const {
        std::string out;
        out.reserve(f.size());
        std::size_t from = 0; // the text after the last key
        for (std::size_t i = f.find('{'); i != std::string::npos; i = f.find('{', from)) {
            out.append(f, from, i - from);
            const std::size_t end = f.find('}', i);
            const std::string_view key =
                std::string_view(f).substr(i + 1, end == std::string::npos ? end : end - i - 1);
            auto it = cells_.rows.find(key);
            if (end == std::string::npos || it == cells_.rows.end()) {
                throw std::logic_error("workbook: formula refers to unknown item {" +
                                       std::string(key) + "}");
            }
            out += xlsx::cell(it->second, kValue);
            from = end + 1;
        }
        out.append(f, from);
        return out;
    }

    xlsx::Book& book_;
    xlsx::Sheet& sheet_;
    DesignCells& cells_;
    const DesignContext& x_;
    double value_width_;
    double how_width_;
    int row_ = kHeaderRow + 1;
};

double count(std::int64_t n) {
    return static_cast<double>(n);
}

/// The note beside a model's name: its catalog id, which the Assumptions
/// sheet lists its figures under.
std::string from_catalog(const std::string& id) {
    return "catalog id " + id + "; figures on Assumptions";
}

/// Storage leaves: the links from the top tier to the customer's fabric, at
/// the uplink speed, carrying the client ports 1:1 (docs/model.md §8);
/// converged: none.
Item client_uplinks_item(const DesignContext& x, bool modes) {
    return mapped(x, modes ? "client_uplinks_modes" : "client_uplinks", "Uplinks to your fabric",
                  Num::integer,
                  "storage leaves: the client ports' line rate at the uplink speed, on the top "
                  "tier's ports; converged: none (the client ports are on your fabric)",
                  "client_uplinks");
}

/// A leaf of the storage fabric (docs/model.md §8): its device ports at the
/// devices' speed, its uplinks, and the links to the customer's fabric.
std::vector<Item> leaf_items(const DesignContext& x, const Fabric& fab) {
    const Design& d = x.d;
    const SwitchModel& sw = *x.catalog.network_switch(d.switch_model);
    const LeafPlan& leaf = fab.leaf;
    const bool modes = !sw.port_modes.empty();
    std::vector<Item> items;
    if (modes) {
        const Throughput fastest =
            device_port_speed(*x.catalog.cnode(d.cnode_model), *x.catalog.dbox(d.dbox_model),
                              d.constraints.client_network);
        items.push_back(Item::value("leaf_Gbps", "Leaf device-port speed (Gbps)",
                                    in(leaf.port_speed, units::Gbps), Num::integer,
                                    "the slowest port mode at least as fast as the devices' "
                                    "fastest port (" +
                                        format_in(fastest, units::Gbps, 0) +
                                        "); port modes on Assumptions"));
        items.push_back(Item::value("leaf_ports", "Leaf ports at that speed", leaf.device_ports,
                                    Num::integer, "the switch's ports in that port mode"));
    }
    const std::string variant = modes ? "_modes" : "";
    items.push_back(mapped(x, "uplink_ports" + variant, "Ports at the uplink speed (spine radix)",
                           Num::integer, "from the switch model", "uplink_ports"));
    items.push_back(mapped(x, "down" + variant, "Device ports per leaf", Num::integer,
                           "leaf ports x the share facing devices, rounded down", "down"));
    items.push_back(mapped(x, "uplinks" + variant, "Uplinks per leaf", Num::integer,
                           "as many uplinks as carry the device ports (1:1), within the ports left",
                           "uplinks"));
    items.push_back(client_uplinks_item(x, modes));
    return items;
}

/// The storage fabric of docs/model.md §8: the leaves, then leaves, tiers,
/// spines and super-spines.
std::vector<Item> fabric_items(const DesignContext& x) {
    const Design& d = x.d;
    const Fabric fab = plan_fabric(
        *x.catalog.cnode(d.cnode_model), d.cnodes, *x.catalog.dbox(d.dbox_model), d.dboxes,
        *x.catalog.network_switch(d.switch_model), d.constraints.client_network);
    std::vector<Item> items = leaf_items(x, fab);
    items.push_back(mapped(x, "leaves", "Leaf switches", Num::integer,
                           "device ports / device ports per leaf, rounded up; at least 2"));
    items.push_back(mapped(x, "tiers", "Fabric tiers", Num::integer,
                           "1: one leaf pair holds every port and the uplinks to your fabric; 2: "
                           "a spine port per leaf; 3: pods under super-spines"));
    items.push_back(mapped(x, "pods", "Leaf/spine pods", Num::integer,
                           "three tiers: at most half a spine's ports face leaves"));
    items.push_back(mapped(x, "pod_spines", "Spines per pod", Num::integer,
                           "enough spine ports for every leaf's uplinks (in two tiers, and the "
                           "uplinks to your fabric), a count dividing the uplinks evenly"));
    items.push_back(mapped(x, "spines", "Spine switches", Num::integer, "pods x spines per pod"));
    items.push_back(mapped(x, "plane_supers", "Super-spines per spine plane", Num::integer,
                           "three tiers: one plane per spine position, dividing a spine's uplinks "
                           "evenly; the planes share the uplinks to your fabric"));
    items.push_back(mapped(x, "super_spines", "Super-spine switches", Num::integer,
                           "spines per pod x super-spines per plane"));
    items.push_back(mapped(x, "switches", "Switches (all tiers)", Num::integer,
                           "leaves + spines + super-spines"));
    return items;
}

/// The GPU side of the fabric (docs/model.md §8): the C-nodes' client ports
/// The How column of a count (docs/model.md §5): what set it, and what
/// each requirement alone would need; the counts stay inputs.
std::string sized_note(const Design& d, MetricId id) {
    const std::string why = metric(id).cell(d, false);
    return why == "n/a" ? "sized by podsizer; an input here" : "set by " + why + "; an input here";
}

/// against what the GPUs' storage NICs can ask.
std::vector<Item> gpu_side_items(const DesignContext& x) {
    const Design& d = x.d;
    std::vector<Item> items;
    items.push_back(mapped(x, "gpu_uplink_Tbps", "C-node client ports towards the GPUs (Tbps)",
                           Num::precise, "C-nodes x client ports x port speed"));
    if (d.requirements.gpu_storage_network.base() > 0.0) {
        items.push_back(Item::value("gpu_storage_Tbps", "GPUs' storage NICs (Tbps)",
                                    in(d.requirements.gpu_storage_network, units::Tbps),
                                    Num::precise,
                                    "GPU nodes x the platform's storage network per node"));
    }
    return items;
}

Section bill_of_materials(const DesignContext& x) {
    const Design& d = x.d;
    const double C = count(d.cnodes);
    const double D = count(d.dboxes);
    std::vector<Item> items{
        Item::text("cnode_model", "C-node model", d.cnode_shown(), from_catalog(d.cnode_model)),
        Item::text("dbox_model", "D-box model", d.dbox_shown(), from_catalog(d.dbox_model)),
        Item::text("switch_model", "Switch model", d.switch_shown(), from_catalog(d.switch_model)),
        Item::text("rack_model", "Rack model", d.rack_shown(), from_catalog(d.rack_model)),
        Item::input("cnodes", "C-nodes", C, Num::integer, sized_note(d, MetricId::cnodes_sized_by)),
        Item::input("dboxes", "D-boxes", D, Num::integer, sized_note(d, MetricId::dboxes_sized_by)),
        Item::input("drive_TB", "Drive size (TB)", in(d.drive_size, units::TB), Num::precise,
                    "one of the D-box's drive options"),
        mapped(x, "drives", "Drives per D-box", Num::integer, "from the D-box model"),
        mapped(x, "cd", "C:D ratio (C-nodes per D-box)", Num::text, "C-nodes / D-boxes"),
        Item::text("client_network", "Client network",
                   std::string(to_string(d.constraints.client_network)),
                   "where the C-nodes' client ports land: storage-leaves (on the storage "
                   "leaves) or converged (on your fabric, not counted here)"),
        mapped(x, "ports", "Device network ports", Num::integer,
               "C-nodes x (client ports on storage leaves + backend ports) + D-boxes x backend "
               "ports")};
    for (std::vector<Item> more : {fabric_items(x), gpu_side_items(x)}) {
        items.insert(items.end(), std::make_move_iterator(more.begin()),
                     std::make_move_iterator(more.end()));
    }
    return {"Bill of materials", std::move(items)};
}

/// The caps of the stripe width (formula_map.def, `stripe_width`) the rule's
/// fields set, over its figures on Assumptions; the legacy step cap only
/// where the rule has steps.
std::string stripe_caps(const DesignContext& x) {
    const DBoxModel* box = x.catalog.dbox(x.d.dbox_model);
    const ErasureCodingRule* ec = box != nullptr ? x.catalog.ec_rule(box->erasure_coding) : nullptr;
    std::string f;
    if (ec != nullptr && ec->strips_per_dbox > 0) {
        f += ",IF({layout}=\"classic\",1E9," + x.ec("strips_per_dbox") + "*{dboxes})";
    }
    if (ec != nullptr && ec->strips_per_rack > 0) {
        f +=
            ",IF({layout}=\"rack-resilient\"," + x.ec("strips_per_rack") + "*MAX(1,{domains}),1E9)";
    }
    if (ec != nullptr && !ec->steps.empty()) {
        f += ",LOOKUP({dboxes}," + x.ec("steps_from") + "," + x.ec("steps_data") +
             ")+{parity_strips}";
    }
    return f;
}

Section capacity(const DesignContext& x) {
    const Design& d = x.d;
    return {
        "Capacity",
        {mapped(x, "raw_PB", "Raw capacity (PB)", Num::one, "D-boxes x drives x drive size"),
         Item::text("layout", "Erasure-coding layout", std::string(to_string(d.ec_layout)),
                    d.ec_layout_auto ? "chosen automatically: dbox-ha where it costs no "
                                       "capacity, else classic"
                                     : "asked for by the scenario; classic, dbox-ha or "
                                       "rack-resilient"),
         Item::value("domains", "Racks holding D-boxes", count(d.failure_domains), Num::integer,
                     "from the rack layout (Racks sheet): the failure domains"),
         mapped(x, "parity_strips", "Parity strips per stripe", Num::integer,
                "from the erasure-coding rule"),
         mapped(x, "stripe_width", "Stripe width (data + parity)", Num::integer,
                "the widest stripe; classic: SSDs less the excluded ones; dbox-ha: "
                "also strips per D-box x D-boxes; rack-resilient: also strips per "
                "rack x racks",
                {}, stripe_caps(x)),
         mapped(x, "data_strips", "Data strips per stripe", Num::integer, "width - parity"),
         mapped(x, "ec_efficiency", "Stripe efficiency (%)", Num::percent,
                "data / (data + parity)"),
         mapped(x, "reserve", "Reserve (%)", Num::percent, "held back on top of erasure coding"),
         mapped(x, "usable_PB", "Usable capacity (PB)", Num::one,
                "raw x efficiency x (1 - reserve)"),
         mapped(x, "usable_PiB", "Usable capacity (PiB)", Num::one, "1 PiB = 2^50 bytes"),
         mapped(x, "data_reduction", "Data-reduction ratio (what-if)", Num::two,
                "1 = none; capacity is quoted without reduction"),
         mapped(x, "effective_PB", "Effective capacity, what-if (PB)", Num::one,
                "usable x data-reduction ratio (not a guarantee)"),
         mapped(x, "strips_per_dbox", "Most strips of a stripe on one D-box", Num::integer,
                "classic: up to the D-box's drives; otherwise the layout's cap"),
         mapped(x, "strips_per_rack", "Most strips of a stripe in one rack", Num::integer,
                "strips per D-box x D-boxes in the fullest rack; rack-resilient: its cap"),
         mapped(x, "layout_ok", "Layout's rules met (1 = yes)", Num::integer,
                "narrowest stripe; dbox-ha and rack-resilient: enough D-boxes; "
                "rack-resilient: enough racks"),
         mapped(x, "tolerates_dbox_loss", "Survives losing a D-box", Num::text,
                "strips on one D-box <= parity"),
         mapped(x, "tolerates_rack_loss", "Survives losing a rack", Num::text,
                "strips in one rack <= parity")}};
}

Section throughput(const DesignContext& x) {
    const std::string balanced = "balanced when frontend and backend are within 3 %";
    const std::string per_tb = "1 TB/s = 1,000 GB/s";
    const std::string bits = "bits: 1 GB/s = 8 Gbps";
    return {"Throughput",
            {mapped(x, "cnode_line_GBps", "C-node ports carry (GB/s, 0: not known)", Num::one,
                    "the fewer of client and backend ports x speed, in bytes"),
             mapped(x, "dbox_line_GBps", "D-box ports carry (GB/s, 0: not known)", Num::one,
                    "backend ports x speed, in bytes"),
             mapped(x, "front_read", "Frontend read (GB/s)", Num::one,
                    "C-nodes x read per C-node, at most what its ports carry"),
             mapped(x, "front_write", "Frontend write (GB/s)", Num::one,
                    "C-nodes x write per C-node, at most what its ports carry"),
             mapped(x, "back_read", "Backend read (GB/s)", Num::one,
                    "D-boxes x backend read per D-box, at most what its ports carry"),
             mapped(x, "back_write", "Backend write (GB/s)", Num::one,
                    "D-boxes x backend write per D-box, at most what its ports carry"),
             mapped(x, "read_GBps", "Delivered read (GB/s)", Num::one,
                    "the smaller of frontend and backend"),
             mapped(x, "write_GBps", "Delivered write (GB/s)", Num::one,
                    "the smaller of frontend and backend"),
             mapped(x, "read_TBps", "Delivered read (TB/s)", Num::two, per_tb),
             mapped(x, "write_TBps", "Delivered write (TB/s)", Num::two, per_tb),
             mapped(x, "read_Tbps", "Delivered read (Tbps)", Num::one, bits),
             mapped(x, "write_Tbps", "Delivered write (Tbps)", Num::one, bits),
             mapped(x, "client_port_headroom", "Client-port headroom (x)", Num::times,
                    "C-node client ports / delivered read; above 1 the ports are not the limit"),
             mapped(x, "read_bottleneck", "Read bottleneck", Num::text, balanced),
             mapped(x, "write_bottleneck", "Write bottleneck", Num::text, balanced),
             mapped(x, "saturation", "C-nodes one D-box keeps busy", Num::two,
                    "backend per D-box / per C-node, the smaller of read, write"),
             mapped(x, "knee", "Knee (C-nodes)", Num::integer,
                    "past this many C-nodes the D-boxes are the limit")}};
}

/// The racks podsizer's layout gives, and what rests on them. The layout is
/// no formula, so the rack count is at least it and both bounds above: a
/// workbook edit that needs more racks for space or power shows more
/// (REVIEW-3 part B #7). With no device fitting the rack (Design::racks_fit
/// false) every figure is n/a, as the CLI prints it (REDTEAM-3 #14).
std::vector<Item> layout_items(const DesignContext& x) {
    const Design& d = x.d;
    if (!d.racks_fit) {
        const std::string why = "no single device fits the rack (a finding says which)";
        return {Item::text("racks", "Racks", "n/a", why),
                Item::text("rack_use_U", "Space used of the racks (%)", "n/a", why),
                Item::text("cooling", "Cooling (fullest rack)", "n/a", why)};
    }
    std::vector<Item> planned;
    if (d.planning_basis() != d.constraints.power_basis) {
        // The count the data centre plans on (docs/model.md §10, "The lead
        // rack figure"): podsizer's racks on maximum draw, at least both
        // bounds on that draw, so an edit that needs more shows more.
        planned.push_back(mapped(x, "racks_planned", "Racks to plan for (max draw)", Num::integer,
                                 "podsizer's racks on maximum draw; at least the racks for space "
                                 "and for maximum draw's power"));
    }
    std::vector<Item> out = planned;
    std::vector<Item> rest = {
        Item::value("racks_layout", "Racks (rack layout, as sized)", count(d.racks), Num::integer,
                    "podsizer's layout (Racks sheet): at least both bounds above, more when "
                    "whole devices do not pack; re-run podsizer after changing counts"),
        mapped(x, "racks",
               std::string(d.constraints.power_basis == PowerBasis::max ? "Racks (max draw"
                                                                        : "Racks (typical draw") +
                   ": at least the layout and both bounds)",
               Num::integer, "the larger of the layout and the racks for space, power"),
        mapped(x, "rack_use_U", "Space used of the racks (%)", Num::percent,
               "U / (racks x usable U)"),
        Item::value("rack_peak_kW", "Fullest rack on the basis (kW)", in(d.rack_peak, units::kW),
                    Num::one, "podsizer's layout (Racks sheet)"),
        Item::text("cooling", "Cooling (fullest rack)", std::string(cooling_label(d.cooling)),
                   "air to 20 kW, containment or rear door to 40 kW, liquid above")};
    out.insert(out.end(), std::make_move_iterator(rest.begin()),
               std::make_move_iterator(rest.end()));
    return out;
}

Section racks_and_power(const DesignContext& x) {
    const Design& d = x.d;
    const bool override_power = x.s != nullptr && x.s->constraints.rack_power.has_value();
    Section out{
        "Racks and power",
        {mapped(x, "device_U", "Storage devices (U)", Num::integer,
                "C-nodes and D-boxes x their height"),
         mapped(x, "switch_U", "Switches (U)", Num::integer, "switches x height"),
         mapped(x, "total_U", "With switches (U)", Num::integer, "devices + switches"),
         mapped(x, "power_kW", "Power (kW)", Num::one, "typical draw of every device"),
         mapped(x, "max_power_kW", "Max power (kW)", Num::one, "maximum draw of every device"),
         Item::text("power_basis", "Rack power basis",
                    std::string(to_string(d.constraints.power_basis)),
                    "constraints.power_basis: the draw racks are checked on"),
         mapped(x, "basis_kW", "Power on the basis (kW)", Num::one,
                "typical or maximum, by the basis"),
         mapped(x, "facility_kW", "Facility power (kW)", Num::one, "power on the basis x PUE"),
         mapped(x, "rack_usable_U", "Usable space per rack (U)", Num::integer,
                "from the rack model"),
         mapped(x, override_power ? "rack_budget_kW_scenario" : "rack_budget_kW",
                "Power budget per rack (kW)", Num::precise,
                override_power ? "from the scenario (overrides the rack model)"
                               : "from the rack model",
                "rack_budget_kW"),
         mapped(x, "rack_derate", "Rack budget derating", Num::two,
                "share of the budget the devices may draw"),
         mapped(x, "rack_limit_kW", "Power allowed per rack (kW)", Num::precise,
                "budget x derating"),
         mapped(x, "racks_space", "Racks needed for space", Num::integer,
                "U / usable U per rack, rounded up"),
         mapped(x, "racks_power", "Racks needed for power", Num::integer,
                "kW on the basis / allowed per rack, rounded up")}};
    std::vector<Item> more = layout_items(x);
    out.items.insert(out.items.end(), std::make_move_iterator(more.begin()),
                     std::make_move_iterator(more.end()));
    return out;
}

Section density(const DesignContext& x) {
    const Design& d = x.d;
    Section out{"Density", {}};
    const std::string na = "no single device fits the rack: no racks to divide by";
    out.items.push_back(
        d.racks_fit ? mapped(x, "pb_per_rack", "Usable PB per rack", Num::two, "usable / racks")
                    : Item::text("pb_per_rack", "Usable PB per rack", "n/a", na));
    out.items.push_back(mapped(x, "pb_per_kw", "Usable PB per kW", Num::three, "usable / power"));
    out.items.push_back(
        mapped(x, "read_per_kw", "Read GB/s per kW", Num::one, "delivered read / power"));
    out.items.push_back(d.racks_fit ? mapped(x, "read_per_rack", "Read GB/s per rack", Num::one,
                                             "delivered read / racks")
                                    : Item::text("read_per_rack", "Read GB/s per rack", "n/a", na));
    return out;
}

/// Whether the counts and the drive are still what podsizer sized: the
/// layout, the verdict and the findings are not formulas, so an edit makes
/// them stale, and the verdict (here, on the Summary and the Slide) says so
/// (REVIEW-3 part B #7).
Item as_sized(const DesignContext& x) {
    const Design& d = x.d;
    return mapped(x, "as_sized", "Counts and drive as sized", Num::text,
                  "C-nodes " + format_number(count(d.cnodes), 0) + ", D-boxes " +
                      format_number(count(d.dboxes), 0) + ", drive " +
                      format_shortest(in(d.drive_size, units::TB)) +
                      " TB; after an edit the rack layout, the verdict and the findings are as "
                      "sized: re-run podsizer");
}

Section verdict(const DesignContext& x) {
    // docs/model.md §15: the verdict's words and each check, as every output
    // prints them.
    const Design& d = x.d;
    Section out{
        "Verdict and findings",
        {as_sized(x), mapped(x, "feasible", "Verdict", Num::text, verdict_sentence(d.verdict, d))}};
    for (const Check& c : d.verdict.checks) {
        if (c.result == CheckResult::not_applicable) {
            continue;
        }
        out.items.push_back(Item::text("", "Check: " + std::string(to_string(c.kind)),
                                       std::string(to_string(c.result)), check_text(c)));
    }
    if (d.findings.empty()) {
        out.items.push_back(Item::text("", "Findings", "none", ""));
    }
    for (const Finding& f : d.findings) {
        out.items.push_back(Item::text(
            "", std::string(to_string(f.severity())) + ": " + std::string(to_string(f.code)), "",
            f.message()));
        out.items.back().span = true;
    }
    return out;
}

/// Title, notes and the table's header.
void heading(xlsx::Book& book, xlsx::Sheet& sheet, const Design& d) {
    sheet.titles(d.name,
                 {"Blue cells are inputs (here and on the Assumptions sheet): change one and every "
                  "formula below follows.",
                  "Grey italic figures come from podsizer's rack layout, which is not a formula: "
                  "re-run podsizer after changing counts or models."});
    sheet.text(kHeaderRow, kLabel, "Item (unit)", book.header_left());
    sheet.text(kHeaderRow, kValue, "Value", book.header());
    sheet.text(kHeaderRow, kHow, "How it is computed", book.header_left());
}

} // namespace

std::string DesignCells::ref(const std::string& key) const {
    if (auto there = linked.find(key); there != linked.end()) {
        return there->second;
    }
    auto it = rows.find(key);
    if (it == rows.end()) {
        throw std::logic_error("workbook: design sheet has no item " + key);
    }
    return xlsx::ref(sheet, it->second, kValueCol);
}

Item Item::input(std::string key, std::string label, double v, Num num, std::string how) {
    return {Kind::input, std::move(key), std::move(label), "", v, "", num, std::move(how)};
}

Item Item::value(std::string key, std::string label, double v, Num num, std::string how) {
    return {Kind::value, std::move(key), std::move(label), "", v, "", num, std::move(how)};
}

Item Item::text(std::string key, std::string label, std::string v, std::string how) {
    return {Kind::text, std::move(key), std::move(label), "",
            0.0,        std::move(v),   Num::text,        std::move(how)};
}

/// A design-sheet placeholder of the formula map but {item} (formula_map.def):
/// a defined name on Assumptions, a sized figure as a number, or the slack.
std::string design_placeholder(const DesignContext& x, std::string_view name) {
    const Design& d = x.d;
    const std::size_t colon = name.find(':');
    const std::string_view kind = name.substr(0, colon);
    const std::string field(name.substr(colon + 1));
    if (name == "slack") {
        return kSlackText;
    }
    if (name == "rows") { // the candidates a divisor search tries
        const Fabric fab = plan_fabric(
            *x.catalog.cnode(d.cnode_model), d.cnodes, *x.catalog.dbox(d.dbox_model), d.dboxes,
            *x.catalog.network_switch(d.switch_model), d.constraints.client_network);
        return fmt::format("{}", std::max(1024, fab.leaf.uplink_ports));
    }
    if (kind == "design") {
        return field == "cnodes"         ? format_shortest(count(d.cnodes))
               : field == "dboxes"       ? format_shortest(count(d.dboxes))
               : field == "drive_TB"     ? format_shortest(in(d.drive_size, units::TB))
               : field == "racks_on_max" ? fmt::format("{}", d.racks_on_max)
                                         : verdict_cell_text(d.verdict);
    }
    if (kind == "ec") {
        return x.ec(field);
    }
    if (kind == "scenario") {
        return x.scenario(field);
    }
    if (kind == "platform") {
        return x.a.name("platform", x.platform(), field);
    }
    if (kind == "checkpoints") {
        return x.checkpoints.of(x.entry.index).plan_write_ref;
    }
    const std::string_view kinds[] = {"cn", "db", "sw", "rk"};
    const std::string* models[] = {&d.cnode_model, &d.dbox_model, &d.switch_model, &d.rack_model};
    const char* catalog_kinds[] = {"cnode", "dbox", "switch", "rack"};
    for (std::size_t i = 0; i < std::size(kinds); ++i) {
        if (kind == kinds[i]) {
            return x.a.name(catalog_kinds[i], *models[i], field);
        }
    }
    throw std::logic_error("workbook: no design-sheet placeholder {" + std::string(name) + "}");
}

Item mapped(const DesignContext& x, std::string_view id, std::string label, Num num,
            std::string how, std::string key, std::string_view need) {
    const FormulaRow& row = formula_row(id);
    // All but the {item} placeholders now; those when Items writes the item.
    // {need}: an expression the scenario's shape composes (the requirement);
    // {caps}: the stripe width's caps the rule's fields set (stripe_caps).
    std::string f = fill_formula(row.templ, [&](std::string_view name) -> std::string {
        if (name == "need" || name == "caps") {
            return std::string(need);
        }
        const bool item =
            name.find(':') == std::string_view::npos && name != "slack" && name != "rows";
        return item ? "{" + std::string(name) + "}" : design_placeholder(x, name);
    });
    const FigureSource s{x.d, x.catalog};
    std::string k = key.empty() ? std::string(id) : std::move(key);
    const bool text = row.text != nullptr;
    return {text ? Item::Kind::text_formula
                 : (row.array ? Item::Kind::array_formula : Item::Kind::formula),
            std::move(k),
            std::move(label),
            std::move(f),
            text ? 0.0 : row.number(s),
            text ? row.text(s) : "",
            text ? Num::text : num,
            std::move(how),
            false,
            &row};
}

bool has_item(const std::vector<Item>& items, const std::string& key) {
    return std::any_of(items.begin(), items.end(), [&](const Item& i) { return i.key == key; });
}

std::string DesignContext::ec(const std::string& field) const {
    const DBoxModel* box = catalog.dbox(d.dbox_model);
    return a.name("ec", box != nullptr ? box->erasure_coding : std::string(), field);
}

DesignCells write_design_sheet(xlsx::Book& book, xlsx::Sheet& sheet, const DesignEntry& entry,
                               const Assumptions& a, const WorkbookInput& input,
                               const CheckpointCells& checkpoints) {
    const Design& d = *entry.design;
    DesignCells cells;
    cells.sheet = sheet.name();
    sheet.compact_rows();
    heading(book, sheet, d);
    const DesignContext x{d, entry, a, *input.catalog, input.scenario, checkpoints};
    const double value_col = value_width(d);
    const double how_col = std::max(56.0, kHowWidth - (value_col - kValueWidth));
    Items it(book, sheet, cells, x, value_col, how_col);
    for (const Section& section :
         {bill_of_materials(x), capacity(x), throughput(x), racks_and_power(x), density(x),
          requirement_section(x), verdict(x)}) {
        it.write(section);
    }
    sheet.column_widths(
        {{kLabel, kLabel, kLabelWidth}, {kValue, kValue, value_col}, {kHow, kHow, how_col}});
    sheet.freeze(kHeaderRow + 1, 0);
    sheet.portrait();
    sheet.print_setup(kHeaderRow);
    return cells;
}

} // namespace podsizer::wb
