// The design JSON's `bom` and `facility` blocks (docs/bom.md §5).
#include "bom_json.hpp"

#include "report_json.hpp"

#include <array>

namespace podsizer::detail {

namespace {

using json = nlohmann::ordered_json;

/// "ref: note", the ref or the note alone when the other is empty.
std::string source_text(const Source& s) {
    if (s.ref.empty()) {
        return s.note;
    }
    return s.note.empty() ? s.ref : s.ref + ": " + s.note;
}

/// A line counted per rack or in total.
std::string basis(std::int64_t per_rack) {
    return per_rack > 0 ? "per rack" : "total";
}

using B = BomLine;
using L = FigureRow<BomLine>;
constexpr unsigned kMachines = kJson | kCsv;

/// A bill's line in its JSON and the --bom CSV.
constexpr std::array kLine{
    L{.key = "category", .out = kMachines, .value = of<&B::category>},
    L{.key = "item", .out = kMachines, .value = of<&B::item>},
    L{.key = "sku", .out = kMachines, .value = of<&B::sku>},
    L{.key = "description", .out = kMachines, .value = of<&B::description>},
    L{.key = "quantity", .out = kMachines, .value = of<&B::quantity>},
    L{.key = "unit", .out = kMachines, .value = of<&B::unit>},
    L{.key = "basis", .out = kMachines, .value = via<&B::per_rack, basis>},
    L{.key = "per_rack", .out = kMachines, .value = via<&B::per_rack, positive>},
    L{.key = "rule", .out = kMachines, .value = of<&B::rule>},
    L{.key = "in_capex", .out = kJson, .value = of<&B::in_capex>},
    L{.key = "source", .out = kJson, .value = via<&B::source, source_json>},
    L{.key = "source_kind", .out = kCsv, .value = of<&B::source, &Source::kind>},
    L{.key = "source", .out = kCsv, .value = via<&B::source, source_text>},
};

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

using RF = RackFacility;

/// A rack's facility figures, and the design's total (no rack number).
constexpr std::array kRack{
    FigureRow<RF>{.key = "rack", .value = via<&RF::rack, positive>},
    FigureRow<RF>{.key = "power_w", .value = of<&RF::power_w>},
    FigureRow<RF>{.key = "max_power_w", .value = of<&RF::max_power_w>},
    FigureRow<RF>{.key = "btu_per_h", .value = of<&RF::btu_per_h>},
    FigureRow<RF>{.key = "weight_kg", .value = of<&RF::weight_kg>},
    FigureRow<RF>{.key = "floor_load_kg_per_m2", .value = of<&RF::floor_load_kg_m2>},
    FigureRow<RF>{.key = "tile_load_kg", .value = of<&RF::tile_load_kg>},
    FigureRow<RF>{.key = "amps_per_feed", .value = of<&RF::amps_per_feed>},
    FigureRow<RF>{.key = "cooling", .value = of<&RF::cooling>},
};

} // namespace

Rows<BomLine> bom_line_figures() {
    return kLine;
}

json bill_json(const DesignBom& b) {
    return json{{"lines", figures_json<BomLine>(kLine, b.lines)},
                {"links", links_json(b.links)},
                {"cables", b.cables},
                {"transceivers", b.transceivers},
                {"management_switches", b.management_switches},
                {"link_power_w", b.link_power_w},
                {"missing", b.missing}};
}

json facility_json(const DesignFacility& f) {
    return json{{"voltage", f.site.voltage},
                {"supply", f.site.phase_count == 1 ? "single-phase" : "three-phase"},
                {"rack_footprint_m2", f.site.rack_footprint_m2},
                {"feeds_per_rack", f.feeds_per_rack},
                {"btu_per_h_per_w", kBtuPerHourPerWatt},
                {"racks", figures_json<RF>(kRack, f.racks)},
                {"total", figures_json<RF>(kRack, f.total)},
                {"weight_missing", f.weight_missing}};
}

} // namespace podsizer::detail
