#include "podsizer/core/engine.hpp"

#include "design_findings.hpp"
#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/core/degraded_throughput.hpp"
#include "podsizer/core/erasure_coding.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/network.hpp"
#include "podsizer/core/rack_layout.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/core/sized_by.hpp"
#include "podsizer/core/sizing_detail.hpp"
#include "podsizer/core/text.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace podsizer {

namespace {

// Designs beyond this many devices are not laid out rack by rack; they are
// reported with an error finding instead. A layout takes ~160 bytes per
// device, and a scenario may hold 100 options: 100,000 keeps the worst
// scenario near 1.6 GB and a few seconds (it was 5,000,000: 800 MB and a
// second per design; docs/robustness.md). The largest real pods have a few
// thousand devices.
constexpr std::int64_t kMaxDevices = kMostDevicesLaidOut;
// Delivered within this fraction of each other counts as balanced.
constexpr double kBalancedWithin = 0.03;
} // namespace

Throughput cnode_read(const HardwareChoice& ch) {
    return line_capped(ch.cnode->read, cnode_line_rate(*ch.cnode));
}
Throughput cnode_write(const HardwareChoice& ch) {
    return line_capped(ch.cnode->write, cnode_line_rate(*ch.cnode));
}
Throughput dbox_read(const HardwareChoice& ch) {
    return line_capped(ch.dbox->backend_read, dbox_line_rate(*ch.dbox));
}
Throughput dbox_write(const HardwareChoice& ch) {
    return line_capped(ch.dbox->backend_write, dbox_line_rate(*ch.dbox));
}

DeliveredRates delivered_rates(const HardwareChoice& hw, std::int64_t cnodes, std::int64_t dboxes) {
    const auto C = static_cast<double>(cnodes);
    const auto D = static_cast<double>(dboxes);
    return {cnode_read(hw) * C, cnode_write(hw) * C, dbox_read(hw) * D, dbox_write(hw) * D};
}

double saturation(const HardwareChoice& ch) {
    // C-nodes one D-box can keep busy: the smaller of read and write, since
    // past either knee more C-nodes stop adding that direction's throughput.
    const double r = dbox_read(ch) / cnode_read(ch);
    const double w = dbox_write(ch) / cnode_write(ch);
    return std::min(r, w);
}

namespace {

Bottleneck bottleneck_of(Throughput front, Throughput back) {
    const double hi = std::max(front.base(), back.base());
    if (hi <= 0.0 || std::abs(front.base() - back.base()) <= kBalancedWithin * hi) {
        return Bottleneck::balanced;
    }
    return front < back ? Bottleneck::frontend : Bottleneck::backend;
}

/// The model the catalog found for `id`; InputError naming `where` when it found none.
template <class Model>
const Model& require(const Model* found, const std::string& where, std::string_view what,
                     const std::string& id) {
    if (found == nullptr) {
        throw InputError(where, fmt::format("unknown {} model \"{}\"", what, id));
    }
    return *found;
}

/// The drive option of `box` matching `wanted`, which may be given as the
/// drive size (61.44 TB) or as the box's raw capacity (1,351.7 TB); 1 % slack
/// because people round ("1,352 TB"). nullopt when the box offers none.
std::optional<Capacity> drive_matches(const DBoxModel& box, Capacity wanted) {
    for (Capacity size : box.drive_sizes) {
        if (std::abs(size / wanted - 1.0) <= 0.01 ||
            std::abs(box.raw(size) / wanted - 1.0) <= 0.01) {
            return size;
        }
    }
    return std::nullopt;
}

/// drive_matches, or the box's default drive when none is wanted; InputError
/// naming `where` when the box does not offer it.
Capacity resolve_drive(const DBoxModel& box, std::optional<Capacity> wanted,
                       const std::string& where) {
    if (!wanted) {
        return box.default_drive;
    }
    if (const std::optional<Capacity> size = drive_matches(box, *wanted)) {
        return *size;
    }
    std::string options;
    for (Capacity size : box.drive_sizes) {
        options += (options.empty() ? "" : ", ") + format_in(size, units::TB, 2) + " (" +
                   format_in(box.raw(size), units::TB, 1) + " raw per box)";
    }
    throw InputError(where, "drive size " + format_in(*wanted, units::TB, 2) +
                                " is not an option of " + box.id + "; expected one of " + options);
}

HardwareChoice resolve_common(const Catalog& cat, const std::string& switch_id,
                              const std::string& rack_id) {
    HardwareChoice ch;
    ch.assumptions = &cat.assumptions;
    const std::string sw = switch_id.empty() ? cat.defaults.network_switch : switch_id;
    ch.network_switch = &require(cat.network_switch(sw), "switch", "switch", sw);
    const std::string rk = rack_id.empty() ? cat.defaults.rack : rack_id;
    ch.rack = &require(cat.rack(rk), "rack", "rack", rk);
    return ch;
}

void set_ec(HardwareChoice& ch, const Catalog& cat) {
    ch.ec = cat.ec_rule(ch.dbox->erasure_coding);
    if (ch.ec == nullptr) {
        throw InputError(ch.dbox->id, "D-box refers to unknown erasure-coding rule \"" +
                                          ch.dbox->erasure_coding + "\"");
    }
}

} // namespace

