// The design JSON's `bom` and `facility` blocks (docs/bom.md §5).
#pragma once

#include "podsizer/core/design.hpp"

#include <nlohmann/json.hpp>

namespace podsizer::detail {

nlohmann::ordered_json bom_json(const Design& d);
nlohmann::ordered_json facility_json(const DesignFacility& f);

} // namespace podsizer::detail
