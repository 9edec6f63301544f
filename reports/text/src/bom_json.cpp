// The design JSON's `bom` and `facility` blocks (docs/bom.md §5).
#include "bom_json.hpp"

namespace podsizer::detail {

namespace {

using json = nlohmann::ordered_json;

json source_json(const Source& s) {
    return json{{"kind", to_string(s.kind)}, {"ref", s.ref}, {"note", s.note}};
}

json line_json(const BomLine& l) {
    json j{{"category", l.category},
           {"item", l.item},
           {"sku", l.sku},
           {"description", l.description},
           {"quantity", l.quantity},
           {"unit", l.unit},
           {"basis", l.per_rack > 0 ? "per rack" : "total"}};
    if (l.per_rack > 0) {
        j["per_rack"] = l.per_rack;
    }
    j["rule"] = l.rule;
    j["in_capex"] = l.in_capex;
    j["source"] = source_json(l.source);
    return j;
}

json links_json(const BomLinks& k) {
    return json{{"device_ports", k.device_ports},
                {"leaf_spine", k.leaf_spine},
                {"spine_super_spine", k.spine_super_spine},
                {"client_uplinks", k.client_uplinks},
                {"client_ports_to_customer", k.client_ports_to_customer},
                {"fabric_links", k.fabric_links()},
                {"management_ports", k.management_ports},
                {"management_uplinks", k.management_uplinks},
                {"power_cords", k.power_cords},
                {"copper", k.copper},
                {"optical", k.optical}};
}

json rack_json(const RackFacility& r) {
    json j;
    if (r.rack > 0) {
        j["rack"] = r.rack;
    }
    j["power_w"] = r.power_w;
    j["max_power_w"] = r.max_power_w;
    j["btu_per_h"] = r.btu_per_h;
    j["weight_kg"] = r.weight_kg;
    j["floor_load_kg_per_m2"] = r.floor_load_kg_m2;
    j["tile_load_kg"] = r.tile_load_kg;
    j["amps_per_feed"] = r.amps_per_feed;
    j["cooling"] = to_string(r.cooling);
    return j;
}

} // namespace

json bom_json(const Design& d) {
    return bill_json(*d.bom);
}

json bill_json(const DesignBom& b) {
    json lines = json::array();
    for (const BomLine& l : b.lines) {
        lines.push_back(line_json(l));
    }
    return json{{"lines", lines},
                {"links", links_json(b.links)},
                {"cables", b.cables},
                {"transceivers", b.transceivers},
                {"management_switches", b.management_switches},
                {"link_power_w", b.link_power_w},
                {"missing", b.missing}};
}

json facility_json(const DesignFacility& f) {
    json racks = json::array();
    for (const RackFacility& r : f.racks) {
        racks.push_back(rack_json(r));
    }
    return json{{"voltage", f.site.voltage},
                {"supply", f.site.phase_count == 1 ? "single-phase" : "three-phase"},
                {"rack_footprint_m2", f.site.rack_footprint_m2},
                {"feeds_per_rack", f.feeds_per_rack},
                {"btu_per_h_per_w", kBtuPerHourPerWatt},
                {"racks", racks},
                {"total", rack_json(f.total)},
                {"weight_missing", f.weight_missing}};
}

} // namespace podsizer::detail
