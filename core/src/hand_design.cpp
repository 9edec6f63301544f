#include "podsizer/core/hand_design.hpp"

#include <algorithm>
#include <set>

namespace podsizer {

HandDesign hand_design_of(const Design& design, std::int64_t cnodes, std::int64_t dboxes) {
    HandDesign h;
    h.name = design.name;
    h.cnode = design.cnode_model;
    h.dbox = design.dbox_model;
    h.drive = design.drive_size;
    h.rack = design.rack_model;
    h.network_switch = design.switch_model;
    h.cnodes = cnodes;
    h.dboxes = dboxes;
    // A layout asked for by name stays; an automatic one is chosen again at
    // the new counts.
    if (!design.ec_layout_auto) {
        h.layout = design.ec_layout;
    }
    return h;
}

void pin_option(OptionSpec& option, const Design& design, std::int64_t cnodes,
                std::int64_t dboxes) {
    option.cnode = design.cnode_model;
    option.dbox = design.dbox_model;
    option.drive = design.drive_size;
    option.cnode_sizing = CNodeSizing::fixed;
    option.cnodes = cnodes;
    option.cd_ratio.reset();
    option.dboxes = dboxes;
}

OptionSpec option_of(const Design& design) {
    OptionSpec o;
    o.name = design.name;
    o.rack = design.rack_model;
    if (!design.ec_layout_auto) {
        o.layout = design.ec_layout;
    }
    pin_option(o, design, design.cnodes, design.dboxes);
    return o;
}

Design replay(const Design& design, std::int64_t cnodes, std::int64_t dboxes,
              const Scenario& scenario, const Catalog& catalog) {
    Design d = evaluate_design(hand_design_of(design, cnodes, dboxes), design.requirements,
                               scenario.constraints, scenario.data_reduction, catalog);
    // The bill as the sized design has one (engine.cpp), so the replayed
    // CapEx prices the same parts (docs/cost.md §2).
    if (design.bom && !d.layout.empty()) {
        BomAndFacility bf = plan_bom(d, catalog, scenario.facility);
        d.bom = std::move(bf.bom);
        d.facility = std::move(bf.facility);
    }
    return d;
}

KneeCurve knee_curve(const Design& design, const Catalog& catalog, int max_points) {
    KneeCurve curve;
    curve.knee = design.knee_cnodes;
    curve.current = design.cnodes;
    curve.required_read = design.requirements.read;
    curve.required_write = design.requirements.write;

    // Half as far again as the knee or the design, so the plateau past the
    // knee shows.
    const std::int64_t top =
        std::max<std::int64_t>(10, (std::max(curve.knee, curve.current) * 3 + 1) / 2);
    const std::int64_t n = std::max(2, max_points);
    std::set<std::int64_t> counts{1, top, curve.knee, curve.current};
    for (std::int64_t i = 0; i < n; ++i) {
        counts.insert(1 + (top - 1) * i / (n - 1));
    }
    // Only the throughput changes along the curve: the engine's rule for it
    // (delivered_rates) at each count, as a replayed design would give, without
    // laying out a whole design per point (60 points a GUI chart).
    const HardwareChoice hw =
        resolve_hardware(catalog, design.cnode_model, design.dbox_model, design.drive_size,
                         design.rack_model, design.switch_model);
    for (std::int64_t c : counts) {
        if (c < 1) {
            continue;
        }
        const DeliveredRates r = delivered_rates(hw, c, design.dboxes);
        curve.points.push_back({c, r.read(), r.write()});
    }
    return curve;
}

} // namespace podsizer
