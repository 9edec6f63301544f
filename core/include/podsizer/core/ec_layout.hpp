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
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/ec_layout.def"
};
inline constexpr auto kEcLayoutNames = enum_names<EcLayout>({
#define ENUM_NAME(value, spelling, ...) {EcLayout::value, spelling},
#include "podsizer/core/ec_layout.def"
});

constexpr std::string_view to_string(EcLayout l) {
    return kEcLayoutNames.name(l);
}
constexpr std::optional<EcLayout> ec_layout_from_string(std::string_view s) {
    return kEcLayoutNames.parse(s);
}

} // namespace podsizer