namespace {

/// The automatic layout (docs/model.md §6): the most resilient valid layout
/// (rack-resilient, then dbox-ha, then classic) whose stripe efficiency, and
/// so usable capacity, is within the threshold of the widest valid layout's,
/// and that still meets the capacity need when the widest does. Sets `widest`
/// and `cost` (the share of the widest's capacity given up).
Stripe automatic_stripe(const HardwareChoice& ch, const DBoxPlacement& at, double threshold,
                        Capacity need, std::int64_t dboxes, EcLayout& widest, double& cost) {
    constexpr EcLayout kByResilience[] = {EcLayout::rack_resilient, EcLayout::dbox_ha,
                                          EcLayout::classic};
    const auto usable = [&](const Stripe& s) {
        return usable_capacity(*ch.dbox, ch.drive, dboxes, *ch.ec, s);
    };
    Stripe best = stripe_for(*ch.ec, EcLayout::classic, at);
    for (EcLayout l : kByResilience) {
        const Stripe s = stripe_for(*ch.ec, l, at);
        if (s.valid && s.efficiency() > best.efficiency()) {
            best = s;
        }
    }
    widest = best.layout;
    const bool best_meets = need.base() <= 0.0 || meets(usable(best).base(), need.base());
    for (EcLayout l : kByResilience) {
        Stripe s = stripe_for(*ch.ec, l, at);
        const bool near = s.efficiency() >= best.efficiency() * (1.0 - threshold) - 1e-12;
        const bool meets_need = !best_meets || meets(usable(s).base(), need.base());
        if (s.valid && near && meets_need) {
            s.automatic = true;
            cost = best.efficiency() > 0.0 ? 1.0 - s.efficiency() / best.efficiency() : 0.0;
            return s;
        }
    }
    best.automatic = true;
    cost = 0.0;
    return best;
}

/// The outage the layout must tolerate (docs/model.md §15): the scenario's
/// availability, else the vendor's default layout rule, and at least the
/// state the design is sized for. VAST makes DBox-HA "the default data layout
/// for larger VAST clusters" and leaves it off where its efficiency cost is
/// significant (support article 5713781959836): one D-box where a DBox-HA
/// stripe is valid at this D-box count within the automatic layout's
/// threshold of the widest valid stripe (and meets the capacity need when
/// the widest does): the automatic rule's own test, none otherwise. A
/// rack-resilient default is not asked for: rack loss is the customer's call.
Outage availability_need(const HardwareChoice& ch, const DBoxPlacement& at, const Constraints& cons,
                         Capacity need_capacity, std::int64_t dboxes, const Stripe& built) {
    Outage need = Outage::none;
    if (cons.availability) {
        need = *cons.availability;
    } else if (built.automatic) {
        // The automatic rule built this stripe: the same test, already made.
        need = built.tolerates_dbox_loss || built.tolerates_rack_loss ? Outage::dbox : Outage::none;
    } else {
        // What the automatic rule would build here tolerates exactly what
        // the vendor's default does (the same threshold and capacity test).
        EcLayout widest = EcLayout::classic;
        double cost = 0.0;
        const Stripe st = automatic_stripe(ch, at, cons.auto_layout_threshold, need_capacity,
                                           dboxes, widest, cost);
        need = st.tolerates_dbox_loss || st.tolerates_rack_loss ? Outage::dbox : Outage::none;
    }
    const Outage implied = cons.size_for == SizeFor::rack_down   ? Outage::rack
                           : cons.size_for == SizeFor::dbox_down ? Outage::dbox
                                                                 : Outage::none;
    return std::max(need, implied);
}

/// Capacity and failure domains (docs/model.md §6), once the racks are
/// known: a rack-resilient stripe is as wide as the racks allow.
void size_capacity(Design& d, const HardwareChoice& ch, const Constraints& cons,
                   double data_reduction, Capacity need) {
    DBoxPlacement at{d.dboxes, ch.dbox->drives, 0, 0};
    if (!d.layout.empty()) {
        for (const Rack& r : d.layout) {
            if (r.dboxes > 0) {
                ++at.domains;
                at.most_in_a_rack = std::max<std::int64_t>(at.most_in_a_rack, r.dboxes);
            }
        }
    } else if (d.dboxes > 0) {
        // Counted, not laid out: the planner spreads D-boxes evenly.
        at.domains = std::min(std::max<std::int64_t>(d.racks, 1), d.dboxes);
        at.most_in_a_rack = (d.dboxes + at.domains - 1) / at.domains;
    }
    const Stripe st = cons.effective_layout() == EcLayout::automatic
                          ? automatic_stripe(ch, at, cons.auto_layout_threshold, need, d.dboxes,
                                             d.ec_layout_widest, d.ec_layout_cost)
                          : stripe_for(*ch.ec, cons.effective_layout(), at);
    d.ec_layout = st.layout;
    d.ec_layout_auto = st.automatic;
    d.data_strips = st.data;
    d.parity_strips = st.parity;
    d.ec_efficiency = st.efficiency();
    d.reserve = ch.ec->reserve;
    d.failure_domains = at.domains;
    d.strips_per_dbox = st.strips_per_dbox;
    d.strips_per_rack = st.strips_per_rack;
    d.tolerates_dbox_loss = st.tolerates_dbox_loss;
    d.tolerates_rack_loss = st.tolerates_rack_loss;
    d.availability_need = availability_need(ch, at, cons, need, d.dboxes, st);
    d.raw = ch.dbox->raw(ch.drive) * static_cast<double>(d.dboxes);
    d.usable = usable_capacity(*ch.dbox, ch.drive, d.dboxes, *ch.ec, st);
    d.data_reduction = data_reduction;
    d.effective = d.usable * data_reduction;
}

/// Throughput (docs/model.md §7): delivered = min(frontend, backend).
void size_throughput(Design& d, const HardwareChoice& ch, const Requirements& req) {
    const DeliveredRates r = delivered_rates(ch, d.cnodes, d.dboxes);
    d.frontend_read = r.frontend_read;
    d.frontend_write = r.frontend_write;
    d.backend_read = r.backend_read;
    d.backend_write = r.backend_write;
    d.read = r.read();
    d.write = r.write();
    d.read_bottleneck = bottleneck_of(d.frontend_read, d.backend_read);
    d.write_bottleneck = bottleneck_of(d.frontend_write, d.backend_write);
    d.saturation = saturation(ch);
    d.knee_cnodes = knee_cnodes(d.dboxes, d.saturation);
    d.checkpoints = checkpoints_on_design(req.checkpoints, d.write);
}

/// Network, rack space and power (docs/model.md §8-§10).
void size_network_and_power(Design& d, const HardwareChoice& ch, const Constraints& cons) {
    const auto Cd = static_cast<double>(d.cnodes);
    const auto Dd = static_cast<double>(d.dboxes);
    const Fabric fabric = plan_fabric(*ch.cnode, d.cnodes, *ch.dbox, d.dboxes, *ch.network_switch,
                                      cons.client_network);
    d.fabric_tiers = fabric.tiers;
    d.leaf_switches = fabric.leaves;
    d.spine_switches = fabric.spines;
    d.super_spine_switches = fabric.super_spines;
    d.gpu_fabric_uplink = gpu_fabric_uplink(*ch.cnode, d.cnodes);
    d.client_uplinks = fabric.client_uplinks;
    d.client_uplink_speed = fabric.client_uplink_speed;
    d.client_ports = saturating_product(d.cnodes, ch.cnode->client_ports);
    d.client_port_speed = ch.cnode->client_port_speed;
    d.device_units = ch.cnode->height * Cd + ch.dbox->height * Dd;
    d.switch_units = ch.network_switch->height * static_cast<double>(d.switches());
    const auto Sd = static_cast<double>(d.switches());
    d.power = ch.cnode->power * Cd + ch.dbox->power * Dd + ch.network_switch->power * Sd;
    d.max_power = max_draw(ch.cnode->power, ch.cnode->max_power) * Cd +
                  max_draw(ch.dbox->power, ch.dbox->max_power) * Dd +
                  max_draw(ch.network_switch->power, ch.network_switch->max_power) * Sd;
    d.rack_usable = ch.rack->usable;
    d.rack_budget = cons.rack_power.value_or(ch.rack->power_budget);
    // docs/model.md §10: the budget is checked on the stated basis, derated
    // for continuous load; the facility draws the IT power times its PUE.
    d.rack_limit = d.rack_budget * cons.rack_derate;
    d.facility_power = d.basis_power() * cons.pue;
}

/// Without a layout the fullest rack is not known: the average stands for it.
void average_rack_power(Design& d) {
    if (d.racks > 0) {
        const auto n = static_cast<double>(d.racks);
        d.rack_peak = d.basis_power() / n;
        d.rack_peak_max = d.max_power / n;
        d.cooling = cooling_class(d.rack_peak);
    }
}

/// Racks (docs/model.md §10): laid out device by device, or only counted
/// when the design is too large to lay out.
void place_in_racks(Design& d, const HardwareChoice& ch, const Constraints& cons,
                    RackDetail detail) {
    const std::int64_t min_racks = cons.effective_layout() == EcLayout::rack_resilient
                                       ? std::max(1, ch.ec->rack_resilience_min_racks)
                                       : 1;
    const std::int64_t devices = d.cnodes + d.dboxes + d.switches();
    if (devices > kMaxDevices) {
        d.racks_for_space = ceil_to_count(d.rack_units().base() / d.rack_usable.base());
        d.racks_for_power = ceil_to_count(d.basis_power() / d.rack_limit);
        d.racks = std::max({d.racks_for_space, d.racks_for_power, min_racks});
        d.racks_on_typical =
            std::max({d.racks_for_space, min_racks, ceil_to_count(d.power / d.rack_limit)});
        d.racks_on_max =
            std::max({d.racks_for_space, min_racks, ceil_to_count(d.max_power / d.rack_limit)});
        average_rack_power(d);
        d.findings.push_back(Finding(
            FindingCode::too_large,
            "design has {} devices; more than {} are not laid out in racks — check the inputs",
            figure::grouped(devices), figure::grouped(kMaxDevices)));
        return;
    }
    RackDemand demand{ch.cnode,          d.cnodes,        ch.dbox,   d.dboxes,
                      ch.network_switch, d.switches(),    min_racks, d.constraints.power_basis,
                      d.leaf_switches,   d.spine_switches};
    RackPlan plan = plan_racks(demand, d.rack_usable, d.rack_limit, detail);
    d.racks_for_space = plan.racks_for_space;
    d.racks_for_power = plan.racks_for_power;
    d.rack_peak = plan.peak;
    d.rack_peak_max = plan.peak_max;
    d.cooling = cooling_class(plan.peak);
    if (plan.device_too_big) {
        d.racks = std::max(plan.racks_for_space, plan.racks_for_power);
        d.racks_fit = false;
        average_rack_power(d);
        d.findings.push_back(Finding(
            FindingCode::device_too_big,
            "a single device does not fit rack {} ({}, {} on {} power)", figure::text(ch.rack->id),
            figure::in(d.rack_usable, units::U, 0), figure::in(d.rack_limit, units::kW, 1),
            figure::text(std::string(to_string(d.constraints.power_basis)))));
    } else {
        d.racks = plan.count;
        d.layout = std::move(plan.racks);
    }
    // The same devices counted on the other basis (not laid out).
    RackDemand other = demand;
    other.basis =
        d.constraints.power_basis == PowerBasis::max ? PowerBasis::typical : PowerBasis::max;
    const RackPlan alt = plan_racks(other, d.rack_usable, d.rack_limit, false);
    const std::int64_t alt_count =
        alt.device_too_big ? std::max(alt.racks_for_space, alt.racks_for_power) : alt.count;
    d.racks_on_typical = d.constraints.power_basis == PowerBasis::typical ? d.racks : alt_count;
    d.racks_on_max = d.constraints.power_basis == PowerBasis::max ? d.racks : alt_count;
}

/// Everything that follows once C and D are known, the racks laid out to
/// `detail` (RackDetail::counts: counted only, see size_option).
Design build_with(const std::string& name, const HardwareChoice& ch, std::int64_t C, std::int64_t D,
                  const Requirements& req, const Constraints& cons, double data_reduction,
                  const PerformanceRule* rule, RackDetail detail) {
    Design d;
    d.name = name;
    d.cnode_model = ch.cnode->id;
    d.dbox_model = ch.dbox->id;
    d.switch_model = ch.network_switch->id;
    d.rack_model = ch.rack->id;
    d.cnode_name = ch.cnode->name;
    d.dbox_name = ch.dbox->name;
    d.switch_name = ch.network_switch->name;
    d.rack_name = ch.rack->name;
    d.drive_size = ch.drive;
    d.drives_per_dbox = ch.dbox->drives;
    d.cnodes = C;
    d.dboxes = D;
    d.requirements = req;
    d.constraints = cons;
    d.findings = req.findings;
    size_throughput(d, ch, req);
    size_network_and_power(d, ch, cons);
    place_in_racks(d, ch, cons, detail);
    size_capacity(d, ch, cons, data_reduction, req.usable);
    add_design_findings(d, DesignInputs{ch, req, cons, data_reduction, rule});
    // Judged at the default rebuild share; size_option, the optimiser and
    // assess_designs judge again at the scenario's.
    d.verdict = judge(d, ResilienceInputs{}.rebuild_share);
    if (detail != RackDetail::counts) {
        // The fast path only counts: the optimiser's candidates and the
        // sizing's trial designs. What a design it returns rests on is added
        // where it is returned (annotate_assumptions in optimizer.cpp); the
        // ids cost a third of a candidate's time (docs/performance.md).
        d.assumptions = ch.assumptions != nullptr
                            ? ch.assumptions->of(ch, d.constraints.power_basis)
                            : design_assumptions(ch, d.constraints.power_basis);
    }
    return d;
}

} // namespace

