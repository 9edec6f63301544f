#include "podsizer/core/ec_layout.hpp"

namespace podsizer {

std::string_view to_string(EcLayout l) {
    switch (l) {
    case EcLayout::automatic:
        return "auto";
    case EcLayout::classic:
        return "classic";
    case EcLayout::dbox_ha:
        return "dbox-ha";
    case EcLayout::rack_resilient:
        return "rack-resilient";
    }
    return "auto";
}

std::optional<EcLayout> ec_layout_from_string(std::string_view s) {
    for (EcLayout l :
         {EcLayout::automatic, EcLayout::classic, EcLayout::dbox_ha, EcLayout::rack_resilient}) {
        if (to_string(l) == s) {
            return l;
        }
    }
    return std::nullopt;
}

} // namespace podsizer
