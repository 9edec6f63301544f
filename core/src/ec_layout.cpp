#include "podsizer/core/ec_layout.hpp"

namespace podsizer {

std::string_view to_string(EcLayout l) {
    return kEcLayoutNames.name(l);
}

std::optional<EcLayout> ec_layout_from_string(std::string_view s) {
    return kEcLayoutNames.parse(s);
}

} // namespace podsizer