Design build_design(const std::string& name, const HardwareChoice& ch, std::int64_t C,
                    std::int64_t D, const Requirements& req, const Constraints& cons,
                    double data_reduction, const PerformanceRule* rule, bool with_layout) {
    return build_with(name, ch, C, D, req, cons, data_reduction, rule,
                      with_layout ? RackDetail::slots : RackDetail::counts);
}

/// C and D for a sizing mode (docs/model.md §5).
DesignCounts balance_counts(const OptionSpec& opt, const HardwareChoice& ch,
                            const Requirements& req, const Constraints& cons) {
    const double sat = saturation(ch);
    // C:D may not exceed the maximum ratio, nor usefully exceed the knee.
    const double c_per_d_cap = std::min(sat, cons.cd_max.c_per_d);
    const std::int64_t c_req = std::max(ceil_to_count(req.read / cnode_read(ch)),
                                        ceil_to_count(req.write / cnode_write(ch)));
    const EcLayout layout = cons.effective_layout();
    const std::int64_t d_cap = dboxes_for_capacity(*ch.dbox, ch.drive, req.usable, *ch.ec, layout);
    // A layout asked for by name is built: the D-boxes it needs are bought.
    const bool ha = layout == EcLayout::dbox_ha || layout == EcLayout::rack_resilient;
    const std::int64_t d_min = std::max<std::int64_t>(
        {ch.ec->min_dboxes, 1, ha ? ch.ec->enclosure_tolerance_min_dboxes : 0});

    const auto creq = static_cast<double>(c_req);
    // The option's D-boxes, or as many as the capacity, the rule's minimum
    // and `cnodes` C-nodes at `c_per_d` a D-box need.
    const auto dboxes_for = [&](double cnodes, double c_per_d) {
        return opt.dboxes > 0 ? opt.dboxes
                              : std::max({d_cap, d_min, ceil_to_count(cnodes / c_per_d)});
    };
    DesignCounts n;
    switch (opt.cnode_sizing) {
    case CNodeSizing::requirement:
        n.dboxes = dboxes_for(creq, c_per_d_cap);
        n.cnodes =
            std::max(c_req, ceil_to_count(static_cast<double>(n.dboxes) * cons.cd_min.c_per_d));
        break;
    case CNodeSizing::knee:
        n.dboxes = dboxes_for(creq, c_per_d_cap);
        n.cnodes = std::max<std::int64_t>(
            {floor_to_count(static_cast<double>(n.dboxes) * c_per_d_cap), c_req, 1});
        break;
    case CNodeSizing::ratio: {
        const double r = opt.cd_ratio ? opt.cd_ratio->c_per_d : 1.0;
        // With C = r·D, each D-box brings min(r·c.read, d.read) of read.
        n.dboxes = dboxes_for(creq, std::min(r, sat));
        n.cnodes = std::max<std::int64_t>(1, ceil_to_count(static_cast<double>(n.dboxes) * r));
        break;
    }
    case CNodeSizing::fixed:
        n.cnodes = opt.cnodes;
        n.dboxes = dboxes_for(static_cast<double>(opt.cnodes), c_per_d_cap);
        break;
    }
    return n;
}

