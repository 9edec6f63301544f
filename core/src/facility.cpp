// Facility figures of a design, rack by rack (docs/bom.md §4).
#include "podsizer/core/facility.hpp"

#include "podsizer/core/bom.hpp"
#include "podsizer/core/design.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

namespace {

/// Current on one feed carrying `watts`: P / V on one phase, P / (√3 × V)
/// per phase on three (balanced, unity power factor).
double amps_on_feed(double watts, const FacilitySpec& site) {
    if (site.voltage <= 0.0) {
        return 0.0;
    }
    const double phases = site.phase_count == 3 ? std::sqrt(3.0) : 1.0;
    return watts / (phases * site.voltage);
}

double weight_of(const Part* p) {
    return p != nullptr ? p->weight_kg : 0.0;
}

/// What the facility figures rest on: each item's weight, the management
/// switch's draw, the rack's own weight.
struct Weights {
    double cnode = 0.0, dbox = 0.0, sw = 0.0, rack = 0.0;
    double mgmt = 0.0, pdu = 0.0, rail = 0.0;
    double mgmt_power = 0.0;
    int mgmt_ports = 48;
};

Weights weights(const Design& d, const Catalog& cat, std::vector<std::string>& missing) {
    Weights w;
    auto weight = [&](const auto* model, const std::string& id) {
        const double kg = model != nullptr ? model->weight_kg : 0.0;
        if (kg <= 0.0) {
            missing.push_back(id);
        }
        return kg;
    };
    w.cnode = weight(cat.cnode(d.cnode_model), d.cnode_model);
    w.dbox = weight(cat.dbox(d.dbox_model), d.dbox_model);
    w.sw = weight(cat.network_switch(d.switch_model), d.switch_model);
    w.rack = weight(cat.rack(d.rack_model), d.rack_model);
    const Part* mgmt = first_part(cat, "management_switch");
    w.mgmt = weight_of(mgmt);
    w.mgmt_power = mgmt != nullptr ? mgmt->power.base() : 0.0;
    w.mgmt_ports = mgmt != nullptr && mgmt->ports > 0 ? mgmt->ports : 48;
    w.pdu = weight_of(first_part(cat, "pdu"));
    w.rail = weight_of(first_part(cat, "rail_kit"));
    return w;
}

void finish(RackFacility& f, const FacilitySpec& site) {
    f.btu_per_h = f.power_w * kBtuPerHourPerWatt;
    f.floor_load_kg_m2 = site.rack_footprint_m2 > 0.0 ? f.weight_kg / site.rack_footprint_m2 : 0.0;
    f.tile_load_kg = f.floor_load_kg_m2 * kTileAreaM2;
    f.amps_per_feed = amps_on_feed(f.max_power_w, site);
}

RackFacility rack_figures(const Rack& r, const Design& d, const Weights& w,
                          const FacilitySpec& site) {
    RackFacility f;
    f.rack = r.index;
    const int devices = r.cnodes + r.dboxes + r.switches;
    const auto mgmt = static_cast<double>((devices + w.mgmt_ports - 1) / w.mgmt_ports);
    const double basis =
        d.constraints.power_basis == PowerBasis::max ? r.max_power.base() : r.power.base();
    const double mgmt_max = max_draw(Power::from_base(w.mgmt_power), Power{}).base();
    f.power_w =
        basis + mgmt * (d.constraints.power_basis == PowerBasis::max ? mgmt_max : w.mgmt_power);
    f.max_power_w = r.max_power.base() + mgmt * mgmt_max;
    f.weight_kg = w.rack + r.cnodes * w.cnode + r.dboxes * w.dbox + r.switches * w.sw +
                  mgmt * w.mgmt + 2.0 * w.pdu + devices * w.rail;
    f.cooling = r.cooling;
    finish(f, site);
    return f;
}

} // namespace

DesignFacility plan_facility(const Design& d, const Catalog& cat, const FacilitySpec& site,
                             const DesignBom& bom) {
    DesignFacility out;
    out.site = site;
    const Weights w = weights(d, cat, out.weight_missing);
    RackFacility& t = out.total;
    for (const Rack& r : d.layout) {
        out.racks.push_back(rack_figures(r, d, w, site));
        const RackFacility& f = out.racks.back();
        t.power_w += f.power_w;
        t.max_power_w += f.max_power_w;
        t.weight_kg += f.weight_kg;
        t.floor_load_kg_m2 = std::max(t.floor_load_kg_m2, f.floor_load_kg_m2);
        t.amps_per_feed = std::max(t.amps_per_feed, f.amps_per_feed);
    }
    if (d.layout.empty()) {
        const auto mgmt = static_cast<double>(bom.management_switches);
        t.power_w = d.basis_power().base() + mgmt * w.mgmt_power;
        t.max_power_w = d.max_power.base() + mgmt * w.mgmt_power * kAssumedMaxPerTypical;
        const auto devices = static_cast<double>(d.cnodes + d.dboxes + d.switches());
        t.weight_kg = static_cast<double>(d.racks) * (w.rack + 2.0 * w.pdu) +
                      static_cast<double>(d.cnodes) * w.cnode +
                      static_cast<double>(d.dboxes) * w.dbox +
                      static_cast<double>(d.switches()) * w.sw + mgmt * w.mgmt + devices * w.rail;
    }
    t.btu_per_h = t.power_w * kBtuPerHourPerWatt;
    t.tile_load_kg = t.floor_load_kg_m2 * kTileAreaM2;
    t.cooling = d.cooling;
    return out;
}

} // namespace podsizer
