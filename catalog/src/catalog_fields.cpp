#include "catalog_fields.hpp"

#include <array>

namespace podsizer::detail {

namespace {

using T = CatalogType;
constexpr Dimension kPower = Dimension::power;
constexpr Dimension kRate = Dimension::throughput;
constexpr Dimension kHeight = Dimension::rack_units;

constexpr CatalogField kSource{"source", T::source};
constexpr CatalogField kFieldSources{"field_sources", T::field_sources, {}, false};

const std::array kCnode{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"family", T::text, {}, false},
    CatalogField{"height", T::quantity, kHeight},
    CatalogField{"power", T::quantity, kPower},
    CatalogField{"max_power", T::quantity, kPower, false},
    CatalogField{"read", T::quantity, kRate},
    CatalogField{"write", T::quantity, kRate},
    CatalogField{"client_ports", T::count, {}, true, 0},
    CatalogField{"backend_ports", T::count, {}, true, 0},
    CatalogField{"client_port_speed", T::quantity, kRate, false},
    CatalogField{"backend_port_speed", T::quantity, kRate, false},
    kSource,
    kFieldSources,
};

const std::array kDbox{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"family", T::text, {}, false},
    CatalogField{"height", T::quantity, kHeight},
    CatalogField{"power", T::quantity, kPower},
    CatalogField{"max_power", T::quantity, kPower, false},
    CatalogField{"drives", T::count, {}, true, 1},
    CatalogField{"drive_sizes", T::quantities},
    CatalogField{"default_drive", T::quantity},
    CatalogField{"backend_read", T::quantity, kRate},
    CatalogField{"backend_write", T::quantity, kRate},
    CatalogField{"backend_ports", T::count, {}, true, 0},
    CatalogField{"backend_port_speed", T::quantity, kRate, false},
    CatalogField{"write_buffer_ha_min_dboxes", T::count, {}, false, 0},
    CatalogField{"drive_afr", T::fraction, {}, false},
    CatalogField{"drive_dwpd", T::number, {}, false},
    CatalogField{"dbox_events_per_year", T::number, {}, false},
    CatalogField{"erasure_coding", T::id},
    CatalogField{"ncp_certified", T::boolean},
    kSource,
    kFieldSources,
};

const std::array kErasureCoding{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"software_version", T::text, {}, false},
    CatalogField{"parity", T::count, {}, true, 1},
    CatalogField{"min_data_strips", T::count, {}, false, 1},
    CatalogField{"max_data_strips", T::count, {}, false, 1},
    CatalogField{"excluded_ssds", T::count, {}, false, 0},
    CatalogField{"strips_per_dbox", T::count, {}, false, 0},
    CatalogField{"strips_per_rack", T::count, {}, false, 0},
    CatalogField{"steps", T::stripe_steps, {}, false},
    CatalogField{"reserve", T::fraction},
    CatalogField{"rebuild_read_fraction", T::number, {}, false},
    CatalogField{"min_dboxes", T::count, {}, true, 1},
    CatalogField{"enclosure_tolerance_min_dboxes", T::count, {}, false, 0},
    CatalogField{"rack_resilience_min_racks", T::count, {}, false, 0},
    CatalogField{"max_dboxes", T::count, {}, false, 0},
    CatalogField{"max_cnodes", T::count, {}, false, 0},
    kSource,
    kFieldSources,
};

const std::array kSwitch{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"family", T::text, {}, false},
    CatalogField{"height", T::quantity, kHeight},
    CatalogField{"power", T::quantity, kPower},
    CatalogField{"max_power", T::quantity, kPower, false},
    CatalogField{"port_modes", T::port_modes, {}, false},
    CatalogField{"uplink_speed", T::quantity, kRate, false},
    CatalogField{"ports", T::count, {}, false, 2},
    CatalogField{"downlink_fraction", T::number},
    CatalogField{"roles", T::switch_roles, {}, false},
    kSource,
    kFieldSources,
};

const std::array kRack{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"usable", T::quantity, kHeight},
    CatalogField{"power_budget", T::quantity, kPower},
    kSource,
    kFieldSources,
};

const std::array kPlatform{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"gpus_per_node", T::count, {}, true, 1},
    CatalogField{"gpus_per_su", T::count, {}, true, 1},
    CatalogField{"power_per_su", T::quantity, kPower, false},
    CatalogField{"storage_network", T::quantity, kRate, false},
    kSource,
    kFieldSources,
};

const std::array kRule{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"platform", T::id, {}, false},
    CatalogField{"basis", T::basis},
    CatalogField{"read", T::quantity, kRate},
    CatalogField{"write", T::quantity, kRate},
    CatalogField{"requires_certified", T::boolean, {}, false},
    kSource,
    kFieldSources,
};

const std::array kReference{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"read_per_100pb", T::quantity, kRate},
    CatalogField{"write_per_100pb", T::quantity, kRate},
    CatalogField{"racks_per_eb", T::number},
    CatalogField{"power_per_rack", T::quantity, kPower},
    CatalogField{"account_capacity", T::quantity, Dimension::capacity, false},
    CatalogField{"account_ingress", T::quantity, kRate, false},
    CatalogField{"account_egress", T::quantity, kRate, false},
    CatalogField{"raw_per_usable", T::number, {}, false},
    CatalogField{"accounts_per_subscription", T::count, {}, false, 1},
    CatalogField{"accounts_per_subscription_raised", T::count, {}, false, 1},
    kSource,
    kFieldSources,
};

const std::array kFailureRate{
    CatalogField{"id", T::id},
    CatalogField{"name", T::text},
    CatalogField{"failures_per_1000_node_days", T::number},
    CatalogField{"gpus_per_node", T::count, {}, true, 1},
    kSource,
    kFieldSources,
};

const std::array kLists{
    CatalogList{"cnodes", kCnode},
    CatalogList{"dboxes", kDbox},
    CatalogList{"erasure_coding", kErasureCoding},
    CatalogList{"switches", kSwitch},
    CatalogList{"racks", kRack},
    CatalogList{"gpu_platforms", kPlatform},
    CatalogList{"performance_rules", kRule},
    CatalogList{"references", kReference},
    CatalogList{"failure_rates", kFailureRate},
};

} // namespace

std::span<const CatalogList> catalog_lists() {
    return kLists;
}

std::vector<std::string_view> catalog_field_names(std::string_view key) {
    std::vector<std::string_view> out;
    for (const CatalogList& list : kLists) {
        if (list.key == key) {
            for (const CatalogField& f : list.fields) {
                out.push_back(f.name);
            }
        }
    }
    return out;
}

} // namespace podsizer::detail