namespace {

std::string mode_label(const OptionSpec& opt) {
    switch (opt.cnode_sizing) {
    case CNodeSizing::requirement:
        return "sized";
    case CNodeSizing::knee:
        return "full performance";
    case CNodeSizing::ratio:
        return "C:D " + (opt.cd_ratio ? opt.cd_ratio->text : std::string("1:1"));
    case CNodeSizing::fixed:
        return fmt::format("{} C-nodes", opt.cnodes);
    }
    return "sized";
}

bool better(const Design& a, const Design& b) {
    // Auto hardware: feasible first, then fewest racks, then least power.
    if (a.feasible() != b.feasible()) {
        return a.feasible();
    }
    if (a.racks != b.racks) {
        return a.racks < b.racks;
    }
    return a.power < b.power;
}

} // namespace

std::vector<const DBoxModel*> candidate_dboxes(const Catalog& catalog,
                                               const PerformanceRule* rule) {
    std::vector<const DBoxModel*> dboxes;
    const bool want_certified = rule != nullptr && rule->requires_certified;
    for (const DBoxModel& d : catalog.dboxes) {
        if (!want_certified || d.ncp_certified) {
            dboxes.push_back(&d);
        }
    }
    if (dboxes.empty()) {
        for (const DBoxModel& d : catalog.dboxes) {
            dboxes.push_back(&d);
        }
    }
    return dboxes;
}

