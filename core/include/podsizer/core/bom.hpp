// The bill of materials of a design (docs/bom.md): devices, drives, switches
// by role, management switches, racks, PDUs, rails, power cords, and every
// cable and transceiver the storage fabric's links take.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/facility.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace podsizer {

struct Design;

/// One line of the bill.
struct BomLine {
    std::string category; ///< "C-nodes", "Drives", "Switches", "Cables", … (docs/bom.md §1)
    std::string item;     ///< the catalog id (a model or a part); empty: none in the catalog
    std::string sku;      ///< the part number; empty: not given
    std::string description;
    std::int64_t quantity = 0; ///< in total
    std::string unit = "each";
    /// Counted by a rule per rack (PDUs): the quantity in each rack; 0: a total.
    std::int64_t per_rack = 0;
    std::string rule; ///< how the quantity is counted, for people
    Source source;    ///< where the item's figures come from
    /// Priced by the cost model's CapEx (C-nodes, D-boxes, switches, racks).
    bool in_capex = false;
};

/// The links the cables cover, from the fabric plan (docs/model.md §8).
struct BomLinks {
    std::int64_t device_ports = 0;             ///< device ports on the storage leaves
    std::int64_t leaf_spine = 0;               ///< leaf uplinks to spines
    std::int64_t spine_super_spine = 0;        ///< spine uplinks to super-spines
    std::int64_t client_uplinks = 0;           ///< top tier to the customer's fabric
    std::int64_t client_ports_to_customer = 0; ///< converged: C-node client ports
    std::int64_t management_ports = 0;         ///< one per device and fabric switch
    std::int64_t management_uplinks = 0;
    std::int64_t power_cords = 0;
    std::int64_t copper = 0;  ///< DAC and AEC links
    std::int64_t optical = 0; ///< links on transceivers and fibre
    std::int64_t fabric_links() const {
        return device_ports + leaf_spine + spine_super_spine + client_uplinks +
               client_ports_to_customer;
    }
};

struct DesignBom {
    std::vector<BomLine> lines;
    BomLinks links;
    std::int64_t cables = 0;       ///< every link's cable (a fibre for an optical link)
    std::int64_t transceivers = 0; ///< two per optical link inside, one to the customer
    std::int64_t management_switches = 0;
    double link_power_w = 0.0; ///< transceivers and active cables
    /// What the catalog lacks for a line ("no 400 Gbps DAC"): said, never guessed.
    std::vector<std::string> missing;
};

/// The bill and the facility figures of `d`, from the catalog its models came
/// from and the site's supply. Needs d's per-rack layout for run classes and
/// per-rack figures; without one every inter-device link counts as optical and
/// facility.racks is empty.
struct BomAndFacility {
    DesignBom bom;
    DesignFacility facility;
};
BomAndFacility plan_bom(const Design& d, const Catalog& catalog, const FacilitySpec& site);

/// The facility figures alone (facility.cpp): each rack of d's layout with
/// its management switches, PDUs and rails; `bom` gives the management
/// switches when there is no layout.
DesignFacility plan_facility(const Design& d, const Catalog& catalog, const FacilitySpec& site,
                             const DesignBom& bom);

/// The catalog's first part of `role` ("pdu", "rail_kit", …); null: none.
const Part* first_part(const Catalog& catalog, std::string_view role);

} // namespace podsizer
