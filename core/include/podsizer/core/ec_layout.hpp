// How stripes are placed over the D-boxes and racks (docs/model.md §6). The
// layout is a per-deployment choice, not a property of the hardware: VAST
// documents a classic layout that sets the stripe width from the SSD count,
// DBox-HA that caps the strips one enclosure may hold, and rack-level
// resilience that caps the strips one rack may hold.
#pragma once

#include "podsizer/core/enum_names.hpp"

#include <optional>
#include <string_view>

namespace podsizer {

enum class EcLayout {
    automatic,     ///< dbox-ha where it costs no capacity, else classic
    classic,       ///< width from the SSD count; enclosure placement ignored
    dbox_ha,       ///< at most strips_per_dbox strips of a stripe per D-box
    rack_resilient ///< also at most strips_per_rack strips per rack
};

inline constexpr EnumNames<EcLayout, 4> kEcLayoutNames{
    {EcLayout::automatic, EcLayout::classic, EcLayout::dbox_ha, EcLayout::rack_resilient},
    {"auto", "classic", "dbox-ha", "rack-resilient"}};

std::string_view to_string(EcLayout l);
std::optional<EcLayout> ec_layout_from_string(std::string_view s);

} // namespace podsizer