namespace {

/// The models an option sizes with: the one it names, or every one.
std::vector<const CNodeModel*> option_cnodes(const OptionSpec& opt, const Catalog& catalog) {
    if (!opt.cnode.empty()) {
        return {&require(catalog.cnode(opt.cnode), "cnode", "C-node", opt.cnode)};
    }
    std::vector<const CNodeModel*> cnodes;
    for (const CNodeModel& c : catalog.cnodes) {
        cnodes.push_back(&c);
    }
    return cnodes;
}

std::vector<const DBoxModel*> option_dboxes(const OptionSpec& opt, const Catalog& catalog,
                                            const PerformanceRule* rule) {
    if (opt.dbox.empty()) {
        return candidate_dboxes(catalog, rule);
    }
    return {&require(catalog.dbox(opt.dbox), "dbox", "D-box", opt.dbox)};
}

/// Every candidate is sized; the cap bounds the time a huge catalog can take
/// (docs/robustness.md). The default catalog gives 5 combinations.
void check_candidate_count(const OptionSpec& opt, std::size_t cnodes,
                           const std::vector<const DBoxModel*>& dboxes) {
    constexpr std::size_t kMaxCandidates = 10'000;
    std::size_t candidates = 0;
    for (const DBoxModel* box : dboxes) {
        candidates += cnodes * (opt.dbox.empty() && !opt.drive ? box->drive_sizes.size() : 1);
    }
    if (candidates > kMaxCandidates) {
        throw InputError(opt.cnode.empty() ? "cnode" : "dbox",
                         fmt::format("automatic hardware would compare {} combinations of C-node, "
                                     "D-box and drive; expected at most 10,000: name the C-node "
                                     "or D-box model",
                                     candidates));
    }
}

/// The drives of `box` an option tries: the one it names, the box's match
/// for a drive given without a box (none when it offers no match), or all.
std::vector<Capacity> option_drives(const OptionSpec& opt, const DBoxModel& box) {
    if (!opt.dbox.empty()) {
        return {resolve_drive(box, opt.drive, "drive")};
    }
    if (opt.drive) {
        if (const std::optional<Capacity> offered = drive_matches(box, *opt.drive)) {
            return {*offered};
        }
        return {};
    }
    return box.drive_sizes;
}

/// The constraints with a layout an option or a hand-made design names, which
/// replaces the scenario's (and the older rack_resilient key).
Constraints with_own_layout(const Constraints& base, const std::optional<EcLayout>& layout) {
    Constraints c = base;
    if (layout) {
        c.layout = *layout;
        c.rack_resilient = false;
    }
    return c;
}

/// The requirement the counts are sized to: read and write times 1 +
/// headroom (docs/model.md §5). The design keeps the requirement itself.
Requirements counting_requirement(const Requirements& req, const Constraints& cons) {
    Requirements r = req;
    r.read = req.read * (1.0 + cons.headroom);
    r.write = req.write * (1.0 + cons.headroom);
    return r;
}

/// What sizing one option on one hardware choice needs to build a trial design.
struct StateSearch {
    const OptionSpec& opt;
    const HardwareChoice& ch;
    const Requirements& req;
    const Constraints& cons;
    double data_reduction;
    const PerformanceRule* rule;
    double rho;
    /// The requirement × (1 + headroom), made once per option (a copy per
    /// candidate, with its texts and findings, was 0.2 % of a sweep).
    const Requirements& target;

