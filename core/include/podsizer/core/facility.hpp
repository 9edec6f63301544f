// What a data-centre team plans a design's racks with (docs/bom.md §4):
// power, heat, weight, floor load and the current on each of a rack's two
// feeds, rack by rack and in total.
#pragma once

#include "podsizer/core/power.hpp"

#include <vector>

namespace podsizer {

/// The site's electrical supply and floor, a scenario input (`facility`).
/// A top-level object of its own, not `site` (fleet.sites lists the GPU
/// sites) and not `phases` (the growth plan): docs/bom.md §4.
struct FacilitySpec {
    /// Nominal supply voltage, volts; for three phases the line-to-line
    /// voltage. Default 400 V: the IEC 60038 three-phase low voltage (230/400 V).
    double voltage = 400.0;
    int phase_count = 3;             ///< 1 or 3
    double rack_footprint_m2 = 0.72; ///< ASSUMPTION: a 600 x 1200 mm rack

    bool operator==(const FacilitySpec&) const = default;
};

/// BTU/h per watt: 1 Btu_IT/h = 0.293 071 W (NIST SP 811, 2008 edition,
/// Appendix B.8), so 1 W = 3.412 Btu_IT/h.
inline constexpr double kBtuPerHourPerWatt = 3.412;

/// A raised-floor tile, 600 x 600 mm (ASSUMPTION: the common size).
inline constexpr double kTileAreaM2 = 0.36;

/// One rack's figures. With A/B feeds each feed is sized to carry the whole
/// rack on its own, so `amps_per_feed` is the rack's maximum draw on one feed.
struct RackFacility {
    int rack = 0;                  ///< 1-based; 0: the design's total
    double power_w = 0.0;          ///< draw on the design's basis, management switch included
    double max_power_w = 0.0;      ///< maximum draw, management switch included
    double btu_per_h = 0.0;        ///< power_w × kBtuPerHourPerWatt
    double weight_kg = 0.0;        ///< rack, devices, switches, PDUs, rails
    double floor_load_kg_m2 = 0.0; ///< weight_kg over the rack's footprint
    double tile_load_kg = 0.0;     ///< the share on one 600 mm tile
    double amps_per_feed = 0.0;    ///< max_power_w on one feed at the site's voltage
    CoolingClass cooling = CoolingClass::air;
};

struct DesignFacility {
    FacilitySpec site;
    int feeds_per_rack = 2; ///< A and B
    std::vector<RackFacility> racks;
    RackFacility total; ///< sums; amps_per_feed and loads: the highest rack's
    /// Items of the racks whose weight the catalog does not give (counted as 0 kg).
    std::vector<std::string> weight_missing;
};

} // namespace podsizer
