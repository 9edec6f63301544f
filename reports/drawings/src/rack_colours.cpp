#include "podsizer/reports/rack_colours.hpp"

#include <fmt/format.h>

namespace podsizer {

const DeviceColours& device_colours(const RackSlot* s) {
    if (s == nullptr) {
        return rack_colours::empty;
    }
    switch (s->role) {
    case DeviceRole::cnode:
        return rack_colours::cnode;
    case DeviceRole::dbox:
        return rack_colours::dbox;
    case DeviceRole::network_switch:
        break;
    }
    if (s->tier == SwitchTier::spine) {
        return rack_colours::spine_switch;
    }
    if (s->tier == SwitchTier::super_spine) {
        return rack_colours::super_spine_switch;
    }
    return rack_colours::leaf_switch;
}

std::string hex_colour(std::uint32_t rgb) {
    return fmt::format("#{:06X}", rgb);
}

} // namespace podsizer