    /// The design whose counts follow `counting` (balance_counts, then the
    /// rack width); it keeps the customer's requirement.
    Design trial(const std::string& name, const Requirements& counting, DesignCounts& n) const {
        n = balance_counts(opt, ch, counting, cons);
        Design d =
            build_design(name, ch, n.cnodes, n.dboxes, req, cons, data_reduction, rule, false);
        grow_to_rack_width(d, n, counting);
        return d;
    }
    bool met(const Design& d) const {
        const StateThroughput got = delivered_in(d, cons.size_for, rho);
        return meets(got.read.base(), target.read.base()) &&
               meets(got.write.base(), target.write.base());
    }
    /// A rack-resilient stripe is at most strips_per_rack × racks wide, and the
    /// racks are known only once the devices are: where the capacity search's
    /// count falls short on the racks it fills, add D-boxes until it does not
    /// (docs/model.md §6). Usable capacity only grows with D-boxes, so the
    /// first count that meets the need is the smallest.
    void grow_to_rack_width(Design& d, DesignCounts& n, const Requirements& counting) const {
        if (cons.effective_layout() != EcLayout::rack_resilient || opt.dboxes > 0 ||
            counting.usable.base() <= 0.0) {
            return;
        }
        for (int guard = 0; guard < 10'000 && !meets(d.usable.base(), counting.usable.base()) &&
                            d.usable.base() > 0.0;
             ++guard) {
            OptionSpec fixed = opt;
            fixed.dboxes = n.dboxes + 1;
            n = balance_counts(fixed, ch, counting, cons);
            // The design keeps the customer's requirement, as trial()'s: judged
            // against `counting` it would count the headroom twice.
            d = build_design(d.name, ch, n.cnodes, n.dboxes, req, cons, data_reduction, rule,
                             false);
        }
    }
};

/// The requirement `t` of the way from `lo` to `hi`, read and write alike.
Requirements between(const Requirements& lo, const Requirements& hi, double t) {
    Requirements r = lo;
    r.read = lo.read + (hi.read - lo.read) * t;
    r.write = lo.write + (hi.write - lo.write) * t;
    return r;
}

/// Grows the requirement the counts follow by each round's shortfall until
/// `d` meets the state; returns that requirement, or nullopt when the state
/// cannot be met by growing (the layout does not survive it, or the option
/// fixes the count that limits it), `d` then the last that helped.
std::optional<Requirements> grow_until_met(Design& d, DesignCounts& n, const StateSearch& s) {
    Requirements hi = s.target;
    for (int guard = 0; guard < 1'000; ++guard) {
        if (s.met(d)) {
            return hi;
        }
        const StateThroughput got = delivered_in(d, s.cons.size_for, s.rho);
        if (got.read.base() <= 0.0 || got.write.base() <= 0.0) {
            return std::nullopt;
        }
        // At least a step of 0.1 % so rounding cannot stall the loop.
        hi.read = hi.read * std::max(s.target.read / got.read, 1.001);
        hi.write = hi.write * std::max(s.target.write / got.write, 1.001);
        DesignCounts next;
        Design grown = s.trial(d.name, hi, next);
        if (next.cnodes == n.cnodes && next.dboxes == n.dboxes) {
            continue; // rounding: the need grows again next round
        }
        const StateThroughput now = delivered_in(grown, s.cons.size_for, s.rho);
        if (now.read <= got.read && now.write <= got.write) {
            return std::nullopt;
        }
        d = std::move(grown);
        n = next;
    }
    return std::nullopt;
}

/// docs/model.md §5: adds C-nodes and D-boxes until the design delivers the
/// requirement (times 1 + headroom) in the failure state it is sized for:
/// grow_until_met, then a bisection between the first requirement and the
/// one that met the state finds the smallest counts that meet it (the
/// counts only grow with the requirement, so the first that meets it is the
/// least; the growing rounds overshoot by a few devices).
void grow_to_failure_state(Design& d, DesignCounts& n, const StateSearch& s) {
    const Requirements& lo = s.target;
    const std::optional<Requirements> hi = grow_until_met(d, n, s);
    if (!hi) {
        return;
    }
    double t_lo = 0.0;
    double t_hi = 1.0;
    for (int i = 0; i < 40; ++i) {
        const double t = (t_lo + t_hi) / 2.0;
        DesignCounts at;
        Design trial = s.trial(d.name, between(lo, *hi, t), at);
        if (s.met(trial)) {
            t_hi = t;
            d = std::move(trial);
            n = at;
        } else {
            t_lo = t;
        }
    }
}

/// The design `s` sizes: the counts balance_counts gives the requirement
/// times 1 + headroom, grown to the rack width and to the failure state.
Design sized_design(const StateSearch& s, const std::string& name, DesignCounts& n) {
    Design d = s.trial(name, s.target, n);
    if (s.cons.size_for != SizeFor::intact) {
        grow_to_failure_state(d, n, s);
    }
    return d;
}

} // namespace

DesignCounts sized_counts(const HardwareChoice& ch, const Requirements& req,
                          const Constraints& cons, double data_reduction,
                          const PerformanceRule* rule, double rho) {
    const OptionSpec opt; // requirement mode
    const Requirements counting = counting_requirement(req, cons);
    DesignCounts n;
    sized_design({opt, ch, req, cons, data_reduction, rule, rho, counting}, "", n);
    return n;
}

namespace {

/// size_option, the chosen design's racks laid out to `detail`.
Design size_option_with(const OptionSpec& opt, const Requirements& req, const Scenario& scenario,
                        const Catalog& catalog, RackDetail detail) {
    const PerformanceRule* rule = req.rule.empty() ? nullptr : catalog.rule(req.rule);
    const std::string rack_id = opt.rack.empty() ? scenario.constraints.rack : opt.rack;
    const HardwareChoice common = resolve_common(catalog, opt.network_switch, rack_id);
    const std::vector<const CNodeModel*> cnodes = option_cnodes(opt, catalog);
    const std::vector<const DBoxModel*> dboxes = option_dboxes(opt, catalog, rule);
    if (cnodes.empty() || dboxes.empty()) {
        throw InputError("the catalog has no C-node or no D-box model to size with");
    }
    check_candidate_count(opt, cnodes.size(), dboxes);
    const Constraints cons = with_own_layout(scenario.constraints, opt.layout);
    const double rho = scenario.resilience.rebuild_share.value_or(ResilienceInputs{}.rebuild_share);
    const Requirements counting = counting_requirement(req, cons);

    // Candidates are compared without their rack layouts (the counts decide);
    // only the chosen one is laid out. Laying out every candidate made an
    // automatic option cost candidates × devices (docs/robustness.md).
    std::optional<Design> best;
    HardwareChoice best_choice;
    DesignCounts best_counts;
    for (const CNodeModel* c : cnodes) {
        for (const DBoxModel* box : dboxes) {
            for (Capacity drive : option_drives(opt, *box)) {
                HardwareChoice ch = common;
                ch.cnode = c;
                ch.dbox = box;
                ch.drive = drive;
                set_ec(ch, catalog);
                const std::string name =
                    opt.name.empty() ? box->name + " (" + mode_label(opt) + ")" : opt.name;
                DesignCounts n;
                Design d = sized_design(
                    {opt, ch, req, cons, scenario.data_reduction, rule, rho, counting}, name, n);
                if (!best || better(d, *best)) {
                    best = std::move(d);
                    best_choice = ch;
                    best_counts = n;
                }
            }
        }
    }
    if (!best) {
        throw InputError("drive", "no D-box model in the catalog offers " +
                                      format_in(*opt.drive, units::TB, 2) + " drives");
    }
    best = build_with(best->name, best_choice, best_counts.cnodes, best_counts.dboxes, req, cons,
                      scenario.data_reduction, rule, detail);
    best->sized_by = explain_counts(*best, opt, best_choice, req, cons);
    add_oversize_finding(*best);
    best->verdict = judge(*best, rho);
    if (opt.cnode.empty() || opt.dbox.empty()) {
        best->findings.push_back({FindingCode::auto_hardware,
                                  "hardware picked automatically: " + best->cnode_model + " + " +
                                      best->dbox_model + " with " +
                                      format_in(best->drive_size, units::TB, 2) + " drives"});
    }
    return std::move(*best); // a design with its layout is large: move, not copy
}

} // namespace

Design size_option(const OptionSpec& opt, const Requirements& req, const Scenario& scenario,
                   const Catalog& catalog) {
    return size_option_with(opt, req, scenario, catalog, RackDetail::slots);
}

Requirements option_requirements(const Requirements& base, const OptionSpec& option) {
    Requirements req = base;
    if (option.capacity) {
        req.usable_target = option.capacity->target(base.sized_gpus);
    }
    if (!option.use_performance) {
        // Not tied to the pod's GPUs: no throughput requirement (neither the
        // rule's nor the checkpoint jobs'), and no per-GPU figures.
        req.gpus = 0;
        req.sus = 0;
        req.sized_gpus = 0;
        req.gpu_storage_network = Throughput{};
        req.rule.clear();
        req.read = Throughput{};
        req.write = Throughput{};
        req.write_driver.clear();
        req.write_driven_by = WriteDriver::none;
        req.performance_write = Throughput{};
        req.checkpoints = CheckpointPlan{};
        req.findings.clear();
    }
    req.usable = capacity_need(req.usable_target, req.checkpoints);
    return req;
}

SizingResult size_scenario(const Scenario& scenario, const Catalog& catalog) {
    return size_scenario(scenario, catalog, RackDetail::slots);
}

namespace {

Requirements with_added(Requirements req, const AddedNeed* added) {
    if (added != nullptr) {
        req.usable += added->usable;
        req.write += added->write;
        if (added->write.base() > 0.0) {
            req.write_driver += (req.write_driver.empty() ? "" : " + ") + added->why;
        }
    }
    return req;
}

SizingResult sized(const Scenario& scenario, const Catalog& catalog, RackDetail detail,
                   const AddedNeed* added) {
    SizingResult result;
    result.scenario = scenario.name;
    result.prices = scenario.prices;
    result.requirements = compute_requirements(scenario, catalog);
    if (scenario.options.empty()) {
        result.designs.push_back(size_option_with(
            OptionSpec{}, with_added(result.requirements, added), scenario, catalog, detail));
        result.designs.back().origin = FromOption{0};
    }
    for (std::size_t i = 0; i < scenario.options.size(); ++i) {
        const OptionSpec& opt = scenario.options[i];
        result.designs.push_back(
            size_option_with(opt, with_added(option_requirements(result.requirements, opt), added),
                             scenario, catalog, detail));
        result.designs.back().origin = FromOption{i};
    }
    assess_designs(result, catalog, resilience_inputs(scenario, catalog));
    // docs/bom.md: the bill and the facility figures of each laid-out design.
    // A sweep's rows (RackDetail::racks) print neither, so without a price
    // book (whose CapEx is the bill's total) they are left out: the bill was
    // nearly half of a sweep run (11,600 against 21,700 runs/s of the
    // reference pod, scripts/speed-budget.py).
    if (detail == RackDetail::slots || (detail == RackDetail::racks && scenario.prices)) {
        for (Design& d : result.designs) {
            BomAndFacility bf = plan_bom(d, catalog, scenario.facility);
            d.bom = std::move(bf.bom);
            d.facility = std::move(bf.facility);
        }
    }
    return result;
}

} // namespace

SizingResult size_scenario(const Scenario& scenario, const Catalog& catalog, RackDetail detail) {
    return sized(scenario, catalog, detail, nullptr);
}

SizingResult size_scenario(const Scenario& scenario, const Catalog& catalog,
                           const AddedNeed& added) {
    return sized(scenario, catalog, RackDetail::slots, &added);
}

Design evaluate_design(const HandDesign& hand, const Requirements& req,
                       const Constraints& constraints, double data_reduction,
                       const Catalog& catalog, const HardwarePlaces& where) {
    HardwareChoice ch = resolve_hardware(catalog, hand.cnode, hand.dbox, hand.drive,
                                         hand.rack.empty() ? constraints.rack : hand.rack,
                                         hand.network_switch, where);
    const PerformanceRule* rule = req.rule.empty() ? nullptr : catalog.rule(req.rule);
    const std::string name = hand.name.empty() ? "hand-made design" : hand.name;
    const Constraints cons = with_own_layout(constraints, hand.layout);
    Design d =
        build_design(name, ch, hand.cnodes, hand.dboxes, req, cons, data_reduction, rule, true);
    OptionSpec given;
    given.cnode_sizing = CNodeSizing::fixed;
    given.cnodes = hand.cnodes;
    given.dboxes = hand.dboxes;
    d.sized_by = explain_counts(d, given, ch, req, cons);
    return d;
}

HardwareChoice resolve_hardware(const Catalog& catalog, const std::string& cnode,
                                const std::string& dbox, std::optional<Capacity> drive,
                                const std::string& rack, const std::string& network_switch,
                                const HardwarePlaces& where) {
    HardwareChoice ch = resolve_common(catalog, network_switch, rack);
    ch.cnode = &require(catalog.cnode(cnode), where.cnode, "C-node", cnode);
    ch.dbox = &require(catalog.dbox(dbox), where.dbox, "D-box", dbox);
    ch.drive = resolve_drive(*ch.dbox, drive, where.drive);
    set_ec(ch, catalog);
    return ch;
}

} // namespace podsizer
